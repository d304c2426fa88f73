"""The AI's start-world choice (Rebel vs Imperium's setup: keep one of a red and a blue start
world): a small rule, not a look-ahead, since no phase has been played to compare."""

from __future__ import annotations

from rftg_cli.decision import Decision

from ..engine.game import Game
from .heuristic import rounds_left, static_values

MILITARY_FIT = 0.8     # VP per point of defence a kept world covers for a military world in hand
SMALL_HAND = 1.0       # Ancient Race: a start hand of 3, not 4


def start_world_answer(game: Game, decision: Decision, rng) -> int:
    """Keep the start world worth most with this hand: its VP and powers over the game,
    plus the military it brings to the military worlds in hand."""
    return max(decision.options, key=lambda w: (start_world_value(game, decision.player, w), -w))


def start_world_value(game: Game, player: int, world: int) -> float:
    vp, rate = static_values(game)
    design = game.design[world]
    value = vp[world] + rate[world] * rounds_left(game)
    military = sum(p.value for p in design.powers
                   if p.phase == "settle" and p.kind == "military" and not p.one_shot
                   and not p.good and not p.against and not p.per and not p.pay_with)
    if military > 0:
        for c in game.players[player].hand:
            card = game.design[c]
            if card.is_world and card.military:
                value += MILITARY_FIT * min(military, card.cost)
    if "starthand_3" in design.specials:
        value -= SMALL_HAND
    return value
