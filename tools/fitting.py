"""What the trainers share: playing many recorded games, on several processes, and fitting
weights to them by ridge regression (numpy, from the `train` extra)."""

from __future__ import annotations

import time

try:
    import numpy as np
except ImportError:     # the trainers only: playing never needs numpy
    raise SystemExit("the trainers need numpy: python -m pip install -e '.[train]'") from None

RIDGE = 1.0        # the penalty on each standardized weight (rows are in the thousands)


def ridge(rows: list[list[float]], targets: list[float], penalty: float) -> list[float]:
    """Weights w minimising |Xw - y|^2 + penalty |w'|^2 on standardized columns (the first
    column, the constant, is not penalized), returned for the raw columns. A column that
    never varies (a feature no game of the fit used) gets the weight 0."""
    x = np.asarray(rows, dtype=float)
    y = np.asarray(targets, dtype=float)
    used = np.flatnonzero(np.ptp(x, axis=0) > 0)
    used = np.union1d([0], used)
    z = x[:, used]
    mean, sd = z.mean(axis=0), z.std(axis=0)
    mean[0], sd[0] = 0.0, 1.0
    z = (z - mean) / sd
    a = z.T @ z + penalty * np.diag([0.0] + [1.0] * (len(used) - 1))
    # lstsq, not solve: without a penalty, columns that move together leave the system
    # singular, and the least-norm solution still gives weights.
    w = np.linalg.lstsq(a, z.T @ y, rcond=None)[0]
    raw = np.zeros(x.shape[1])
    raw[used] = w / sd
    raw[0] = w[0] - float(np.sum(w[1:] * mean[1:] / sd[1:]))
    return [float(v) for v in raw]


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
