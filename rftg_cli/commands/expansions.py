"""`rftg expansions [--json] [--plugins-dir DIR]`: every known expansion and plugin.

One row per expansion (name, flag, description, source: built-in, package or local file,
whether it loaded), plus a row for each plugin that did not load (with its one-line error)
and for each loaded plugin that declares no expansion (it acts in every game), then the
folder local plugin files come from (the per-user one is made if missing). Exit code 0.

`parse_extra_args` turns the extra arguments of `rftg new` / `rftg simulate` into expansion
names for `GameConfig.expansions` (each expansion's flag or alias, `--expansion NAME`) and
options for `GameConfig.options` (`--option KEY=VALUE`, or `--KEY VALUE` for a key an
expansion declares); `check_options` then refuses an option no chosen expansion reads.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

import typer

from rftg_cli.plugins import Expansion, Registry, registry_for, with_implied
from rftg_cli.ui.escape import printable

GENERIC = "--expansion"
OPTION = "--option"


class ExpansionFlagError(typer.BadParameter, ValueError):
    """An unknown expansion flag or name (a usage error: exit code 2, one line)."""


def rows(registry: Registry) -> list[dict]:
    """Every expansion, then every plugin that did not load or declares no expansion."""
    out = []
    for exp in registry.expansions.values():
        out.append({
            "name": exp.name, "flag": exp.flag, "description": exp.description,
            "source": exp.source, "loaded": True, "error": "",
            "plugin": exp.plugin.removeprefix("local:"),
            "origin": next((r.origin for r in registry.reports if r.key == exp.plugin), ""),
            "card_sets": list(exp.card_sets), "min_players": exp.min_players,
            "max_players": exp.max_players, "requires": list(exp.requires),
            "implies": list(exp.implies), "default_sets": list(exp.default_sets),
            "excludes": list(exp.excludes), "aliases": list(exp.aliases),
            "options": [{"key": o.key, "help": o.help, "choices": list(o.choices),
                         "default": o.default} for o in exp.options],
            "default_opponent": exp.default_opponent,
        })
    for report in registry.reports:
        if report.loaded and report.expansions:
            continue
        out.append({
            "name": report.name, "flag": "",
            "description": report.doc if report.loaded else "",
            "source": report.source, "loaded": report.loaded,
            "error": report.error,
            "plugin": report.name, "origin": report.origin,
            "always_active": report.loaded,
        })
    return out


def plugins_folder(plugins_dir: Path | None) -> Path | None:
    """The folder local plugin files come from; the per-user one is made here, when the
    player asks about plugins, so that they find it ready to hold their files."""
    from rftg_cli.plugins import default_plugins_dir, user_plugins_dir

    folder = plugins_dir or default_plugins_dir()
    if folder is not None and folder == user_plugins_dir():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass      # listed all the same; a folder that cannot be made holds no plugin
    return folder


def run(as_json: bool = False, plugins_dir: str | Path | None = None) -> int:
    """Do `rftg expansions`; returns the exit code."""
    if plugins_dir is not None:
        if not str(plugins_dir).strip():
            print("rftg expansions: --plugins-dir is empty: name a folder (`.` for the "
                  "current one)", file=sys.stderr)
            return 2
        plugins_dir = Path(plugins_dir).absolute()   # a relative folder, resolved once
    folder = plugins_folder(plugins_dir)
    found = rows(registry_for(plugins_dir))
    if as_json:
        print(json.dumps(found, indent=2))
        return 0
    from rich.table import Table
    from rich.text import Text

    from rftg_cli.ui.console import make_console

    table = Table(title="Expansions and plugins", title_justify="left")
    for column in ("name", "flag", "source", "loaded", "description"):
        table.add_column(column)
    broken = []
    for row in found:
        if not row["loaded"]:
            status, style = "no (see below)", "red"
            broken.append(f"{row['name']} ({row['source']} {row['origin']}): {row['error']}")
        elif row.get("always_active"):
            status, style = "yes", "yellow"
        else:
            status, style = "yes", ""
        description = row["description"] + (" (no flag: acts in every game)"
                                            if row.get("always_active") else "")
        lines = [description]
        for option in row.get("options", ()):
            values = "|".join(option["choices"]) or "VALUE"
            lines.append(f"  --{option['key']} {values}: {option['help']}")
        flag = ", ".join([row["flag"], *row.get("aliases", ())]) if row["flag"] else ""
        # Names, paths and errors come from plugin files: escaped and never read as markup.
        cells = (row["name"], flag, row["source"], status)
        table.add_row(*(Text(printable(cell)) for cell in cells),
                      Text("\n".join(printable(line) for line in lines)), style=style)
    console = make_console()
    console.print(table)
    console.print(Text(printable(f"Plugin files: {folder if folder else 'none'}")),
                  soft_wrap=True)
    for line in broken:
        console.print(printable(f"Not loaded: {line}"), style="red", markup=False,
                      highlight=False, soft_wrap=True)
    return 0


class UnknownSwitch(ExpansionFlagError):
    """A `--switch` that is no expansion's flag and no option's key."""

    def __init__(self, switch: str, flags: list[str]) -> None:
        self.switch, self.flags = switch, flags
        super().__init__(f"no such option {switch}: expansion flags are "
                         f"{', '.join(flags) or 'none'} (see `rftg expansions`)")


@dataclass(frozen=True)
class ExtraArgs:
    """What the extra command-line arguments asked for, in the order given."""

    expansions: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()   # (key, value); a key given twice keeps the last


def example_name(registry: Registry) -> str:
    """An expansion name for examples in messages: a built-in one when there is one."""
    ours = sorted(e.name for e in registry.expansions.values() if e.source == "built-in")
    return (ours or sorted(registry.expansions) or ["NAME"])[0]


def parse_extra_args(args: list[str], registry: Registry,
                     strays: list[str] | None = None) -> ExtraArgs:
    """Map extra command-line arguments to expansion names (`--flag`, an alias,
    `--expansion NAME`, `--expansion=NAME`) and options (`--option KEY=VALUE`,
    `--option=KEY=VALUE`, `--KEY VALUE`, `--KEY=VALUE`), without repeats. Arguments that are
    none of these go to `strays` when it is given (a command's own positional argument).

    Raises ExpansionFlagError (a typer.BadParameter and a ValueError) with a one-line message
    for an unknown flag, name or option key, a missing value or a stray argument.
    """
    flags = registry.flags()
    keys = registry.options()
    names: list[str] = []
    options: dict[str, str] = {}
    items = iter(args)
    for arg in items:
        switch, eq, inline = arg.partition("=")
        if switch == GENERIC:
            name = inline if eq else next(items, "")
            if not name:
                raise ExpansionFlagError(
                    f"{GENERIC} needs a name, e.g. {GENERIC} {example_name(registry)}")
            if name not in registry.expansions:
                choices = ", ".join(sorted(registry.expansions)) or "none"
                raise ExpansionFlagError(f"unknown expansion {name!r}: choose one of {choices} "
                                         "(see `rftg expansions`)")
            names.append(name)
        elif switch == OPTION:
            key, has_value, value = (inline if eq else next(items, "")).partition("=")
            if not key or not has_value:
                raise ExpansionFlagError(f"{OPTION} needs KEY=VALUE, e.g. {OPTION} "
                                         f"{_example_option(keys)}")
            options[_known_key(key, keys)] = value
        elif arg in flags:
            names.append(flags[arg])
        elif not eq and switch.startswith("--no-") and _is_switch(switch[5:], keys):
            options[switch[5:]] = OFF
        elif switch.startswith("--") and switch[2:] in keys:
            value = inline if eq else next(items, None)
            if value is None or (not eq and value.startswith("--")):
                raise ExpansionFlagError(f"{switch} needs a value, e.g. "
                                         f"{switch} {_example_value(keys[switch[2:]], switch[2:])}")
            options[switch[2:]] = value
        elif arg.startswith("-"):
            raise UnknownSwitch(arg, sorted(flags))
        elif strays is not None:
            strays.append(arg)
        else:
            raise ExpansionFlagError(f"unexpected argument {arg!r}")
    return ExtraArgs(with_implied(names, registry), tuple(options.items()))


ON, OFF = "on", "off"


def _is_switch(key: str, keys: dict[str, list[Expansion]]) -> bool:
    """Is `key` an on/off option (which `--no-KEY` turns off)?"""
    owners = keys.get(key)
    return bool(owners) and set(owners[0].option(key).choices) == {ON, OFF}


def _known_key(key: str, keys: dict[str, list[Expansion]]) -> str:
    if key not in keys:
        known = ", ".join(sorted(keys)) or "none"
        raise ExpansionFlagError(f"unknown option {key!r}: the expansions' options are {known} "
                                 "(see `rftg expansions`)")
    return key


def _example_value(owners: list[Expansion], key: str) -> str:
    option = owners[0].option(key)
    return (option.choices or (option.default or "VALUE",))[0]


def _example_option(keys: dict[str, list[Expansion]]) -> str:
    if not keys:
        return "KEY=VALUE"
    key = min(keys)
    return f"{key}={_example_value(keys[key], key)}"


def describe(exp: Expansion) -> str:
    """An expansion's switch for messages: its flag, and its aliases."""
    return exp.flag + (f" (also {', '.join(exp.aliases)})" if exp.aliases else "")


def check_options(options, expansions, registry: Registry) -> None:
    """Refuse an option that none of the chosen expansions reads (one line: which expansion
    does, and how to switch it on)."""
    keys = registry.options()
    for key, _ in options:
        owners = keys.get(key, [])
        if not any(exp.name in expansions for exp in owners):
            which = " or ".join(describe(exp) for exp in owners) or "no expansion"
            raise ExpansionFlagError(f"option {key!r} is read by {which}: switch it on to "
                                     "use it")


def expansion_names_from_flags(args: list[str], registry: Registry) -> list[str]:
    """The expansion names of `parse_extra_args` (options are not allowed here)."""
    found = parse_extra_args(args, registry)
    if found.options:
        raise ExpansionFlagError(f"unexpected option {found.options[0][0]!r}")
    return list(found.expansions)


def expansion_help(registry: Registry) -> str:
    """A help paragraph listing the expansion flags and their options, for `rftg new` /
    `rftg simulate`."""
    lines = []
    for e in registry.expansions.values():
        options = "".join(f" [--{o.key} {'|'.join(o.choices) or 'VALUE'}]" for o in e.options)
        sets = " ".join(registry.expansions[n].flag for n in e.default_sets
                        if n in registry.expansions)
        deals = f" (deals {sets} too unless card sets are named)" if sets else ""
        lines.append(f"{describe(e)}{options}: {e.description}{deals}")
    return "Expansion flags (or --expansion NAME): " + ("; ".join(lines) if lines else "none")
