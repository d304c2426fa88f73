"""What a ruleset shows one seat at the table: the description the full-screen table lays
out (`Ruleset.table`), never a second copy of the rules.

A ruleset builds a `TableView` for the seat that is asking: the status and the scoreboard,
the list the seat moves through (the decision's choices, then the rest of its hand), every
tableau, the log, and the decision itself. The decision carries its own readers (`answer`
for rows chosen by keys, `read` for a typed line), so a key press and a typed answer go
through the ruleset's one answer grammar and are the same answer in the save.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Row:
    """One line of the list: a choice (`value` is what choosing it answers) or a card held
    that is no choice now (`value` None). `text` is the whole text the card pane shows."""

    label: str
    note: str = ""              # what it costs now ("pay 2"), or a short kind
    text: tuple[str, ...] = ()
    value: Any = None
    choice: bool = False
    playable: bool = False      # a card you could place now
    style: str = ""             # a colour class: "dev", "novelty", "rare", "gene", ...
    short: str = ""             # the list's wording of a long label (the bar says it whole)
    noun: str = "card"          # what the line shows, in the table's messages ("tile")


@dataclass(frozen=True)
class Section:
    title: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class ScoreRow:
    """A seat's (or a non-seat opponent's) standing now: its total and how it adds up."""

    name: str
    total: int
    parts: str                  # "chips 3 + cards 8 + bonus 2"
    facts: str                  # "tableau 5/12 · hand 4 · goods 1"
    me: bool = False


class Browse(Exception):
    """Raised by `Ask.answer` when the rows chosen are no answer but a step through the
    choices (a group opened, or closed again): the table asks the ruleset for the view
    again and shows it, the decision still waiting."""

# An Ask's default that says there is none ("no default: mark 2 action cards"), as line mode
# words it; the bar shows it as it is, not after "default:".
NO_DEFAULT = "no default"
# A learning game's default, the hint's answer ("hint: Gem World"): the bar says "(the hint)".
HINTED = "hint: "


@dataclass(frozen=True)
class Ask:
    """The decision: what is asked, its default in words, how the list answers it.

    `pick` (low, high): Space marks rows and Enter answers with the marked ones (`marked`
    holds the default's); None: Enter answers with the highlighted row. `answer(values)`
    turns the chosen rows' values into the answer (IllegalChoice, one line, when they are
    not one; `Browse` when they open a group of choices); `read(text)` a typed line (None
    when the line was a command it carried out).
    """

    prompt: str
    default: str
    answer: Callable[[tuple], Any]
    read: Callable[[str], Any]
    pick: tuple[int, int] | None = None
    marked: tuple = ()
    cursor: Any = None
    completions: tuple[tuple[str, str], ...] = ()
    mark_word: str = "mark"     # what a mark means here ("discard", "keep")


@dataclass(frozen=True)
class TableView:
    status: str
    scores: tuple[ScoreRow, ...]
    sections: tuple[Section, ...]
    tableaux: tuple[tuple[str, tuple[str, ...]], ...]   # (title, lines) for every seat
    log: tuple[str, ...]
    ask: Ask | None = None
    warning: str = ""
    extra: dict = field(default_factory=dict)
    legend: tuple = ()          # the glossary's marks (`rftg_cli.legend.marks_of`): the
                                # legend line names those on screen
