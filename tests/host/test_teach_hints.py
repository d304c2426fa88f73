"""A learning game's hint names its answer as the screen lists it (issue 39): the action
codes and names of the list, the option's label, the rows that lead to a dice choice at
the table; and what the hint says, typed, is that answer."""

from __future__ import annotations

import re

import pytest

from rftg_cli import saves
from rftg_cli.expansions.roll.table_view import Group
from rftg_cli.players.hint import ai_answer, hint_lines
from rftg_cli.plugins import default_registry, ruleset_of
from rftg_cli.race.table_view import RaceTable
from tests.cli_helpers import rftg
from tests.host.test_table_app import asked, game_at, table_view
from tests.roll import test_roll_table as roll


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    return tmp_path


def said(game, describe) -> str:
    """The hint's answer, as the table `describe` names it."""
    ruleset = ruleset_of(game.config, default_registry())
    first = hint_lines(game, game.pending.player, ruleset, describe.answer_words)[0]
    return first.removeprefix("Hint: ").split("  (")[0]


def test_the_action_hint_gives_the_codes_and_names_the_list_shows_and_typing_them_works(
        folder):
    """The hint said "actions explore11 settle" while the list shows "e11 Explore +1/+1"."""
    out = rftg("new", "--learn", "--seed", "1", "--name", "a", input="quit\n").output
    hint = re.search(r"Hint: (\S+) (\S+): (.+?)  \(", out)
    assert hint is not None, out
    codes, names = hint.group(1, 2), hint.group(3)
    assert names == "Explore +1/+1, Settle"
    listed = out.split("Hint: ")[1]
    for code, name in zip(codes, names.split(", ")):
        assert re.search(rf"\d:{re.escape(code)} +{re.escape(name)}\b", listed), listed
    rftg("new", "--learn", "--seed", "1", "--name", "b", input=" ".join(codes) + "\nquit\n")
    save = saves.read(saves.save_path(folder, "b"))
    assert save.answers[0] == "actions explore11 settle"


def test_a_card_choice_hint_is_a_label_of_the_list_and_typed_it_is_the_answer():
    """Settle and Develop: the hint is the line of the list (its label), typed it answers."""
    for kind in ("settle", "develop"):
        game = game_at(asked(kind))
        view = table_view(game, game.pending)
        words = said(game, RaceTable)
        assert words in [row.label for row in view.sections[0].rows], words
        answer, _ = ai_answer(game, 0, ruleset_of(game.config, default_registry()))
        assert view.ask.read(words) == answer


def test_a_dice_hint_names_the_rows_that_lead_to_its_answer_and_typed_it_is_the_answer():
    """The hint said "select explore with white from settle" (or "wild purple to settle"):
    no row of the table's list reads so; the list has a row "Select Explore" that opens one
    "with white from settle"."""
    for seed, opens in ((1, "Select "), (4, "Your dice: ")):
        game = roll.game_at(roll.asked("assign"), seed=seed, ai=0)
        describe = roll.table(game)
        words = said(game, describe)
        view = describe.view(game, 0, game.pending)
        rows = [r for s in view.sections for r in s.rows]
        assert words.startswith(opens), words
        path = words.removeprefix("Your dice: ").split(" › ")
        assert len(path) == 2, words
        opener = next(r for r in rows if r.label == path[0])
        assert isinstance(opener.value, Group), words
        describe.opened = ((len(game.history), "assign", 0), opener.value.key)
        inside = [r.label for s in describe.view(game, 0, game.pending).sections
                  for r in s.rows]
        assert path[1] in inside, (words, inside)
        answer, _ = ai_answer(game, 0, ruleset_of(game.config, default_registry()))
        assert view.ask.read(words) == answer
