"""The AI's rule for the search: when to search, what to name, whether to take a match.

Search once, early (rounds 2 to 4), when the hand is short of a plan: no 6-cost development
in hand. Name the 6-cost development category (the likeliest big scorer) unless one is
already in hand or tableau; then the most fitting of the others: military worlds of 5+ for a
military tableau, else a cheap windfall world. Take the first match if it can be paid for
with the hand soon (its cost at most the hand size), else go on to the second.
"""

from __future__ import annotations

from .actions import SEARCH


def _has_six(game, cards) -> bool:
    return any(game.design[c].is_six_cost and game.design[c].vp_rules for c in cards)


def advice(game, player: int, options: tuple) -> tuple:
    """`rules.action_advice`: weigh the search only when the rule says it is time."""
    p = game.players[player]
    if 2 <= game.round <= 4 and not _has_six(game, p.hand):
        return options
    kept = tuple(o for o in options if SEARCH.id not in o)
    return kept or options


def category(game, decision, rng) -> str:
    p = game.players[decision.player]
    options = decision.options
    if "six_development" in options and not _has_six(game, p.hand + p.tableau):
        return "six_development"
    military = sum(1 for c in p.tableau if game.design[c].military)
    if military >= 2 and "military_5" in options:
        return "military_5"
    return "windfall" if "windfall" in options else options[0]


def take(game, decision, rng) -> int:
    card = decision.options[0]
    if game.design[card].cost <= len(game.players[decision.player].hand) \
            or len(decision.options) == 1:
        return card
    return decision.options[1]
