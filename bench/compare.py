"""Side by side: `bench/run.py` on an earlier commit and on this checkout, in one run.

    python bench/compare.py REF            # e.g. HEAD~5, a tag or a commit id
    python bench/compare.py REF --rounds 3 # alternate old/new 3 times, keep each one's best
    python bench/compare.py REF --this-bench   # both sides measured by this bench/run.py

The earlier commit is checked out in a temporary git worktree with its own virtualenv (the
project installs offline from the same wheels), so each side runs its own code; the runs
alternate so that a busy machine slows both alike. Nothing is left behind. `--this-bench`
measures both sides with this checkout's `bench/run.py` (the same clock and games: CPU time
where an earlier bench timed the wall clock), each importing its own engine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
# Higher is better for these; lower for the rest.
HIGHER = ("per_second", "win_rate")


def run_bench(python: str, root: Path, quick: bool, script: Path | None = None) -> dict:
    script = script or root / "bench" / "run.py"
    args = [python, str(script), "--json"] + (["--quick"] if quick else [])
    out = subprocess.run(args, cwd=root, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def best(runs: list[dict]) -> dict:
    merged: dict = {}
    for run in runs:
        for key, value in run.items():
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                merged.setdefault(key, value)
                continue
            better = max if any(h in key for h in HIGHER) else min
            merged[key] = value if key not in merged else better(merged[key], value)
    return merged


def install(root: Path) -> str:
    """A virtualenv of its own with `root` installed (offline, from the same wheels): its
    python."""
    subprocess.run([sys.executable, "-m", "venv", str(root / ".venv")], check=True)
    py = str(root / ".venv" / "bin" / "python")
    subprocess.run([py, "-m", "pip", "install", "-q", "-e", str(root)], check=True,
                   capture_output=True)
    return py


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", help="the earlier commit to compare with")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--full", action="store_true", help="full bench runs, not --quick")
    parser.add_argument("--this-bench", action="store_true",
                        help="measure the earlier commit with this checkout's bench/run.py")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old, new = Path(tmp) / "old", HERE
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(old), args.ref],
                       cwd=HERE, check=True)
        try:
            py_old, py_new = install(old), sys.executable
            olds, news = [], []
            for _ in range(args.rounds):
                olds.append(run_bench(py_old, old, not args.full,
                                      new / "bench" / "run.py" if args.this_bench else None))
                news.append(run_bench(py_new, new, not args.full))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=HERE)
    a, b = best(olds), best(news)
    print(f"{'':34} {args.ref[:12]:>12} {'this checkout':>14}")
    for key in a:
        if key in b and isinstance(a[key], (int, float)) and not isinstance(a[key], bool):
            print(f"{key:34} {a[key]:>12.2f} {b[key]:>14.2f}")


if __name__ == "__main__":
    main()
