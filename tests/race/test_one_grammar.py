"""One answer grammar (issue 36): the notation reads every form a player may type (the text
form saves hold, the numbers of the options as the screen lists them, ranges, action codes,
a part of a name), so the screen only hands it its numbering and the labels it shows; and a
plugin's decision kind gets all of it through the notation it registers."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.decision import IllegalChoice
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import new_game
from rftg_cli.decision import Decision
from rftg_cli.race.engine.notation import parse_typed
from rftg_cli.race.options import parse_answer, shown_options

from tests.race.test_notations_per_game import registry  # noqa: F401  (the fixture)


def at(kind: str, seed: int = 1):
    game = new_game(GameConfig(players=2, names=("You", "AI")), seed)
    seat = RandomSeat(seed)
    while not (game.pending.kind == kind and game.pending.player == 0):
        game.apply(seat.choose(game, game.pending))
    return game, game.pending


def test_the_notation_reads_every_form_typed_at_a_pick():
    game, d = at("start_discard")
    listed = shown_options(game, d)
    name = game.name(listed[1])
    assert parse_typed(game, d, "1-2", listed) == tuple(listed[:2])
    assert parse_typed(game, d, "3, 1", listed) == (listed[2], listed[0])
    assert parse_typed(game, d, name.upper(), listed) == (listed[1],)
    assert parse_typed(game, d, game.answer_text(tuple(listed[:2])), listed) == \
        game.parse_answer(game.answer_text(tuple(listed[:2])))
    assert parse_typed(game, d, "none", listed) == ()
    # The numbers are the screen's: the same text, numbered another way, is another card.
    assert parse_typed(game, d, "1", listed[::-1]) == (listed[-1],)


def test_the_notation_reads_action_codes_and_the_action_cards_text_form():
    game, d = at("action")
    assert parse_typed(game, d, "e11") == ("explore11",)
    assert parse_typed(game, d, "3") == d.options[2]
    assert parse_typed(game, d, "action explore11") == ("explore11",)
    with pytest.raises(IllegalChoice, match="'zz' is not an action card here"):
        parse_typed(game, d, "zz")


def test_the_prompt_is_the_notation_with_the_screens_numbering():
    game, d = at("develop")
    listed = shown_options(game, d)
    for text in ("1", str(len(listed)), "pass", game.answer_text(listed[0])):
        assert parse_answer(text, game, d) == parse_typed(game, d, text, listed), text


def test_a_plugin_decision_is_typed_by_number_name_or_its_text_form(registry):  # noqa: F811
    game = new_game(GameConfig(players=2, expansions=("oaths",)), 1, registry=registry)
    oath = Decision("oath", 0, ("sun", "moon"), None, "Swear an oath")
    assert parse_answer("2", game, oath) == "moon"
    assert parse_answer("MO", game, oath) == "moon"
    assert parse_answer("swear by the sun", game, oath) == "sun"
    with pytest.raises(IllegalChoice, match="'star' is not one of the options"):
        parse_answer("star", game, oath)
