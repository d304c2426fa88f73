"""The search levels' play (`ai_policy`, `ai_search`) in constructed positions: what a card
is worth to the quick play, which action cards the search weighs, how its simulated stretch
models the other side, and how it plays when the game is about to end."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.engine.scoring import winners
from rftg_cli.race.ai.heuristic import fallback_answer
from rftg_cli.race.ai.policy import bonus_promise, policy_answer
from rftg_cli.race.ai.search import play_out
from rftg_cli.race.ai.levels import ai_seat
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import registry
from tests.race.test_ai_robot import public, solo_at, swap_pile_with_deck
from tests.powers_helpers import Table

DEVELOPMENTS = ("Mining Robots", "Space Marines", "Public Works", "Investment Credits")


def test_a_six_cost_development_promises_what_it_would_score_on_this_tableau():
    """Galactic Federation scores 2 VP per 6-cost development (itself included) and 1 per
    other development: on a tableau of four plain developments it is worth 6 VP."""
    t = Table()
    t.tableau(0, "Old Earth", *DEVELOPMENTS)
    t.tableau(1, "Alpha Centauri")
    federation, = t.hand(0, "Galactic Federation")
    assert bonus_promise(t.game, 0, federation, left=0) == 6
    assert bonus_promise(t.game, 1, federation, left=0) == 2     # a tableau of one world
    # The cards still to come add to it, the more the more rounds are left.
    assert 6 < bonus_promise(t.game, 0, federation, left=1) < bonus_promise(
        t.game, 0, federation, left=3)


def test_the_quick_play_develops_the_six_cost_development_its_tableau_pays_for():
    """With four developments placed, Galactic Federation (6 VP here, more with the
    developments to come) is worth its price more than Research Labs (2 VP, cost 4)."""
    t = Table()
    t.tableau(0, "Old Earth", *DEVELOPMENTS)
    t.tableau(1, "Alpha Centauri")
    federation, _ = t.hand(0, "Galactic Federation", "Research Labs", extra=4)
    t.game.round = 6
    t.start("develop", {0: ("develop",), 1: ()})
    decision = t.pending
    assert decision.kind == "develop" and decision.player == 0
    assert policy_answer(t.game, decision, Rng(1)) == federation


class AlwaysExplores:
    """A seat that only ever explores (+5) and keeps what it is offered first."""

    kind = "test"

    def choose(self, game, decision):
        if decision.kind == "action":
            return ("explore5",)
        return fallback_answer(game, decision)


def test_the_search_learns_a_seat_that_only_explores_and_ends_the_game_itself():
    """The other seat's action cards are guessed from the ones it showed in earlier rounds:
    a seat that never develops or settles will not call the phases this seat would share,
    so it places its own cards and ends the game rather than wait for them."""
    game = new_game(GameConfig(players=2), 5, registry=registry(), record=False)
    ai = ai_seat(1)
    seats = [AlwaysExplores(), ai]
    while not game.over and game.round <= 40:
        decision = game.pending
        game.apply(seats[decision.player].choose(game, decision))
    assert game.over and winners(game) == [1]
    seen = ai.habits.seen[0]
    assert len(seen) >= game.round - 2 and set(seen.values()) == {("explore5",)}
    guesses = [ai.habits.guess(game, 0, [("explore5",), ("develop",), ("settle",)], Rng(k))
               for k in range(20)]
    assert guesses.count(("explore5",)) >= 15


def test_near_the_end_the_search_plays_its_options_to_the_end_of_the_game():
    """With one VP chip left in the pool the game ends this round or the next: each option
    is played on to the final scores (the search says so), not judged at the round's end."""
    game = new_game(GameConfig(players=2), 7, registry=registry(), record=False)
    ai = ai_seat(3)
    while game.pending.kind != "action":
        game.apply(ai.choose(game, game.pending))
    ai.choose(game, game.pending)
    assert "to the end of the next round," in ai.last_why.method     # `seats_horizon`
    game.pool = 1
    ai.choose(game, game.pending)
    assert "to the end of the game (it is near)," in ai.last_why.method


@pytest.mark.parametrize("seed", range(4))
def test_the_search_does_not_answer_from_the_robot_pile(seed):
    """Against the robot, its face-down pile is dealt anew in every imagined deal: the same
    public position with other cards in the pile gets the same answer."""
    game = solo_at(seed, 3 + seed)
    other = swap_pile_with_deck(game, Rng(seed + 50))
    assert public(other) == public(game) and other.extra["robot"].pile != \
        game.extra["robot"].pile
    assert ai_seat(7).choose(game, game.pending) == ai_seat(7).choose(other, other.pending)


def test_a_simulated_round_against_the_robot_plays_the_robot_phases():
    """The simulated stretch after an action choice rolls the robot's dice and plays its
    action or response in every phase, as the real round does: its tracks, pile or tableau
    move, and the round ends."""
    game = solo_at(2, 0)
    while game.pending.kind != "action":
        game.apply(ai_seat(1).choose(game, game.pending))
    before = public(game)
    changed = 0
    for k in range(6):
        trial = game.copy()
        trial.apply(game.pending.options[0])
        play_out(trial, Rng(k), game.round + 1)
        assert trial.round == game.round + 1 or trial.over
        assert len(trial.extra["robot"].roll) == 2
        changed += public(trial)[9:] != before[9:]     # the robot's public state
    assert changed == 6
