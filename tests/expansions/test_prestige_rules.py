"""The Brink of War's prestige rules in constructed positions and rounds (rulebook « PRESTIGE
GALACTIQUE »: « Leader du Prestige », « Dépenser du Prestige », « Bonus de Prestige », « Fin
du jeu », « Les points »; quoted per test)."""

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.engine.consume import trade_value
from rftg_cli.race.engine.round import action_options
from rftg_cli.expansions.prestige import KEY
from rftg_cli.expansions.prestige.leader import END_PRESTIGE
from rftg_cli.plugins import new_game, with_implied

from tests.helpers import registry
from tests.powers_helpers import Table


def table(players: int = 2, **kw) -> Table:
    return Table(sets=("bow",), players=players, **kw)


def tile(t: Table):
    return t.game.extra[KEY]


def phase_with_gains(t: Table, *gains: int) -> None:
    """An Explore phase (player 2 chose it) in which player i gains gains[i] prestige."""
    t.start("explore", {1: ("explore5",)})
    for i, n in enumerate(gains):
        t.game.add_prestige(i, n)
    t.finish()


# ---------------------------------------------------------------- setup

@pytest.mark.parametrize("players", [2, 3, 5])
def test_setup_adds_the_5_vp_chip(players):
    """« Ajoutez un jeton 5 PV supplémentaire au nombre total de jetons de PV en jeu
    (exemple : à 3 joueurs, utilisez 41 PV) »; the tile starts in the middle, ">" up."""
    config = GameConfig(players=players, expansions=with_implied(("bow",), registry()),
                        options=(("goals", "off"), ("takeovers", "off")))
    game = new_game(config, 1, registry=registry())
    assert game.pool == 12 * players + 5
    st = game.extra[KEY]
    assert st.leader == -1 and st.side == ">" and st.on_tile == 0


def test_prestige_is_a_variant_with_any_card_set():
    """`--prestige` alone, with the base game only: the tile and the chip, no BoW cards."""
    config = GameConfig(players=2, expansions=("prestige",))
    game = new_game(config, 1, registry=registry())
    assert game.pool == 29 and KEY in game.extra
    assert not any(c.set == "bow" for c in game.design)


# ---------------------------------------------------------------- the Prestige leader tile

def test_a_sole_leader_takes_the_tile_with_1_prestige_on_it_at_the_end_of_the_phase():
    """« Vérifiez le Prestige à la fin de chaque phase. Si l'un des joueur a plus de Prestige
    que les autres, il prend la tuile Leader du Prestige face « > » visible [...]. Il place,
    sur la tuile, 1 Prestige (non dépensé) lui appartenant lors de cette phase. »"""
    t = table()
    t.tableau(0, "Pan-Galactic Affluence")
    t.tableau(1, "Old Earth")
    [dev] = t.hand(0, "Public Works")
    t.pad(0, 3)
    t.start("develop", {1: ("develop",)})
    t.answer(dev)
    assert tile(t).leader == -1           # gained, but the check is at the end of the phase
    t.finish()
    assert t.p(0).prestige == 1 and tile(t).leader == 0 and tile(t).side == ">"
    assert tile(t).on_tile == 1


def test_a_sole_leaders_later_gains_go_on_the_tile():
    """« A chaque fois qu'un leader unique du Prestige gagne du Prestige, placez ces jetons
    sur la tuile. »"""
    t = table()
    phase_with_gains(t, 1)
    assert tile(t).leader == 0 and tile(t).on_tile == 1
    t.game.add_prestige(0, 2)
    assert tile(t).on_tile == 3


def test_a_leader_made_by_another_spending_puts_nothing_gained_on_the_tile():
    t = table()
    t.game.add_prestige(0, 2)
    t.game.add_prestige(1, 2)
    t.run("explore", {1: ("explore5",)})
    assert tile(t).tied and tile(t).side == "=" and tile(t).leader == -1
    t.game.add_prestige(1, -1)            # not the leader: the tile waits for the phase end
    assert tile(t).tied
    t.run("explore", {1: ("explore5",)})
    assert tile(t).leader == 0 and tile(t).on_tile == 0


def test_a_gain_after_a_spending_that_tied_the_lead_goes_on_the_tile():
    """« Il place, sur la tuile, 1 Prestige (non dépensé) lui appartenant lors de cette
    phase »; « Si une dépense fait perdre au Leader du Prestige sa prestigieuse avance, le
    joueur remet immédiatement la tuile au milieu ». A leader spends 1 prestige (a tie: the
    tile goes to the middle), then gains 1 in the same phase (arena level 3, seed 179:
    Alien Booby Trap's prestige spent to conquer Information Hub, which gives 1): the gain
    is not spent, so at the end of the phase the new sole leader puts it on the tile, and
    draws at the start of the next round, though its prestige is what it was when the
    phase began."""
    t = table()
    phase_with_gains(t, 2, 1)
    t.game.extra[KEY].on_tile = 0         # the bonus taken: nothing on the tile
    t.start("explore", {1: ("explore5",)})
    t.game.add_prestige(0, -1)
    assert tile(t).tied and tile(t).leader == -1
    t.game.add_prestige(0, 1)
    t.finish()
    assert t.p(0).prestige == 2 and tile(t).leader == 0 and tile(t).on_tile == 1


def test_a_tie_puts_the_tile_in_the_middle_equal_side_up():
    """« Si deux joueurs ou plus, ayant au moins 1 Prestige, sont à égalité [...] placez la
    tuile [...] face « = » visible au milieu de la table (en rendant l'éventuel Prestige
    dessus à son propriétaire). »"""
    t = table()
    phase_with_gains(t, 1)
    assert tile(t).leader == 0 and tile(t).on_tile == 1
    phase_with_gains(t, 0, 1)
    assert tile(t).tied and tile(t).on_tile == 0 and t.p(0).prestige == 1


def test_nobody_with_prestige_leaves_the_tile_in_the_middle():
    t = table()
    t.run("explore", {1: ("explore5",)})
    assert tile(t).leader == -1 and not tile(t).tied


def test_a_spending_that_loses_the_lead_hands_the_tile_on_at_once():
    """« Si une dépense fait perdre au Leader du Prestige sa prestigieuse avance, le joueur
    remet immédiatement la tuile au milieu (ou à un nouveau Leader du Prestige). »"""
    t = table(players=3)
    t.game.add_prestige(0, 3)
    t.game.add_prestige(1, 2)
    t.run("explore", {1: ("explore5",)})
    assert tile(t).leader == 0
    t.game.add_prestige(0, -1)            # 2 and 2: a tie, at once
    assert tile(t).tied and tile(t).leader == -1
    t = table(players=3)
    t.game.add_prestige(0, 3)
    t.game.add_prestige(1, 2)
    t.run("explore", {1: ("explore5",)})
    t.game.add_prestige(0, -2)            # 1 and 2: a new leader, at once
    assert tile(t).leader == 1 and tile(t).side == ">"


def test_a_spending_that_keeps_the_lead_keeps_the_tile():
    t = table()
    phase_with_gains(t, 3)
    t.game.add_prestige(0, -1)
    assert tile(t).leader == 0 and tile(t).on_tile == 1


# ---------------------------------------------------------------- the start-of-round bonus

def start_round(t: Table) -> None:
    g = t.game
    g.pending = None
    g.tasks.clear()
    g.push(("round_start",))
    g.run()


def test_round_start_bonus_of_a_sole_leader_with_prestige_on_the_tile():
    """« Au début de chaque tour, avant de choisir une carte action, s'il y a un leader
    unique du Prestige avec du Prestige sur cette tuile, le joueur gagne 1 PV en jeton,
    pioche une carte et ôte le Prestige du dessus de la tuile »."""
    t = table()
    phase_with_gains(t, 2)
    hand, pool = len(t.p(0).hand), t.game.pool
    start_round(t)
    assert t.game.pending.kind == "action"
    assert t.p(0).vp == 1 and len(t.p(0).hand) == hand + 1 and t.game.pool == pool - 1
    assert tile(t).on_tile == 0 and tile(t).leader == 0 and t.p(0).prestige == 2
    start_round(t)                        # nothing on the tile now: 1 VP only
    assert t.p(0).vp == 2 and len(t.p(0).hand) == hand + 1


def test_round_start_bonus_of_tied_leaders_is_1_vp_each():
    """« si deux joueurs ou plus sont à égalité pour être leader, ce(s) joueur(s)
    gagne(nt) 1 PV en jeton »; a player behind gets nothing."""
    t = table(players=3)
    for p in (0, 1):
        t.game.add_prestige(p, 2)
    t.game.add_prestige(2, 1)
    t.run("explore", {1: ("explore5",)})
    start_round(t)
    assert [p.vp for p in t.game.players] == [1, 1, 0]


# ---------------------------------------------------------------- the Prestige bonus

def test_the_prestige_bonus_needs_1_prestige_and_is_once_per_game():
    """« en dépensant 1 Prestige pour gagner un bonus [...] Une fois qu'il l'a utilisée, un
    joueur retire du jeu sa carte Prestige/rechercher »: the search goes with it."""
    t = table()
    ids = {o[0] for o in action_options(t.game, 0)}
    assert "search" in ids and not any(a.startswith("prestige_") for a in ids)
    t.game.add_prestige(0, 1)
    ids = {o[0] for o in action_options(t.game, 0)}
    assert {"prestige_settle", "prestige_consume2", "search"} <= ids
    assert t.game.rules.action_index()["prestige_settle"].name == "Prestige bonus Settle"
    t.game.pending = None
    t.game.tasks.clear()
    t.game.push(("ask_action", 0))
    t.game.run()
    t.answer(t.game.parse_answer("action prestige bonus settle"))
    assert t.p(0).actions == ("prestige_settle",)
    ids = {o[0] for o in action_options(t.game, 0)}
    assert "search" not in ids and not any(a.startswith("prestige_") for a in ids)


def test_the_prestige_bonus_is_paid_when_the_actions_are_revealed():
    """« Le joueur dépense alors immédiatement 1 Prestige »: once, before the first phase."""
    t = table()
    t.game.add_prestige(0, 2)
    t.tableau(1, "Old Earth")
    t.pad(0, 4)
    t.run("develop", {0: ("prestige_develop",), 1: ("develop",)})
    t.run("develop", {0: ("prestige_develop",), 1: ("develop",)})
    assert t.p(0).prestige == 1


def test_expert_game_prestige_card_goes_with_the_card_of_the_other_phase():
    """« Dans la variante pour 2 joueurs experts, placez la carte Prestige/rechercher et la
    carte pour l'autre phase sélectionnée »: two actions, at most one of them the card."""
    t = table(expert=True)
    t.game.add_prestige(0, 1)
    options = action_options(t.game, 0)
    card = {a for o in options for a in o if a.startswith("prestige_") or a == "search"}
    assert card and not any(sum(a in card for a in o) > 1 for o in options)
    assert ("develop", "prestige_settle") in options
    # The Prestige card is placed as the card of the phase it names: never with that card.
    assert not [o for o in options if "prestige_develop" in o and "develop" in o]
    assert not [o for o in options if "prestige_settle" in o and "settle" in o]


def explore_decision(actions: str, hand: int = 3):
    t = table()
    t.game.add_prestige(0, 1)
    t.pad(0, hand)
    t.start("explore", {0: (actions,)})
    return t, t.pending


def test_prestige_explore_5_draws_13_keeps_2_mixed_with_the_hand():
    """« Explorer : piocher +6, garder +1, combiner [...] Avec Explorer : +5 [...] cela
    devient piocher 13 cartes, les combiner avec sa main puis en défausser 11 »."""
    t, d = explore_decision("prestige_explore5")
    assert len(d.info["seen"]) == 13 and d.info["keep"] == 2
    assert d.count == (11, 11) and len(d.options) == 13 + 3
    assert t.p(0).prestige == 0


def test_prestige_explore_1_1_draws_9_keeps_3():
    """« Avec Explorer : +1, +1 [...] cela devient piocher 9 cartes, les combiner avec sa
    main puis en défausser 6 (en gardant 3) »."""
    _, d = explore_decision("prestige_explore11")
    assert len(d.info["seen"]) == 9 and d.count == (6, 6) and len(d.options) == 9 + 3


def test_prestige_develop_costs_3_less_in_total_with_the_develop_bonus():
    """« Développer: Défausser 3 cartes de moins (au total) pour payer un développement »
    (The Brink of War rulebook, « Bonus de Prestige »): 3 in all, the Develop bonus's 1
    included, so a 6-cost development costs 6 - 3 = 3 (the value was 2 before issue 38)."""
    t = table()
    t.game.add_prestige(0, 1)
    [league] = t.hand(0, "Mining League")
    t.pad(0, 5)
    t.start("develop", {0: ("prestige_develop",)})
    t.answer(league)
    d = t.pending
    assert d.kind == "pay" and d.count == (3, 3)


def test_prestige_settle_costs_3_less_and_gives_2_military():
    """« Coloniser: Défausser 3 cartes de moins pour payer un monde et/ou gagner +2 en force
    militaire jusqu'à la fin de cette phase »: a 4-cost world for 1, and a defense-2
    military world conquered with no military of one's own."""
    t = table()
    t.game.add_prestige(0, 1)
    [world, miners] = t.hand(0, "Space Port", "Rebel Miners")
    t.pad(0, 3)
    t.start("settle", {0: ("prestige_settle",)})
    d = t.pending
    assert d.info["costs"][(world, "pay", ())] == 0
    assert (miners, "conquer", ()) in d.info["ways"][miners]


def test_prestige_trade_sells_for_3_more_then_x2_then_discards_for_vp():
    """« Consommer : Vente: Vendre une ressource en piochant 3 cartes de plus ; puis
    consommer les ressources restantes en doublant le nombre de PV [...] et,
    éventuellement, défausser jusqu'à deux cartes de sa main pour 1PV par carte »."""
    t = table()
    t.game.add_prestige(0, 1)
    [spice, terra] = t.tableau(0, "Spice World", "Terraformed World")
    t.good(0, spice)
    t.good(0, terra)
    t.pad(0, 2)
    t.start("consume", {0: ("prestige_trade",)})
    d = t.pending
    value = trade_value(t.game, 0, spice)
    assert d.kind == "trade" and d.info["values"][spice] == value + 3
    t.answer(spice)
    assert len(t.p(0).hand) == 2 + value + 3
    t.finish(lambda d: next((o for o in d.options if o[0] != -1), None)
             if d.kind == "consume" else None)
    assert t.p(0).vp == 2                  # Terraformed World: 1 VP, doubled
    t = table()
    t.game.add_prestige(0, 1)
    t.pad(0, 3)
    t.start("consume", {0: ("prestige_trade",)})
    d = t.pending
    assert d.kind == "consume_hand" and d.count == (0, 2)
    t.answer(d.options[:2])
    assert t.p(0).vp == 2 and len(t.p(0).hand) == 1


def test_prestige_consume_x2_triples_vp_only():
    """« Consommer : x2: Tripler (au lieu de doubler) le nombre de jetons de PV (seulement)
    reçus »: Terraformed World's 1 VP x3; Federation Capital's prestige is not tripled."""
    t = table()
    t.game.add_prestige(0, 1)
    [terra, capital] = t.tableau(0, "Terraformed World", "Federation Capital")
    t.good(0, terra)
    t.good(0, capital)
    t.run("consume", {0: ("prestige_consume2",)},
          policy=lambda d: next((o for o in d.options if o[0] != -1), None)
          if d.kind == "consume" else None)
    assert t.p(0).vp == 3 and t.p(0).prestige == 1        # 1 spent, 1 gained


def test_prestige_produce_draws_3_and_produces_on_two_windfalls_in_all():
    """« Produire: Piocher 3 cartes et produire jusqu'à deux trouvailles (si possible) »
    (The Brink of War rulebook, « Bonus de Prestige »): two windfalls in all, the Produce
    bonus's one included, with four empty ones to choose from (the value was 3 before
    issue 38)."""
    t = table()
    t.game.add_prestige(0, 1)
    worlds = t.tableau(0, "Asteroid Belt", "Radioactive World", "Empath World",
                       "Destroyed World")
    t.run("produce", {0: ("prestige_produce",)})
    assert sum(w in t.p(0).goods for w in worlds) == 2 and len(t.p(0).hand) == 3


# ---------------------------------------------------------------- the end and the score

def test_the_game_ends_after_a_round_with_15_prestige():
    """« on s'arrête si un joueur a 15 Prestiges ou plus à la fin d'un tour »."""
    t = table()
    t.game.add_prestige(1, END_PRESTIGE - 1)
    g = t.game
    g.pending = None
    g.tasks.clear()
    g.push(("check_end",))
    g.run()
    assert g.phase != "over" and g.pending.kind == "action"
    t = table()
    t.game.add_prestige(1, END_PRESTIGE)
    t.game.tasks.clear()
    t.game.push(("check_end",))
    t.game.run()
    assert t.game.phase == "over"
    assert "Player 2 has 15 prestige" in t.game.outcome().reason


def test_each_prestige_is_1_vp_at_the_end():
    """« Chaque jeton Prestige détenu par un joueur lui rapporte 1 PV à la fin du jeu »."""
    t = table()
    t.game.add_prestige(0, 3)
    result = t.game.outcome().results[0]
    assert result.breakdown["extras"] == {"prestige": 3} and result.score == 3
    assert result.details["prestige"] == 3
