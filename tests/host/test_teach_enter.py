"""A learning game (`rftg new --learn`): Enter alone answers what the hint says, and the
prompt (the table's bar) names that answer as the default, at every kind of decision of
both games (issue 39: the hint said Runaway Robots, Enter took Galactic Resort)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rftg_cli import saves
from rftg_cli.players.hint import ai_answer
from rftg_cli.plugins import default_registry, ruleset_of
from rftg_cli.race.table_view import make_table as race_table
from rftg_cli.expansions.roll.table_view import make_table as roll_table
from tests.cli_helpers import rftg
from tests.host.test_table_app import ENTER, asked, game_at, look_at, run_table
from tests.roll import test_roll_table as roll


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    return tmp_path


def hint_of(game):
    return ai_answer(game, game.pending.player, ruleset_of(game.config, default_registry()))[0]


# A whole dice game asks the dice AI for a hint at every decision, twice (75 s): it runs with
# the long tests; the dice table's Enter is checked below in the default run.
@pytest.mark.parametrize("args", [("--learn",),
                                  pytest.param(("--roll", "--learn"), marks=pytest.mark.slow)],
                         ids=["race", "roll"])
def test_enter_alone_answers_every_hint_of_a_learning_game_in_line_mode(folder, args):
    result = rftg("new", *args, "--seed", "1", "--name", "l", input="\n" * 4000)
    assert result.exit_code == 0, result.output
    save = saves.read(saves.save_path(folder, "l"))
    assert len(save.hints) >= 20
    kinds = set()
    for k in save.hints:
        game = saves.replay_text(save.game_config(), save.seed, save.answers[:k]).game
        kinds.add(game.pending.kind)
        assert save.answers[k] == game.answer_text(hint_of(game)), (k, game.pending.kind)
    assert len(kinds) >= 5, kinds
    assert " ".join(result.output.split()).count("[hint: ") == len(save.hints)


def enter_at(make_table, game):
    """Enter alone at the table of a learning game: (the hint's answer, Enter's, the screen
    before Enter)."""
    hinted = hint_of(game)
    describe = make_table(Console(file=io.StringIO(), width=80),
                          on_default=lambda g, d: hinted)
    view = describe.view(game, 0, game.pending)
    screen = " ".join(" ".join(look_at(view)).split())     # the bar may take two rows
    _, (kind, values) = run_table(view, ENTER)
    answer = view.ask.answer(values) if kind == "rows" else view.ask.read(values)
    return hinted, answer, screen


@pytest.mark.parametrize("kind", ["action", "settle", "develop", "explore", "pay"])
def test_enter_alone_answers_the_hint_at_the_card_game_s_table(kind):
    game = game_at(asked(kind))
    hinted, answer, screen = enter_at(race_table, game)
    assert answer == hinted
    assert "(the hint)" in screen or "[default: hint: " in screen, screen


@pytest.mark.parametrize("kind, seed", [("assign", 1), ("assign", 4), ("recruit", 1)])
def test_enter_alone_answers_the_hint_at_the_dice_game_s_table(kind, seed):
    """Selecting a phase: the hint's group opens, the cursor on its answer."""
    game = roll.game_at(roll.asked(kind), seed=seed, ai=0)
    hinted, answer, screen = enter_at(roll_table, game)
    assert answer == hinted
    assert "(the hint)" in screen or "[default: hint: " in screen, screen
