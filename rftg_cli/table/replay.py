"""`rftg replay` at the full-screen table: each step drawn as the table looked when that
decision came (the choices as they were offered), the answer when it may be shown, and in
the log what it made happen. Right/n/Enter go forward, Left/b back, q leaves."""

from __future__ import annotations

from dataclasses import replace

from prompt_toolkit.key_binding import KeyBindings

from ..ui.escape import printable
from .app import TableApp
from .run import Notes

KEYS = "Right, n or Enter: next · Left or b: back · Home/End: first/last · q: leave"


def step_view(replay, describe, k: int):
    """Step k (1-based): the view of the seat shown, before the answer, the log after it."""
    game, after = replay.states[k - 1], replay.states[k]
    decision = game.pending
    viewer = decision.player if replay.open else replay.me
    view = describe.view(game, viewer, decision if decision.player == viewer else None)
    return replace(view, ask=None, log=describe.view(after, viewer).log)


def banner(replay, k: int) -> list[str]:
    game = replay.states[k - 1]
    decision = game.pending
    names = list(replay.save.config.get("names", []))
    who = decision.player
    name = names[who] if who < len(names) else f"seat {who + 1}"
    answer = (f"Answer: {game.answer_text(replay.answers[k - 1])}"
              if replay.open or who == replay.me else f"{name} answers (shown once public).")
    return [printable(f"Step {k} of {len(replay)}: {name} to decide: {decision.prompt}"),
            printable(answer), KEYS]


def run(replay, ruleset) -> int:
    """Step through the replay at the table; 0 when the player leaves."""
    from rich.console import Console

    keys = KeyBindings()
    at = [1]
    app: TableApp

    def go(k: int) -> None:
        at[0] = min(max(1, k), len(replay))
        app.banner = banner(replay, at[0])
        app.show(step_view(replay, describe, at[0]))

    @keys.add("right")
    @keys.add("n")
    @keys.add("enter")
    def _next(event) -> None:
        go(at[0] + 1)

    @keys.add("left")
    @keys.add("b")
    def _back(event) -> None:
        go(at[0] - 1)

    @keys.add("home")
    def _first(event) -> None:
        go(1)

    @keys.add("end")
    def _last(event) -> None:
        go(len(replay))

    @keys.add("q")
    def _leave(event) -> None:
        event.app.exit(result=0)

    app = TableApp(keys=keys)
    console = Console(file=Notes(app), width=app.columns(), color_system=None)
    describe = ruleset.part("table")(console)
    go(1)
    return app.app.run()
