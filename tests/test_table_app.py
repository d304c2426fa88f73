"""The full-screen table in-process (issue 37): the card game's table view, and the
prompt_toolkit application drawing it at 80x24 through a pipe, its output read by a
terminal emulator."""

from __future__ import annotations

import io
import threading
import time

import pyte
import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from rftg_cli.commands import new
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import default_registry, new_game
from rftg_cli.table.app import TableApp
from rftg_cli.race import render
from rftg_cli.race.table_view import make_table

DOWN, SPACE, ENTER = "\x1b[B", " ", "\r"


def game_at(until, seed: int = 5, ai: int | None = None, expansions=()):
    """A game played at random (from seed 1) up to the first position `until` accepts."""
    registry = default_registry()
    config, _ = new.table_config(ai, list(expansions), "You", registry)
    game = new_game(config, seed, registry=registry)
    seat = RandomSeat(1)
    while not game.over and not until(game):
        game.apply(seat.choose(game, game.pending))
    assert not game.over
    return game


def asked(kind: str):
    return lambda game: game.pending.player == 0 and game.pending.kind == kind


def table_view(game, decision=None):
    console = Console(file=io.StringIO(), width=80)
    console.ascii_only = False
    return make_table(console).view(game, 0, decision)


def run_table(view, keys: str | list[str], size=(24, 80)):
    """The table drawn at `size` after `keys`: (the screen's rows, what the player answered:
    ("rows", values), ("text", line) or ("quit", None))."""
    out = io.StringIO()
    with create_pipe_input() as pipe:
        output = Vt100_Output(out, lambda: Size(rows=size[0], columns=size[1]), term="xterm")
        app = TableApp(input=pipe, output=output)
        app.show(view)
        got, seen = [], []

        def player() -> None:
            got.append(app.next_answer())
            seen.append(out.getvalue())         # the screen when the answer was given
            app.finish(0, over=False)

        app.app.pre_run_callables.append(threading.Thread(target=player, daemon=True).start)
        def typist() -> None:
            for chunk in [keys] if isinstance(keys, str) else keys:
                pipe.send_text(chunk)
                time.sleep(0.2)                 # as a player types: completions arrive

        app.app.pre_run_callables.append(threading.Thread(target=typist, daemon=True).start)
        app.app.run()
    screen = pyte.Screen(size[1], size[0])
    pyte.Stream(screen).feed(seen[0])
    return screen.display, got[0]


def look_at(view, size=(24, 80)) -> list[str]:
    """The screen's rows as the table first draws `view`."""
    out = io.StringIO()
    with create_pipe_input() as pipe:
        output = Vt100_Output(out, lambda: Size(rows=size[0], columns=size[1]), term="xterm")
        app = TableApp(input=pipe, output=output)
        app.show(view)
        seen = []

        def drawn(_) -> None:
            if not seen:
                seen.append(out.getvalue())
                app.app.exit()

        app.app.after_render += drawn
        app.app.run()
    screen = pyte.Screen(size[1], size[0])
    pyte.Stream(screen).feed(seen[0])
    return screen.display


def test_a_key_press_and_the_typed_answer_are_one_answer_with_one_text_in_the_save():
    """Explore: the cards marked by Space are the answer `discard ...` typed in line mode."""
    game = game_at(asked("explore"))
    decision = game.pending
    ask = table_view(game, decision).ask
    rows = ask.marked                                   # the default marks: the discards
    by_keys = ask.answer(rows)
    names = ", ".join(game.name(c) for c in rows)
    by_text = ask.read(names)
    assert by_keys == by_text
    assert game.answer_text(by_keys) == game.answer_text(by_text)


def test_the_action_cards_marked_are_the_action_codes_typed():
    game = game_at(asked("action"))
    ask = table_view(game, game.pending).ask
    assert ask.answer(("develop", "settle")) == ask.read("d s")


def test_enter_answers_with_the_marked_action_cards_in_the_engine_order():
    game = game_at(asked("action"))
    view = table_view(game, game.pending)
    rows, answer = run_table(view, SPACE + DOWN * 4 + SPACE + DOWN * 3 + ENTER)
    kind, values = answer
    assert kind == "rows"
    assert view.ask.answer(values) == view.ask.read("s e5")     # marked: e5, then settle
    assert any("e5  Explore +5" in row for row in rows)


def test_every_total_and_the_whole_hand_fit_80x24_with_four_seats():
    game = game_at(asked("action"), seed=11, ai=3)
    view = table_view(game, game.pending)
    rows = look_at(view)
    text = "\n".join(rows)
    for result in game.outcome().results:
        assert any(row.startswith(result.name) and f" {result.score} VP" in row
                   for row in rows), text
    for card in game.players[0].hand:
        assert game.name(card) in text


def test_the_last_round_is_announced_on_the_table():
    game = game_at(lambda g: render.end_warning(g) is not None and g.pending.player == 0,
                   seed=6, ai=1)
    view = table_view(game, game.pending)
    assert view.warning == render.end_warning(game)
    rows = look_at(view)
    assert rows[0].startswith(" Round ") and rows[1] == view.warning.ljust(80)


def test_space_marks_and_unmarks_and_enter_sends_the_marks():
    game = game_at(asked("explore"))
    view = table_view(game, game.pending)
    first = view.sections[0].rows[0].value
    marked = set(view.ask.marked)
    rows, (kind, values) = run_table(view, SPACE + ENTER)   # toggles the first card
    assert kind == "rows" and set(values) == marked ^ {first}


def test_typed_text_goes_to_the_reader():
    game = game_at(asked("explore"))
    rows, answer = run_table(table_view(game, game.pending), "help" + ENTER)
    assert answer == ("text", "help")


def test_tab_completes_an_answer_and_enter_takes_the_completion_before_sending():
    game = game_at(asked("action"))
    rows, answer = run_table(table_view(game, game.pending), ["Expl", "\t", ENTER, ENTER])
    assert answer == ("text", "Explore +5")


def test_the_last_round_warning_names_only_the_end_conditions_that_hold():
    """Seed 1 against the robot: the pool is empty and the robot's own end check does not
    hold; the warning said "(the VP pool is empty; )"."""
    game = game_at(lambda g: render.end_warning(g) is not None and g.pending.player == 0,
                   seed=1)
    assert table_view(game, game.pending).warning == (
        "Last round: the game ends when this round does (the VP pool is empty).")


# The first position of a random game where you face each kind of decision: (expansions,
# AI seats, seed).
KINDS = {
    "start_discard": ((), 1, 1), "action": ((), 1, 1), "explore": ((), 1, 1),
    "develop": ((), 1, 1), "settle": ((), 1, 1), "pay": ((), 1, 1), "trade": ((), 1, 1),
    "consume": ((), 1, 1), "consume_hand": ((), 1, 1), "windfall": ((), 1, 2),
    "hand_limit": ((), 1, 1), "start_world": (("bow",), 1, 1),
    "search_category": (("bow",), 1, 1), "search_take": (("bow",), 1, 1),
    "produce_pay": (("bow",), 1, 1), "save_card": (("bow",), 1, 3),
    "upgrade": (("bow",), 1, 4), "develop_way": (("bow",), 1, 5),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_decision_shows_itself_the_hand_every_total_and_the_card_whole(kind):
    """At 80x24, without scrolling: the decision, every card of your hand, every seat's
    total and the whole text of the highlighted line (issue 37, "Done when")."""
    expansions, ai, seed = KINDS[kind]
    game = game_at(asked(kind), seed=seed, ai=ai, expansions=expansions)
    view = table_view(game, game.pending)
    rows = look_at(view)
    text = "\n".join(rows)
    flat = " ".join(" ".join(rows).split())
    assert " ".join(game.pending.prompt.split()) in flat, text
    listed = "\n".join(row[:38] for row in rows)
    for card in game.players[0].hand:
        assert game.name(card) in listed, f"{game.name(card)} not on screen:\n{text}"
    for result in game.outcome().results:
        assert any(row.startswith(result.name) and f" {result.score} VP" in row
                   for row in rows), text
    right = " ".join("".join(row[39:] for row in rows).split())
    choices = [row for section in view.sections for row in section.rows if row.choice]
    highlighted = next((row for row in choices if row.value == view.ask.cursor), choices[0])
    for line in highlighted.text:
        assert " ".join(line.split()) in right, f"{line!r} not whole:\n{text}"


def click(column: int, row: int) -> str:
    """A left click at a 0-based screen cell, as an xterm reports it (SGR mouse mode)."""
    return f"\x1b[<0;{column + 1};{row + 1}M\x1b[<0;{column + 1};{row + 1}m"


def test_a_click_highlights_a_line_and_a_second_click_marks_it():
    """Seed 5's action choice: the action cards are listed from the screen's 5th row."""
    game = game_at(asked("action"))
    view = table_view(game, game.pending)
    first = 4 + 0                       # status, two seats, the list's title
    settle = 4 + 4                      # the fifth action card: Settle
    keys = [click(5, settle), click(5, settle), click(5, first), click(5, first), ENTER]
    _, (kind, values) = run_table(view, keys)
    assert kind == "rows" and view.ask.answer(values) == view.ask.read("e5 s")
