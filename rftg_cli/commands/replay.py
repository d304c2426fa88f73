"""`rftg replay NAME`: step through a saved game decision by decision, forward and back.

Each step shows the table as you (the human seat) saw it when that decision came, who
decided, and, for your own decisions, what you answered; the other seats' answers show
only through what they made public. `--open` shows everything (every hand, every answer):
it is refused for a game still being played, where it would show what is yet to come.

Interactive: Enter or `n` goes forward, `b` back, a number goes to that step, `q` quits
(end of input quits too). `--step N` prints step N alone and exits (for scripts). Lines are
read as the play loop reads answers (`play.answer_source`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import saves
from ..saves import SaveError
from ..ui.escape import printable
from .play import answer_source
from .common import fail, load_checked

HELP = "Enter/n: next   b: back   NUMBER: go to that step   q: quit"


@dataclass
class Replay:
    save: saves.Save
    states: list          # the game before each decision, then the final position
    answers: list         # the answer given at each decision
    movers: list[int]     # who gave it
    me: int               # the human seat (whose view is shown)
    open: bool
    screen: object

    def __len__(self) -> int:
        return len(self.answers)


def load(name: str, save_dir: Path | None, *, open_: bool, registry=None) -> Replay:
    """Every position of the game, rebuilt from its save (SaveError, one line, when the
    save cannot be used or `--open` is asked of a running game)."""
    from ..plugins import default_registry, ruleset_of

    registry = registry or default_registry()
    _, save, restored = load_checked(save_dir, name, registry)
    if open_ and save.status != saves.FINISHED:
        raise SaveError(f"{save.name}: --open shows every hand and the answers still to "
                        "come; it is only for a finished game")
    game = saves.replay(save.game_config(), save.seed, [], registry=registry).game
    answers = list(restored.game.history)
    states = []
    for answer in answers:
        states.append(game.copy(record=True))
        game.apply(answer)
    states.append(game)
    me = save.seats.index("human") if "human" in save.seats else 0
    screen = ruleset_of(game.config, registry).part("screen")
    return Replay(save, states, answers, list(restored.movers), me, open_, screen)


def step_lines(replay: Replay, k: int, console) -> None:
    """Print step k (1-based) of the replay: who decides, the table, the answer, and what
    the answer made happen."""
    game = replay.states[k - 1]
    after = replay.states[k]
    decision = game.pending
    who = decision.player
    names = list(replay.save.config.get("names", []))
    name = names[who] if who < len(names) else f"seat {who + 1}"
    viewer = who if replay.open else replay.me
    round_ = getattr(game, "round", None)
    where = f"round {round_}, " if round_ is not None else ""
    console.print(printable(f"Step {k} of {len(replay)} ({where}{getattr(game, 'phase', '')})"
                            f": {name} to decide: {decision.prompt}"),
                  markup=False, style="bold")
    if replay.screen is not None and hasattr(replay.screen, "board"):
        console.print(replay.screen.board(game, viewer, console,
                                          decision if who == viewer else None))
    if replay.open and hasattr(game, "name"):
        # Every other hand too (the card game's views list a seat's hand by card number).
        for seat in range(len(names)):
            hand = game.view(seat).get("hand")
            if seat != who and isinstance(hand, list):
                console.print(printable(f"{names[seat]}'s hand: "
                                        + ", ".join(game.name(c) for c in hand)),
                              markup=False)
    if replay.open or who == replay.me:
        console.print(printable(f"Answer: {game.answer_text(replay.answers[k - 1])}"),
                      markup=False, style="bold")
    else:
        console.print(printable(f"{name} answers (what it chose shows below once public)."),
                      markup=False)
    log = getattr(replay.screen, "log", None)   # the screen's words, else the raw events
    lines = (lambda g: log(g, viewer)) if log is not None else (
        lambda g: g.public_events(viewer))
    for line in lines(after)[len(lines(game)):]:
        console.print("  " + printable(line), markup=False, style="dim")


def run(*, name: str, save_dir: Path | None, step: int | None, open_: bool, source=None,
        registry=None, plain: bool = False) -> int:
    from rftg_cli.plugins import default_registry, ruleset_of
    from rftg_cli.table import run as table
    from rftg_cli.ui.console import make_console
    from rftg_cli.ui.numbers import number
    from rftg_cli.ui.prompts import UnreadableInput

    registry = registry or default_registry()
    try:
        replay = load(name, save_dir, open_=open_, registry=registry)
    except SaveError as exc:
        return fail(f"replay: {exc}")
    console = make_console()
    if not len(replay):
        console.print("This game has no decision yet.", markup=False)
        return 0
    if step is not None:
        if not 1 <= step <= len(replay):
            return fail(f"replay: --step must be from 1 to {len(replay)}")
        step_lines(replay, step, console)
        return 0
    ruleset = ruleset_of(replay.states[0].config, registry)
    if source is None and table.wanted(ruleset, plain):
        from rftg_cli.table import replay as at_table

        return at_table.run(replay, ruleset)
    # The play loop's source of lines (a terminal prompt, else lines read with bytes that are
    # not UTF-8 replaced and their length bounded) and its number reader: typed text is data
    # (issue 41: '²' and a 5,000-digit number raised ValueError, a byte 0xff a decode error).
    source = answer_source(console, source)
    k = 1
    console.print(HELP, markup=False, style="dim")
    drawn = 0
    while True:
        if drawn != k:      # an unknown key re-prompts without drawing the step again
            step_lines(replay, k, console)
            drawn = k
        try:
            line = source.ask(f"[step {k}/{len(replay)}] {HELP}>")
        except EOFError:
            return 0
        except UnreadableInput as exc:
            console.print(printable(str(exc)), markup=False)
            continue
        word = line.strip().casefold()
        wanted = number(word)
        if word in ("q", "quit", "exit"):
            return 0
        if word in ("b", "back", "p", "prev"):
            k = max(1, k - 1)
        elif wanted is not None:
            k = min(max(1, wanted), len(replay))
        elif word in ("", "n", "next"):
            if k == len(replay):
                console.print("That was the last decision.", markup=False)
                if replay.save.status == saves.FINISHED and hasattr(replay.screen, "final"):
                    console.print(replay.screen.final(replay.states[-1], console))
                return 0
            k += 1
        else:
            console.print(f"Unknown key {printable(word)[:40]!r}: type n, b, a step number "
                          f"from 1 to {len(replay)}, or q.", markup=False)
