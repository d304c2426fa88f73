"""Where the card game's search overrides its quick play, against the solitaire robot.

    python bench/research/overrides.py --difficulty hard --games 60 --seed 1000 --workers 2

In the games `rftg simulate --robot --difficulty D --games N --seed S` deals, the normal level
(or `--level`) plays; at each decision its search weighed (`SearchSeat.last_why` valued more
than one option) the quick play's own answer is looked up beside the search's. Prints, by
decision kind: how many were searched, the share where the search kept the quick play's
answer, and where it did not, by how much the search valued its choice above the quick
play's (VP of final margin, its own estimates: the best of noisy means is biased upwards, so
read the gaps against one another). The kinds whose gaps add up to most a game are where a
better quick play would change the simulated rounds most.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

# bench/setups.py (shared with the speed benchmarks) and the checkout's tools/ package.
sys.path[1:1] = [str(Path(__file__).resolve().parents[up]) for up in (1, 2)]

from robot_games import play_robot_game, robot_configs  # noqa: E402

from rftg_cli.commands.simulate import game_seeds  # noqa: E402
from rftg_cli.race.ai.policy import policy_answer, ranked_actions  # noqa: E402
from rftg_cli.race.ai.levels import ai_seat  # noqa: E402
from rftg_cli.plugins import default_registry  # noqa: E402
from rftg_cli.rng import Rng  # noqa: E402
from tools.fitting import play_all  # noqa: E402


def _play(job: tuple) -> list[tuple[str, bool, float | None]]:
    """One game: (decision kind, did the search keep the quick play's answer, the value gap
    where it did not) for every decision the search weighed."""
    config, level, game_seed, seat_seed = job
    seat = ai_seat(seat_seed, level)
    rows = []

    def choose(game, decision):
        if decision.kind == "action":      # the quick play's action: its best-ranked
            quick = ranked_actions(game, decision)[0][1]
        else:                              # its answer in a copy (it may draw randomness)
            quick = policy_answer(game.copy(), decision, Rng(seat_seed))
        answer = seat.choose(game, decision)
        values = {repr(o): v for o, v, _ in seat.last_why.options if v is not None}
        if len(values) > 1:
            same = repr(answer) == repr(quick)
            mine, theirs = values.get(repr(answer)), values.get(repr(quick))
            gap = None if same or mine is None or theirs is None else mine - theirs
            rows.append((decision.kind, same, gap))
        return answer

    play_robot_game(config, game_seed, choose)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    registry = default_registry()
    for label, config in robot_configs(args.difficulty, registry).items():
        jobs = [(config, args.level, game_seed, seats[0])
                for game_seed, seats in game_seeds(args.seed, args.games)]
        counts: dict[str, list] = defaultdict(lambda: [0, 0, 0.0, 0])
        for rows in play_all(_play, jobs, args.workers, log=lambda line: None):
            for kind, same, gap in rows:
                entry = counts[kind]
                entry[0] += 1
                entry[1] += same
                if gap is not None:
                    entry[2] += gap
                    entry[3] += 1
        print(f"{label}: {args.games} games of the {args.level} level")
        print(f"  {'decision':16} {'searched':>8} {'kept':>6} {'gap':>6} {'a game':>7}")
        for kind, (n, same, gaps, differ) in sorted(counts.items(),
                                                    key=lambda kv: -kv[1][2]):
            print(f"  {kind:16} {n:8} {same / n:6.0%} {gaps / max(differ, 1):6.2f} "
                  f"{gaps / args.games:7.2f}")


if __name__ == "__main__":
    main()
