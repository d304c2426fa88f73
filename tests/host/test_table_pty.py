"""The full-screen table as a player sees it (issue 37): the real `rftg` in a pseudo-terminal
at 80x24, its screen read by a terminal emulator. At each decision the screen shows the
decision, every card of the hand, every seat's total VP and the whole text of the
highlighted card; keys and typed answers give the same answers in the save."""

from __future__ import annotations

import pytest

from rftg_cli import saves
from rftg_cli.race.cards.text import power_text
from tests.table_terminal import (DOWN, ENTER, LIST_WIDTH, PAGE_DOWN, SPACE, UP, Terminal,
                                   highlight, squash)

# The real `rftg` in a pseudo-terminal: seconds of waiting each, so with the long runs
# (`python -m pytest -m slow`, which CI runs); the in-process screen tests run by default.
pytestmark = pytest.mark.slow

# Seed 7: after the default start discard, the hand holds Mining Conglomerate and
# Diversified Economy (developments you can pay for), Radioactive World and Galactic
# Trendsetters. Develop defaults to the best development you can afford (issue 38 item 21):
# Diversified Economy, paid with the other three cards.
SEED = "7"
DEVELOP_AND_SETTLE = DOWN * 2 + SPACE + DOWN * 2 + SPACE + ENTER   # rows 3 and 5: d, s


@pytest.fixture
def table(tmp_path):
    opened = []

    def open_(*args: str, home=None, env=None) -> Terminal:
        terminal = Terminal(list(args), home or tmp_path, env=env)
        opened.append(terminal)
        return terminal

    yield open_
    for terminal in opened:
        terminal.close()


def position(tmp_path):
    """The game as saved before the prompt on screen (saved before every prompt)."""
    (path,) = (tmp_path / "saves").glob("*.toml")
    save = saves.read(path)
    return save, saves.restore(save).game


def whole_text(game, name: str) -> list[str]:
    """What the card pane must show of a card: its name and every power, in full."""
    card = next(c for c in game.design if c.name == name)
    return [card.name] + [power_text(p, card, game.rules.powers) for p in card.powers
                          if not (p.kind == "produce" and not p.pay_with)]


def assert_table(terminal: Terminal, tmp_path, prompt: str, highlighted: str | None) -> None:
    """The decision, every card of the hand, every total, the highlighted card in full."""
    screen = terminal.text()
    _, game = position(tmp_path)
    assert prompt in screen
    hand = [game.name(c) for c in game.view(0)["hand"]]
    for name in hand:
        assert name in terminal.list_pane(), f"{name} is not on the screen:\n{screen}"
    for result in game.outcome().results:
        assert f"{result.name}" in screen and f" {result.score} VP" in screen
        row = next(r for r in terminal.rows() if r.startswith(result.name))
        assert f" {result.score} VP" in row, row
    if highlighted is not None:
        for line in whole_text(game, highlighted):
            assert squash(line) in terminal.right_pane(), f"{line!r} not shown:\n{screen}"


def start(table, *args: str, home=None) -> Terminal:
    terminal = table("new", "--seed", SEED, *args, home=home)
    terminal.until("Choose 2 cards to discard")
    terminal.press(ENTER)                      # the default start discard
    terminal.until("Choose 2 action cards")
    return terminal


def test_the_action_choice_shows_the_action_cards_the_hand_the_totals_and_a_whole_card(
        table, tmp_path):
    terminal = start(table)
    assert_table(terminal, tmp_path, "Choose 2 action cards", None)
    assert "e5  Explore +5" in terminal.list_pane() and "draw 5 more cards" in terminal.text()
    terminal.press(UP)                         # up from the first row: the last card of the hand
    assert_table(terminal, tmp_path, "Choose 2 action cards", "Galactic Trendsetters")
    assert "now: pay 5" in terminal.right_pane()       # what placing it costs you now


def test_explore_shows_the_cards_explored_marked_to_discard_and_the_hand(table, tmp_path):
    terminal = start(table)
    terminal.press(SPACE + DOWN + SPACE + ENTER)       # Explore +5 and Explore +1/+1
    terminal.until("Explore: discard")
    _, game = position(tmp_path)
    explored = [game.name(c) for c in game.pending.options]
    for name in explored:
        assert name in terminal.list_pane()
    highlighted = next(n for n in explored if f">■" in terminal.text()
                       and n in next(r for r in terminal.rows() if r.startswith(">")))
    assert_table(terminal, tmp_path, "Explore: discard", highlighted)
    assert "Space marks to discard (6 of 6) · Enter confirms · Up/Down j/k · `help`" in \
        terminal.rows()[-1]                    # the keys, whole, on the empty command line


def test_develop_and_its_payment(table, tmp_path):
    terminal = start(table)
    terminal.press(DEVELOP_AND_SETTLE)
    terminal.until("Develop: choose a development or pass")
    assert_table(terminal, tmp_path, "Develop: choose", None)
    assert "pass" in terminal.list_pane()
    assert "You (chose Develop + Settle): " in terminal.right_pane()   # the tableaux pane
    highlight(terminal, "Mining Conglomerate")
    assert_table(terminal, tmp_path, "Develop: choose", "Mining Conglomerate")
    assert "Enter: Mining Conglomerate (pay 2)" in terminal.text()
    terminal.press(ENTER)
    terminal.until("Pay 2 for Mining Conglomerate")
    assert_table(terminal, tmp_path, "Pay 2 for Mining Conglomerate", None)
    terminal.press(ENTER)                      # the default payment
    terminal.until("Round 2")
    _, game = position(tmp_path)
    assert "Mining Conglomerate" in [game.name(c) for c in game.players[0].tableau]


def test_settle_and_its_payment(table, tmp_path):
    terminal = start(table)
    terminal.press(DEVELOP_AND_SETTLE)
    terminal.until("Develop: choose a development or pass")
    highlight(terminal, "pass")                # not the default (Diversified Economy)
    terminal.press(ENTER)
    terminal.until("Settle: choose a world or pass")
    assert_table(terminal, tmp_path, "Settle: choose a world or pass", None)
    assert "Enter: Radioactive World (the default)" in terminal.text()   # issue 38 #21
    highlight(terminal, "Radioactive World")
    assert_table(terminal, tmp_path, "Settle: choose", "Radioactive World")
    terminal.press(ENTER)
    terminal.until("Pay 2 for Radioactive World")
    assert_table(terminal, tmp_path, "Pay 2 for Radioactive World", None)
    highlight(terminal, "Galactic Trendsetters")
    assert_table(terminal, tmp_path, "Pay 2 for Radioactive World", "Galactic Trendsetters")


def test_a_command_shows_its_output_and_enter_closes_it_without_answering(table, tmp_path):
    terminal = start(table)
    terminal.press("card Gem World" + ENTER)
    screen = terminal.until("V: draw 1 card if this world")
    assert "Gem World: world, cost 2, 1 VP, novelty production" in screen
    assert "Keys:" not in screen
    terminal.press("help" + ENTER)
    assert "Space marks" in squash(terminal.until("Keys:"))
    terminal.press(ENTER)
    screen = terminal.until("Your hand (4)")
    assert "Choose 2 action cards" in screen
    save, _ = position(tmp_path)
    assert len(save.answers) == 1                   # the start discard only


def test_undo_goes_back_to_your_previous_decision(table, tmp_path):
    terminal = start(table)
    terminal.press(DEVELOP_AND_SETTLE)
    terminal.until("Develop: choose a development or pass")
    terminal.press("undo" + ENTER)
    terminal.until("Undone: back to your previous decision")
    terminal.press(ENTER)                               # closes the message
    assert "Choose 2 action cards" in terminal.until("Action cards (choose 2)")
    save, _ = position(tmp_path)
    assert save.undos == [1]


def answers_after(table, tmp_path, keys_or_text: list[str]) -> list[str]:
    terminal = start(table, home=tmp_path)
    for step in keys_or_text:
        terminal.press(step)
    terminal.press("quit" + ENTER)
    terminal.until("Resume with", limit=20)
    save, _ = position(tmp_path)
    return save.answers


def test_keys_and_typed_answers_are_the_same_answers_in_the_save(table, tmp_path_factory):
    keys = [DEVELOP_AND_SETTLE, UP + ENTER, ENTER]   # Up from the default, Diversified Economy
    typed = ["d s" + ENTER, "Mining Conglomerate" + ENTER, ENTER]
    by_keys = answers_after(table, tmp_path_factory.mktemp("keys"), keys)
    by_text = answers_after(table, tmp_path_factory.mktemp("typed"), typed)
    assert by_keys == by_text
    assert any("Mining Conglomerate" in a for a in by_keys)


def test_a_larger_terminal_and_a_resize_redraw_the_whole_table(table, tmp_path):
    terminal = start(table)
    screen = terminal.resize(40, 120)
    assert terminal.screen.buffer[0][119].reverse       # the status bar redrawn to 120 wide
    assert terminal.rows()[0].rstrip().endswith("discard 2") and "Choose 2 action" in screen
    assert_table(terminal, tmp_path, "Choose 2 action cards", None)
    terminal.press(UP)
    assert_table(terminal, tmp_path, "Choose 2 action cards", "Galactic Trendsetters")


def test_rftg_ascii_draws_the_table_in_ascii(table):
    terminal = table("new", "--seed", SEED, env={"RFTG_ASCII": "1"})
    terminal.until("Choose 2 cards to discard")
    screen = terminal.press(ENTER)
    assert "Choose 2 action cards" in screen and "+ Radioactive World" in screen
    assert screen.isascii(), [ch for ch in screen if not ch.isascii()]


@pytest.mark.parametrize("how", [("--plain",), ()], ids=["--plain", "TERM=dumb"])
def test_plain_or_a_dumb_terminal_keeps_line_mode(table, how):
    terminal = table("new", "--seed", SEED, *how, env={} if how else {"TERM": "dumb"})
    screen = terminal.until("Choose 2 cards to discard from your starting hand [")
    assert "│" not in screen and "Space marks" not in screen


def test_resume_opens_the_table_where_the_game_stopped(table, tmp_path):
    terminal = start(table)
    terminal.press("\x03")                    # Ctrl-C at a decision: save and quit
    terminal.until("Resume with: rftg resume")
    again = table("resume")
    again.until("Choose 2 action cards")
    assert_table(again, tmp_path, "Choose 2 action cards", None)


def play_to_the_end(terminal: Terminal, tmp_path, choose_actions) -> None:
    """Play a whole game by Up/Down, Space and Enter alone: `choose_actions(terminal, round,
    picks)` at each action choice, Enter (the marked or highlighted default) at every other
    decision; then the final scores on the table, and the game saved as finished."""
    terminal.until("default")              # "[default: ...]" or "(the default)"
    for _ in range(700):
        screen = terminal.text()
        if "The game is over. Enter leaves the table." in screen:
            break
        assert "Not legal" not in screen and "no choice here" not in screen, screen
        bar = "\n".join(terminal.rows()[-5:])
        if "Choose 2 action cards" in bar or "Choose your action card" in bar:
            choose_actions(terminal, int(terminal.rows()[0].split()[1]),
                           2 if "Choose 2 action cards" in bar else 1)
        else:
            terminal.press(ENTER)
    else:
        raise AssertionError(f"the game did not end in 700 decisions:\n{terminal.text()}")
    save, game = position(tmp_path)
    results = game.outcome().results
    for result in results:                              # the scoreboard: every total on screen
        assert any(r.startswith(result.name) and f" {result.score} VP" in r
                   for r in terminal.rows()), terminal.text()
    # The final score of each seat, in a text that may run past the screen (PageDown reads on).
    seen = terminal.text()
    for _ in range(8):
        if all(f"{r.name}: {r.score} VP" in seen for r in results):
            break
        seen += "\n" + terminal.press(PAGE_DOWN)
    for result in results:
        assert f"{result.name}: {result.score} VP" in seen, seen
    terminal.press(ENTER)
    if not terminal.ended and "The game is over. Enter leaves the table." in terminal.text():
        terminal.press(ENTER)       # the first Enter closed the final text
    terminal.wait_end()
    save, game = position(tmp_path)
    assert game.over and save.status == saves.FINISHED
    assert any(" wins!" in row or "Tie:" in row or " win!" in row for row in terminal.rows())


def mark(terminal: Terminal, *names: str) -> None:
    """Down to each named action card (its line: marks, code, name) and Space on it, then
    Enter."""
    for name in names:
        for _ in range(30):
            row = next(r for r in terminal.rows() if r.startswith(">"))
            if " ".join(row[4:LIST_WIDTH].split()[1:]) == name:
                break
            terminal.press(DOWN)
        else:
            raise AssertionError(f"no action card {name}:\n{terminal.text()}")
        terminal.press(SPACE)
    terminal.press(ENTER)


def test_a_whole_solo_game_by_arrow_keys_space_and_enter(table, tmp_path):
    """Explore in odd rounds, develop and settle in even ones; every other decision takes
    the marked or highlighted default with Enter."""
    def actions(terminal, rnd, picks):
        first = "" if rnd % 2 else DOWN * 2      # rows 1+2 (explore) or 3+5 (d, s)
        second = DOWN if rnd % 2 else DOWN * 2
        terminal.press(first + SPACE + second + SPACE + ENTER)

    play_to_the_end(table("new", "--seed", "3"), tmp_path, actions)


# A round's action cards by keys, in turn: explore, develop, settle (and consume, produce
# with a second pick).
ROUNDS = [("Explore +5", "Settle"), ("Develop", "Settle"), ("Consume: x2 VP", "Produce")]


def by_rounds(terminal, rnd, picks):
    mark(terminal, *ROUNDS[rnd % len(ROUNDS)][:picks])


def test_a_whole_expert_game_by_arrow_keys_space_and_enter(table, tmp_path):
    """The expert game (2 action cards a round against an AI seat) to its end by keys."""
    play_to_the_end(table("new", "--seed", "4", "--expert", "--ai", "1"), tmp_path, by_rounds)


def test_a_whole_four_player_brink_of_war_game_by_arrow_keys_space_and_enter(table, tmp_path):
    """The Brink of War with 3 AI seats (one action card a round: search, prestige,
    takeovers on the table) to its end by keys."""
    play_to_the_end(table("new", "--seed", "4", "--bow", "--ai", "3", "--ai-level", "fast"),
                    tmp_path, by_rounds)


def test_the_table_says_who_it_waits_for_while_an_ai_seat_thinks(table):
    terminal = table("new", "--seed", "11", "--ai", "1", "--ai-level", "strong")
    terminal.until("Choose 2 cards to discard")
    terminal.press(ENTER)
    terminal.until("Choose your action card")
    terminal.child.send(ENTER)                 # Explore +5; then the AI chooses, slowly
    terminal.until("Waiting for AI...")


def test_ctrl_c_while_an_ai_seat_thinks_stops_after_its_move(table):
    terminal = table("new", "--seed", "11", "--ai", "1", "--ai-level", "strong")
    terminal.until("Choose 2 cards to discard")
    terminal.press(ENTER)
    terminal.until("Choose your action card")
    terminal.child.send(ENTER + "\x03")       # answer, then Ctrl-C while the AI thinks
    terminal.wait_end(limit=60)
    assert "interrupted; the game is saved as of your last decision" in " ".join(
        "".join(terminal.rows()).split())


def test_replay_steps_through_the_game_at_the_table(table, tmp_path):
    answers_after(table, tmp_path, [DEVELOP_AND_SETTLE])     # stopped at the develop step
    save, _ = position(tmp_path)
    viewer = table("replay", save.name)
    screen = viewer.until("Step 1 of 2: You to decide: Choose 2 cards to discard")
    assert f"Answer: {save.answers[0]}" in screen
    assert "Step 2 of 2: You to decide: Choose 2 action cards" in viewer.press("\x1b[C")
    assert f"Answer: {save.answers[1]}" in viewer.text()
    assert "Step 1 of 2" in viewer.press("b")
    viewer.press("q")
    viewer.wait_end()
