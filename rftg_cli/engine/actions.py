"""Action cards: which phase each one calls and the bonus its selector gets."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    id: str          # stable id used in saves
    name: str        # as printed
    phase: str       # the phase it calls
    bonus: str       # short English text of the selector's bonus


EXPLORE_5 = Action("explore5", "Explore +5", "explore", "draw 5 more cards")
EXPLORE_1_1 = Action("explore11", "Explore +1/+1", "explore", "draw 1 more, keep 1 more")
DEVELOP = Action("develop", "Develop", "develop", "-1 to the development's cost")
DEVELOP_2 = Action("develop2", "Develop (second)", "develop", "-1, in the second Develop phase")
SETTLE = Action("settle", "Settle", "settle", "draw 1 card after settling")
SETTLE_2 = Action("settle2", "Settle (second)", "settle", "draw 1, in the second Settle phase")
TRADE = Action("trade", "Consume: Trade", "consume", "trade one good for cards first")
CONSUME_X2 = Action("consume2", "Consume: x2 VP", "consume", "double VP from consume powers")
PRODUCE = Action("produce", "Produce", "produce", "produce on one empty windfall world")

BASE_ACTIONS = (EXPLORE_5, EXPLORE_1_1, DEVELOP, SETTLE, TRADE, CONSUME_X2, PRODUCE)
EXPERT_ACTIONS = (EXPLORE_5, EXPLORE_1_1, DEVELOP, DEVELOP_2, SETTLE, SETTLE_2, TRADE,
                  CONSUME_X2, PRODUCE)
ACTIONS = {a.id: a for a in EXPERT_ACTIONS}
