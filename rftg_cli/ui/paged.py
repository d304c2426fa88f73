"""Long text in line mode, one screenful at a time: a learning game's first lesson (the
overview and a round, about 30 rows) scrolled its start off an 80x24 terminal before the
first prompt."""

from __future__ import annotations

from collections.abc import Callable

from .prompts import UnreadableInput

MORE = "-- more: Enter reads on --"


def paged(lines: list[str], console, source, say: Callable[[str], None]) -> None:
    """Say `lines`; on a terminal, Enter is asked for before a row would scroll the first
    one shown off the screen. Piped, or at the end of input, all at once."""
    if not console.is_terminal:
        for line in lines:
            say(line)
        return
    room, width = max(4, console.height - 2), max(1, console.width)
    used = 0
    for line in lines:
        rows = max(1, -(-len(line) // width))
        if used and used + rows > room and source is not None:
            try:
                source.ask(MORE, [], None)
            except EOFError:        # the end of input: the prompt after says it
                source = None
            except UnreadableInput:
                pass                # keys that are no line: read on all the same
            used = 0
        say(line)
        used += rows
