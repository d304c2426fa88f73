"""`game.outcome()`: the one standings saves, `show`, `simulate` and the screen read, in
constructed end positions (2 players; solo against the robot: win, loss, tie)."""

from __future__ import annotations

import pytest
from rftg_cli.expansions.robot import solo_result

from rftg_cli.rng import Rng
from rftg_cli.ruleset import Opponent, SeatResult
from tests.helpers import play_random, random_answer
from tests.powers_helpers import Table
from tests.robot_helpers import make_game, non_dev_world, reset_robot, solo_config, take


def ended(game, pool: int = 0):
    game.pool = pool
    game.over = True
    return game


# ---------------------------------------------------------------------- two players

def two_players() -> Table:
    t = Table()
    t.tableau(0, "Galactic Federation", "Drop Ships", "New Earth")
    t.tableau(1, "Earth's Lost Colony")
    t.p(0).vp = 7
    t.p(1).vp = 2
    return t


def test_two_players_standings_and_winner():
    t = two_players()
    out = ended(t.game).outcome(["human", "ai"])
    first, second = out.results
    assert (first.name, first.kind, first.seat, first.score) == ("Player 1", "human", 0, 15)
    assert first.breakdown == {"chips": 7, "cards": 5, "bonuses": {"Galactic Federation": 3},
                               "extras": {}}
    assert first.details["tableau"] == ["Galactic Federation", "Drop Ships", "New Earth"]
    assert first.details["vp_chips"] == 7
    assert (second.kind, second.seat, second.score) == ("ai", 1, 2 + 1)
    assert out.winners == ("Player 1",) and out.finished
    assert out.reason == "the VP pool ran out"
    assert out.opponents() == ()


def test_a_running_game_has_standings_but_no_winners():
    out = two_players().game.outcome()
    assert not out.finished and out.winners == () and out.reason == ""
    assert [r.kind for r in out.results] == ["seat", "seat"]
    assert [r.score for r in out.results] == [15, 3]


def test_equal_scores_go_to_the_tie_break_then_are_shared():
    t = Table()
    [gem] = t.tableau(0, "Gem World")
    t.tableau(1, "Spice World")
    t.good(0, gem)
    t.pad(1, 1)
    game = ended(t.game)
    assert game.outcome().winners == ("Player 1", "Player 2")
    assert [r.tie_break for r in game.outcome().results] == [(1,), (1,)]
    t.pad(1, 1)
    assert game.outcome().winners == ("Player 2",)


def test_a_full_tableau_is_the_reason():
    t = two_players()
    game = ended(t.game, pool=10)
    assert game.outcome().reason == "Player 1 has 3 cards in their tableau"


def test_an_opponent_joins_the_standings_and_may_decide_the_winners():
    t = two_players()
    bank = SeatResult("Bank", "bank", 99, tie_break=(0,), details={"vp_chips": 99})
    t.game.rules.opponents.append(Opponent("Bank", "bank", result=lambda game: bank))
    out = ended(t.game).outcome(["human", "ai"])
    assert out.results[-1] is bank and out.opponents() == (bank,)
    assert out.winners == ("Bank",)
    t.game.rules.opponents[0] = Opponent(
        "Bank", "bank", result=lambda game: bank,
        winners=lambda game, results: tuple(r.name for r in results if r.seat is not None))
    assert t.game.outcome().winners == ("Player 1", "Player 2")


# ---------------------------------------------------------------------- solo

def solo_position(robot_vp_over_you: int, robot_tie_break: int, your_tie_break: int):
    """A finished solo game: the robot's chips set so that its total is yours plus
    `robot_vp_over_you`; your hand cut to `your_tie_break` cards and no goods."""
    game = make_game(42)
    st = reset_robot(game, None)
    you = game.players[0]
    game.discard_pile += you.hand[your_tie_break:]
    del you.hand[your_tie_break:]
    you.goods.clear()
    st.credits, st.economy = robot_tie_break, 0
    mine = game.outcome().results[0].score
    st.vp = mine + robot_vp_over_you
    return ended(game)


@pytest.mark.parametrize("over, robot_tb, your_tb, winners, solo", [
    (1, 0, 4, ("Robot",), "robot"),                  # more VP
    (-1, 4, 0, ("Player 1",), "human"),              # fewer VP
    (0, 3, 2, ("Robot",), "robot"),                  # equal VP: credits + economy
    (0, 1, 2, ("Player 1",), "human"),               # equal VP: your cards in hand
    (0, 2, 2, ("Player 1", "Robot"), "tie"),         # still tied: shared
])
def test_solo_against_the_robot(over, robot_tb, your_tb, winners, solo):
    game = solo_position(over, robot_tb, your_tb)
    out = game.outcome(["human"])
    you, robot = out.results
    assert (you.kind, robot.kind, robot.seat) == ("human", "robot", None)
    assert robot.score == you.score + over
    assert robot.tie_break == (robot_tb,) and you.tie_break == (your_tb,)
    assert out.winners == winners
    assert solo_result(game)["winner"] == solo


def test_the_robots_breakdown_adds_up_and_lists_its_tableau():
    game = make_game(43)
    st = reset_robot(game, None)
    st.tableau += take(game, non_dev_world, 2)
    st.tiles_placed, st.vp = 1, 5
    robot = game.outcome().results[-1]
    parts = robot.breakdown
    assert robot.score == parts["chips"] + parts["cards"] + sum(parts["bonuses"].values()) \
        + sum(parts["extras"].values())
    # Its tiles are no 6-cost developments: "Other", not "6-dev bonuses" (issue 38 #27).
    assert parts["bonuses"] == {} and parts["extras"] == {"tiles": 6} and parts["chips"] == 5
    assert robot.details["tableau"] == [game.name(c) for c in st.tableau]


def test_the_robots_full_tableau_is_the_reason():
    game = make_game(44)
    st = reset_robot(game, None)
    st.tableau += take(game, non_dev_world, 10)
    st.tiles_placed = 2
    # The 10 cards its tableau lists and its 2 tiles (issue 38 #27).
    assert ended(game, pool=10).outcome().reason == \
        "the robot has 12 cards in its tableau (10 cards and 2 development tiles)"


def test_outcome_agrees_with_the_robots_own_rule_in_whole_games():
    names = {"human": ("Player 1",), "robot": ("Robot",), "tie": ("Player 1", "Robot")}
    for seed in range(12):
        game = play_random(solo_config(("easy", "normal", "hard")[seed % 3]), seed)
        assert game.outcome().winners == names[solo_result(game)["winner"]]


def test_copies_have_the_same_outcome():
    game = make_game(45, record=False)
    rng = Rng(3)
    for _ in range(12):
        game.apply(random_answer(game.pending, rng))
    assert game.round > 1 and not game.over
    assert game.copy().outcome() == game.outcome()
