"""The teaching game at the full-screen table, as a newcomer plays it at 80x24 (issue 39):
the real `rftg new --learn` in a pseudo-terminal, read by a terminal emulator."""

from __future__ import annotations

import pytest

from tests.table_terminal import DOWN, ENTER, SPACE, Terminal

pytestmark = pytest.mark.slow

CLOSE = "Enter, Esc or Up/Down close this"


@pytest.fixture
def terminal(tmp_path):
    opened = Terminal(["new", "--learn", "--seed", "1"], tmp_path)
    yield opened
    opened.close()


def test_a_hint_alone_leaves_the_decision_in_view_a_lesson_covers_it(terminal):
    """A decision with no new phase to teach showed its hint over the list, and the Enter
    the bar offered ("Enter confirms") closed it instead of answering."""
    terminal.until("What the game is")           # the first lesson covers the list
    assert CLOSE in terminal.text()
    terminal.press(ENTER)
    terminal.press(ENTER)            # the hint's Explore +1/+1 and Settle, marked already
    terminal.until("Phase I, Explore")
    terminal.press(ENTER)                        # the lesson read
    terminal.press(ENTER)                        # keep the hint's card
    terminal.until("Phase III, Settle")
    terminal.press(ENTER)
    terminal.press(ENTER)                        # settle the hint's world
    screen = terminal.until("Hint: s p: Settle, Produce")   # no lesson: the hint alone
    assert CLOSE not in screen, screen
    assert "Public Works" in terminal.list_pane(), screen
    assert "Hint: s p: Settle, Produce" in terminal.right_pane(), screen
