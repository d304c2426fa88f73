"""The table's list at 80x24 reads whole for a newcomer (issue 37): a decision's title fits
the list's 38 columns (the bar below says the question whole)."""

from __future__ import annotations

import pytest

from tests.host.test_table_app import asked, game_at, look_at, table_view

LIST = 38


@pytest.mark.parametrize("kind, title", [
    ("explore", "Explore: discard 1 of these cards"),
    ("pay", "Pay 2 for Gem World: discard 2"),
    ("consume", "Consume: choose a power to use"),
])
def test_a_decision_s_title_fits_the_list_and_the_bar_says_it_whole(kind, title):
    """"Explore: discard 1 of these cards (ke…", "Pay 3 for Galactic Resort: choose 3 c…"."""
    game = game_at(asked(kind))
    rows = look_at(table_view(game, game.pending))
    at = next(i for i, row in enumerate(rows) if row[:LIST].strip().startswith(title[:7]))
    assert rows[at][:LIST].rstrip() == title, rows[at]
    assert game.pending.prompt in " ".join(" ".join(rows[-5:]).split())


def test_the_tableaux_pane_keeps_what_the_robot_s_face_means_on_one_row():
    """The pane read "Dice: not rolled   (Robot" then "= Consume-x2)"."""
    game = game_at(asked("action"))
    pane = [row[LIST + 1:].rstrip() for row in look_at(table_view(game, game.pending))]
    assert any("(Robot = Consume-x2)" in row for row in pane), "\n".join(pane)
    assert not any(row.endswith(("(Robot", "(Robot =")) for row in pane), "\n".join(pane)


def test_consume_choices_fit_the_list_the_bar_says_the_power_whole():
    """"Epsilon Eridani: IV: consume 1 go…": the list names the card and the goods' world,
    the card pane and the bar say the power whole."""
    game = game_at(asked("consume"))
    view = table_view(game, game.pending)
    rows = look_at(view)
    listed = [row[:LIST].rstrip() for row in rows[4:6]]
    assert listed == [">   Earth's Lost Colony      on itself",
                      "    Earth's Lost Colony   on Gem World"], "\n".join(rows)
    bar = " ".join(" ".join(rows[-5:]).split())
    assert "Enter: Earth's Lost Colony: IV: consume 1 good of any kind for 1 VP — goods on " \
        "Earth's Lost Colony (the default)" in bar, bar
