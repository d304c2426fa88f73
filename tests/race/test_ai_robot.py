"""The AI seat in the solitaire game against the robot: the robot's face-down pile is hidden
information (determinize deals it anew), the AI's answers do not depend on its true contents,
its look-ahead copies the robot state, and it plays whole solo games legally."""

from __future__ import annotations

from collections import Counter

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.expansions.robot import solo_result
from rftg_cli.race.ai.lookahead import AISeat, determinize, extra_hidden_lists, hidden_cards
from rftg_cli.players.seat import RandomSeat, play
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import every_card_place, registry


def solo(difficulty: str = "normal") -> GameConfig:
    return GameConfig(players=1, expansions=("robot",), options=(("difficulty", difficulty),))


def solo_at(seed: int, decisions: int, difficulty: str = "normal"):
    """A solo game after at least `decisions` random answers (more while the robot's pile is
    empty), stopped at a pending decision."""
    game = new_game(solo(difficulty), seed, registry=registry(), record=False)
    seat = RandomSeat(seed)
    done = 0
    while done < decisions or not pile(game):
        before = game.copy()
        game.apply(seat.choose(game, game.pending))
        done += 1
        if game.over:
            return before
    return game


def pile(game):
    return game.extra["robot"].pile


def public(game):
    """What the human seat sees: its own cards, the robot's public state, the counts."""
    st = game.extra["robot"]
    p = game.players[0]
    return (sorted(p.hand), sorted(p.explore_seen), list(p.tableau), sorted(p.goods), p.vp,
            len(game.deck), len(game.discard_pile), game.pool, game.round,
            len(st.pile), list(st.tableau), st.credits, st.economy, st.vp, st.tiles_left,
            st.tiles_placed, st.robot_equals)


def swap_pile_with_deck(game, rng: Rng):
    """Another truth: the robot's pile holds other cards (taken from the deck), same size."""
    other = game.copy()
    hidden = pile(other)
    n = min(len(hidden), len(other.deck))
    take = rng.sample(range(len(other.deck)), n)
    for k, i in enumerate(take):
        hidden[k], other.deck[i] = other.deck[i], hidden[k]
    rng.shuffle(hidden)
    return other


def test_robot_pile_is_a_hidden_list():
    game = solo_at(1, 0)
    assert pile(game)
    assert extra_hidden_lists(game) == [pile(game)]
    assert extra_hidden_lists(game)[0] is pile(game)
    assert set(pile(game)) <= set(hidden_cards(game, 0))


@pytest.mark.parametrize("seed", range(5))
def test_determinize_deals_the_robot_pile_anew_keeping_counts(seed):
    game = solo_at(seed, 2 + 2 * seed)
    assert not game.over
    guesses = [determinize(game, 0, Rng(k)) for k in range(6)]
    for guess in guesses:
        assert public(guess) == public(game)
        assert Counter(hidden_cards(guess, 0)) == Counter(hidden_cards(game, 0))
        assert sorted(every_card_place(guess)) == sorted(every_card_place(game))
        assert guess.extra["robot"] is not game.extra["robot"]
    if len(pile(game)) >= 2:
        assert len({tuple(pile(g)) for g in guesses}) > 1
    assert all(pile(g) != pile(game) for g in guesses) or len(pile(game)) < 2


@pytest.mark.parametrize("seed", range(8))
def test_ai_answer_does_not_depend_on_the_robot_pile(seed):
    game = solo_at(seed, 3 + seed)
    assert not game.over
    other = swap_pile_with_deck(game, Rng(seed + 50))
    assert public(other) == public(game)
    assert pile(other) != pile(game)
    mine = AISeat(7).choose(game, game.pending)
    theirs = AISeat(7).choose(other, other.pending)
    assert mine == theirs


def test_ai_look_ahead_leaves_the_game_and_robot_untouched():
    game = solo_at(4, 0)
    assert game.pending.kind in ("start_discard", "action")
    while game.pending.kind != "action":
        game.apply(AISeat(1).choose(game, game.pending))
    before, robot_before = game.digest(), repr(game.extra["robot"])
    answer = AISeat(1).choose(game, game.pending)
    assert answer in game.pending.options
    assert len(answer) == 2            # two expert action cards per round
    assert game.digest() == before and repr(game.extra["robot"]) == robot_before


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_ai_plays_whole_solo_games_legally(difficulty):
    for seed in range(2):
        game = new_game(solo(difficulty), 30 + seed, registry=registry(), record=False)
        play(game, [AISeat(seed)])     # apply() raises IllegalChoice on an illegal answer
        assert game.over
        result = solo_result(game)
        assert result["winner"] in ("human", "robot", "tie")
        assert sorted(every_card_place(game)) == list(range(len(game.design)))


def test_ai_solo_is_deterministic_per_seed():
    def run(seed):
        game = new_game(solo(), 12, registry=registry(), record=False)
        play(game, [AISeat(seed)])
        return game.history

    assert run(3) == run(3)


def test_evaluate_counts_the_robot_as_the_opponent():
    from rftg_cli.race.engine.scoring import score
    from rftg_cli.race.ai.heuristic import evaluate, rivals

    game = new_game(solo(), 21, registry=registry(), record=False)
    play(game, [RandomSeat(2)])
    assert [r.kind for r in rivals(game)] == ["robot"]
    result = solo_result(game)
    assert result["robot"] == rivals(game)[0].result(game).score
    margin = score(game, 0).total - result["robot"]
    assert evaluate(game, 0) == pytest.approx(margin, abs=0.5)


def test_rounds_left_sees_the_robot_tableau():
    from rftg_cli.race.ai.heuristic import rounds_left

    game = solo_at(5, 0)
    early = rounds_left(game)
    game = game.copy()      # a position of its own (a game keeps its estimate per phase)
    game.extra["robot"].tiles_placed = game.rules.game_end_tableau - 1
    assert rounds_left(game) < min(early, 1.0)


def test_guessed_actions_are_legal_pairs():
    from rftg_cli.race.ai.heuristic import guess_action

    for seed in range(6):
        game = solo_at(seed, 0)
        while not game.over and game.pending.kind != "action":
            game.apply(RandomSeat(seed).choose(game, game.pending))
        if game.over:
            continue
        options = game.pending.options
        guess = guess_action(game, 0, options, Rng(seed))
        assert guess in options and len(guess) == 2
