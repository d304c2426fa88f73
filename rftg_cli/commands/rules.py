"""`rftg rules [TOPIC]`: the rules by topic, paged on a terminal, printed as they are when
piped; `--list` (or no topic) lists the topics."""

from __future__ import annotations

import sys

from ..plugins import default_registry
from ..rulebook import find, listing, unknown


def run(topic: str | None, list_only: bool) -> int:
    registry = default_registry()
    if list_only or topic is None:
        print("Rules topics (`rftg rules TOPIC`):")
        print("\n".join(listing(registry)))
        return 0
    found = find(topic, registry)
    if found is None:
        print(f"rftg rules: {unknown(topic, registry)}", file=sys.stderr)
        return 2
    show("\n".join(found.lines()))
    return 0


def show(text: str) -> None:
    """Through rich's pager on a terminal, else plain."""
    if not sys.stdout.isatty():
        print(text)
        return
    from ..ui.console import make_console

    console = make_console()
    with console.pager():
        console.print(text, markup=False, highlight=False)

