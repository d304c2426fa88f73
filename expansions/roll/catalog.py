"""The dice game's catalog: `rftg cards --roll [QUERY] [--type tile|faction|home|die]
[--json]` and `card NAME` in a game, registered as `Ruleset.catalog` (the command and the
prompt are the host's).

Its pieces are what a player can build: the game tiles (a development on one side, a world
on the other), the faction tiles (faction 9: two worlds) and the home worlds. A QUERY is a
case-insensitive part of a side's name or text. The dice, which nobody builds, are listed
when asked for (`--type die`: colour, count, faces, the worlds each matches when consuming).
The dice game has no card sets, so it has no `set` filter (the host refuses `--set`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from rftg_cli.ui.console import box_for
from rftg_cli.ui.escape import shown

from .data import Die, RollData, Side, load_data
from .screen import DIE_STYLE, WORLD_STYLE

GAME = "Roll for the Galaxy, the dice game"
TYPES = ("tile", "faction", "home", "die")


@dataclass(frozen=True)
class Piece:
    """One tile a player can build: `kind` is one of TYPES, `number` its number in its kind."""

    kind: str
    number: int
    sides: tuple[Side, ...]
    name: str = ""                      # a faction's name
    start_credits: int | None = None    # a home world's credits at the start

    @property
    def label(self) -> str:
        """'23' for a game tile, 'faction 1', 'home 9'."""
        return str(self.number) if self.kind == "tile" else f"{self.kind} {self.number}"

    def holds(self, needle: str) -> bool:
        """Whether a side's name or text holds `needle` (folded)."""
        text = " ".join(f"{s.name} {s.text} {s.bonus_text}" for s in self.sides)
        return needle in text.lower()


def pieces(data: RollData) -> list[Piece]:
    """Every piece, in the order of the box: game tiles, factions, home worlds."""
    found = [Piece("tile", t.id, (t.development, t.world)) for t in data.tiles.values()]
    found += [Piece("faction", f.number, f.sides, name=f.name) for f in data.factions]
    found += [Piece("home", h.number, (h.side,), start_credits=h.start_credits)
              for h in data.homes]
    return found


def die_words(die: Die) -> str:
    """What a QUERY is looked for in: the colour and the faces."""
    return f"{die.color} {' '.join(die.faces)}"


def matched_worlds(die: Die) -> str:
    """The worlds this die matches when consuming: +1 VP as the good or as the shipper
    (rulebook, Ship; `powers.consume_vp`)."""
    return {"none": "-", "any": "every world"}.get(die.matches, f"{die.matches} worlds")


def side_json(side: Side) -> dict:
    data = asdict(side)
    del data["tile"]            # the piece says which it is
    return data


def piece_json(piece: Piece) -> dict:
    return {"kind": piece.kind, "number": piece.number, "label": piece.label,
            "name": piece.name or None, "start_credits": piece.start_credits,
            "sides": [side_json(s) for s in piece.sides]}


def side_cell(side: Side) -> Text:
    """A side in plain English: name, colour and cost, its power (and its end bonus)."""
    if side.is_world:
        head = Text(f"{side.name} ({side.color} {side.cost})\n", style=WORLD_STYLE[side.color])
        return head.append(side.text, style="")
    end = f"\nEnd: {side.bonus_text}" if side.bonus_text else ""
    return Text(f"{side.name} ({side.cost})\n", style="magenta").append(side.text + end,
                                                                       style="")


class PieceTable:
    """Pieces as one table, both sides in plain English; drawn with the console's boxes
    (ASCII on a console that is ASCII only)."""

    def __init__(self, found: list[Piece]) -> None:
        self.found = found

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table(box=box_for(console), show_lines=True)
        for col in ("#", "Development", "World"):
            table.add_column(col)
        for piece in self.found:
            devs = [side_cell(s) for s in piece.sides if not s.is_world]
            worlds = [side_cell(s) for s in piece.sides if s.is_world]
            table.add_row(piece.label, Text("\n").join(devs) if devs else Text("-", style="dim"),
                          Text("\n").join(worlds))
        yield table


class DiceTable:
    """The dice as one table: colour, how many the game has, faces, the worlds each
    matches."""

    def __init__(self, found: list[Die]) -> None:
        self.found = found

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table(box=box_for(console))
        for col in ("Die", "Count", "Faces", "Matches when consuming"):
            table.add_column(col, justify="right" if col == "Count" else "left")
        for die in self.found:
            table.add_row(Text(die.color, style=DIE_STYLE[die.color]), str(die.count),
                          ", ".join(die.faces), matched_worlds(die))
        yield table


class Catalog:
    """What `rftg cards --roll` and `card NAME` ask of the dice game (`Ruleset.catalog`)."""

    filters: ClassVar[dict[str, tuple[str, ...]]] = {"type": TYPES}

    def find(self, query: str | None, filters: dict[str, str | None]) -> list[Piece | Die]:
        kind = filters.get("type")
        needle = (query or "").lower()
        if kind == "die":
            return [d for d in load_data().dice.values() if needle in die_words(d)]
        return [p for p in pieces(load_data())
                if (kind is None or p.kind == kind) and p.holds(needle)]

    def missing(self, query: str | None, filters: dict[str, str | None]) -> str:
        """The line that says nothing matched."""
        kind = f" of type {filters['type']}" if filters.get("type") else ""
        return (f"Nothing{kind} in {GAME} matches {shown(query or '', 60)}; try part of a "
                "name.")

    def as_json(self, found: list) -> list[dict]:
        return [piece_json(p) if isinstance(p, Piece) else {"kind": "die", **asdict(p)}
                for p in found]

    def show(self, found: list):
        """A table of the pieces, or of the dice (found alone: `--type die`)."""
        return DiceTable(found) if isinstance(found[0], Die) else PieceTable(found)


CATALOG = Catalog()
