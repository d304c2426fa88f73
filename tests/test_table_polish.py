"""The table's small things left from issue 37: the log pane's title stays on screen, long
takeover lines fit the list, a wild die is moved by keys before a phase is selected, and a
refused key press speaks of tiles and dice in the dice game."""

from __future__ import annotations

from .test_table_app import asked, game_at, look_at, table_view

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
