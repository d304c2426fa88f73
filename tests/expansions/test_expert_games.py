"""Whole expert games: seeded random seats (and AI seats) keep every invariant and end."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.engine.round import bonuses, hand_limit
from rftg_cli.race.ai.lookahead import AISeat
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import check_invariants, play_random, random_answer, registry

EXPERT = GameConfig(players=2, expansions=("expert",))
REPEATABLE = ("develop", "settle")   # rulebook: a second Develop or Settle card, a second phase
GAMES = 120


def expected_plan(picks: list[tuple[str, ...]]) -> list[tuple[str, int]]:
    """The rulebook's phase plan for two seats' action cards, written out independently of
    the engine: one Explore however many Explores, Develop/Settle as many times as one seat
    chose them, one Consume, one Produce."""
    phase = {"explore5": "explore", "explore11": "explore", "develop": "develop",
             "develop2": "develop", "settle": "settle", "settle2": "settle",
             "trade": "consume", "consume2": "consume", "produce": "produce"}
    plan = []
    for ph in ("explore", "develop", "settle", "consume", "produce"):
        times = max(sum(1 for a in seat if phase[a] == ph) for seat in picks)
        if ph not in REPEATABLE:
            times = min(times, 1)
        plan += [(ph, i) for i in range(times)]
    return plan


def check_expert(game):
    check_invariants(game)
    if game.phase in ("explore", "develop", "settle", "consume", "produce"):
        picks = [p.actions for p in game.players]
        assert all(len(set(a)) == 2 for a in picks), "each seat chooses two action cards"
        assert game.bonus_phases == expected_plan(picks)
        for i, p in enumerate(game.players):
            mine = expected_plan([p.actions])
            assert bonuses(game, i) == set(mine)


def test_random_expert_games_keep_invariants_and_end():
    rounds = []
    for seed in range(GAMES):
        game = play_random(EXPERT, seed, check_expert)
        assert game.over and game.phase == "over"
        assert game.round < 40
        for i in range(2):
            assert len(game.players[i].hand) <= hand_limit(game, i)
        rounds.append(game.round)
    # Two phases a round make the expert game shorter than the base game on average.
    base = [play_random(GameConfig(players=2), seed).round for seed in range(GAMES)]
    assert sum(rounds) < sum(base)


def test_expert_game_is_deterministic():
    a = play_random(EXPERT, 7)
    b = play_random(EXPERT, 7)
    assert a.history == b.history and a.digest() == b.digest()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ai_seats_play_whole_expert_games(seed):
    game = new_game(EXPERT, seed, registry=registry(), record=False)
    seats = {0: AISeat(seed), 1: None}
    rng = Rng(seed)
    while not game.over:
        check_expert(game)
        decision = game.pending
        seat = seats[decision.player]
        game.apply(seat.choose(game, decision) if seat else random_answer(decision, rng))
    check_expert(game)
    assert game.phase == "over"
