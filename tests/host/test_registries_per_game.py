"""Registries are per game (issue 36: « registered per game through the rules [...] No
registry filled at import »): a game holds the rules steps, power kinds and AI answers of the
base game and of the expansions it is played with, registered while its rules are built; an
expansion that is off adds nothing to it, and importing the program fills no shared table."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import rftg_cli
from rftg_cli.config import GameConfig
from rftg_cli.driver import TaskTable, task
from rftg_cli.expansions.roll.rules import RollRules
from rftg_cli.plugins import make_registry, new_game, with_implied
from rftg_cli.race.engine.powers import PowerRegistry
from rftg_cli.race.engine.rules import Rules

# Rules steps only an expansion brings: takeovers (Rebel vs Imperium), the search and the
# prestige powers (The Brink of War).
TAKEOVER_STEP, SEARCH_STEP, PRESTIGE_STEP = "takeover_ask", "search_phase", "ask_discard_prestige"


@pytest.fixture(scope="module")
def registry():
    return make_registry(plugins_dir=False)


def test_a_game_without_an_expansion_has_none_of_its_rules_steps(registry):
    base = new_game(GameConfig(players=2), 1, registry=registry)
    assert "explore_phase" in base.steps
    assert {TAKEOVER_STEP, SEARCH_STEP, PRESTIGE_STEP}.isdisjoint(base.steps)
    bow = new_game(GameConfig(players=2, expansions=with_implied(("bow",), registry)), 1, registry=registry)
    assert {TAKEOVER_STEP, SEARCH_STEP, PRESTIGE_STEP} <= set(bow.steps)
    off = GameConfig(players=2, expansions=with_implied(("bow",), registry), options=(("takeovers", "off"),))
    assert TAKEOVER_STEP not in new_game(off, 1, registry=registry).steps
    assert base.copy().steps is base.steps      # a copy plays by the same rules


def test_an_expansions_decision_kinds_have_ai_answers_only_in_its_games(registry):
    """The AI's quick answers (`Rules.greedy`): the search's and the takeover's come with
    their expansion, the base game's with every game."""
    base = new_game(GameConfig(players=2), 1, registry=registry)
    assert {"action", "develop", "settle"} <= set(base.rules.greedy)
    assert {"search_category", "search_take", "takeover"}.isdisjoint(base.rules.greedy)
    search = new_game(GameConfig(players=2, expansions=("search",)), 1, registry=registry)
    assert {"search_category", "search_take"} <= set(search.rules.greedy)
    assert "takeover" not in search.rules.greedy
    rvi = new_game(GameConfig(players=2, expansions=("rvi",)), 1, registry=registry)
    assert "takeover" in rvi.rules.greedy
    assert "search_category" not in rvi.rules.greedy


def test_the_dice_game_has_its_own_rules_steps(registry):
    roll = new_game(GameConfig(players=2, expansions=("roll",)), 1, registry=registry)
    assert {"assign", "bot_phase", "ship"} <= set(roll.steps)
    assert "explore_phase" not in roll.steps


def test_marking_a_rules_step_registers_it_nowhere(registry):
    """`@task` names a step; only a table built from its module holds it."""

    @task("phase")
    def impostor(game, instance):
        raise AssertionError("never called")

    game = new_game(GameConfig(players=2), 1, registry=registry)
    assert game.steps["phase"] is not impostor
    table = TaskTable("race")
    table.add("phase", game.steps["phase"])
    with pytest.raises(ValueError, match="task 'phase' is already registered"):
        table.add("phase", impostor)


def _every_module():
    for package in (rftg_cli, importlib.import_module("rftg_cli.expansions")):
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not found.name.endswith("__main__"):
                yield importlib.import_module(found.name)


def test_importing_every_module_fills_no_registry(registry):
    """No module holds a table of rules steps, power kinds or AI answers: a game's are its
    rules', made with them (a constant tuple of a module's own power kinds is a
    declaration, which the rules register)."""
    games = [new_game(GameConfig(players=2, expansions=with_implied(names, registry)), 1,
                      registry=registry) for names in (("bow",), ("roll",))]
    registered = {id(fn) for game in games for fn in game.steps.values()}
    registered |= {id(fn) for fn in games[0].rules.greedy.values()}
    kinds = (*games[0].rules.powers.kinds.values(), *games[1].rules.powers.values())
    registered |= {id(kind) for kind in kinds}
    held = [f"{module.__name__}.{name}" for module in _every_module()
            for name, value in vars(module).items()
            if isinstance(value, (TaskTable, PowerRegistry, Rules, RollRules))
            or isinstance(value, dict) and any(id(v) in registered for v in value.values())]
    assert held == []
