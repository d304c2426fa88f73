"""Roll for the Galaxy: simulation speed and the fast AI level's strength, measured.

    python bench/roll.py                 # 400 two-player games AI vs random, then the rest
    python bench/roll.py --games 100 --json

* AI against a uniformly random seat, two players, seats alternating: win rate, games/s;
* random seats only, 1 (against the bot) to 5 players: games/s;
* the AI alone against the solo credit bot at each difficulty: win rate.

"The AI" here is the fast level (`ai.RollAI`, the search levels' quick play): it plays
hundreds of games a second. The search levels (normal, the default, and strong) are measured
with `bench/research/levels.py ... --roll` and `bench/latency.py ... --roll`.
"""

from __future__ import annotations

import argparse
import json
import time

from rftg_cli.expansions.roll import create
from rftg_cli.expansions.roll.ai import RollAI
from rftg_cli.expansions.roll.bot import bot_rules

from rftg_cli.config import GameConfig
from rftg_cli.players.seat import RandomSeat, play as run_seats


def play(game, seats):
    return run_seats(game, seats).outcome()


def ai_vs_random(games: int, seed: int) -> dict:
    wins = 0
    start = time.perf_counter()
    for i in range(games):
        ai = i % 2
        seats = [RandomSeat(seed + i), RandomSeat(seed + i + 1)]
        seats[ai] = RollAI(seed + i)
        out = play(create(GameConfig(players=2), seed + i, record=False), seats)
        wins += out.winners == (f"Player {ai + 1}",)
    elapsed = time.perf_counter() - start
    return {"games": games, "ai_wins": wins, "win_rate": round(wins / games, 4),
            "games_per_second": round(games / elapsed, 1)}


def random_speed(players: int, games: int, seed: int) -> float:
    start = time.perf_counter()
    for i in range(games):
        seats = [RandomSeat(seed + i + k) for k in range(players)]
        play(create(GameConfig(players=players), seed + i, record=False), seats)
    return round(games / (time.perf_counter() - start), 1)


def ai_vs_bot(level: str, games: int, seed: int) -> dict:
    wins = 0
    for i in range(games):
        config = GameConfig(players=1, options=(("difficulty", level),))
        out = play(create(config, seed + i, record=False), [RollAI(seed + i)])
        wins += out.winners == ("Player 1",)
    return {"games": games, "ai_wins": wins, "win_rate": round(wins / games, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    small = max(10, args.games // 4)
    result = {
        "ai_vs_random_2p": ai_vs_random(args.games, args.seed),
        "random_games_per_second": {n: random_speed(n, small, args.seed) for n in range(1, 6)},
        "ai_vs_bot": {level: ai_vs_bot(level, small, args.seed)
                      for level in bot_rules().raw["level"]},
    }
    if args.json:
        print(json.dumps(result))
        return
    r = result["ai_vs_random_2p"]
    print(f"AI vs random, 2 players: {r['ai_wins']}/{r['games']} = {r['win_rate']:.1%}, "
          f"{r['games_per_second']} games/s")
    for n, speed in result["random_games_per_second"].items():
        print(f"random seats, {n} player(s){' + bot' if n == 1 else ''}: {speed} games/s")
    for level, r in result["ai_vs_bot"].items():
        print(f"AI vs the credit bot ({level}): {r['ai_wins']}/{r['games']} = {r['win_rate']:.1%}")


if __name__ == "__main__":
    main()
