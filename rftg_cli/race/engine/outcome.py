"""The card game's standings: every seat's score and tie-break, every registered opponent
that is not a seat (`rules.opponents`), the winners and why the game ended.

The one answer `saves`, `show`, `simulate` and the screen read: none of them scores a
game itself.
"""

from __future__ import annotations

from rftg_cli.ruleset import Outcome, SeatResult, best
from .game import Game
from .scoring import score, tie_break

SEAT = "seat"   # the kind of a seat when the caller does not say who sits there


def seat_result(game: Game, player: int, kind: str = SEAT) -> SeatResult:
    p = game.players[player]
    s = score(game, player)
    return SeatResult(
        name=p.name, kind=kind, score=s.total, seat=player,
        breakdown={"chips": s.chips, "cards": s.cards, "bonuses": dict(s.bonuses),
                   "extras": dict(s.extras), **({"kinds": dict(s.kinds)} if s.kinds else {})},
        # Rulebook tie-break: cards in hand plus goods.
        tie_break=(tie_break(game, player),),
        details={"vp_chips": p.vp, **{name: p.count(name) for name in game.rules.counters},
                 "hand_size": len(p.hand),
                 "goods": len(p.goods),
                 "tableau": [game.name(c) for c in p.tableau]})


def end_reason(game: Game) -> str:
    """Why the game ended, in English ("" while it runs)."""
    if not game.over:
        return ""
    reasons = ["the VP pool ran out"] if game.pool <= 0 else []
    for check in game.rules.end_checks:
        said = check(game)
        # An end check may say why (a string) instead of only that (True).
        if said:
            reasons.append(said if isinstance(said, str) else "an expansion's end condition held")
    if reasons:
        return "; ".join(reasons)
    # Neither the pool nor a plugin ended it, so a tableau did: the biggest one.
    p = max(game.players, key=lambda p: len(p.tableau))
    return f"{p.name} has {len(p.tableau)} cards in their tableau"


def outcome(game: Game, seats: list[str] | None = None) -> Outcome:
    kinds = list(seats or ())
    results = [seat_result(game, i, kinds[i] if i < len(kinds) else SEAT)
               for i in range(len(game.players))]
    results += [opponent.result(game) for opponent in game.rules.opponents]
    standings = tuple(results)
    winners: tuple[str, ...] = ()
    if game.over:
        rule = next((o.winners for o in game.rules.opponents if o.winners is not None), None)
        winners = tuple(rule(game, standings)) if rule is not None else best(standings)
    public = {key: value for part in game.rules.show_parts for key, value in part(game).items()}
    return Outcome(standings, winners, finished=game.over, reason=end_reason(game),
                   public=public)

