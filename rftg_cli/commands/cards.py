"""`rftg cards [QUERY] [--set SET] [--type TYPE] [--json] [--FLAG]`: look pieces up in the
catalog (`Ruleset.catalog`) of the ruleset a game without expansions plays (the card game's),
or, with the flag of an expansion that is another game, of the ruleset it switches to (`rftg
cards --roll`: the dice game's).

Exit codes: 0 found, 1 nothing matches, 2 bad option value; every error is one line on
stderr.
"""

from __future__ import annotations

import json
import sys

from rftg_cli.errors import ConfigError, UsageError


def _choose(value: str | None, allowed: tuple[str, ...], what: str) -> str | None:
    if value is None:
        return None
    folded = value.strip().casefold()
    if folded not in allowed:
        from rftg_cli.ui.escape import shown

        raise UsageError(f"unknown {what} {shown(value)}: choose one of {', '.join(allowed)}")
    return folded


def _ruleset(args: list[str], registry):
    """The ruleset whose catalog the expansion flags in `args` ask for, and the QUERY among
    `args` (one at most); `UsageError` or `ConfigError` in one line."""
    from rftg_cli.commands.new import table_args
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import ruleset_of

    words: list[str] = []
    names = table_args(args, registry, words).expansions
    if len(words) > 1:
        raise UsageError(f"one QUERY at most, not {len(words)}: quote a name with spaces")
    ruleset = ruleset_of(GameConfig(expansions=tuple(names)), registry)
    if names and ruleset.name == ruleset_of(GameConfig(), registry).name:
        flags = " ".join(registry.expansions[n].flag for n in names)
        raise UsageError(f"{flags} has no catalog of its own: `rftg cards` lists every "
                         "installed expansion's cards; drop the flag")
    return ruleset, (words[0] if words else None)


def _filters(catalog, ruleset, asked: dict[str, str | None]) -> dict[str, str | None]:
    """The filters asked, checked against those the catalog has (`UsageError`)."""
    for name, value in asked.items():
        if value is not None and name not in catalog.filters:
            raise UsageError(f"{ruleset.description} has no {name} to filter by: drop "
                             f"--{name}")
    return {name: _choose(asked.get(name), allowed, name)
            for name, allowed in catalog.filters.items()}


def run(query: str | None = None, card_set: str | None = None, card_type: str | None = None,
        as_json: bool = False, args: list[str] | None = None) -> int:
    """Do `rftg cards`; `args` are the extra arguments (expansion flags, and the QUERY when a
    flag came first); returns the exit code."""
    from rftg_cli.plugins import default_registry

    try:
        ruleset, query = _ruleset(([query] if query else []) + list(args or ()),
                                  default_registry())
        catalog = ruleset.part("catalog")
        if catalog is None:
            raise UsageError(f"{ruleset.description} has no catalog to list")
        filters = _filters(catalog, ruleset, {"set": card_set, "type": card_type})
    except (UsageError, ConfigError) as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 2
    try:
        found = catalog.find(query, filters)
    except ConfigError as exc:   # broken card data, or a plugin failed to declare its kinds
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    if not found:
        print(catalog.missing(query, filters), file=sys.stderr)
        return 1
    if as_json:
        sys.stdout.write(json.dumps(catalog.as_json(found), indent=2, ensure_ascii=False)
                         + "\n")
        return 0
    from rftg_cli.ui.console import make_console

    make_console().print(catalog.show(found))
    return 0
