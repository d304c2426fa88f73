"""What expansions declare for the command line: aliases, options (with their choices) and
the default opponent of `rftg new`; the host reads them without knowing any expansion."""

from __future__ import annotations

import pytest

from rftg_cli.commands import new
from rftg_cli.commands.expansions import ExpansionFlagError, ExtraArgs, parse_extra_args
from rftg_cli.commands.simulate import UsageError, default_players, option_runs
from rftg_cli.config import GameConfig
from rftg_cli.plugins import (
    ConfigError,
    Expansion,
    ExpansionOption,
    Registry,
    make_registry,
    validate,
)

LEVEL = ExpansionOption("level", "how hard", choices=("low", "high"), default="low")
BOT = Expansion("bot", "--bot", "a solo opponent", aliases=("--automa",), min_players=1,
                max_players=1, excludes=("duel",), options=(LEVEL,), default_opponent=True)
DUEL = Expansion("duel", "--duel", "two players only", min_players=2, max_players=2)
SEED = Expansion("seeded", "--seeded", "any count",
                 options=(ExpansionOption("chips", "more chips", default="1"),))


def registry(*expansions: Expansion) -> Registry:
    return Registry(None, {e.name: e for e in expansions or (BOT, DUEL, SEED)})


# ---------------------------------------------------------------------- parsing

@pytest.mark.parametrize("args", [
    ["--bot", "--level", "high"],
    ["--automa", "--level=high"],
    ["--expansion", "bot", "--option", "level=high"],
    ["--option=level=high", "--bot", "--bot"],
])
def test_flags_aliases_and_options(args):
    assert parse_extra_args(args, registry()) == ExtraArgs(("bot",), (("level", "high"),))


@pytest.mark.parametrize("args, message", [
    (["--option", "level"], "--option needs KEY=VALUE, e.g. --option chips=1"),
    (["--option", "speed=9"], "unknown option 'speed': the expansions' options are chips, level"),
    (["--level"], "--level needs a value, e.g. --level low"),
    (["--level", "--bot"], "--level needs a value"),
    (["--speed", "9"], "no such option --speed: expansion flags are --automa, --bot, "),
])
def test_bad_options_are_one_line(args, message):
    with pytest.raises(ExpansionFlagError) as err:
        parse_extra_args(args, registry())
    assert err.value.message.startswith(message) and "\n" not in err.value.message


def test_an_option_of_an_expansion_that_is_off_is_refused_by_new():
    with pytest.raises(UsageError, match=r"option 'level' is read by --bot \(also "
                                              r"--automa\)"):
        new.table_config(1, [], "You", registry(), (("level", "high"),))


def test_a_declared_choice_is_checked_when_the_game_is_created():
    config = GameConfig(players=1, expansions=("robot",), options=(("difficulty", "mean"),))
    with pytest.raises(ConfigError, match="unknown difficulty 'mean' for --solo: choose from "
                                          "easy, medium, hard"):
        validate(config, make_registry(plugins_dir=False))


# ---------------------------------------------------------------------- the default opponent

def test_new_without_ai_plays_the_default_opponent():
    config, seats = new.table_config(None, [], "You", registry(), (("level", "high"),))
    assert (config.expansions, config.players, seats) == (("bot",), 1, ["human"])
    assert config.options == (("level", "high"),)


def test_the_default_opponent_is_skipped_when_the_expansions_exclude_it():
    config, seats = new.table_config(None, ["duel"], "You", registry())
    assert (config.expansions, seats) == (("duel",), ["human", "ai"])


def test_without_a_default_opponent_new_plays_one_ai_seat():
    config, seats = new.table_config(None, ["seeded"], "You", registry(DUEL, SEED))
    assert (config.expansions, seats) == (("seeded",), ["human", "ai"])


def test_ai_seats_leave_the_default_opponent_out():
    config, seats = new.table_config(2, [], "You", registry())
    assert (config.expansions, seats) == ((), ["human", "ai", "ai"])


# ---------------------------------------------------------------------- simulate

def test_simulate_players_default_to_what_an_expansion_fixes():
    assert default_players(("seeded",), registry()) == 2
    assert default_players(("seeded", "bot"), registry()) == 1


def test_simulate_sweeps_all_and_fills_in_defaults():
    assert option_runs(("bot", "seeded"), (("level", "all"),), registry()) == [
        (("level", "low"), ("chips", "1")), (("level", "high"), ("chips", "1"))]
    assert option_runs(("seeded",), (("chips", "4"),), registry()) == [(("chips", "4"),)]
    with pytest.raises(UsageError, match="option 'level' is read by --bot"):
        option_runs(("seeded",), (("level", "high"),), registry())


# ---------------------------------------------------------------------- registration

def test_a_taken_alias_or_option_switch_unloads_the_plugin(tmp_path):
    (tmp_path / "clash.py").write_text(
        "from rftg_cli.plugins import Expansion, ExpansionOption\n"
        "def rftg_register_expansions(register):\n"
        "    register(Expansion('clash', '--clash', 'x', aliases=('--robot',)))\n")
    (tmp_path / "knob.py").write_text(
        "from rftg_cli.plugins import Expansion, ExpansionOption\n"
        "def rftg_register_expansions(register):\n"
        "    register(Expansion('knob', '--knob', 'x',\n"
        "                       options=(ExpansionOption('expert', 'x'),)))\n")
    found = make_registry(plugins_dir=tmp_path)
    errors = {r.name: r.error for r in found.reports if not r.loaded}
    assert errors["clash"] == "ValueError: flag --robot is already used by expansion 'robot'"
    assert errors["knob"] == "ValueError: option expert clashes with the flag --expert"
