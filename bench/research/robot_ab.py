"""A variant of a card-game AI level against the robot, paired with the level as it ships.

    python bench/research/robot_ab.py --set other_games=200 --set shortlist=10 --games 200 --seed 1000
    python bench/research/robot_ab.py --set action_games=2700 --difficulty medium --workers 2

Both play the games `rftg simulate --robot --difficulty D --games N --seed S` deals, the
variant with the fields of its `ai_search.Level` given by `--set NAME=VALUE` (a number,
true/false, or text). Each game is the same deal for both (the same robot dice too, until
their choices part), so the difference is measured game by game: prints each one's wins and
mean margin, then the variant's gain in margin and in win rate, with their standard errors.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from functools import partial
from pathlib import Path

# bench/setups.py (shared with the speed benchmarks) and the checkout's tools/ package.
sys.path[1:1] = [str(Path(__file__).resolve().parents[up]) for up in (1, 2)]

from robot_games import robot_configs, robot_margins, summary, wins  # noqa: E402
from setups import parse_set, variant_seat  # noqa: E402

from rftg_cli.plugins import default_registry  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    changes = parse_set(variant_seat(args.level, {}, 0), args.set)
    config = next(iter(robot_configs(args.difficulty, default_registry()).values()))
    runs = {}
    for label, seat in (("as it ships", partial(variant_seat, args.level, {})),
                        ("variant", partial(variant_seat, args.level, changes))):
        runs[label] = robot_margins(config, seat, args.games, args.seed, args.workers)
        print(summary(label, runs[label]))
    gain = [b - a for a, b in zip(runs["as it ships"], runs["variant"])]
    won = [wins([b]) - wins([a]) for a, b in zip(runs["as it ships"], runs["variant"])]
    n = len(gain) ** 0.5
    print(f"variant {changes}: margin {statistics.fmean(gain):+.2f} ± "
          f"{statistics.stdev(gain) / n:.2f} VP, win rate {statistics.fmean(won):+.1%} ± "
          f"{statistics.stdev(won) / n:.1%}, paired over {len(gain)} games")


if __name__ == "__main__":
    main()
