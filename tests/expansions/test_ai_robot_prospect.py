"""The AI's judgement of the robot's future (`Opponent.prospect`, expansions/robot/prospect.py):
the robot's economy, credits, tiles and pile are worth what they should still score, the end
of the game is foreseen from how fast it drains the VP pool and fills its tableau, and the
search judges the robot by it. Rules: shared/rules/solo-robot.md §6 (its phases), §8 (end)."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.expansions.robot import robot_prospect as prospect
from rftg_cli.race.ai.heuristic import evaluate, rival_worth, rivals, rounds_left
from rftg_cli.race.ai.levels import ai_seat
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import new_game
from rftg_cli.ruleset import Prospect

from tests.helpers import registry
from tests.robot_helpers import make_game, reset_robot


def solo(difficulty: str = "hard", world: str = "Old Earth"):
    """A solo game at its first action choice, the robot set up with `world`'s marker."""
    game = make_game(3, difficulty, record=False)
    st = reset_robot(game, world)
    while game.pending.kind != "action":
        decision = game.pending
        game.apply(decision.options[0] if decision.count is None
                   else tuple(decision.options[:decision.count[0]]))
    return game, st


def robot_worth(game, left: float) -> float:
    robot, = rivals(game)
    return rival_worth(game, robot, left)


def test_a_robot_with_economy_4_is_worth_more_than_the_same_robot_with_economy_0():
    """Each of its Consume actions and responses pays 1 or 2 VP per point of economy (§6
    Consume): with 4 rounds left, economy 4 is worth several VP more, and the AI's judgement of
    its own position falls by as much."""
    game, st = solo()
    st.economy = 0
    poor, judged_poor = robot_worth(game, 4), evaluate(game, 0, 4)
    st.economy = 4
    rich, judged_rich = robot_worth(game, 4), evaluate(game, 0, 4)
    assert rich - poor > 6
    assert judged_poor - judged_rich == rich - poor
    # Its score now is the same: only the future differs.
    robot, = rivals(game)
    assert robot.result(game).score == robot_worth(game, 0)


def test_credits_are_worth_the_tiles_they_buy_on_hard():
    """On hard a 6-cost development tile scores 9 and costs 2 credits on a Develop action (§3,
    §6 Develop): credits with tiles left promise more than the same credits without tiles."""
    game, st = solo("hard")
    st.credits, st.tiles_left = 0, 3
    none = prospect(game, 5).vp
    st.credits = 4
    four = prospect(game, 5).vp
    st.tiles_left = 0
    spent = prospect(game, 5).vp
    assert four - none > 4
    assert four - spent > 4


def test_tiles_are_worth_more_on_hard_than_on_easy():
    """Hard: 3 tiles of 9 VP; easy: 1 tile of 6 VP (§3 Difficulty)."""
    hard, st_hard = solo("hard")
    easy, st_easy = solo("easy")
    for st in (st_hard, st_easy):
        st.credits = 4
    assert prospect(hard, 6).vp > prospect(easy, 6).vp + 5


def test_the_prospect_grows_with_the_rounds_left_and_is_nothing_when_none_are():
    game, st = solo()
    st.economy, st.credits = 2, 2
    gains = [prospect(game, k) for k in (0, 1, 2.5, 4, 8)]
    assert gains[0] == Prospect()
    for before, after in zip(gains, gains[1:]):
        assert after.vp > before.vp and after.chips >= before.chips and \
            after.cards > before.cards
    # A card placed a round at most, its tiles included (§6: one search per phase called).
    assert gains[4].cards < 8 * 3


def test_a_robot_with_a_big_economy_ends_the_game_sooner():
    """The game ends when the VP pool is empty (§8): a robot taking 2 x 5 chips on its x2
    action drains it in a few rounds, one with economy 0 does not."""
    game, st = solo()
    game.round, game.pool = 6, 14         # 10 chips taken in 5 rounds, 5 by each side
    game.players[0].vp = st.vp = 5
    st.economy = 0
    slow = rounds_left(game)
    game = game.copy()      # a position of its own (a game keeps its estimate per phase)
    game.extra["robot"].economy = 5
    fast = rounds_left(game)
    assert fast < slow - 1
    assert 1.0 < fast < 4.0


def test_a_robot_one_card_short_of_12_ends_the_game_within_about_two_rounds():
    """Its tableau ends the game at 12 cards, each tile counting as a card (§8)."""
    game, st = solo()
    st.tiles_left, st.tiles_placed = 0, 3
    st.tableau.extend(game.deck.pop() for _ in range(7))     # and its start world
    assert st.tableau_size == 11
    assert rounds_left(game) < 2.5


def test_the_search_judges_the_robot_by_the_tiles_its_credits_will_buy():
    """The same position on hard with the robot holding 4 credits instead of none (3 tiles of
    9 VP left, 2 credits each on a Develop action): every option the search weighs is judged
    several VP worse, though the robot scores nothing more this round for them."""
    values = {}
    for credits in (0, 4):
        game, st = solo("hard")
        st.credits = credits
        seat = ai_seat(5)
        seat.choose(game, game.pending)
        values[credits] = max(v for _, v, n in seat.last_why.options if n)
    assert values[0] - values[4] > 4


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_the_prospect_foresees_what_the_robot_goes_on_to_score(difficulty):
    """Whole solo games (random seats): from round 3, the prospect over the rounds the game
    really lasted is within a fifth of the VP the robot really scored in them, in sum."""
    config = GameConfig(players=1, expansions=("robot", "tgs"),
                        options=(("difficulty", difficulty),))
    foreseen = scored = 0.0
    for seed in range(20):
        game = new_game(config, seed, registry=registry(), record=False)
        seat, seen = RandomSeat(seed), None
        while not game.over:
            if seen is None and game.round == 3 and game.pending.kind == "action":
                seen = (game.copy(), game.outcome().opponents()[0].score)
            game.apply(seat.choose(game, game.pending))
        assert seen is not None
        then, score = seen
        foreseen += prospect(then, game.round - 2).vp
        scored += game.outcome().opponents()[0].score - score
    assert 0.8 < foreseen / scored < 1.2
