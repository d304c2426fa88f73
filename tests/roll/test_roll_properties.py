"""Seeded games of random answers with invariants checked after every answer: every die in
exactly one place and 111 in all, credits within 0..10, every tile in exactly one place, the
game ends. `ROLL_PROPERTY_GAMES=N` plays N games per player count (default 4)."""

from __future__ import annotations

import os

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.errors import ConfigError
from rftg_cli.plugins import make_registry, ruleset_name
from rftg_cli.plugins import new_game as host_new_game
from rftg_cli.rng import Rng
from rftg_cli.ruleset import GameState
from tests.roll.roll_helpers import new_game, play_random
from tests.ruleset_contract import play_contract_game

GAMES = int(os.environ.get("ROLL_PROPERTY_GAMES", "4"))


def invariants(g) -> None:
    census = g.dice_census()
    assert sum(census.values()) == 111
    assert all(census[c] == d.count for c, d in g.data.dice.items())
    assert all(v >= 0 for v in g.supply.values())
    assert sorted(g.tile_places()) == sorted(g.data.tiles)
    for p in g.players:
        assert 0 <= p.credits <= 10
    if g.bot:
        assert 0 <= g.bot.credits <= 10


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_invariants(players, seed):
    g = play_random(players, 1000 * players + seed, invariants)
    out = g.outcome()
    assert out.finished and out.winners
    assert len(out.results) == max(players, 2)


def test_the_game_state_protocol():
    g = new_game(3, 11)
    assert isinstance(g, GameState)
    rng = Rng(3)
    for _ in range(120):
        if g.over:
            break
        twin = g.copy()
        assert twin.digest() == g.digest()
        answer = g.sample_answer(rng)
        assert answer in g.legal_answers(5000) or g.pending.count is not None
        twin.apply(answer)
        g.apply(answer)
        assert twin.digest() == g.digest()
    me = g.pending.player
    seen = g.view(me)
    other = g.determinize(me, Rng(5))
    assert other.view(me)["players"][me] == seen["players"][me]
    assert other.pending == g.pending


def test_replaying_the_history_gives_the_same_game():
    g = play_random(2, 77)
    replay = new_game(2, 77)
    for answer in g.history:
        replay.apply(answer)
    assert replay.over and replay.digest() == g.digest()


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_host_creates_roll_games_that_keep_the_ruleset_contract(players):
    config = GameConfig(players=players, expansions=("roll",))
    registry = make_registry()
    assert ruleset_name(config, registry) == "roll"
    game = play_contract_game(lambda s: host_new_game(config, s, registry=registry), 5 + players,
                              checks_every=7)
    assert type(game).__name__ == "RollGame"


def test_the_host_refuses_an_unknown_difficulty():
    config = GameConfig(players=1, expansions=("roll",), options=(("difficulty", "heroic"),))
    with pytest.raises(ConfigError, match="difficulty"):
        host_new_game(config, 1, registry=make_registry())
