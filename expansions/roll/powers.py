"""Tile powers, by kind: each kind is declared once (`POWERS`), with where it acts, and
registered per game through its rules (`rules.RollRules.powers`); the rules modules ask the
game's registry, never a tile's name. A tile whose kind the game does not know is refused when
the game is created (`check_kinds`), so no power ever silently does nothing.

Every amount, colour and condition comes from the tile's `power` parameters (data/roll.toml).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING

from .data import RollData, Side, choices

if TYPE_CHECKING:
    from .state import Player, RollGame



@dataclass(frozen=True)
class PowerKind:
    name: str
    acts: str                            # when it acts, in English (docs and `rftg tiles`)
    end_of_phase: Callable | None = None  # (game, player, side, phase) at the end of a phase


def check_kinds(data: RollData, kinds) -> list[str]:
    """One line per development whose power kind is not among `kinds` (a game's registry)."""
    return [f"tile {s.name!r}: unknown power kind {s.kind!r}" for s in data.sides.values()
            if not s.is_world and s.kind not in kinds]


# ---------------------------------------------------------------- end-of-phase gains

def _credits_end(game: RollGame, player: Player, side: Side, phase: str) -> None:
    power = side.power
    amount = power["amount"]
    bonus = power.get("bonus_if_highest_world", 0)
    if bonus and owns_highest_world(game, player):
        amount += bonus
    game.gain_credits(player, amount, side.name)


def owns_highest_world(game: RollGame, player: Player) -> bool:
    """Space Tourism: the rulebook's clarification gives the extra $1 to a player owning a
    world of the highest printed cost among all tableaus, ties included (docs/roll.md)."""
    best = 0
    for p in game.players:
        best = max([best] + [w.cost for w in game.worlds(p)])
    if game.bot:
        best = max([best] + [w.cost for w in game.bot.worlds(game)])
    mine = any(w.cost == best for w in game.worlds(player))
    if not mine or choices()["space_tourism_tie_pays"]:
        return mine
    owners = sum(any(w.cost == best for w in game.worlds(p)) for p in game.players)
    if game.bot:
        owners += any(w.cost == best for w in game.bot.worlds(game))
    return owners == 1


def _vp_end(game: RollGame, player: Player, side: Side, phase: str) -> None:
    game.gain_vp(player, side.power["amount"], side.name)


def _per_good_on_colour(game: RollGame, player: Player, side: Side, phase: str) -> None:
    colour = side.power["world_color"]
    goods = sum(len(g) for w, g in player.goods.items() if game.side(w).color == colour)
    game.gain_credits(player, goods * side.power["amount"], side.name)


def _per_good_die(game: RollGame, player: Player, side: Side, phase: str) -> None:
    # Genetics Lab counts good *dice* of the colour, on any world (rulebook clarification).
    colour = side.power["die"]
    goods = sum(g.count(colour) for g in player.goods.values())
    game.gain_credits(player, goods * side.power["amount"], side.name)


def _per_citizenry_die(game: RollGame, player: Player, side: Side, phase: str) -> None:
    count = player.citizenry.count(side.power["die"])
    game.gain_credits(player, count * side.power["amount"], side.name)


def _per_red_in_citizenry(game: RollGame, player: Player, side: Side, phase: str) -> None:
    # Space Piracy: $1 per two red dice, rounding up (rulebook FAQ, example 1).
    count = player.citizenry.count("red")
    game.gain_credits(player, ceil(count / side.power["per"]), side.name)


def _most_developments(game: RollGame, player: Player, side: Side, phase: str) -> None:
    mine = len(game.developments(player))
    others = [len(game.developments(p)) for p in game.players if p is not player]
    if game.bot:
        others.append(len(game.bot.developments(game)))
    strict = choices()["technology_unions_strict"]
    if all(mine > n if strict else mine >= n for n in others):
        game.gain_credits(player, side.power["amount"], side.name)


def _extra_tile(game: RollGame, player: Player, side: Side, phase: str) -> None:
    game.push(("research_team", game.player_index(player), side.name))


# The dice game's power kinds (`rules.build_rules` registers them per game).
POWERS = (
    PowerKind("credits_end_of_phase", "at the end of its phase", _credits_end),
    PowerKind("vp_end_of_phase", "at the end of its phase", _vp_end),
    PowerKind("credits_per_good_on_color", "at the end of its phase", _per_good_on_colour),
    PowerKind("credits_per_good_die_color", "at the end of its phase", _per_good_die),
    PowerKind("credits_per_citizenry_die", "at the end of its phase", _per_citizenry_die),
    PowerKind("credits_per_red_in_citizenry", "at the end of its phase", _per_red_in_citizenry),
    PowerKind("credits_if_most_developments", "at the end of its phases", _most_developments),
    PowerKind("extra_tile", "at the end of Explore", _extra_tile),
    # ------------------------------------------------------------ powers the phases consult
    PowerKind("reassign", "while assigning"),
    PowerKind("dictate_repeat", "while assigning"),
    PowerKind("dictate_plus", "while assigning"),
    PowerKind("temporary_workers", "in its phase"),
    PowerKind("stock_bonus", "when stocking"),
    PowerKind("scout_on_top", "when scouting"),
    PowerKind("rearrange_construction", "during Explore"),
    PowerKind("cost_reduction", "when building"),
    PowerKind("credits_on_complete", "when you complete a tile"),
    PowerKind("on_build", "when completed"),
    PowerKind("developers_to_cup", "when you complete a development"),
    PowerKind("settlers_to_cup", "when you complete a world"),
    PowerKind("extra_good_capacity", "when producing"),
    PowerKind("trade_bonus", "when trading"),
    PowerKind("trade_buy_vp", "when trading"),
    PowerKind("consume_bonus_credits", "when consuming"),
    PowerKind("consume_bonus_vp", "when consuming"),
)


def end_of_phase(game: RollGame, player: Player, phase: str) -> None:
    """Every 'at the end of the phase' gain of this player's tableau, in tableau order (a
    tile completed during the phase already counts: rulebook FAQ)."""
    for name in list(player.tableau):
        side = game.side(name)
        if phase in side.phases:
            kind = game.rules.powers[side.kind]
            if kind.end_of_phase:
                kind.end_of_phase(game, player, side, phase)


# ---------------------------------------------------------------- modifiers

def build_cost(game: RollGame, player: Player, side: Side) -> int:
    """The workers needed to complete `side` for this player. Reductions that keep a higher
    floor (Free Trade Zone: never below 2) apply first, then the others, so a gray world of
    cost 3 costs 2 with Free Trade Zone and 1 with Replicant Robots too (rulebook)."""
    cost = side.cost
    reductions = [s.power for s in game.owned(player, "cost_reduction")
                  if _reduces(s.power["target"], side, game)]
    for power in sorted(reductions, key=lambda pw: -pw["minimum"]):
        if cost > power["minimum"]:
            cost = max(power["minimum"], cost - power["amount"])
    return cost


def _reduces(target: str, side: Side, game: RollGame) -> bool:
    if target == "development":
        return not side.is_world
    if target == "reassign_development":
        return not side.is_world and side.reassign
    if target == "world":
        return side.is_world
    if target == "gray_world":
        return side.is_world and side.color == "gray"
    if target == "green_or_yellow_world":
        return side.is_world and side.color in ("green", "yellow")
    raise ValueError(f"unknown cost reduction target {target!r}")


def temporary_workers(game: RollGame, player: Player, phase: str) -> list[str]:
    out: list[str] = []
    for side in game.owned(player, "temporary_workers"):
        if phase in side.phases:
            out += side.power["dice"]
    return out


def stock_credits(game: RollGame, player: Player, colour: str) -> int:
    amount = game.data.rules["stock"]
    for side in game.owned(player, "stock_bonus"):
        if side.power["die"] == colour:
            amount += side.power["amount"]
    return amount


def good_capacity(game: RollGame, player: Player) -> int:
    return max([1] + [s.power["capacity"] for s in game.owned(player, "extra_good_capacity")])


def trade_credits(game: RollGame, player: Player, world: Side) -> int:
    amount = game.data.trade[world.color]
    for side in game.owned(player, "trade_bonus"):
        if side.power.get("world_color", world.color) == world.color:
            amount += side.power["amount"]
    return amount


def consume_vp(game: RollGame, player: Player, world: Side, good: str, shipper: str) -> int:
    """1 VP, +1 if the good die matches the world, +1 if the shipper does; a purple die
    matches every world; only colours count, never faces (rulebook, Ship)."""
    vp = game.data.rules["consume_vp"]
    for die in (good, shipper):
        matches = game.data.dice[die].matches if die in game.data.dice else "none"
        if matches == "any" or matches == world.color:
            vp += 1
    for side in game.owned(player, "consume_bonus_vp"):
        colours = side.power.get("world_colors")
        if colours is None or world.color in colours:
            vp += side.power["amount"]
    return vp


def consume_credits(game: RollGame, player: Player, world: Side) -> int:
    amount = 0
    for side in game.owned(player, "consume_bonus_credits"):
        if side.power.get("world_color", world.color) == world.color:
            amount += side.power["amount"]
    return amount


def complete_credits(game: RollGame, player: Player, built: Side, source: Side) -> int:
    """Public Works, Galactic Recycling, Terraforming Robots: never for the tile itself."""
    if source.name == built.name:
        return 0
    power = source.power
    what = power["what"]
    if what == "any" or (what == "world") == built.is_world:
        return power["amount"] + (power.get("brown_bonus", 0) if built.color == "brown" else 0)
    return 0


def mad_scientists_count(game: RollGame, player: Player, power: dict) -> int:
    """Mad Scientists: 2 reassigns with strictly the most blue worlds, 1 when tied — and a
    table with no blue world at all is not a tie for the most, it allows 1 (rulebook)."""
    def blue(worlds) -> int:
        return sum(1 for w in worlds if w.color == "blue")

    mine = blue(game.worlds(player))
    others = [blue(game.worlds(p)) for p in game.players if p is not player]
    if game.bot:
        others.append(blue(game.bot.worlds(game)))
    best = max(others, default=0)
    if mine > best:
        return power["count"]
    if mine == best:
        return 1 if mine else choices()["mad_scientists_none_count"]
    return 0
