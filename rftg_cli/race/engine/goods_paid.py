"""Powers paid for with a good: « Dépenser une ressource pour réduire le coût » (Golden Age
of Terraforming, Lifeforms, Inc.: discard a Rare good for -2 to develop, a Gene good for -3
to settle) and « Force militaire temporaire » (Rebel Fuel Refinery: a Rare good for +2
military this phase), The Brink of War rules. The player chooses to use such a power (it
is named among the powers of its answer); which good it discards is asked next when
several fit."""

from __future__ import annotations

from rftg_cli.decision import Decision

from ..cards.model import Power, is_kind
from .game import Game, task

PREFIX = "consume_"


def good_kind_paid(power: Power) -> str | None:
    """The goods kind a power is paid with ("any" for any kind), or None."""
    return power.pay_with[len(PREFIX):] if power.pay_with.startswith(PREFIX) else None


def paid_with_good(power: Power) -> bool:
    return bool(good_kind_paid(power))


def paying_worlds(game: Game, player: int, kind: str) -> list[int]:
    p = game.players[player]
    return [w for w in p.tableau if w in p.goods
            and (kind == "any" or is_kind(game.design[w].good, kind))]


def can_pay(game: Game, player: int, powers) -> bool:
    """Can these powers each be paid with a different good? (Few powers: try in order,
    the most specific kinds first.)"""
    kinds = sorted((good_kind_paid(pw) for pw in powers if good_kind_paid(pw)),
                   key=lambda k: k == "any")
    taken: set[int] = set()
    for kind in kinds:
        free = [w for w in paying_worlds(game, player, kind)  # type: ignore[arg-type]
                if w not in taken]
        if not free:
            return False
        taken.add(free[0])
    return True


def push_payments(game: Game, player: int, powers, why: str) -> list[tuple]:
    """The steps asking for the good each power of `powers` is paid with."""
    return [("ask_good_paid", player, good_kind_paid(pw), why) for pw in powers
            if good_kind_paid(pw)]


@task("ask_good_paid")
def ask_good_paid(game: Game, player: int, kind: str, why: str) -> None:
    worlds = paying_worlds(game, player, kind)
    if worlds:
        game.ask(Decision("good_paid", player, tuple(worlds), None,
                          f"{why}: choose the good to discard"), "good_discarded", player)


@task("good_discarded")
def good_discarded(game: Game, answer: int, player: int) -> None:
    p = game.players[player]
    game.discard_pile.append(p.goods.pop(answer))
    game.log(-1, f"{p.name} discards the good on {game.name(answer)}.")
