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
  pending decision, and back (`settle "New Sparta"`); saves hold this form, which the host
  asks of the live game just before it applies the answer (`saves.apply`), and the generic
  prompt reads it too;
* `legal_answers(limit)` / `sample_answer(rng)`: every legal answer (picks included, up to
  `limit`), or one drawn at random: what a searching AI needs;
* `copy()`, `digest()`: a cheap independent copy; a fingerprint of the whole position;
* `view(seat)`: what one seat may see; `determinize(seat, rng)`: a copy in which everything
  that seat cannot see is dealt anew, consistently with what it saw;
* `outcome(seats)`: each seat's (and each non-seat opponent's) standing and the winners;
* `public_events(seat)`: the log lines that seat may read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class SeatResult:
    """One entry of the final (or current) standings.

    `breakdown` is how the score adds up (for the card game: `chips`, `cards`, `bonuses`,
    `extras`); `details` the public facts `show` and `saves` list beside it (tableau, VP
    chips, hand size...). Between equal scores the greater `tie_break` wins.
    """

    name: str
    kind: str                       # the seat's kind ("human", "ai"), or the opponent's
    score: int
    seat: int | None = None         # seat index; None for an opponent that is not a seat
    breakdown: dict = field(default_factory=dict)
    tie_break: tuple = ()
    details: dict = field(default_factory=dict)

    def key(self) -> tuple:
        """What the standings are sorted by: the score, then the tie-break."""
        return (self.score, self.tie_break)


@dataclass(frozen=True)
class Outcome:
    results: tuple[SeatResult, ...]
    winners: tuple[str, ...] = ()   # names; empty while the game runs
    finished: bool = False
    reason: str = ""                # why the game ended, in English
    public: dict = field(default_factory=dict)   # public facts plugins add (their tiles)

    def by_name(self) -> dict[str, SeatResult]:
        return {r.name: r for r in self.results}

    def opponents(self) -> tuple[SeatResult, ...]:
        """The entries that are not seats (a registered `Opponent`'s)."""
        return tuple(r for r in self.results if r.seat is None)


def best(results: tuple[SeatResult, ...] | list[SeatResult]) -> tuple[str, ...]:
    """The names sharing the best score and tie-break: every result still tied after the
    tie-break shares the win (the rulebook's answer for the card game and the solo game)."""
    if not results:
        return ()
    top = max(r.key() for r in results)
    return tuple(r.name for r in results if r.key() == top)


@dataclass(frozen=True)
class Prospect:
    """What an automated opponent should still gain over some rounds, as expected values: VP
    (its whole score), the VP chips of those it takes from the pool, and the cards its
    tableau grows by (each counting towards the game end)."""

    vp: float = 0.0
    chips: float = 0.0
    cards: float = 0.0


@dataclass(frozen=True)
class Opponent:
    """An opponent that is not a seat: it answers no decision, the rules play it (an
    automated solo opponent is one). A plugin adds it to its game's rules when it sets
    them up (for the card game: `rules.opponents` in `rftg_configure_rules`); the host then
    finds it in `game.outcome()` and on the screen without knowing what it is.

    `result(game)` is its standing now (a `SeatResult` with `seat=None`, scored and
    tie-broken on the same scale as the seats); `status(game)` its public state for the
    screen, as a title and lines; `winners(game, results)`, when given, decides the winners
    of a finished game from every standing instead of the best score and tie-break.
    `offers` holds what it gives other plugins' rules, by names those plugins define and
    document (its value of a counter the seats hold, its own reward under their rule).
    `prospect(game, rounds)`, when given, is what it should still gain over `rounds` more
    rounds (a `Prospect`), for an AI seat's judgement: its engine's future, as the AI counts
    its own, and how fast it ends the game. `explain(game)`, when given, is why it made its
    last move, in lines anyone at the table may read (`why` at a prompt).
    """

    name: str
    kind: str
    result: Callable[[Any], SeatResult]
    status: Callable[[Any], tuple[str, list[str]]] | None = None
    winners: Callable[[Any, tuple[SeatResult, ...]], tuple[str, ...]] | None = None
    offers: dict[str, Callable] = field(default_factory=dict)
    prospect: Callable[[Any, float], Prospect] | None = None
    explain: Callable[[Any], list[str]] | None = None


@runtime_checkable
class GameState(Protocol):
    config: Any
    pending: Any
    over: bool
    history: list

    # `trusted`: the answer comes from the decision's own options (a random seat): it may
    # skip the legality check (`TaskDriver.apply`).
    def apply(self, answer, *, trusted: bool = False) -> None: ...
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

    `create(config, seed, registry, record=True)` builds a new game (raising `ConfigError`
    with one line when the configuration cannot be played). `screen` renders a state for
    the terminal: an object with `board(state, me, console, decision)`, `final(state,
    console)` and `status(state, me)` (`rftg_cli.race.render.SCREEN` is the card game's), and
    optionally `score_table(state, console)` (`score`) and `tableau(state, me, console, who)`
    (`tableau [PLAYER]`; None when no name matches).
    `human_seat(source, console, on_save=...)` makes the terminal seat; without one the host
    uses `rftg_cli.players.text_seat.TextSeat`, which needs only the protocol (both may take
    `on_why=`: a callable giving the lines that explain the last computer decision, and
    `on_hint=`: a callable `(game, decision)` giving the lines of a hint, `hint` at a prompt;
    in a learning game `on_teach=`, a callable `(game, decision)` giving the lines to show
    before the options, and `on_default=`, one giving the answer Enter takes, the hint's, or
    None; the `table` takes `on_default=` too).
    `ai_seat(seed)` makes this ruleset's AI seat, `ai_seat(seed, level)` one of the levels
    `ai_levels` names (weakest first; `ai_level` the default, and a save that names no
    level plays the weakest); `players` is the allowed (min, max) count of seats; `solo`
    says that a game of one seat is played against an opponent the ruleset brings itself, so
    `rftg new` without `--ai` seats the player alone; `players_note(config, registry)`, if
    given, is added to the refusal of a count out of `players` (" (--tgs allows 5)").
    `table(console, on_save=..., on_why=..., on_hint=...)`, if given, describes the game for the
    full-screen table: an object whose `view(game, me, decision)` is a
    `rftg_cli.table.view.TableView` (commands typed at the table print on `console`);
    without it the game plays in line mode only.
    `rules`, if given, is "package:file" of the ruleset's rules by topic (`rftg rules`,
    `help TOPIC` in a game), in the shape `rftg_cli.rulebook` reads.
    `catalog`, if given, answers `rftg cards` (for the ruleset a game without expansions
    plays, or the one an expansion flag switches to) and `card NAME` at the generic seat's
    prompt: `filters` (the allowed values of the filters it has, among `set` and `type`, by
    those names; the host refuses an option for a filter it lacks), `find(query, filters)`
    (the pieces matched, every filter given, None when not asked; `ConfigError` when its data
    is broken), `missing(query, filters)` (the line saying nothing matched), `as_json(found)`
    (plain data, one object a piece) and `show(found)` (a rich renderable).
    `calculator`, if given, answers `rftg score` likewise: `inputs()` (name -> the option a
    plugin adds, with `number`, `metavar` and `help`), `score(words, chips, goods, inputs)`
    (the breakdown as plain data; `UsageError` for bad input) and `show(data)`.
    `screen`, `human_seat`, `ai_seat`, `table`, `players_note`, `catalog` and `calculator` may
    be given as "module:attribute" strings, imported only when used (so loading the plugins
    stays fast).
    """

    name: str
    description: str
    create: Callable
    screen: Any = None
    ai_seat: Callable | str | None = None
    ai_levels: tuple[str, ...] = ()
    ai_level: str = ""
    players: tuple[int, int] = (1, 6)
    human_seat: Callable | str | None = None
    solo: bool = False      # one seat plays against the ruleset's own opponent (a bot)
    players_note: Callable | str | None = None
    table: Callable | str | None = None
    rules: str | None = None
    catalog: Any = None
    calculator: Any = None

    def ai_level_for(self, asked: str | None) -> str | None:
        """The AI level to play: `asked` (any case), else the default; None when the AI has
        no levels. ValueError (one line) for a level it does not have."""
        if not self.ai_levels:
            if asked is not None:
                raise ValueError("this game's AI has no levels: drop --ai-level")
            return None
        if asked is None:
            return self.ai_level or self.ai_levels[0]
        if asked.casefold() not in self.ai_levels:
            raise ValueError(f"--ai-level must be one of {', '.join(self.ai_levels)}, "
                             f"not {asked!r}")
        return asked.casefold()

    def part(self, field_name: str):
        """A part given as "module:attribute" (`screen`, `human_seat`, `ai_seat`, `table`,
        `players_note`, `catalog`, `calculator`), imported; any other value as it is."""
        value = getattr(self, field_name)
        if isinstance(value, str):
            import importlib

            module, _, attr = value.partition(":")
            value = getattr(importlib.import_module(module), attr)
        return value
