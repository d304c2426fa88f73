"""Training the AI's learned judgement (`ai_value`) for solo games: play games of the AI
seat against the game's automated opponent, record the seat's position at the start of every
round, label each with the margin the game still brought, and fit the weights by ridge
regression. Playing never needs this: its result ships as `data/value_<kind>.json`.

    rftg train-ai FLAG [OPTIONS] --games 3000 --seed 20001 --workers 2

FLAG: the flag of the expansion that brings the opponent. The games are those the flags and
options given make (an option's value `all`: each of its choices in turn; README.md tells
how the shipped model was fitted). Each round's position is what the seat saw then
(`ai_value.inputs`); the target is the margin still to come: its final score less the
opponent's, less that margin then. They are played by the AI level asked (`normal` by
default), which judges with the model in use: a new fit learns from the play of the last.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from rftg_cli.commands.simulate import game_seeds
from rftg_cli.config import GameConfig
from .value import NAMES_ALL, inputs, model_path
from .levels import LEVELS

RIDGE = 1.0        # the penalty on each standardized weight (rows are in the thousands)


def play_and_record(job: tuple) -> list[tuple[list[float], float]]:
    """One game (`config`, its seed) of the AI seat (`level`, its seed) against the
    automated opponent: (inputs, the margin still to come) at the start of its rounds."""
    from rftg_cli.plugins import default_registry, new_game
    from .levels import ai_seat

    config, game_seed, seat_seed, level = job
    game = new_game(config, game_seed, registry=default_registry(), record=False)
    seat = ai_seat(seat_seed, level)
    seen = []
    while not game.over:
        decision = game.pending
        if decision.kind == "action":
            seen.append(inputs(game, decision.player))
        game.apply(seat.choose(game, decision))
    result = game.outcome().results
    final = result[0].score - max(r.score for r in result[1:])
    return [(x, float(final - now)) for now, x in seen]


def ridge(rows: list[list[float]], targets: list[float], penalty: float) -> list[float]:
    """Weights w minimising |Xw - y|^2 + penalty |w'|^2 on standardized columns (the first
    column, the constant, is not penalized), returned for the raw columns."""
    n, k = len(rows), len(rows[0])
    mean = [sum(r[j] for r in rows) / n for j in range(k)]
    sd = [max((sum((r[j] - mean[j]) ** 2 for r in rows) / n) ** 0.5, 1e-9) for j in range(k)]
    mean[0], sd[0] = 0.0, 1.0
    z = [[(r[j] - mean[j]) / sd[j] for j in range(k)] for r in rows]
    a = [[0.0] * (k + 1) for _ in range(k)]
    for row, y in zip(z, targets):
        for i, zi in enumerate(row):
            if zi:
                line = a[i]
                for j in range(i, k):
                    line[j] += zi * row[j]
                line[k] += zi * y
    for i in range(k):
        for j in range(i):
            a[i][j] = a[j][i]
        if i:
            a[i][i] += penalty
    w = solve(a)
    raw = [w[j] / sd[j] for j in range(k)]
    raw[0] = w[0] - sum(w[j] * mean[j] / sd[j] for j in range(1, k))
    return raw


def solve(a: list[list[float]]) -> list[float]:
    """The solution of the linear system whose augmented matrix is `a` (k rows of k + 1),
    by Gauss-Jordan elimination with partial pivoting (0 for an unknown with no pivot)."""
    k = len(a)
    for i in range(k):
        pivot = max(range(i, k), key=lambda r: abs(a[r][i]))
        a[i], a[pivot] = a[pivot], a[i]
        for r in range(k):
            if r != i and a[i][i] and a[r][i]:
                f = a[r][i] / a[i][i]
                a[r] = [x - f * y for x, y in zip(a[r], a[i])]
    return [a[i][k] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def train(configs: list[GameConfig], kind: str, games: int, seed: int, level: str,
          workers: int, out: Path, log=print, only: tuple[str, ...] = ()) -> dict:
    """Play `games` (the `configs` in turn), fit, write the model for opponents of `kind` to
    `out`; returns what was written. With `only` (words), the model at `out` keeps every
    weight but those whose feature's name holds one of the words (`refit_only`)."""
    jobs = [(configs[k % len(configs)], game_seed, seats[0], level)
            for k, (game_seed, seats) in enumerate(game_seeds(seed, games))]
    rows, targets = [], []
    for game_rows in play_all(play_and_record, jobs, workers, log):
        for x, y in game_rows:
            rows.append(x)
            targets.append(y)
    weights = ridge(rows, targets, RIDGE)
    off = misses(weights, rows, targets)
    err = rms(off)
    lefts = [x[NAMES_ALL.index("left")] for x in rows]
    spread = spread_by_rounds_left(lefts, off)
    model = {"target": f"final margin against the {kind}, less the margin now",
             "games": games, "seed": seed, "level": level, "rows": len(rows),
             "settings": [", ".join(v for _, v in c.options) for c in configs],
             "expansions": list(configs[0].expansions),
             "rmse": round(err, 3), "spread": [round(v, 4) for v in spread],
             "weights": {name: round(w, 6) for name, w in zip(NAMES_ALL, weights)}}
    if only:
        model = refit_only(json.loads(out.read_text()), model, only)
    out.write_text(json.dumps(model, indent=1) + "\n")
    log(f"fitted {len(rows)} positions of {games} games: rmse {err:.2f} VP, written to {out}"
        + (f" (only the weights of {', '.join(only)})" if only else ""))
    return model


def refit_only(model: dict, fitted: dict, only: tuple[str, ...]) -> dict:
    """`model` with the weights of `fitted` whose feature's name holds one of the words
    `only`, and a record of that fit under "refits": features an expansion brings (prestige)
    learned from its games, without refitting on them what the model learned elsewhere (on
    The Brink of War's games a whole refit lost 2.7 VP a game to this, README.md)."""
    new = dict(model, weights=dict(model["weights"]))
    taken = named(only)
    for name in taken:
        new["weights"][name] = fitted["weights"][name]
    record = {k: fitted[k] for k in ("games", "seed", "level", "rows", "settings",
                                     "expansions", "rmse")}
    new["refits"] = [*model.get("refits", []), dict(record, weights=taken)]
    return new


def named(words: tuple[str, ...]) -> list[str]:
    """The features whose name holds one of `words` (`--only`), in `NAMES_ALL` order."""
    return [name for name in NAMES_ALL if any(word in name for word in words)]


def misses(weights: list[float], rows: list[list[float]], targets: list[float]) -> list[float]:
    """How far off the fitted `weights` foresee each row's target (foreseen less true)."""
    return [sum(w * v for w, v in zip(weights, x)) - y for x, y in zip(rows, targets)]


def rms(values: list[float]) -> float:
    """The root mean square of `values`."""
    return (sum(v * v for v in values) / len(values)) ** 0.5


def spread_by_rounds_left(lefts: list[float], misses: list[float]) -> list[float]:
    """(base, per round): how far off a foreseen margin is, by the rounds left, fitted on
    how far off it was (`misses`); a normal spread has a standard deviation of sqrt(pi / 2)
    times the mean distance."""
    return ridge([[1.0, left] for left in lefts], [1.2533 * abs(m) for m in misses], 0.0)


def play_all(play, jobs: list, workers: int, log=print) -> list:
    """`play(job)` for every job, in order, on `workers` processes; logs the progress."""
    start = time.perf_counter()
    out = []
    if workers > 1:
        from multiprocessing import Pool

        with Pool(workers) as pool:
            results = pool.imap(play, jobs, chunksize=4)
            _gather(results, out, len(jobs), start, log)
    else:
        _gather(map(play, jobs), out, len(jobs), start, log)
    return out


def _gather(results, out: list, games: int, start: float, log) -> None:
    for k, result in enumerate(results, 1):
        out.append(result)
        if k % 100 == 0 or k == games:
            log(f"{k}/{games} games, {time.perf_counter() - start:.0f} s")


def run(games: int, seed: int, level: str | None, workers: int, out: str | None,
        expansions: list[str], extra_args: list[str], only: tuple[str, ...] = ()) -> int:
    """`rftg train-ai`: 2 for a usage error (no solo opponent in the games asked, `only`
    naming no feature or with no model to keep). A ruleset with a trainer of its own
    (`Ruleset.train_ai`) fits its judgement its own way."""
    import sys

    from rftg_cli.commands.simulate import game_configs
    from rftg_cli.errors import UsageError
    from rftg_cli.plugins import ConfigError, default_registry, new_game, ruleset_of
    from .heuristic import rivals
    from .value import solo

    try:
        if games < 1 or workers < 1:
            raise UsageError("--games and --workers must be at least 1")
        registry = default_registry()
        configs = game_configs(expansions, extra_args, None, registry)
        trainer = ruleset_of(configs[0], registry).part("train_ai")
        if trainer is not None:
            if only:
                raise UsageError("--only is for the card game's judgement")
            if level is not None:
                raise UsageError("this game's judgement learns from the games of its quick "
                                 "play: drop --ai-level")
        else:
            searching = LEVELS[1:]      # the levels that judge with the model they refit
            level = level or searching[0]
            if level not in searching:
                raise UsageError("--ai-level must be " + " or ".join(searching))
            first = new_game(configs[0], seed, registry=registry, record=False)
            if not solo(first):
                raise UsageError("it learns to play one seat against an automated opponent: "
                                 "give the flag of the expansion that brings one")
            kind = rivals(first)[0].kind
            path = Path(out) if out else model_path(kind)
            unknown = [word for word in only if not named((word,))]
            if unknown:
                raise UsageError(f"--only {unknown[0]}: no feature's name holds it")
            if only and not path.exists():
                raise UsageError(f"--only keeps the other weights of {path}, which does not "
                                 "exist")
    except (UsageError, ConfigError) as exc:
        print(f"rftg train-ai: {exc}", file=sys.stderr)
        return 2
    log = lambda line: print(line, flush=True)  # noqa: E731
    if trainer is not None:
        trainer(configs, games, seed, workers, out, log=log)
        return 0
    train(configs, kind, games, seed, level, workers, path, log=log, only=only)
    return 0
