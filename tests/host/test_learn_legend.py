"""Issue 39: the board's legend line at 80x24. Under the line-mode board (one line, two when
the marks need them) and above the full-screen table's decision bar (one line), the legend
names the marks and abbreviations on screen in a word or two, then points to `help terms`;
its names are the glossary's (`help terms`), in a solo game against the robot, an expert
game, a --bow game and a dice game."""

from __future__ import annotations

import io
import re

import pytest
from rftg_cli.expansions.roll.screen import SCREEN as ROLL_SCREEN
from rich.console import Console

from rftg_cli.legend import MORE, legend, marks_of
from rftg_cli.players.seat import Quit
from rftg_cli.players.text_seat import TextSeat
from rftg_cli.plugins import default_registry, ruleset_of
from rftg_cli.race.human import HumanSeat
from rftg_cli.rng import Rng
from rftg_cli.rulebook import help_lines

from tests.host.test_learn_terms import BOW, race_game, roll_game
from tests.host.test_table_app import look_at
from tests.race.test_table_screen import Typed, terminal

SOLO, EXPERT, BOW_GAME = race_game([], None), race_game(["expert"], 1), race_game(BOW, 3)


def play_to(game, until, seed: int = 1):
    rng = Rng(seed)
    while not game.over and not until(game):
        game.apply(game.sample_answer(rng))
    assert not game.over
    return game


def action_at(round_: int):
    return lambda g: g.round >= round_ and g.pending.player == 0 and g.pending.kind == "action"


def line_screen(game) -> list[str]:
    """The last 24 lines an 80-column terminal shows when you are asked (line mode)."""
    console, out = terminal(80, 24)
    if hasattr(game, "design"):
        seat = HumanSeat(Typed(console, []), console)
    else:
        seat = TextSeat(Typed(console, []), console, ROLL_SCREEN)
    with pytest.raises(Quit):               # no answer typed: the seat quits
        seat.choose(game, game.pending)
    return out.getvalue().splitlines()[-24:]


def table_screen(game) -> list[str]:
    describe = ruleset_of(game.config, default_registry()).part("table")(
        Console(file=io.StringIO(), width=80))
    return look_at(describe.view(game, 0, game.pending))


def legend_row(rows: list[str]) -> int:
    found = [n for n, row in enumerate(rows) if row.rstrip().endswith(MORE)]
    assert len(found) == 1, "\n".join(rows)
    return found[0]


def legend_rows(game, rows: list[str]) -> list[int]:
    """The legend's rows: the one ending with `help terms`, and the one above it when the
    legend goes on two (line mode): a row of entries the glossary explains."""
    at = legend_row(rows)
    above = rows[at - 1].rstrip()
    if above and all(explained(e, glossary_entries(game)) for e in above.split("  ")):
        return [at - 1, at]
    return [at]


def glossary_entries(game) -> list[tuple[list[str], str]]:
    """`help terms` as the player reads it: (the marks a line explains, its whole text)."""
    out: list[tuple[list[str], str]] = []
    for line in help_lines("terms", game.config)[3:]:
        if line.startswith(" ") and out:
            out[-1] = (out[-1][0], out[-1][1] + " " + line.strip())
        elif re.match(r"\S.*?\s{2,}", line):
            head = re.match(r"(\S.*?)\s{2,}", line).group(1)
            out.append((head.split(", "), line))
    return out


def explained(entry: str, glossary) -> bool:
    """A legend entry ("■ good/marked") read as marks and names: each name is in the text of
    a glossary line explaining its mark."""
    words = entry.split(" ")
    for cut in range(1, len(words)):
        marks = " ".join(words[:cut]).split("/")
        names = " ".join(words[cut:]).split("/")
        if all(any(any(m in heads for m in marks) and name in text
                   for heads, text in glossary) for name in names):
            return True
    return False


def check(game, rows: list[str], table: bool) -> list[str]:
    """The legend of an 80x24 screen: one row that fits, ends with `help terms`, whose
    names are the glossary's; it names each glossary mark on screen unless the row is full.
    Returns its entries."""
    at = legend_rows(game, rows)
    assert len(at) <= (1 if table else 2)
    assert all(len(rows[n]) <= 80 for n in at)
    line = "  ".join(rows[n].rstrip() for n in at)
    entries = line.split("  ")[:-1]
    glossary = glossary_entries(game)
    for entry in entries:
        assert explained(entry, glossary), (entry, line)
    # Line mode: the board above it (the decision's own list below says what it shows).
    board = " ".join(" ".join(rows[:at[0]] + (rows[at[-1] + 1:] if table else [])).split())
    for mark in marks_of(game.config):
        alone = legend((mark,), board, 80, table=table)
        if alone != MORE:           # the mark is on screen: named, or no room for it
            named = alone[: -len(MORE)].rstrip()
            drawn = named[: -len("/".join(mark.names)) - 1]
            last = rows[at[-1]].rstrip()
            assert any(e.startswith(drawn + " ") for e in entries) or \
                len(last) + len(named) + 2 > 79, (named, line)
    return entries


def expert_second(game) -> bool:
    return game.round >= 3 and game.pending.player == 0 and \
        "(second)" in " ".join(t for _, t in game.events[-12:])


# Each game at 80x24, and a mark of its own the legend names (line mode, the table): the
# robot's Robot face, the expert game's second action cards, the prestige leader's side.
GAMES = {
    "solo": (lambda: play_to(SOLO(3), action_at(4), 3), "Robot = Robot face",
             "Robot = Robot face"),
    "expert": (lambda: play_to(EXPERT(2), expert_second), "(second) second copy",
               "(second) second copy"),
    "bow": (lambda: play_to(BOW_GAME(3), action_at(5), 3), "(> sole leader", "✓ playable"),
    "dice": (lambda: play_to(roll_game(1, 3), lambda g: g.pending.player == 0 and g.round >= 3
                             and g.pending.kind in ("recruit", "explore", "recall")),
             "W white", "W white"),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_line_mode_board_has_a_legend_line_at_80x24(name):
    make, expected, _ = GAMES[name]
    game = make()
    rows = line_screen(game)
    entries = check(game, rows, table=False)
    assert expected in entries, rows


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_table_has_a_legend_line_above_the_decision_at_80x24(name):
    make, _, expected = GAMES[name]
    game = make()
    rows = table_screen(game)
    at = legend_row(rows)
    assert game.pending.prompt.split(" ")[0] in rows[at + 1], rows     # the decision below
    entries = check(game, rows, table=True)
    assert expected in entries, rows


def test_a_mark_of_the_table_alone_is_not_named_in_line_mode():
    """■ marks a line chosen with Space at the table only: line mode's legend says good."""
    game = play_to(EXPERT(2), expert_second)
    assert "■ good" in check(game, line_screen(game), table=False)
    assert "■ good/marked" in check(game, table_screen(game), table=True)


def test_in_ascii_the_legend_names_the_ascii_marks():
    marks = marks_of(SOLO(3).config)
    assert legend(marks, "Old Earth* · Gem World ✓", 80, ascii=True) == "* good  help terms: all"
    assert legend(marks, "x  Gem World + Old Earth*", 80, ascii=True, table=True) == \
        "* good  x marked  + playable  help terms: all"


def test_help_terms_shows_the_legends_names_without_braces():
    text = "\n".join(help_lines("terms", SOLO(3).config))
    assert "{" not in text and "a good on that world" in text
