"""Search (The Brink of War): once per game, with the Prestige/Search card, search the deck
for a card of one of nine categories, before any phase of the round.

On with `--bow` (which plays it), and a variant with any card sets (`--search`).
"""

from __future__ import annotations

from rftg_cli.expansions.prestige.card import show_unused
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion
from rftg_cli.race.engine.notation import add as add_notations

from . import ai, notation, procedure
from .actions import SEARCH
from .categories import Category, all_categories, matches

NAME = "search"

__all__ = ["NAME", "SEARCH", "Category", "all_categories", "matches"]


def _offered(game, player: int) -> tuple:
    return (SEARCH,)


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(
        name=NAME, flag="--search",
        description="Search (The Brink of War): once per game, search the deck for a card "
                    "of a category"))


@hookimpl
def rftg_configure_rules(config, rules):
    if NAME not in config.expansions:
        return
    if procedure.PHASE not in rules.phases:
        rules.phases = (procedure.PHASE, *rules.phases)
    rules.player_actions.append(_offered)
    rules.known_actions.append(SEARCH)
    add_notations(rules, *notation.NOTATIONS)
    rules.setup_steps.append(procedure.setup)
    rules.tasks.add_module(procedure)
    rules.action_advice.append(ai.advice)
    rules.greedy.update(search_category=ai.category, search_take=ai.take)
    show_unused(rules)
