"""Rulesets are plugins: a tiny test ruleset (tests/plugin_fixtures/take_last.py) is created
through the host's `new_game` and keeps the protocol's contract over whole games."""

from __future__ import annotations

from pathlib import Path

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.errors import ConfigError
from rftg_cli.plugins import make_registry, new_game, ruleset_name
from tests.ruleset_contract import play_contract_game

FIXTURES = Path(__file__).parents[1] / "plugin_fixtures"


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


def test_a_ruleset_plays_through_the_cli_with_save_resume_undo_show_simulate(
        monkeypatch, tmp_path):
    """The host drives any ruleset: `rftg new` (piped), quit, `rftg resume` with `undo`,
    `rftg show --json` of the finished game, `rftg simulate`."""
    import json

    from typer.testing import CliRunner

    from rftg_cli.cli import app
    from rftg_cli.saves import read

    monkeypatch.setenv("RFTG_PLUGINS_DIR", str(FIXTURES))
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    run = CliRunner().invoke
    first = run(app, ["new", "--take-last", "--ai", "1", "--seed", "3", "--name", "t"],
                input="take 2\nquit\n")
    assert first.exit_code == 0, first.output
    assert "1. take 1" in first.output and "Saved game 't'" in first.output
    saved = read(tmp_path / "t.toml")
    assert saved.answers[0] == "take 2" and saved.status == "in_progress"
    second = run(app, ["resume", "t"], input="undo\n3\n" + "\n" * 20)
    assert second.exit_code == 0, second.output
    assert "Undone: back to your previous decision" in second.output
    assert "The game is over" in second.output
    shown = json.loads(run(app, ["show", "t", "--json"]).output)
    assert shown["status"] == "finished" and shown["reason"] == "the pile is empty"
    assert [p["kind"] for p in shown["players"]] == ["human", "ai"]
    assert read(tmp_path / "t.toml").answers[0] == "take 3", "undo replaced the first answer"
    sim = run(app, ["simulate", "--take-last", "--games", "20", "--seed", "1", "--json"])
    report = json.loads(sim.output)
    assert sim.exit_code == 0 and report["completed"] == 20 and report["errors"] == 0


@pytest.mark.parametrize("expansions, players", [((), 2), ((), 3), (("expert",), 2),
                                                  (("robot",), 1)])
def test_the_card_game_keeps_the_contract(expansions, players):
    """The card game through the protocol only: every legal answer reads back from its
    text, copies are independent, determinizing keeps what the seat sees, replay is exact."""
    reg = make_registry(plugins_dir=False)
    config = GameConfig(players=players, expansions=expansions)
    for seed in range(2):
        play_contract_game(lambda s: new_game(config, s, registry=reg, record=False), seed,
                           checks_every=7)
