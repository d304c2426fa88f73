"""Successive halving, the way every searching AI seat spends its budget of simulated games
(the card game's `ai_search`, the dice game's `search`): each round plays every surviving
candidate in the same few new deals and keeps the better half by mean value, until one is
left. Every candidate meets the same deals, so the comparison measures the candidate, not
the luck of its games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def halving(n: int, games: int, min_deals: int, deal: Callable[[], Any],
            judge: Callable[[Any, int], tuple[float, float]]):
    """Over `n` candidates and a budget of about `games` plays (at least `min_deals` deals a
    candidate a round): `deal()` makes one imagined deal, `judge(dealt, k)` plays candidate
    `k` in it and gives (the value that ranks it, the value shown for it). Returns (the
    best candidate, the shown values summed per candidate, the plays per candidate)."""
    totals = [0.0] * n
    shown = [0.0] * n
    counts = [0] * n
    alive = list(range(n))
    rounds = max(1, (n - 1).bit_length())
    while len(alive) > 1:
        deals = max(min_deals, games // (rounds * len(alive)))
        for _ in range(deals):
            dealt = deal()
            for k in alive:
                rank, seen = judge(dealt, k)
                totals[k] += rank
                shown[k] += seen
                counts[k] += 1
        alive.sort(key=lambda k: (-totals[k] / counts[k], k))
        alive = alive[:max(1, len(alive) // 2)]
    return alive[0], shown, counts
