"""The AI's learned judgement against an automated opponent (a solo game's): the final margin
a position promises, as the margin now (points scored are kept) plus a weighted sum of what
should still come: the seat's features (`ai_features`) and the opponent's public standing
and prospect. The weights are fitted on whole games (`tools/train_ai.py`) and ship as
`data/value_<kind>.json`, one model per kind of opponent; playing never trains.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from rftg_cli.players.chance import chance_above_zero

from ..engine.game import Game
from ..engine.scoring import score
from .features import NAMES, features
from .heuristic import rivals, rounds_left

OPPONENT = ("opp_chips", "opp_pile", "opp_tableau", "opp_prospect", "opp_prospect_chips",
            "pool", "round", "opp_prestige")
NAMES_ALL = NAMES + OPPONENT
DATA = Path(str(files("rftg_cli.race.ai"))) / "data"


def model_path(kind: str) -> Path:
    """Where the model for an opponent of `kind` (`Opponent.kind`) is kept."""
    return DATA / f"value_{kind}.json"


def opponent_features(game: Game, result, left: float) -> list[float]:
    """The lone automated opponent's public standing (`result`), its prospect over `left`
    rounds and its prestige, and the game's pool and round, in `OPPONENT` order."""
    opponent = rivals(game)[0]
    prospect = opponent.prospect(game, left)
    held = opponent.offers.get("prestige")      # the prestige plugin's `OFFER_PRESTIGE`
    prestige = 0 if held is None else held(game)
    return [float(result.breakdown.get("chips", 0)), float(result.details.get("pile_size", 0)),
            float(result.details.get("tableau_size", 0)), prospect.vp, prospect.chips,
            float(game.pool), float(game.round), float(prestige)]


@lru_cache(maxsize=None)
def model(kind: str) -> dict | None:
    """The shipped model for an opponent of `kind` (`tools/train_ai.py`), or None without one."""
    path = model_path(kind)
    return json.loads(path.read_text()) if path.exists() else None


@lru_cache(maxsize=None)
def weights(kind: str) -> tuple[float, ...] | None:
    """The fitted weights in `NAMES_ALL` order, or None without a model."""
    found = model(kind)
    return None if found is None else tuple(found["weights"][name] for name in NAMES_ALL)


def solo(game: Game) -> bool:
    """Is the game one seat against one automated opponent with a prospect (the games the
    learned judgement is made for)?"""
    others = rivals(game)
    return len(game.players) == 1 and len(others) == 1 and others[0].prospect is not None


def applies(game: Game) -> bool:
    """Does a learned judgement judge this game (a solo game with a model for its
    opponent)?"""
    return solo(game) and weights(rivals(game)[0].kind) is not None


def inputs(game: Game, player: int) -> tuple[float, list[float]]:
    """(the margin now, what the judgement reads in `NAMES_ALL` order): the seat's features
    and the opponent's, by the rounds left as `rounds_left` foresees them."""
    left = rounds_left(game)
    result = rivals(game)[0].result(game)
    now = score(game, player).total - result.score
    return now, features(game, player, left) + opponent_features(game, result, left)


def margin(game: Game, player: int) -> float:
    """The final margin (the seat's score less the opponent's) the position promises."""
    return judge(game, player)[0]


def parts_text(parts: list[float]) -> str:
    """`judge`'s parts in words: 'the margin now -3.0; its engine +5.2; ...'."""
    return "; ".join(f"{name} {value:+.1f}" for name, value in zip(PARTS, parts))


def judge(game: Game, player: int) -> tuple[float, float, list[float]]:
    """(the final margin the position promises, the chance that margin ends above 0, that
    margin in `PARTS`): the margin foreseen is off by about `spread` VP, more with more
    rounds left."""
    kind = rivals(game)[0].kind
    fitted, found = weights(kind), model(kind)
    assert fitted is not None and found is not None   # judged only where a model `applies`
    now, x = inputs(game, player)
    parts = [0.0] * len(PARTS)
    parts[0] = now
    for w, v, part in zip(fitted, x, PART_OF):
        parts[part] += w * v
    expected = sum(parts)
    return expected, chance_above_zero(expected, found["spread"], x[LEFT]), parts


LEFT = NAMES_ALL.index("left")
# What the foreseen margin is made of, for `why`: each feature counts in one part.
PARTS = ("the margin now", "its engine", "its hand", "its goods, chips and prestige",
         "the opponent's prospect", "the pace of the game")
HAND = {"hand", "hand_over_10", "hand_worlds", "hand_devs", "hand_six", "hand_military",
        "promise", "hand_x_left", "promise_x_left", "hand_prestige"}
STOCK = {"goods", "chips", "prestige", "prestige_x_left", "once_per_game_unused"}
PACE = {"bias", "left", "left_sq", "pool", "round"}


def _part(name: str) -> int:
    if name in HAND:
        return 2
    if name in STOCK:
        return 3
    if name.startswith("opp_"):
        return 4
    if name in PACE:
        return 5
    return 1            # the tableau: its cards' traits, the bonuses to come, the cycle


PART_OF = tuple(_part(name) for name in NAMES_ALL)
