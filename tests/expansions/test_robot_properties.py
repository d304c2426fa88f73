"""Seeded random solo games against the robot at every difficulty, with and without the
expansions' start worlds, checking the engine's and the robot's invariants throughout."""


import pytest
from rftg_cli.expansions.robot import robot_result, robot_status, solo_result
from rftg_cli.expansions.robot.data import load_data
from rftg_cli.expansions.robot.dice import CELLS

from rftg_cli.race.engine.round import hand_limit
from rftg_cli.rng import Rng
from tests.helpers import random_answer
from tests.robot_helpers import ALL_SETS, all_places, make_game

GAMES = 500          # per difficulty and card-set choice (3,000 games in all)


def check(game):
    places = all_places(game)
    assert sorted(places) == list(range(len(game.design))), "a card is lost or in two places"
    assert game.pool >= 0
    st = game.extra["robot"]
    rules = load_data().rules
    assert 0 <= st.credits <= rules["max_credits"]
    assert 0 <= st.economy <= rules["max_economy"]
    assert st.tiles_left >= 0 and st.tiles_placed >= 0
    assert st.tiles_left + st.tiles_placed == load_data().difficulty[st.difficulty]["tiles"]
    assert st.vp >= 0 and st.prestige >= 0
    assert all(0 <= c < len(game.design) for c in st.pile + st.tableau)
    assert all(cell in CELLS for cell in st.cells)
    for c in st.tableau:
        card = game.design[c]
        assert card.is_world or card.is_development
    p = game.players[0]
    assert set(p.goods) <= set(p.tableau)


def play(seed, level, sets, record=False):
    game = make_game(seed, difficulty=level, sets=sets, record=record)
    rng = Rng(seed * 7919 + 1)
    while not game.over:
        check(game)
        game.apply(random_answer(game.pending, rng))
    check(game)
    return game


@pytest.mark.parametrize("sets", [(), ALL_SETS], ids=["base", "all-sets"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_random_robot_games_keep_invariants_and_end(level, sets):
    wins = 0
    for seed in range(GAMES):
        game = play(seed, level, sets)
        assert game.over and game.phase == "over"
        assert game.round < 40
        st = game.extra["robot"]
        ended = (st.tableau_size >= 12 or game.pool <= 0
                 or len(game.players[0].tableau) >= 12 or
                 any("game_end_14" in game.design[c].specials
                     for c in game.players[0].tableau))
        assert ended
        assert len(game.players[0].hand) <= hand_limit(game, 0)
        result = solo_result(game)
        assert result["robot"] == robot_result(game)["total"] >= 0
        wins += result["winner"] == "robot"
    assert wins > 0          # a random human should lose to the robot at least sometimes


def test_same_seed_same_game_and_records_the_robot():
    a = play(7, "normal", ALL_SETS, record=True)
    b = play(7, "normal", ALL_SETS, record=True)
    assert a.digest() == b.digest() and a.history == b.history
    assert robot_status(a) == robot_status(b)
    c = play(8, "normal", ALL_SETS)
    assert c.digest() != a.digest()
    lines = [t for who, t in a.events if t.startswith("Robot ")]
    assert any(" rolls " in t for t in lines)
    assert any("(Explore" in t or "(Settle" in t or "(Develop" in t for t in lines)


def test_replaying_the_answers_rebuilds_the_same_game():
    a = play(11, "hard", ())
    b = make_game(11, difficulty="hard")
    for answer in a.history:
        b.apply(answer)
    assert b.over and b.digest() == a.digest()
