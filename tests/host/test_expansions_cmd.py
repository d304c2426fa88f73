"""`rftg expansions [--json] [--plugins-dir DIR]` and `expansion_names_from_flags`."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from rftg_cli.cli import app
from rftg_cli.commands.expansions import (
    ExpansionFlagError,
    expansion_help,
    expansion_names_from_flags,
)
from rftg_cli.config import GameConfig
from rftg_cli.plugins import make_registry, new_game

runner = CliRunner()

HOUSE_RULE = '''
"""Two more cards in the hand limit."""
from rftg_cli.plugins import Expansion

def rftg_register_expansions(register):
    register(Expansion("big-hands", "--big-hands", "Hand limit 12"))

def rftg_configure_rules(config, rules):
    if "big-hands" in config.expansions:
        rules.hand_limit = 12
'''


def listing(*args, env=None) -> list[dict]:
    result = runner.invoke(app, ["expansions", "--json", *args], env=env)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def by_name(rows) -> dict[str, dict]:
    return {row["name"]: row for row in rows}


def test_json_lists_expert_and_the_example_plugin(monkeypatch):
    monkeypatch.delenv("RFTG_PLUGINS_DIR", raising=False)
    rows = by_name(listing())
    expert = rows["expert"]
    assert {k: expert[k] for k in ("flag", "source", "loaded", "min_players", "max_players")} == {
        "flag": "--expert", "source": "built-in", "loaded": True,
        "min_players": 2, "max_players": 2}
    assert expert["description"]
    example = rows["bigger-pool"]
    assert (example["flag"], example["source"], example["loaded"]) == (
        "--bigger-pool", "local file", True)
    assert example["origin"].endswith("plugins/bigger_pool.py")
    for row in rows.values():
        assert {"name", "flag", "description", "source", "loaded"} <= set(row)


def test_plugins_dir_from_the_environment_is_listed_and_active(tmp_path, monkeypatch):
    (tmp_path / "big_hands.py").write_text(HOUSE_RULE)
    monkeypatch.setenv("RFTG_PLUGINS_DIR", str(tmp_path))
    row = by_name(listing())["big-hands"]
    assert (row["source"], row["loaded"], row["plugin"]) == ("local file", True, "big_hands")
    assert "bigger-pool" not in by_name(listing())   # the checkout's folder is replaced
    registry = make_registry()
    game = new_game(GameConfig(expansions=("big-hands",)), 4, registry=registry)
    assert game.rules.hand_limit == 12


def test_plugins_dir_option(tmp_path):
    (tmp_path / "big_hands.py").write_text(HOUSE_RULE)
    assert "big-hands" in by_name(listing("--plugins-dir", str(tmp_path)))


def test_broken_plugin_file_is_reported_without_traceback(tmp_path):
    (tmp_path / "big_hands.py").write_text(HOUSE_RULE)
    (tmp_path / "broken.py").write_text("import this_module_does_not_exist\n")
    (tmp_path / "typo.py").write_text("def rftg_configure_rule(config, rules):\n    pass\n")
    rows = by_name(listing("--plugins-dir", str(tmp_path)))
    assert rows["broken"]["loaded"] is False
    assert rows["broken"]["error"] == (
        "ModuleNotFoundError: No module named 'this_module_does_not_exist'")
    assert rows["typo"]["error"].startswith("unknown hook rftg_configure_rule ")
    assert rows["big-hands"]["loaded"] and rows["expert"]["loaded"]
    result = runner.invoke(app, ["expansions", "--plugins-dir", str(tmp_path)],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Not loaded:")]
    assert len(lines) == 2
    assert lines[0].startswith("Not loaded: broken (local file ")
    assert lines[0].endswith("ModuleNotFoundError: No module named "
                             "'this_module_does_not_exist'")
    assert "big-hands" in result.output and "--expert" in result.output


def test_plugin_without_an_expansion_is_listed_as_always_active(tmp_path):
    (tmp_path / "tweak.py").write_text(
        '"""Hand limit 11 in every game."""\n'
        "def rftg_configure_rules(config, rules):\n    rules.hand_limit = 11\n")
    row = by_name(listing("--plugins-dir", str(tmp_path)))["tweak"]
    assert row["flag"] == "" and row["always_active"] and row["loaded"]
    assert row["description"] == "Hand limit 11 in every game."


# ---------------------------------------------------------------------- flags for new/simulate

@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plugins")
    (folder / "big_hands.py").write_text(HOUSE_RULE)
    return make_registry(plugins_dir=folder)


def test_flags_map_to_expansion_names(registry):
    assert expansion_names_from_flags([], registry) == []
    assert expansion_names_from_flags(["--expert"], registry) == ["expert"]
    assert expansion_names_from_flags(
        ["--big-hands", "--expansion", "expert", "--expansion=expert", "--expert"],
        registry) == ["big-hands", "expert"]


@pytest.mark.parametrize("args, message", [
    (["--expret"], "no such option --expret: expansion flags are "),
    (["--expansion", "nope"], "unknown expansion 'nope': choose one of "),
    (["--expansion"], "--expansion needs a name, e.g. --expansion bow"),
    (["stray"], "unexpected argument 'stray'"),
])
def test_bad_flags_are_one_line_usage_errors(registry, args, message):
    with pytest.raises(ExpansionFlagError) as err:
        expansion_names_from_flags(args, registry)
    assert isinstance(err.value, ValueError) and isinstance(err.value, typer.BadParameter)
    text = err.value.message
    assert text.startswith(message) and "\n" not in text


def test_unknown_flag_in_a_command_exits_2_with_one_line():
    probe = typer.Typer()

    @probe.command(context_settings={"allow_extra_args": True,
                                     "ignore_unknown_options": True})
    def new(ctx: typer.Context) -> None:
        names = expansion_names_from_flags(list(ctx.args), make_registry(plugins_dir=False))
        print(",".join(names))

    assert runner.invoke(probe, ["--expert"]).stdout.strip() == "expert"
    result = runner.invoke(probe, ["--expret"])
    assert result.exit_code == 2
    assert "no such option --expret" in result.output and "Traceback" not in result.output


def test_expansion_help_names_every_flag(registry):
    text = expansion_help(registry)
    assert "--expert: 2-player expert game" in text and "--big-hands: Hand limit 12" in text
