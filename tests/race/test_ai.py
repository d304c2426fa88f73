"""The AI seat: it beats the random seat, it is deterministic per seed, and it uses only its
own seat's information (its answer does not change when the hidden cards are dealt anew)."""

from __future__ import annotations

from collections import Counter

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.engine.scoring import winners
from rftg_cli.race.ai.lookahead import AISeat, determinize, hidden_cards
from rftg_cli.players.seat import RandomSeat, play
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import registry


def game_at(seed: int, decisions: int, players: int = 2):
    """A game after `decisions` random answers (fewer if it would end), at a pending decision."""
    game = new_game(GameConfig(players=players), seed, registry=registry(), record=False)
    seat = RandomSeat(seed)
    for _ in range(decisions):
        before = game.copy()
        game.apply(seat.choose(game, game.pending))
        if game.over:
            return before
    return game


def visible(game, player: int):
    p = game.players[player]
    return (sorted(p.hand), sorted(p.explore_seen),
            [list(q.tableau) for q in game.players], [sorted(q.goods) for q in game.players],
            [len(q.hand) for q in game.players], len(game.deck), len(game.discard_pile),
            game.pool, [q.vp for q in game.players])


@pytest.mark.parametrize("seed", range(6))
def test_determinize_keeps_what_the_seat_sees_and_every_count(seed):
    game = game_at(seed, 40 + 7 * seed)
    player = game.pending.player
    guess = determinize(game, player, Rng(1))
    assert visible(guess, player) == visible(game, player)
    assert Counter(hidden_cards(guess, player)) == Counter(hidden_cards(game, player))
    for i in range(len(game.players)):
        assert len(guess.players[i].explore_seen) == len(game.players[i].explore_seen)
    assert guess.history == []


def test_determinize_really_reshuffles_the_hidden_cards():
    game = game_at(3, 30)
    player = game.pending.player
    other = 1 - player
    hands = {tuple(determinize(game, player, Rng(k)).players[other].hand)
             for k in range(5)}
    assert len(hands) > 1


@pytest.mark.parametrize("seed", range(12))
def test_ai_answer_does_not_depend_on_hidden_cards(seed):
    game = game_at(seed, 5 + 9 * seed)
    assert not game.over
    player = game.pending.player
    # Another truth: the same public position with the hidden cards dealt differently.
    other_truth = determinize(game, player, Rng(seed + 100))
    assert visible(other_truth, player) == visible(game, player)
    mine = AISeat(7).choose(game, game.pending)
    theirs = AISeat(7).choose(other_truth, other_truth.pending)
    assert mine == theirs


def test_ai_is_deterministic_per_seed():
    def run(seed):
        game = new_game(GameConfig(players=2), 11, registry=registry(), record=False)
        play(game, [AISeat(seed), RandomSeat(3)])
        return game.history

    assert run(5) == run(5)


def test_ai_answers_are_legal_in_three_and_four_player_games():
    for players in (3, 4):
        game = new_game(GameConfig(players=players), players, registry=registry(),
                        record=False)
        seats = [AISeat(i) if i % 2 == 0 else RandomSeat(i) for i in range(players)]
        play(game, seats)   # apply() raises IllegalChoice on an illegal answer
        assert game.over


@pytest.mark.slow     # a strength run over whole games
def test_ai_beats_random_in_at_least_95_percent_of_two_player_games():
    games, wins = 40, 0.0
    for seed in range(games):
        game = new_game(GameConfig(players=2), 1000 + seed, registry=registry(), record=False)
        ai_seat = seed % 2   # the AI plays both seats in turn
        seats = [RandomSeat(seed), RandomSeat(seed)]
        seats[ai_seat] = AISeat(seed)
        play(game, seats)
        best = winners(game)
        if ai_seat in best:
            wins += 1 / len(best)
    assert wins / games >= 0.95, f"AI won {wins} of {games}"
