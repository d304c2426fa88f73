"""One AI level against another over seeded games, seats rotated.

    python bench/research/levels.py strong fast --games 200 --first 5000
    python bench/research/levels.py normal fast --games 100 --players 4 --bow
    python bench/research/levels.py normal fast --games 100 --roll     # the dice game
    python bench/research/levels.py normal normal --set play_work=0 --games 300 --workers 2

Game k (k = 0, 1, ...) is dealt with seed FIRST + k; the first level sits in seat
k % players, every other seat plays the second level, and all seats are seeded with k, so a
run repeats exactly. `--set NAME=VALUE` changes a field of the first level's `ai_search.Level`
(the card game's searching levels, as `robot_ab.py` does) or `RollLevel` (the dice game's).
Expansion flags and options (`--bow`, `--goals off`, ...) are taken as `rftg simulate`
takes them. Prints the first level's wins (a shared win counts a share), its win rate
against the rate of an even seat (1 / players), its mean margin over the best other seat
and the time taken.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# bench/setups.py (shared with the speed benchmarks) and the checkout's tools/ package.
sys.path[1:1] = [str(Path(__file__).resolve().parents[up]) for up in (1, 2)]

from rftg_cli.plugins import new_game  # noqa: E402
from tools.fitting import play_all  # noqa: E402

from setups import ai_seats, changed, parse_set, worker_setup  # noqa: E402


def _play(job: tuple) -> tuple[float, int]:
    """One game: (the first level's share of the win, its margin over the best other)."""
    players, extra, level, changes, against, seed, k = job
    registry, config, _ = worker_setup(players, extra)
    ai_seat, _ = ai_seats(config, registry)
    game = new_game(config, seed, registry=registry, record=False)
    me = k % players
    seats = [ai_seat(k, level if i == me else against) for i in range(players)]
    changed(seats[me], changes)
    while not game.over:
        decision = game.pending
        game.apply(seats[decision.player].choose(game, decision))
    out = game.outcome()
    return ((out.results[me].name in out.winners) / len(out.winners),
            out.results[me].score - max(r.score for i, r in enumerate(out.results) if i != me))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level")
    parser.add_argument("against")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=5000, help="seed of the first game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--workers", type=int, default=1)
    args, extra = parser.parse_known_args()
    registry, config, label = worker_setup(args.players, tuple(extra))
    ai_seat, (args.level, args.against) = ai_seats(config, registry, args.level, args.against)
    changes = parse_set(ai_seat(0, args.level), args.set)
    start = time.perf_counter()
    jobs = [(args.players, tuple(extra), args.level, changes, args.against, args.first + k, k)
            for k in range(args.games)]
    results = play_all(_play, jobs, args.workers, log=lambda line: None)
    wins = sum(w for w, _ in results)
    margin = sum(m for _, m in results)
    name = args.level + (f" {changes}" if changes else "")
    print(f"{name} against {args.against} ({label}): {wins:g} wins "
          f"of {args.games} ({100 * wins / args.games:.1f}%, even {100 / args.players:.0f}%), "
          f"mean margin {margin / args.games:+.1f} VP, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
