"""Phase II, Develop: choose a development face down, reveal, pay, place."""

from __future__ import annotations

from itertools import combinations

from rftg_cli.words import plural

from ..cards.text import for_cost
from rftg_cli.decision import Decision
from .event import PASSED
from .game import Game, task
from .powers import PowerKind
from .round import place_card, remove_from_tableau
from .goods_paid import can_pay, good_kind_paid, paid_with_good, push_payments
from .saved import ask_save

PASS = -1


def develop_cost(game: Game, player: int, card: int, powers: tuple = ()) -> int:
    """Cards to discard for this development now (cost floors at 0), with the optional
    powers in `powers` used (R&D Crash Program)."""
    return _cost(game, player, card, powers, _reductions(game, player))


def _reductions(game: Game, player: int) -> tuple[int, tuple]:
    """What lowers every development's cost now: the Develop bonus's discount and the
    active cost powers (looked up once for all the cards a step prices)."""
    return (game.bonus(player, "develop", game.instance).discount,
            tuple(game.power_handlers(player, "develop", "cost")))


def _cost(game: Game, player: int, card: int, powers: tuple,
          reductions: tuple[int, tuple]) -> int:
    discount, handlers = reductions
    cost = game.design[card].cost - discount
    for c, _, power, fn in handlers:
        cost -= fn(game, player, c, power, card)
    for c, i in powers:
        power = game.design[c].powers[i]
        cost -= game.rules.powers.handler("develop", power.kind, "discount")(  # type: ignore[misc]
            game, player, c, power, card)
    return cost if cost > 0 else 0


def optional_discounts(game: Game, player: int) -> list[tuple[int, int]]:
    """(card, power index) of the optional cost reductions the player may use this phase."""
    discounts = game.power_handlers(player, "develop", "discount") \
        if ("develop", "discount") in game.dealt else ()
    if not discounts:
        return []
    used = game.players[player].used
    return [(c, i) for c, i, _, _ in discounts if (c, i) not in used]


def develop_ways(game: Game, player: int, card: int) -> dict[tuple, int]:
    """Each affordable `(card, powers)` with its cost: without optional reductions, and with
    each set of them that lowers the cost (a reduction that saves nothing is not offered)."""
    hand_after = len(game.players[player].hand) - 1
    optional = optional_discounts(game, player)
    ways = {}
    for n in range(len(optional) + 1):
        for combo in combinations(optional, n):
            cost = develop_cost(game, player, card, combo)
            if cost > hand_after:
                continue
            if any(develop_cost(game, player, card, tuple(x for x in combo if x != pair)) == cost
                   for pair in combo):
                continue
            ways[(card, combo)] = cost
    return ways


def can_develop(game: Game, player: int, card: int) -> bool:
    return card in develop_costs(game, player, (card,))


def develop_costs(game: Game, player: int, cards=None) -> dict[int, int]:
    """Each development in hand (or of `cards`) the player can place now -> its cost with
    every optional reduction used (`develop_cost`)."""
    p = game.players[player]
    design = game.design
    optional = tuple(optional_discounts(game, player))
    # A tableau never holds two copies of one development (rulebook).
    held = {design[c].id for c in p.tableau}
    hand_after = len(p.hand) - 1
    reductions = _reductions(game, player)
    costs = {}
    for card in p.hand if cards is None else cards:
        if card in game.developments and design[card].id not in held:
            cost = _cost(game, player, card, optional, reductions)
            if cost <= hand_after:
                costs[card] = cost
    return costs


@task("develop_phase")
def develop_phase(game: Game, instance: int) -> None:
    order = game.order
    game.push_seats("develop_reveal", order)
    game.push_seats("ask_develop", range(len(game.players)))
    starts = game.with_power(order, "develop", "start")
    if starts:
        game.push_seats("develop_draw", tuple(starts))


@task("develop_draw")
def develop_draw(game: Game, player: int) -> None:
    game.power_effects(player, "develop", "start")


@task("ask_develop")
def ask_develop(game: Game, player: int) -> None:
    held = not game.developments.isdisjoint(game.players[player].hand)
    costs = develop_costs(game, player) if held else {}
    if not costs:
        pass_unasked(game, player, PASS, "no development you can afford" if held
                     else "no development in hand")
        return
    game.ask(Decision("develop", player, (*costs, PASS), None,
                      "Develop: choose a development or pass",
                      {"costs": costs}),
             "placing_chosen", player)


@task("placing_chosen")
def placing_chosen(game: Game, answer, player: int) -> None:
    """A Develop or Settle choice stays face down until everyone has chosen (rulebook)."""
    game.players[player].placing = answer


def pass_unasked(game: Game, player: int, answer, reason: str) -> None:
    """Develop or Settle passed without asking (no option built): say why, to this player
    (and, told with the reveal, `Ann does not develop: no development in hand.`)."""
    if game.record:
        game.log(player, f"You pass: {reason}.", PASSED,
                 told=not_placed(game.players[player].name, game.phase, reason))
    placing_chosen(game, answer, player)


def not_placed(name: str, phase: str, reason: str = "") -> str:
    """What every seat reads when a seat's face-down pass is revealed."""
    return f"{name} does not {phase}" + (f": {reason}." if reason else ".")


def log_not_placed(game: Game, player: int) -> None:
    if game.record:
        name = game.players[player].name
        game.log(-1, not_placed(name, game.phase), PASSED, player)


@task("develop_reveal")
def develop_reveal(game: Game, player: int) -> None:
    p = game.players[player]
    card = p.placing
    if card == PASS:
        log_not_placed(game, player)
        return
    # Optional reductions (discard R&D Crash Program) are decided once the cards are
    # revealed, as Settle's one-shot powers are; without any, the one way is taken at once.
    if not optional_discounts(game, player):
        develop_way_chosen(game, (card, ()), player)
        return
    costs = develop_ways(game, player, card)
    game.ask(Decision("develop_way", player, tuple(costs), None,
                      f"Develop {game.name(card)}: choose how to pay for it", {"costs": costs}),
             "develop_way_chosen", player)


@task("develop_way_chosen")
def develop_way_chosen(game: Game, answer: tuple, player: int) -> None:
    card, powers = answer
    cost = develop_cost(game, player, card, powers)
    p = game.players[player]
    for c, i in powers:
        p.used.add((c, i))
        if game.design[c].powers[i].one_shot:
            remove_from_tableau(game, player, c)
            game.log(-1, f"{p.name} discards {game.name(c)} from the tableau to use its power.")
    payments = push_payments(game, player, [game.design[c].powers[i] for c, i in powers],
                             f"Develop {game.name(card)}") if powers else []
    game.push(*payments, ("ask_payment", player, card, cost, "develop"),
                  ("developed", player, card))


@task("ask_payment")
def ask_payment(game: Game, player: int, card: int, cost: int, why: str) -> None:
    if not cost:            # nothing to pay, nothing to save (`paid_for`)
        return
    hand = [c for c in game.players[player].hand if c != card]   # the card stays in hand
    game.ask(Decision("pay", player, tuple(hand), (cost, cost),
                      f"Pay {cost} for {game.name(card)}: choose {plural(cost, 'card')} to "
                      "discard",
                      {"card": card, "cost": cost}),
             "paid_for", player, why)


@task("paid")
def paid(game: Game, answer: tuple, player: int) -> None:
    game.discard_from_hand(player, answer)


@task("paid_for")
def paid_for(game: Game, answer: tuple, player: int, phase: str) -> None:
    """A payment for a development or a world: a power like Galactic Scavengers' may save
    one of the cards paid under its card."""
    savers = [c for c, _, pw, fn in game.power_handlers(player, phase, "save")
              if fn(game, player, c, pw)] if answer and (phase, "save") in game.dealt else []
    if savers:
        ask_save(game, player, savers[0], answer, answer, "paid")
    else:
        game.discard_from_hand(player, answer)


@task("developed")
def developed(game: Game, player: int, card: int) -> None:
    p = game.players[player]
    p.hand.remove(card)
    place_card(game, player, card)
    p.placing = -1
    if game.record:
        game.log(-1, f"{p.name} develops {game.name(card)}.")
    for step in game.rules.place_steps:
        step(game, player, card, "develop")
    game.draw_to_hand(player, game.bonus(player, "develop", game.instance).draw_after,
                      "Develop bonus")
    game.power_effects(player, "develop", "placed", card)


def draw_then_discard(game: Game, player: int, card: int, power, *_) -> None:
    """« Piocher puis défausser » (The Brink of War): draw, then discard one card; with
    several such powers in a phase, every draw comes before the discards, one per power
    (each discard is pushed, so it waits for the other powers' draws)."""
    game.draw_to_hand(player, power.value, game.name(card))
    game.push(("ask_draw_discard", player, card))


@task("ask_draw_discard")
def ask_draw_discard(game: Game, player: int, card: int) -> None:
    hand = game.players[player].hand
    if hand:
        game.ask(Decision("draw_discard", player, tuple(hand), (1, 1),
                          f"{game.name(card)}: discard 1 card"), "paid", player)


POWERS = (
    PowerKind("develop", "reduce", "developments cost `value` less (or paid with a good)", {
        "cost": lambda game, player, card, power, target: 0 if power.pay_with else power.value,
        "discount": lambda game, player, card, power, target:
            power.value if good_kind_paid(power) and can_pay(game, player, [power]) else 0},
        acts_for={"cost": lambda power: not power.pay_with, "discount": paid_with_good},
        text=lambda power, card: for_cost(power, f"-{power.value} to develop")),
    PowerKind("develop", "discard_reduce",
              "discard this card from the tableau: the development costs `value` less",
              {"discount": lambda game, player, card, power, target: power.value},
              text="discard this card from your tableau for -{value} to develop"),
    PowerKind("develop", "save_cost", "save one card spent on a development under this card",
              {"save": lambda game, player, card, power: True},
              text="tuck 1 card spent on a development under this card"),
    PowerKind("develop", "explore",
              "draw `value` cards at the start of the phase, then discard one",
              {"start": draw_then_discard},
              text=lambda power, card: f"draw {plural(power.value, 'card')} at the start of "
                                       "the phase, then discard 1 card"),
    PowerKind("develop", "draw", "draw `value` cards at the start of the phase", {
        "start": lambda game, player, card, power:
            game.draw_to_hand(player, power.value, "Develop power")},
        text=lambda power, card: f"draw {plural(power.value, 'card')} at the start of the phase"),
    PowerKind("develop", "draw_after", "draw `value` cards after placing a development", {
        "placed": lambda game, player, card, power, placed:
            game.draw_to_hand(player, power.value, "after developing")},
        text=lambda power, card: f"draw {plural(power.value, 'card')} after developing"),
)
