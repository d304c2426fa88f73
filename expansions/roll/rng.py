"""Where the dice game's randomness comes from: one generator per game, made here only
(the project's portable generator, so a seed means the same game everywhere)."""

from __future__ import annotations

from rftg_cli.rng import Rng


def make_rng(seed: int) -> Rng:
    return Rng(seed)


def copy_rng(rng: Rng) -> Rng:
    return rng.copy()
