"""Fitting the dice game's judgement (`judge`): `python tools/train_ai.py --roll`.

It plays games of the fast level (the searching levels' quick play, so the judgement
foresees what their play-outs would bring): the games the flags ask for (solo against the
bot; `--difficulty all` for every level of it) and as many again of 2 to 5 fast seats, in
turn. At the start of every round it records each seat's score, engine and the pace of the
game; three ridge regressions then fit the rounds left, a player's VP to come and the bot's,
and a fourth how far off the foreseen margin is, by the rounds left. Playing never needs this:
the result ships as `data/judge.toml`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import tomli_w

from rftg_cli.commands.simulate import game_seeds
from rftg_cli.expansions.roll import judge
from tools.fitting import RIDGE, misses, play_all, ridge, rms, spread_by_rounds_left

MULTI = (2, 3, 4, 5)       # the seat counts of the games added to the solo ones


def play_and_record(job: tuple) -> tuple[list, list[int], int]:
    """One game of fast seats: (at each round's start: (the pace inputs, every seat's score
    then, every seat's engine as (its model, "player" or "bot"; the bot's last)), the final
    scores, the last round)."""
    from rftg_cli.expansions.roll.ai import RollAI
    from rftg_cli.plugins import default_registry, new_game

    config, game_seed, seat_seeds = job
    game = new_game(config, game_seed, registry=default_registry(), record=False)
    seats = [(RollAI(seat_seeds[i]).choose, True) for i in range(len(game.players))]
    seen: list = []

    def record(g, decision):
        if not seen or seen[-1][3] != g.round:
            engines = [("player", judge.player_features(g, p)) for p in g.players]
            if g.bot:
                engines.append(("bot", judge.bot_features(g)))
            seen.append((judge.pace_inputs(g), judge.scores_now(g), engines, g.round))
        return seats[decision.player][0](g, decision)

    game.run([(record, True)] * len(game.players))
    return seen, judge.scores_now(game), game.round


def train(configs: list, games: int, seed: int, workers: int, out: str | None,
          log=print) -> dict:
    """Play `games` of the `configs` and as many of 2 to 5 fast seats, fit, write the model to
    `out` (default: the one the AI plays with); returns what was written."""
    solo = [replace(c, players=1) for c in configs]
    multi = [replace(configs[0], players=n) for n in MULTI]
    jobs = []
    for k, (game_seed, seats) in enumerate(game_seeds(seed, 2 * games)):
        group = solo if k % 2 == 0 else multi
        jobs.append((group[k // 2 % len(group)], game_seed, seats))
    recorded = play_all(play_and_record, jobs, workers, log)
    paces, lefts = [], []
    for seen, _, last in recorded:
        for pace, _, _, at in seen:
            paces.append(pace)
            lefts.append(float(last - at + 1))
    left_w = ridge(paces, lefts, RIDGE)
    rows: dict[str, tuple[list, list]] = {"player": ([], []), "bot": ([], [])}
    positions = []
    for seen, finals, _ in recorded:
        for pace, nows, engines, _ in seen:
            left = max(0.0, judge.dot(left_w, pace))
            for (kind, engine), now, final in zip(engines, nows, finals):
                rows[kind][0].append(judge.inputs(left, engine))
                rows[kind][1].append(float(final - now))
            positions.append((left, nows, engines, finals))
    fitted = {kind: ridge(*xy, RIDGE) for kind, xy in rows.items()}
    rmse = {kind: rms(misses(fitted[kind], *xy)) for kind, xy in rows.items()}
    # How far off the first seat's foreseen margin is, by the rounds left.
    lefts, off = [], []
    for left, nows, engines, finals in positions:
        foreseen = [now + judge.dot(fitted[kind], judge.inputs(left, engine))
                    for (kind, engine), now in zip(engines, nows)]
        lefts.append(left)
        off.append((finals[0] - max(finals[1:])) - (foreseen[0] - max(foreseen[1:])))
    model = {"games": games, "seed": seed, "positions": len(positions),
             "settings": [", ".join(v for _, v in c.options) for c in configs],
             "rmse": rmse, "left": left_w, "player": fitted["player"], "bot": fitted["bot"],
             "spread": spread_by_rounds_left(lefts, off)}
    path = Path(out) if out else judge.MODEL
    path.write_text(tomli_w.dumps(model), encoding="utf-8")
    log(f"fitted {len(positions)} positions of {2 * games} games (VP to come off by "
        f"{rmse['player']:.1f} for a player, {rmse['bot']:.1f} for the bot), written to {path}")
    return model

