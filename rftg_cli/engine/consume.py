"""Phase IV, Consume: trade (for its selector), then consume powers until none can be used.

Rulebook: a player who chose Consume: Trade *must* trade one good first; consume powers
*must* be used while possible and to their maximum, in the order the player picks; each
power once per phase; "x2" doubles the VP of consume powers (not of discarding cards).

A consume option is `(card, power index, detail)`: `detail` is the goods (worlds) to consume,
the number named for a lucky draw, or () for discarding cards from hand (a pick follows).
`DONE` ends the player's consuming when every usable power left is optional.
"""

from __future__ import annotations

from itertools import combinations

from ..cards.model import TRADE_PRICE, Power
from .decision import Decision
from .game import Game, task

DONE = (-1, -1, ())


def good_kind(game: Game, world: int) -> str:
    return game.design[world].good


def tradeable(game: Game, player: int) -> list[int]:
    """Worlds whose good may be traded (some cards forbid trading their good)."""
    p = game.players[player]
    banned = {c for c, _, pw in game.active_powers(player, "consume") if pw.kind == "no_trade"}
    return [w for w in p.tableau if w in p.goods and w not in banned]


def trade_value(game: Game, player: int, world: int, with_bonus: bool = True) -> int:
    kind = good_kind(game, world)
    value = TRADE_PRICE.get(kind, 0)
    if not with_bonus:
        return value
    for c, _, power in game.active_powers(player, "consume"):
        if power.kind != "trade_bonus":
            continue
        if power.good == "any" or power.good == kind or (power.good == "this" and c == world):
            bonus = power.value
            if power.per:
                from .settle import per_count
                bonus += per_count(game, player, power.per)
            value += bonus
    return value


def trade(game: Game, player: int, world: int, with_bonus: bool = True) -> None:
    p = game.players[player]
    cards = trade_value(game, player, world, with_bonus)
    game.discard_pile.append(p.goods.pop(world))
    game.log(-1, f"{p.name} trades the good on {game.name(world)}.")
    game.draw_to_hand(player, cards, "trade")


def doubled(game: Game, player: int) -> bool:
    return "consume2" in game.players[player].actions


# ---------------------------------------------------------------------- options

def goods_options(game: Game, player: int, card: int, power: Power) -> list[tuple]:
    """The legal sets of goods for one use of a consume power, used to its maximum."""
    p = game.players[player]
    goods = [w for w in p.tableau if w in p.goods]
    what = power.consume
    if what == "this":
        return [(card,)] if card in p.goods and (
            not power.good or good_kind(game, card) == power.good) else []
    if what == "all":
        return [tuple(goods)] if goods else []
    if what == "three_kinds":
        return [combo for combo in combinations(goods, 3)
                if len({good_kind(game, w) for w in combo}) == 3]
    if what == "n_kinds":
        kinds: dict[str, list[int]] = {}
        for w in goods:
            kinds.setdefault(good_kind(game, w), []).append(w)
        if not kinds:
            return []
        out: list[tuple] = [()]
        for worlds in kinds.values():
            out = [o + (w,) for o in out for w in worlds]
        return out[: 64]
    matching = goods if what == "any" else [w for w in goods if good_kind(game, w) == what]
    per_use = power.goods_per_use
    uses = min(max(power.times, 1), len(matching) // per_use)
    if uses == 0:
        return []
    return list(combinations(matching, uses * per_use))


def consume_options(game: Game, player: int) -> tuple[list[tuple], bool]:
    """(options, whether the player may stop now)."""
    p = game.players[player]
    options: list[tuple] = []
    mandatory = False
    for card, idx, power in game.active_powers(player, "consume"):
        if (card, idx) in p.used:
            continue
        if power.kind == "consume":
            if power.consume == "hand":
                if p.hand:
                    options.append((card, idx, ()))
                continue
            if power.consume == "prestige":
                if p.prestige >= 1:
                    options.append((card, idx, ()))
                    mandatory = True
                continue
            found = goods_options(game, player, card, power)
            if found:
                mandatory = True
                options.extend((card, idx, g) for g in found)
        elif power.kind == "trade_action":
            # Rulebook: a power without "may" must be used; only discarding from hand is
            # optional ("Ce pouvoir est optionnel").
            found = [(card, idx, (w,)) for w in tradeable(game, player)]
            options.extend(found)
            mandatory = mandatory or bool(found)
        elif power.kind == "draw_lucky":
            options.extend((card, idx, (n,)) for n in range(1, 8))
            mandatory = True
    return options, not mandatory


# ---------------------------------------------------------------------- the phase

@task("consume_phase")
def consume_phase(game: Game, instance: int) -> None:
    game.push(*[("consume_player", p) for p in game.order])


@task("consume_player")
def consume_player(game: Game, player: int) -> None:
    p = game.players[player]
    # Powers that just give something: draw cards, VP (doubled by x2).
    for card, idx, power in game.active_powers(player, "consume"):
        if power.kind == "draw":
            game.draw_to_hand(player, power.value, game.name(card))
        elif power.kind == "vp":
            game.gain_vp(player, power.value * (2 if doubled(game, player) else 1),
                         game.name(card))
    steps = [("ask_trade", player)] if "trade" in p.actions else []
    game.push(*steps, ("ask_consume", player))


@task("ask_trade")
def ask_trade(game: Game, player: int) -> None:
    worlds = tradeable(game, player)
    if worlds:
        game.ask(Decision("trade", player, tuple(worlds), None, "Trade: choose a good to sell",
                          {"values": {w: trade_value(game, player, w) for w in worlds}}),
                 "traded", player)


@task("traded")
def traded(game: Game, answer: int, player: int) -> None:
    trade(game, player, answer)


@task("ask_consume")
def ask_consume(game: Game, player: int) -> None:
    options, may_stop = consume_options(game, player)
    if not options:
        return
    if may_stop:
        options.append(DONE)
    game.ask(Decision("consume", player, tuple(options), None,
                      "Consume: choose a power (and goods) to use"),
             "consumed", player)


@task("consumed")
def consumed(game: Game, answer: tuple, player: int) -> None:
    card, idx, detail = answer
    if card == -1:
        return
    p = game.players[player]
    p.used.add((card, idx))
    power = game.design[card].powers[idx]
    next_power = ("ask_consume", player)
    if power.consume == "hand":
        n = min(max(power.times, 1), len(p.hand))
        game.push(("ask_consume_hand", player, card, idx, n), next_power)
        return
    game.push(next_power)
    if power.kind == "trade_action":
        trade(game, player, detail[0], with_bonus="trade_no_bonus" not in power.flags)
    elif power.kind == "draw_lucky":
        lucky_draw(game, player, detail[0])
    elif power.consume == "prestige":
        p.prestige -= 1
        reward(game, player, power, 1, card)
    else:
        for w in detail:
            game.discard_pile.append(p.goods.pop(w))
        if power.consume == "all":
            uses = 1
            game.gain_vp(player, max(0, len(detail) - 1) * (2 if doubled(game, player) else 1),
                         game.name(card))
            return
        uses = len(detail) // power.goods_per_use
        if power.consume == "n_kinds":
            uses = len(detail)
        if power.consume == "three_kinds":
            uses = 1
        game.log(-1, f"{p.name} consumes {len(detail)} good(s) with {game.name(card)}.")
        reward(game, player, power, uses, card)


def reward(game: Game, player: int, power: Power, uses: int, card: int) -> None:
    factor = 2 if doubled(game, player) else 1
    game.gain_vp(player, power.vp * uses * factor, game.name(card))
    game.draw_to_hand(player, power.cards * uses, game.name(card))
    if power.prestige:
        game.players[player].prestige += power.prestige * uses


@task("ask_consume_hand")
def ask_consume_hand(game: Game, player: int, card: int, idx: int, n: int) -> None:
    hand = game.players[player].hand
    game.ask(Decision("consume_hand", player, tuple(hand), (0, n),
                      f"{game.name(card)}: discard up to {n} cards from hand"),
             "consumed_hand", player, card, idx)


@task("consumed_hand")
def consumed_hand(game: Game, answer: tuple, player: int, card: int, idx: int) -> None:
    power = game.design[card].powers[idx]
    game.discard_from_hand(player, answer)
    # Rulebook: VP for discarded cards are not doubled by x2.
    game.gain_vp(player, power.vp * len(answer), game.name(card))
    game.draw_to_hand(player, power.cards * len(answer), game.name(card))
    if power.prestige and len(answer) >= power.goods_per_use:
        game.players[player].prestige += power.prestige


def lucky_draw(game: Game, player: int, number: int) -> None:
    """Name a cost; flip the top card; keep it if its cost (or defense) matches."""
    flipped = game.draw(1)
    if not flipped:
        return
    card = flipped[0]
    name = game.players[player].name
    if game.design[card].cost == number:
        game.players[player].hand.append(card)
        game.log(-1, f"{name} names {number}, flips {game.name(card)} and keeps it.")
    else:
        game.discard_pile.append(card)
        game.log(-1, f"{name} names {number}, flips {game.name(card)} and discards it.")
