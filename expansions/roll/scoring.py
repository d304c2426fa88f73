"""Scoring (rulebook, "Victoire"): the printed cost of every tableau tile, the VP chips, and
the end-game bonus of every 6-cost development; ties go to the most dice in the cup plus
credits, and are shared beyond that."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING

from rftg_cli.ruleset import Outcome, SeatResult

from .data import Side

if TYPE_CHECKING:
    from .state import Player, RollGame



@dataclass(frozen=True)
class Holdings:
    """What a bonus looks at, for a player or the bot."""

    developments: list[Side]
    worlds: list[Side]
    dice: list[str]           # dice owned: cup, citizenry, construction zone, goods
    vp: int
    goods: int


def _ceil_fraction(total: int, bonus: dict) -> int:
    return ceil(total * bonus["numerator"] / bonus["denominator"])


def _triangular(chips: int) -> int:
    """Galactic Renaissance: 1, 2, 3, 4 ... VP for 1, 3, 6, 10 ... chips."""
    n = 0
    while (n + 1) * (n + 2) // 2 <= chips:
        n += 1
    return n


BONUSES: dict[str, Callable[[Holdings, dict], int]] = {
    "per_owned_red_dice": lambda h, b: b["vp"] * ceil(h.dice.count("red") / b["per"]),
    "distinct_die_colours": lambda h, b: b["vp"] * len(set(h.dice)),
    "fraction_of_dev_cost": lambda h, b: _ceil_fraction(sum(d.cost for d in h.developments), b),
    "per_development": lambda h, b: b["vp"] * len(h.developments),
    "fraction_of_world_cost": lambda h, b: _ceil_fraction(
        sum(w.cost for w in h.worlds if w.color == b["world_color"]), b),
    "per_world_of_color": lambda h, b: b["vp"] * sum(
        1 for w in h.worlds if w.color == b["world_color"]),
    "triangular_on_vp_chips": lambda h, b: _triangular(h.vp),
    "per_development_without_reassign": lambda h, b: b["vp"] * sum(
        1 for d in h.developments if not d.reassign),
    "per_good": lambda h, b: b["vp"] * h.goods,
    "fraction_of_reassign_dev_cost": lambda h, b: _ceil_fraction(
        sum(d.cost for d in h.developments if d.reassign), b),
}


def player_holdings(game: RollGame, p: Player) -> Holdings:
    owned = p.cup + p.citizenry + p.dictate
    for dice in p.building.values():
        owned += dice
    for goods in p.goods.values():
        owned += goods
    for col in p.columns.values():
        owned += [c for c, _ in col]
    return Holdings(game.developments(p), game.worlds(p), owned, p.vp,
                    sum(len(g) for g in p.goods.values()))


def bonus_breakdown(h: Holdings) -> dict[str, int]:
    return {d.name: BONUSES[d.bonus["kind"]](h, d.bonus) for d in h.developments if d.bonus}


def breakdown(h: Holdings, bonuses: bool = True) -> dict[str, int]:
    tiles = sum(s.cost for s in h.developments + h.worlds)
    bonus = sum(bonus_breakdown(h).values()) if bonuses else 0
    return {"tiles": tiles, "chips": h.vp, "bonuses": bonus, "total": tiles + h.vp + bonus}


def bot_holdings(game: RollGame) -> Holdings:
    bot = game.bot
    return Holdings(bot.developments(game), bot.worlds(game), [], bot.vp, len(bot.goods))


def outcome(game: RollGame, seats: list[str] | None = None) -> Outcome:
    results = []
    for i, p in enumerate(game.players):
        parts = breakdown(player_holdings(game, p))
        tie = (len(p.cup) + p.credits,)
        kind = seats[i] if seats and i < len(seats) else "player"
        details = {"tableau": list(p.tableau), "vp_chips": p.vp, "credits": p.credits,
                   "tiles": game.tile_count(p), "cup": len(p.cup)}
        results.append(SeatResult(p.name, kind, parts["total"], i, parts, tie, details))
    if game.bot:
        from .bot import level
        parts = breakdown(bot_holdings(game), bonuses=level(game)["bonuses"])
        details = {"tableau": list(game.bot.tableau), "vp_chips": game.bot.vp,
                   "credits": game.bot.credits, "tiles": game.bot.tile_count()}
        results.append(SeatResult(game.bot.name, "robot", parts["total"], None, parts,
                                  (game.bot.credits,), details))
    winners: tuple[str, ...] = ()
    if game.over:
        winners = _winners(game, results)
    return Outcome(tuple(results), winners, game.over, game.end_reason)


def _winners(game: RollGame, results: list[SeatResult]) -> tuple[str, ...]:
    best = max(r.score for r in results)
    top = [r for r in results if r.score == best]
    if len(top) > 1 and game.bot and any(r.seat is None for r in top):
        from .bot import bot_rules
        tie = bot_rules().raw["tie"]
        if tie == "bot":
            return tuple(r.name for r in top if r.seat is None)
        if tie == "human":
            return tuple(r.name for r in top if r.seat is not None)
        return tuple(r.name for r in top)
    best_tie = max(r.tie_break for r in top)
    return tuple(r.name for r in top if r.tie_break == best_tie)


def final_log(game: RollGame) -> None:
    out = outcome(game)
    game.log(-1, f"The game ends: {game.end_reason}.")
    for r in out.results:
        game.log(-1, f"{r.name}: {r.score} VP ({r.breakdown['tiles']} in tiles, "
                     f"{r.breakdown['chips']} in chips, {r.breakdown['bonuses']} in bonuses).")
