"""The arena's report: one row per setting, where the margin comes from, each discrepancy
and stop with its seed."""

from __future__ import annotations

import math
import statistics


def score_parts(result) -> dict[str, int]:
    """Where a seat's score comes from, by our engine's breakdown: VP chips (Consume),
    the cards' own VP, 6-cost developments' bonuses, the rest (goals, prestige)."""
    b = result.breakdown
    return {"chips": b["chips"], "cards": b["cards"], "6-dev": sum(b["bonuses"].values()),
            "other": sum(b["extras"].values())}


def standard_error(values: list[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def report(rows: list[dict]) -> str:
    """The table: one row per setting (players, expansion level), then every discrepancy and
    stop found."""
    head = (f"{'players':>7} {'exp':>3} {'level':>6} {'games':>5} {'stopped':>7} "
            f"{'ours':>5} {'Keldon':>6} {'margin ± SE':>12} {'games/s':>7} {'discr.':>6}")
    lines = [head + "   (wins: ties split; seats alternated; margin: ours - Keldon, VP)"]
    notes = []
    for row in rows:
        results, played = row["results"], len(row["results"])
        wins = sum(r["win"] for r in results)
        margins = [r["margin"] for r in results]
        margin = (f"{statistics.mean(margins):+.1f} ± {standard_error(margins):.1f}"
                  if margins else "-")
        rate = f"{played / row['seconds']:.3f}" if row["seconds"] else "-"
        lines.append(f"{row['players']:>7} {row['expansion']:>3} {row['level']:>6} "
                     f"{played:>5} {len(row['stops']):>7} {wins:>5g} {played - wins:>6g} "
                     f"{margin:>12} {rate:>7} {len(row['discrepancies']):>6}")
        where = f"{row['players']} players, level {row['expansion']}"
        if results:
            parts = {k: statistics.mean(r["parts"][k] for r in results)
                     for k in results[0]["parts"]}
            notes.append(f"  {where}: where the margin comes from (mean, ours - the best of "
                         "Keldon's): " + ", ".join(f"{k} {v:+.1f}" for k, v in parts.items()))
        notes += [f"  discrepancy ({where}, seed {r.seed}): {r.message}"
                  for r in row["discrepancies"]]
        notes += [f"  stopped ({where}, seed {r.seed}): {r.message}" for r in row["stops"]]
    return "\n".join(lines + notes)

