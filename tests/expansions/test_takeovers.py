"""Takeovers (Rebel vs Imperium, extended by The Brink of War) in constructed Settle phases.

Sources quoted per test: the Rebel vs Imperium rulebook's takeover section and the BGG
thread « Takeover Rules & FAQ » (boardgamegeek.com/article/3690568) with its rules summary
(boardgamegeek.com/filepage/51680: « Attacker wins ties; a good on the world goes to the new
owner »), and The Brink of War rulebook (../shared/rules/brink-of-war-prestige-search.fr.txt,
« Cette extension étend le principe de conquête » and the card powers « Conquérir un monde »,
« Contrer une conquête »). Tests take no fixtures: test_powers_coverage runs them.
"""

from rftg_cli.race.engine.round import game_should_end
from rftg_cli.race.engine.scoring import score
from rftg_cli.expansions.cardsets.takeovers import KEY, NO_TAKEOVER
from rftg_cli.race.options import option_label

from tests.powers_helpers import Table

SETTLE = {1: ("settle",)}


def table(players: int = 2) -> Table:
    return Table(players=players, sets=("bow",), takeovers=True)


def declaring(t: Table, actions=None):
    """Run Settle (no world in any hand: everyone passes) up to the first takeover
    declaration; returns it."""
    t.start("settle", actions or SETTLE)
    d = t.pending
    assert d is not None and d.kind == "takeover", d
    return d


def targets(t: Table, d) -> set[str]:
    return {t.game.name(o[0]) for o in d.options if o != NO_TAKEOVER}


def option(d, world, *powers):
    """The declaration of `world` with exactly these powers (takeover power first)."""
    for o in d.options:
        if o[0] == world and o[1] == tuple(powers):
            return o
    raise AssertionError(f"no option {world} {powers} in {d.options}")


def power(t: Table, card: int, kind: str) -> tuple[int, int]:
    idx = next(i for i, pw in enumerate(t.game.design[card].powers)
               if pw.phase == "settle" and pw.kind == kind)
    return card, idx


def devs(t: Table, player: int, n: int) -> list[int]:
    """n developments into a hand (cards from hand for military; not worlds to settle)."""
    g = t.game
    cards = [c for c in g.deck if g.design[c].is_development][:n]
    for c in cards:
        g.deck.remove(c)
    t.p(player).hand.extend(cards)
    return cards


def declare_discarding(t: Table, d, world: int, card: int, kind: str) -> None:
    """Declare with a one-shot takeover power: its card leaves the tableau at once, win or
    lose; then finish the phase."""
    t.answer(option(d, world, power(t, card, kind)))
    assert card not in t.p(d.player).tableau and card in t.game.discard_pile
    t.finish()


def events(t: Table) -> str:
    return "\n".join(text for _, text in t.game.events)


# ---------------------------------------------------------------- who may be taken over

def test_imperium_seat_takes_over_rebel_military_worlds_only():
    """Imperium Seat's takeover power targets « Rebel military worlds » (RvI card; FORMAT
    TAKEOVER_REBEL): Rebel Outpost, not the non-Rebel Pirate World nor a civil world, and
    only worlds in the tableau since the phase began. A tie goes to the attacker (BGG
    summary: « Attacker wins ties »): 1 (Rebel) + 2 + 3 = 6 against Rebel Outpost's
    defense 5 + its own +1 military = 6."""
    t = table()
    [seat] = t.tableau(0, "Imperium Seat", "Space Marines", "Drop Ships")[:1]
    outpost, pirate, _ = t.tableau(1, "Rebel Outpost", "Pirate World", "Gem Smugglers")
    d = declaring(t)
    assert d.player == 0 and targets(t, d) == {"Rebel Outpost"}
    t.answer(option(d, outpost, power(t, seat, "takeover_rebel")))
    t.finish()
    assert outpost in t.p(0).tableau and outpost not in t.p(1).tableau
    assert "attacks Rebel Outpost with 6 military; Player 2 defends with 6" in events(t)
    assert "Player 1 takes over Rebel Outpost from Player 2." in events(t)
    assert pirate in t.p(1).tableau


def test_the_world_moves_with_its_good_and_only_a_takeover_that_can_win_is_declared():
    """« a good on the world goes to the new owner » (BGG summary); the world's VP leave
    its former owner's score. A takeover is declared only with an attack that reaches the
    world's defense as it stands: 1 (Rebel) + 2 against Rebel Warrior Race's 3 + 1 is not
    offered; with Expedition Force (+1) it is, and wins the tie."""
    t = table()
    [seat] = t.tableau(0, "Imperium Seat", "Space Marines")[:1]
    [warriors] = t.tableau(1, "Rebel Warrior Race")
    good = t.good(1, warriors)
    before = score(t.game, 1).total
    t.start("settle", SETTLE)
    assert t.pending is None and warriors in t.p(1).tableau
    t.tableau(0, "Expedition Force")
    d = declaring(t)
    t.answer(option(d, warriors, power(t, seat, "takeover_rebel")))
    t.finish()
    assert warriors in t.p(0).tableau and t.p(0).goods == {warriors: good}
    assert t.p(1).goods == {}
    assert score(t.game, 1).total == before - 2          # the world's 2 VP are gone


def test_rebel_alliance_needs_an_imperium_card_and_adds_2_per_rebel_military_world():
    """Rebel Alliance: takeover of a world « of a player with an Imperium card », +2
    military per Rebel military world of the attacker (BoW « Force militaire »: « +2 en
    force militaire pour chaque monde militaire rebelle dans son tableau au début de la
    phase Coloniser, utilisable seulement quand on souhaite réaliser une conquête »). Player
    3 has no Imperium card: not vulnerable. 2 Rebel worlds: 0 + 4 against Pirate World 3."""
    t = table(players=3)
    [alliance] = t.tableau(0, "Rebel Alliance", "Rebel Miners", "Rebel Fuel Cache")[:1]
    [pirate] = t.tableau(1, "Pirate World", "Imperium Troops")[:1]
    t.tableau(2, "Outlaw World")
    d = declaring(t)
    assert targets(t, d) == {"Pirate World"}
    t.answer(option(d, pirate, power(t, alliance, "takeover_imperium")))
    t.finish()
    # 2 (Rebel Miners, Fuel Cache: no military) + ... Player 1's military is 0; Player 2's
    # defense: 3 + 1 (Imperium Troops) = 4; attack 2 x 2 = 4: a tie, the attacker wins.
    assert "attacks Pirate World with 4 military; Player 2 defends with 4" in events(t)
    assert pirate in t.p(0).tableau


def test_cloaking_technology_is_discarded_and_needs_military_1_or_more():
    """Imperium Cloaking Technology: « discard » to take over a military world of a player
    whose total military is 1 or more (FORMAT TAKEOVER_MILITARY with DISCARD; BoW: « un
    tableau dont la force militaire totale est d'au moins 1 »). Its power to conquer a civil
    world is « not for takeovers » (NO_TAKEOVER): civil worlds are no targets. The card
    leaves the tableau when the takeover is declared. Player 3 (military 1 - 1 = 0) is not
    vulnerable; Pirate World falls, 5 against 3 + 1."""
    t = table(players=3)
    [cloak] = t.tableau(0, "Imperium Cloaking Technology", "Drop Ships", "Space Marines")[:1]
    pirate, _, _ = t.tableau(1, "Pirate World", "Expedition Force", "Gem Smugglers")
    t.tableau(2, "Outlaw World", "Contact Specialist")
    d = declaring(t)
    assert targets(t, d) == {"Pirate World"}
    declare_discarding(t, d, pirate, cloak, "takeover_military")
    assert "attacks Pirate World with 5 military; Player 2 defends with 4" in events(t)
    assert pirate in t.p(0).tableau


def test_cloaking_technology_ignores_the_owners_temporary_military():
    """« un tableau dont la force militaire totale est d'au moins 1 » (BoW) is the
    tableau's military, not this phase's temporary military (Keldon's RFTG engine: the
    owner's total military, its cards' powers): Player 2, with no military of its own and
    +2 from the Prestige Settle bonus this phase, is no target (it was before issue 38)."""
    t = table()
    t.tableau(0, "Imperium Cloaking Technology", "Drop Ships", "Space Marines")
    t.tableau(1, "Pirate World")
    t.p(1).prestige = 1
    t.start("settle", {1: ("prestige_settle",)})
    assert t.pending is None and "declares a takeover" not in events(t)


def test_planet_buster_destroys_the_world_and_its_good_for_2_prestige():
    """Imperium Planet Buster: « Conquérir dans un tableau dont la force militaire totale
    est d'au moins 1. En cas de succès, défausser le monde (et son éventuelle ressource) et
    gagner 2 Prestiges » (BoW)."""
    t = table()
    buster, _ = t.tableau(0, "Imperium Planet Buster", "Drop Ships")
    pirate, _ = t.tableau(1, "Pirate World", "Expedition Force")
    good = t.good(1, pirate)
    d = declaring(t)
    t.answer(option(d, pirate, power(t, buster, "takeover_military")))
    t.finish()
    assert pirate not in t.p(0).tableau + t.p(1).tableau
    assert pirate in t.game.discard_pile and good in t.game.discard_pile
    assert t.p(0).prestige == 2 and "Player 1 destroys Pirate World." in events(t)


def test_casus_belli_spends_1_prestige_and_gains_2_on_success_only():
    """Interstellar Casus Belli: « Dépenser 1 Prestige pour conquérir dans le tableau de
    n'importe quel joueur. En cas de succès, gagner 2 Prestiges » (BoW). Without prestige it
    cannot be used; an attempt the defender stops keeps the prestige spent."""
    t = table()
    belli, _ = t.tableau(0, "Interstellar Casus Belli", "Drop Ships")
    pirate, tactics = t.tableau(1, "Pirate World", "New Military Tactics")
    t.start("settle", SETTLE)
    assert t.pending is None                                # no prestige: no declaration
    t.p(0).prestige = 1
    d = declaring(t)
    t.answer(option(d, pirate, power(t, belli, "takeover_prestige")))
    assert t.p(0).prestige == 0
    t.answer((power(t, tactics, "military"),))              # 3 against 3 + 3
    t.finish()
    assert "fails to take over Pirate World" in events(t) and t.p(0).prestige == 0
    t.p(0).prestige = 1
    d = declaring(t)
    t.answer(option(d, pirate, power(t, belli, "takeover_prestige")))
    t.finish()
    assert pirate in t.p(0).tableau and t.p(0).prestige == 2


def test_invasion_fleet_lets_casus_belli_take_a_civil_world():
    """BoW: « En combinaison avec le pouvoir de la Flotte d'invasion de l'Imperium pour
    conquérir un monde non militaire, tout monde en jeu peut être potentiellement conquis »:
    the civil world's defense is its cost, and the Fleet is discarded to use its power.
    Both give prestige on success: Casus Belli 2, the Fleet 2 (« Assujettir un monde non
    militaire (…) et gagner 2 Prestiges »): 1 - 1 + 2 + 2."""
    t = table()
    belli, fleet, _ = t.tableau(0, "Interstellar Casus Belli", "Imperium Invasion Fleet",
                                "Expedition Force")
    [smugglers] = t.tableau(1, "Gem Smugglers")        # cost 3, +1 military: defense 4
    t.p(0).prestige = 1
    d = declaring(t)
    assert targets(t, d) == {"Gem Smugglers"}
    t.answer(option(d, smugglers, power(t, belli, "takeover_prestige"),
                    power(t, fleet, "conquer_settle")))
    assert fleet not in t.p(0).tableau
    t.finish()
    # The Fleet's military (+3) still counts this phase: 3 + 1 against 4, a tie.
    assert "attacks Gem Smugglers with 4 military; Player 2 defends with 4" in events(t)
    assert smugglers in t.p(0).tableau and t.p(0).prestige == 4


def test_rebel_sneak_attack_is_discarded_and_adds_2_per_rebel_military_world():
    """Rebel Sneak Attack: « Défaussez de votre tableau pour conquérir dans un tableau ayant
    au moins une carte IMPERIUM, en ajoutant +2 force militaire par monde militaire rebelle
    (…) dans votre tableau » (BoW): 2 Rebel military worlds, +4, and 1 of their own."""
    t = table()
    sneak, _, _ = t.tableau(0, "Rebel Sneak Attack", "Rebel Miners", "Rebel Outpost")
    [pirate] = t.tableau(1, "Pirate World", "Imperium Troops")[:1]
    d = declaring(t)
    declare_discarding(t, d, pirate, sneak, "takeover_imperium")
    assert "attacks Pirate World with 5 military; Player 2 defends with 4" in events(t)
    assert pirate in t.p(0).tableau


def test_cards_saved_under_a_world_go_with_it():
    """The cards saved under Galactic Scavengers stay under it and go to its new owner, who
    takes them in the next Produce (« Piocher les cartes sauvées », BoW); here a civil
    start world falls to Casus Belli with Imperium Invasion Fleet: 3 against 2."""
    from rftg_cli.race.engine.saved import save

    t = table()
    belli, fleet = t.tableau(0, "Interstellar Casus Belli", "Imperium Invasion Fleet")
    [scavengers] = t.tableau(1, "Galactic Scavengers")
    kept = t.filler(2)
    for c in kept:
        save(t.game, scavengers, c)
    t.p(0).prestige = 1
    d = declaring(t)
    t.answer(option(d, scavengers, power(t, belli, "takeover_prestige"),
                    power(t, fleet, "conquer_settle")))
    t.finish()
    assert scavengers in t.p(0).tableau
    t.run("produce", {1: ("produce",)})
    assert set(kept) <= set(t.p(0).hand) and not set(kept) & set(t.p(1).hand)


# ---------------------------------------------------------------- who may declare

def test_a_player_who_placed_a_world_may_not_declare_but_with_improved_logistics_may():
    """Takeovers are declared « instead of placing a world » during Settle, by any player
    (RvI; BGG FAQ: the Settle selector and the others alike); Improved Logistics' second
    placement may be a takeover instead, and is then used up."""
    t = table()
    [seat] = t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines")[:1]
    [outpost] = t.tableau(1, "Rebel Outpost")
    [gem] = t.hand(0, "Gem Smugglers")                      # cost 3
    devs(t, 0, 3)
    t.start("settle", {1: ("settle",)})
    t.answer((gem, "place", ()))
    t.finish()
    assert gem in t.p(0).tableau and outpost in t.p(1).tableau
    assert "takeover" not in events(t)
    logistics = t.tableau(0, "Improved Logistics")[0]
    [spice] = t.hand(0, "Spice World")
    devs(t, 0, 2)
    t.start("settle", {})
    t.answer((spice, "place", ()))
    d = t.pending                     # no second world in hand: the takeover instead
    assert spice in t.p(0).tableau and d.kind == "takeover"
    t.answer(option(d, outpost, power(t, seat, "takeover_rebel")))
    assert power(t, logistics, "place_two") in t.p(0).used
    t.finish()
    assert outpost in t.p(0).tableau


def logistics_table():
    """Player 1 with two takeover powers and Improved Logistics, no world in hand; Player 2
    with Rebel Outpost and Pirate World, and New Military Tactics to defend."""
    t = table()
    seat, belli, logistics = t.tableau(0, "Imperium Seat", "Interstellar Casus Belli",
                                       "Improved Logistics", "Drop Ships", "Space Marines")[:3]
    t.p(0).prestige = 1
    outpost, pirate, tactics = t.tableau(1, "Rebel Outpost", "Pirate World",
                                         "New Military Tactics")
    return t, seat, belli, logistics, outpost, pirate, tactics


def test_improved_logistics_lets_both_placements_be_takeovers():
    """Keldon's RFTG engine (`settle_chosen`: Improved Logistics' second placement may be a
    takeover declaration, whether the first placement was a world or a takeover): with no
    world placed, one takeover instead of the first placement and one instead of the second,
    which uses Improved Logistics up. (Before issue 38 rftg allowed one; no rulebook nor BGG
    ruling says either way.)"""
    t, seat, belli, logistics, outpost, pirate, _ = logistics_table()
    d = declaring(t)
    assert targets(t, d) == {"Rebel Outpost", "Pirate World"}
    t.answer(option(d, outpost, power(t, seat, "takeover_rebel")))
    assert power(t, logistics, "place_two") not in t.p(0).used
    d = t.pending
    assert d.kind == "takeover" and d.player == 0 and targets(t, d) == {"Pirate World"}
    t.answer(option(d, pirate, power(t, belli, "takeover_prestige")))
    assert power(t, logistics, "place_two") in t.p(0).used
    while t.pending is not None and t.pending.kind == "takeover_defense":
        t.answer(())
    t.finish()
    assert events(t).count("declares a takeover") == 2
    assert outpost in t.p(0).tableau and pirate in t.p(0).tableau


def test_the_second_takeover_fails_when_the_first_does():
    """Keldon's RFTG engine (`resolve_takeovers`): when a player's takeover fails, that
    player's later takeovers this phase fail too. New Military Tactics stops the first; the
    second, which would have won, fails with it."""
    t, seat, belli, logistics, outpost, pirate, tactics = logistics_table()
    d = declaring(t)
    t.answer(option(d, outpost, power(t, seat, "takeover_rebel")))
    t.answer(option(t.pending, pirate, power(t, belli, "takeover_prestige")))
    d = t.pending
    assert d.kind == "takeover_defense" and d.info["world"] == outpost
    t.answer((power(t, tactics, "military"),))
    t.finish()
    assert outpost in t.p(1).tableau and pirate in t.p(1).tableau
    assert "Player 1's takeover of Pirate World fails: an earlier takeover of theirs " \
        "failed." in events(t)


def test_the_settle_bonus_card_is_drawn_once_for_a_world_and_a_takeover():
    """Keldon's RFTG engine (`settle_bonus`: the Settle bonus is marked used for the phase):
    a Settle selector who places a world and then, with Improved Logistics, takes one over
    draws one bonus card, not one for each (two before issue 38)."""
    t = table()
    seat = t.tableau(0, "Imperium Seat", "Improved Logistics", "Drop Ships",
                     "Space Marines")[0]
    [outpost] = t.tableau(1, "Rebel Outpost")
    [spice] = t.hand(0, "Spice World")
    devs(t, 0, 2)
    t.start("settle", {0: ("settle",)})
    t.answer((spice, "place", ()))
    assert len(t.p(0).hand) == 1                    # 3 - world - 2 paid + the bonus card
    t.answer(option(t.pending, outpost, power(t, seat, "takeover_rebel")))
    t.finish()
    assert outpost in t.p(0).tableau and len(t.p(0).hand) == 1


def test_worlds_placed_this_phase_are_no_targets():
    """Only worlds in a tableau when the phase began may be targeted (BGG FAQ « Takeover
    Rules & FAQ »: a world placed this Settle phase is not yet vulnerable)."""
    t = table()
    t.tableau(0, "Imperium Seat", "Drop Ships")
    [outpost] = t.hand(1, "Rebel Fuel Cache")
    t.tableau(1, "Space Marines")
    t.start("settle", SETTLE)
    t.answer((outpost, "place", ()))
    assert outpost in t.p(1).tableau
    assert t.pending is None


# ---------------------------------------------------------------- strength and boosts

def test_attacker_commits_temporary_military_when_declaring():
    """The attacker's temporary military is committed with the declaration (BGG summary:
    « Attacker may spend temporary military »): New Military Tactics leaves the tableau for
    +3, Space Mercenaries' cards from hand (+1 each) are picked at once."""
    t = table()
    seat, tactics, mercs = t.tableau(0, "Imperium Seat", "New Military Tactics",
                                     "Space Mercenaries")
    [outpost] = t.tableau(1, "Rebel Outpost")
    a, b, c = devs(t, 0, 3)
    d = declaring(t)
    mercs_power = power(t, mercs, "military_hand")
    chosen = option(d, outpost, power(t, seat, "takeover_rebel"),
                    power(t, tactics, "military"), mercs_power, mercs_power)
    text = t.game.answer_text(chosen)
    assert text == ('takeover "Rebel Outpost" of "Player 2" with "Imperium Seat", '
                    '"New Military Tactics", "Space Mercenaries" x2')
    assert t.game.parse_answer(text) == chosen
    t.answer(chosen)
    assert tactics in t.game.discard_pile
    assert t.pending.kind == "military_discard"
    t.answer((a, b))
    t.finish()
    # 1 (Rebel) + 1 (Mercenaries) + 3 + 2 = 7 against 5 + 1 = 6.
    assert "attacks Rebel Outpost with 7 military" in events(t)
    assert outpost in t.p(0).tableau and t.p(0).hand == [c]


def test_defender_may_add_temporary_military_only_when_it_matters():
    """The defender « may spend (additional) temporary military » once the attack is known
    (BGG summary); asked only when the attack would win and a boost would stop it: New
    Military Tactics (+3) turns 6 against 6 into a defense of 9."""
    t = table()
    [seat] = t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines")[:1]
    outpost, tactics = t.tableau(1, "Rebel Outpost", "New Military Tactics")
    d = declaring(t)
    t.answer(option(d, outpost, power(t, seat, "takeover_rebel")))
    d = t.pending
    assert d.kind == "takeover_defense" and d.player == 1
    assert d.options == ((power(t, tactics, "military"),), ())
    assert t.game.answer_text(d.options[0]) == \
        'defend "Rebel Outpost" with "New Military Tactics"'
    assert t.game.answer_text(()) == "no defense"
    assert t.game.parse_answer('defend "Rebel Outpost" with New Military Tactics') == \
        d.options[0]
    assert t.game.parse_answer("no defense") == ()
    t.answer(d.options[0])
    t.finish()
    assert outpost in t.p(1).tableau and tactics in t.game.discard_pile
    assert "defends with 9" in events(t)


def test_rebel_pact_adds_1_per_military_world_and_1_more_per_rebel_one():
    """Rebel Pact's takeover defense (RvI card, FORMAT TAKEOVER_DEFENSE): +1 per military
    world of its owner, +1 more per Rebel military one: Rebel Outpost and Pirate World give
    3: Rebel Outpost's defense is 5 + 1 + 3 = 9, out of reach of 7; 11 takes it."""
    t = table()
    [seat] = t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines", "Expedition Force")[:1]
    [outpost] = t.tableau(1, "Rebel Outpost", "Pirate World", "Rebel Pact")[:1]
    t.start("settle", SETTLE)
    assert t.pending is None
    t.tableau(0, "Galactic Imperium")                         # +4 against Rebel worlds
    d = declaring(t)
    t.answer(option(d, outpost, power(t, seat, "takeover_rebel")))
    t.finish()
    assert "attacks Rebel Outpost with 11 military; Player 2 defends with 9" in events(t)
    assert outpost in t.p(0).tableau


def test_security_council_cancels_any_declared_takeover_for_1_prestige():
    """Pan-Galactic Security Council: « Avant la résolution des conquêtes, le joueur peut
    dépenser 1 Prestige pour faire échouer une tentative de conquête visant le tableau de
    n'importe quel joueur » (BoW); a third player may protect another's world, and the
    attacker's one-shot card is lost all the same."""
    t = table(players=3)
    [cloak] = t.tableau(0, "Imperium Cloaking Technology", "Drop Ships", "Space Marines")[:1]
    [pirate] = t.tableau(1, "Pirate World", "Expedition Force")[:1]
    [council] = t.tableau(2, "Pan-Galactic Security Council")
    t.p(2).prestige = 1
    d = declaring(t)
    t.answer(option(d, pirate, power(t, cloak, "takeover_military")))
    d = t.pending
    assert d.kind == "prevent_takeover" and d.player == 2 and d.options == (-1, pirate)
    assert t.game.answer_text(pirate) == 'prevent takeover of "Pirate World"'
    assert t.game.parse_answer("prevent takeover of Pirate World") == pirate
    assert t.game.answer_text(-1) == "pass"
    t.answer(pirate)
    t.finish()
    assert t.p(2).prestige == 0 and pirate in t.p(1).tableau
    assert cloak in t.game.discard_pile
    assert "Player 1's takeover of Pirate World is cancelled." in events(t)
    assert t.game.view(1)["extra"][KEY]["attempts"][0]["cancelled"] is True
    assert council in t.p(2).tableau


def test_takeovers_resolve_in_timing_order_and_a_world_taken_is_gone_for_the_next():
    """Takeovers are resolved after every world is placed, in the timing order (lowest
    start world first, « TIMING », then clockwise): player 2 takes Rebel Outpost from player
    3 first; player 1's attempt on it then finds it gone and fails."""
    t = table(players=3)
    t.game.order = (1, 2, 0)
    [seat] = t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines")[:1]
    [seat2] = t.tableau(1, "Imperium Cloaking Technology", "Drop Ships", "Space Marines",
                        "Expedition Force")[:1]
    [outpost] = t.tableau(2, "Rebel Outpost")
    d = declaring(t)
    assert d.player == 1
    t.answer(option(d, outpost, power(t, seat2, "takeover_military")))
    d = t.pending
    assert d.player == 0
    t.answer(option(d, outpost, power(t, seat, "takeover_rebel")))
    t.finish()
    assert outpost in t.p(1).tableau
    assert "Player 1's takeover of Rebel Outpost fails: the world has left" in events(t)


# ---------------------------------------------------------------- what a takeover is not

def test_a_takeover_counts_as_placing_a_world_but_not_for_the_prestige_icon():
    """« If attacker wins, it counts as placing a settlement for purposes of bonuses » (BGG
    rules summary, boardgamegeek.com/filepage/51680; the reference program does the same):
    the attacker who chose Settle draws the Settle bonus card, and Terraforming Robots («
    draw 1 after placing a world ») draws 1. The one exception is The Brink of War's: « Un
    monde qui procure 1 Prestige quand il est posé ne procure pas de Prestige s'il est
    conquis » (../shared/rules/brink-of-war-prestige-search.fr.txt): Rebel Stronghold's
    prestige symbol gives nothing."""
    t = table()
    [seat] = t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines",
                       "Terraforming Robots", "Expedition Force")[:1]
    [stronghold] = t.tableau(1, "Rebel Stronghold")              # defense 9, prestige
    t.tableau(0, "Galactic Imperium")                            # +4 against Rebel worlds
    d = declaring(t, {0: ("settle",)})
    t.answer(option(d, stronghold, power(t, seat, "takeover_rebel")))
    t.finish()
    assert stronghold in t.p(0).tableau
    assert len(t.p(0).hand) == 2 and t.p(0).prestige == 0
    assert "Player 1 draws 1 (Settle bonus)." in events(t)
    assert "Player 1 draws 1 (after settling)." in events(t)


def test_a_takeover_gives_the_prestige_for_placing_a_production_world():
    """Alien Cornucopia, « Coloniser et gagner du Prestige: le joueur gagne 1 Prestige après
    avoir placé le monde indiqué (… producteur quelconque) » (BoW), acts on a world taken
    over, as the BGG rules summary's « counts as placing a settlement for purposes of
    bonuses » says and the reference program does: only the prestige symbol of the world
    itself is excluded (BoW « ne procure pas de Prestige s'il est conquis »). A player who
    did not choose Settle draws no bonus card."""
    t = table()
    seat, cornucopia = t.tableau(0, "Imperium Seat", "Alien Cornucopia", "Drop Ships")[:2]
    [miners] = t.tableau(1, "Rebel Miners")              # Rebel military, produces, 2
    d = declaring(t)
    t.answer(option(d, miners, power(t, seat, "takeover_rebel")))
    t.finish()
    assert miners in t.p(0).tableau
    assert t.p(0).prestige == 1 and t.p(0).hand == []
    assert "Alien Cornucopia" in events(t)


def test_golden_age_puts_no_good_on_a_world_taken_over():
    """Golden Age of Terraforming: « Mettre une ressource sur un monde producteur après
    l'avoir posé » (card; Keldon's cards.txt AUTO_PRODUCE, « a production world you place
    gets a good at once »): a world taken over was not placed from hand, and Keldon's RFTG
    engine skips this power, alone of the « after placing » powers, on a takeover. Rebel
    Miners, a production world with no good, changes hands without one (it got one before
    issue 38)."""
    t = table()
    seat = t.tableau(0, "Imperium Seat", "Drop Ships", "Golden Age of Terraforming")[0]
    [miners] = t.tableau(1, "Rebel Miners")
    d = declaring(t)
    t.answer(option(d, miners, power(t, seat, "takeover_rebel")))
    t.finish()
    assert miners in t.p(0).tableau and miners not in t.p(0).goods


def test_planet_buster_counts_as_placing_but_puts_no_good_on_the_world_destroyed():
    """A successful Planet Buster is a takeover won (« If attacker wins, it counts as
    placing a settlement for purposes of bonuses », BGG filepage 51680; the reference
    program gives the Settle bonus for a destroyed world too): the attacker who chose Settle
    draws the bonus card; Golden Age of Terraforming (« Mettre une ressource sur un monde
    producteur après l'avoir posé ») has no world left to put a good on."""
    t = table()
    [buster] = t.tableau(0, "Imperium Planet Buster", "Drop Ships",
                         "Golden Age of Terraforming")[:1]
    [miners] = t.tableau(1, "Rebel Miners", "Expedition Force")[:1]     # military 1
    d = declaring(t, {0: ("settle",)})
    t.answer(option(d, miners, power(t, buster, "takeover_military")))
    t.finish()
    assert miners in t.game.discard_pile and miners not in t.p(0).goods
    assert len(t.p(0).hand) == 1 and t.p(0).prestige == 2
    assert "Player 1 draws 1 (Settle bonus)." in events(t)


def test_a_takeover_can_end_the_game_by_tableau_size():
    """Tableau size counts the world taken over (rulebook « FIN DE PARTIE »: 12 cards):
    the attacker reaches 12, the defender drops below."""
    t = table()
    [seat] = t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines")[:1]
    t.p(0).tableau.extend(t.filler(8))
    [outpost] = t.tableau(1, "Rebel Outpost")
    assert len(t.p(0).tableau) == 11 and not game_should_end(t.game)
    d = declaring(t)
    t.answer(option(d, outpost, power(t, seat, "takeover_rebel")))
    t.finish()
    assert len(t.p(0).tableau) == 12 and game_should_end(t.game)


def test_no_takeovers_makes_the_powers_inert():
    """--no-takeovers: « If playing with takeovers off, all explosion symbol powers are
    null, however any other powers of those cards still work » (BGG FAQ)."""
    t = Table(sets=("bow",))
    t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines")
    t.tableau(1, "Rebel Outpost")
    t.start("settle", SETTLE)
    assert t.pending is None


def test_every_declaration_reads_back_from_its_text():
    """Every answer of the new decisions has a text form that round-trips (saves hold it):
    `takeover "WORLD" of "PLAYER" with ...`, `no takeover`."""
    t = table(players=3)
    t.tableau(0, "Imperium Seat", "Interstellar Casus Belli", "Imperium Invasion Fleet",
              "New Military Tactics", "Space Mercenaries")
    t.tableau(1, "Rebel Outpost", "Pirate World", "Gem Smugglers")
    t.tableau(2, "Rebel Miners", "Imperium Troops")
    t.p(0).prestige = 1
    devs(t, 0, 2)
    d = declaring(t)
    assert len(d.options) > 20
    for answer in d.options:
        text = t.game.answer_text(answer)
        assert t.game.parse_answer(text) == answer, text
    assert t.game.answer_text(NO_TAKEOVER) == "no takeover"
    # The screen lists each option by its text form.
    assert option_label(t.game, d, d.options[1]) == t.game.answer_text(d.options[1])
