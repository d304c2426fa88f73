"""Phase III, Settle: choose a world face down, reveal, then pay for it or conquer it.

Two decisions, both of kind "settle" (rulebook « POUVOIRS DES CARTES »: an optional power is
used when the world chosen *and revealed* needs it; "TIMING": when order matters, the phase
is resolved clockwise from the lowest start world, after the cards are revealed together):

- face down, every seat at once: which world, as `(world, "place", ())`, or `PASS`. The
  decision's info holds `ways` (world -> its options below) and `costs` (option -> cards).
- after the reveal, in turn order, once every earlier seat has placed its world: how to
  place it, as `(world, how, powers)`: `how` is "pay" (discard cards) or "conquer"
  (military), and `powers` lists the `(card, power index)` of the optional powers used: a
  one-shot card discarded from the tableau (Colony Ship, New Military Tactics) or a
  pay-for-military power (Contact Specialist). Played without asking when there is one way.
"""

from __future__ import annotations

from itertools import combinations

from ..cards.model import Card, Power
from .decision import Decision
from .game import Game, task
from .powers import PowerKind
from .round import place_card, remove_from_tableau

PASS = (-1, "pass", ())
PLACE = "place"     # the face-down choice: the world, its way decided after the reveal


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
    total = 0
    if not whole_tableau:
        total = game.players[player].military_bonus
        if game.phase == "settle":
            total += game.bonus(player, "settle", game.instance).military
    for c, _, power, fn in game.power_handlers(player, "settle", "military",
                                               whole_tableau=whole_tableau):
        total += fn(game, player, c, power, world)
    return total


def _military(game: Game, player: int, card: int, power: Power, world: Card | None) -> int:
    if power.one_shot or power.pay_with or "xeno" in power.flags:
        return 0
    if (power.good or power.against) and (world is None or not applies_to(power, world)):
        return 0
    if "if_imperium" in power.flags and per_count(game, player, "imperium") == 0:
        return 0
    return power.value * (per_count(game, player, power.per) if power.per else 1)


def _boost(game: Game, player: int, card: int, power: Power) -> int:
    return power.value if power.one_shot and not power.pay_with else 0


def _reduce(game: Game, player: int, card: int, power: Power, world: Card) -> int:
    return power.value if not power.pay_with and applies_to(power, world) else 0


def _pay_military(game: Game, player: int, card: int, power: Power, world: Card) -> int | None:
    """Alien worlds only with an Alien pay-for-military power, and only those then."""
    if (power.good == "alien") != (world.good == "alien") or not applies_to(power, world):
        return None
    return power.value


def settle_reduction(game: Game, player: int, world: Card) -> int:
    total = game.power_total(player, "settle", "reduce", world)
    if game.phase == "settle":
        total += game.bonus(player, "settle", game.instance).discount
    return total


def settle_options(game: Game, player: int) -> list[tuple]:
    """Every legal way to place each world in hand this phase."""
    p = game.players[player]
    hand_after = len(p.hand) - 1

    def unused(role: str) -> list[tuple]:
        return [(c, i, pw, fn) for c, i, pw, fn in game.power_handlers(player, "settle", role)
                if (c, i) not in p.used]

    free = unused("free")
    pay_mil = unused("pay_military")
    boosts = [(c, i, fn(game, player, c, pw)) for c, i, pw, fn in unused("boost")]
    boosts = [b for b in boosts if b[2] > 0]
    options: list[tuple] = []
    for world_card in dict.fromkeys(p.hand):
        world = game.design[world_card]
        if not world.is_world:
            continue
        frees = [(c, i) for c, i, pw, fn in free if fn(game, player, c, pw, world)]
        if not world.military:
            cost = max(0, world.cost - settle_reduction(game, player, world))
            if cost <= hand_after:
                options.append((world_card, "pay", ()))
            if cost > 0:
                options.extend((world_card, "pay", (z,)) for z in frees)
            continue
        # Conquest, with any set of one-shot boosts that reaches the defense: New Military
        # Tactics « peut » be discarded whenever the player likes, needed or not.
        strength = military_strength(game, player, world)
        for n in range(len(boosts) + 1):
            for combo in combinations(boosts, n):
                if strength + sum(b[2] for b in combo) >= world.cost:
                    options.append((world_card, "conquer", tuple((c, i) for c, i, _ in combo)))
        # Pay for military: cost = defense - the power's discount, less reductions.
        for c, i, pw, fn in pay_mil:
            discount = fn(game, player, c, pw, world)
            if discount is None:
                continue
            cost = max(0, world.cost - discount - settle_reduction(game, player, world))
            if cost <= hand_after:
                options.append((world_card, "pay", ((c, i),)))
            if cost > 0:
                options.extend((world_card, "pay", ((c, i), z)) for z in frees)
    return options


def option_cost(game: Game, player: int, option: tuple) -> int:
    world_card, how, powers = option
    if how == "conquer":
        return 0
    world = game.design[world_card]
    base = world.cost
    registry = game.rules.powers
    for c, i in powers:
        power = game.design[c].powers[i]
        if registry.handler("settle", power.kind, "free") is not None:
            return 0
        pay = registry.handler("settle", power.kind, "pay_military")
        if pay is not None:
            base -= pay(game, player, c, power, world) or 0
    return max(0, base - settle_reduction(game, player, world))


def face_down_options(game: Game, player: int) -> tuple[list[tuple], dict[int, tuple]]:
    """The face-down choices (each world that can be placed some way, then `PASS`) and, for
    each world, its ways of being placed."""
    ways: dict[int, list[tuple]] = {}
    for option in settle_options(game, player):
        ways.setdefault(option[0], []).append(option)
    choices = [(world, PLACE, ()) for world in ways] + [PASS]
    return choices, {world: tuple(w) for world, w in ways.items()}


@task("settle_phase")
def settle_phase(game: Game, instance: int) -> None:
    game.push(*[("ask_settle", p) for p in range(len(game.players))],
              ("settle_revealed",),
              *[("settle_reveal", p) for p in game.order])


@task("ask_settle")
def ask_settle(game: Game, player: int) -> None:
    choices, ways = face_down_options(game, player)
    if len(choices) == 1:   # passed without asking: say why, to this player
        held = any(game.design[c].is_world for c in game.players[player].hand)
        game.log(player, "You pass: " + ("no world you can afford or conquer." if held
                                         else "no world in hand."))
    costs = {o: option_cost(game, player, o) for w in ways.values() for o in w}
    game.ask(Decision("settle", player, tuple(choices), None, "Settle: choose a world or pass",
                      {"costs": costs, "ways": ways}),
             "placing_chosen", player)


@task("settle_revealed")
def settle_revealed(game: Game) -> None:
    """Every face-down world is shown at once, before anyone decides how to place it."""
    for p in game.players:
        if p.placing != -1 and p.placing[0] != -1:
            game.log(-1, f"{p.name} reveals {game.name(p.placing[0])}.")


@task("settle_reveal")
def settle_reveal(game: Game, player: int) -> None:
    p = game.players[player]
    choice = p.placing if p.placing != -1 else PASS
    world_card = choice[0]
    if world_card == -1:
        p.placing = -1
        game.log(-1, f"{p.name} does not settle.")
        return
    # Decided now, in turn order, having seen the earlier seats place their worlds.
    ways = tuple(o for o in settle_options(game, player) if o[0] == world_card)
    if not ways:
        # Nothing a seat decides changes another seat's ways in the base game; a plugin's
        # power might: the world then stays in hand.
        p.placing = -1
        game.log(-1, f"{p.name} cannot place {game.name(world_card)} and keeps it.")
        return
    game.ask(Decision("settle", player, ways, None,
                      f"Settle {game.name(world_card)}: choose how to place it",
                      {"costs": {o: option_cost(game, player, o) for o in ways}}),
             "settle_way", player)


@task("settle_way")
def settle_way(game: Game, answer: tuple, player: int) -> None:
    p = game.players[player]
    world_card, how, powers = answer
    cost = option_cost(game, player, answer)
    for c, i in powers:
        p.used.add((c, i))
        power = game.design[c].powers[i]
        boost = game.rules.powers.handler("settle", power.kind, "boost")
        if boost is not None:
            p.military_bonus += boost(game, player, c, power)   # until the end of the phase
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
    game.draw_to_hand(player, game.bonus(player, "settle", game.instance).draw_after,
                      "Settle bonus")
    game.power_effects(player, "settle", "placed", world_card)


def _free(game: Game, player: int, card: int, power: Power, world: Card) -> bool:
    """Colony Ship's kind: any world but an Alien one, military ones only through a
    pay-for-military power."""
    return world.good != "alien"


POWERS = (
    PowerKind("settle", "military", "+`value` military (filtered by `good`, `against`, `per`)",
              {"military": _military, "boost": _boost}),
    PowerKind("settle", "reduce", "non-military worlds (of kind `good`) cost `value` less",
              {"reduce": _reduce}),
    PowerKind("settle", "pay_military",
              "pay for a military world with cards as if non-military, `value` less",
              {"pay_military": _pay_military}),
    PowerKind("settle", "reduce_zero",
              "discard this card: place a non-military, non-Alien world for free",
              {"free": _free}),
    PowerKind("settle", "draw_after", "draw `value` cards after placing a world", {
        "placed": lambda game, player, card, power, placed:
            game.draw_to_hand(player, power.value, "after settling")}),
)
