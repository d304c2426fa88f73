"""What hidden information is worth to the AI against the robot: the same search, honest, then
seeing the robot's dice before they are rolled, then also every hidden card.

    python bench/research/hindsight.py --difficulty hard --games 100 --seed 1000 [--workers 2]

Each seat plays the games `rftg simulate --robot --difficulty D --games N --seed S` deals.
The seats that see more are measurements only (their imagined deals are the true game and
its true future randomness); the gap between them and the honest seat is what luck an honest
player cannot see leaves on the table, not what a better AI could win.
"""

from __future__ import annotations

import argparse

from robot_games import robot_configs, robot_margins, summary

from rftg_cli.race.ai.search import SearchSeat
from rftg_cli.plugins import default_registry


class SeesDice(SearchSeat):
    """Imagines the cards it cannot see, but the true future randomness (the robot's dice)."""

    def imagine(self, game, player):
        world, _ = super().imagine(game, player)
        return world, game.rng.copy()


class SeesAll(SearchSeat):
    """Imagines nothing: the true game and its true future."""

    def imagine(self, game, player):
        return game.copy(), game.rng.copy()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    registry = default_registry()
    config = next(iter(robot_configs(args.difficulty, registry).values()))
    for label, seat_class in (("honest", SearchSeat), ("sees the dice", SeesDice),
                              ("sees everything", SeesAll)):
        margins = robot_margins(config, seat_class, args.games, args.seed, args.workers)
        print(summary(label, margins))


if __name__ == "__main__":
    main()
