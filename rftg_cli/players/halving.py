"""Successive halving, the way every searching AI seat spends its budget of simulated games
(the card game's `ai_search`, the dice game's `search`): each round plays every surviving
candidate in the same few new deals and keeps the better half by mean value, until one is
left. Every candidate meets the same deals, so the comparison measures the candidate, not
the luck of its games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def halving(n: int, games: int, min_deals: int, deal: Callable[[], Any],
            judge: Callable[[Any, int], tuple[float, float]],
            work: Callable[[], float] | None = None, most: float = 0.0):
    """Over `n` candidates and a budget of about `games` plays (at least `min_deals` deals a
    candidate a round): `deal()` makes one imagined deal, `judge(dealt, k)` plays candidate
    `k` in it and gives (the value that ranks it, the value shown for it). With `work` (the
    work done so far, as the caller counts it) and `most`, the plays cost about `most` work
    at most: the first deal of each round shows what a play costs, and the budget of plays
    shrinks to what `most` affords at that cost. Returns (the best candidate, the shown
    values summed per candidate, the plays per candidate)."""
    totals = [0.0] * n
    shown = [0.0] * n
    counts = [0] * n
    alive = list(range(n))
    rounds = max(1, (n - 1).bit_length())
    while len(alive) > 1:
        deals, done = 1, 0
        while done < deals:
            dealt = deal()
            for k in alive:
                rank, seen = judge(dealt, k)
                totals[k] += rank
                shown[k] += seen
                counts[k] += 1
            if not done:         # the first deal of the round: the round's share of the budget
                if work is not None:
                    games = min(games, int(most * sum(counts) / max(work(), 1e-9)))
                deals = max(min_deals, games // (rounds * len(alive)))
            done += 1
        alive.sort(key=lambda k: (-totals[k] / counts[k], k))
        alive = alive[:max(1, len(alive) // 2)]
    return alive[0], shown, counts
