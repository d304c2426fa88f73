"""The core knows no expansion (issue 9, "Expansions own their knowledge"): no module of
`rftg_cli/` names the solitaire robot or the expert game or spells a built-in expansion's
name; and with every built-in expansion switched off the base game, saves, `simulate`,
`show` and the rest of the command line still work.

That no module of the core imports an expansion is an import contract (pyproject.toml,
`.ci/imports`: the host's and the card game's); that the host, the card game's engine and
its cards' code name no prestige, takeover or goal rule is
`test_counters.test_the_core_names_no_expansion_rule`. What this file checks besides
runs the program without the built-ins, which neither can."""

from __future__ import annotations

import ast
import json
import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rftg_cli import plugins, saves
from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.config import GameConfig
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import make_registry, new_game
from rftg_cli.rng import Rng
from tests.helpers import random_answer, transcribe

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "rftg_cli"
# What the two expansions know; docstrings and comments count: the core should not need to
# explain itself by them either.
KNOWLEDGE = re.compile(r"robot|expert|difficult|solo_result", re.IGNORECASE)


def core_modules() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


def builtin_names() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return set(project["entry-points"]["rftg"])


def test_no_core_module_names_the_robot_or_the_expert_game():
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in core_modules()
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if KNOWLEDGE.search(line)]
    assert not found, "expansion knowledge in the core:\n" + "\n".join(found)


def test_no_core_module_spells_a_built_in_expansions_name():
    names = builtin_names()
    assert names, "pyproject.toml declares no built-in expansion"
    found = [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
             for path in core_modules() for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Constant) and node.value in names]
    assert not found, "a built-in expansion named in the core:\n" + "\n".join(found)


# ---------------------------------------------------------------------- no built-ins

def bare():
    return make_registry(entry_points_enabled=False, builtins_enabled=False, plugins_dir=False)


def test_a_registry_can_leave_the_built_ins_out():
    registry = bare()
    assert registry.expansions == {} and registry.reports == []
    assert set(registry.rulesets) == {"race"}
    loaded = make_registry(plugins_dir=False).expansions.values()
    assert builtin_names() <= {e.plugin for e in loaded if e.source == "built-in"}


def test_the_base_game_plays_and_saves_without_the_built_ins(tmp_path):
    registry = bare()
    config = GameConfig(players=2, names=("Ann", "Bob"))
    game = new_game(config, 7, registry=registry)
    rng = Rng(7)
    while not game.over:
        game.apply(random_answer(game.pending, rng))
    out = game.outcome(["human", "ai"])
    assert out.finished and out.winners and out.opponents() == ()
    save = saves.Save(name="bare", config=config.to_dict(), seats=["human", "ai"], seed=7)
    transcribe(save, game, registry)
    saves.record(save, game, tmp_path / "bare.toml")
    back = saves.read(tmp_path / "bare.toml")
    assert back.summary["winners"] == list(out.winners)
    assert [p["kind"] for p in back.summary["players"]] == ["human", "ai"]
    assert saves.restore(back, registry=registry).game.digest() == game.digest()


@pytest.fixture
def no_builtins(monkeypatch, tmp_path):
    """Every command sees a registry of the base game alone; random computer seats."""
    registry = bare()
    monkeypatch.setattr(plugins, "default_registry", lambda: registry)
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    return registry


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input)


def test_the_command_line_works_without_the_built_ins(no_builtins):
    played = rftg("new", "--seed", "4", "--name", "g", input="\n" * 4000)
    assert played.exit_code == 0, played.output
    assert "Final score" in played.output
    shown = json.loads(rftg("show", "g", "--json").output)
    # With no expansion offering a solo opponent, `rftg new` plays one AI seat.
    assert [p["kind"] for p in shown["players"]] == ["human", "ai"]
    assert shown["winners"] and shown["reason"]
    assert rftg("show", "g").exit_code == 0
    listed = json.loads(rftg("saves", "--json").output)
    assert listed[0]["opponents"] == "AI (ai)"
    assert rftg("expansions", "--json").exit_code == 0
    assert json.loads(rftg("expansions", "--json").output) == []


def test_simulate_works_without_the_built_ins(no_builtins):
    result = rftg("simulate", "--games", "3", "--seats", "random,random", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["completed"] == 3 and data["seats"] == ["random1", "random2"]


@pytest.mark.parametrize("command", [["new"], ["simulate", "--json"]])
@pytest.mark.parametrize("args", [["--solo"], ["--robot"], ["--difficulty", "hard"],
                                  ["--option", "difficulty=hard"]])
def test_the_built_ins_switches_are_unknown_without_them(no_builtins, command, args):
    result = rftg(*command, *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_the_card_catalog_works_without_the_built_ins(no_builtins):
    """`rftg cards` reads the power kinds the installed plugins declare (issue 36): without
    the built-in expansions it shows the base cards, whose kinds the base game declares,
    and not the sets no installed plugin plays."""
    shown = rftg("cards", "Old Earth")
    assert shown.exit_code == 0 and "+1 card when trading any good" in shown.output
    listed = json.loads(rftg("cards", "--json").output)
    assert {card["set"] for card in listed} == {"base"}
