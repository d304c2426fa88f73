"""One AI level against another over seeded two-player games, seats alternated.

    python bench/levels.py strong fast --games 200 --first 5000

Game k (k = 0, 1, ...) is dealt with seed FIRST + k; the first level sits in seat k % 2 and
both seats are seeded with k, so a run repeats exactly. Prints the first level's wins (a
shared win counts half), its win rate, its mean margin and the time taken.
"""

from __future__ import annotations

import argparse
import time

from rftg_cli.engine import GameConfig
from rftg_cli.engine.scoring import score, winners
from rftg_cli.players.levels import LEVELS, ai_seat
from rftg_cli.plugins import make_registry, new_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", choices=LEVELS)
    parser.add_argument("against", choices=LEVELS)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=5000, help="seed of the first game")
    args = parser.parse_args()
    registry = make_registry(plugins_dir=False)
    wins, margin = 0.0, 0
    start = time.perf_counter()
    for k in range(args.games):
        game = new_game(GameConfig(players=2), args.first + k, registry=registry,
                        record=False)
        me = k % 2
        seats = [ai_seat(k, args.against), ai_seat(k, args.against)]
        seats[me] = ai_seat(k, args.level)
        while not game.over:
            decision = game.pending
            game.apply(seats[decision.player].choose(game, decision))
        best = winners(game)
        wins += (me in best) / len(best)
        margin += score(game, me).total - score(game, 1 - me).total
    print(f"{args.level} against {args.against}: {wins:g} wins of {args.games} "
          f"({100 * wins / args.games:.1f}%), mean margin {margin / args.games:+.1f} VP, "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
