"""The arena's pure parts: the bridge's line protocol and the mapping of Keldon's card indexes
to our card numbers by name. No Keldon code is needed to use or test these."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import asdict, dataclass, fields

# Keldon's choice types (the numbers its engine asks with), by the name the arena uses.
CHOICE = {0: "action", 1: "start", 2: "discard", 3: "save", 4: "discard_prestige",
          5: "place", 6: "payment",
          7: "settle_power", 8: "takeover", 9: "defend", 10: "prevent", 11: "upgrade", 12: "trade", 13: "consume", 14: "consume_hand",
          15: "good", 19: "windfall", 20: "produce", 21: "discard_produce",
          16: "lucky", 17: "ante", 18: "keep", 22: "search_type", 23: "search_keep"}
# Keldon's action numbers as our engine's action names: the base game's, The Brink of War's
# Search (0); Keldon's Prestige flag marks our "prestige_" twin of an action.
ACTIONS = {0: "search", 1: "explore5", 2: "explore11", 3: "develop", 5: "settle",
           7: "trade", 8: "consume2", 9: "produce"}
PRESTIGE, PRESTIGE_NAME = 0x80, "prestige_"


def action_name(code: int) -> str:
    """Our engine's name of Keldon's action number."""
    try:
        name = ACTIONS[code & ~PRESTIGE]
    except KeyError:
        raise ProtocolError(f"Keldon's action {code} has no action of ours") from None
    return PRESTIGE_NAME + name if code & PRESTIGE else name


def action_code(name: str) -> int:
    """Keldon's number of our engine's action."""
    base = name.removeprefix(PRESTIGE_NAME)
    codes = {v: k for k, v in ACTIONS.items()}
    if base not in codes:
        raise ProtocolError(f"our action {name!r} has no action of Keldon's")
    return codes[base] | (PRESTIGE if base != name else 0)


class ProtocolError(ValueError):
    """A line of the bridge the arena cannot read."""


@dataclass(frozen=True)
class Question:
    """A question the referee asked (`ASK` for our seat, `KASK` for Keldon's AI in `seat`)."""
    ours: bool
    type: int
    args: tuple[int, int, int]
    items: tuple[int, ...]
    special: tuple[int, ...]
    seat: int = -1              # Keldon's seat asked (-1: our seat)

    @property
    def kind(self) -> str:
        return CHOICE.get(self.type, f"choice {self.type}")


@dataclass(frozen=True)
class Answer:
    """An answer: Keldon's AI's (`KANS`) or ours, in the referee's terms."""
    type: int
    value: int
    items: tuple[int, ...] = ()
    special: tuple[int, ...] = ()

    def line(self) -> str:
        """The answer as the bridge reads it: rv nl list... ns special..."""
        parts = [self.value, len(self.items), *self.items, len(self.special), *self.special]
        return " ".join(map(str, parts))


def _counted(numbers: list[int], at: int) -> tuple[tuple[int, ...], int]:
    """The `n v1 .. vn` run starting at `at`, and where the next run starts."""
    try:
        n = numbers[at]
        run = tuple(numbers[at + 1:at + 1 + n])
    except IndexError:
        raise ProtocolError("a counted list runs past the end of the line") from None
    if len(run) != n:
        raise ProtocolError("a counted list runs past the end of the line")
    return run, at + 1 + n


def parse_line(line: str):
    """One bridge line as (tag, value): C or GOAL -> (idx, name), START -> (seat, idx), HAND ->
    (seat, hand size, tableau size),
    DRAW -> (idx, seat, "hand" or "good", the world a good lies on or -1), DRAWX -> idx,
    MOVED -> (idx, where), ASK/KASK -> Question, KANS -> (Keldon's seat, Answer), WAIT ->
    None, END -> (seat, vp, winner). Seats are named ("ours", "keldonN"); a Question's and
    a KANS's seat is N."""
    tag, _, rest = line.rstrip("\n").partition(" ")
    try:
        if tag in ("C", "GOAL"):
            idx, _, name = rest.partition(" ")
            return tag, (int(idx), name)
        if tag == "START":
            seat, idx = rest.split()
            return tag, (seat, int(idx))
        if tag == "HAND":
            seat, *sizes = rest.split()
            return tag, (seat, *map(int, sizes))
        if tag == "DRAW":
            idx, seat, to, *world = rest.split()
            return tag, (int(idx), seat, to, int(world[0]) if world else -1)
        if tag == "DRAWX":
            return tag, int(rest)
        if tag == "MOVED":
            idx, where = rest.split()
            return tag, (int(idx), int(where))
        if tag == "WAIT":
            return tag, None
        if tag == "END":
            seat, vp, winner = rest.split()
            return tag, (seat, int(vp), int(winner))
        words = rest.split()
        seat = -1
        if tag in ("KASK", "KANS") and words:   # Keldon's seat first: "keldonN", N its seat
            seat, words = int(words[0].removeprefix("keldon")), words[1:]
        numbers = [int(x) for x in words]
    except ValueError:
        raise ProtocolError(f"unreadable bridge line: {line.strip()!r}") from None
    if tag in ("ASK", "KASK"):
        items, at = _counted(numbers, 4)
        special, _ = _counted(numbers, at)
        return tag, Question(tag == "ASK", numbers[0], tuple(numbers[1:4]), items, special,
                             seat)
    if tag == "KANS":
        items, at = _counted(numbers, 2)
        special, _ = _counted(numbers, at)
        return tag, (seat, Answer(numbers[0], numbers[1], items, special))
    raise ProtocolError(f"unknown bridge line: {line.strip()!r}")


class CardMap:
    """Keldon's card indexes and our card numbers, matched copy for copy by name."""

    def __init__(self, theirs: dict[int, str], ours: list[str]) -> None:
        numbers: dict[str, list[int]] = defaultdict(list)
        for number, name in enumerate(ours):
            numbers[name.casefold()].append(number)
        self.to_ours: dict[int, int] = {}
        for idx in sorted(theirs):
            free = numbers.get(theirs[idx].casefold())
            if not free:
                raise ProtocolError(f"Keldon's card {theirs[idx]!r} (index {idx}) has no "
                                    "unmatched card of that name in our deck")
            self.to_ours[idx] = free.pop(0)
        self.to_theirs = {v: k for k, v in self.to_ours.items()}
        self.unmatched = sorted(n for names in numbers.values() for n in names)

    def ours(self, idx: int) -> int:
        return self.to_ours[idx]

    def theirs(self, number: int) -> int:
        try:
            return self.to_theirs[number]
        except KeyError:
            raise ProtocolError(f"our card {number} has no Keldon card") from None


@dataclass(frozen=True)
class Record:
    """A rules discrepancy or a stopped game, with what replays it: the game's settings and
    seed, and how many answers our engine had applied (`decision`) when it happened."""
    kind: str                   # "discrepancy" or "stop"
    seed: int
    our_seat: int
    level: str
    players: int
    expansion: int
    decision: int
    round: int
    message: str
    referee: tuple[str, ...] = ()   # the referee's legal choices there, named
    ours: tuple[str, ...] = ()      # our engine's

    def line(self) -> str:
        """One JSON line (a records file holds one per line)."""
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def read(cls, line: str) -> Record:
        try:
            data = json.loads(line)
        except ValueError:
            raise ProtocolError(f"not an arena record (JSON): {line.strip()[:60]!r}") from None
        names = [f.name for f in fields(cls)]
        missing = [n for n in names[:9] if not isinstance(data, dict) or n not in data]
        if missing:
            raise ProtocolError(f"arena record without {', '.join(missing)}: "
                                f"{line.strip()[:60]!r}")
        record = cls(**{n: data[n] for n in names if n in data})
        for f in fields(cls):
            value = getattr(record, f.name)
            if f.name in NAMES:
                if not isinstance(value, list | tuple) or not all(isinstance(v, str)
                                                                  for v in value):
                    raise ProtocolError(f"arena record: {f.name} must be a list of names")
                object.__setattr__(record, f.name, tuple(value))
            elif f.name in TEXT and not isinstance(value, str):
                raise ProtocolError(f"arena record: {f.name} must be text")
            elif f.name not in TEXT and (type(value) is not int):
                raise ProtocolError(f"arena record: {f.name} must be a whole number")
        if record.kind not in ("discrepancy", "stop"):
            raise ProtocolError(f"arena record: unknown kind {record.kind!r}")
        return record


TEXT = ("kind", "level", "message")      # the record's text fields; NAMES are lists
NAMES = ("referee", "ours")


def read_records(text: str) -> list[Record]:
    """The records of a records file (blank lines skipped)."""
    return [Record.read(line) for line in text.splitlines() if line.strip()]
