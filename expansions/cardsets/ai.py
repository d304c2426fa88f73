"""The AI's quick answer to a takeover (Rebel vs Imperium), registered in the games that
play takeovers (`Rules.greedy`)."""

from __future__ import annotations


def takeover(game, decision, rng):
    """Take over the world worth most among those won whatever the defender adds (the
    decision's `margins`), with the fewest powers; else no takeover (the first option)."""
    margins = decision.info.get("margins", {})
    sure = [o for o in decision.options if o in margins and o[0] != -1 and margins[o] >= 0]
    if not sure:
        return decision.options[0]
    return max(sure, key=lambda o: (game.design[o[0]].vp, -len(o[1])))
