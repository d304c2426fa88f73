"""Phase V, Produce: goods on production worlds, windfall powers, then draw powers.

Order within the phase: every player produces (production worlds, then windfall powers of
a specific kind before "any kind" ones, then the Produce bonus); draw powers are counted
after everyone has produced, because some compare players ("most rare goods produced").
"""

from __future__ import annotations

from ..cards.model import GOODS
from .decision import Decision
from .game import Game, task
from .settle import per_count

SKIP = -1


def empty_windfalls(game: Game, player: int, good: str, exclude: int = -1) -> list[int]:
    p = game.players[player]
    return [w for w in p.tableau
            if w != exclude and w not in p.goods and game.design[w].windfall
            and game.design[w].good and (good == "any" or game.design[w].good == good)]


def put_good(game: Game, player: int, world: int) -> None:
    got = game.draw(1)
    if got:
        p = game.players[player]
        p.goods[world] = got[0]
        p.produced.append(world)


@task("produce_phase")
def produce_phase(game: Game, instance: int) -> None:
    game.push(*[("produce_player", p) for p in game.order],
              *[("produce_draws", p) for p in game.order])


@task("produce_player")
def produce_player(game: Game, player: int) -> None:
    p = game.players[player]
    windfalls = []
    for card, idx, power in game.active_powers(player, "produce"):
        if power.kind == "produce" and not power.pay_with:
            if card not in p.goods and card in p.tableau:
                put_good(game, player, card)
        elif power.kind == "windfall":
            windfalls.append((card, idx, power))
    # Specific kinds first, so a flexible power is never wasted on a world a specific one needs.
    windfalls.sort(key=lambda e: e[2].good == "any")
    steps = [("ask_windfall", player, c, i) for c, i, _ in windfalls]
    if "produce" in p.actions:
        steps.append(("ask_windfall", player, -1, -1))
    game.push(*steps, ("produced_log", player))


@task("ask_windfall")
def ask_windfall(game: Game, player: int, card: int, idx: int) -> None:
    if card == -1:
        good, exclude, optional, why = "any", -1, False, "Produce bonus"
    else:
        power = game.design[card].powers[idx]
        exclude = card if "not_this" in power.flags else -1
        good, optional, why = power.good, power.pay_with == "hand", game.name(card)
    targets = empty_windfalls(game, player, good, exclude)
    if optional and not game.players[player].hand:
        targets = []
    if not targets:
        return
    options = tuple(targets) + ((SKIP,) if optional else ())
    prompt = f"{why}: choose an empty windfall world to produce on"
    if optional:
        prompt += " (discarding a card from hand), or skip"
    game.ask(Decision("windfall", player, options, None, prompt),
             "windfall_chosen", player, card, idx)


@task("windfall_chosen")
def windfall_chosen(game: Game, answer: int, player: int, card: int, idx: int) -> None:
    if answer == SKIP:
        return
    if card != -1 and game.design[card].powers[idx].pay_with == "hand":
        game.push(("ask_produce_discard", player), ("put_good", player, answer))
        return
    put_good(game, player, answer)


@task("ask_produce_discard")
def ask_produce_discard(game: Game, player: int) -> None:
    hand = game.players[player].hand
    game.ask(Decision("produce_discard", player, tuple(hand), (1, 1),
                      "Choose a card to discard"), "paid", player)


@task("put_good")
def put_good_task(game: Game, player: int, world: int) -> None:
    put_good(game, player, world)


@task("produced_log")
def produced_log(game: Game, player: int) -> None:
    p = game.players[player]
    if game.record:
        names = ", ".join(game.name(w) for w in p.produced) or "nothing"
        game.log(-1, f"{p.name} produces on {names}.")


def produced_kinds(game: Game, player: int) -> list[str]:
    return [game.design[w].good for w in game.players[player].produced]


@task("produce_draws")
def produce_draws(game: Game, player: int) -> None:
    p = game.players[player]
    kinds = produced_kinds(game, player)
    total = 0
    for card, _, power in game.active_powers(player, "produce"):
        kind, value = power.kind, power.value
        if kind == "draw":
            total += value
        elif kind == "draw_if_produced":
            total += value if card in p.produced else 0
        elif kind == "draw_per_good_produced":
            total += value * kinds.count(power.good)
        elif kind == "draw_per_kind_produced":
            total += value * len(set(kinds) & set(GOODS))
        elif kind == "draw_per_two_produced":
            total += value * (len(kinds) // 2)
        elif kind == "draw_per_world":
            total += value * sum(1 for w in p.tableau if game.design[w].is_world
                                 and game.design[w].good == power.good)
        elif kind == "draw_if_most_produced":
            mine = _count(kinds, power.good)
            others = [_count(produced_kinds(game, o), power.good)
                      for o in range(len(game.players)) if o != player]
            if mine > 0 and all(mine > n for n in others):
                total += value
        elif kind == "draw_per":
            total += value * per_count(game, player, power.per)
        elif kind == "prestige_if_produced" and card in p.produced:
            p.prestige += value
    game.draw_to_hand(player, total, "Produce powers")


def _count(kinds: list[str], good: str) -> int:
    return len(kinds) if good == "any" else kinds.count(good)
