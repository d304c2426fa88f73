"""One AI level against another over seeded games, seats rotated.

    python bench/levels.py strong fast --games 200 --first 5000
    python bench/levels.py normal fast --games 100 --players 4 --bow
    python bench/levels.py normal fast --games 100 --roll     # the dice game

Game k (k = 0, 1, ...) is dealt with seed FIRST + k; the first level sits in seat
k % players, every other seat plays the second level, and all seats are seeded with k, so a
run repeats exactly. Expansion flags and options (`--bow`, `--goals off`, ...) are taken as
`rftg simulate` takes them. Prints the first level's wins (a shared win counts a share), its
win rate against the rate of an even seat (1 / players), its mean margin over the best other
seat and the time taken.
"""

from __future__ import annotations

import argparse
import time

from rftg_cli.plugins import new_game

from setups import ai_seats, game_setup  # bench/setups.py, beside this script


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level")
    parser.add_argument("against")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=5000, help="seed of the first game")
    parser.add_argument("--players", type=int, default=2)
    args, extra = parser.parse_known_args()
    registry, config, label = game_setup(args.players, extra)
    ai_seat, (args.level, args.against) = ai_seats(config, registry, args.level,
                                                   args.against)
    wins, margin = 0.0, 0
    start = time.perf_counter()
    for k in range(args.games):
        game = new_game(config, args.first + k, registry=registry, record=False)
        me = k % args.players
        seats = [ai_seat(k, args.level if i == me else args.against)
                 for i in range(args.players)]
        while not game.over:
            decision = game.pending
            game.apply(seats[decision.player].choose(game, decision))
        out = game.outcome()
        wins += (out.results[me].name in out.winners) / len(out.winners)
        margin += out.results[me].score - max(r.score for i, r in enumerate(out.results)
                                              if i != me)
    print(f"{args.level} against {args.against} ({label}): {wins:g} wins "
          f"of {args.games} ({100 * wins / args.games:.1f}%, even {100 / args.players:.0f}%), "
          f"mean margin {margin / args.games:+.1f} VP, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
