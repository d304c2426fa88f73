"""The solitaire robot with The Brink of War's prestige rules (rulebook, solitaire section
« Prestige. Utilisez les règles de Prestige pendant le jeu en solitaire », quoted per
test)."""

from rftg_cli.config import GameConfig
from rftg_cli.expansions.prestige import KEY
from rftg_cli.expansions.prestige import leader
from rftg_cli.expansions.robot.phases import place
from rftg_cli.plugins import new_game, with_implied

from tests.helpers import registry


def bow_solo(seed: int = 1):
    config = GameConfig(players=1, expansions=with_implied(("robot", "bow"), registry()))
    game = new_game(config, seed, registry=registry())
    return game, game.extra["robot"], game.extra[KEY]


def phase(game, gains) -> None:
    """A phase in which `gains(game)` happens, with the tile's checks around it."""
    leader.phase_start(game, "develop", 0)
    gains(game)
    leader.phase_end(game, "develop", 0)


def robot_gains(n: int):
    def gain(game) -> None:
        game.extra["robot"].prestige += n
    return gain


def test_the_pool_has_the_extra_5_vp():
    """« Ainsi, prenez 5 PV supplémentaires » (« Prenez 5 PV de plus (29 au total) »)."""
    game, _, _ = bow_solo()
    assert game.pool == 29


def test_the_robot_gains_prestige_placing_a_card_with_the_icon():
    """« le robot gagne 1 Prestige s'il pose une carte qui en procure un »."""
    game, st, _ = bow_solo()
    mediator = next(c for c in game.deck if game.name(c) == "Pan-Galactic Mediator")
    game.deck.remove(mediator)
    before = st.prestige
    place(game, st, mediator)
    assert st.prestige == before + 1


def test_the_robot_becomes_prestige_leader():
    """« le robot peut être à égalité pour ou devenir le Leader du Prestige normalement »."""
    game, st, tile = bow_solo()
    phase(game, robot_gains(1))
    assert tile.leader == 1 and tile.side == ">" and tile.on_tile == 1
    assert leader.contender_name(game, tile.leader) == "Robot"


def test_the_robot_ties_for_prestige_leader():
    game, st, tile = bow_solo()
    phase(game, lambda g: (g.add_prestige(0, 1), robot_gains(1)(g)))
    assert tile.tied and tile.leader == -1


def test_the_robot_leader_bonus_after_a_round_with_a_gain():
    """« Si le robot est le leader unique du Prestige au début d'un tour et s'il a gagné au
    moins 1 Prestige au tour précédent, il gagne 1 PV, place une carte dans sa pioche et
    augmente son crédit d'1 »."""
    game, st, tile = bow_solo()
    leader.round_start(game)
    phase(game, robot_gains(1))
    vp, pile, credits = st.vp, len(st.pile), st.credits
    leader.round_start(game)
    assert (st.vp, len(st.pile), st.credits) == (vp + 1, pile + 1, credits + 1)
    leader.round_start(game)              # no gain in the round before: 1 VP only
    assert (st.vp, len(st.pile), st.credits) == (vp + 2, pile + 1, credits + 1)


def test_the_robot_and_you_tied_each_gain_1_vp():
    """« si deux joueurs ou plus sont à égalité pour être leader, ce(s) joueur(s)
    gagne(nt) 1 PV en jeton »."""
    game, st, tile = bow_solo()
    phase(game, lambda g: (g.add_prestige(0, 1), robot_gains(1)(g)))
    vp = st.vp
    leader.round_start(game)
    assert game.players[0].vp == 1 and st.vp == vp + 1


def test_you_as_leader_over_the_robot():
    game, st, tile = bow_solo()
    phase(game, lambda g: (g.add_prestige(0, 2), robot_gains(1)(g)))
    assert tile.leader == 0 and tile.on_tile == 1


def test_the_robot_at_15_prestige_ends_the_game():
    """« on s'arrête si un joueur a 15 Prestiges ou plus à la fin d'un tour »: the robot
    too."""
    game, st, _ = bow_solo()
    st.prestige = 15
    assert leader.end_check(game) == "Robot has 15 prestige at the end of a round"


def test_the_robot_scores_1_vp_per_prestige_and_shows_it():
    """« à la fin de la partie, il gagne 1 PV par Prestige »."""
    game, st, _ = bow_solo()
    st.prestige = 4
    robot = game.outcome().opponents()[0]
    assert robot.breakdown["extras"] == {"prestige": 4} and robot.details["prestige"] == 4


def test_the_robot_never_searches_nor_uses_the_prestige_bonus():
    """« Le robot ne choisit jamais rechercher ou bonus de Prestige »: its dice give it
    action cards of the mat only, while you may (your options hold them)."""
    from rftg_cli.race.engine.round import action_options
    from rftg_cli.expansions.robot.dice import ACTION_OF_CELL
    from rftg_cli.rng import Rng

    from tests.helpers import random_answer

    game, st, _ = bow_solo(3)
    rng = Rng(5)
    seen = set()
    while not game.over and game.round < 6:
        if game.pending.kind == "action":
            assert any("search" in o for o in action_options(game, 0)) or \
                "prestige_search" in game.players[0].spent
        game.apply(random_answer(game.pending, rng))
        seen |= set(st.cells)
    assert {ACTION_OF_CELL[c] for c in seen} <= set(ACTION_OF_CELL.values())
