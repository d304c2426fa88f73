"""Rulesets: a whole game as a plugin, and the one protocol the host uses for every game.

The host (saves, seats, the play loop, `simulate`, `show`, `saves`, undo, the screen) never
looks inside a game: it drives any `GameState` through the methods below. Race for the
Galaxy (the card game) is the ruleset "race", registered by the base game like any other;
a plugin registers another through the `rftg_register_rulesets` hook, and an expansion that
declares `ruleset="name"` switches a game to it.

The protocol, modelled on OpenSpiel's State and python-chess's Board:

* `pending`: the `Decision` a seat must answer now (None when the game is over), `over`;
* `apply(answer)`: validate and play an answer (`IllegalChoice`, state unchanged, if illegal);
* `history`: every answer given, in order (with config + seed, the whole game);
* `answer_text(answer)` / `parse_answer(text)`: the readable text form of an answer to the
  pending decision, and back (`settle "New Sparta"`); saves hold this form;
* `legal_answers(limit)` / `sample_answer(rng)`: every legal answer (picks included, up to
  `limit`), or one drawn at random: what a searching AI needs;
* `copy()`, `digest()`: a cheap independent copy; a fingerprint of the whole position;
* `view(seat)`: what one seat may see; `determinize(seat, rng)`: a copy in which everything
  that seat cannot see is dealt anew, consistently with what it saw;
* `outcome()`: each seat's (and each non-seat opponent's) score and the winners;
* `public_events(seat)`: the log lines that seat may read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class SeatResult:
    """One entry of the final (or current) standings."""

    name: str
    kind: str                       # "human", "ai", "random", or an opponent such as "robot"
    score: int
    seat: int | None = None         # seat index; None for an opponent that is not a seat
    breakdown: dict = field(default_factory=dict)
    tie_break: tuple = ()


@dataclass(frozen=True)
class Outcome:
    results: tuple[SeatResult, ...]
    winners: tuple[str, ...] = ()   # names; empty while the game runs
    finished: bool = False
    reason: str = ""                # why the game ended, in English

    def by_name(self) -> dict[str, SeatResult]:
        return {r.name: r for r in self.results}


@runtime_checkable
class GameState(Protocol):
    config: Any
    pending: Any
    over: bool
    history: list

    def apply(self, answer) -> None: ...
    def answer_text(self, answer) -> str: ...
    def parse_answer(self, text: str): ...
    def legal_answers(self, limit: int = ...) -> list: ...
    def sample_answer(self, rng): ...
    def copy(self, *, record: bool = False) -> GameState: ...
    def digest(self) -> str: ...
    def view(self, player: int) -> dict: ...
    def determinize(self, player: int, rng) -> GameState: ...
    def outcome(self, seats: list[str] | None = None) -> Outcome: ...
    def public_events(self, player: int) -> list[str]: ...


@dataclass(frozen=True)
class Ruleset:
    """What a ruleset plugin registers.

    `create(config, seed, registry)` builds a new game (raising `ConfigError` with one line
    when the configuration cannot be played). `screen` renders a state for the terminal:
    an object with `board(state, me, console, decision)`, `final(state, console)` and
    `status(state, me)` (see `rftg_cli.ui.render` for the card game's). `ai_seat(seed)` makes
    this ruleset's AI seat; `players` is the allowed (min, max) count of seats.
    """

    name: str
    description: str
    create: Callable
    screen: Any = None
    ai_seat: Callable | None = None
    players: tuple[int, int] = (1, 6)
