"""An AI level's decision time in whole games of AI seats, by kind of decision.

    python bench/latency.py --players 4 --games 4 --bow
    python bench/latency.py --level strong --games 8
    python bench/latency.py --players 1 --games 8 --roll     # the dice game, against its bot

Every seat plays the level asked (so the positions are those of a real game between AI
seats, not against random seats, whose games last longer and hold other positions); game k
is dealt with seed FIRST + k. Expansion flags and options are taken as `rftg simulate`
takes them. Times are CPU time of this process. Prints the mean, 95th percentile and
maximum of all decisions, then of each kind, the costliest first.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rftg_cli.plugins import new_game

from setups import ai_seats, game_setup  # bench/setups.py, beside this script


def summary(times: list[float]) -> str:
    times = sorted(times)
    return (f"mean {1000 * statistics.fmean(times):6.0f} ms, p95 "
            f"{1000 * times[int(0.95 * (len(times) - 1))]:6.0f} ms, max "
            f"{1000 * times[-1]:6.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", help="the game's default level unless given")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first", type=int, default=100, help="seed of the first game")
    args, extra = parser.parse_known_args()
    registry, config, label = game_setup(args.players, extra)
    ai_seat, (args.level,) = ai_seats(config, registry, args.level)
    by_kind: dict[str, list[float]] = {}
    for k in range(args.games):
        game = new_game(config, args.first + k, registry=registry, record=False)
        seats = [ai_seat(k * 10 + i, args.level) for i in range(args.players)]
        while not game.over:
            decision = game.pending
            start = time.process_time()
            answer = seats[decision.player].choose(game, decision)
            by_kind.setdefault(decision.kind, []).append(time.process_time() - start)
            game.apply(answer)
    every = [t for times in by_kind.values() for t in times]
    print(f"{args.level} level, {label}, {args.games} games: {len(every)} decisions, "
          f"{summary(every)}")
    for kind, times in sorted(by_kind.items(), key=lambda kv: -sum(kv[1])):
        print(f"  {kind:18} {len(times):5}  {summary(times)}")


if __name__ == "__main__":
    main()
