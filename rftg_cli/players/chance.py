"""How sure a foreseen margin is: shared by the AIs of every ruleset."""

from __future__ import annotations

from math import erf, sqrt


def chance_above_zero(margin: float, spread: list[float], left: float) -> float:
    """The chance that a margin foreseen as `margin` ends above 0, when the foresight is off
    as a normal spread of `spread` = (base, per round) VP with `left` rounds to go (fitted
    by `ai_train.spread_by_rounds_left`)."""
    base, per_round = spread
    sd = max(base + per_round * left, 1.0)
    return 0.5 * (1.0 + erf(margin / (sd * sqrt(2.0))))
