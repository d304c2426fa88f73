"""rftg benchmarks: simulation speed, AI decision latency, peak memory, start-up time.

    python bench/run.py            # everything, a few minutes at most
    python bench/run.py --quick    # fewer games
    python bench/run.py --json     # one JSON object

Games per second and decision times are CPU time of this process (a busy shared machine
slows its wall clock, not them); start-up time is wall time.

Targets (checked here, never in timed unit tests): random-seat 2-player games >= 1000/s on
one core; decisions of the fast AI level mean <= 20 ms and p95 <= 100 ms, of the default
(normal) level p95 <= 500 ms; peak memory <= 80 MB. Each AI level is timed in games of one
AI seat against a random seat, and in games of two AI seats of that level (AI-vs-AI).
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc

from rftg_cli.config import GameConfig
from rftg_cli.race.engine.scoring import winners
from rftg_cli.race.ai.lookahead import AISeat
from rftg_cli.players.seat import RandomSeat, play
from rftg_cli.plugins import make_registry, new_game

try:
    from rftg_cli.race.ai.levels import DEFAULT_LEVEL, LEVELS, ai_seat
except ImportError:     # an engine before the AI levels (`compare.py REF --this-bench`)
    DEFAULT_LEVEL, LEVELS = "fast", ("fast",)

    def ai_seat(seed: int, level: str) -> AISeat:
        return AISeat(seed)

cpu = time.process_time       # the CPU time of this process: one core's work

TARGETS = {
    "random_2p_games_per_second": (">=", 1000),
    "ai_decision_mean_ms": ("<=", 20),
    "ai_decision_p95_ms": ("<=", 100),
    f"ai_{DEFAULT_LEVEL}_decision_p95_ms": ("<=", 500),
    "peak_memory_mb": ("<=", 80),
}


def random_games(registry, players: int, games: int) -> float:
    """Games per second with every seat random."""
    start = cpu()
    for seed in range(games):
        game = new_game(GameConfig(players=players), seed, registry=registry, record=False)
        play(game, [RandomSeat(seed * 10 + i) for i in range(players)])
    return games / (cpu() - start)


def ai_games(registry, players: int, games: int, level: str = "fast") -> dict:
    """One AI seat of `level` against random seats: games per second, AI win rate,
    decision times. (The fast level is `AISeat`, the AI of rftg before levels.)"""
    times: list[float] = []
    wins = 0.0
    start = cpu()
    for seed in range(games):
        game = new_game(GameConfig(players=players), seed, registry=registry, record=False)
        ai_at = seed % players
        seats = [RandomSeat(seed * 10 + i) for i in range(players)]
        seats[ai_at] = ai_seat(seed, level)
        while not game.over:
            decision = game.pending
            seat = seats[decision.player]
            if decision.player == ai_at:
                t = cpu()
                answer = seat.choose(game, decision)
                times.append(cpu() - t)
            else:
                answer = seat.choose(game, decision)
            game.apply(answer)
        best = winners(game)
        if ai_at in best:
            wins += 1 / len(best)
    elapsed = cpu() - start
    times.sort()
    return {
        "games_per_second": games / elapsed,
        "win_rate": wins / games,
        "decisions": len(times),
        "decision_mean_ms": 1000 * statistics.fmean(times),
        "decision_p95_ms": 1000 * times[int(0.95 * (len(times) - 1))],
        "decision_max_ms": 1000 * times[-1],
    }


def ai_vs_ai_games(registry, games: int, level: str = "fast") -> float:
    start = cpu()
    for seed in range(games):
        game = new_game(GameConfig(players=2), seed, registry=registry, record=False)
        play(game, [ai_seat(seed, level), ai_seat(seed + 1, level)])
    return games / (cpu() - start)


def traced_game_memory(registry, games: int) -> float:
    """Peak traced Python memory (MB) allocated while playing AI games (card data excluded)."""
    tracemalloc.start()
    for seed in range(games):
        game = new_game(GameConfig(players=2), seed, registry=registry, record=True)
        play(game, [AISeat(seed), RandomSeat(seed)])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def startup_seconds(runs: int = 5) -> float:
    """Best wall time of `rftg --help` in a fresh interpreter."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "from rftg_cli.cli import main; main()", "--help"],
                       check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def python_speed(steps: int = 2_000_000) -> float:
    """Million steps a second of a fixed loop of plain Python (a call, a dict look-up, a
    tuple): how fast this machine runs Python, to read the games a second against. Machines
    differ several times over, and one machine by half from hour to hour; a game's work
    does not."""
    table = {i: i for i in range(64)}

    def step(i: int) -> tuple:
        return (table.get(i & 63), i)

    start = cpu()
    for i in range(steps):
        step(i)
    return steps / (cpu() - start) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    scale = 0.2 if args.quick else 1.0
    registry = make_registry(plugins_dir=False)
    new_game(GameConfig(players=2), 0, registry=registry, record=False)   # load cards once

    out: dict = {"python": platform.python_version(), "machine": platform.machine(),
                 "python_million_steps_per_second": python_speed()}
    for players in (2, 3, 4):
        out[f"random_{players}p_games_per_second"] = random_games(
            registry, players, int(500 * scale) or 20)
    ai2 = ai_games(registry, 2, int(100 * scale) or 10)
    out["ai_2p_games_per_second"] = ai2["games_per_second"]
    out["ai_2p_win_rate_vs_random"] = ai2["win_rate"]
    out["ai_decisions"] = ai2["decisions"]
    out["ai_decision_mean_ms"] = ai2["decision_mean_ms"]
    out["ai_decision_p95_ms"] = ai2["decision_p95_ms"]
    out["ai_decision_max_ms"] = ai2["decision_max_ms"]
    for players in (3, 4):
        out[f"ai_{players}p_games_per_second"] = ai_games(
            registry, players, int(30 * scale) or 5)["games_per_second"]
    out["ai_vs_ai_2p_games_per_second"] = ai_vs_ai_games(registry, int(30 * scale) or 5)
    for level in LEVELS[1:]:
        # Search levels cost more per decision: fewer games (long ones, against random).
        n = max(2, int({"normal": 10, "strong": 3}.get(level, 3) * scale))
        timed = ai_games(registry, 2, n, level)
        out[f"ai_{level}_decision_mean_ms"] = timed["decision_mean_ms"]
        out[f"ai_{level}_decision_p95_ms"] = timed["decision_p95_ms"]
        out[f"ai_{level}_win_rate_vs_random"] = timed["win_rate"]
        out[f"ai_vs_ai_{level}_2p_games_per_second"] = ai_vs_ai_games(registry, max(1, n // 3),
                                                                      level)
    out["traced_game_memory_mb"] = traced_game_memory(registry, int(10 * scale) or 3)
    # The whole process at its peak (interpreter, card data, every game above): the target.
    out["peak_memory_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out["startup_seconds"] = startup_seconds()
    out["targets_met"] = {key: (value >= target if op == ">=" else value <= target)
                          for key, (op, target) in TARGETS.items() if key in out
                          for value in [out[key]]}
    if args.json:
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v
                          for k, v in out.items()}))
        return
    for key, value in out.items():
        if key == "targets_met":
            continue
        mark = ""
        if key in out["targets_met"]:
            op, target = TARGETS[key]
            mark = f"   target {op} {target}: {'ok' if out['targets_met'][key] else 'MISSED'}"
        shown = f"{value:.2f}" if isinstance(value, float) else str(value)
        print(f"{key:34} {shown:>10}{mark}")


if __name__ == "__main__":
    main()
