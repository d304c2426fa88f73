"""The table's small things left from issue 37: the log pane's title stays on screen, long
takeover lines fit the list, a wild die is moved by keys before a phase is selected, and a
refused key press speaks of tiles and dice in the dice game."""

from __future__ import annotations

import pytest

from tests.host.test_table_app import asked, game_at, keys_to, look_at, seat_view, table_view, takeover_table

PAGE_UP = "\x1b[5~"
LIST_WIDTH = 38


def right_pane(rows: list[str]) -> list[str]:
    return [row[LIST_WIDTH + 1:].rstrip() for row in rows]


def test_the_log_pane_keeps_its_title_at_80x24_as_it_scrolls():
    """Mid-game the log is longer than its pane: its title stays above the last lines, and
    above the earlier ones after PageUp."""
    game = game_at(lambda g: g.round >= 5 and asked("action")(g))
    view = table_view(game, game.pending)
    assert len(view.log) > 24
    for keys in ("", PAGE_UP * 2):
        right = right_pane(look_at(view, keys=keys))
        titles = [n for n, row in enumerate(right) if row == "Log"]
        assert len(titles) == 1, "\n".join(right)
        shown = " ".join(" ".join(right[titles[0] + 1:]).split())
        if not keys:                                # the last line, under the title
            assert view.log[-1] in shown, "\n".join(right)


def test_a_takeover_fits_the_list_at_80x24_and_the_bar_says_it_whole():
    """Player 1 may take over Rebel Outpost of Player 2 with Imperium Seat (constructed as
    tests/test_table_app.py's takeovers): the list says the world and its owner, uncut; the
    bar says the whole declaration Enter makes."""
    t = takeover_table()
    t.start("settle", {1: ("settle",)})
    assert t.pending.kind == "takeover" and t.pending.player == 0
    view = seat_view(t.game)
    target = next(row for row in view.sections[0].rows if row.value[0] != -1)
    rows = look_at(view, keys=keys_to(view, target))
    listed = [row[:LIST_WIDTH] for row in rows]
    line = next(row for row in listed if "Rebel Outpost" in row and row.startswith(">"))
    assert "…" not in line and "Rebel Outpost of Player 2" in line, "\n".join(rows)
    bar = " ".join(" ".join(rows[-4:]).split())
    assert 'Enter: takeover "Rebel Outpost" of "Player 2" with "Imperium Seat"' in bar


ENTER = "\r"


def bar_after(view, row, key: str) -> str:
    rows = look_at(view, keys=keys_to(view, row) + key)
    return " ".join(" ".join(rows[-4:]).split())


def test_a_line_that_is_no_choice_says_what_it_is_tile_dice_or_card():
    """Enter on a line that answers nothing: the dice game speaks of its tiles and dice,
    the card game of its cards."""
    from tests.roll.test_roll_table import asked as roll_asked
    from tests.roll.test_roll_table import game_at as roll_game_at
    from tests.roll.test_roll_table import table as roll_table

    game = roll_game_at(roll_asked("assign", False))
    view = roll_table(game).view(game, 0, game.pending)
    rows = {section.title.split(" (")[0]: section.rows[0] for section in view.sections}
    assert "That tile is no choice here" in bar_after(view, rows["Your tableau"], ENTER)
    assert "That row of dice is no choice here" in bar_after(view, rows["Your dice · $1"],
                                                              ENTER)
    card_game = game_at(asked("settle"))
    card_view = table_view(card_game, card_game.pending)
    held = card_view.sections[-1].rows[0]
    assert not held.choice
    assert "That card is no choice here" in bar_after(card_view, held, ENTER)


def test_a_wild_die_is_moved_by_keys_before_a_phase_is_selected():
    """Seed 1, round 6: purple and yellow dice showed the wild face in Explore. Enter on the
    Explore row of your dice lists where they may go; Enter on one moves it: the same answer
    and text as typed."""
    from rftg_cli.expansions.roll.table_view import BACK, Group

    from rftg_cli.table.view import Browse

    from tests.roll.test_roll_table import game_at as roll_game_at
    from tests.roll.test_roll_table import table as roll_table
    from tests.host.test_table_app import run_table

    def wild_before_selecting(game) -> bool:
        d = game.pending
        return d.player == 0 and d.kind == "assign" and game.players[0].selection is None \
            and any(o[0] == "wild" for o in d.options)

    game = roll_game_at(wild_before_selecting)
    describe = roll_table(game)
    view = describe.view(game, 0, game.pending)
    explore = next(r for r in view.sections[0].rows if r.label == "Explore")
    assert explore.choice and explore.note == "P* W Y*"
    _, got = run_table(view, keys_to(view, explore) + ENTER)
    assert got == ("rows", (Group(("move", "explore")),))
    with pytest.raises(Browse):
        view.ask.answer(got[1])
    opened = describe.view(game, 0, game.pending)
    moves = [o for o in game.pending.options if o[0] == "wild"]
    listed = [r for r in opened.sections[1].rows]
    assert [r.value for r in listed] == moves + [BACK]
    assert listed[0].label == "wild purple to develop"
    rows = look_at(opened)
    assert any(row.startswith(">   wild purple to develop") for row in rows), "\n".join(rows)
    _, got = run_table(opened, ENTER)                # the first move, highlighted
    by_keys = opened.ask.answer(got[1])
    assert by_keys == ("wild", "purple", "explore", "develop")
    assert opened.ask.read(game.answer_text(by_keys)) == by_keys
