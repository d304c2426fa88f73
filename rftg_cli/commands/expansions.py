"""`rftg expansions [--json] [--plugins-dir DIR]`: every known expansion and plugin.

One row per expansion (name, flag, description, source: built-in, package or local file,
whether it loaded), plus a row for each plugin that did not load (with its one-line error)
and for each loaded plugin that declares no expansion (it acts in every game). Exit code 0.

`expansion_names_from_flags` turns the extra arguments of `rftg new` / `rftg simulate`
(`--expert`, `--expansion NAME`) into expansion names for `GameConfig.expansions`.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from rftg_cli.plugins import Registry, registry_for

GENERIC = "--expansion"


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
            "excludes": list(exp.excludes),
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


def run(as_json: bool = False, plugins_dir: Path | None = None) -> int:
    """Do `rftg expansions`; returns the exit code."""
    found = rows(registry_for(plugins_dir))
    if as_json:
        print(json.dumps(found, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

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
        table.add_row(row["name"], row["flag"], row["source"], status, description, style=style)
    console = Console()
    console.print(table)
    for line in broken:
        console.print(f"Not loaded: {line}", style="red", markup=False, highlight=False,
                      soft_wrap=True)
    return 0


def expansion_names_from_flags(args: list[str], registry: Registry) -> list[str]:
    """Map extra command-line arguments (`--expert`, `--expansion NAME`,
    `--expansion=NAME`) to expansion names, in the order given, without repeats.

    Raises ExpansionFlagError (a typer.BadParameter and a ValueError) with a one-line message
    for an unknown flag, an unknown name or a stray argument.
    """
    flags = registry.flags()
    known = ", ".join(sorted(flags)) or "none"
    names: list[str] = []
    items = iter(args)
    for arg in items:
        if arg == GENERIC or arg.startswith(GENERIC + "="):
            name = arg.partition("=")[2] if "=" in arg else next(items, "")
            if not name:
                raise ExpansionFlagError(f"{GENERIC} needs a name, e.g. {GENERIC} expert")
            if name not in registry.expansions:
                choices = ", ".join(sorted(registry.expansions)) or "none"
                raise ExpansionFlagError(f"unknown expansion {name!r}: choose one of {choices} "
                                         "(see `rftg expansions`)")
            names.append(name)
        elif arg in flags:
            names.append(flags[arg])
        elif arg.startswith("-"):
            raise ExpansionFlagError(f"no such option {arg}: expansion flags are {known} "
                                     "(see `rftg expansions`)")
        else:
            raise ExpansionFlagError(f"unexpected argument {arg!r}")
    return list(dict.fromkeys(names))


def expansion_help(registry: Registry) -> str:
    """A help paragraph listing the expansion flags, for `rftg new` / `rftg simulate`."""
    lines = [f"{e.flag}: {e.description}" for e in registry.expansions.values()]
    return "Expansions (or --expansion NAME): " + ("; ".join(lines) if lines else "none")
