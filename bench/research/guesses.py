"""How well the card game's AI foresees the other seats' action cards.

    python bench/research/guesses.py --games 40 --workers 2
    python bench/research/guesses.py --games 10 --players 4 --bow

In games between seats of a searching level (normal unless `--level`), at each seat's
action choice the imagined deals its search plays from (`SearchSeat.imagine`: the cards it
cannot see dealt anew, each other seat's action cards guessed from the ones it has shown,
`Habits`) are drawn `--deals` times; once the cards are revealed, each other seat's real
choice is looked up among the guesses. Prints, by the rounds of that seat seen so far, the
mean chance the guesses gave the real choice and their log-loss (a guess that never names
the real choice counts as half a deal), next to the rule of thumb alone
(`ai_heuristic.guess_action` in the same deals: the guess where no habit is known). The
guesses of a seat are drawn from the options the deciding seat was offered.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

# bench/setups.py (shared with the speed benchmarks) and the checkout's tools/ package.
sys.path[1:1] = [str(Path(__file__).resolve().parents[up]) for up in (1, 2)]

from rftg_cli.race.engine.determinize import determinize  # noqa: E402
from rftg_cli.race.ai.heuristic import guess_action  # noqa: E402
from rftg_cli.plugins import new_game  # noqa: E402
from rftg_cli.rng import Rng  # noqa: E402
from tools.fitting import play_all  # noqa: E402

from setups import ai_seats, worker_setup  # noqa: E402


def _cards(answer) -> tuple:
    return tuple(sorted(answer)) if isinstance(answer, tuple) else (answer,)


def _play(job: tuple) -> list[tuple[int, float, float]]:
    """One game: (rounds of the other seat seen, chance by the search's guesses, chance by
    the rule of thumb) for every other seat at every action choice."""
    players, extra, level, deals, seed = job
    registry, config, _ = worker_setup(players, extra)
    ai_seat, _ = ai_seats(config, registry)
    game = new_game(config, seed, registry=registry, record=False)
    seats = [ai_seat(seed * 10 + i, level) for i in range(players)]
    waiting: list[tuple[int, int, int, Counter, Counter]] = []   # round, seat, seen, ...
    rows = []
    while not game.over:
        decision = game.pending
        if decision.kind == "action":
            me = seats[decision.player]
            me.habits.observe(game, decision.player)
            rng = Rng(seed * 1000 + game.round * 10 + decision.player)
            for other in range(players):
                if other == decision.player:
                    continue
                by_habit, by_rule = Counter(), Counter()
                for _ in range(deals):
                    world = determinize(game, decision.player, rng)
                    by_habit[_cards(me.habits.guess(world, other, decision.options, rng))] += 1
                    by_rule[_cards(guess_action(world, other, decision.options, rng))] += 1
                seen = len(me.habits.seen.get(other, {}))
                waiting.append((game.round, other, seen, by_habit, by_rule))
        game.apply(seats[decision.player].choose(game, decision))
        if game.phase not in ("action", "setup"):
            for entry in [w for w in waiting if w[0] == game.round]:
                _, other, seen, by_habit, by_rule = entry
                real = _cards(game.players[other].actions)
                rows.append((seen, by_habit[real] / deals, by_rule[real] / deals))
                waiting.remove(entry)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first", type=int, default=9000, help="seed of the first game")
    parser.add_argument("--deals", type=int, default=40, help="imagined deals per guess")
    parser.add_argument("--workers", type=int, default=1)
    args, extra = parser.parse_known_args()
    _, config, label = worker_setup(args.players, tuple(extra))
    jobs = [(args.players, tuple(extra), args.level, args.deals, args.first + k)
            for k in range(args.games)]
    rows = [r for game in play_all(_play, jobs, args.workers, log=lambda line: None)
            for r in game]
    floor = 0.5 / args.deals

    def line(name: str, part: list) -> str:
        chance = [sum(r[k] for r in part) / len(part) for k in (1, 2)]
        loss = [-sum(math.log(max(r[k], floor)) for r in part) / len(part) for k in (1, 2)]
        return (f"{name:16} {len(part):5} guesses: the real choice's chance {chance[0]:.3f} "
                f"(rule of thumb {chance[1]:.3f}), log-loss {loss[0]:.2f} ({loss[1]:.2f})")

    print(f"{args.level} level, {label}, {args.games} games")
    for name, low, high in (("no round seen", 0, 0), ("1-3 rounds seen", 1, 3),
                            ("4 or more seen", 4, 10 ** 9), ("all", 0, 10 ** 9)):
        part = [r for r in rows if low <= r[0] <= high]
        if part:
            print(line(name, part))


if __name__ == "__main__":
    main()
