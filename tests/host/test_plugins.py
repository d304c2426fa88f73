"""Plugin discovery and failure reports: built-ins, packages, local files, broken plugins."""

from __future__ import annotations

import tomllib
from importlib.metadata import EntryPoint
from textwrap import dedent

import pytest

from rftg_cli import plugins
from rftg_cli.config import GameConfig
from rftg_cli.plugins import (
    ConfigError,
    Expansion,
    PluginError,
    make_registry,
    new_game,
    validate,
)

GOOD = '''
"""A test house rule."""
from rftg_cli.plugins import Expansion

def rftg_register_expansions(register):
    register(Expansion("long-game", "--long-game", "Tableau of 14 ends the game"))

def rftg_configure_rules(config, rules):
    if "long-game" in config.expansions:
        rules.game_end_tableau = 14
'''

BROKEN = {
    "import_error": ("import no_such_module_anywhere\n",
                     "ModuleNotFoundError: No module named 'no_such_module_anywhere'"),
    "syntax_error": ("def rftg_configure_rules(config, rules)\n    pass\n", "SyntaxError"),
    "misspelt": ("def rftg_configure_rule(config, rules):\n    pass\n",
                 "unknown hook rftg_configure_rule"),
    "bad_args": ("def rftg_configure_rules(config, rulez):\n    pass\n",
                 "rftg_configure_rules(config, rulez) asks for arguments the hook does not "
                 "give: rftg_configure_rules gives (config, rules)"),
    "register_raises": ("def rftg_register_expansions(register):\n    1 / 0\n",
                        "ZeroDivisionError: division by zero"),
    "register_junk": ("def rftg_register_expansions(register):\n    register('x')\n",
                      "TypeError: register() takes an Expansion, not str"),
    "taken_name": ("from rftg_cli.plugins import Expansion\n"
                   "def rftg_register_expansions(register):\n"
                   "    register(Expansion('expert', '--expert-2', 'mine'))\n",
                   "expansion 'expert' is already provided by plugin expert"),
    "taken_flag": ("from rftg_cli.plugins import Expansion\n"
                   "def rftg_register_expansions(register):\n"
                   "    register(Expansion('mine', '--expert', 'mine'))\n",
                   "flag --expert is already used by expansion 'expert'"),
    "bad_flag": ("from rftg_cli.plugins import Expansion\n"
                 "def rftg_register_expansions(register):\n"
                 "    register(Expansion('mine', 'mine', 'mine'))\n",
                 "flag 'mine' must look like --name"),
    "exits": ("import sys\nsys.exit(3)\n", "SystemExit: 3"),
}


def write(folder, name, text):
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.py").write_text(dedent(text))
    return folder


def report(registry, name):
    (found,) = [r for r in registry.reports if r.name == name]
    return found


# ---------------------------------------------------------------------- built-ins

def test_builtin_expert_comes_from_the_entry_point_group():
    registry = make_registry(plugins_dir=False)
    expert = registry.expansions["expert"]
    assert (expert.flag, expert.source, expert.plugin) == ("--expert", "built-in", "expert")
    assert expert.min_players == expert.max_players == 2
    names = [ep.name for ep in plugins.entry_points(group=plugins.ENTRY_POINT_GROUP)]
    assert "expert" in names, "reinstall with `pip install -e .` to create the entry points"


def test_builtins_load_even_with_third_party_entry_points_off():
    registry = make_registry(entry_points_enabled=False, plugins_dir=False)
    assert "expert" in registry.expansions


def test_builtins_are_the_distributions_entry_points():
    names = [ep.name for ep in plugins.distribution(plugins.DISTRIBUTION).entry_points
             if ep.group == plugins.ENTRY_POINT_GROUP]
    assert set(names) <= set(plugins.builtin_entry_points())
    assert {r.name for r in make_registry(entry_points_enabled=False,
                                          plugins_dir=False).reports} == set(names)


def test_an_install_without_entry_points_finds_them_in_the_checkouts_pyproject(monkeypatch):
    def missing(name):
        raise plugins.PackageNotFoundError(name)

    monkeypatch.setattr(plugins, "distribution", missing)
    declared = tomllib.loads(plugins.PYPROJECT.read_text())["project"]["entry-points"]["rftg"]
    assert plugins.builtin_entry_points() == declared
    registry = make_registry(entry_points_enabled=False, plugins_dir=False)
    assert {r.name for r in registry.reports if r.loaded} == set(declared)
    assert registry.expansions["expert"].source == "built-in"


def test_each_registry_is_fresh():
    a = make_registry(plugins_dir=False)
    b = make_registry(plugins_dir=False)
    assert a.pm is not b.pm and a.expansions == b.expansions


# ---------------------------------------------------------------------- packages

@pytest.fixture
def fake_package(tmp_path, monkeypatch):
    """A third-party distribution's module and entry point (nothing is installed)."""
    site = tmp_path / "site"
    write(site, "rftg_fan_pack", GOOD.replace("long-game", "fan-pack"))
    write(site, "rftg_broken_pack", "raise RuntimeError('needs numpy 9')\n")
    monkeypatch.syspath_prepend(str(site))
    real = plugins.entry_points

    def entry_points(group):
        return list(real(group=group)) + [
            EntryPoint("fan-pack", "rftg_fan_pack", group),
            EntryPoint("broken-pack", "rftg_broken_pack", group)]

    monkeypatch.setattr(plugins, "entry_points", entry_points)


def test_third_party_package_is_found_through_the_entry_point_group(fake_package):
    registry = make_registry(plugins_dir=False)
    assert registry.expansions["fan-pack"].source == "package"
    assert report(registry, "fan-pack").loaded
    broken = report(registry, "broken-pack")
    assert (broken.loaded, broken.source) == (False, "package")
    assert broken.error == "RuntimeError: needs numpy 9"
    game = new_game(GameConfig(expansions=("fan-pack",)), 1, registry=registry)
    assert game.rules.game_end_tableau == 14


def test_third_party_packages_can_be_switched_off(fake_package):
    registry = make_registry(entry_points_enabled=False, plugins_dir=False)
    assert "fan-pack" not in registry.expansions
    assert {r.source for r in registry.reports} == {"built-in"}
    assert "expert" in [r.name for r in registry.reports]


# ---------------------------------------------------------------------- local files

def test_local_plugin_file_is_listed_and_active(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_PLUGINS_DIR", str(write(tmp_path / "p", "long_game", GOOD)))
    registry = make_registry()
    exp = registry.expansions["long-game"]
    assert (exp.source, exp.plugin) == ("local file", "local:long_game")
    assert report(registry, "long_game").origin.endswith("long_game.py")
    on = new_game(GameConfig(expansions=("long-game",)), 1, registry=registry)
    off = new_game(GameConfig(), 1, registry=registry)
    assert (on.rules.game_end_tableau, off.rules.game_end_tableau) == (14, 12)


def test_hook_functions_may_also_use_the_hookimpl_marker(tmp_path):
    text = ("from rftg_cli.hookspecs import hookimpl\n"
            "@hookimpl(trylast=True)\n"
            "def rftg_configure_rules(config, rules):\n"
            "    rules.hand_limit = 8\n")
    registry = make_registry(plugins_dir=write(tmp_path, "marked", text))
    assert report(registry, "marked").loaded
    assert new_game(GameConfig(), 1, registry=registry).rules.hand_limit == 8


def test_missing_plugins_folder_is_reported(tmp_path):
    registry = make_registry(plugins_dir=tmp_path / "nowhere")
    assert report(registry, "nowhere").error == "plugins folder not found"
    assert "expert" in registry.expansions


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_plugin_is_reported_in_one_line_and_the_rest_works(tmp_path, name):
    text, error = BROKEN[name]
    folder = write(tmp_path, name, text)
    write(folder, "long_game", GOOD)
    registry = make_registry(plugins_dir=folder)
    bad = report(registry, name)
    assert not bad.loaded
    assert bad.error.startswith(error) or error in bad.error
    assert "\n" not in bad.error and "Traceback" not in bad.error
    assert name not in [n.removeprefix("local:") for n, _ in registry.pm.list_name_plugin()]
    assert {"expert", "long-game"} <= set(registry.expansions)
    (line,) = [p for p in registry.problems() if name in p]
    assert line.startswith(f"plugin {name} (local file ")
    game = new_game(GameConfig(players=2, expansions=("expert", "long-game")), 1,
                    registry=registry)
    assert game.rules.picks_per_round == 2 and game.rules.game_end_tableau == 14


# ---------------------------------------------------------------------- building a game

def test_plugin_raising_while_a_game_is_built_is_named(tmp_path):
    text = ("def rftg_configure_rules(config, rules):\n"
            "    rules.no_such_field.append(1)\n")
    registry = make_registry(plugins_dir=write(tmp_path, "clumsy", text))
    with pytest.raises(PluginError) as err:
        new_game(GameConfig(), 1, registry=registry)
    assert str(err.value) == ("plugin clumsy failed in rftg_configure_rules: AttributeError: "
                              "'Rules' object has no attribute 'no_such_field'")


def test_validate_hook_problem_becomes_a_config_error(tmp_path):
    text = ("def rftg_validate_config(config, expansions):\n"
            "    return ['no 4-player games at this table'] if config.players == 4 else []\n")
    registry = make_registry(plugins_dir=write(tmp_path, "table", text))
    new_game(GameConfig(players=3), 1, registry=registry)
    with pytest.raises(ConfigError, match="^no 4-player games at this table$"):
        new_game(GameConfig(players=4), 1, registry=registry)


def test_declared_limits_give_one_line_errors():
    registry = make_registry(plugins_dir=False)
    for exp in (Expansion("needy", "--needy", "x", requires=("expert",)),
                Expansion("loner", "--loner", "x", excludes=("expert",)),
                Expansion("crowd", "--crowd", "x", min_players=3)):
        registry.expansions[exp.name] = exp
    cases = {
        ("needy",): "--needy needs --expert too",
        ("loner", "expert"): "--loner cannot be combined with --expert",
        ("crowd",): "--crowd is for at least 3 players, not 2",
        ("nope",): "unknown expansion 'nope': known expansions are "
                   + ", ".join(sorted(registry.expansions)) + " (see `rftg expansions`)",
    }
    for names, message in cases.items():
        with pytest.raises(ConfigError) as err:
            validate(GameConfig(players=2, expansions=names), registry)
        assert str(err.value) == message
    validate(GameConfig(players=2, expansions=("needy", "expert")), registry)
