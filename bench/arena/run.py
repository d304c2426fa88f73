"""Arena: our AI against Keldon Jones's RFTG AI (issue 40).

Keldon's engine referees: the bridge (bench/arena/bridge.c, ours), built against a snapshot
of Keldon's sources outside this repository, plays one game with one seat answered here and
every other seat Keldon's AI. Our engine plays the same game in lockstep: it is dealt the
referee's start worlds, goals and hands and draws the very cards the referee drew, our
seat's AI answers from our engine's position, and every seat's answers are applied to both
engines. So no state is translated by hand, and every decision is asked of both engines:
where their legal choices differ, the arena records a rules discrepancy (`--record` keeps
them, `--replay` plays one again). A decision the arena cannot map stops the game with a
clear error.

    python bench/arena/run.py --keldon PATH/TO/bridge --games 200 --players 2 --level fast

PATH is the bridge binary built against the snapshot (see docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lockstep import _ARENAS, Arena
from protocol import ProtocolError, Record, read_records
from referee import ArenaStop, CannotRun
from replay import replay
from report import report

from rftg_cli.decision import IllegalChoice
from rftg_cli.words import plural


def play_games(bridge: str, games: int, first_seed: int, level: str, players: int,
               expansion: int) -> dict:
    """Play `games` games of one setting, seeds from `first_seed`, Keldon's seat
    alternating; the setting's row of the report."""
    row = {"players": players, "expansion": expansion, "level": level, "results": [],
           "stops": [], "discrepancies": []}
    settings = {"level": level, "players": players, "expansion": expansion}
    start = time.perf_counter()
    for n in range(games):
        seed, arena = first_seed + n, None
        try:
            ours = (n + 1) % players        # our seat turns round the table
            arena = Arena(bridge, seed, ours, level, expansion, players=players)
            row["results"].append(arena.play())
        except CannotRun:
            raise                   # a usage error (`main`)
        except Exception as exc:    # noqa: BLE001 - one game's error stops that game only
            message = str(exc) if isinstance(exc, ArenaStop | ProtocolError | IllegalChoice) \
                else f"arena error {exc!r}"     # a case the mapping does not know
            row["stops"].append(arena.stop_record(message) if arena else Record(
                "stop", seed=seed, our_seat=ours, **settings, decision=0,
                round=0, message=message))
        finally:
            if arena is not None:
                row["discrepancies"] += arena.records
                arena.bridge.close()
                _ARENAS.pop(id(arena.game), None)
    row["seconds"] = time.perf_counter() - start
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Our AI against Keldon's RFTG AI.")
    parser.add_argument("--keldon", required=True,
                        help="the bridge binary built against a snapshot of Keldon's sources")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=[2], nargs="+", choices=[2, 3, 4],
                        help="one seat ours, every other Keldon's AI")
    parser.add_argument("--expansion", type=int, default=[0], nargs="+", choices=[0, 1, 2, 3],
                        help="Keldon's levels: 1 The Gathering Storm (goals), 2 and Rebel vs "
                             "Imperium (takeovers), 3 and The Brink of War (prestige, search)")
    parser.add_argument("--level", default="fast")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--record", metavar="FILE",
                        help="write every discrepancy and stop to FILE (JSON lines) for --replay")
    parser.add_argument("--replay", metavar="FILE",
                        help="replay the records of FILE (written by --record) instead of playing")
    parser.add_argument("--which", type=int, metavar="N",
                        help="with --replay: only the Nth record of the file (from 1)")
    args = parser.parse_args(argv)
    if not Path(args.keldon).is_file() or not os.access(args.keldon, os.X_OK):
        parser.error(f"no runnable bridge binary at {args.keldon}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.replay:
        try:
            records = read_records(Path(args.replay).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ProtocolError) as exc:
            parser.error(f"cannot read the records file {args.replay}: {exc}")
        if args.which is not None and not 1 <= args.which <= len(records):
            parser.error(f"--which {args.which}: {args.replay} holds "
                         f"{plural(len(records), 'record')}")
        chosen = records if args.which is None else [records[args.which - 1]]
        try:
            print("\n\n".join(replay(args.keldon, r) for r in chosen))
        except CannotRun as exc:
            parser.error(f"cannot run the bridge {args.keldon}: {exc}")
        return 0
    from rftg_cli.race.ai.levels import LEVELS
    if args.level not in LEVELS:
        parser.error(f"unknown level {args.level!r}: one of {', '.join(LEVELS)}")
    try:
        rows = [play_games(args.keldon, args.games, args.seed, args.level, players, expansion)
                for players in args.players for expansion in args.expansion]
    except CannotRun as exc:
        parser.error(f"cannot run the bridge {args.keldon}: {exc}")
    print(report(rows))
    if args.record:
        lines = [r.line() for row in rows for r in row["discrepancies"] + row["stops"]]
        try:
            Path(args.record).write_text("".join(line + "\n" for line in lines),
                                         encoding="utf-8")
        except OSError as exc:
            parser.error(f"cannot write the records file {args.record}: {exc.strerror}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
