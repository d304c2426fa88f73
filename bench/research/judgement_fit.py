"""How well the search's judgement of a position foresees the end, against the robot.

    python bench/research/judgement_fit.py --difficulty hard --games 150 --seed 5000

Plays the games `rftg simulate --robot --difficulty D --games N --seed S` deals (level
`--level`), and at each round's action choice records the parts of the AI seat's judgement
(`ai_heuristic.player_worth`, `ai_search.promising_worth`, `ai_heuristic.rival_worth`): its
engine over the rounds left, its hand (size, then the promise of its best cards), goods,
tableau, the bonus its 6-cost developments should still gain, and the robot's prospect. It
then fits, by least squares, the margin the game still brought (final margin less the
margin then) on those parts, by stage of the game, and prints each fitted weight next to the
weight the judgement gives it: a part whose fitted weight is far from its own is misjudged.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import numpy as np

# bench/setups.py (shared with the speed benchmarks) and the checkout's tools/ package.
sys.path[1:1] = [str(Path(__file__).resolve().parents[up]) for up in (1, 2)]

from robot_games import robot_configs  # noqa: E402

from rftg_cli.commands.simulate import game_seeds  # noqa: E402
from rftg_cli.race.engine.scoring import score  # noqa: E402
from rftg_cli.players import ai_heuristic as h  # noqa: E402
from rftg_cli.race.ai.policy import bonus_to_come, keep_worth  # noqa: E402
from rftg_cli.race.ai.search import BEST_KEPT, HAND_QUALITY  # noqa: E402
from rftg_cli.race.ai.levels import LEVELS, ai_seat  # noqa: E402
from rftg_cli.plugins import default_registry, new_game  # noqa: E402


# Each part and the weight the judgement gives it (the engine and hand are already in VP).
PARTS = {"engine": 1.0, "hand": 1.0, "promise": HAND_QUALITY, "goods": h.GOOD_ON_WORLD,
         "tableau": h.TABLEAU_TEMPO, "to_come": 1.0, "robot_prospect": -h.RIVAL_FUTURE}
STAGES = (("rounds 1-3", 1, 3), ("rounds 4-6", 4, 6), ("rounds 7+", 7, 99))


def parts(game, left: float) -> dict[str, float]:
    """The judgement's parts for seat 0 now, unweighted."""
    p = game.players[0]
    _, rate = h.static_values(game)
    hand = len(p.hand)
    promise = sorted((keep_worth(game, 0, c, hand, left) for c in p.hand), reverse=True)
    rival = h.rivals(game)[0]
    return {"engine": sum(rate[c] for c in p.tableau) * left,
            "hand": h.hand_worth(hand, min(1.0, left / 4.0)),
            "promise": min(1.0, left) * sum(v for v in promise[:BEST_KEPT] if v > 0),
            "goods": len(p.goods), "tableau": min(len(p.tableau), 12),
            "to_come": sum(bonus_to_come(game, 0, c, left) for c in p.tableau
                           if game.design[c].vp_rules),
            "robot_prospect": rival.prospect(game, left).vp}


def least_squares(rows: list[list[float]], target: list[float]) -> list[float]:
    """The weights minimising the squared error (numpy, from the `train` extra)."""
    return [float(w) for w in np.linalg.lstsq(np.asarray(rows), np.asarray(target),
                                              rcond=None)[0]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--level", default="normal", choices=LEVELS)
    args = parser.parse_args()
    registry = default_registry()
    config = next(iter(robot_configs(args.difficulty, registry).values()))
    samples = []            # (round, parts, margin gained from then to the end)
    for game_seed, seat_seeds in game_seeds(args.seed, args.games):
        game = new_game(config, game_seed, registry=registry, record=False)
        seat = ai_seat(seat_seeds[0], args.level)
        seen = []
        while not game.over:
            if game.pending.kind == "action":
                margin = score(game, 0).total - h.rivals(game)[0].result(game).score
                seen.append((game.round, parts(game, h.rounds_left(game)), margin))
            game.apply(seat.choose(game, game.pending))
        final = game.outcome().results
        end = final[0].score - final[1].score
        samples += [(r, x, end - m) for r, x, m in seen]
    names = list(PARTS)
    print(f"{args.games} games, {args.level} level, {args.difficulty} robot, seed {args.seed}:"
          " fitted weight (the judgement's own)")
    for stage, low, high in STAGES:
        chosen = [(x, y) for r, x, y in samples if low <= r <= high]
        if len(chosen) <= len(names) + 1:
            continue
        rows = [[x[n] for n in names] + [1.0] for x, _ in chosen]
        target = [y for _, y in chosen]
        weights = least_squares(rows, target)
        error = statistics.pstdev(t - sum(w * v for w, v in zip(weights, r))
                                  for r, t in zip(rows, target))
        print(f"  {stage} ({len(chosen)} positions, margin still to come: spread "
              f"{statistics.pstdev(target):.1f}, {error:.1f} after the fit)")
        print("    " + ", ".join(f"{n} {w:+.2f} ({PARTS[n]:+.2f})"
                                  for n, w in zip(names, weights)))


if __name__ == "__main__":
    main()
