"""Training the AI's learned judgement (`ai_value`) for solo games: play games of the AI
seat against the game's automated opponent, record the seat's position at the start of every
round, label each with the margin the game still brought, and fit the weights by ridge
regression. Playing never needs this: its result ships as `data/value_<kind>.json`.

    python tools/train_ai.py FLAG [OPTIONS] --games 3000 --seed 20001 --workers 2

FLAG: the flag of the expansion that brings the opponent. The games are those the flags and
options given make (an option's value `all`: each of its choices in turn; docs/ai.md tells
how the shipped model was fitted). With `--roll` it fits the dice game's judgement instead
(`train_roll`). Each round's position is what the seat saw then
(`ai_value.inputs`); the target is the margin still to come: its final score less the
opponent's, less that margin then. They are played by the AI level asked (`normal` by
default), which judges with the model in use: a new fit learns from the play of the last.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

# Run as `python tools/train_ai.py`: the checkout holds the `tools` package.
ROOT = str(Path(__file__).resolve().parents[1])
if ROOT not in sys.path:
    sys.path.insert(1, ROOT)

from rftg_cli.commands.simulate import game_seeds  # noqa: E402
from rftg_cli.race.engine import GameConfig  # noqa: E402
from rftg_cli.race.ai.value import NAMES_ALL, inputs, model_path  # noqa: E402
from rftg_cli.race.ai.levels import LEVELS  # noqa: E402
from tools.fitting import (  # noqa: E402
    RIDGE,
    misses,
    play_all,
    ridge,
    rms,
    spread_by_rounds_left,
)


def play_and_record(job: tuple) -> list[tuple[list[float], float]]:
    """One game (`config`, its seed) of the AI seat (`level`, its seed) against the
    automated opponent: (inputs, the margin still to come) at the start of its rounds."""
    from rftg_cli.race.ai.levels import ai_seat
    from rftg_cli.plugins import default_registry, new_game

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
    The Brink of War's games a whole refit lost 2.7 VP a game to this, docs/ai.md)."""
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


def own_trainer(ruleset: str):
    """The trainer of a ruleset that fits its judgement its own way (the dice game), or None."""
    if ruleset == "roll":
        from tools.train_roll import train

        return train
    return None


def run(games: int, seed: int, level: str | None, workers: int, out: str | None,
        expansions: list[str], extra_args: list[str], only: tuple[str, ...] = ()) -> int:
    """Check what is asked, then train: 2 for a usage error (no solo opponent in the games
    asked, `only` naming no feature or with no model to keep)."""
    from rftg_cli.commands.simulate import UsageError, game_configs
    from rftg_cli.race.ai.heuristic import rivals
    from rftg_cli.race.ai.value import solo
    from rftg_cli.plugins import ConfigError, default_registry, new_game, ruleset_of

    try:
        if games < 1 or workers < 1:
            raise UsageError("--games and --workers must be at least 1")
        registry = default_registry()
        configs = game_configs(expansions, extra_args, None, registry)
        trainer = own_trainer(ruleset_of(configs[0], registry).name)
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
        print(f"train_ai.py: {exc}", file=sys.stderr)
        return 2
    log = lambda line: print(line, flush=True)  # noqa: E731
    if trainer is not None:
        trainer(configs, games, seed, workers, out, log=log)
        return 0
    train(configs, kind, games, seed, level, workers, path, log=log, only=only)
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line: the options below, and any expansion flags and options as
    `rftg simulate` reads them (`--robot --difficulty all`, `--roll`, `--bow`...)."""
    parser = argparse.ArgumentParser(
        prog="python tools/train_ai.py", allow_abbrev=False,
        description="Fit the AI's judgement of a position in solo games (one seat against an "
                    "expansion's automated opponent) on games it plays. The model ships with "
                    "rftg: playing never needs this.",
        epilog="Expansion flags and options (see `rftg expansions`) are accepted too, e.g. "
               "--robot --difficulty all, --roll, --bow.")
    parser.add_argument("--games", "-n", type=int, default=3000,
                        help="how many games to learn from (default 3000)")
    parser.add_argument("--seed", type=int, default=20001,
                        help="seed of the games: same seed, same fit (default 20001)")
    parser.add_argument("--expansion", "-e", action="append", default=[], metavar="NAME",
                        help="enable an expansion (repeatable)")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                        help="an expansion's option (repeatable); the value all plays each "
                             "of its choices in turn")
    parser.add_argument("--ai-level", metavar="LEVEL",
                        help="the AI level that plays them: normal (the default) or strong; "
                             "the dice game learns from its fast level's games")
    parser.add_argument("--workers", "-j", type=int, default=1,
                        help="processes playing at once (default 1)")
    parser.add_argument("--out", metavar="FILE",
                        help="where to write the model (default: the one the AI plays with)")
    parser.add_argument("--only", action="append", default=[], metavar="WORD",
                        help="refit only the weights of the features whose name holds WORD "
                             "(repeatable: prestige, once_per_game); the model written keeps "
                             "its other weights")
    args, extra = parser.parse_known_args(argv)
    options = [arg for value in args.option for arg in ("--option", value)]
    return run(args.games, args.seed, args.ai_level, args.workers, args.out, args.expansion,
               options + extra, tuple(args.only))


if __name__ == "__main__":
    raise SystemExit(main())
