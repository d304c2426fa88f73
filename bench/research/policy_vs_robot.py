"""The quick play alone (every decision by `ai_policy.policy_answer`) against the robot.

    python bench/research/policy_vs_robot.py --difficulty hard --games 100 --seed 1
    python bench/research/policy_vs_robot.py --difficulty all --games 100 --seed 1 --json

The games are those `rftg simulate --robot --difficulty D --games N --seed S` deals (the same
game and seat seeds), with the quick play in the AI's seat instead of the search: it measures
the play the search's simulated rounds are made of. Prints the quick play's wins, the mean
scores, the mean rounds, and games whose play stalled (stopped after `--limit` answers).
"""

from __future__ import annotations

import argparse
import json
import time

from robot_games import robot_configs

from rftg_cli.commands.simulate import game_seeds
from rftg_cli.config import GameConfig
from rftg_cli.race.ai.policy import policy_answer
from rftg_cli.plugins import default_registry, new_game
from rftg_cli.rng import Rng


def play_games(config: GameConfig, games: int, seed: int, registry, limit: int) -> dict:
    """The quick play's results over `games` seeded games of `config`."""
    wins = ties = stalls = rounds = 0
    mine = theirs = 0.0
    start = time.process_time()
    for game_seed, seat_seeds in game_seeds(seed, games):
        game = new_game(config, game_seed, registry=registry, record=False)
        rng = Rng(seat_seeds[0])
        for _ in range(limit):
            if game.over:
                break
            game.apply(policy_answer(game, game.pending, rng), trusted=True)
        if not game.over:
            stalls += 1
            continue
        result = game.outcome()
        me, rival = result.results[0].score, result.results[1].score
        mine += me
        theirs += rival
        wins += me > rival if len(result.winners) == 1 else 0
        ties += len(result.winners) > 1
        rounds += game.round
    done = max(games - stalls, 1)
    return {"games": games, "wins": wins, "ties": ties, "stalled": stalls,
            "win_rate": round(wins / done, 4), "mean_scores": [round(mine / done, 2),
                                                              round(theirs / done, 2)],
            "mean_rounds": round(rounds / done, 2),
            "seconds": round(time.process_time() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=2000, help="answers before a stall")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry = default_registry()
    out = {name: play_games(config, args.games, args.seed, registry, args.limit)
           for name, config in robot_configs(args.difficulty, registry).items()}
    if args.json:
        print(json.dumps(out))
        return
    for name, r in out.items():
        print(f"{name}: quick play won {r['wins']} of {r['games']} ({r['ties']} ties, "
              f"{r['stalled']} stalled), mean {r['mean_scores'][0]} against "
              f"{r['mean_scores'][1]}, {r['mean_rounds']} rounds, {r['seconds']} s")


if __name__ == "__main__":
    main()
