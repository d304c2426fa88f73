"""Phase III powers of The Gathering Storm, Rebel vs Imperium and The Brink of War:
military from cards discarded from hand, a second world, paying for military worlds more
cheaply, conquering a non-military world, and their interplay with the base powers."""

from rftg_cli.race.engine.settle import military_strength
from tests.powers_helpers import Table

PASS = (-1, "pass", ())


def table(*sets: str) -> Table:
    return Table(sets=sets or ("tgs", "rvi"))


def start(t: Table, actions=None):
    t.start("settle", actions or {1: ("settle",)})
    d = t.pending
    assert d.kind == "settle" and d.player == 0
    return d


def ways(d, world):
    return set(d.info["ways"].get(world, ()))


def reveal(t: Table, world):
    """Choose `world` face down; return the decision after the reveal."""
    t.answer((world, "place", ()))
    return t.pending


# ---------------------------------------------------------------- military from hand

def test_space_mercenaries_discard_cards_from_hand_for_military():
    """Space Mercenaries (The Gathering Storm): +1 military, and « discard up to 2 cards
    from hand for +1 military each » this phase. New Sparta 2 + 1 = 3 against Lost Alien
    Warship (5): two cards discarded, the power named once per card (`x2`), then picked;
    or New Military Tactics (+3) instead."""
    t = table()
    t.tableau(0, "New Sparta", "Space Mercenaries", "New Military Tactics")
    merc, nmt = t.p(0).tableau[1:]
    t.tableau(1, "Old Earth")
    [warship, base6] = t.hand(0, "Lost Alien Warship", "Rebel Base")
    a, b = t.pad(0, 2)
    d = start(t)
    option = (warship, "conquer", ((merc, 1), (merc, 1)))
    assert ways(d, warship) == {option, (warship, "conquer", ((nmt, 0),))}
    # Rebel Base (6): 3 + 3 with the Tactics; 3 + 2 cards is not enough.
    assert ways(d, base6) == {(base6, "conquer", ((nmt, 0),))}
    d = reveal(t, warship)
    assert d.kind == "settle"
    assert t.game.answer_text(option) == \
        'conquer "Lost Alien Warship" with "Space Mercenaries" x2'
    assert t.game.parse_answer('conquer "Lost Alien Warship" with "Space Mercenaries" x2') \
        == option
    t.answer(option)
    d = t.pending
    assert d.kind == "military_discard" and d.count == (2, 2)
    assert set(d.options) == {base6, a, b}          # not the world being placed
    assert t.game.answer_text((a, b)).startswith("discard ")
    t.answer((a, b))
    t.finish()
    assert warship in t.p(0).tableau and t.p(0).hand == [base6]
    assert nmt in t.p(0).tableau
    assert {a, b} <= set(t.game.discard_pile)
    assert t.p(0).military_bonus == 0               # gone at the end of the phase


def test_military_from_hand_only_as_needed_and_never_the_world_itself():
    """Primitive Rebel World (Rebel vs Imperium): discard 1 card for +1 military. Only the
    cards still needed are asked for (discards left stay available in the phase), and the
    world being placed is never one of them. New Sparta 2 + 1 against Pirate World (3)."""
    t = table()
    t.tableau(0, "New Sparta", "Primitive Rebel World")
    prw = t.p(0).tableau[1]
    t.tableau(1, "Old Earth")
    [pirate] = t.hand(0, "Pirate World")
    t.start("settle", {1: ("settle",)})
    assert t.pending is None                # no other card in hand to discard
    t = table()
    t.tableau(0, "New Sparta", "Primitive Rebel World")
    prw = t.p(0).tableau[1]
    t.tableau(1, "Old Earth")
    [pirate, penal, warship] = t.hand(0, "Pirate World", "Former Penal Colony",
                                      "Lost Alien Warship")
    d = start(t)
    assert ways(d, pirate) == {(pirate, "conquer", ((prw, 0),))}
    assert ways(d, penal) == {(penal, "conquer", ())}                  # 2 >= 2: no discard
    assert not ways(d, warship)                                         # 2 + 1 < 5


def test_military_from_hand_counts_for_a_second_world_of_the_phase():
    """The +1 per card lasts the phase: with Improved Logistics, Mercenary Fleet's discards
    for the first world still count for the second, and the discards left may be used."""
    t = table()
    t.tableau(0, "Old Earth", "Mercenary Fleet", "Improved Logistics")
    t.tableau(1, "New Sparta")
    [outpost, penal] = t.hand(0, "Former Penal Colony", "Rebel Miners")    # defense 2 each
    [pad] = t.pad(0, 1)
    d = start(t)
    assert ways(d, outpost) == {(outpost, "conquer", ())}                 # Fleet's +2
    reveal(t, outpost)
    d = t.pending
    assert d.kind == "settle" and PASS in d.options                       # Logistics
    assert (penal, "conquer", ()) in d.options
    t.answer((penal, "conquer", ()))
    t.finish()
    assert {outpost, penal} <= set(t.p(0).tableau) and t.p(0).hand == [pad]


# ---------------------------------------------------------------- a second world

def test_improved_logistics_places_a_second_world_face_up_after_the_first():
    """Improved Logistics (The Gathering Storm): « may settle a second world this phase ».
    It is chosen after the first is placed, face up; its cost is reduced as usual; the
    Settle bonus card is drawn once a phase, after the first world, not after the second
    (Keldon's RFTG engine, `settle_bonus`: the bonus is marked used for the phase; this
    test asserted a second card before issue 38)."""
    t = table()
    t.tableau(0, "Old Earth", "Improved Logistics")
    t.tableau(1, "New Sparta")
    [gem, mining] = t.hand(0, "Gem World", "Mining World")
    pads = t.pad(0, 5)
    d = start(t, {0: ("settle",)})
    reveal(t, gem)
    d = t.pending
    assert d.kind == "pay" and d.count == (2, 2)
    t.answer(tuple(sorted(pads[:2])))
    d = t.pending
    assert d.kind == "settle" and d.player == 0 and PASS in d.options
    assert (mining, "pay", ()) in d.options and d.info["costs"][(mining, "pay", ())] == 3
    assert t.game.answer_text((mining, "pay", ())) == 'settle "Mining World"'
    hand_before = len(t.p(0).hand)         # 7 - 1 world - 2 paid + 1 bonus = 5
    assert hand_before == 5
    t.answer((mining, "pay", ()))
    d = t.pending
    assert d.kind == "pay" and d.count == (3, 3) and len(d.options) == 4
    t.answer(tuple(sorted(pads[2:5])))
    t.finish()
    assert [gem, mining] == t.p(0).tableau[2:]
    assert len(t.p(0).hand) == 5 - 1 - 3           # no second Settle bonus card


def test_improved_logistics_may_pass_and_needs_a_first_world():
    t = table()
    t.tableau(0, "Old Earth", "Improved Logistics")
    t.tableau(1, "New Sparta")
    [gem, mining] = t.hand(0, "Gem World", "Mining World", extra=5)
    start(t)
    t.answer(PASS)                   # no first world: no second one either
    t.finish()
    assert t.p(0).tableau[2:] == []
    t = table()
    t.tableau(0, "Old Earth", "Improved Logistics")
    t.tableau(1, "New Sparta")
    [gem, mining] = t.hand(0, "Gem World", "Mining World")
    pads = t.pad(0, 5)
    start(t)
    reveal(t, gem)
    t.answer(tuple(sorted(pads[:2])))
    assert t.pending.kind == "settle"
    assert t.game.answer_text(PASS) == "pass"
    t.answer(PASS)
    t.finish()
    assert t.p(0).tableau[2:] == [gem] and mining in t.p(0).hand


def test_improved_logistics_powers_counted_from_the_start_of_the_phase():
    """The Brink of War rulebook: a power counting tableau cards (Hidden Fortress: +1 per
    military world) counts « seulement les cartes présentes au début de cette phase »:
    the first world conquered does not raise the military for the second. Hidden Fortress
    1 + Space Marines 2 = 3: Former Penal Colony (2), then not Malevolent Lifeforms (4)."""
    t = table()
    t.tableau(0, "Hidden Fortress", "Space Marines", "Improved Logistics")
    t.tableau(1, "Old Earth")
    [penal, lifeforms] = t.hand(0, "Former Penal Colony", "Malevolent Lifeforms")
    d = start(t)
    assert military_strength(t.game, 0) == 3
    assert ways(d, penal) and not ways(d, lifeforms)
    reveal(t, penal)
    t.finish()
    assert penal in t.p(0).tableau and lifeforms in t.p(0).hand
    t.start("settle", {1: ("settle",)})   # the next Settle: 2 worlds, Penal Colony's +1
    assert military_strength(t.game, 0) == 2 + 2 + 1


# ---------------------------------------------------------------- pay for military

def test_rebel_pact_takes_two_more_off_paying_for_a_military_world():
    """Rebel Pact (Rebel vs Imperium): -2 more when paying cards for a military world, with
    any pay-for-military power (Contact Specialist: defense 6 - 1 - 2 = 3)."""
    t = table()
    t.tableau(0, "Old Earth", "Contact Specialist", "Rebel Pact")
    spec = t.p(0).tableau[1]
    t.tableau(1, "New Sparta")
    [rebel_base] = t.hand(0, "Rebel Base", extra=4)
    d = start(t)
    option = (rebel_base, "pay", ((spec, 1),))
    assert ways(d, rebel_base) == {option}
    assert d.info["costs"][option] == 3
    t.settle(option)
    assert t.pending.kind == "pay" and t.pending.count == (3, 3)


def test_rebel_pact_alone_does_not_let_a_military_world_be_paid_for():
    t = table()
    t.tableau(0, "Old Earth", "Rebel Pact")
    t.tableau(1, "New Sparta")
    [rebel_base] = t.hand(0, "Rebel Base", extra=8)
    t.start("settle", {1: ("settle",)})
    assert t.pending is None or not ways(t.pending, rebel_base)


def test_rebel_alliance_pays_for_rebel_military_worlds_only():
    """Rebel Alliance: pay for a Rebel military world with its defense - 2; not for a
    non-Rebel military world."""
    t = table()
    t.tableau(0, "Old Earth", "Rebel Alliance")
    alliance = t.p(0).tableau[1]
    t.tableau(1, "New Sparta")
    [rebel_base, warship] = t.hand(0, "Rebel Base", "Lost Alien Warship", extra=6)
    d = start(t)
    assert ways(d, rebel_base) == {(rebel_base, "pay", ((alliance, 0),))}
    assert d.info["costs"][(rebel_base, "pay", ((alliance, 0),))] == 4
    assert not ways(d, warship)


# ---------------------------------------------------------------- conquering a civil world

def test_imperium_cloaking_technology_conquers_a_non_military_world():
    """Imperium Cloaking Technology (Rebel vs Imperium): discard it from the tableau to
    place a non-military world as a military one, its cost as its defense, with +2 military
    (The Brink of War rulebook, « Assujettir un monde non militaire »: « Sa défense est
    égale à son coût imprimé »). New Sparta 2 + 2 = 4: New Earth (5) only with Space
    Marines (+2) too; no card is paid."""
    t = table()
    t.tableau(0, "New Sparta", "Imperium Cloaking Technology")
    ict = t.p(0).tableau[1]
    t.tableau(1, "Old Earth")
    [earth, gem] = t.hand(0, "New Earth", "Gem World")
    d = start(t)
    assert ways(d, gem) == {(gem, "conquer", ((ict, 0),))}      # 4 >= 2, no card to pay
    assert not ways(d, earth)                                    # 4 < 5, one card in hand
    t = table()
    t.tableau(0, "New Sparta", "Space Marines", "Imperium Cloaking Technology")
    ict = t.p(0).tableau[2]
    t.tableau(1, "Old Earth")
    [earth] = t.hand(0, "New Earth", extra=5)
    d = start(t)
    option = (earth, "conquer", ((ict, 0),))
    assert option in ways(d, earth) and (earth, "pay", ()) in ways(d, earth)
    assert d.info["costs"][option] == 0
    reveal(t, earth)
    assert t.game.answer_text(option) == \
        'conquer "New Earth" with "Imperium Cloaking Technology"'
    t.answer(option)
    t.finish()
    assert earth in t.p(0).tableau and ict not in t.p(0).tableau
    assert ict in t.game.discard_pile and len(t.p(0).hand) == 5


def test_conquering_a_civil_world_counts_military_against_its_kind_not_reductions():
    """Conquered as a military world, a Rare world counts military against Rare worlds
    (Gem Smugglers +1), never settle cost reductions (Gem Smugglers -1)."""
    t = table()
    t.tableau(0, "Old Earth", "Gem Smugglers", "Imperium Cloaking Technology")
    ict = t.p(0).tableau[2]
    t.tableau(1, "New Sparta")
    [mining] = t.hand(0, "Mining World")        # Rare, cost 3: 2 + 1 = 3
    d = start(t)
    assert (mining, "conquer", ((ict, 0),)) in ways(d, mining)


def test_imperium_cloaking_technology_not_for_military_worlds():
    t = table()
    t.tableau(0, "New Sparta", "Imperium Cloaking Technology")
    t.tableau(1, "Old Earth")
    [penal] = t.hand(0, "Former Penal Colony")
    d = start(t)
    assert ways(d, penal) == {(penal, "conquer", ())}


# ---------------------------------------------------------------- base powers, new worlds

def test_galactic_imperium_against_a_rebel_vs_imperium_rebel_world():
    """Galactic Imperium's +4 counts against the Rebel military worlds of the expansions
    (Rebel Stronghold, 9) and not against a non-Rebel one of the same defense."""
    t = table()
    t.tableau(0, "New Sparta", "Galactic Imperium", "Space Marines", "Imperium Troops")
    t.tableau(1, "Old Earth")
    [stronghold] = t.hand(0, "Rebel Stronghold")      # 2 + 2 + 1 + 1 (rebel) + 4 = 10
    d = start(t)
    assert ways(d, stronghold) == {(stronghold, "conquer", ())}


def test_rebel_freedom_fighters_military_turns_negative_with_an_imperium_card():
    """Rebel Freedom Fighters (The Brink of War): +1 military, « -1 au total » with an
    IMPERIUM card in the tableau (the card's data: +1 and -2 if Imperium)."""
    t = table("bow")
    t.tableau(0, "Rebel Freedom Fighters")
    t.tableau(1, "Old Earth")
    t.start("settle", {1: ("settle",)})
    assert military_strength(t.game, 0) == 1
    t = table("bow")
    t.tableau(0, "Rebel Freedom Fighters", "Imperium Troops")
    t.tableau(1, "Old Earth")
    t.start("settle", {1: ("settle",)})
    assert military_strength(t.game, 0) == 1 - 2 + 1


def test_a_power_named_twice_then_another_reads_back():
    """A save holds each answer's text: `"Space Mercenaries" x2, "Primitive Rebel World"`
    (two cards for Space Mercenaries, one for Primitive Rebel World) must read back as the
    same answer. New Sparta 2 + 1 + 2 + 1 against Rebel Base (6), or New Military Tactics'
    +3 instead (so the way is asked)."""
    t = table()
    t.tableau(0, "New Sparta", "Space Mercenaries", "Primitive Rebel World",
              "New Military Tactics")
    t.tableau(1, "Old Earth")
    [base6] = t.hand(0, "Rebel Base")
    t.pad(0, 3)
    start(t)
    d = reveal(t, base6)
    option = next(o for o in d.options if o[0] == base6 and len(o[2]) == 3)
    text = t.game.answer_text(option)
    assert text == 'conquer "Rebel Base" with "Space Mercenaries" x2, "Primitive Rebel World"'
    assert t.game.parse_answer(text) == option
    assert t.game.parse_answer(
        'conquer "Rebel Base" with "Primitive Rebel World", "Space Mercenaries" x2') == option


def test_a_reduction_paid_with_a_good_lowers_a_military_world_paid_for():
    """Paying cards for a military world (Rebel Cantina) places it as a non-military world
    is placed, every Settle cost reduction counting, one paid with a good too (Golden Age
    of Terraforming: a Genes good consumed, -3), as Keldon's RFTG engine has it (arena,
    seed 213 of The Brink of War: Information Hub, defense 3, offered with 2 other cards)."""
    t = table("tgs", "rvi", "bow")
    cantina, golden, ravaged = t.tableau(0, "Rebel Cantina", "Golden Age of Terraforming",
                                         "Ravaged Uplift World")
    t.good(0, ravaged)
    t.tableau(1, "New Sparta")
    [hub] = t.hand(0, "Information Hub", extra=2)
    d = start(t)
    option = (hub, "pay", ((cantina, 0), (golden, 1)))
    assert ways(d, hub) == {option}           # defense 3: 2 cards pay no more than -3 lets
    assert d.info["costs"][option] == 0
    t.settle(option)
    t.finish()
    assert hub in t.p(0).tableau and ravaged not in t.p(0).goods
    assert len(t.p(0).hand) == 2              # nothing paid (seat 1 chose Settle)
