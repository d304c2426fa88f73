"""Phase III, Settle: choose a world face down, reveal, then pay for it or conquer it.

Two decisions, both of kind "settle" (rulebook « POUVOIRS DES CARTES »: an optional power is
used when the world chosen *and revealed* needs it; "TIMING": when order matters, the phase
is resolved clockwise from the lowest start world, after the cards are revealed together):

- face down, every seat at once: which world, as `(world, "place", ())`, or `PASS`. The
  decision's info holds `ways` (world -> its options below) and `costs` (option -> cards).
- after the reveal, in turn order, once every earlier seat has placed its world: how to
  place it, as `(world, how, powers)`: `how` is "pay" (discard cards) or "conquer"
  (military), and `powers` lists the `(card, power index)` of the optional powers used: a
  one-shot card discarded from the tableau (Colony Ship, New Military Tactics, Imperium
  Cloaking Technology), a pay-for-military power (Contact Specialist), or a power that
  discards cards from hand for military (Space Mercenaries), named once per card discarded
  (a pick of those cards follows). Played without asking when there is one way.
- after a world is placed, a player with a power that places one more world (Improved
  Logistics, Rebel Sneak Attack) chooses it at once, face up: `(world, how, powers)` or pass.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ..cards.model import PHASES, Card, Power, is_kind
from rftg_cli.words import plural

from ..cards.text import article, for_cost, per_phrase, signed, target_worlds, to_cost
from .actions import NO_BONUS, Bonus
from rftg_cli.decision import Decision
from .game import Game, task
from .powers import PowerKind
from .develop import draw_then_discard, log_not_placed, pass_unasked
from .goods_paid import can_pay, good_kind_paid, paid_with_good, push_payments
from .round import place_card, remove_from_tableau

PASS = (-1, "pass", ())
PLACE = "place"     # the face-down choice: the world, its way decided after the reveal


def as_military(world: Card) -> Card:
    """A non-military world conquered as a military one (Imperium Cloaking Technology): its
    defense is its cost, and military against military worlds of its kind counts."""
    return replace(world, military=True)


def applies_to(power: Power, world: Card) -> bool:
    """Does a settle power's filter (goods kind, keyword) allow this world?"""
    if power.good and power.good not in ("any", "this") and not is_kind(world.good, power.good):
        return False
    if power.against == "rebel" and not (world.military and world.has_keyword("rebel")):
        return False
    if power.against == "chromo" and not world.has_keyword("chromo"):
        return False
    return True


def per_count(game: Game, player: int, per: str) -> int:
    """How many of a player's tableau cards a 'per X' power counts: during a phase, the
    cards in the tableau when it began (The Brink of War rulebook, « Pouvoirs »: « Cela
    inclut seulement les cartes présentes au début de cette phase »)."""
    p = game.players[player]
    cards = p.active if game.phase in PHASES else p.tableau
    tableau = [game.design[c] for c in cards]
    if per == "military":
        return sum(1 for c in tableau if c.is_world and c.military)
    if per == "peaceful":
        return sum(1 for c in tableau if c.is_world and not c.military)
    if per == "rebel_military":
        return sum(1 for c in tableau if c.is_world and c.military and c.has_keyword("rebel"))
    if per == "two_military":
        return sum(1 for c in tableau if c.is_world and c.military) // 2
    if per == "rebel":
        # Rebel Cantina: « per Rebel world », military or not (itself included).
        return sum(1 for c in tableau if c.is_world and c.has_keyword("rebel"))
    if per == "dev_5plus":
        return sum(1 for c in tableau if c.is_development and c.cost >= 5)
    return sum(1 for c in tableau if c.has_keyword(per))


def military_strength(game: Game, player: int, world: Card | None = None, *,
                      whole_tableau: bool = False, temporary: bool = True) -> int:
    """Military against `world` (or general military when None), before one-shot powers.

    Specialised military (a goods kind, Rebel worlds) counts only against matching worlds;
    with `world=None` only unconditional military counts (New Galactic Order's rule).
    `whole_tableau`: every card now in the tableau, without temporary military (scoring);
    otherwise the powers active in this phase plus, if `temporary`, this phase's temporary
    military.
    """
    if whole_tableau:
        # Every card now in the tableau acts, and its "per X" powers count every card too
        # (`per_count` counts `active`): a plugin's check at the end of a phase counts the card
        # the phase placed in each power it changes, not in some of them.
        p = game.players[player]
        began, p.active = p.active, tuple(p.tableau)
        try:
            return _add_up(game, player, game.power_handlers(
                player, "settle", "military", whole_tableau=True), 0, world)
        finally:
            p.active = began
    extra = temporary_military(game, player, settle_bonus(game, player)) if temporary else 0
    return _add_up(game, player, game.power_handlers(player, "settle", "military"), extra,
                   world)


def temporary_military(game: Game, player: int, bonus: Bonus) -> int:
    """This phase's temporary military: one-shot powers used, and the Settle `bonus`'s."""
    return game.players[player].military_bonus + bonus.military


def settle_bonus(game: Game, player: int) -> Bonus:
    """The selector's Settle bonus this player gets now (none outside the Settle phase)."""
    return game.bonus(player, "settle", game.instance) if game.phase == "settle" else NO_BONUS


def _add_up(game: Game, player: int, handlers, total: int, world: Card | None) -> int:
    """`total` plus what each of the (military or reduce) `handlers` gives against `world`."""
    for c, _, power, fn in handlers:
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


def _standing_military(power: Power) -> bool:
    """Does `_military` count this power (in some position)?"""
    return not (power.one_shot or power.pay_with or "xeno" in power.flags)


def _counter_paid(power: Power) -> bool:
    """Is the power paid with a counter (Alien Booby Trap: 1 counter for +3 military)?"""
    return power.pay_with not in ("", "hand") and not paid_with_good(power)


def _boosts(power: Power) -> bool:
    """Can `_boost` give this power's military (in some position)?"""
    return paid_with_good(power) or (power.one_shot and not power.pay_with) or \
        _counter_paid(power)


def _unpaid(power: Power) -> bool:
    return not power.pay_with


def _boost(game: Game, player: int, card: int, power: Power) -> int:
    """One-shot military (New Military Tactics), or military paid with a good (Rebel Fuel
    Refinery) or a counter (Alien Booby Trap: 1 for +3) when the player has one."""
    if good_kind_paid(power):
        return power.value if can_pay(game, player, [power]) else 0
    if _counter_paid(power) and power.pay_with in game.rules.counters:
        return power.value if game.players[player].count(power.pay_with) >= 1 else 0
    return power.value if power.one_shot and not power.pay_with else 0


def _paid_reduce(game: Game, player: int, card: int, power: Power, world: Card) -> int:
    """A reduction paid with a good (Lifeforms, Inc.), when the player has one."""
    if not good_kind_paid(power) or not applies_to(power, world):
        return 0
    return power.value if can_pay(game, player, [power]) else 0


def _reduce(game: Game, player: int, card: int, power: Power, world: Card) -> int:
    return power.value if not power.pay_with and applies_to(power, world) else 0


def _pay_military(game: Game, player: int, card: int, power: Power, world: Card) -> int | None:
    """Alien worlds only with an Alien pay-for-military power, and only those then."""
    if (power.good == "alien") != (world.good == "alien") or not applies_to(power, world):
        return None
    return power.value


def settle_reduction(game: Game, player: int, world: Card) -> int:
    return _reduction(game, player, world, game.power_handlers(player, "settle", "reduce"),
                      settle_bonus(game, player))


def _reduction(game: Game, player: int, world: Card, reduce, bonus: Bonus) -> int:
    """What the `reduce` powers and the Settle `bonus` take off a world's cost."""
    return _add_up(game, player, reduce, bonus.discount, world)


def _unused(game: Game, player: int, role: str) -> tuple | list:
    """The handlers acting in `role` of the powers not used this phase."""
    return _not_used(tuple(game.power_handlers(player, "settle", role)),
                     game.players[player].used)


def _not_used(handlers: tuple | list, used: set) -> tuple | list:
    """The `handlers` of the powers not in `used`."""
    if not used or not handlers:
        return handlers
    return [(c, i, pw, fn) for c, i, pw, fn in handlers if (c, i) not in used]


def hand_uses(p, card: int, idx: int) -> int:
    """Cards already discarded from hand this phase with one military-from-hand power."""
    return sum(1 for u in p.used if len(u) == 3 and u[:2] == (card, idx))


def hand_military(game: Game, player: int) -> list[tuple[int, int]]:
    """One `(card, power index)` per card the player may still discard from hand for +1
    military this phase (Space Mercenaries: up to 2 in the phase), in tableau order, at
    most the cards in hand besides the world being placed."""
    p = game.players[player]
    out: list[tuple[int, int]] = []
    for c, i, pw, fn in game.power_handlers(player, "settle", "hand_military"):
        out.extend([(c, i)] * max(0, fn(game, player, c, pw) - hand_uses(p, c, i)))
    return out[: max(0, len(p.hand) - 1)]


def _conquests(world_card: int, world: Card, first: tuple, strength: int,
               boosts: list[tuple[tuple[int, int], int]], from_hand: list) -> list[tuple]:
    """Ways to conquer `world` with military `strength` before one-shot powers: each set of
    one-shot boosts (New Military Tactics « peut » be discarded whenever the player likes,
    needed or not), then as few cards discarded from hand for military as still needed
    (discards left unused stay available later in the phase, so discarding more gains
    nothing). `boosts`: ((card, power index), military)."""
    if not boosts:      # conquered as it is, or not at all
        need = world.cost - strength
        if need <= 0:
            return [(world_card, "conquer", first)]
        return [(world_card, "conquer", first + tuple(from_hand[:need]))] \
            if need <= len(from_hand) else []
    out = []
    for n in range(len(boosts) + 1):
        for combo in combinations(boosts, n):
            powers, military = tuple(zip(*combo)) or ((), ())
            need = max(0, world.cost - strength - sum(military))
            if need <= len(from_hand):
                out.append((world_card, "conquer", first + powers + tuple(from_hand[:need])))
    return out


def settle_options(game: Game, player: int, *, conquer_only: bool = False) -> list[tuple]:
    """Every legal way to place each world in hand this phase (`conquer_only`: by military
    alone, Rebel Sneak Attack's extra world)."""
    return list(settle_costs(game, player, conquer_only=conquer_only))


def settle_costs(game: Game, player: int, *, conquer_only: bool = False,
                 worlds: tuple[int, ...] | None = None) -> dict[tuple, int]:
    """`settle_options` (of the worlds in hand, or only of `worlds`), each with the cards it
    costs (`option_cost`, computed once here)."""
    p = game.players[player]
    hand_after = len(p.hand) - 1
    # The phase's powers and bonus, looked up once for every world.
    lookups, used = game.lookups(player), p.used
    military = lookups.get(("settle", "military"), ())
    reduce = lookups.get(("settle", "reduce"), ())
    bonus = settle_bonus(game, player)
    temporary = temporary_military(game, player, bonus)
    free: tuple | list = lookups.get(("settle", "free"), ())
    pay_mil: tuple | list = lookups.get(("settle", "pay_military"), ())
    conquer: tuple | list = lookups.get(("settle", "conquer"), ())
    paid: tuple | list = lookups.get(("settle", "paid_reduce"), ())
    boost: tuple | list = lookups.get(("settle", "boost"), ())
    if used:        # a power used this phase is used up
        free, pay_mil, conquer, paid, boost = [
            _not_used(handlers, used) for handlers in (free, pay_mil, conquer, paid, boost)]
    boosts = []
    for c, i, pw, fn in boost:
        amount = fn(game, player, c, pw)
        if amount > 0:
            boosts.append(((c, i), amount))
    from_hand = hand_military(game, player) if ("settle", "hand_military") in lookups else []
    options: dict[tuple, int] = {}
    design, worlds_dealt = game.design, game.worlds
    for world_card in dict.fromkeys(p.hand if worlds is None else worlds):
        if world_card not in worlds_dealt:
            continue
        world = design[world_card]
        if world.military:
            strength = _add_up(game, player, military, temporary, world)
            for option in _conquests(world_card, world, (), strength, boosts, from_hand):
                options[option] = 0
        elif conquer:
            for c, i, pw, fn in conquer:
                extra = fn(game, player, c, pw, world)
                if extra is not None:
                    target = as_military(world)
                    strength = _add_up(game, player, military, temporary, target) + extra
                    options.update(dict.fromkeys(_conquests(
                        world_card, target, ((c, i),), strength, boosts, from_hand), 0))
        if conquer_only:
            continue
        frees = [(c, i) for c, i, pw, fn in free if fn(game, player, c, pw, world)] if free \
            else ()
        if not world.military:
            cost = world.cost - _reduction(game, player, world, reduce, bonus)
            cost = cost if cost > 0 else 0
            if not paid:
                if cost <= hand_after:
                    options[(world_card, "pay", ())] = cost
            else:
                for combo in _paid_reductions(game, player, world, cost, paid):
                    option = (world_card, "pay", combo)
                    paying = option_cost(game, player, option) if combo else cost
                    if paying <= hand_after:
                        options[option] = paying
            if frees:       # even at no cost: the card leaves the tableau (Doomed World's -1 VP)
                options.update(dict.fromkeys(((world_card, "pay", (z,)) for z in frees), 0))
            continue
        # Pay for military: cost = defense - the power's discount (and Rebel Pact's), less
        # reductions, those paid with a good too (Golden Age of Terraforming's): a world
        # paid for is placed as a non-military one is, every cost reduction counting, as
        # Keldon's RFTG engine has it (it offers Information Hub, defense 3, for two cards
        # with Rebel Cantina and a Genes good consumed).
        reduction = _reduction(game, player, world, reduce, bonus) if pay_mil else 0
        for c, i, pw, fn in pay_mil:
            discount = fn(game, player, c, pw, world)
            if discount is None:
                continue
            discount += game.power_total(player, "settle", "pay_discount", world)
            cost = max(0, world.cost - discount - reduction)
            for combo in _paid_reductions(game, player, world, cost, paid) if paid else [()]:
                option = (world_card, "pay", ((c, i),) + combo)
                paying = option_cost(game, player, option) if combo else cost
                if paying <= hand_after:
                    options[option] = paying
            if frees:
                options.update(dict.fromkeys(((world_card, "pay", ((c, i), z))
                                              for z in frees), 0))
    return options


def _paid_reductions(game: Game, player: int, world: Card, cost: int, paid) -> list[tuple]:
    """The sets of reductions paid with a good to use on `world`: none, and each set of
    them the player can pay for in which each lowers the cost."""
    usable = [(c, i, pw, fn(game, player, c, pw, world)) for c, i, pw, fn in paid]
    usable = [u for u in usable if u[3] > 0]
    out: list[tuple] = [()]
    for n in range(1, len(usable) + 1):
        for combo in combinations(usable, n):
            if cost - sum(u[3] for u in combo) + min(u[3] for u in combo) <= 0:
                continue          # one of them saves nothing
            if can_pay(game, player, [u[2] for u in combo]):
                out.append(tuple((c, i) for c, i, _, _ in combo))
    return out


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
            base -= (pay(game, player, c, power, world) or 0) + game.power_total(
                player, "settle", "pay_discount", world)
        paid = registry.handler("settle", power.kind, "paid_reduce")
        if paid is not None:
            base -= paid(game, player, c, power, world)
    return max(0, base - settle_reduction(game, player, world))


def face_down_options(game: Game, player: int, costs: dict[tuple, int] | None = None
                      ) -> tuple[list[tuple], dict[int, tuple]]:
    """The face-down choices (each world that can be placed some way, then `PASS`) and, for
    each world, its ways of being placed (from `costs`, `settle_costs` when given)."""
    ways: dict[int, list[tuple]] = {}
    for option in settle_costs(game, player) if costs is None else costs:
        ways.setdefault(option[0], []).append(option)
    choices = [(world, PLACE, ()) for world in ways] + [PASS]
    return choices, {world: tuple(w) for world, w in ways.items()}


@task("settle_phase")
def settle_phase(game: Game, instance: int) -> None:
    # The reveal is a line of the log: only a game that records one needs it. Only a seat
    # with a power that replaces a world is asked to (its active powers are the phase's own).
    order = game.order
    upgrades = game.with_power(order, "settle", "upgrade")
    if upgrades:
        game.push(*[step for p in order for step in (
            (("settle_reveal", p), ("ask_upgrade", p)) if p in upgrades
            else (("settle_reveal", p),))])
    else:
        game.push_seats("settle_reveal", order)
    if game.record:
        game.push(("settle_revealed",))
    game.push_seats("ask_settle", range(len(game.players)))


@task("ask_settle")
def ask_settle(game: Game, player: int) -> None:
    held = not game.worlds.isdisjoint(game.players[player].hand)
    costs = settle_costs(game, player) if held else {}
    if not costs:
        pass_unasked(game, player, PASS, "no world you can afford or conquer" if held
                     else "no world in hand")
        return
    choices, ways = face_down_options(game, player, costs)
    game.players[player].settle_ways = (costs, ways, _ways_stamp(game, player))
    game.ask(Decision("settle", player, tuple(choices), None, "Settle: choose a world or pass",
                      {"costs": costs, "ways": ways}),
             "placing_chosen", player)


@task("settle_revealed")
def settle_revealed(game: Game) -> None:
    """Every face-down world is shown at once, before anyone decides how to place it."""
    if not game.record:
        return
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
        log_not_placed(game, player)
        return
    # Decided now, in turn order, having seen the earlier seats place their worlds.
    costs = _revealed_costs(game, player, world_card)
    ways = tuple(costs)
    if not ways:
        # Nothing a seat decides changes another seat's ways in the base game; a plugin's
        # power might: the world then stays in hand.
        p.placing = -1
        game.log(-1, f"{p.name} cannot place {game.name(world_card)} and keeps it.")
        return
    game.ask(Decision("settle", player, ways, None,
                      f"Settle {game.name(world_card)}: choose how to place it",
                      {"costs": costs}),
             "settle_way", player)


def _revealed_costs(game: Game, player: int, world_card: int) -> dict[tuple, int]:
    """The ways to place the world a seat revealed, with their costs: those found when it
    chose the world face down this phase, while what they were computed from is as it was
    then (`_ways_stamp`); found again otherwise (a power took a card away meanwhile, a
    guess of the AI's, a constructed position)."""
    found = game.players[player].settle_ways
    if found is None or world_card not in found[1] or found[2] != _ways_stamp(game, player):
        return settle_costs(game, player, worlds=(world_card,))
    costs, ways, _ = found
    return {option: costs[option] for option in ways[world_card]}


def _ways_stamp(game: Game, player: int) -> tuple:
    """What a seat's Settle ways are computed from besides the cards' designs and its action
    cards: its active cards, hand size, temporary military, powers used this phase (a set
    that only grows), tableau and goods."""
    p = game.players[player]
    return (p.active, len(p.hand), p.military_bonus, len(p.used), *p.tableau, -1, *p.goods)


def commit_powers(game: Game, player: int, powers) -> int:
    """Use the optional settle powers of an answer: one-shot cards leave the tableau, boosts
    add temporary military (until the end of the phase), a power paid with a good is marked
    used; returns the cards to discard from hand for military (each named once)."""
    p = game.players[player]
    registry = game.rules.powers
    discards = 0
    for c, i in dict.fromkeys(powers):
        power = game.design[c].powers[i]
        if registry.handler("settle", power.kind, "hand_military") is not None:
            n = powers.count((c, i))
            done = hand_uses(p, c, i)
            p.used.update((c, i, done + k) for k in range(n))
            p.military_bonus += n                # until the end of the phase
            discards += n
            continue
        if power.one_shot or good_kind_paid(power) or _counter_paid(power):
            p.used.add((c, i))
        boost = registry.handler("settle", power.kind, "boost")
        if boost is not None:
            gained = boost(game, player, c, power)
            p.military_bonus += gained      # until the end of the phase
            if gained and _counter_paid(power):
                game.add_count(power.pay_with, player, -1, game.name(c))
        if power.one_shot:
            remove_from_tableau(game, player, c)
            game.log(-1, f"{p.name} discards {game.name(c)} from the tableau to use its power.")
    return discards


@task("settle_way")
def settle_way(game: Game, answer: tuple, player: int) -> None:
    world_card, how, powers = answer
    cost = option_cost(game, player, answer)
    discards = commit_powers(game, player, powers)
    # Rebel Sneak Attack's world: no Settle bonus card (BoW rules).
    bonus = not powers or not any(game.rules.powers.handler(
        "settle", game.design[c].powers[i].kind, "extra_military") for c, i in powers)
    steps = [("ask_military_discard", player, world_card, discards)] if discards else []
    if powers:
        steps += push_payments(game, player, [game.design[c].powers[i] for c, i in powers],
                               f"Settle {game.name(world_card)}")
    game.push(*steps, ("ask_payment", player, world_card, cost, "settle"),
                  ("settled", player, world_card, how, bonus, powers))


@task("ask_military_discard")
def ask_military_discard(game: Game, player: int, world_card: int, n: int) -> None:
    hand = tuple(c for c in game.players[player].hand if c != world_card)
    game.ask(Decision("military_discard", player, hand, (n, n),
                      f"Discard {plural(n, 'card')} from hand for +{n} military "
                      f"against {game.name(world_card)}"),
             "military_discarded", player)


@task("military_discarded")
def military_discarded(game: Game, answer: tuple, player: int) -> None:
    game.discard_from_hand(player, answer)
    game.log(-1, f"{game.players[player].name} discards {len(answer)} for military.")


@task("settled")
def settled(game: Game, player: int, world_card: int, how: str, bonus: bool = True,
            powers: tuple = ()) -> None:
    p = game.players[player]
    p.hand.remove(world_card)
    place_card(game, player, world_card)
    p.placing = -1
    if game.record:
        verb = "conquers" if how == "conquer" else "settles"
        game.log(-1, f"{p.name} {verb} {game.name(world_card)}.")
    for step in game.rules.place_steps:
        step(game, player, world_card, how)
    # Pushed first, so that what the placed world's powers start (a draw-then-discard) is
    # done before another world is placed; only for a seat with a power placing one more.
    if (("settle", "again") in game.dealt or ("settle", "extra_military") in game.dealt) and (
            game.power_handlers(player, "settle", "again")
            or game.power_handlers(player, "settle", "extra_military")):
        game.push(("settle_more", player))
    placement_rewards(game, player, world_card, powers, bonus)


# Marks in `PlayerState.used` that the Settle bonus card was drawn this phase: once a phase,
# however many worlds are placed or taken over (Keldon's RFTG engine, `settle_bonus`).
BONUS_DRAWN = ("settle bonus",)


def placement_rewards(game: Game, player: int, world_card: int, powers=(),
                      bonus: bool = True) -> None:
    """What placing a world earns besides the world: first what plugins give for the
    (card, index) `powers` it was placed with (`rules.placement_reward_steps`), then the
    Settle bonus card of a player who chose Settle (`bonus`; once a phase), then the powers
    acting « after placing a world ». A plugin that counts a world entering a tableau some
    other way as placed calls this too; `rules.place_steps` belong to the placing itself,
    not to this."""
    for step in game.rules.placement_reward_steps:
        step(game, player, world_card, powers)
    used = game.players[player].used
    if bonus and BONUS_DRAWN not in used:
        drawn = game.bonus(player, "settle", game.instance).draw_after
        if drawn:
            used.add(BONUS_DRAWN)
            game.draw_to_hand(player, drawn, "Settle bonus")
    game.power_effects(player, "settle", "placed", world_card)


def more_options(game: Game, player: int) -> list[tuple]:
    """The worlds a player may place after placing one: any way again with a power like
    Improved Logistics (once per phase); a military world by conquest alone, discarding a
    card like Rebel Sneak Attack (The Brink of War rules: « Ne peut pas être combiné avec les
    pouvoirs [...] payer pour assujettir », placed « après Logistique améliorée » too)."""
    options: list[tuple] = []
    if any(fn(game, player, c, pw) for c, _, pw, fn in _unused(game, player, "again")):
        options.extend(settle_options(game, player))
    for c, i, _, _ in [u for u in _unused(game, player, "extra_military")
                       if u[3](game, player, u[0], u[2])]:
        # A civil world conquered as a military one counts (« peut être utilisé avec le
        # pouvoir assujettir un monde non militaire »).
        options.extend((w, how, powers + ((c, i),)) for w, how, powers
                       in settle_options(game, player, conquer_only=True))
    return list(dict.fromkeys(options))


@task("settle_more")
def settle_more(game: Game, player: int) -> None:
    options = more_options(game, player)
    if not options:
        return
    game.ask(Decision("settle", player, tuple(options) + (PASS,), None,
                      "Settle another world (face up), or pass",
                      {"costs": {o: option_cost(game, player, o) for o in options}}),
             "settle_more_chosen", player)


@task("settle_more_chosen")
def settle_more_chosen(game: Game, answer: tuple, player: int) -> None:
    if answer[0] == -1:
        return
    registry = game.rules.powers
    extra = any(registry.handler("settle", game.design[c].powers[i].kind, "extra_military")
                for c, i in answer[2])
    if not extra:
        c, i, _, _ = _unused(game, player, "again")[0]
        game.players[player].used.add((c, i))
    game.log(-1, f"{game.players[player].name} places another world: "
                 f"{game.name(answer[0])}.")
    settle_way(game, answer, player)


# ---------------------------------------------------------------------- replacing a world

NO_UPGRADE = (-1, -1)


def upgrade_options(game: Game, player: int) -> list[tuple[int, int]]:
    """(world in hand, world replaced) for Terraforming Engineers (The Brink of War rules,
    « Remplacer un monde »): a non-military world in the tableau since the phase began («
    ne peut pas cibler un monde tout juste posé ») by a non-military world of the same kind
    (a world without goods is a kind too) costing 0 to `value` more, for free."""
    p = game.players[player]
    limit = max((fn(game, player, c, pw) for c, _, pw, fn in _unused(game, player, "upgrade")),
                default=-1)
    out: list[tuple[int, int]] = []
    if limit < 0:
        return out
    for old in p.active:
        was = game.design[old]
        if old not in p.tableau or not was.is_world or was.military:
            continue
        for new in dict.fromkeys(p.hand):
            now = game.design[new]
            if now.is_world and not now.military and _same_kind(now.good, was.good) \
                    and 0 <= now.cost - was.cost <= limit:
                out.append((new, old))
    return out


def _same_kind(good: str, other: str) -> bool:
    """Worlds of the same kind for Terraforming Engineers; a world of any kind (Alien Oort
    Cloud Refinery: « peut être changé n'importe quand par son propriétaire ») is of each
    goods kind, not a world without goods."""
    return good == other or is_kind(good, other) or is_kind(other, good)


@task("ask_upgrade")
def ask_upgrade(game: Game, player: int) -> None:
    options = upgrade_options(game, player)
    if options:
        game.ask(Decision("upgrade", player, tuple(options) + (NO_UPGRADE,), None,
                          "Replace one of your worlds by a world from your hand, or pass"),
                 "upgraded", player)


@task("upgraded")
def upgraded(game: Game, answer: tuple, player: int) -> None:
    new, old = answer
    if new == -1:
        return
    p = game.players[player]
    c, i, _, _ = _unused(game, player, "upgrade")[0]
    p.used.add((c, i))
    p.hand.remove(new)
    remove_from_tableau(game, player, old)      # its good (and saved cards) are lost
    place_card(game, player, new)               # a windfall world comes with its good
    game.log(-1, f"{p.name} replaces {game.name(old)} with {game.name(new)}.")
    for step in game.rules.place_steps:
        step(game, player, new, "replace")


def _free(game: Game, player: int, card: int, power: Power, world: Card) -> bool:
    """Colony Ship's kind: any world but an Alien one, military ones only through a
    pay-for-military power."""
    return world.good != "alien"


def _auto_produce(game: Game, player: int, card: int, power: Power, placed: int) -> None:
    """Golden Age of Terraforming: « Mettre une ressource sur un monde producteur après
    l'avoir posé »; not on a world that already has one, nor on one no longer in the
    tableau (a plugin may count a world that entered or left it another way as placed),
    nor on one that came from another player's tableau: it was not placed from hand
    (Keldon's RFTG engine, whose « after placing » powers skip only this one then)."""
    from .produce import put_good

    p = game.players[player]
    if (game.design[placed].produces and placed in p.tableau and placed not in p.goods
            and not _from_another_tableau(game, player, placed)):
        put_good(game, player, placed)


def _from_another_tableau(game: Game, player: int, world: int) -> bool:
    """Was `world` in another player's tableau when this phase began?"""
    return any(world in q.active for i, q in enumerate(game.players) if i != player)


def _conquer(game: Game, player: int, card: int, power: Power, world: Card) -> int | None:
    """Imperium Cloaking Technology's kind: a non-military world may be conquered, its
    cost as its defense, with `value` more military."""
    return None if world.military else power.value


# ---------------------------------------------------------------------- what players read

def _reduce_text(power: Power, card) -> str:
    return for_cost(power, f"-{power.value} to settle {target_worlds(power, military=False)}")


def _military_text(power: Power, card) -> str:
    amount = f"{signed(power.value)} military{per_phrase(power)}"
    if power.against or (power.good and power.good != "any"):
        amount += f" against {target_worlds(power, military=True)}"
    if power.pay_with or power.one_shot:
        return for_cost(power, amount) + " this phase"
    return amount


def _pay_military_text(power: Power, card) -> str:
    target = article(target_worlds(power, military=True).removesuffix("s"))
    text = f"may pay cards for {target} instead of conquering it"
    return f"{text}, -{power.value} to its cost" if power.value else text


def _conquer_text(power: Power, card) -> str:
    text = to_cost(power, "conquer a non-military world with military, its cost counting as "
                          "defense")
    if power.value:
        text += f", with {signed(power.value)} military"
    return text


def _military_hand_text(power: Power, card) -> str:
    if power.value > 1:
        return f"discard up to {power.value} cards from your hand for +1 military each this " \
               "phase"
    return "discard 1 card from your hand for +1 military this phase"


# The flags of settle powers these rules read, with the note each adds to a power's text.
FLAGS = {"if_imperium": "only if you have an Imperium card", "xeno": "only against Xeno worlds"}

POWERS = (
    PowerKind("settle", "military", "+`value` military (filtered by `good`, `against`, `per`)",
              {"military": _military, "boost": _boost},
              acts_for={"military": _standing_military, "boost": _boosts},
              text=_military_text),
    PowerKind("settle", "reduce", "non-military worlds (of kind `good`) cost `value` less",
              {"reduce": _reduce, "paid_reduce": _paid_reduce},
              acts_for={"reduce": _unpaid, "paid_reduce": paid_with_good},
              text=_reduce_text),
    PowerKind("settle", "pay_military",
              "pay for a military world with cards as if non-military, `value` less",
              {"pay_military": _pay_military}, text=_pay_military_text),
    PowerKind("settle", "reduce_zero",
              "discard this card: place a non-military, non-Alien world for free",
              {"free": _free}, text=lambda power, card: to_cost(
                  power, "settle a non-military, non-alien world for free")),
    PowerKind("settle", "military_hand",
              "discard up to `value` cards from hand for +1 military each this phase",
              {"hand_military": lambda game, player, card, power: power.value},
              text=_military_hand_text),
    PowerKind("settle", "pay_discount",
              "an extra `value` off when paying cards for a military world",
              {"pay_discount": lambda game, player, card, power, world: power.value},
              text="-{value} more when paying cards for a military world"),
    PowerKind("settle", "conquer_settle",
              "discard this card: conquer a non-military world with military (defense = its "
              "cost), +`value` military", {"conquer": _conquer}, text=_conquer_text),
    PowerKind("settle", "place_two", "place a second world this phase",
              {"again": lambda game, player, card, power: True},
              text="may settle a second world this phase"),
    PowerKind("settle", "place_military",
              "discard this card: conquer an extra military world after placing a world",
              {"extra_military": lambda game, player, card, power: True},
              text=lambda power, card: to_cost(
                  power, "settle an extra military world this phase")),
    PowerKind("settle", "upgrade_world",
              "replace a non-military world by one of the same kind from hand, up to "
              "`value` dearer, for free",
              {"upgrade": lambda game, player, card, power: power.value},
              text="may replace one of your non-military worlds, for free, with a "
                   "non-military world of the same kind from your hand costing 0 to {value} "
                   "more"),
    PowerKind("settle", "save_cost", "save one card spent on a world under this card",
              {"save": lambda game, player, card, power: True},
              text="tuck 1 card spent on a world under this card"),
    PowerKind("settle", "explore_after",
              "after placing a world, draw `value` cards and discard one",
              {"placed": lambda game, player, card, power, placed: draw_then_discard(
                  game, player, card, power)},
              text=lambda power, card: f"after settling a world, draw "
                                       f"{plural(power.value, 'card')} and discard 1 of them"),
    PowerKind("settle", "auto_produce", "a production world placed gets a good at once",
              {"placed": _auto_produce},
              text="a production world you settle gets a good at once"),
    PowerKind("settle", "draw_after", "draw `value` cards after placing a world", {
        "placed": lambda game, player, card, power, placed:
            game.draw_to_hand(player, power.value, "after settling")},
        text=lambda power, card: f"draw {plural(power.value, 'card')} after settling a world"),
)
