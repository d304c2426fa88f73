"""The play loop: the seats of a game (the human's, computer seats reseeded per decision),
saving after each of your decisions, undo, and the end of a game.

Every command returns its exit code: 0, or 2 after one line on stderr for a usage error. A save
that cannot be used is never written to.
"""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .. import saves
from ..errors import UsageError
from ..saves import Save, SaveError
from ..ui.escape import printable
from .common import fail, undo_note


class SaveWriteError(Exception):
    """The save could not be written (disk full, size limit, permission); one line."""


def make_seat(kind: str, seed: int, ruleset=None):
    """A computer seat: the ruleset's AI seat (imported when first used) at the ruleset's
    `ai_level`, or random seats for a ruleset that has no AI; `ruleset` None checks only
    that the kind exists."""
    from ..players.seat import RandomSeat

    if kind == "ai":
        factory = ruleset.part("ai_seat") if ruleset is not None else None
        if factory is None:
            return RandomSeat(seed)
        return factory(seed, ruleset.ai_level) if ruleset.ai_levels else factory(seed)
    if kind == "random":
        return RandomSeat(seed)
    raise UsageError(f"this rftg cannot play a {kind!r} seat")


def at_save_level(config: dict, ruleset):
    """The ruleset with its AI at the level a save names (`config.ai_level`); a save from
    before levels plays the weakest, the AI it was played with."""
    from dataclasses import replace

    levels = ruleset.ai_levels
    if not levels:
        return ruleset
    level = config.get("ai_level", levels[0])
    if level not in levels:
        raise SaveError(f"the AI level {printable(str(level))!r} is not one of "
                        f"{', '.join(levels)}")
    return replace(ruleset, ai_level=level)


class ComputerSeat:
    """A computer seat seeded afresh for every decision (from the game seed and how many
    answers came before), so a resumed game plays on exactly as an unbroken one would.
    After each decision `why` holds the lines that explain it (`why` at a prompt) to the
    `viewer` seat: during a game they name no card that seat cannot see."""

    def __init__(self, kind: str, seed: int, ruleset=None, name: str = "",
                 viewer: int | None = None) -> None:
        self.kind = kind
        self.seed = seed
        self.ruleset = ruleset
        self.name = name or kind
        self.viewer = viewer
        self.why: list[str] = []
        make_seat(kind, seed, ruleset)   # fail early on an unknown kind

    def choose(self, game, decision):
        from ..players.why import why_lines

        seed = (self.seed * 1_000_003 + len(game.history) * 7919 + decision.player) % 2**63
        seat = make_seat(self.kind, seed, self.ruleset)
        answer = seat.choose(game, decision)
        why = getattr(seat, "last_why", None)
        level = getattr(self.ruleset, "ai_level", "")
        who = self.name + (f" ({level} level)" if level and self.kind == "ai"
                           else f" ({self.kind})")
        self.why = why_lines(game, why, who, self.viewer) if why is not None else [
            f"{who} answered at random."]
        return answer


@dataclass
class Table:
    game: object
    save: Save
    path: Path
    seats: list
    console: object
    registry: object = None
    movers: list[int] = field(default_factory=list)
    ruleset: object = None
    why: list[str] = field(default_factory=list)   # the last computer decision explained
    learn: bool = False            # a game that teaches (`rftg new --learn`)
    teach_first: bool = False      # the loop teaches before asking (the full-screen table)
    taught: int = -1               # the decision (answers given) last taught
    told: set = field(default_factory=set)          # the rules topics taught so far
    hinted: tuple = (-1, None)     # (answers given, the hint's answer) of the last hint

    @property
    def human(self):
        return next(s for s in self.seats if getattr(s, "kind", "") == "human")

    def write(self, durable: bool = False) -> None:
        from ..hidden import HiddenError

        try:
            saves.record(self.save, self.game, self.path, durable=durable)
        except (OSError, HiddenError) as exc:
            # The write is atomic: the failed one left the previous save as it was.
            reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            raise SaveWriteError(f"cannot save the game to {self.path} ({reason}); the last "
                                 "good save is intact: free some space or fix the folder, "
                                 f"then `rftg resume {self.save.name}`") from None


def answer_source(console, source=None):
    from ..ui.prompts import LineSource, PromptSource

    if source is not None:
        return source
    if sys.stdin is None:     # started with stdin closed (`<&-`): input has already ended
        import io

        return LineSource(io.StringIO(""), console)
    if sys.stdin.isatty() and sys.stdout is not None and sys.stdout.isatty():
        return PromptSource()
    return LineSource(sys.stdin, console)


def seat_table(game, save: Save, path: Path, console, source, registry, movers,
               plain: bool = True) -> Table:
    """The game with its seats: the human at the full-screen table (unless `plain`, or
    not on a terminal), else the ruleset's terminal seat (or the generic one); computer
    seats for the rest."""
    from ..players.text_seat import TextSeat
    from ..plugins import ruleset_of
    from ..table import run

    ruleset = ruleset_of(game.config, registry)
    table = Table(game, save, path, [], console, registry, movers, ruleset,
                  learn=bool(save.config.get("learn")))
    on_save = lambda: saved_note(table, "Saved")  # noqa: E731
    on_why = lambda: table.why or opponents_why(table) or [  # noqa: E731
        "No computer seat has decided since the game was started or resumed."]
    on_hint = lambda game, decision: hint(table, game, decision)  # noqa: E731
    # A learning game: Enter takes the hint's answer; a line-mode seat teaches after the
    # news, before your options; at the full-screen table the lesson goes to the log pane
    # before the decision.
    learned = {"on_default": lambda game, decision: hinted_answer(table, game)} \
        if table.learn else {}
    teaching = {"on_teach": lambda game, decision: teach(table, game, decision),
                **learned} if table.learn else {}
    make_human = ruleset.part("human_seat")
    if source is None and run.wanted(ruleset, plain):
        human = run.sit(table, on_save=on_save, on_why=on_why, on_hint=on_hint, **learned)
        table.teach_first = table.learn
    elif make_human:
        human = make_human(answer_source(console, source), console, on_save=on_save,
                           on_why=on_why, on_hint=on_hint, **teaching)
    else:
        human = TextSeat(answer_source(console, source), console, ruleset.part("screen"),
                         catalog=ruleset.part("catalog"), on_save=on_save, on_why=on_why,
                         on_hint=on_hint, **teaching)
    leveled = at_save_level(save.config, ruleset)
    names = [str(n) for n in save.config.get("names", [])]
    viewer = save.seats.index("human") if "human" in save.seats else None
    for i, kind in enumerate(save.seats):
        table.seats.append(human if kind == "human" else ComputerSeat(
            kind, save.seed, leveled, names[i] if i < len(names) else "", viewer))
    return table


def hint(table: Table, game, decision) -> list[str]:
    """`hint` at a prompt: the default-level AI's answer for this seat, from its own view;
    every hint asked is recorded in the save (sealed) and counted apart by `rftg stats`."""
    from ..players.hint import hinted

    answer, lines = hinted(game, decision.player, table.ruleset,
                           getattr(table.human, "answer_words", None))
    table.hinted = (len(game.history), answer)
    table.save.hints.append(len(game.history))
    table.write()
    return lines


def hinted_answer(table: Table, game):
    """A learning game: the answer Enter takes, the hint's for this decision (None before
    it is hinted)."""
    given, answer = table.hinted
    return answer if given == len(game.history) else None


def teach(table: Table, game, decision) -> list[str]:
    """A learning game, at each of your decisions (once): the rules of a phase the first
    time it comes, then the hint (counted like any hint)."""
    taught, hinted = lesson_and_hint(table, game, decision)
    return taught + hinted


def lesson_and_hint(table: Table, game, decision) -> tuple[list[str], list[str]]:
    """`teach`'s two parts: the lesson (none after a phase's first time), and the hint."""
    from ..players.hint import WHOSE
    from ..rulebook import lesson

    if table.taught == len(game.history):
        return [], []
    table.taught = len(game.history)
    first = not table.told
    phase = game.view(decision.player).get("phase")
    taught = lesson(phase, table.ruleset, table.told)
    # Whose hint it is and the commands are told once, with the first lesson: repeated at
    # every decision they pushed the hint itself out of the table's log pane.
    given = hint(table, game, decision)[0]
    return taught, (
        [given, "  (`hint`: the AI's reasons; `help`: the commands; `rules TOPIC`: the rules)"]
        if first else [given.removesuffix(WHOSE)])


def tell_lesson(table: Table, seat, game, decision) -> None:
    """At the table: a lesson covers the list until a key (the hint with it); a hint alone
    goes to the log only, the decision in view (it covered the list at every decision, and
    the Enter the bar offered closed it instead of answering)."""
    taught, hinted = lesson_and_hint(table, game, decision)
    aside = getattr(seat, "aside", None)
    for line in taught + (hinted if taught or aside is None else []):
        table.console.print(printable(line), markup=False, highlight=False)
    if not taught and aside is not None:
        aside([printable(line) for line in hinted])


def opponents_why(table: Table) -> list[str]:
    """Why the opponents that are not seats (a solo game's bot) made their last move, as
    the ruleset's screen tells it (`why`), if it does."""
    screen = table.ruleset.part("screen")
    return screen.why(table.game) if hasattr(screen, "why") else []


def saved_note(table: Table, verb: str) -> None:
    table.write(durable=True)
    name = printable(table.save.name)
    table.console.print(f"{verb} game {name!r} to {printable(table.path)}. "
                        f"Resume with: rftg resume {name}", markup=False, soft_wrap=True)


def undo(table: Table) -> None:
    """Back to this seat's previous decision: replay the answers before it."""
    mine = [k for k, who in enumerate(table.movers) if table.seats[who] is table.human]
    if not mine:
        table.console.print("Nothing to undo: this is your first decision.", markup=False)
        return
    k = mine[-1]
    restored = saves.replay(table.game.config, table.save.seed, table.game.history[:k],
                            registry=table.registry)
    table.game, table.movers = restored.game, restored.movers
    table.human.forget_log(table.game)
    # The same deal replays, so what you saw after this point comes again: every undo is
    # recorded in the save (sealed) and counted by `rftg show`, never silent.
    table.save.undos.append(k)
    table.write()
    round_ = getattr(table.game, "round", None)
    table.console.print("Undone: back to your previous decision"
                        + (f" in round {round_}." if round_ is not None else "."), markup=False)


def run_game(table: Table) -> int:
    """Play to the end or to a quit; 0, or 2 after one line when the save cannot be written
    (the game stops there: playing on unsaved would lose what follows). At the full-screen
    table the loop runs beside the screen (`rftg_cli.table.run`)."""
    from ..table import run

    if isinstance(table.human, run.TableSeat):
        return run.play(table, play_loop)
    return play_loop(table)


def play_loop(table: Table) -> int:
    try:
        with quit_key_interrupts():
            return play_on(table)
    except SaveWriteError as exc:
        table.console.file.flush()
        return fail(str(exc))
    except KeyboardInterrupt:
        # Ctrl-C away from a prompt (a computer seat thinking, a save being written) may
        # have cut a move in half: nothing is written, the last save is whole and the
        # computer moves since are replayed exactly on resume.
        table.console.file.flush()
        print(f"\nrftg: interrupted; the game is saved as of your last decision. Resume "
              f"with: rftg resume {printable(table.save.name)}", file=sys.stderr)
        return 130


@contextmanager
def quit_key_interrupts():
    """Ctrl-\\ (SIGQUIT) during a game is Ctrl-C: save and quit at a prompt, keep the last
    save elsewhere, with the same words (issue 41: the process died of SIGQUIT, silent)."""
    quit_signal = getattr(signal, "SIGQUIT", None)
    if quit_signal is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(quit_signal, interrupt)
    try:
        yield
    finally:
        signal.signal(quit_signal, previous)


def play_on(table: Table) -> int:
    from rftg_cli.decision import IllegalChoice
    from rftg_cli.players.seat import Quit, Undo

    while not table.game.over:
        game = table.game
        decision = game.pending
        seat = table.seats[decision.player]
        try:
            if table.teach_first and seat is table.human:
                tell_lesson(table, seat, game, decision)
            answer = seat.choose(game, decision)
            if seat is not table.human:
                table.why = seat.why
        except Undo:
            undo(table)
            continue
        except Quit:
            saved_note(table, "\nSaved")
            return 0
        try:
            saves.apply(table.save, game, answer)    # its text kept for the save
        except IllegalChoice as exc:
            if seat is not table.human:
                raise
            seat.reject(str(exc))
            continue
        table.movers.append(decision.player)
        moved = getattr(table.human, "moved", None)    # the full-screen table redraws
        if moved is not None:
            moved(game)
        # Saved after each of your decisions and before each prompt: the computer seats'
        # answers in between are reseeded per decision, so replaying them is exact anyway.
        if game.over or seat is table.human or table.seats[game.pending.player] is table.human:
            table.write()
    human = table.human
    me = table.seats.index(human)
    screen = table.ruleset.part("screen")
    lines = screen.log(table.game, me, human.seen) if hasattr(screen, "log") else \
        table.game.public_events(me)[human.seen:]
    for line in lines:
        table.console.print("  " + line, markup=False, style="dim")
    if screen is not None:
        table.console.print(screen.final(table.game, table.console))
    else:
        for r in table.game.outcome(table.save.seats).results:
            table.console.print(f"{r.name}: {r.score}", markup=False)
    # Said once: a screen whose final table says the game is over (and why) declares it.
    said = "Game saved" if getattr(screen, "says_game_over", False) else \
        "The game is over; saved"
    table.console.print(f"{said} as finished in {printable(table.path)}"
                        f"{undo_note(table.save)}.", markup=False)
    return 0
