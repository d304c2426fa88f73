"""What each card in your hand means for you now: what placing it costs (or the military it
needs), whether the cards you hold let you place it, and what a variable-VP card (a 6-cost
development) would score in your tableau now.

Costs come from your whole tableau at every moment (not from the powers active in the current
phase, which differ between phases) and without action-card bonuses; while a Develop or
Settle decision is pending, its own costs (bonuses included) are the ones shown.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Now:
    text: str            # "pay 2", "military 1/4", "military 1/4 or pay 3"
    playable: bool       # the cards you hold let you place it now
    value: int | None    # a variable-VP card's VP if it were in your tableau now


def tableau_now(game, me: int):
    """A copy of the game in which every tableau card's power acts and no action bonus does
    (never shown to anyone: the player's own facts, computed)."""
    now = game.copy()
    for p in now.players:
        p.active = tuple(p.tableau)
        p.used = set()
        p.military_bonus = 0
    now.players[me].actions = ()
    return now


def hand_now(game, me: int, decision=None, cards=None) -> dict[int, Now]:
    """card -> Now, for every card in `me`'s hand (or for `cards`: a card not in hand, such
    as one being explored, is judged as if it joined the hand)."""
    now = tableau_now(game, me)
    hand = now.players[me].hand
    pending = _pending_costs(game, decision)
    ways = _ways(now, me)
    out = {}
    for card in dict.fromkeys(hand if cards is None else cards):
        if card in hand:
            out[card] = _card_now(now, me, card, ways, pending)
            continue
        hand.append(card)
        try:
            out[card] = _card_now(now, me, card, _ways(now, me), pending)
        finally:
            hand.pop()
    return out


def _ways(now, me: int) -> dict[int, list[tuple]]:
    from .engine.settle import settle_options

    ways: dict[int, list[tuple]] = {}
    for option in settle_options(now, me):
        ways.setdefault(option[0], []).append(option)
    return ways


def _card_now(now, me: int, card: int, ways: dict, pending: dict[int, str]) -> Now:
    from .engine.develop import can_develop, develop_cost
    from .engine.settle import military_strength, option_cost, settle_reduction

    design = now.design[card]
    if design.is_development:
        text, playable = f"pay {develop_cost(now, me, card)}", can_develop(now, me, card)
    elif design.military:
        text = f"military {military_strength(now, me, design)}/{design.cost}"
        paid = [option_cost(now, me, w) for w in ways.get(card, ()) if w[1] == "pay"]
        if paid:
            text += f" or pay {min(paid)}"
        playable = card in ways
    else:
        cost = max(0, design.cost - settle_reduction(now, me, design))
        text, playable = f"pay {cost}", card in ways
    if card in pending:
        text, playable = pending[card], True
    return Now(text, playable, six_value(now, me, card))


def _pending_costs(game, decision) -> dict[int, str]:
    """The costs a pending Develop or Settle decision states (its bonuses included)."""
    if decision is None or decision.kind not in ("develop", "settle"):
        return {}
    out: dict[int, str] = {}
    for option, cost in decision.info.get("costs", {}).items():
        card, how = (option, "pay") if decision.kind == "develop" else option[:2]
        text = "conquer" if how == "conquer" else f"pay {cost}"
        out.setdefault(card, text)
    return out


def six_value(game, me: int, card: int) -> int | None:
    """The VP a variable-VP card would add to `me`'s tableau now (None for printed VP only).
    `game` may be changed and restored: a copy is made for it."""
    from .engine.scoring import variable_vp

    design = game.design[card]
    if not design.vp_rules:
        return None
    tableau = game.players[me].tableau
    placed = card not in tableau
    if placed:
        tableau.append(card)
    try:
        return variable_vp(game, me, design)
    finally:
        if placed:
            tableau.pop()


def keep_rank(game, me: int, now: dict[int, Now], card: int) -> tuple:
    """How much a card is worth keeping, by a simple rule: a card you can place now first,
    then the most VP (a variable-VP card at its value now), then the cheapest."""
    design = game.design[card]
    info = now.get(card)
    vp = design.vp + (info.value or 0 if info is not None else 0)
    return (info is not None and info.playable, vp, -design.cost)
