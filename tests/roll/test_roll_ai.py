"""The dice game's AI seat: legal, blind to what it cannot see, and clearly better than
random seats (the issue asks for 90% in two-player games)."""

from __future__ import annotations

import pytest
from rftg_cli.expansions.roll.ai import RollAI

from rftg_cli.players.seat import RandomSeat, play as run_seats
from rftg_cli.rng import Rng
from tests.roll.roll_helpers import new_game


def play(game, seats):
    return run_seats(game, seats).outcome()


def test_the_ai_beats_random_seats():
    games, wins = 60, 0
    for i in range(games):
        ai = i % 2
        seats = [RandomSeat(i), RandomSeat(i + 1)]
        seats[ai] = RollAI(i)
        out = play(new_game(2, 500 + i), seats)
        wins += out.winners == (f"Player {ai + 1}",)
    assert wins / games >= 0.9


@pytest.mark.parametrize("players", [1, 3, 5])
def test_ai_only_games_end(players):
    out = play(new_game(players, 40 + players), [RollAI(k) for k in range(players)])
    assert out.finished


def test_the_ai_answer_does_not_depend_on_hidden_tiles():
    g = new_game(3, 8)
    rng = Rng(1)
    seats = [RollAI(0), RollAI(1), RollAI(2)]
    checked = 0
    while not g.over and checked < 40:
        d = g.pending
        answer = seats[d.player].choose(g, d)
        other = g.determinize(d.player, rng)
        assert RollAI(d.player).choose(other, other.pending) == RollAI(d.player).choose(g, d)
        g.apply(answer)
        checked += 1
