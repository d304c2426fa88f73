"""The board's legend line (issue 39): the marks and abbreviations a screen shows, each
named in a word or two, then where the rest is explained (`help terms`).

The names come from the game's glossary, its rules topic `terms` (`rftg_cli.rulebook`), so the
legend and the glossary never disagree. A glossary line is "MARK   explanation" (several
marks separated by ", "); the words of the explanation in braces are the mark's name in the
legend ("■   a {good} on that world (* in ASCII)"), and "(X in ASCII)" is the mark an ASCII
screen draws instead; a line explaining "at the table: ..." names a mark of the full-screen
table only. Only the marks found on the screen are named, so the line stays short.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

MORE = "help terms: all"
GAP = "  "


@dataclass(frozen=True)
class Mark:
    """One glossary line's marks, their names in the legend, and the ASCII stand-in."""

    marks: tuple[str, ...]
    names: tuple[str, ...]
    ascii: str = ""
    table: bool = False         # a mark of the full-screen table only

    def drawn(self, ascii: bool) -> tuple[str, ...]:
        """The marks as the screen draws them (an ASCII screen draws the stand-in)."""
        if not ascii:
            return self.marks
        return (self.ascii,) if self.ascii else tuple(m for m in self.marks if m.isascii())


@functools.cache
def glossary_marks(body: str) -> tuple[Mark, ...]:
    """The marks a glossary's text names in braces, in its order."""
    entries: list[str] = []
    for line in body.splitlines():
        if line.startswith(" ") and entries:         # a line going on
            entries[-1] += " " + line.strip()
        else:
            entries.append(line)
    out = []
    for entry in entries:
        names = tuple(re.findall(r"\{([^}]+)\}", entry))
        head = re.match(r"(\S.*?)\s{2,}", entry)
        if names and head:
            ascii = re.search(r"\((\S+) in ASCII\)", entry)
            out.append(Mark(tuple(head.group(1).split(", ")), names,
                            ascii.group(1) if ascii else "",
                            entry[head.end():].startswith("at the table")))
    return tuple(out)


def marks_of(config) -> tuple[Mark, ...]:
    """The legend's marks of a game's glossary (none when its ruleset has no `terms`)."""
    from .plugins import default_registry, ruleset_name
    from .rulebook import find

    registry = default_registry()
    topic = find("terms", registry, ruleset_name(config, registry))
    return glossary_marks(topic.body) if topic is not None else ()


def shape(mark: str) -> re.Pattern:
    """A mark as found on a screen: any number where it has one ("0+5": 2+3 too), a word
    whole ("W", not the W of "World"); "N" alone stands for any number ("$N": $5)."""
    body = re.sub(r"\d+|(?<![A-Za-z])N(?![A-Za-z])", lambda _: r"\d+", re.escape(mark))
    return re.compile((r"(?<!\w)" if mark[0].isalnum() else "") + body +
                      (r"(?!\w)" if mark[-1].isalnum() else ""))


def legend(marks: tuple[Mark, ...], shown: str, width: int, ascii: bool = False,
           table: bool = False, most: int = 1) -> str:
    """The legend of a screen whose text is `shown` (the full-screen `table`'s or line
    mode's): each mark found there with its names, in at most `most` lines of `width`, then
    `help terms`; a mark with no room left is in `help terms` only."""
    shown = " ".join(shown.split())         # a mark wrapped over two lines is one
    named: dict[str, list[str]] = {}
    for mark in marks:
        if mark.table and not table:
            continue
        found = [m for m in mark.drawn(ascii) if shape(m).search(shown)]
        if found:
            names = named.setdefault("/".join(found), [])
            names += [n for n in mark.names if n not in names]

    lines = [""]
    room = width - len(GAP) - len(MORE)     # each line may be the last, `help terms` on it
    for part in (f"{drawn} {'/'.join(names)}" for drawn, names in named.items()):
        if len(lines[-1]) + len(part) <= room:
            lines[-1] += part + GAP
        elif len(lines) < most and len(part) <= room:
            lines.append(part + GAP)
    return "\n".join([line.rstrip() for line in lines[:-1]] + [lines[-1] + MORE])


class Legended:
    """A line-mode board (rich renderables) with its legend under it: the board is drawn
    once, and the legend names the marks found in what was drawn (two lines at most; the
    full-screen table has room for one)."""

    def __init__(self, config, parts: list) -> None:
        self.config = config
        self.parts = parts

    def __rich_console__(self, console, options):
        from rich.console import Group
        from rich.segment import Segment
        from rich.text import Text

        lines = console.render_lines(Group(*self.parts), options, pad=False)
        for line in lines:
            yield from line
            yield Segment.line()
        shown = "\n".join("".join(segment.text for segment in line) for line in lines)
        yield Text(legend(marks_of(self.config), shown, options.max_width,
                          getattr(console, "ascii_only", False), most=2), style="dim")
