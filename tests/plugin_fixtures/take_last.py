"""A minimal ruleset that is not a card game: Take the Last (a Nim with a hidden reserve).

Players take 1 to 3 counters from a pile in turn; whoever takes the last one wins. Each
player also has a secret reserve card (0-2, drawn at setup) added to their score at the end:
hidden information, so `view` and `determinize` have something to do. `--take-last` switches
a game to this ruleset; it exists to exercise the host's ruleset protocol end to end.
"""

from __future__ import annotations

import hashlib
import sys

from rftg_cli.decision import Decision, IllegalChoice
from rftg_cli.driver import TaskDriver, TaskTable, task
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion
from rftg_cli.rng import Rng
from rftg_cli.ruleset import Outcome, Ruleset, SeatResult

PILE = 15


class TakeLast(TaskDriver):
    __slots__ = ("config", "rng", "pile", "reserve", "taken", "turn", "events", "record")

    def __init__(self, config, seed: int, record: bool = True) -> None:
        tasks = TaskTable("take-last")
        tasks.add_module(sys.modules[__name__])
        self.steps = tasks.steps
        self.config, self.record = config, record
        self.rng = Rng(seed)
        self.pile, self.turn = PILE, 0
        self.reserve = [self.rng.randbelow(3) for _ in range(config.players)]
        self.taken = [0] * config.players
        self.tasks, self.pending, self.resume, self.history = [("turn",)], None, None, []
        self.over, self.events = False, []
        self.run()

    # the protocol
    def answer_text(self, answer) -> str:
        return f"take {answer}"

    def parse_answer(self, text: str):
        word, _, number = text.strip().partition(" ")
        if word != "take" or not number.strip().isascii() or not number.strip().isdigit():
            raise IllegalChoice(f"{text!r}: answer `take N`")
        return int(number)

    def legal_answers(self, limit: int = 1000) -> list:
        return list(self.pending.options)[:limit]

    def sample_answer(self, rng):
        return rng.choice(self.pending.options)

    def copy(self, *, record: bool = False) -> TakeLast:
        new = TakeLast.__new__(TakeLast)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(new, name, value.copy() if isinstance(value, list) else value)
        self.copy_driver(new)
        new.rng = self.rng.copy()
        new.record = record
        return new

    def digest(self) -> str:
        return hashlib.sha256(repr((self.pile, self.reserve, self.taken, self.turn,
                                    self.over)).encode()).hexdigest()[:16]

    def view(self, player: int) -> dict:
        return {"pile": self.pile, "taken": list(self.taken), "turn": self.turn,
                "my_reserve": self.reserve[player], "over": self.over}

    def determinize(self, player: int, rng) -> TakeLast:
        new = self.copy()
        new.reserve = [r if i == player else rng.randbelow(3) for i, r in enumerate(self.reserve)]
        new.rng = rng.spawn()
        return new

    def outcome(self, seats=None) -> Outcome:
        names = self.config.player_names()
        results = tuple(SeatResult(names[i], (seats or ["?"] * len(names))[i],
                                   self.taken[i] + self.reserve[i] + (5 if self.winner == i else 0),
                                   seat=i) for i in range(len(names)))
        winners = ()
        if self.over:
            best = max(r.score for r in results)
            winners = tuple(r.name for r in results if r.score == best)
        return Outcome(results, winners, self.over, "the pile is empty" if self.over else "")

    def public_events(self, player: int) -> list[str]:
        return list(self.events)

    @property
    def winner(self) -> int | None:
        return (self.turn - 1) % self.config.players if self.over else None


@task("turn")
def turn(game: TakeLast) -> None:
    if game.pile > 0:
        options = tuple(n for n in (1, 2, 3) if n <= game.pile)
        game.ask(Decision("take", game.turn, options, None, f"Take 1-{options[-1]} counters"),
                 "took")


@task("took")
def took(game: TakeLast, answer: int) -> None:
    game.pile -= answer
    game.taken[game.turn] += answer
    game.events.append(f"{game.config.player_names()[game.turn]} took {answer}.")
    game.turn = (game.turn + 1) % game.config.players
    game.push(("turn",))


class Screen:
    def status(self, state: TakeLast, me: int) -> str:
        return f"Pile: {state.pile}   Taken: {state.taken}   Your reserve: {state.reserve[me]}"

    def board(self, state: TakeLast, me: int, console, decision=None) -> str:
        return self.status(state, me)

    def final(self, state: TakeLast, console) -> str:
        return "Final: " + ", ".join(f"{r.name} {r.score}" for r in state.outcome().results)


def create(config, seed, registry, *, record=True) -> TakeLast:
    return TakeLast(config, seed, record)


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(name="take-last", flag="--take-last", ruleset="take-last",
                       description="Take the Last: a tiny test ruleset", min_players=2,
                       max_players=4))


@hookimpl
def rftg_register_rulesets(register):
    register(Ruleset(name="take-last", description="Take the Last (test ruleset)",
                     create=create, screen=Screen(), players=(2, 4)))
