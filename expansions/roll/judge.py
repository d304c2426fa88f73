"""The dice game's learned judgement of a position: the final score each seat (the bot too)
should reach, as its score now plus the VP still to come, a weighted sum of what it has built
toward (dice, credits, goods, tiles, the tiles on its stacks) by the rounds the game has
left, themselves foreseen from the VP pool and the tiles toward the end.

The weights are fitted by ridge regression on games the fast level plays, the quick play of
the searching levels (`tools/train_roll.py`), and ship as `data/judge.toml`: playing never
trains.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from rftg_cli.players.chance import chance_above_zero

from .scoring import outcome

if TYPE_CHECKING:
    from .state import Player, RollGame

MODEL = Path(__file__).parent / "data" / "judge.toml"

PACE = ("pool_per_seat", "tiles_to_end", "round")
PLAYER = ("dice", "coloured", "citizenry", "credits", "goods", "worlds", "developments",
          "powers", "bonus_developments", "stack_cost", "stack_need", "stacked")
BOT = ("credits", "goods", "worlds", "developments", "stack_cost", "stacked")


def pace(game: RollGame) -> list[float]:
    """What the end of the game is near by, in `PACE` order."""
    seats = len(game.players) + (1 if game.bot else 0)
    most = max(game.tile_count(p) for p in game.players)
    if game.bot:
        most = max(most, game.bot.tile_count())
    return [game.pool / seats, float(game.data.rules["end_tiles"] - most), float(game.round)]


def player_features(game: RollGame, p: Player) -> list[float]:
    """A player's engine, in `PLAYER` order."""
    dice = p.all_dice()
    developments = game.developments(p)
    cost = need = 0
    for kind in ("development", "world"):
        top = game.top(p, kind)
        if top is not None:
            cost += top.cost
            need += max(0, top.cost - len(p.building[kind]))
    return [float(len(dice)), float(sum(1 for c in dice if c != "white")),
            float(len(p.citizenry)), float(p.credits),
            float(sum(len(g) for g in p.goods.values())), float(len(game.worlds(p))),
            float(len(developments)), float(sum(1 for d in developments if d.phases)),
            float(sum(1 for d in developments if d.bonus)), float(cost), float(need),
            float(len(p.dev_stack) + len(p.world_stack))]


def bot_features(game: RollGame) -> list[float]:
    """The bot's engine, in `BOT` order."""
    bot = game.bot
    assert bot is not None
    tiles = game.data.tiles
    cost = sum(tiles[s[0]].side(kind).cost
               for kind, s in (("development", bot.dev_stack), ("world", bot.world_stack)) if s)
    return [float(bot.credits), float(len(bot.goods)), float(len(bot.worlds(game))),
            float(len(bot.developments(game))), float(cost),
            float(len(bot.dev_stack) + len(bot.world_stack))]


def scores_now(game: RollGame) -> list[int]:
    """Every seat's score if the game ended now (the bot last)."""
    return [r.score for r in outcome(game).results]


def inputs(left: float, engine: list[float]) -> list[float]:
    """What the VP to come is fitted on: a bias, the rounds left and its square, and each
    part of the engine alone and by the rounds left."""
    return [1.0, left, left * left] + engine + [v * left for v in engine]


@cache
def model() -> dict:
    """The shipped model (`tools/train_roll.py`)."""
    return tomllib.loads(MODEL.read_text(encoding="utf-8"))


def dot(weights: list[float], values: list[float]) -> float:
    return sum(w * v for w, v in zip(weights, values))


def pace_inputs(game: RollGame) -> list[float]:
    """What the rounds left are fitted on: a bias, the pace, and the nearer of the two ends
    (VP chips a seat, tiles)."""
    x = pace(game)
    return [1.0, *x, min(x[0], x[1])]


def rounds_left(game: RollGame) -> float:
    """The rounds the game should still last, this one included."""
    return max(0.0, dot(model()["left"], pace_inputs(game)))


def foresee(game: RollGame) -> tuple[list[float], float]:
    """(every seat's foreseen final score, the bot last; the rounds foreseen left)."""
    fitted = model()
    left = rounds_left(game)
    nows = scores_now(game)
    out = [now + dot(fitted["player"], inputs(left, player_features(game, p)))
           for now, p in zip(nows, game.players)]
    if game.bot:
        out.append(nows[-1] + dot(fitted["bot"], inputs(left, bot_features(game))))
    return out, left


def judge(game: RollGame, player: int, win_bonus: float) -> float:
    """The position's worth to `player`: the foreseen final margin over the best other seat,
    plus the win bonus by the chance that margin ends above 0 (the foresight is off by about
    `spread` VP, more with more rounds left)."""
    finals, left = foresee(game)
    mine = finals[player]
    margin = mine - max(v for k, v in enumerate(finals) if k != player)
    return margin + win_bonus * chance_above_zero(margin, model()["spread"], left)
