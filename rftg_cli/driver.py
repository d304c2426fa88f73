"""The task-stack driver shared by every ruleset: run / ask / apply / push.

The rules of a game run as a stack of small *tasks* (name + arguments). A task either does
its step of the rules and pushes the next tasks, or asks a seat a `Decision` and names the
task that resumes with the answer. Because the stack holds only plain tuples, a game can be
copied at any decision point (AI look-ahead) and replayed from its list of answers (saves).

A rules step is marked with its name (`@task("name")`) beside its code; a game's `TaskTable`
collects the steps of the modules its rules are built from (`TaskTable.add_module`), so an
expansion's steps exist only in the games it is on in, and importing a module registers
nothing. A game's state derives from `TaskDriver` and holds its table's steps (`steps`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .decision import Decision, IllegalChoice


def task(name: str):
    """Mark a rules step with the name the task stack (and its `ask`s) call it by; a game's
    `TaskTable` takes it from its module (`TaskTable.add_module`)."""

    def mark(fn: Callable) -> Callable:
        fn.task_name = name  # type: ignore[attr-defined]
        return fn

    return mark


class TaskTable:
    """The named rules steps of one game, filled while its rules are built."""

    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset
        self.steps: dict[str, Callable] = {}

    def copy(self) -> TaskTable:
        new = TaskTable(self.ruleset)
        new.steps = self.steps.copy()
        return new

    def add(self, name: str, fn: Callable) -> None:
        """Register a rules step under `name` (a name taken by another step is an error)."""
        if self.steps.get(name, fn) is not fn:
            raise ValueError(f"ruleset {self.ruleset}: task {name!r} is already registered "
                             f"by {self.steps[name].__module__}")
        self.steps[name] = fn

    def add_module(self, module) -> None:
        """Register every step `module` defines and marks with `@task`."""
        for fn in vars(module).values():
            name = getattr(fn, "task_name", None)
            if name is not None and fn.__module__ == module.__name__:
                self.add(name, fn)

    def __getitem__(self, name: str) -> Callable:
        return self.steps[name]

    def __contains__(self, name: str) -> bool:
        return name in self.steps


class TaskDriver:
    """The driver part of a game state: the slots `steps` (its `TaskTable`'s steps),
    `tasks`, `pending`, `resume`, `history` and `over` (a subclass sets them, without naming
    them again in its own `__slots__`)."""

    __slots__ = ("steps", "tasks", "pending", "resume", "history", "over")
    steps: dict[str, Callable]
    tasks: list[tuple]
    pending: Decision | None
    resume: tuple[str, tuple] | None
    history: list
    over: bool

    def run(self, seats: list[tuple] | None = None, answer=None, trusted: bool = False) -> None:
        """Run tasks until a seat must decide or the game is over. With `seats`, (choose,
        trusted) for each player, every decision is answered at once by its seat's
        `choose(game, decision)`, until the game is over: one loop instead of a return, an
        `apply` and a `run` for each answer. `answer` (not None) answers the pending decision
        first (`apply`, which says what `trusted` means).

        A call unpacking a task's arguments (`*entry[1:]`) costs three plain ones: the usual
        sizes are called plainly."""
        tasks = self.tasks
        steps = self.steps
        while True:
            decision = self.pending
            if decision is not None:
                if answer is None:
                    if seats is None:
                        return
                    choose, trusted = seats[decision.player]
                    answer = choose(self, decision)
                if not trusted:
                    answer = decision.check(answer)
                elif decision.count is not None:
                    answer = tuple(sorted(answer))
                name, args = self.resume  # type: ignore[misc]  # set with `pending`
                self.pending = None
                self.resume = None
                self.history.append(answer)
                if len(args) == 1:          # the usual seat: called without unpacking
                    steps[name](self, answer, args[0])
                elif len(args) == 2:
                    steps[name](self, answer, args[0], args[1])
                else:
                    steps[name](self, answer, *args)
                answer = None
                continue
            if not tasks:
                break
            entry = tasks.pop()
            n = len(entry)
            if n == 2:
                steps[entry[0]](self, entry[1])
            elif n == 1:
                steps[entry[0]](self)
            elif n == 3:
                steps[entry[0]](self, entry[1], entry[2])
            else:
                steps[entry[0]](self, *entry[1:])
        self.over = True

    def ask(self, decision: Decision, resume: str, *args) -> None:
        """Pause for a decision; `resume` is the task that gets (answer, *args). A decision
        with one possible answer is played at once and never logged."""
        count, options = decision.count, decision.options
        if count is None:
            forced = len(options) == 1
        else:       # a pick of none, or of every option
            forced = count[1] == 0 or count[0] == count[1] == len(options)
        if forced:
            answer = options[0] if count is None else tuple(sorted(options)) if count[1] else ()
            self.steps[resume](self, answer, *args)
            return
        self.pending = decision
        self.resume = (resume, args)

    def apply(self, answer, *, trusted: bool = False) -> None:
        """Answer the pending decision. Raises IllegalChoice (and changes nothing) if illegal.
        `trusted`: the answer was drawn from the decision's own options by a seat of the
        program (a random seat), never typed or read from a save: it is put in canonical
        form (a pick sorted) without being checked."""
        if self.pending is None:
            raise IllegalChoice("the game is over" if self.over else "no decision is pending")
        if answer is None:          # `run` takes None for no answer: never a legal one
            raise IllegalChoice("None is not one of the legal options")
        self.run(None, answer, trusted)

    def copy_driver(self, new: TaskDriver) -> None:
        """The driver's part of a copy: the steps, the task stack, the pending decision, the
        answers."""
        new.steps = self.steps
        new.tasks = self.tasks.copy()
        new.pending = self.pending
        new.resume = self.resume
        new.history = self.history.copy()
        new.over = self.over

    def push(self, *entries: tuple) -> None:
        """Schedule tasks; the first one given runs first."""
        self.tasks.extend(entries[::-1])

    def push_seats(self, name: str, seats: tuple[int, ...] | range) -> None:
        """`push` the task `name` of each of `seats`, in that order."""
        self.tasks.extend(_seat_tasks(name, seats))

    def push_steps(self, steps: tuple[tuple, ...]) -> None:
        """`push` tasks given in the order the stack takes them, last first: a sequence a
        step makes once (`stack_order`) and pushes again and again."""
        self.tasks.extend(steps)


def stack_order(entries) -> tuple[tuple, ...]:
    """Tasks to run first to last, as `push_steps` takes them."""
    return tuple(reversed(entries))


@cache
def _seat_tasks(name: str, seats: tuple[int, ...] | range) -> tuple[tuple, ...]:
    """The tasks (name, seat) of `seats`, last first as the stack takes them: a phase
    schedules the same few over and over."""
    return tuple((name, p) for p in reversed(seats))
