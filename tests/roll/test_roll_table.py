"""The dice game at the full-screen table (issue 37), in-process: its table description
drawn by the prompt_toolkit application at 80x24 through a pipe, read by a terminal
emulator. At each kind of dice decision the screen shows the decision, your dice, every
total and the highlighted line's whole text (a tile: both sides)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rftg_cli.expansions.roll.table_view import BACK, GROUP_OVER, Group, dice, make_table
from rftg_cli.expansions.roll.table_view import workers
from rftg_cli.table.view import Browse

from tests.host.test_table_app import DOWN, ENTER, SPACE, look_at, run_table
from tests.host.test_table_app import game_at as played_until

LIST_WIDTH = 38


def game_at(until, seed: int = 1, ai: int | None = None):
    """A dice game played at random up to the first position `until` accepts."""
    return played_until(until, seed=seed, ai=ai, expansions=("roll",))


def asked(kind: str, selected: bool | None = None):
    def until(game) -> bool:
        d = game.pending
        if d.player != 0 or d.kind != kind:
            return False
        return selected is None or (game.players[0].selection is not None) == selected
    return until


def table(game):
    console = Console(file=io.StringIO(), width=80)
    console.ascii_only = False
    return make_table(console)


def squash(text: str) -> str:
    return " ".join(text.split())


def assert_table(game, view, rows: list[str]) -> None:
    """The decision, your dice, every total and the highlighted line whole, on screen."""
    text = "\n".join(rows)
    assert squash(view.ask.prompt) in squash(" ".join(rows)), text
    listed = [row[:LIST_WIDTH].rstrip() for row in rows]
    me = game.players[0]
    shown = [("Cup", dice(sorted(me.cup))), ("Citizenry", dice(sorted(me.citizenry)))]
    shown += [(ph.capitalize(), workers(col)) for ph, col in me.columns.items() if col]
    for label, held in shown:
        assert any(row.split()[:1] == [label] and row.endswith(" " + held) for row in listed), \
            f"{label} {held} not on screen:\n{text}"
    for result in game.outcome().results:
        assert any(row.startswith(result.name) and f" {result.score} VP" in row
                   for row in rows), text
    right = squash("".join(row[LIST_WIDTH + 1:] for row in rows))
    choices = [row for section in view.sections for row in section.rows if row.choice]
    highlighted = next((r for r in choices if r.value == view.ask.cursor), choices[0])
    for line in highlighted.text:
        assert squash(line) in right, f"{line!r} not whole:\n{text}"


# The first position of a random game (from seed 1) where you face each kind of dice
# decision: (kind, selected a phase already, seed, AI seats: None against the bot).
KINDS = {
    "start": ("start", None, 1, None),
    "assign: select a phase": ("assign", False, 1, None),
    "assign: move dice or done": ("assign", True, 1, None),
    "dictate_pay": ("dictate_pay", None, 1, None),
    "explore: stock or scout": ("explore", None, 1, None),
    "scout_discard": ("scout_discard", None, 1, None),
    "scout_place": ("scout_place", None, 1, None),
    "build (develop or settle)": ("build", None, 2, 1),
    "produce": ("produce", None, 2, 1),
    "ship (trade or consume)": ("ship", None, 2, None),
    "remove_die": ("remove_die", None, 3, 1),
    "manage: recruit": ("recruit", None, 1, None),
    "manage: recall": ("recall", None, 1, None),
}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_dice_decision_shows_itself_your_dice_every_total_and_the_line_whole(name):
    kind, selected, seed, ai = KINDS[name]
    game = game_at(asked(kind, selected), seed=seed, ai=ai)
    view = table(game).view(game, 0, game.pending)
    assert_table(game, view, look_at(view))


def test_the_phase_selection_is_five_rows_one_a_phase_with_its_dice():
    """15 ways to select a phase at seed 1 (every phase with every die): a row per phase,
    its column's dice beside it; the bot's board is on the table too."""
    game = game_at(asked("assign", False))
    assert len(game.pending.options) > GROUP_OVER
    view = table(game).view(game, 0, game.pending)
    choices = [row for section in view.sections for row in section.rows if row.choice]
    assert [row.label for row in choices] == [
        "Select Explore", "Select Develop", "Select Settle", "Select Produce", "Select Ship"]
    rows = look_at(view)
    me = game.players[0]
    for row, ph in zip(choices, ("explore", "develop", "settle", "produce", "ship")):
        assert row.note == workers(me.columns[ph])
    assert any(row[LIST_WIDTH + 1:].startswith(game.bot.name + " ($") for row in rows)


def test_a_group_opens_its_choices_and_back_closes_it():
    game = game_at(asked("assign", False))
    describe = table(game)
    view = describe.view(game, 0, game.pending)
    develop = Group(("select", "develop"))
    with pytest.raises(Browse):
        view.ask.answer((develop,))
    opened = describe.view(game, 0, game.pending)
    rows = opened.sections[1].rows
    assert [r.value for r in rows[:-1]] == [o for o in game.pending.options
                                            if o[:2] == ("select", "develop")]
    assert rows[-1].value is BACK and rows[-1].label == "back"
    assert rows[0].label == "with white from explore"
    with pytest.raises(Browse):
        opened.ask.answer((BACK,))
    assert describe.view(game, 0, game.pending).sections[1].rows[1].value == develop


def test_a_key_press_and_the_typed_answer_are_one_answer_with_one_text_in_the_save():
    """Select Develop with a white die from Explore: the row chosen in the group opened
    is the answer typed, with the same text."""
    game = game_at(asked("assign", False))
    describe = table(game)
    with pytest.raises(Browse):
        describe.view(game, 0, game.pending).ask.answer((Group(("select", "develop")),))
    ask = describe.view(game, 0, game.pending).ask
    by_keys = ask.answer((("select", "develop", "white", "explore"),))
    by_text = ask.read("select develop with white from explore")
    assert by_keys == by_text
    assert game.answer_text(by_keys) == game.answer_text(by_text) == \
        "select develop with white from explore"


def test_dice_marked_with_space_are_the_dice_typed():
    """Recruit 3 of 6 dice at seed 1: the default marks purple and two whites; Space on the
    first row (purple) and on the fourth (a third white) recruit three whites, as `recruit
    white, white, white` typed does."""
    game = game_at(asked("recruit"))
    view = table(game).view(game, 0, game.pending)
    assert [r.label for r in view.sections[1].rows] == [
        "purple", "white", "white", "white", "white", "yellow"]
    assert [v[0] for v in view.ask.marked] == ["purple", "white", "white"]
    _, (kind, values) = run_table(view, SPACE + DOWN * 3 + SPACE + ENTER)
    by_keys = view.ask.answer(values)
    by_text = view.ask.read("recruit white, white, white")
    assert by_keys == by_text
    assert game.answer_text(by_keys) == "recruit white, white, white"


def test_enter_opens_the_group_highlighted():
    """The first row of the phase selection is Select Explore: Enter sends its group."""
    game = game_at(asked("assign", False))
    view = table(game).view(game, 0, game.pending)
    assert "Enter: Select Explore (the default)" in squash(" ".join(look_at(view)))
    _, (kind, values) = run_table(view, ENTER)
    assert kind == "rows" and values == (Group(("select", "explore")),)


def test_the_last_round_is_announced():
    """The game ends after the round in which a player (the bot too) reaches 12 tiles
    (rulebook, Fin de la partie); from then on the table says so under the status line."""
    game = game_at(lambda g: g.bot.tile_count() >= 12 and g.pending.player == 0)
    view = table(game).view(game, 0, game.pending)
    assert view.warning == "Last round: the game ends when this round does (Bot has 12 tiles)."
    assert look_at(view)[1].startswith(view.warning)


def test_each_other_players_board_and_total_at_three_players():
    """No bot: each AI seat's credits, citizenry, how many dice it rolled (not which:
    behind its screen while it assigns) and tableau."""
    game = game_at(asked("assign", False), seed=2, ai=2)
    view = table(game).view(game, 0, game.pending)
    rows = look_at(view, size=(40, 120))
    text = "\n".join(rows)
    for result in game.outcome().results:
        assert any(row.startswith(result.name) and f" {result.score} VP" in row
                   for row in rows), text
    for p in game.players[1:]:
        rolled = sum(len(col) for col in p.columns.values()) + bool(p.selection)
        assert f"{p.name}: ${p.credits} · citizenry " in text, text
        assert f" · {rolled} dice behind the screen" in text, text
        assert "Tableau: " + ", ".join(p.tableau)[:30] in squash(text), text


def test_the_ship_choices_say_what_trading_and_consuming_give_now():
    """A white good on The Last of the Gnarssh, a green world, shipped by a white die:
    trading it gives $5 (green), consuming it 1 VP (neither die matches green; rulebook,
    Ship)."""
    game = game_at(asked("ship"), seed=2)
    view = table(game).view(game, 0, game.pending)
    rows = look_at(view)
    right = squash("".join(row[LIST_WIDTH + 1:] for row in rows))
    assert "trade The Last of the Gnarssh (now: +$5)" in right
    assert [(r.label, r.note) for r in view.sections[1].rows] == [
        ("trade The Last of the Gnarssh", "+$5"), ("consume The Last of the Gnarssh", "1 VP")]


def test_help_at_the_table_lists_the_commands_and_no_numbered_answers():
    """The table lists no numbers: its help does not offer them (line mode's does)."""
    game = game_at(asked("explore"))
    out = io.StringIO()
    console = Console(file=out, width=80)
    ask = make_table(console).view(game, 0, game.pending).ask
    assert ask.read("help") is None
    said = out.getvalue()
    assert "  undo   back to your previous decision" in said
    assert "number" not in said and "Tab completes" in said
    assert ask.read("stock") == ("stock", "white")


def test_the_longest_tile_is_whole_at_80x24_with_four_players():
    """New Galactic Order / Secluded World, the longest texts of any tile, drawn at Scout
    with four totals on the scoreboard: the pane holds both sides whole (it once showed
    "Window too small")."""
    game = game_at(lambda g: asked("scout_place")(g) and g.pending.options[0][0] == 1,
                   seed=5, ai=3)
    view = table(game).view(game, 0, game.pending)
    rows = look_at(view)
    right = squash("".join(row[LIST_WIDTH + 1:] for row in rows))
    assert "New Galactic Order: development, cost 6, 6 VP; Whenever" in right
    assert_table(game, view, rows)


def test_a_row_of_dice_names_their_colours_in_the_pane():
    """Recruit at seed 1: the citizenry holds purple, four white and yellow dice."""
    game = game_at(asked("recruit"))
    view = table(game).view(game, 0, game.pending)
    citizenry = view.sections[0].rows[1]
    assert (citizenry.label, citizenry.note) == ("Citizenry", "P W W W W Y")
    assert citizenry.text == ("Your citizenry, recruited back to the cup for $1 each in "
                              "Manage: purple, 4 white, yellow",)


def test_hint_typed_at_the_dice_table_asks_the_hosts_hint():
    """The table passes its hint callback to the dice game's table as to the card game's (a
    dice table made without it failed to open once hints came in)."""
    game = game_at(asked("assign", selected=False))
    console = Console(file=io.StringIO(), width=80)
    console.ascii_only = False
    hints = []
    view = make_table(console, on_hint=lambda g, d: hints.append(d) or ["Hint: stop"])
    ask = view.view(game, 0, game.pending).ask
    assert ask.read("hint") is None
    assert hints == [game.pending] and "Hint: stop" in console.file.getvalue()
