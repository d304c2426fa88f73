"""The games `rftg simulate --robot --difficulty D` plays, for the benches that play them
again with another seat or look inside them."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

# bench/setups.py (shared with the speed benchmarks) and the checkout's tools/ package.
sys.path[1:1] = [str(Path(__file__).resolve().parents[up]) for up in (1, 2)]

from rftg_cli.commands.simulate import game_seeds, option_runs, resolve_expansions  # noqa: E402
from rftg_cli.race.engine import GameConfig  # noqa: E402
from tools.fitting import play_all  # noqa: E402


def robot_configs(difficulty: str, registry) -> dict[str, GameConfig]:
    """One game config per difficulty asked ("all": each), by the difficulty's name."""
    asked = resolve_expansions(["robot"], ["--difficulty", difficulty], registry)
    return {", ".join(v for _, v in options):
            GameConfig(players=1, expansions=asked.expansions, options=options)
            for options in option_runs(asked.expansions, asked.options, registry)}


def play_robot_game(config: GameConfig, game_seed: int, choose):
    """The game `config` deals with `game_seed`, every decision answered by `choose(game,
    decision)`, played to its end."""
    from rftg_cli.plugins import default_registry, new_game

    game = new_game(config, game_seed, registry=default_registry(), record=False)
    while not game.over:
        game.apply(choose(game, game.pending))
    return game


def _margin(job: tuple) -> int:
    config, make_seat, game_seed, seat_seed = job
    game = play_robot_game(config, game_seed, make_seat(seat_seed).choose)
    results = game.outcome().results
    return results[0].score - results[1].score


def robot_margins(config: GameConfig, make_seat, games: int, seed: int,
                  workers: int = 1) -> list[int]:
    """The seat `make_seat(seat seed)` makes, against the robot in the games `rftg simulate
    --robot --games N --seed S` deals: its final margin in each, in order (`workers`
    processes; `make_seat` must then be picklable, a class or a function of a module)."""
    jobs = [(config, make_seat, game_seed, seats[0]) for game_seed, seats in
            game_seeds(seed, games)]
    return play_all(_margin, jobs, workers, log=lambda line: None)


def wins(margins: list[int]) -> float:
    """Games won, a tie counting half."""
    return sum(m > 0 for m in margins) + sum(m == 0 for m in margins) / 2


def summary(label: str, margins: list[int]) -> str:
    """'LABEL wins 28.7%   margin -5.54 ± 0.78' (the standard error of the mean)."""
    return (f"{label:16} wins {wins(margins) / len(margins):6.1%}   margin "
            f"{statistics.fmean(margins):+6.2f} ± "
            f"{statistics.stdev(margins) / len(margins) ** 0.5:.2f}")
