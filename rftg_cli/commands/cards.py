"""`rftg cards [QUERY] [--set SET] [--type world|development] [--json]`: look cards up in
the catalog of the ruleset a game without expansions plays (`Ruleset.catalog`: the card
game's), or, with an expansion flag, in the screen's catalog of the ruleset it switches to.

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


def run(query: str | None = None, card_set: str | None = None, card_type: str | None = None,
        as_json: bool = False) -> int:
    """Do `rftg cards`; returns the exit code."""
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import default_registry, ruleset_of

    ruleset = ruleset_of(GameConfig(), default_registry())
    catalog = ruleset.part("catalog")
    if catalog is None:
        print(f"Error: {ruleset.description} has no catalog to list", file=sys.stderr)
        return 2
    try:
        filters = {name: _choose(value, catalog.filters[name], name)
                   for name, value in (("set", card_set), ("type", card_type))}
    except UsageError as exc:
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


def run_catalog(args: list[str]) -> int:
    """`rftg cards [QUERY] --FLAG` (or `--FLAG [QUERY]`): the pieces of the ruleset an
    expansion flag switches to, through its screen's `catalog(query, console)` (None: no
    match, exit 1 as for a card)."""
    from rftg_cli.commands.new import table_args
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import default_registry, ruleset_of
    from rftg_cli.ui.console import make_console

    registry = default_registry()
    words: list[str] = []
    try:
        names = table_args(args, registry, words).expansions
        if len(words) > 1:
            raise UsageError(f"one QUERY at most, not {len(words)}: quote a name with spaces")
        ruleset = ruleset_of(GameConfig(expansions=tuple(names)), registry)
    except (UsageError, ConfigError) as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 2
    query = words[0] if words else None
    screen = ruleset.part("screen")
    if not hasattr(screen, "catalog"):
        print(f"Error: {ruleset.description} has no catalog to list", file=sys.stderr)
        return 2
    console = make_console()
    table = screen.catalog(query or "", console)
    if table is None:
        from rftg_cli.ui.escape import shown

        print(f"Nothing in {ruleset.description} matches {shown(query or '', 60)}; try part "
              "of a name.", file=sys.stderr)
        return 1
    console.print(table)
    return 0
