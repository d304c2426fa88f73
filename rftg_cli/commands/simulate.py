"""`rftg simulate`: play seat-against-seat games and report wins, scores and speed.

Every game's seed and every seat's seed come from `--seed`, so the same command gives the
same wins, scores and rounds (only the speed changes). A game that raises is counted in
`errors` (the first message is shown) and the run goes on. Exit codes: 0 done, 2 bad usage.
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import dataclass, field

SEAT_KINDS = ("ai", "random")


class UsageError(ValueError):
    """A bad option value: one line for the user, exit code 2."""


def make_seat(kind: str, seed: int):
    if kind == "ai":
        from rftg_cli.players.ai import AISeat
        return AISeat(seed)
    if kind == "random":
        from rftg_cli.players.seat import RandomSeat
        return RandomSeat(seed)
    raise UsageError(f"unknown seat {kind!r}: choose from {', '.join(SEAT_KINDS)}")


def parse_seats(spec: str | None, players: int) -> list[str]:
    """The seat kinds, one per player. Default: one ai seat, the others random."""
    if not spec:
        return ["ai"] + ["random"] * (players - 1)
    kinds = [k.strip().casefold() for k in spec.split(",") if k.strip()]
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise UsageError(f"unknown seat {kind!r} in --seats: choose from "
                             f"{', '.join(SEAT_KINDS)}")
    if len(kinds) != players:
        raise UsageError(f"--seats names {len(kinds)} seat(s) but --players is {players}; "
                         "give one kind per player, e.g. --seats ai,random")
    return kinds


def seat_labels(kinds: list[str]) -> list[str]:
    """`ai`, `random`; numbered (`ai1`, `ai2`) when a kind sits more than once."""
    return [k if kinds.count(k) == 1 else f"{k}{i + 1}" for i, k in enumerate(kinds)]


@dataclass
class Results:
    labels: list[str]
    games: int = 0
    completed: int = 0
    errors: int = 0
    first_error: str = ""
    wins: dict[str, float] = field(default_factory=dict)
    score_sums: dict[str, int] = field(default_factory=dict)
    round_sum: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict:
        done = max(self.completed, 1)
        return {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "first_error": self.first_error,
            "seats": self.labels,
            "wins": {k: round(v, 3) for k, v in self.wins.items()},
            "win_rates": {k: round(v / done, 4) for k, v in self.wins.items()},
            "mean_scores": {k: round(v / done, 2) for k, v in self.score_sums.items()},
            "mean_rounds": round(self.round_sum / done, 2),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.completed / self.seconds, 2) if self.seconds else 0.0,
        }


def game_seeds(seed: int, games: int) -> list[tuple[int, list[int]]]:
    """(game seed, seat seeds) for every game, all drawn from the one `--seed`."""
    rng = random.Random(seed)
    return [(rng.getrandbits(32), [rng.getrandbits(32) for _ in range(8)])
            for _ in range(games)]


def play_one(config, game_seed: int, kinds: list[str], seat_seeds: list[int], registry):
    from rftg_cli.players.seat import play
    from rftg_cli.plugins import new_game

    game = new_game(config, game_seed, registry=registry, record=False)
    seats = [make_seat(kind, seat_seeds[i]) for i, kind in enumerate(kinds)]
    return play(game, seats)


def simulate(config, kinds: list[str], games: int, seed: int, registry,
             progress=None) -> Results:
    from rftg_cli.engine.scoring import score, winners

    labels = seat_labels(kinds)
    results = Results(labels, games=games, wins=dict.fromkeys(labels, 0.0),
                      score_sums=dict.fromkeys(labels, 0))
    start = time.perf_counter()
    for game_seed, seat_seeds in game_seeds(seed, games):
        try:
            game = play_one(config, game_seed, kinds, seat_seeds, registry)
            best = winners(game)
            scores = [score(game, i).total for i in range(len(kinds))]
        except Exception as exc:  # noqa: BLE001  (counted, not fatal: the run reports them)
            results.errors += 1
            if not results.first_error:
                results.first_error = f"game seed {game_seed}: {type(exc).__name__}: {exc}"
        else:
            results.completed += 1
            results.round_sum += game.round
            for i in best:
                results.wins[labels[i]] += 1 / len(best)
            for i, label in enumerate(labels):
                results.score_sums[label] += scores[i]
        if progress is not None:
            progress()
    results.seconds = time.perf_counter() - start
    return results


def resolve_expansions(expansions: list[str], extra_args: list[str], registry) -> tuple:
    """Expansion names from `--expansion NAME` and expansion flags such as `--expert`."""
    names = list(expansions)
    if extra_args:
        try:
            from rftg_cli.commands.play import expansion_names_from_flags
        except ImportError:
            raise UsageError(f"unknown option {extra_args[0]!r}; use --expansion NAME") from None
        try:
            names += list(expansion_names_from_flags(extra_args, registry))
        except (ValueError, KeyError) as exc:
            raise UsageError(str(exc).strip("'\"")) from None
    return tuple(dict.fromkeys(names))


def run(games: int, players: int, seed: int, seats: str | None, as_json: bool,
        expansions: list[str], extra_args: list[str]) -> int:
    from rftg_cli.engine import GameConfig
    from rftg_cli.plugins import ConfigError, build_rules, default_registry

    try:
        if games < 1:
            raise UsageError(f"--games must be at least 1, not {games}")
        registry = default_registry()
        kinds = parse_seats(seats, players)
        config = GameConfig(players=players,
                            expansions=resolve_expansions(expansions, extra_args, registry))
        build_rules(config, registry)   # a bad expansion set fails here, before any game
    except (UsageError, ConfigError) as exc:
        print(f"rftg simulate: {exc}", file=sys.stderr)
        return 2

    if as_json:
        results = simulate(config, kinds, games, seed, registry)
        print(json.dumps(results.to_dict()))
        return 0

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    err = Console(stderr=True)
    with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, transient=True) as bar:
        task = bar.add_task("games", total=games)
        results = simulate(config, kinds, games, seed, registry,
                           progress=lambda: bar.advance(task))
    print_report(results, config)
    return 0


def print_report(results: Results, config) -> None:
    from rich.console import Console
    from rich.table import Table

    data = results.to_dict()
    out = Console()
    exp = ", ".join(config.expansions) or "base game"
    table = Table(title=f"{data['completed']} of {data['games']} games, "
                        f"{config.players} players, {exp}")
    table.add_column("seat")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("mean score", justify="right")
    for label in results.labels:
        table.add_row(label, f"{data['wins'][label]:g}", f"{100 * data['win_rates'][label]:.1f}%",
                      f"{data['mean_scores'][label]:.1f}")
    out.print(table)
    out.print(f"mean rounds {data['mean_rounds']:.1f}   errors {data['errors']}   "
              f"{data['games_per_second']:.1f} games/s")
    if results.first_error:
        out.print(f"first error: {results.first_error}", markup=False)
