"""`rftg rules [TOPIC]`: the rules by topic, paged on a terminal, printed as they are when
piped; `--list` (or no topic) lists the topics."""

from __future__ import annotations

import re
import sys
import textwrap

from ..plugins import default_registry
from ..rulebook import GLOSSARY_ROW, LIST_ITEM, find, listing, unknown

PIPED_WIDTH = 80     # piped, nothing wraps the lines for the reader: we do


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
    """Through rich's pager on a terminal (it wraps at the terminal's width), else plain,
    wrapped at 80 columns (a paragraph is one line of the topic)."""
    if not sys.stdout.isatty():
        print("\n".join(wrapped(line, PIPED_WIDTH) for line in text.splitlines()))
        return
    from ..ui.console import make_console

    console = make_console()
    with console.pager():
        console.print(text, markup=False, highlight=False)



def wrapped(line: str, width: int) -> str:
    """A line of a topic at `width`, its rows after the first under the text of a list item
    or a glossary row ("1. ", "-  ", "$N   your credits...")."""
    row = GLOSSARY_ROW.search(line)
    item = LIST_ITEM.match(line)
    indent = re.match(r"\S.*?\s{2,}", line).end() if row and not item else \
        item.end() if item else 0
    return textwrap.fill(line, width, subsequent_indent=" " * indent,
                         break_long_words=False, break_on_hyphens=False) or line
