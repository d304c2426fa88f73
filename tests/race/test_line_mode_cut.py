"""Line mode at 80 columns: an option's card text cut to fit ends on a whole word, and the
screen says how to read it whole (issue 37: "V: draw 1 car…")."""

from __future__ import annotations

import re

import pytest

from rftg_cli.players.seat import Quit
from rftg_cli.race.human import HumanSeat
from rftg_cli.race.options import card_line, option_label, shown_options
from tests.host.test_table_app import asked, game_at
from tests.race.test_table_screen import Typed, terminal


@pytest.mark.parametrize("kind", ["settle", "develop", "explore"])
def test_a_cut_option_line_ends_on_a_whole_word_and_card_name_shows_it_whole(kind):
    game = game_at(asked(kind))
    decision = game.pending
    console, out = terminal(80, 24)
    with pytest.raises(Quit):
        HumanSeat(Typed(console, []), console).choose(game, decision)
    screen = out.getvalue()
    cards = {o: o if isinstance(o, int) else o[0] for o in shown_options(game, decision)}
    whole = {f"{option_label(game, decision, o)} — {card_line(game, game.design[card])}"
             for o, card in cards.items() if card >= 0}
    cut = [line for line in screen.splitlines() if re.match(r"\s+\d+\. .*…$", line)]
    assert cut, screen
    for line in cut:
        said = re.sub(r"^\s+\d+\. ", "", line)[:-1]
        assert any(text.startswith(said + " ") or text.startswith(said + ",")
                   or text.startswith(said + ";") for text in whole), line
    assert "`card NAME` shows it whole" in screen
