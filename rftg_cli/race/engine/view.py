"""A seat's view of the game: everything that seat may see, nothing it may not.

Other players' hands, the deck order, the faces of goods and the seed never appear here;
other players' action cards appear only once they are revealed.
"""

from __future__ import annotations

from .game import Game


def player_view(game: Game, player: int) -> dict:
    revealed = game.phase not in ("action", "setup")
    seats = []
    for i, p in enumerate(game.players):
        seats.append({
            "name": p.name,
            "tableau": list(p.tableau),
            "goods": sorted(p.goods),           # worlds holding a good (faces stay hidden)
            "vp": p.vp,
            **{name: p.count(name) for name in game.rules.counters},
            "hand_size": len(p.hand),
            "actions": list(p.actions) if (revealed or i == player) else [],
        })
    me = game.players[player]
    pending = game.pending if game.pending is not None and game.pending.player == player else None
    return {
        "player": player,
        "round": game.round,
        "phase": game.phase,
        "pool": game.pool,
        "deck_size": len(game.deck),
        "discard_size": len(game.discard_pile),
        "hand": list(me.hand),
        "exploring": list(me.explore_seen),
        "start_worlds": list(me.start_worlds),     # dealt or kept face down, not yet revealed
        "seats": seats,
        "pending": pending,
        "over": game.over,
        "extra": game.extra.views(player),
    }
