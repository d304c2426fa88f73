"""The dice game at the full-screen table as a player sees it (issue 37): the real `rftg new
--roll` in a pseudo-terminal at 80x24, its screen read by a terminal emulator."""

from __future__ import annotations

import pytest

from rftg_cli import saves
from tests.table_terminal import DOWN, ENTER, Terminal, highlight

# The real `rftg` in a pseudo-terminal: seconds of waiting each, so with the long runs
# (`python -m pytest -m slow`, which CI runs); the in-process screen tests run by default.
pytestmark = pytest.mark.slow

SEED = "1"      # you start with Old Earth; Mining League / Information Hub to place


@pytest.fixture
def table(tmp_path):
    opened = []

    def open_(*args: str, home=None) -> Terminal:
        terminal = Terminal(list(args), home or tmp_path)
        opened.append(terminal)
        return terminal

    yield open_
    for terminal in opened:
        terminal.close()


def position(home):
    (path,) = (home / "saves").glob("*.toml")
    save = saves.read(path)
    return save, saves.restore(save).game


def assert_totals(terminal: Terminal, game) -> None:
    for result in game.outcome().results:
        row = next(r for r in terminal.rows() if r.startswith(result.name))
        assert f" {result.score} VP" in row, terminal.text()


def test_rftg_new_roll_opens_the_table(table, tmp_path):
    terminal = table("new", "--roll", "--seed", SEED)
    terminal.until("Which tile goes on your development stack")
    rows = terminal.rows()
    assert rows[0].startswith(" Round 0 · Setup · VP pool 24 · phases - · bag 53")
    _, game = position(tmp_path)
    assert_totals(terminal, game)
    assert "Your dice · $1" in terminal.list_pane() and "Old Earth" in terminal.list_pane()
    # The highlighted answer's two sides, whole: the development and the world it places.
    for line in ("Mining League: development, cost 6, 6 VP; At the end of every Produce",
                 "End: 2 VP per brown (rare elements) world in your tableau.",
                 "Information Hub: blue world, cost 3, 3 VP; when settled: a cyan die"):
        assert line in terminal.right_pane(), terminal.text()
    terminal.press(ENTER)
    screen = terminal.until("Select a phase")
    assert "Select Explore" in terminal.list_pane() and "Select Ship" in terminal.list_pane()
    assert "Bot ($1" in terminal.right_pane(), screen


def answers_after(table, home, steps: list[str]) -> list[str]:
    terminal = table("new", "--roll", "--seed", SEED, home=home)
    terminal.until("Which tile goes on your development stack")
    for step in steps:
        terminal.press(step)
    terminal.press("quit" + ENTER)
    terminal.until("Resume with", limit=20)
    save, _ = position(home)
    return save.answers


def test_keys_and_typed_answers_are_the_same_answers_in_the_save(table, tmp_path_factory):
    """The start tiles swapped, Settle selected with the white die from Ship, done: by
    arrow keys and Enter, then typed as the save wrote it."""
    by_keys = answers_after(table, tmp_path_factory.mktemp("keys"),
                            [DOWN + ENTER, DOWN * 2 + ENTER, DOWN * 2 + ENTER, ENTER])
    assert by_keys[1] == "select settle with white from ship"
    by_text = answers_after(table, tmp_path_factory.mktemp("typed"),
                            [answer + ENTER for answer in by_keys])
    assert by_keys == by_text and len(by_keys) == 3


PHASES = ("Explore", "Develop", "Settle", "Produce", "Ship")


def test_a_whole_dice_game_by_arrow_keys_and_enter(table, tmp_path):
    """Round r selects the ((r - 1) mod 5)-th phase with the first die offered; every
    other decision takes the marked or highlighted default with Enter."""
    terminal = table("new", "--roll", "--seed", "3")
    terminal.until("Enter:")
    for _ in range(1500):
        screen = terminal.text()
        if "The game is over. Enter leaves the table." in screen:
            break
        assert "Not legal" not in screen and "no choice here" not in screen, screen
        if "Select Explore" in terminal.list_pane() and "(or back)" not in screen:
            rnd = int(terminal.rows()[0].split()[1])
            highlight(terminal, "Select " + PHASES[(rnd - 1) % 5])
            terminal.press(ENTER)
        else:
            terminal.press(ENTER)
    else:
        raise AssertionError("the game did not end in 1500 key presses")
    save, game = position(tmp_path)
    assert game.over and game.round > 5
    for result in game.outcome().results:
        assert f"│ {result.name}" in terminal.text()
        assert_totals(terminal, game)
    terminal.press(ENTER)
    terminal.wait_end()
    save, game = position(tmp_path)
    assert save.status == saves.FINISHED
    assert any(" wins!" in row or "Shared victory" in row for row in terminal.rows())
    chosen = {a.split()[1] for a in save.answers if a.startswith("select ")}
    assert chosen == {"explore", "develop", "settle", "produce", "ship"}, chosen


def test_replay_steps_through_a_dice_game_at_the_table(table, tmp_path):
    answers_after(table, tmp_path, [ENTER, ENTER, ENTER])   # start tiles; Explore, its die
    save, _ = position(tmp_path)
    viewer = table("replay", save.name)
    screen = viewer.until("Step 1 of 2: You to decide: Which tile goes on your development")
    assert f"Answer: {save.answers[0]}" in screen and "Your dice · $1" in screen
    assert "Step 2 of 2: You to decide: Select a phase" in viewer.press("\x1b[C")
    assert f"Answer: {save.answers[1]}" in viewer.text()
    viewer.press("q")
    viewer.wait_end()
