"""Phase III, Settle: choose a world face down, reveal, then pay for it or conquer it.

A settle option is `(world, how, powers)`: `how` is "pay" (discard cards) or "conquer"
(military), and `powers` lists the `(card, power index)` of the optional powers used: a
one-shot card discarded from the tableau (Colony Ship, New Military Tactics) or a
pay-for-military power (Contact Specialist). Passing is `PASS`.
"""

from __future__ import annotations

from itertools import combinations

from ..cards.model import Card, Power
from .decision import Decision
from .game import Game, task
from .round import place_card, remove_from_tableau

PASS = (-1, "pass", ())


def applies_to(power: Power, world: Card) -> bool:
    """Does a settle power's filter (goods kind, keyword) allow this world?"""
    if power.good and power.good not in ("any", "this") and world.good != power.good:
        return False
    if power.against == "rebel" and not (world.military and world.has_keyword("rebel")):
        return False
    if power.against == "chromo" and not world.has_keyword("chromo"):
        return False
    return True


def per_count(game: Game, player: int, per: str) -> int:
    """How many of a player's tableau cards a 'per X' power counts."""
    tableau = [game.design[c] for c in game.players[player].tableau]
    if per == "military":
        return sum(1 for c in tableau if c.is_world and c.military)
    if per == "peaceful":
        return sum(1 for c in tableau if c.is_world and not c.military)
    if per == "rebel_military":
        return sum(1 for c in tableau if c.is_world and c.military and c.has_keyword("rebel"))
    if per == "two_military":
        return sum(1 for c in tableau if c.is_world and c.military) // 2
    if per == "dev_5plus":
        return sum(1 for c in tableau if c.is_development and c.cost >= 5)
    return sum(1 for c in tableau if c.has_keyword(per))


def military_strength(game: Game, player: int, world: Card | None = None, *,
                      whole_tableau: bool = False) -> int:
    """Military against `world` (or general military when None), before one-shot powers.

    Specialised military (a goods kind, Rebel worlds) counts only against matching worlds;
    with `world=None` only unconditional military counts (New Galactic Order's rule).
    `whole_tableau`: every card now in the tableau, without temporary military (scoring);
    otherwise the powers active in this phase plus this phase's temporary military.
    """
    if whole_tableau:
        total, powers = 0, game.tableau_powers(player, "settle")
    else:
        total, powers = game.players[player].military_bonus, game.active_powers(player, "settle")
    for _, _, power in powers:
        if power.kind != "military" or power.one_shot or power.pay_with:
            continue
        if "xeno" in power.flags:
            continue
        if power.good or power.against:
            if world is None or not applies_to(power, world):
                continue
        if "if_imperium" in power.flags and per_count(game, player, "imperium") == 0:
            continue
        total += power.value * (per_count(game, player, power.per) if power.per else 1)
    return total


def settle_reduction(game: Game, player: int, world: Card) -> int:
    total = 0
    for _, _, power in game.active_powers(player, "settle"):
        if power.kind == "reduce" and not power.pay_with and applies_to(power, world):
            total += power.value
    return total


def settle_options(game: Game, player: int) -> list[tuple]:
    """Every legal way to place each world in hand this phase."""
    p = game.players[player]
    hand_after = len(p.hand) - 1
    powers = [(c, i, pw) for c, i, pw in game.active_powers(player, "settle")
              if (c, i) not in p.used]
    zero = [(c, i) for c, i, pw in powers if pw.kind == "reduce_zero"]
    pay_mil = [(c, i, pw) for c, i, pw in powers if pw.kind == "pay_military"]
    boosts = [(c, i, pw.value) for c, i, pw in powers
              if pw.kind == "military" and pw.one_shot and not pw.pay_with]
    options: list[tuple] = []
    for world_card in dict.fromkeys(p.hand):
        world = game.design[world_card]
        if not world.is_world:
            continue
        alien = world.good == "alien"
        if not world.military:
            cost = max(0, world.cost - settle_reduction(game, player, world))
            if cost <= hand_after:
                options.append((world_card, "pay", ()))
            if not alien and cost > 0:
                options.extend((world_card, "pay", (z,)) for z in zero)
            continue
        # Conquest: enough military, possibly with one-shot boosts (smallest sets only).
        strength = military_strength(game, player, world)
        if strength >= world.cost:
            options.append((world_card, "conquer", ()))
        else:
            for n in range(1, len(boosts) + 1):
                found = [combo for combo in combinations(boosts, n)
                         if strength + sum(b[2] for b in combo) >= world.cost]
                for combo in found:
                    options.append((world_card, "conquer", tuple((c, i) for c, i, _ in combo)))
                if found:
                    break
        # Pay for military: cost = defense - the power's discount (`value`), less reductions.
        for c, i, pw in pay_mil:
            if pw.good == "alien" and not alien:
                continue
            if alien and pw.good != "alien":
                continue
            if not applies_to(pw, world):
                continue
            cost = max(0, world.cost - pw.value - settle_reduction(game, player, world))
            if cost <= hand_after:
                options.append((world_card, "pay", ((c, i),)))
            if zero and not alien and cost > 0:
                options.extend((world_card, "pay", ((c, i), z)) for z in zero)
    return options


def option_cost(game: Game, player: int, option: tuple) -> int:
    world_card, how, powers = option
    if how == "conquer":
        return 0
    world = game.design[world_card]
    base = world.cost
    for c, i in powers:
        power = game.design[c].powers[i]
        if power.kind == "reduce_zero":
            return 0
        if power.kind == "pay_military":
            base -= power.value
    return max(0, base - settle_reduction(game, player, world))


@task("settle_phase")
def settle_phase(game: Game, instance: int) -> None:
    game.push(*[("ask_settle", p) for p in range(len(game.players))],
              *[("settle_reveal", p) for p in game.order])


@task("ask_settle")
def ask_settle(game: Game, player: int) -> None:
    options = tuple(settle_options(game, player)) + (PASS,)
    game.ask(Decision("settle", player, options, None, "Settle: choose a world or pass",
                      {"costs": {o: option_cost(game, player, o) for o in options[:-1]}}),
             "placing_chosen", player)


@task("settle_reveal")
def settle_reveal(game: Game, player: int) -> None:
    p = game.players[player]
    choice = p.placing if p.placing != -1 else PASS
    world_card, how, powers = choice
    if world_card == -1:
        game.log(-1, f"{p.name} does not settle.")
        return
    cost = option_cost(game, player, choice)
    for c, i in powers:
        p.used.add((c, i))
        power = game.design[c].powers[i]
        if power.kind == "military":
            p.military_bonus += power.value   # lasts until the end of this Settle phase
        if power.one_shot:
            remove_from_tableau(game, player, c)
            game.log(-1, f"{p.name} discards {game.name(c)} from the tableau to use its power.")
    game.push(("ask_payment", player, world_card, cost, "settle"),
              ("settled", player, world_card, how))


@task("settled")
def settled(game: Game, player: int, world_card: int, how: str) -> None:
    p = game.players[player]
    p.hand.remove(world_card)
    place_card(game, player, world_card)
    p.placing = -1
    verb = "conquers" if how == "conquer" else "settles"
    game.log(-1, f"{p.name} {verb} {game.name(world_card)}.")
    if game.has_action(player, "settle", game.instance):
        game.draw_to_hand(player, 1, "Settle bonus")
    for _, _, power in game.active_powers(player, "settle"):
        if power.kind == "draw_after":
            game.draw_to_hand(player, power.value, "after settling")
