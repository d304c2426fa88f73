"""`rftg simulate`: play seat-against-seat games and report wins, scores and speed.

Every game's seed and every seat's seed come from `--seed`, so the same command gives the
same wins, scores and rounds (only the speed changes: games a second of CPU time, the
process's own, not the wall clock's). A game that raises is counted in `errors` (the first
message is shown) and the run goes on. Seeds are drawn one game at a
time, so any `--games` starts at once; Ctrl-C stops the run and reports the games played so
far. Exit codes: 0 done, 2 bad usage, 130 stopped by Ctrl-C.

Expansions are switched on by their flags (or `--expansion NAME`), their options set by
`--option KEY=VALUE` or `--KEY VALUE`; the value `all` of an option with declared choices
plays the same deals once per choice. The number of players defaults to 2, or to the number
an expansion fixes. A game with an opponent that is not a seat (one seat against an
automated opponent) is a solo game: the report has that opponent as a second "seat" and a
section named after its kind, keyed by the options' values, with both win rates.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from rftg_cli.errors import UsageError
from rftg_cli.rng import Rng
from rftg_cli.words import plural

SEAT_KINDS = ("ai", "random")
EVERY = "all"                               # an option value: one run per declared choice


def make_seat(kind: str, seed: int, ruleset=None, level: str | None = None):
    """The ruleset's AI seat at `level` (random seats for a ruleset without one), or a
    random seat."""
    if kind == "ai":
        factory = ruleset.part("ai_seat") if ruleset is not None else None
        if factory is not None:
            return factory(seed) if level is None else factory(seed, level)
    if kind in SEAT_KINDS:
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
        raise UsageError(f"--seats names {plural(len(kinds), 'seat')} but --players is "
                         f"{players}; give one kind per player, e.g. --seats ai,random")
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
    seconds: float = 0.0                                      # CPU time (process time)
    interrupted: bool = False                                 # stopped by Ctrl-C

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
        self.interrupted = self.interrupted or other.interrupted
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

    def solo_dict(self) -> dict:
        """The solo view: the one seat (`human`, whoever plays it) against the opponent,
        named by its label (its kind)."""
        done = max(self.completed, 1)
        human, rival = self.labels
        return {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "human_wins": self.sole_wins[human],
            f"{rival}_wins": self.sole_wins[rival],
            "ties": self.ties,
            "human_win_rate": round(self.sole_wins[human] / done, 4),
            f"{rival}_win_rate": round(self.sole_wins[rival] / done, 4),
            "tie_rate": round(self.ties / done, 4),
            "mean_scores": {"human": round(self.score_sums[human] / done, 2),
                            rival: round(self.score_sums[rival] / done, 2)},
            "mean_rounds": round(self.round_sum / done, 2),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.completed / self.seconds, 2) if self.seconds else 0.0,
        }


def new_results(labels: list[str]) -> Results:
    return Results(list(labels), wins=dict.fromkeys(labels, 0.0),
                   sole_wins=dict.fromkeys(labels, 0), score_sums=dict.fromkeys(labels, 0))


def game_seeds(seed: int, games: int) -> Iterator[tuple[int, list[int]]]:
    """(game seed, seat seeds) for every game, all drawn from the one `--seed`, one game at
    a time: `--games 100000000` starts at once and holds one game's seeds, never a list."""
    rng = Rng(seed)
    for _ in range(games):
        yield rng.getrandbits(32), [rng.getrandbits(32) for _ in range(8)]


def play_one(config, game_seed: int, kinds: list[str], seat_seeds: list[int], registry,
             level: str | None = None, why=None):
    """One game; `why`: a text file that gets every AI decision explained."""
    from rftg_cli.players.seat import play
    from rftg_cli.plugins import new_game, ruleset_of

    game = new_game(config, game_seed, registry=registry, record=False)
    ruleset = ruleset_of(config, registry)
    seats = [make_seat(kind, seat_seeds[i], ruleset, level) for i, kind in enumerate(kinds)]
    if why is None:
        return play(game, seats)
    from rftg_cli.players.why import why_lines

    why.write(f"\n== game seed {game_seed}\n")
    while not game.over:
        decision = game.pending
        seat = seats[decision.player]
        answer = seat.choose(game, decision)
        explained = getattr(seat, "last_why", None)
        if explained is not None:
            who = f"Round {game.round}, {game.players[decision.player].name}" + (
                f" (AI, {level} level)" if level else "")
            why.write("\n".join(why_lines(game, explained, who)) + "\n")
        game.apply(answer)
    return game


def opponent_labels(game) -> list[str]:
    """The labels of the opponents that are not seats: their kinds, as `outcome` lists them."""
    return [r.kind for r in game.outcome().opponents()]


def outcome(game, labels: list[str]) -> tuple[list[str], dict[str, int]]:
    """(labels sharing the best result, every label's score) of a finished game: the seats'
    labels first, then the opponents' that are not seats."""
    result = game.outcome()
    label_of = {r.name: labels[k] for k, r in enumerate(result.results)}
    return ([label_of[name] for name in result.winners],
            {label_of[r.name]: r.score for r in result.results})


def simulate(config, kinds: list[str], games: int, seed: int, registry,
             progress=None, rivals: list[str] = (), level: str | None = None,
             why=None) -> Results:
    labels = seat_labels(kinds) + list(rivals)
    results = new_results(labels)
    # CPU time of this process (what the README's games a second are), not the wall
    # clock, which counts whatever else the machine runs.
    start = time.process_time()
    try:
        for game_seed, seat_seeds in game_seeds(seed, games):
            try:
                game = play_one(config, game_seed, kinds, seat_seeds, registry, level, why)
                best, scores = outcome(game, labels)
            except Exception as exc:  # noqa: BLE001  (counted, not fatal: the run reports them)
                results.errors += 1
                if not results.first_error:
                    results.first_error = f"game seed {game_seed}: {type(exc).__name__}: {exc}"
            else:
                results.add(best, scores, getattr(game, "round", 0))
            results.games += 1
            if progress is not None:
                progress()
    except KeyboardInterrupt:
        # Ctrl-C: the game under way is dropped, the games played so far are reported.
        results.interrupted = True
    results.seconds = time.process_time() - start
    return results


def resolve_expansions(expansions: list[str], extra_args: list[str], registry):
    """The expansion names and options (`ExtraArgs`) of `--expansion NAME`, expansion flags
    and options such as `--option KEY=VALUE`."""
    from rftg_cli.commands.expansions import ExpansionFlagError, parse_extra_args

    named = [arg for name in expansions for arg in ("--expansion", name)]
    try:
        return parse_extra_args(named + list(extra_args), registry)
    except ExpansionFlagError as exc:
        raise UsageError(exc.message) from None


def default_players(names: tuple[str, ...], registry) -> int:
    """2, or the number of players the first expansion that fixes one is for."""
    for name in names:
        exp = registry.expansions[name]
        if exp.min_players is not None and exp.min_players == exp.max_players:
            return exp.min_players
    return 2


def game_configs(expansions: list[str], extra_args: list[str], players: int | None,
                 registry) -> list:
    """The games `--expansion NAME`, expansion flags and options ask for, one `GameConfig`
    per run of `option_runs`; `players` None: the expansions' default (`default_players`)."""
    from rftg_cli.config import GameConfig

    asked = resolve_expansions(expansions, extra_args, registry)
    names = asked.expansions
    count = default_players(names, registry) if players is None else players
    return [GameConfig(players=count, expansions=names, options=options)
            for options in option_runs(names, asked.options, registry)]


def option_runs(names: tuple[str, ...], options, registry) -> list[tuple[tuple[str, str], ...]]:
    """The options of each run: every option the chosen expansions declare (their defaults
    where none is given), with `all` swept over the declared choices (one run each)."""
    from rftg_cli.commands.expansions import ExpansionFlagError, check_options

    try:
        check_options(options, names, registry)
    except ExpansionFlagError as exc:
        raise UsageError(exc.message) from None
    given = dict(options)
    runs: list[dict[str, str]] = [{}]
    for name in names:
        for option in registry.expansions[name].options:
            if option.key in runs[0]:   # declared by two expansions: one value for both
                continue
            value = given.get(option.key, option.default)
            sweep = value.casefold() == EVERY and option.choices
            runs = [{**run, option.key: v} for run in runs
                    for v in (option.choices if sweep else (value,))]
    return [tuple(run.items()) for run in runs]


def ai_level(level: str | None, config, registry) -> str | None:
    """The AI level to play (the ruleset's default when none is asked)."""
    from rftg_cli.plugins import ruleset_of

    try:
        return ruleset_of(config, registry).ai_level_for(level)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def run(games: int, players: int | None, seed: int, seats: str | None, as_json: bool,
        expansions: list[str], extra_args: list[str], level: str | None = None,
        why_path: str | None = None) -> int:
    from rftg_cli.plugins import ConfigError, default_registry, new_game

    try:
        if games < 1:
            raise UsageError(f"--games must be at least 1, not {games}")
        registry = default_registry()
        configs = game_configs(expansions, extra_args, players, registry)
        kinds = parse_seats(seats, configs[0].players)
        # A first deal of each configuration: a bad one fails here, before any game, and
        # it tells who sits at the table besides the seats.
        deals = [new_game(config, seed, registry=registry, record=False) for config in configs]
        rivals = opponent_labels(deals[0])
        level = ai_level(level, configs[0], registry) if "ai" in kinds else None
        why = open(why_path, "w", encoding="utf-8") if why_path else None
    except (UsageError, ConfigError) as exc:
        print(f"rftg simulate: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"rftg simulate: cannot write {why_path} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    try:
        return run_games(configs, kinds, games, seed, registry, rivals, as_json, level, why)
    finally:
        if why is not None:
            why.close()


def run_games(configs: list, kinds: list[str], games: int, seed: int, registry,
              rivals: list[str], as_json: bool, level: str | None, why) -> int:
    """Play the runs and print their report (JSON, or tables with a progress bar)."""

    solo = len(kinds) == 1 and len(rivals) == 1
    if as_json:
        runs = simulate_all(configs, kinds, games, seed, registry, rivals, level=level,
                            why=why)
        print(json.dumps(report(runs, configs[:len(runs)], registry, solo)))
        return stopped(runs)

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
        runs = simulate_all(configs, kinds, games, seed, registry, rivals,
                            progress=lambda: bar.advance(task), level=level, why=why)
    if solo:
        print_solo_report(runs, configs[:len(runs)], registry)
    else:
        print_report(total(runs), configs[0])
    return stopped(runs)


def simulate_all(configs: list, kinds: list[str], games: int, seed: int, registry,
                 rivals: list[str], progress=None, level: str | None = None,
                 why=None) -> list[Results]:
    """One run per configuration, up to the first that Ctrl-C stopped."""
    runs: list[Results] = []
    for config in configs:
        runs.append(simulate(config, kinds, games, seed, registry, progress=progress,
                             rivals=rivals, level=level, why=why))
        if runs[-1].interrupted:
            break
    return runs


def stopped(runs: list[Results]) -> int:
    """0, or 130 after one line when Ctrl-C stopped the run (its report covers the games
    played so far)."""
    if not runs[-1].interrupted:
        return 0
    print(f"rftg simulate: interrupted after {sum(r.games for r in runs)} games; the report "
          "covers those", file=sys.stderr)
    return 130


def total(runs: list[Results]) -> Results:
    """Every run's counts added up."""
    out = new_results(runs[0].labels)
    for one in runs:
        out.merge(one)
    return out


def setting_keys(config, registry) -> list[str]:
    """The options that name a solo run: those of the expansions that add no cards (the
    opponent's level); a card set's options (which tiles it deals) are rules of the table."""
    return [o.key for n in config.expansions if not registry.expansions[n].card_sets
            for o in registry.expansions[n].options]


def setting(config, registry) -> str:
    """A run's name in reports: the values of its opponent's options ("hard"), or its
    expansions when they declare none."""
    keys = setting_keys(config, registry)
    return ", ".join(config.option(k) for k in keys) or ", ".join(config.expansions) or "base"


def report(runs: list[Results], configs: list, registry, solo: bool) -> dict:
    """The JSON object: the counts of every game, and in a solo game a section named after
    the opponent's kind, keyed by each run's options."""
    data = total(runs).to_dict()
    if solo:
        data[runs[0].labels[-1]] = {setting(config, registry): one.solo_dict()
                                    for config, one in zip(configs, runs)}
    return data


def print_report(results: Results, config) -> None:
    from rich.table import Table

    from rftg_cli.ui.console import make_console

    data = results.to_dict()
    out = make_console()
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
              f"{data['games_per_second']:.1f} games/s of CPU time")
    if results.first_error:
        out.print(f"first error: {results.first_error}", markup=False)


def print_solo_report(runs: list[Results], configs: list, registry) -> None:
    from rich.table import Table

    from rftg_cli.ui.console import make_console

    out = make_console()
    seat, rival = runs[0].labels
    keys = setting_keys(configs[0], registry)
    exp = ", ".join(e for e in configs[0].expansions
                    if registry.expansions[e].card_sets or not registry.expansions[e].options
                    ) or "base cards"
    table = Table(title=f"{seat} against the {rival}, {runs[0].games} games per run, {exp}")
    columns = (", ".join(keys) or "run", f"{seat} won", f"{rival} won", "ties", f"{seat} VP",
               f"{rival} VP", "rounds", "games/s (CPU)")
    for k, name in enumerate(columns):
        table.add_column(name, justify="left" if k == 0 else "right")
    for config, one in zip(configs, runs):
        d = one.solo_dict()
        table.add_row(setting(config, registry),
                      f"{100 * d['human_win_rate']:.0f}%", f"{100 * d[f'{rival}_win_rate']:.0f}%",
                      f"{100 * d['tie_rate']:.0f}%", f"{d['mean_scores']['human']:.1f}",
                      f"{d['mean_scores'][rival]:.1f}", f"{d['mean_rounds']:.1f}",
                      f"{d['games_per_second']:.1f}")
    out.print(table)
    out.print(f"errors {sum(one.errors for one in runs)}")
    first = next((one.first_error for one in runs if one.first_error), "")
    if first:
        out.print(f"first error: {first}", markup=False)
