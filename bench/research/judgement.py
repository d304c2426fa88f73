"""How well the search's judgement foresees a game against the robot, round by round.

    python bench/research/judgement.py --difficulty hard --games 100 --seed 2000

The games are those `rftg simulate --robot --difficulty D --games N --seed S` deals, played
by an AI level (`--level`, default normal). At the start of each round it notes what the
judgement expects: the rounds left (`rounds_left`), the AI's own future (`promising_worth`
less its score) and the robot's (`Opponent.prospect` over those rounds); after the game,
what really came. Each row is one round, averaged over the games that reached it:
a well-judged future matches what came, and moves with it (`corr`, over the games).
"""

from __future__ import annotations

import argparse
import statistics

from robot_games import robot_configs

from rftg_cli.commands.simulate import game_seeds
from rftg_cli.config import GameConfig
from rftg_cli.race.engine.scoring import score
from rftg_cli.race.ai.heuristic import rivals, rounds_left
from rftg_cli.race.ai.search import promising_worth
from rftg_cli.race.ai.levels import ai_seat
from rftg_cli.plugins import default_registry, new_game


def round_notes(config: GameConfig, game_seed: int, seat_seed: int, level: str,
                registry) -> list[dict]:
    """One game: per round, what was expected at its start and what came by the end."""
    game = new_game(config, game_seed, registry=registry, record=False)
    seat = ai_seat(seat_seed, level)
    notes: list[dict] = []
    while not game.over:
        if game.pending.kind == "action" and (not notes or notes[-1]["round"] != game.round):
            left = rounds_left(game)
            robot = rivals(game)[0]
            mine = score(game, 0).total
            notes.append({"round": game.round, "left": left, "mine": mine,
                          "own_future": promising_worth(game, 0, left) - mine,
                          "robot": robot.result(game).score,
                          "robot_future": robot.prospect(game, left).vp})
        game.apply(seat.choose(game, game.pending))
    final = game.outcome().results
    for note in notes:
        note["rounds_came"] = game.round - note["round"] + 1
        note["own_came"] = final[0].score - note["mine"]
        note["robot_came"] = final[1].score - note["robot"]
    return notes


def corr(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation (0 when either does not vary)."""
    try:
        return statistics.correlation(xs, ys)
    except statistics.StatisticsError:
        return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()
    registry = default_registry()
    config = next(iter(robot_configs(args.difficulty, registry).values()))
    by_round: dict[int, list[dict]] = {}
    for game_seed, seat_seeds in game_seeds(args.seed, args.games):
        for note in round_notes(config, game_seed, seat_seeds[0], args.level, registry):
            by_round.setdefault(note["round"], []).append(note)
    print("round games | rounds left: judged came | own VP to come: judged came corr"
          " | robot VP to come: judged came corr")
    for rnd in sorted(by_round):
        rows = by_round[rnd]
        if len(rows) < 10:
            continue
        col = {key: [r[key] for r in rows] for key in rows[0]}
        mean = {key: statistics.fmean(values) for key, values in col.items()}
        print(f"{rnd:5} {len(rows):5} | {mean['left']:5.2f} {mean['rounds_came']:5.2f}"
              f" | {mean['own_future']:5.1f} {mean['own_came']:5.1f}"
              f" {corr(col['own_future'], col['own_came']):5.2f}"
              f" | {mean['robot_future']:5.1f} {mean['robot_came']:5.1f}"
              f" {corr(col['robot_future'], col['robot_came']):5.2f}")


if __name__ == "__main__":
    main()
