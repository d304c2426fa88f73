"""Playing a game at the full-screen table: the human seat that answers through the table,
and the two threads (the screen in the main thread, the game loop in another).

The game loop is the host's own (`commands.play.run_game`): saves, undo, quit and the end of
the game work as in line mode. What the loop prints goes to the table's log pane, and what
it printed after your last answer (the save's name, the final score) is printed again on
the terminal once the table closes.
"""

from __future__ import annotations

import io
import os
import sys
import threading
from contextlib import redirect_stderr

from typing import TYPE_CHECKING

from ..decision import IllegalChoice
from .view import Browse

if TYPE_CHECKING:       # prompt_toolkit's application is imported only when a table opens
    from .app import TableApp

ALL_SHOWN = sys.maxsize   # `seen`: the log pane shows every event, nothing is left to print


def wanted(ruleset, plain: bool) -> bool:
    """The table opens for a ruleset that describes it, on a terminal that can draw it
    (not TERM=dumb), unless --plain."""
    if plain or ruleset.table is None or sys.stdin is None or sys.stdout is None:
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    return sys.stdin.isatty() and sys.stdout.isatty()


class Notes(io.TextIOBase):
    """A file whose lines go to the table's log pane (what the game loop and the commands
    print)."""

    encoding = "utf-8"

    def __init__(self, app: TableApp) -> None:
        self.app = app
        self.part = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        lines = (self.part + text).split("\n")
        self.part = lines.pop()
        for line in lines:
            self.app.note(line.rstrip())
        return len(text)


class TableSeat:
    """The human seat at the table: shows the ruleset's view and waits for the answer the
    player gives by keys or by typing."""

    kind = "human"

    def __init__(self, app: TableApp, describe, me: int, names: list[str]) -> None:
        self.app = app
        self.describe = describe
        self.me = me
        self.names = names
        self.seen = ALL_SHOWN

    def choose(self, game, decision):
        from rftg_cli.players.seat import Quit

        view = self.describe.view(game, self.me, decision)
        self.app.show(view)
        while True:
            kind, value = self.app.next_answer()
            if kind == "quit":
                raise Quit
            try:
                answer = view.ask.answer(value) if kind == "rows" else view.ask.read(value)
            except IllegalChoice as exc:
                self.app.ask_again(f"Not legal: {exc}. Try again (or `help`).")
                continue
            except Browse:          # a group of choices opened (or closed): the new list
                view = self.describe.view(game, self.me, decision)
                self.app.show(view)
                continue
            if answer is not None:
                return answer
            self.app.ask_again()      # a command ran: the same decision

    def answer_words(self, game, decision, answer) -> str:
        """An answer as this table lists it (the ruleset's words), else as the save writes it."""
        words = getattr(self.describe, "answer_words", None)
        return words(game, decision, answer) if words else game.answer_text(answer)

    def moved(self, game) -> None:
        """Any seat answered: the table shows the game as it is now, and who plays next."""
        if self.app.stopping:
            raise KeyboardInterrupt
        self.app.show(self.describe.view(game, self.me, None))
        if game.over:
            return
        player = game.pending.player
        if player != self.me:
            self.app.busy(self.names[player] if player < len(self.names) else "")

    def aside(self, lines: list[str]) -> None:
        """Lines for the log only, the list left in view (a learning game's hint)."""
        for line in lines:
            self.app.note(line, cover=False)

    def reject(self, reason: str) -> None:
        self.app.ask_again(f"Not legal: {reason}. Try again.")

    def forget_log(self, game) -> None:
        self.seen = ALL_SHOWN


def log_console(app: TableApp):
    """The console whose lines go to the table's log pane whole: each pane wraps a line at
    its own width (a line broken at the terminal's width came apart in the log's column)."""
    from rich.console import Console

    from .app import ascii_only

    console = Console(file=Notes(app), width=app.columns(), highlight=False, emoji=False,
                      soft_wrap=True, force_terminal=False, color_system=None)
    console.ascii_only = ascii_only()
    return console


def sit(table, *, on_save, on_why, on_hint=None, **learned) -> TableSeat:
    """The human seat at a new table; `table.console` becomes the table's log pane."""
    from ..ui.prompts import answer_history
    from .app import TableApp

    app = TableApp(history=answer_history())    # the answers typed in line mode too
    console = table.console = log_console(app)
    describe = table.ruleset.part("table")(console, on_save=on_save, on_why=on_why,
                                              on_hint=on_hint, **learned)
    names = [str(n) for n in table.save.config.get("names", [])]
    return TableSeat(app, describe, table.save.seats.index("human"), names)


def play(table, run_game) -> int:
    """Run the game loop in a thread while the table runs here; what the loop printed after
    the last answer (and on stderr) is printed on the terminal afterwards."""
    seat = table.human
    app = seat.app
    failed: list[BaseException] = []

    def game() -> None:
        result = 2
        try:
            result = run_game(table)
        except BaseException as exc:  # noqa: BLE001 - raised again in the main thread
            failed.append(exc)
        app.finish(result, table.game.over)

    thread = threading.Thread(target=game, name="rftg-game", daemon=True)
    app.app.pre_run_callables.append(thread.start)
    errors = io.StringIO()
    with redirect_stderr(errors):
        result = app.app.run()
    thread.join()
    for _, line in app.notes[app.answered:]:
        print(line)
    sys.stderr.write(errors.getvalue())
    if failed:
        raise failed[0]
    return result
