"""A line of the game's log, and what a reader may join it with."""

from __future__ import annotations

# The kinds of move told in two lines: cards kept (Explore, a start world), a pass a seat
# made unasked (Develop, Settle: said with why when the face-down choices are revealed).
KEEP, PASSED = "keep", "pass"


class Event(tuple):
    """The pair `(who, text)` every reader of the log unpacks (who: -1 for a line every
    seat reads, else the one seat that may), with what makes a move told in two lines
    readable as one, without reading their words: the public line (`Ann explores and keeps
    2.`) and its player's private one (`You keep Gem World.`, logged first) share a `kind`;
    the public one names the seat it is `about`, the private one holds the move `told` in
    one line (`Ann explores and keeps Gem World.`), shown to that seat in the public line's
    place (`render.one_line_each`)."""

    kind: str = ""
    about: int = -1
    told: str = ""

    def __new__(cls, who: int, text: str, kind: str = "", about: int = -1,
                told: str = "") -> Event:
        event = super().__new__(cls, (who, text))
        if kind:        # most lines are plain: no attributes of their own
            event.kind, event.about, event.told = kind, about, told
        return event

    def __getnewargs__(self) -> tuple:
        return (*self, self.kind, self.about, self.told)
