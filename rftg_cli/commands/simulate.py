"""`rftg simulate`: play seat-against-seat games and report wins, scores and speed.

Every game's seed and every seat's seed come from `--seed`, so the same command gives the
same wins, scores and rounds (only the speed changes). A game that raises is counted in
`errors` (the first message is shown) and the run goes on. Exit codes: 0 done, 2 bad usage.

`--robot` plays the solitaire game instead: one seat (ai, or `--seats random`) against the
official robot, at one difficulty or `--difficulty all` (every level on the same deals); the
report has the robot as a second "seat" and a `robot` section per difficulty.
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import dataclass, field

SEAT_KINDS = ("ai", "random")
ROBOT = "robot"                             # the solitaire expansion and its label in reports
DIFFICULTIES = ("easy", "normal", "hard")


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
    wins: dict[str, float] = field(default_factory=dict)      # a shared win is split
    sole_wins: dict[str, int] = field(default_factory=dict)   # games won alone
    ties: int = 0                                             # games with a shared win
    score_sums: dict[str, int] = field(default_factory=dict)
    round_sum: int = 0
    seconds: float = 0.0

    def add(self, best: list[str], scores: dict[str, int], rounds: int) -> None:
        """One completed game: the labels that share the best result and every score."""
        self.completed += 1
        self.round_sum += rounds
        for label in best:
            self.wins[label] += 1 / len(best)
        if len(best) == 1:
            self.sole_wins[best[0]] += 1
        else:
            self.ties += 1
        for label, total in scores.items():
            self.score_sums[label] += total

    def merge(self, other: Results) -> None:
        """Add another run's counts (same labels) to these."""
        self.games += other.games
        self.completed += other.completed
        self.errors += other.errors
        self.first_error = self.first_error or other.first_error
        self.ties += other.ties
        self.round_sum += other.round_sum
        self.seconds += other.seconds
        for mine, theirs in ((self.wins, other.wins), (self.sole_wins, other.sole_wins),
                             (self.score_sums, other.score_sums)):
            for label, value in theirs.items():
                mine[label] += value

    def to_dict(self) -> dict:
        done = max(self.completed, 1)
        return {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "first_error": self.first_error,
            "seats": self.labels,
            "wins": {k: round(v, 3) for k, v in self.wins.items()},
            "ties": self.ties,
            "win_rates": {k: round(v / done, 4) for k, v in self.wins.items()},
            "mean_scores": {k: round(v / done, 2) for k, v in self.score_sums.items()},
            "mean_rounds": round(self.round_sum / done, 2),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.completed / self.seconds, 2) if self.seconds else 0.0,
        }

    def robot_dict(self) -> dict:
        """The solitaire view: the seat (`human`) against the robot."""
        done = max(self.completed, 1)
        human, robot = self.labels
        return {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "human_wins": self.sole_wins[human],
            "robot_wins": self.sole_wins[robot],
            "ties": self.ties,
            "human_win_rate": round(self.sole_wins[human] / done, 4),
            "robot_win_rate": round(self.sole_wins[robot] / done, 4),
            "tie_rate": round(self.ties / done, 4),
            "mean_scores": {"human": round(self.score_sums[human] / done, 2),
                            "robot": round(self.score_sums[robot] / done, 2)},
            "mean_rounds": round(self.round_sum / done, 2),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.completed / self.seconds, 2) if self.seconds else 0.0,
        }


def new_results(labels: list[str], games: int = 0) -> Results:
    return Results(list(labels), games=games, wins=dict.fromkeys(labels, 0.0),
                   sole_wins=dict.fromkeys(labels, 0), score_sums=dict.fromkeys(labels, 0))


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


def is_solo(config) -> bool:
    return ROBOT in config.expansions


def outcome(game, labels: list[str]) -> tuple[list[str], dict[str, int]]:
    """(labels sharing the best result, every label's score) of a finished game; in the
    solitaire game the last label is the robot."""
    if is_solo(game.config):
        from rftg_cli.expansions.robot import solo_result

        result = solo_result(game)
        human, robot = labels
        best = {"human": [human], "robot": [robot], "tie": [human, robot]}[result["winner"]]
        return best, {human: result["human"], robot: result["robot"]}
    from rftg_cli.engine.scoring import score, winners

    return ([labels[i] for i in winners(game)],
            {label: score(game, i).total for i, label in enumerate(labels)})


def simulate(config, kinds: list[str], games: int, seed: int, registry,
             progress=None) -> Results:
    labels = seat_labels(kinds) + ([ROBOT] if is_solo(config) else [])
    results = new_results(labels, games)
    start = time.perf_counter()
    for game_seed, seat_seeds in game_seeds(seed, games):
        try:
            game = play_one(config, game_seed, kinds, seat_seeds, registry)
            best, scores = outcome(game, labels)
        except Exception as exc:  # noqa: BLE001  (counted, not fatal: the run reports them)
            results.errors += 1
            if not results.first_error:
                results.first_error = f"game seed {game_seed}: {type(exc).__name__}: {exc}"
        else:
            results.add(best, scores, game.round)
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


def solo_configs(players: int | None, difficulty: str | None, expansions: tuple,
                 registry) -> list:
    """One solitaire GameConfig per difficulty asked for (`all`: every level)."""
    from rftg_cli.engine import GameConfig

    if players not in (None, 1):
        raise UsageError(f"--robot is the solitaire game: 1 player, not --players {players}")
    if "expert" in expansions:
        raise UsageError("--robot already plays the expert action set (2 of 9 actions per "
                         "round): drop --expert")
    level = (difficulty or "normal").strip().casefold()
    levels = list(DIFFICULTIES) if level == "all" else [level]
    if levels[0] not in DIFFICULTIES:
        raise UsageError(f"unknown --difficulty {difficulty!r}: choose from "
                         f"{', '.join(DIFFICULTIES)} or all")
    names = tuple(dict.fromkeys(expansions + (ROBOT,)))
    return [GameConfig(players=1, expansions=names, options=(("difficulty", lv),))
            for lv in levels]


def run(games: int, players: int | None, seed: int, seats: str | None, as_json: bool,
        expansions: list[str], extra_args: list[str], robot: bool = False,
        difficulty: str | None = None) -> int:
    from rftg_cli.engine import GameConfig
    from rftg_cli.plugins import ConfigError, build_rules, default_registry, validate

    try:
        if games < 1:
            raise UsageError(f"--games must be at least 1, not {games}")
        if difficulty is not None and not robot:
            raise UsageError("--difficulty is the robot's: add --robot")
        registry = default_registry()
        names = resolve_expansions(expansions, extra_args, registry)
        if robot:
            configs = solo_configs(players, difficulty, names, registry)
        else:
            configs = [GameConfig(players=2 if players is None else players, expansions=names)]
        kinds = parse_seats(seats, configs[0].players)
        for config in configs:
            validate(config, registry)
            build_rules(config, registry)   # a bad expansion set fails here, before any game
    except (UsageError, ConfigError) as exc:
        print(f"rftg simulate: {exc}", file=sys.stderr)
        return 2

    if as_json:
        runs = [simulate(config, kinds, games, seed, registry) for config in configs]
        print(json.dumps(report(runs, configs, robot)))
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
        task = bar.add_task("games", total=games * len(configs))
        runs = [simulate(config, kinds, games, seed, registry,
                         progress=lambda: bar.advance(task)) for config in configs]
    if robot:
        print_robot_report(runs, configs)
    else:
        print_report(runs[0], configs[0])
    return 0


def total(runs: list[Results]) -> Results:
    """Every run's counts added up."""
    out = new_results(runs[0].labels)
    for one in runs:
        out.merge(one)
    return out


def report(runs: list[Results], configs: list, robot: bool) -> dict:
    """The JSON object: the counts of every game, and with --robot a `robot` section keyed by
    difficulty."""
    data = total(runs).to_dict()
    if robot:
        data["robot"] = {config.option("difficulty"): one.robot_dict()
                         for config, one in zip(configs, runs)}
    return data


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


def print_robot_report(runs: list[Results], configs: list) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console()
    seat = runs[0].labels[0]
    exp = ", ".join(e for e in configs[0].expansions if e != ROBOT) or "base cards"
    table = Table(title=f"{seat} against the robot, {runs[0].games} games per difficulty, {exp}")
    for name in ("level", f"{seat} won", "robot won", "ties", f"{seat} VP",
                 "robot VP", "rounds", "games/s"):
        table.add_column(name, justify="left" if name == "level" else "right")
    for config, one in zip(configs, runs):
        d = one.robot_dict()
        table.add_row(config.option("difficulty"),
                      f"{100 * d['human_win_rate']:.0f}%", f"{100 * d['robot_win_rate']:.0f}%",
                      f"{100 * d['tie_rate']:.0f}%", f"{d['mean_scores']['human']:.1f}",
                      f"{d['mean_scores']['robot']:.1f}", f"{d['mean_rounds']:.1f}",
                      f"{d['games_per_second']:.1f}")
    out.print(table)
    out.print(f"errors {sum(one.errors for one in runs)}")
    first = next((one.first_error for one in runs if one.first_error), "")
    if first:
        out.print(f"first error: {first}", markup=False)
