"""Phase III powers: cost reductions, military, one-shot powers, paying for military worlds,
drawing after settling (rulebook "III: Coloniser", "Conquête militaire" and the powers
summary "III: COLONISER")."""

from tests.powers_helpers import Table

PASS = (-1, "pass", ())


def start(t: Table, actions=None):
    t.start("settle", actions or {1: ("settle",)})
    d = t.pending
    assert d.kind == "settle" and d.player == 0
    return d


def options_for(d, world):
    """The ways `world` may be placed, as the face-down choice lists them (decided after the
    reveal)."""
    return set(d.info["ways"].get(world, ()))


def cost_of(d, world, how="pay", powers=()):
    return d.info["costs"][(world, how, powers)]


def base(t: Table, *names: str):
    t.tableau(0, "Old Earth", *names)
    t.tableau(1, "New Sparta")


def settle(t: Table, option):
    t.settle(option)
    t.finish()


# ---------------------------------------------------------------- cost reductions

def test_settle_reduce_applies_to_every_non_military_world():
    """Replicant Robots: -2 to settle a non-military world (New Earth 5 -> 3)."""
    t = Table()
    base(t, "Replicant Robots")
    [earth] = t.hand(0, "New Earth", extra=3)
    d = start(t)
    assert cost_of(d, earth) == 3
    settle(t, (earth, "pay", ()))
    assert earth in t.p(0).tableau and t.p(0).hand == []


def test_settle_reduce_of_a_goods_kind_only_for_that_kind():
    """Mining Robots: -1 for Rare worlds only (Mining World 3 -> 2; Gem World stays 2)."""
    t = Table()
    base(t, "Mining Robots")
    [mining, gem] = t.hand(0, "Mining World", "Gem World", extra=2)
    d = start(t)
    assert cost_of(d, mining) == 2
    assert cost_of(d, gem) == 2


def test_settle_reductions_stack_and_floor_at_zero():
    """Replicant Robots (-2) + Alien Tech Institute (-2 Alien) + Alien Rosetta... on Deserted
    Alien Outpost (4): 0, never below."""
    t = Table()
    base(t, "Replicant Robots", "Alien Tech Institute", "Alien Rosetta Stone World")
    [outpost] = t.hand(0, "Deserted Alien Outpost")
    d = start(t)
    assert cost_of(d, outpost) == 0
    settle(t, (outpost, "pay", ()))
    assert outpost in t.p(0).tableau
    assert outpost in t.p(0).goods   # a windfall world arrives with its good


def test_settle_cannot_pay_more_cards_than_in_hand():
    t = Table()
    base(t)
    [earth] = t.hand(0, "New Earth", extra=3)
    [gem] = t.hand(0, "Gem World")
    d = start(t)
    assert not options_for(d, earth)
    assert options_for(d, gem) == {(gem, "pay", ())}


# ---------------------------------------------------------------- military

def test_military_powers_add_up_and_conquer_at_equal_defense():
    """New Sparta's +2 and Space Marines' +2 and Expedition Force's +1: 5 conquers a
    defense-5 world; not a defense-6 one. Conquering costs no cards."""
    t = Table()
    t.tableau(0, "New Sparta", "Space Marines", "Expedition Force")
    t.tableau(1, "Old Earth")
    [warship, base6] = t.hand(0, "Lost Alien Warship", "Rebel Base")
    d = start(t)
    assert options_for(d, warship) == {(warship, "conquer", ())}
    assert not options_for(d, base6)
    settle(t, (warship, "conquer", ()))
    assert warship in t.p(0).tableau and t.p(0).hand == [base6]


def test_military_of_a_goods_kind_only_against_that_kind():
    """Alpha Centauri: +1 military against Rare worlds only."""
    t = Table()
    t.tableau(0, "Alpha Centauri")
    t.tableau(1, "Old Earth")
    [robots, penal] = t.hand(0, "Runaway Robots", "Former Penal Colony")
    d = start(t)
    assert options_for(d, robots) == {(robots, "conquer", ())}
    assert not options_for(d, penal)


def test_military_against_rebels_only_against_rebel_military_worlds():
    """Galactic Imperium: +4 against Rebel military worlds (with New Sparta: 6)."""
    t = Table()
    t.tableau(0, "New Sparta", "Galactic Imperium")
    t.tableau(1, "Old Earth")
    [rebel_base, fleet] = t.hand(0, "Rebel Base", "Lost Alien Battle Fleet")
    d = start(t)
    assert options_for(d, rebel_base) == {(rebel_base, "conquer", ())}
    assert not options_for(d, fleet)


def test_negative_military_is_not_optional():
    """Empath World -1 (rulebook: the -1 is not optional): New Sparta's 2 becomes 1."""
    t = Table()
    t.tableau(0, "New Sparta", "Empath World")
    t.tableau(1, "Old Earth")
    [robots, penal] = t.hand(0, "Runaway Robots", "Former Penal Colony")
    d = start(t)
    assert options_for(d, robots) == {(robots, "conquer", ())}
    assert not options_for(d, penal)


def test_alien_military_bonus_only_against_alien_worlds():
    """Alien Tech Institute: +2 military against Alien worlds (New Sparta 2 + 2 = 4)."""
    t = Table()
    t.tableau(0, "New Sparta", "Alien Tech Institute")
    t.tableau(1, "Old Earth")
    [scout, malevolent] = t.hand(0, "Alien Robot Scout Ship", "Malevolent Lifeforms")
    d = start(t)
    assert options_for(d, scout) == {(scout, "conquer", ())}
    assert not options_for(d, malevolent)


# ---------------------------------------------------------------- one-shot powers

def test_colony_ship_reduces_cost_to_zero_and_leaves_the_tableau():
    """Colony Ship: discard it from the tableau to settle a non-military world for 0."""
    t = Table()
    base(t, "Colony Ship")
    [ship] = t.p(0).tableau[1:]
    [earth] = t.hand(0, "New Earth")
    d = start(t)
    option = (earth, "pay", ((ship, 0),))
    assert options_for(d, earth) == {option}     # 5 cards: only with the Colony Ship
    assert d.info["costs"][option] == 0
    settle(t, option)
    assert earth in t.p(0).tableau and ship not in t.p(0).tableau
    assert ship in t.game.discard_pile


def test_colony_ship_not_for_alien_worlds_but_for_the_rosetta_stone():
    """Powers summary: not for Alien production/windfall worlds; usable for Alien Rosetta
    Stone World (an Alien card without Alien goods)."""
    t = Table()
    base(t, "Colony Ship")
    [ship] = t.p(0).tableau[1:]
    [colony, rosetta] = t.hand(0, "Deserted Alien Colony", "Alien Rosetta Stone World")
    d = start(t)
    assert not options_for(d, colony)
    assert options_for(d, rosetta) == {(rosetta, "pay", ((ship, 0),))}


def test_new_military_tactics_adds_three_until_the_end_of_the_phase():
    """New Military Tactics: discard it for +3 military until the end of this Settle. Its
    power « peut » be used (powers summary, « III: COLONISER »), so it is offered against a
    weak world too, beside conquering without it (this test used to say it was never offered
    when not needed: the card's text allows it)."""
    t = Table()
    t.tableau(0, "New Sparta", "New Military Tactics")
    [nmt] = t.p(0).tableau[1:]
    t.tableau(1, "Old Earth")
    [warship, penal, rebel_base] = t.hand(
        0, "Lost Alien Warship", "Former Penal Colony", "Rebel Base")
    d = start(t)
    assert options_for(d, warship) == {(warship, "conquer", ((nmt, 0),))}
    assert options_for(d, penal) == {(penal, "conquer", ()), (penal, "conquer", ((nmt, 0),))}
    assert not options_for(d, rebel_base)     # 2 + 3 < 6
    t.settle((warship, "conquer", ((nmt, 0),)))
    t.finish()
    assert warship in t.p(0).tableau and nmt not in t.p(0).tableau
    assert nmt in t.game.discard_pile
    assert t.p(0).military_bonus == 0         # gone at the end of the phase


# ---------------------------------------------------------------- pay for military

def test_contact_specialist_pays_defense_minus_one():
    """Contact Specialist: settle a military world as a civil one for its defense - 1."""
    t = Table()
    base(t, "Contact Specialist")
    [spec] = t.p(0).tableau[1:]
    [rebel_base] = t.hand(0, "Rebel Base", extra=5)
    d = start(t)
    option = (rebel_base, "pay", ((spec, 1),))
    assert options_for(d, rebel_base) == {option}
    assert d.info["costs"][option] == 5
    settle(t, option)
    assert rebel_base in t.p(0).tableau and t.p(0).hand == []


def test_contact_specialist_combines_with_reductions_not_with_military():
    """Rulebook: reductions (Replicant Robots, Mining Robots) apply to the payment; military
    strength never lowers it."""
    t = Table()
    t.tableau(0, "New Sparta", "Contact Specialist", "Replicant Robots", "Mining Robots",
              "Space Marines")
    spec = t.p(0).tableau[1]
    t.tableau(1, "Old Earth")
    [rebel_base, rebel_homeworld] = t.hand(0, "Rebel Base", "Rebel Homeworld", extra=3)
    d = start(t)
    # Military 2 + 2 - 1 = 3: neither world can be conquered.
    assert d.info["costs"][(rebel_base, "pay", ((spec, 1),))] == 3       # 6 - 1 - 2
    assert d.info["costs"][(rebel_homeworld, "pay", ((spec, 1),))] == 4  # 7 - 1 - 2
    assert all(o[1] == "pay" for w in (rebel_base, rebel_homeworld) for o in options_for(d, w))


def test_contact_specialist_goods_reduction_applies_to_military_world_of_that_kind():
    t = Table()
    t.tableau(0, "Old Earth", "Contact Specialist", "Mining Robots")
    spec = t.p(0).tableau[1]
    t.tableau(1, "New Sparta")
    [miners] = t.hand(0, "Rebel Miners")
    d = start(t)
    assert d.info["costs"][(miners, "pay", ((spec, 1),))] == 0            # 2 - 1 - 1


def test_contact_specialist_not_for_alien_military_worlds():
    t = Table()
    base(t, "Contact Specialist")
    [sentry] = t.hand(0, "Alien Robot Sentry", extra=4)
    t.start("settle", {1: ("settle",)})
    assert t.pending is None or not options_for(t.pending, sentry)


def test_contact_specialist_with_colony_ship_settles_a_military_world_free():
    t = Table()
    base(t, "Contact Specialist", "Colony Ship")
    spec, ship = t.p(0).tableau[1:]
    [rebel_base] = t.hand(0, "Rebel Base")
    d = start(t)
    option = (rebel_base, "pay", ((spec, 1), (ship, 0)))
    assert options_for(d, rebel_base) == {option}
    settle(t, option)
    assert rebel_base in t.p(0).tableau and ship not in t.p(0).tableau


def test_doomed_world_may_place_a_world_paid_for_that_costs_nothing():
    """Doomed World (-1 VP): « discard this card from your tableau to settle a
    non-military, non-alien world for free ». With Contact Specialist a military world is
    placed « comme un monde non militaire », at its defense less the discounts (The Brink
    of War's powers summary, « Payer pour assujettir »): The Last of the Uplift Gnarssh
    (defense 1) costs nothing, and Doomed World may still be discarded to place it, which
    takes its -1 VP out of the tableau (Keldon's AI did, level 3 seed 324 of the arena;
    our engine offered it only where the world cost something)."""
    t = Table(sets=("tgs",))
    t.tableau(0, "Doomed World", "Contact Specialist")
    t.tableau(1, "New Sparta")
    doomed, spec = t.p(0).tableau
    [gnarssh] = t.hand(0, "The Last of the Uplift Gnarssh")
    d = start(t)
    with_doomed = (gnarssh, "pay", ((spec, 1), (doomed, 1)))
    assert with_doomed in options_for(d, gnarssh)
    assert d.info["costs"][(gnarssh, "pay", ((spec, 1),))] == 0
    settle(t, with_doomed)
    assert gnarssh in t.p(0).tableau and doomed not in t.p(0).tableau
    assert doomed in t.game.discard_pile


# ---------------------------------------------------------------- draws

def test_settle_bonus_and_draw_after_power_each_draw_one():
    """Settle bonus: draw 1 after settling; Terraforming Robots: draw 1 more."""
    t = Table()
    base(t, "Terraforming Robots")
    [gem] = t.hand(0, "Gem World", extra=2)
    d = start(t, {0: ("settle",)})
    settle(t, (gem, "pay", ()))
    assert gem in t.p(0).tableau and len(t.p(0).hand) == 2   # 3 - 1 - 2 paid + 2 drawn


def test_draw_after_settling_needs_a_world_placed():
    t = Table()
    base(t, "Terraforming Robots")
    t.hand(0, "Gem World", extra=2)
    start(t, {0: ("settle",)})
    settle(t, PASS)
    assert len(t.p(0).hand) == 3


# ---------------------------------------------------------------- after the reveal

def test_one_shot_powers_are_decided_after_the_reveal_in_turn_order():
    """Rulebook "TIMING": near the end, with *Tactiques Avancées* or *Vaisseaux de
    Colonisation* on the table, a player may want to know whether an opponent uses one (or
    places a twelfth card) « avant de décider si lui-même utilise une de ces cartes »:
    « résolvez la phase dans le sens horaire (après avoir posé les cartes simultanément) ».
    « POUVOIRS DES CARTES »: an optional power is used for the world chosen *then revealed*.
    The face-down choice is the world alone; New Military Tactics is decided after both
    worlds are revealed, when the first seat has already placed its world."""
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta", "New Military Tactics")
    nmt = t.p(1).tableau[1]
    [earth] = t.hand(0, "New Earth", extra=6)
    [penal] = t.hand(1, "Former Penal Colony")
    t.game.order = (0, 1)        # seat 0 holds start world 0, seat 1 start world 3
    t.start("settle", {0: ("settle",)})
    d = t.pending
    assert d.kind == "settle" and d.player == 0
    assert (earth, "place", ()) in d.options and all(o[1] in ("place", "pass")
                                                     for o in d.options)
    t.answer((earth, "place", ()))
    d = t.pending
    assert d.player == 1 and d.options == ((penal, "place", ()), (-1, "pass", ()))
    t.answer((penal, "place", ()))
    assert any(e.endswith("reveals New Earth.") for e in t.game.public_events(1))
    # Seat 0 (Old Earth, start world 0) places first: it pays for New Earth...
    d = t.pending
    assert d.kind == "pay" and d.player == 0
    t.answer(tuple(d.options[:5]))
    assert earth in t.p(0).tableau
    # ...then seat 1, having seen that, decides whether to discard New Military Tactics.
    d = t.pending
    assert d.kind == "settle" and d.player == 1
    assert set(d.options) == {(penal, "conquer", ()), (penal, "conquer", ((nmt, 0),))}
    t.answer((penal, "conquer", ()))
    t.finish()
    assert penal in t.p(1).tableau and nmt in t.p(1).tableau


def test_colony_ship_is_offered_after_the_reveal_even_when_cards_would_pay():
    """Colony Ship « peut » be discarded to place a civil world for 0 (powers summary):
    after the reveal the player may pay with cards or use it."""
    t = Table()
    base(t, "Colony Ship")
    [ship] = t.p(0).tableau[1:]
    [gem] = t.hand(0, "Gem World", extra=3)
    d = start(t)
    assert (gem, "place", ()) in d.options and (-1, "pass", ()) in d.options
    t.answer((gem, "place", ()))
    d = t.pending
    assert d.kind == "settle" and set(d.options) == {(gem, "pay", ()),
                                                     (gem, "pay", ((ship, 0),))}
    assert d.info["costs"] == {(gem, "pay", ()): 2, (gem, "pay", ((ship, 0),)): 0}
    t.answer((gem, "pay", ((ship, 0),)))
    t.finish()
    assert gem in t.p(0).tableau and ship in t.game.discard_pile and len(t.p(0).hand) == 3


def test_contact_specialist_or_conquest_is_decided_after_the_reveal():
    """Contact Specialist « peut » settle a military world as a civil one: a world the
    player could also conquer is chosen face down once, and after the reveal placed either
    way."""
    t = Table()
    t.tableau(0, "New Sparta", "Contact Specialist", "Space Marines")   # military 2 - 1 + 2
    spec = t.p(0).tableau[1]
    t.tableau(1, "Old Earth")
    [penal] = t.hand(0, "Former Penal Colony", extra=2)
    d = start(t)
    assert (penal, "place", ()) in d.options
    t.answer((penal, "place", ()))
    d = t.pending
    assert set(d.options) == {(penal, "conquer", ()), (penal, "pay", ((spec, 1),))}
    t.answer((penal, "pay", ((spec, 1),)))
    d = t.pending
    assert d.kind == "pay" and d.count == (1, 1)      # defense 2 - 1


def test_a_revealed_world_with_no_way_left_stays_in_hand():
    """If a plugin's power took away the only way to place the world chosen face down
    (here the Colony Ship leaves the tableau before the reveal), the world stays in hand."""
    t = Table()
    base(t, "Colony Ship")
    [ship] = t.p(0).tableau[1:]
    [earth] = t.hand(0, "New Earth")
    start(t)
    t.game.players[0].tableau.remove(ship)       # as another seat's power might
    t.game.players[0].active = tuple(t.game.players[0].tableau)
    t.game.discard_pile.append(ship)
    t.answer((earth, "place", ()))
    t.finish()
    assert earth in t.p(0).hand and earth not in t.p(0).tableau
    assert any("cannot place New Earth" in e for e in t.game.public_events(0))
