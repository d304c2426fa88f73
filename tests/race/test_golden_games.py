"""Golden games: whole seeded games whose final state is pinned by its digest and its number
of answers, so that a change made for speed (power lookups cached, options computed once,
a faster seat) provably plays the same games: the same seed and the same answers give the
same game, bit for bit.

The values were recorded before the engine's fast path (1,293 games of every card set and
rule option, 2 to 4 players, random and AI seats, all unchanged by it); these are a few of
them. A change to the card data or to a rule changes them on purpose: record them anew."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.ai.lookahead import AISeat
from rftg_cli.players.seat import RandomSeat, play
from rftg_cli.plugins import new_game

from tests.helpers import registry

ON = (("goals", "on"), ("takeovers", "on"))
TAKEOVERS = (("goals", "off"), ("takeovers", "on"))
BOW = ("bow", "tgs", "rvi", "prestige", "search")

# (id, config, seed, whether seat `seed % 2` is the fast AI, digest, answers)
GOLDEN = [
    ("base-2p", GameConfig(players=2), 1, False, "4baf2658f77e4556", 123),
    ("base-3p", GameConfig(players=3), 2, False, "c9198eac6cfa3609", 214),
    ("base-4p", GameConfig(players=4), 3, False, "5901e0ced76d399c", 268),
    ("tgs-rvi-goals-takeovers-4p", GameConfig(players=4, expansions=("tgs", "rvi"), options=ON),
     2, False, "ec17bb0f469778a8", 328),
    ("rvi-takeovers-2p", GameConfig(players=2, expansions=("rvi",), options=TAKEOVERS), 3,
     False, "fa26369c36c90d55", 183),
    ("bow-all-2p", GameConfig(players=2, expansions=BOW, options=ON), 0, False,
     "40aa6895c6704fcc", 167),
    ("expert-bow-2p", GameConfig(players=2, expansions=("expert", *BOW), options=ON), 1, False,
     "47401982f11fe612", 118),
    ("robot-solitaire", GameConfig(players=1, expansions=("robot", "tgs")), 0, False,
     "58e334c377647fe0", 36),
    ("fast-ai-2p", GameConfig(players=2), 1, True, "6303f60ad535f8f0", 100),
    ("fast-ai-bow-2p", GameConfig(players=2, expansions=BOW, options=ON), 0, True,
     "e8f6c4a31fdd4022", 119),
]


@pytest.mark.parametrize("config, seed, ai, digest, answers",
                         [pytest.param(*row[1:], id=row[0]) for row in GOLDEN])
def test_a_seeded_game_plays_to_its_golden_end(config, seed, ai, digest, answers):
    game = new_game(config, seed, registry=registry(), record=False)
    seats = [RandomSeat(seed * 10 + i) for i in range(config.players)]
    if ai:
        seats[seed % 2] = AISeat(seed)
    play(game, seats)
    assert game.over
    assert (game.digest(), len(game.history)) == (digest, answers)


@pytest.mark.parametrize("config", [GameConfig(players=3),
                                    GameConfig(players=2, expansions=BOW, options=ON)],
                         ids=["base-3p", "bow-all-2p"])
def test_random_seats_unchecked_answers_replay_through_the_checked_path(config):
    """Random seats' answers skip the legality check (`Game.apply(trusted=True)`); saved,
    they replay answer by answer through the checked path to the same game, each pick in
    the canonical form a checked answer has (a sorted tuple)."""
    for seed in range(3):
        game = play(new_game(config, seed, registry=registry(), record=False),
                    [RandomSeat(seed * 10 + i) for i in range(config.players)])
        replay = new_game(config, seed, registry=registry(), record=False)
        for answer in game.history:
            decision = replay.pending
            assert decision.check(answer) == answer
            replay.apply(answer)
        assert replay.over and replay.digest() == game.digest()
