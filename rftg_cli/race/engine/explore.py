"""Phase I, Explore: draw, then keep some (rulebook: everyone draws before anyone discards)."""

from __future__ import annotations

from rftg_cli.decision import Decision
from rftg_cli.words import plural

from ..cards.text import per_phrase
from .event import KEEP
from .game import Game, task
from .powers import PowerKind

BASE_DRAW, BASE_KEEP = 2, 1


def explore_draws(game: Game, player: int) -> int:
    """The cards this player draws when exploring now."""
    bonus = game.bonus(player, "explore", game.instance)
    return BASE_DRAW + bonus.draw + game.power_total(player, "explore", "draw")


def explore_keeps(game: Game, player: int) -> tuple[int, bool]:
    """(cards kept, may discard from hand too) for this player exploring now."""
    bonus = game.bonus(player, "explore", game.instance)
    keep = BASE_KEEP + bonus.keep + game.power_total(player, "explore", "keep")
    if bonus.mix:
        return keep, True
    if ("explore", "mix") not in game.dealt:
        return keep, False
    for c, _, power, fn in game.power_handlers(player, "explore", "mix"):
        if fn(game, player, c, power):
            return keep, True
    return keep, False


def _value(game: Game, player: int, card: int, power) -> int:
    return power.value


def _draw_text(power, card) -> str:
    return f"draw {plural(power.value, 'extra card')}{per_phrase(power)} when exploring"


POWERS = (
    PowerKind("explore", "draw", "draw `value` extra cards when exploring",
              {"draw": lambda game, player, card, power: 0 if power.per else power.value},
              text=_draw_text),
    PowerKind("explore", "keep", "keep `value` extra cards when exploring", {"keep": _value},
              text=lambda power, card: f"keep {plural(power.value, 'extra card')} when exploring"),
    PowerKind("explore", "discard_any", "discard from hand and explored cards together",
              {"mix": lambda game, player, card, power: True},
              text="may discard from your hand and the explored cards together"),
)


@task("explore_phase")
def explore_phase(game: Game, instance: int) -> None:
    order = game.order
    game.push_seats("ask_explore", order)
    starts = game.with_power(order, "explore", "start")
    if not starts:
        explore_draw_all(game)
        return
    game.push(("explore_draws",))
    game.push_seats("explore_start", tuple(starts))


@task("explore_draws")
def explore_draw_all(game: Game) -> None:
    """Every player draws, in turn order, before anyone keeps (rulebook)."""
    for player in game.order:
        explore_draw(game, player)


@task("explore_start")
def explore_start(game: Game, player: int) -> None:
    """Powers acting at the start of Explore, before any card is drawn."""
    game.power_effects(player, "explore", "start")


def explore_draw(game: Game, player: int) -> None:
    seen = game.draw(explore_draws(game, player))
    game.players[player].explore_seen = seen
    if game.record:
        game.log(player, "You explore: " + ", ".join(game.name(c) for c in seen) + ".")


@task("ask_explore")
def ask_explore(game: Game, player: int) -> None:
    p = game.players[player]
    keep, mix = explore_keeps(game, player)
    seen = tuple(p.explore_seen)
    keep = min(keep, len(seen))
    n = len(seen) - keep
    game.ask(Decision("explore", player, seen + tuple(p.hand) if mix else seen, (n, n),
                      f"Explore: discard {n} of these cards (keep {keep})",
                      {"seen": seen, "keep": keep}),
             "explored", player)


@task("explored")
def explored(game: Game, answer: tuple, player: int) -> None:
    p = game.players[player]
    for c in answer:
        if c in p.hand:
            p.hand.remove(c)
    game.discard_pile.extend(answer)
    gone = set(answer)
    kept = [c for c in p.explore_seen if c not in gone]
    p.hand.extend(kept)
    p.kept += tuple(kept)
    p.explore_seen = []
    if game.record:
        names = ", ".join(game.name(c) for c in kept)
        if kept:
            game.log(player, f"You keep {names}.", KEEP,
                     told=f"{p.name} explores and keeps {names}.")
        game.log(-1, f"{p.name} explores and keeps {len(kept)}.", KEEP, player)
