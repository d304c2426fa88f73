"""Where our AI loses to Keldon's: arena games with per-side counters (a bench, not the AI).

    python bench/research/arena_stats.py --keldon /work/kbuild/bridge --games 100 --level fast
    python bench/research/arena_stats.py --keldon PATH --games 100 --level normal \
        --set normal.play_work=7 --patch policy.CONSUME_WEIGHT=1.6 --out b.json

Plays 2-player base games as `bench/arena/run.py` does (our seat alternating, seed by seed)
and counts, for our seat and Keldon's: the action cards chosen, VP chips, goods on worlds at
each round's start, the final tableau's make-up (production and windfall worlds, consume
powers, 6-cost developments, military worlds), score by source, rounds. `--patch
MODULE.NAME=VALUE` sets a constant of a module of `rftg_cli.race.ai` for the experiment;
`--set LEVEL.FIELD=VALUE` a field of a search level. `--out FILE` writes every game's
result (seed, margin, win) as JSON, for `--paired FILE` to compare another run with, game
by game.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "arena"))

import lockstep  # noqa: E402
from report import standard_error  # noqa: E402


def _value(text: str):
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def apply_changes(patches: list[str], sets: list[str]) -> None:
    for item in patches:
        name, value = item.split("=", 1)
        key = None
        if name.endswith("]"):                  # MODULE.DICT[KEY]=VALUE
            name, key = name[:-1].split("[")
        module, attr = name.rsplit(".", 1)
        mod = importlib.import_module(f"rftg_cli.race.ai.{module}")
        assert hasattr(mod, attr), name
        if key is None:
            setattr(mod, attr, _value(value))
        else:
            assert key in getattr(mod, attr), item
            getattr(mod, attr)[key] = _value(value)
    from rftg_cli.race.ai import search
    for item in sets:
        name, value = item.split("=", 1)
        level, field = name.split(".", 1)
        search.LEVELS[level] = dataclasses.replace(search.LEVELS[level], **{field: _value(value)})


def side_stats(game, seat: int) -> dict:
    from rftg_cli.race.engine.scoring import score
    p, design = game.players[seat], game.design
    cards = [design[c] for c in p.tableau]
    consume = sum(1 for c in cards for pw in c.powers
                  if pw.phase == "consume" and pw.kind == "consume" and pw.consume != "hand")
    b = game.outcome().results[seat].breakdown
    return {
        "actions": Counter(a for r in p.shown for a in r),
        "chips": p.vp, "score": score(game, seat).total,
        "cards_vp": b["cards"], "six": sum(b["bonuses"].values()),
        "tableau": len(p.tableau),
        "prod": sum(1 for c in cards if c.is_world and c.good and not c.windfall),
        "windfall": sum(1 for c in cards if c.is_world and c.good and c.windfall),
        "military_worlds": sum(1 for c in cards if c.is_world and c.military),
        "devs": sum(1 for c in cards if c.is_development),
        "six_devs": sum(1 for c in cards if c.vp_rules),
        "consume_powers": consume, "hand": len(p.hand),
    }


class Counted(lockstep.Arena):
    """An arena game that counts each seat's goods on worlds at each round's start."""

    def _settle_goods(self) -> None:
        super()._settle_goods()
        if not hasattr(self, "goods"):
            self.goods, self.last = {0: [], 1: []}, 0
        if self.game.round != self.last:
            self.last = self.game.round
            for s in (0, 1):
                self.goods[s].append(len(self.game.players[s].goods))


def play(bridge: str, games: int, first: int, level: str) -> list[dict]:
    out = []
    for n in range(games):
        seed, ours = first + n, (n + 1) % 2
        arena = None
        try:
            arena = Counted(bridge, seed, ours, level, 0, players=2)
            result = arena.play()
            game = arena.game
            rec = {"seed": seed, "margin": result["margin"], "win": result["win"],
                   "rounds": game.round, "ours": side_stats(game, ours),
                   "keldon": side_stats(game, 1 - ours),
                   "goods_ours": statistics.fmean(arena.goods[ours] or [0]),
                   "goods_keldon": statistics.fmean(arena.goods[1 - ours] or [0])}
            out.append(rec)
        except Exception as exc:  # noqa: BLE001 - one game's stop
            print(f"seed {seed}: stopped: {exc}", file=sys.stderr)
        finally:
            if arena is not None:
                arena.bridge.close()
                lockstep._ARENAS.pop(id(arena.game), None)
        if (n + 1) % 50 == 0:
            print(f"  {n + 1} games", file=sys.stderr, flush=True)
    return out


def summary(games: list[dict]) -> str:
    n = len(games)
    margins = [g["margin"] for g in games]
    lines = [f"{n} games: wins {sum(g['win'] for g in games):g} ({sum(g['win'] for g in games) / n:.1%}),"
             f" margin {statistics.fmean(margins):+.2f} ± {standard_error(margins):.2f},"
             f" rounds {statistics.fmean(g['rounds'] for g in games):.2f}"]
    keys = ["score", "chips", "cards_vp", "six", "tableau", "prod", "windfall",
            "military_worlds", "devs", "six_devs", "consume_powers", "hand"]
    lines.append(f"{'':16}{'ours':>8}{'keldon':>8}")
    for k in keys:
        lines.append(f"{k:16}{statistics.fmean(g['ours'][k] for g in games):8.2f}"
                     f"{statistics.fmean(g['keldon'][k] for g in games):8.2f}")
    lines.append(f"{'goods/round':16}{statistics.fmean(g['goods_ours'] for g in games):8.2f}"
                 f"{statistics.fmean(g['goods_keldon'] for g in games):8.2f}")
    acts = sorted({a for g in games for s in ("ours", "keldon") for a in g[s]["actions"]})
    lines.append("action cards per game:")
    for a in acts:
        lines.append(f"  {a:14}{sum(g['ours']['actions'].get(a, 0) for g in games) / n:8.2f}"
                     f"{sum(g['keldon']['actions'].get(a, 0) for g in games) / n:8.2f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keldon", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="fast")
    parser.add_argument("--patch", action="append", default=[], metavar="MODULE.NAME=VALUE")
    parser.add_argument("--set", action="append", default=[], metavar="LEVEL.FIELD=VALUE")
    parser.add_argument("--out")
    parser.add_argument("--paired", help="a JSON file of another run (--out) to compare with")
    args = parser.parse_args()
    apply_changes(args.patch, args.set)
    games = play(args.keldon, args.games, args.seed, args.level)
    print(f"level {args.level} patch {args.patch} set {args.set}")
    print(summary(games))
    if args.out:
        Path(args.out).write_text(json.dumps(games), encoding="utf-8")
    if args.paired:
        base = {g["seed"]: g for g in json.loads(Path(args.paired).read_text())}
        both = [(base[g["seed"]], g) for g in games if g["seed"] in base]
        d = [b["margin"] - a["margin"] for a, b in both]
        w = [b["win"] - a["win"] for a, b in both]
        print(f"paired with {args.paired} over {len(d)} games: margin "
              f"{statistics.fmean(d):+.2f} ± {standard_error(d):.2f}, win "
              f"{statistics.fmean(w):+.1%} ± {standard_error(w):.1%}")


if __name__ == "__main__":
    main()
