"""Phase II, Develop: choose a development face down, reveal, pay, place."""

from __future__ import annotations

from .decision import Decision
from .game import Game, task
from .powers import PowerKind
from .round import place_card

PASS = -1


def develop_cost(game: Game, player: int, card: int) -> int:
    """Cards to discard for this development now (cost floors at 0)."""
    cost = game.design[card].cost - game.bonus(player, "develop", game.instance).discount
    cost -= game.power_total(player, "develop", "cost", card)
    return max(0, cost)


def can_develop(game: Game, player: int, card: int) -> bool:
    design = game.design[card]
    p = game.players[player]
    if not design.is_development:
        return False
    # A tableau never holds two copies of one development (rulebook).
    if any(game.design[c].id == design.id for c in p.tableau):
        return False
    return develop_cost(game, player, card) <= len(p.hand) - 1


@task("develop_phase")
def develop_phase(game: Game, instance: int) -> None:
    order = game.order
    game.push(*[("develop_draw", p) for p in order],
              *[("ask_develop", p) for p in range(len(game.players))],
              *[("develop_reveal", p) for p in order])


@task("develop_draw")
def develop_draw(game: Game, player: int) -> None:
    game.power_effects(player, "develop", "start")


@task("ask_develop")
def ask_develop(game: Game, player: int) -> None:
    hand = game.players[player].hand
    options = tuple(c for c in hand if can_develop(game, player, c)) + (PASS,)
    if len(options) == 1:   # passed without asking: say why, to this player
        held = any(game.design[c].is_development for c in hand)
        game.log(player, "You pass: " + ("no development you can afford." if held
                                         else "no development in hand."))
    game.ask(Decision("develop", player, options, None, "Develop: choose a development or pass",
                      {"costs": {c: develop_cost(game, player, c) for c in options if c != PASS}}),
             "placing_chosen", player)


@task("placing_chosen")
def placing_chosen(game: Game, answer, player: int) -> None:
    """A Develop or Settle choice stays face down until everyone has chosen (rulebook)."""
    game.players[player].placing = answer


@task("develop_reveal")
def develop_reveal(game: Game, player: int) -> None:
    p = game.players[player]
    card = p.placing
    if card == PASS:
        game.log(-1, f"{p.name} does not develop.")
        return
    cost = develop_cost(game, player, card)
    game.push(("ask_payment", player, card, cost, "develop"), ("developed", player, card))


@task("ask_payment")
def ask_payment(game: Game, player: int, card: int, cost: int, why: str) -> None:
    hand = [c for c in game.players[player].hand if c != card]   # the card stays in hand
    game.ask(Decision("pay", player, tuple(hand), (cost, cost),
                      f"Pay {cost} for {game.name(card)}: choose {cost} cards to discard",
                      {"card": card, "cost": cost}),
             "paid", player)


@task("paid")
def paid(game: Game, answer: tuple, player: int) -> None:
    game.discard_from_hand(player, answer)


@task("developed")
def developed(game: Game, player: int, card: int) -> None:
    p = game.players[player]
    p.hand.remove(card)
    place_card(game, player, card)
    p.placing = -1
    game.log(-1, f"{p.name} develops {game.name(card)}.")
    game.draw_to_hand(player, game.bonus(player, "develop", game.instance).draw_after,
                      "Develop bonus")
    game.power_effects(player, "develop", "placed", card)


POWERS = (
    PowerKind("develop", "reduce", "developments cost `value` less", {
        "cost": lambda game, player, card, power, target: 0 if power.pay_with else power.value}),
    PowerKind("develop", "draw", "draw `value` cards at the start of the phase", {
        "start": lambda game, player, card, power:
            game.draw_to_hand(player, power.value, "Develop power")}),
    PowerKind("develop", "draw_after", "draw `value` cards after placing a development", {
        "placed": lambda game, player, card, power, placed:
            game.draw_to_hand(player, power.value, "after developing")}),
)
