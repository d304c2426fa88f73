"""Per-player counters are a registration of the card game (issue 36, "Prestige and takeover
knowledge moves into the expansions that own them"): a plugin registers a counter by name
(`rules.counters`) and the engine gives it a door (`game.add_NAME`, `Game.add_count`), a
value per player in copies, digests, views, standings and the seat header, with no word of
it in the engine; a game without it shows none. Galactic Prestige's prestige is one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.plugins import make_registry, new_game
from rftg_cli.race.render import seat_header

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = '''
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion

HEARD = []


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(name="favours", flag="--favours", description="a favour counter"))


@hookimpl
def rftg_configure_rules(config, rules):
    if "favours" in config.expansions:
        rules.counters.setdefault("favour", []).append(
            lambda game, player, amount: HEARD.append((player, amount)))
'''


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plugins")
    (folder / "favours.py").write_text(PLUGIN)
    return make_registry(plugins_dir=folder)


def test_a_registered_counter_has_a_door_and_its_steps_hear_each_change(registry):
    game = new_game(GameConfig(players=2, expansions=("favours",)), 1, registry=registry)
    heard = [m for name, m in registry.pm.list_name_plugin() if name.endswith("favours")][0].HEARD
    heard.clear()
    assert [p.count("favour") for p in game.players] == [0, 0]
    before = game.digest()
    game.add_favour(1, 3, "a test")
    game.add_count("favour", 1, -1)
    assert game.players[1].favour == 2 and heard == [(1, 3), (1, -1)]
    assert game.events[-2][1] == f"{game.players[1].name} gains 3 favour (a test)."
    assert game.digest() != before
    with pytest.raises(ValueError, match="has 2 favour, cannot spend 3"):
        game.add_favour(1, -3)


def test_a_counter_is_copied_viewed_scored_and_shown(registry):
    game = new_game(GameConfig(players=2, expansions=("favours",)), 1, registry=registry)
    game.add_favour(0, 2)
    copy = game.copy()
    copy.add_favour(0, 5)
    assert (game.players[0].favour, copy.players[0].favour) == (2, 7)
    assert game.view(1)["seats"][0]["favour"] == 2
    assert game.outcome().results[0].details["favour"] == 2
    assert ", favour 2)" in seat_header(game, 0, 1)


def test_a_game_without_the_counter_shows_none(registry):
    game = new_game(GameConfig(players=2), 1, registry=registry)
    assert "favour" not in game.view(0)["seats"][0]
    assert "prestige" not in game.outcome().results[0].details
    assert not hasattr(game, "add_favour") and game.players[0].count("favour") == 0


# The code issue 36 keeps free of the expansions' rules: the host (rftg_cli but the card
# game), the card game's engine, and the code of its cards. The card files themselves
# (race/cards/data) are the printed cards of every set: they name the prestige icon and
# what a power gains, as the cards do, in words the plugins register (`check_words`).
def in_core(parts: tuple[str, ...]) -> bool:
    """Is the file at these parts of its path under rftg_cli/ in the core (the expansions
    are installed there too, as rftg_cli.expansions)?"""
    if parts[0] != "race":
        return parts[0] != "expansions"
    return parts[1] in ("engine", "cards") and parts[:3] != ("race", "cards", "data")


CORE = [path for path in sorted((ROOT / "rftg_cli").rglob("*"))
        if path.is_file() and path.suffix != ".pyc"
        and in_core(path.relative_to(ROOT / "rftg_cli").parts)]
# A line that only registers what an expansion brings may name it, marked so.
REGISTRATION = "registration point"


def test_the_core_names_no_expansion_rule():
    """`grep -rniE "prestige|takeover|goal"` over the host, the card game's engine and its
    cards' code finds no line but a marked registration point: the rules for them, and the
    card words they read (the prestige icon and counter, the takeover flags), are registered
    by the plugins that own them."""
    words = re.compile(r"prestige|takeover|goal", re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{n}"
             for path in CORE
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if words.search(line) and REGISTRATION not in line]
    assert not found, found
    scanned = {path.relative_to(ROOT).as_posix() for path in CORE}
    assert {"rftg_cli/race/engine/consume.py", "rftg_cli/race/cards/model.py",
            "rftg_cli/race/cards/text.py", "rftg_cli/ruleset.py",
            "rftg_cli/commands/cards.py", "rftg_cli/table/view.py"} <= scanned
    assert not any(name.startswith(("rftg_cli/race/ai/", "rftg_cli/race/cards/data/"))
                   or name in ("rftg_cli/race/render.py", "rftg_cli/race/rules.md")
                   for name in scanned)


MEDALS = '''
from rftg_cli.hookspecs import hookimpl
from rftg_cli.race.engine.rules import CalculatorInput


def hold(game, player, values):
    (medals,) = values
    if medals < 0:
        raise ValueError("medals cannot be negative")
    game.players[player].vp += 10 * medals


@hookimpl
def rftg_configure_rules(config, rules):
    rules.calculator_inputs["medals"] = CalculatorInput(
        hold, "Medals won: 10 VP chips each.", metavar="N", number=True)
'''


def test_a_plugin_gives_rftg_score_an_option_of_its_own(tmp_path, monkeypatch):
    """`rftg score`'s options beyond chips and goods are the plugins' calculator inputs
    (`rules.calculator_inputs`), read from them: the host names none."""
    import json

    from typer.testing import CliRunner

    from rftg_cli.cli import app
    from rftg_cli.plugins import forget_default_registries

    (tmp_path / "medals.py").write_text(MEDALS)
    monkeypatch.setenv("RFTG_PLUGINS_DIR", str(tmp_path))
    forget_default_registries()
    try:
        runner = CliRunner()
        shown = runner.invoke(app, ["score", "--help"], terminal_width=100)
        assert "--medals" in shown.output and "Medals won: 10 VP chips each." in shown.output
        result = runner.invoke(app, ["score", "Old Earth", "--medals", "2", "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["chips"] == 20
        bad = runner.invoke(app, ["score", "Old Earth", "--medals", "-1"])
        assert bad.exit_code == 2
        assert bad.stderr.strip() == "rftg score: --medals: medals cannot be negative"
    finally:
        monkeypatch.delenv("RFTG_PLUGINS_DIR")
        forget_default_registries()
