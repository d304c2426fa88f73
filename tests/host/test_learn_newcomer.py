"""A newcomer's first games at 80x24 (issues 37 and 39): what the teaching game shows must
read whole, at the table and in line mode."""

from __future__ import annotations

import io

import pytest

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from rftg_cli.plugins import default_registry
from rftg_cli.rulebook import all_topics
from rftg_cli.table.app import wrap
from rftg_cli.table.run import log_console
from rftg_cli.ui.prompts import PromptSource
from tests.host.test_table_app import ENTER, asked, game_at, look_at, table_view

LOG_COLUMN = 41          # the log pane's columns beside the list at 80 columns


def topic(name: str):
    return all_topics(default_registry())[name]


def action_view():
    """A solo game's first action choice, as the table shows it."""
    game = game_at(asked("action"))
    return table_view(game, game.pending)


def printed(*lines: str):
    """What the learning game prints on the table's console before a decision."""
    def setup(app) -> None:
        console = log_console(app)
        for line in lines:
            console.print(line, markup=False, highlight=False)
    return setup


def test_a_lesson_reads_as_paragraphs_on_the_table_not_lines_broken_twice():
    """The rules file is wrapped at 95 columns; a lesson at 80 showed "keep more." alone on a
    row and "more cards" alone on the next: each paragraph flows at the screen's width."""
    view = action_view()
    rows = [row.rstrip() for row in look_at(view, setup=printed(*topic("explore").lines()))]
    assert "Draw 2 cards, keep 1, discard the other. Powers on your tableau may draw more or" \
        in rows
    assert any(row.strip().startswith("keep more. The players who chose Explore get a bonus")
               for row in rows), \
        "\n".join(rows)


def test_in_line_mode_a_paragraph_of_the_rules_is_one_line_the_terminal_wraps():
    """`rules TOPIC` and the lessons in line mode: a line of the file (95 columns) wrapped
    at 80 left a fragment of a few words on a row of its own, in the middle of a paragraph.
    Each line shown ends a paragraph, a list item or a glossary row, never mid-sentence."""
    for name, found in all_topics(default_registry()).items():
        if name.endswith("terms"):
            continue                      # glossary rows: a mark and its meaning
        body = found.lines()[3:]
        for line, after in zip(body, body[1:]):
            if line and after:
                assert line.rstrip().endswith((".", ":", ")")), (name, line)


def test_the_hint_in_the_log_is_one_line_wrapped_at_the_log_s_width():
    """The hint was broken at 80 columns before the log wrapped it at 41: "... from what you
    can" then "see)" alone."""
    hint = ("Hint: dictate white from settle to explore  (the AI's answer, from what you "
            "can see)")
    view = action_view()
    rows = look_at(view, keys=ENTER, setup=printed(hint))
    log = [row[80 - LOG_COLUMN:].rstrip() for row in rows]
    wrapped = wrap(hint, LOG_COLUMN)
    start = log.index(wrapped[0])
    assert log[start:start + len(wrapped)] == wrapped, "\n".join(rows)


def test_enter_with_no_action_card_marked_says_to_mark_them_not_one_marked():
    """A solo game asks for 2 action cards; Enter before any Space answered "mark 2 action
    cards with Space (1 marked)" though none was marked."""
    view = action_view()
    assert view.ask.pick == (2, 2)
    screen = "\n".join(look_at(view, keys=ENTER))
    assert "(1 marked)" not in screen
    assert "Nothing is marked: Space marks each line to choose (2 needed), then Enter." \
        in screen, screen


PAGE_DOWN = "\x1b[6~"


def test_page_down_scrolls_a_long_lesson_at_the_first_press():
    """The first lesson (the overview and a round) is longer than the screen; the screen
    says "PageUp/PageDown scroll" but the first presses of PageDown moved nothing."""
    lesson = topic("overview").lines() + topic("round").lines()
    view = action_view()
    before = look_at(view, setup=printed(*lesson))
    after = look_at(view, keys=PAGE_DOWN, setup=printed(*lesson))
    overlay = slice(3, 20)                # under the scoreboard, above the legend and bar
    assert after[overlay] != before[overlay]
    assert after[3:20][:-5] == before[3:20][5:], "\n".join(after)   # 5 rows on


def test_the_action_choice_says_no_default_as_line_mode_does():
    """Line mode asks "Choose 2 action cards [no default: type your choice]"; the table said
    "[default: none: mark 2 action cards]", as if "none" were an answer Enter gives."""
    screen = "\n".join(look_at(action_view()))
    assert "Choose 2 action cards [no default: mark 2 action cards]" in screen, screen
    assert "default: none" not in screen


def test_the_explore_lesson_names_the_explore_cards_as_the_action_list_does():
    """The list shows "e11 Explore +1/+1"; the lesson said "+1,+1"."""
    game = game_at(asked("action"))
    names = [a.name for a in game.rules.action_index().values() if a.name.startswith("Explore")]
    assert names == ["Explore +5", "Explore +1/+1"]
    text = " ".join(topic("explore").lines())
    for name in names:
        assert f'"{name.removeprefix("Explore ")}" draws' in text


def test_a_long_prompt_in_line_mode_breaks_between_words_not_inside_a_card_name():
    """At 80 columns the terminal broke "[pay Public Works, Colony S" / "hip, Gem World]>"
    (issue 37 said prompts wrap in the middle of card names)."""
    prompt = ("Pay 3 for Galactic Resort: choose 3 cards to discard [pay Public Works, "
              "Colony Ship, Gem World]>")
    out = io.StringIO()
    with create_pipe_input() as pipe:
        output = Vt100_Output(out, lambda: Size(rows=24, columns=80), term="xterm")
        pipe.send_text("1\r")
        assert PromptSource(input=pipe, output=output,
                            history=InMemoryHistory()).ask(prompt) == "1"
    screen = pyte.Screen(80, 24)
    pyte.Stream(screen).feed(out.getvalue())
    rows = [row.rstrip() for row in screen.display]
    words = [word for row in rows for word in row.split()]
    assert words[:len(prompt.split())] == prompt.split(), "\n".join(rows)   # none cut


def test_a_lesson_longer_than_the_screen_says_there_is_more_below():
    """The first lesson (overview and a round) is about 30 rows: at 80x24 the table showed
    its first rows with no sign that more followed."""
    lesson = topic("overview").lines() + topic("round").lines()
    rows = look_at(action_view(), setup=printed(*lesson))
    assert "(more ↓ PageDown · Enter, Esc or Up/Down close this" in rows[3], "\n".join(rows)
    short = look_at(action_view(), setup=printed(*topic("round").lines()[:4]))
    assert "more ↓" not in "\n".join(short)


def test_in_line_mode_the_first_lesson_pauses_before_its_start_scrolls_off_the_screen():
    """In line mode at 80x24 the overview scrolled off the top before the first prompt:
    a lesson taller than the screen asks for Enter after each screenful."""
    from rftg_cli.players.seat import Quit
    from rftg_cli.race.human import HumanSeat
    from rftg_cli.ui.paged import MORE
    from tests.race.test_table_screen import Typed, terminal

    lesson = topic("overview").lines() + topic("round").lines()
    game = game_at(asked("action"))
    console, out = terminal(80, 24)
    source = Typed(console, ["", ""])
    seat = HumanSeat(source, console, on_teach=lambda g, d: lesson)
    with pytest.raises(Quit):
        seat.choose(game, game.pending)
    assert source.prompts[0] == MORE and source.prompts[-1].startswith("Choose 2 action")
    text = out.getvalue()
    start = text.index(lesson[0])
    pages = text[start:].split(MORE)[:-1]
    assert pages and all(len(page.strip("\n").splitlines()) <= 22 for page in pages)
