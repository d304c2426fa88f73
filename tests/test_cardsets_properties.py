"""Seeded random games with The Gathering Storm and Rebel vs Imperium (goals and takeovers
off until they are built), 2 to 4 players, and the solitaire game with those sets: every
invariant of `test_engine_properties` holds throughout and every game ends.

`RFTG_SET_GAMES` sets the games per combination (default a few; thousands for a soak)."""

from __future__ import annotations

import os

import pytest

from rftg_cli.engine import GameConfig
from rftg_cli.engine.round import hand_limit

from .helpers import play_random
from .test_engine_properties import check_invariants

GAMES = int(os.environ.get("RFTG_SET_GAMES", "6"))
SETS = [("tgs",), ("tgs", "rvi")]
OFF = (("goals", "off"), ("takeovers", "off"))


def config(sets, players: int) -> GameConfig:
    return GameConfig(players=players, expansions=sets, options=OFF)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("sets", SETS, ids=["tgs", "tgs-rvi"])
def test_random_games_with_the_sets_keep_invariants_and_end(sets, players):
    hand_checks = 0

    def check(game):
        nonlocal hand_checks
        hand_checks += check_invariants(game)

    for seed in range(GAMES):
        game = play_random(config(sets, players), seed, check)
        assert game.over and game.phase == "over"
        assert game.round < 60
        assert {c.set for c in game.design} >= set(sets)
        for i in range(players):
            assert len(game.players[i].hand) <= hand_limit(game, i)
    assert hand_checks >= GAMES


@pytest.mark.parametrize("sets", SETS, ids=["tgs", "tgs-rvi"])
def test_solitaire_games_with_the_sets_keep_invariants_and_end(sets):
    for seed in range(GAMES):
        game = play_random(GameConfig(players=1, expansions=("robot", *sets)), seed,
                           check_invariants)
        assert game.over and game.phase == "over"
        assert game.round < 40


def test_same_seed_and_answers_give_the_same_game_with_the_sets():
    a = play_random(config(("tgs", "rvi"), 3), 42)
    b = play_random(config(("tgs", "rvi"), 3), 42)
    assert a.history == b.history and a.digest() == b.digest()
