"""Where the dice game's randomness comes from: one generator per game, made here only.

The project is moving to its own portable generator (`rftg_cli.rng`); until it lands, this is
the one place that names the generator, so switching is a one-line change.
"""

from __future__ import annotations

import random


def make_rng(seed: int) -> random.Random:
    return random.Random(seed)


def copy_rng(rng: random.Random) -> random.Random:
    new = random.Random()
    new.setstate(rng.getstate())
    return new
