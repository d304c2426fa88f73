"""The 2-player expert game (rulebook: "Variante expert pour 2 joueurs").

Each player has all 9 action cards (a second Develop and a second Settle) and chooses two
every round. What two cards mean follows from the cards' data (`engine.actions`): both
Explores combine into one Explore with both bonuses; Develop and Settle *repeat*, so each
card calls its own phase, and the other player's single card gets its bonus only in the
first; both Consumes combine (trade first, then double the VP). So this plugin declares
itself, adds the two second cards and sets the number of picks.
"""

from __future__ import annotations

from rftg_cli.race.engine.actions import (
    CONSUME_X2,
    DEVELOP,
    EXPLORE_1_1,
    EXPLORE_5,
    PRODUCE,
    SETTLE,
    TRADE,
    Action,
    Bonus,
)
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion

NAME = "expert"

DEVELOP_2 = Action("develop2", "Develop (second)", "develop",
                   "-1, in the second Develop phase", Bonus(discount=1), repeats=True)
SETTLE_2 = Action("settle2", "Settle (second)", "settle",
                  "draw 1, in the second Settle phase", Bonus(draw_after=1), repeats=True)
EXPERT_ACTIONS = (EXPLORE_5, EXPLORE_1_1, DEVELOP, DEVELOP_2, SETTLE, SETTLE_2, TRADE,
                  CONSUME_X2, PRODUCE)
SECOND = {DEVELOP.id: DEVELOP_2, SETTLE.id: SETTLE_2}


def with_second_cards(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The action cards with the second Develop and Settle beside the first (cards other
    plugins added stay)."""
    out: list[Action] = []
    for action in actions:
        out.append(action)
        if action.id in SECOND and SECOND[action.id] not in actions:
            out.append(SECOND[action.id])
    return tuple(out)


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(
        name=NAME,
        flag="--expert",
        description="2-player expert game: 9 action cards, choose two each round",
        min_players=2,
        max_players=2,
    ))


@hookimpl
def rftg_configure_rules(config, rules):
    if NAME not in config.expansions:
        return
    rules.actions = with_second_cards(rules.actions)
    rules.picks_per_round = 2
