"""Rulesets are plugins: a tiny test ruleset (tests/plugin_fixtures/take_last.py) is created
through the host's `new_game` and keeps the protocol's contract over whole games."""

from __future__ import annotations

from pathlib import Path

import pytest

from rftg_cli.engine import GameConfig
from rftg_cli.errors import ConfigError
from rftg_cli.plugins import make_registry, new_game, ruleset_name

from .ruleset_contract import play_contract_game

FIXTURES = Path(__file__).with_name("plugin_fixtures")


@pytest.fixture(scope="module")
def registry():
    return make_registry(plugins_dir=FIXTURES)


def test_the_card_game_is_a_registered_ruleset(registry):
    assert "race" in registry.rulesets and "take-last" in registry.rulesets
    assert ruleset_name(GameConfig(players=2), registry) == "race"


def test_an_expansion_switches_the_game_to_its_ruleset(registry):
    config = GameConfig(players=3, expansions=("take-last",))
    assert ruleset_name(config, registry) == "take-last"
    game = new_game(config, 4, registry=registry)
    assert type(game).__name__ == "TakeLast" and game.pending.kind == "take"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_take_last_keeps_the_contract(registry, players):
    config = GameConfig(players=players, expansions=("take-last",))
    for seed in range(10):
        game = play_contract_game(lambda s: new_game(config, s, registry=registry), seed)
        assert game.pile == 0 and sum(game.taken) == 15


def test_the_ruleset_checks_its_player_count(registry):
    with pytest.raises(ConfigError, match="2 to 4 players, not 5"):
        new_game(GameConfig(players=5, expansions=("take-last",)), 1, registry=registry)


def test_a_ruleset_name_registered_twice_unloads_the_second_plugin(tmp_path):
    (tmp_path / "again.py").write_text(
        "from rftg_cli.ruleset import Ruleset\n"
        "def rftg_register_rulesets(register):\n"
        "    register(Ruleset(name='race', description='a second race', create=None))\n")
    reg = make_registry(plugins_dir=tmp_path)
    report = next(r for r in reg.reports if r.name == "again")
    assert not report.loaded and "already registered" in report.error
    assert reg.rulesets["race"].description == "Race for the Galaxy, the card game"
