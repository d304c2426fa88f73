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
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from rftg_cli.commands import new
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import default_registry, new_game
from rftg_cli.table.app import TableApp
from rftg_cli.race import render
from rftg_cli.race.table_view import make_table

from tests.powers_helpers import Table
from tests.expansions.test_takeovers import devs

DOWN, UP, SPACE, ENTER, F2 = "\x1b[B", "\x1b[A", " ", "\r", "\x1bOQ"
F24 = "\x1b[24;2~"


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


def look_at(view, size=(24, 80), keys: str = "", setup=None) -> list[str]:
    """The screen's rows as the table first draws `view`, or after `keys` (moves, marks);
    `setup(app)` runs once the view is shown (what the game printed, say)."""
    out = io.StringIO()
    # After the keys comes F24, which no table key uses: the first screen drawn once F24 is
    # read shows every key before it handled, however slow the machine.
    done = KeyBindings()
    sent = []

    @done.add(Keys.F24)
    def _(event) -> None:
        sent.append(True)
        event.app.invalidate()

    with create_pipe_input() as pipe:
        output = Vt100_Output(out, lambda: Size(rows=size[0], columns=size[1]), term="xterm")
        app = TableApp(input=pipe, output=output, keys=done)
        app.show(view)
        if setup is not None:
            setup(app)
        seen = []

        def drawn(_) -> None:
            if not seen and (sent or not keys):
                seen.append(out.getvalue())
                app.app.exit()

        app.app.after_render += drawn
        if keys:
            app.app.pre_run_callables.append(lambda: pipe.send_text(keys + F24))
        app.app.run()
    screen = pyte.Screen(size[1], size[0])
    pyte.Stream(screen).feed(seen[0])
    return screen.display


def keys_to(view, row) -> str:
    """The arrow keys from the line the decision starts on (its default) to `row`."""
    rows = [r for section in view.sections for r in section.rows]
    start = next((i for i, r in enumerate(rows) if r.choice and r.value == view.ask.cursor),
                 next(i for i, r in enumerate(rows) if r.choice))
    step = rows.index(row) - start
    return (DOWN if step > 0 else UP) * abs(step)


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
    "produce_pay": (("bow",), 1, 1), "save_card": (("bow",), 1, 71),
    "upgrade": (("bow",), 1, 41), "develop_way": (("bow",), 1, 5),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_decision_shows_itself_the_hand_every_total_and_the_card_whole(kind):
    """At 80x24, without scrolling: the decision, every card of your hand, every seat's
    total and the whole text of the highlighted line (issue 37, "Done when")."""
    expansions, ai, seed = KINDS[kind]
    game = game_at(asked(kind), seed=seed, ai=ai, expansions=expansions)
    view = table_view(game, game.pending)
    assert_the_decision_whole(game, view, look_at(view))


def flat(rows) -> str:
    """The screen as one line of words (a line wrapped at the edge reads whole)."""
    return " ".join(" ".join(rows).split())


def assert_the_decision_whole(game, view, rows, highlighted=None) -> None:
    """The decision, every card of the deciding seat's hand, every seat's total and the
    whole text of the highlighted line (the default's, unless `highlighted`) on `rows`."""
    text = "\n".join(rows)
    assert " ".join(game.pending.prompt.split()) in flat(rows), text
    listed = "\n".join(row[:38] for row in rows)
    for card in game.players[game.pending.player].hand:
        assert game.name(card) in listed, f"{game.name(card)} not on screen:\n{text}"
    for result in game.outcome().results:
        assert any(row.startswith(result.name) and f" {result.score} VP" in row
                   for row in rows), text
    right = " ".join("".join(row[39:] for row in rows).split())
    choices = [row for section in view.sections for row in section.rows if row.choice]
    if highlighted is None:
        highlighted = next((row for row in choices if row.value == view.ask.cursor),
                           choices[0])
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


# ---------------------------------------------------------------- constructed positions
# The decision kinds random games meet too rarely (built as tests/expansions/test_takeovers.py,
# tests/expansions/test_prestige_rules.py and tests/race/test_powers_produce.py build theirs).

def seat_view(game):
    """The table of the seat the pending decision asks."""
    console = Console(file=io.StringIO(), width=80)
    return make_table(console).view(game, game.pending.player, game.pending)


def takeover_table(players: int = 2) -> Table:
    """Player 1 (Imperium Seat, Drop Ships, Space Marines: 6 against 5 + 1) may take over
    player 2's Rebel Outpost; every
    seat holds developments (no world to settle first)."""
    t = Table(players=players, sets=("bow",), takeovers=True)
    t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines")
    t.tableau(1, "Rebel Outpost")
    for seat in range(players):
        devs(t, seat, 3)
    return t


def test_a_takeover_declaration_shows_the_target_the_hand_the_totals_and_the_world_whole():
    t = takeover_table()
    [outpost] = [c for c in t.p(1).tableau]
    t.start("settle", {1: ("settle",)})
    assert t.pending.kind == "takeover" and t.pending.player == 0
    view = seat_view(t.game)
    rows = look_at(view)
    assert_the_decision_whole(t.game, view, rows)
    assert any(row[4:].startswith("Rebel Outpost of Player 2") for row in rows), rows
    target = next(row for row in view.sections[0].rows if row.value[0] == outpost)
    rows = look_at(view, keys=keys_to(view, target))
    assert_the_decision_whole(t.game, view, rows, target)
    assert rows[3][39:].startswith("Rebel Outpost")    # the card pane: the world whole
    # the list words the declaration short; the bar says what Enter declares, whole
    assert 'Enter: takeover "Rebel Outpost" of "Player 2" with "Imperium Seat"' in flat(rows)


def test_a_takeover_defense_is_asked_of_the_defender_at_its_own_table():
    t = takeover_table()
    t.tableau(1, "New Military Tactics")       # +3 for the defense
    t.start("settle", {1: ("settle",)})
    t.answer(next(o for o in t.pending.options if o[0] in t.p(1).tableau))
    assert t.pending.kind == "takeover_defense" and t.pending.player == 1
    view = seat_view(t.game)
    rows = look_at(view)
    assert_the_decision_whole(t.game, view, rows)
    assert any("defend" in row and "Rebel Outpost" in row for row in rows), rows
    assert any(row[4:].startswith("pass") for row in rows), rows         # no defense


def test_preventing_a_takeover_is_asked_of_the_security_council_at_its_table():
    """Pan-Galactic Security Council (The Brink of War): a third seat may cancel another's
    takeover for 1 prestige."""
    t = takeover_table(players=3)
    t.tableau(2, "Pan-Galactic Security Council")
    t.p(2).prestige = 1
    t.start("settle", {1: ("settle",)})
    t.answer(next(o for o in t.pending.options if o[0] in t.p(1).tableau))
    while t.pending.kind != "prevent_takeover":      # the defender has nothing to add
        t.answer(t.pending.options[-1])
    assert t.pending.player == 2
    view = seat_view(t.game)
    rows = look_at(view)
    assert_the_decision_whole(t.game, view, rows)
    assert "cancel a declared takeover (Player 1 against Rebel Outpost)" in flat(rows)
    target = next(row for row in view.sections[0].rows if row.label == "Rebel Outpost")
    rows = look_at(view, keys=keys_to(view, target))
    assert_the_decision_whole(t.game, view, rows, target)
    assert "Enter: Rebel Outpost [default: pass]" in flat(rows)


def prestige_bonus_view(hand: int):
    """The action choice of a seat with 1 prestige: the once-a-game Prestige bonus cards
    join the action cards (The Brink of War, « Bonus de Prestige »): 15 lines."""
    t = Table(sets=("bow",))
    for seat in range(2):
        t.pad(seat, hand)
    t.game.add_prestige(0, 1)
    t.game.push(("ask_action", 0))
    t.game.run()
    assert t.pending.kind == "action" and t.pending.player == 0
    return t, seat_view(t.game)


def test_a_prestige_bonus_action_card_is_listed_and_its_text_shown_whole():
    """Highlighted, a Prestige bonus card's whole text is on screen, and the whole hand
    below the 15 action cards (they scroll in the rows the hand leaves)."""
    t, view = prestige_bonus_view(hand=4)
    bonus = next(row for row in view.sections[0].rows if "Prestige bonus Settle" in row.label)
    rows = look_at(view, keys=keys_to(view, bonus))
    assert_the_decision_whole(t.game, view, rows, bonus)
    assert any(row.startswith(">") and "Prestige bonus Settle" in row for row in rows), rows


def test_a_produce_windfall_shows_the_empty_windfall_worlds_and_the_hand():
    """The Produce bonus puts a good on one empty windfall world, the player's choice."""
    t = Table()
    t.tableau(1, "New Sparta")
    t.tableau(0, "Galactic Engineers")
    t.tableau(0, "Asteroid Belt", "Pre-Sentient Race", "Refugee World")
    for seat in range(2):
        t.pad(seat, 3)
    t.start("produce", {0: ("produce",)})
    assert t.pending.kind == "windfall" and t.pending.player == 0
    view = seat_view(t.game)
    rows = look_at(view)
    assert_the_decision_whole(t.game, view, rows)
    for world in ("Asteroid Belt", "Pre-Sentient Race", "Refugee World"):
        assert any(world in row[:38] for row in rows), rows
    last = view.sections[0].rows[-1]
    rows = look_at(view, keys=keys_to(view, last))
    assert_the_decision_whole(t.game, view, rows, last)


def test_the_whole_hand_stays_on_screen_when_the_choices_do_not_fit():
    """15 action cards and 9 cards in hand do not fit 80x24 together: the hand is drawn
    whole and the action cards scroll with the cursor."""
    t, view = prestige_bonus_view(hand=9)
    last = view.sections[0].rows[-1]
    for keys, highlighted in (("", None), (keys_to(view, last), last)):   # first, last
        rows = look_at(view, keys=keys)
        assert_the_decision_whole(t.game, view, rows, highlighted)
        if not keys:
            assert rows[3].startswith("Action cards (choose 1) · more ↕"), rows[3]
    assert any(row.startswith(">") and "Prestige bonus Produce" in row for row in rows)


def test_each_action_card_shows_the_code_that_typed_chooses_it():
    """Line mode gives each action card its own code (issue 38 #22: Settle `s`, Search
    `se`, Prestige bonus Settle `ps`); the table's list shows the same codes."""
    _, view = prestige_bonus_view(hand=2)
    for row in view.sections[0].rows:
        code = row.label.split()[0]
        assert view.ask.read(code) == view.ask.answer((row.value,)), row.label


def test_f2_shows_every_tableau_whole_and_f2_again_brings_the_list_back():
    """Four seats late in a game: at 80x24 the tableaux pane beside the list is compact
    (cut); F2 shows every card of every tableau over the list and the panes."""
    game = game_at(lambda g: asked("action")(g) and
                   sum(len(p.tableau) for p in g.players) >= 28, seed=11, ai=3)
    view = table_view(game, game.pending)
    names = [game.name(c) for p in game.players for c in p.tableau]
    compact = look_at(view)
    assert "Tableaux (F2: whole)" in flat(compact)
    assert not all(name in flat(compact) for name in names)
    whole = look_at(view, keys=F2)
    for name in names:
        assert name in flat(whole), f"{name} not on screen:\n" + "\n".join(whole)
    for result in game.outcome().results:                   # the scoreboard stays
        assert any(row.startswith(result.name) for row in whole)
    assert look_at(view, keys=F2 + F2) == compact


def test_the_keys_hint_names_f2_where_the_command_line_has_room():
    game = game_at(asked("develop"))
    rows = look_at(table_view(game, game.pending))
    assert "F2 tableaux" in rows[-1]
    game = game_at(asked("action"))
    view = table_view(game, game.pending)
    assert "F2 tableaux" in look_at(view, size=(40, 120))[-1]



def test_a_choice_says_what_it_costs_once():
    """A develop choice's line read "Mining Conglomerate (pay 2)  pay 2": the cost column
    says it, the line does not repeat it (the decision bar still names it whole)."""
    game = game_at(asked("develop"), seed=7)
    view = table_view(game, game.pending)
    costed = [row for section in view.sections for row in section.rows
              if row.choice and row.note and row.label.endswith(f"({row.note})")]
    assert costed
    screen = look_at(view)
    for row in costed:
        line = next(r[:38] for r in screen if row.label.split(" (")[0] in r[:38])   # the list
        assert line.count(row.note) == 1, line
