"""The search levels' quick play: the answer a strong seat gives without looking ahead.

It is `ai_heuristic`'s greedy play (kept as it is: the fast level) with a better judgement
where the game is won or lost: which action cards to choose. Each action card is given the
VP it should bring this round from what the seat holds (the development or world it can
afford, the goods it can produce, consume or trade, the cards it lacks), and the option
whose cards bring the most, together, is chosen. Placing picks what is worth most for what
it costs (a 6-cost development: what it would score on this tableau, and more to come).
The search (`ai_search`) plays its simulated games with these answers.
"""

from __future__ import annotations

from ..cards.model import TRADE_PRICE
from ..engine.decision import Decision
from ..engine.game import Game
from ..engine.scoring import AGGREGATE, rule_matches, variable_vp
from .ai_heuristic import (
    GREEDY,
    develop_choice,
    fallback_answer,
    rounds_left,
    settle_choice,
    static_values,
)

CARD_WORTH = 0.45          # VP a card in hand is worth as payment (what placing spends)
GOOD_TO_CONSUME = 1.6      # VP a good should bring when a consume power will take it
GOOD_TO_TRADE = 0.8        # ... when it can only be traded
SETTLE_DRAW = 0.4          # the Settle card's card drawn after settling
HAND_TARGET = 5            # Explore is worth most below this many cards
GROWTH = 0.25              # a 6-cost development's gain per round left (times its best
                           # points for one card)

_TABLES: dict[int, tuple] = {}


def _tables(game: Game) -> tuple:
    """Per physical card: (develop reduction, settle reduction, plain military, consume
    uses, VP per consume use): what the action values read of a tableau."""
    key = id(game.design)
    found = _TABLES.get(key)
    if found is None or len(found[0]) != len(game.design):
        dev, settle, mil, uses, vp = [], [], [], [], []
        for card in game.design:
            d = s = m = u = 0
            v = 0.0
            for pw in card.powers:
                if pw.phase == "develop" and pw.kind == "reduce":
                    d += pw.value
                elif pw.phase == "settle" and pw.kind == "reduce" and not pw.pay_with:
                    s += pw.value
                elif pw.phase == "settle" and pw.kind == "military" and not (
                        pw.one_shot or pw.good or pw.against or pw.per or pw.pay_with):
                    m += pw.value
                elif pw.phase == "consume" and pw.kind == "consume" and pw.consume != "hand":
                    n = max(pw.times, 1)
                    u += n * pw.goods_per_use
                    v = max(v, (pw.vp + 0.5 * pw.cards) / max(pw.goods_per_use, 1))
            dev.append(d)
            settle.append(s)
            mil.append(m)
            uses.append(u)
            vp.append(v)
        found = _TABLES[key] = (dev, settle, mil, uses, vp)
    return found


def place_worth(game: Game, player: int, card: int, left: float) -> float:
    """VP a card should bring once placed: its own VP (a 6-cost development's for this
    tableau: `bonus_promise`) and its powers over the rounds left."""
    vp, rate = static_values(game)
    design = game.design[card]
    own = design.vp + bonus_promise(game, player, card, left) if design.vp_rules else vp[card]
    return own + rate[card] * max(0.0, left - 1.0) + 0.5


def bonus_promise(game: Game, player: int, card: int, left: float) -> float:
    """The VP a variable-VP card (a 6-cost development) should score for `player`: what it
    would score on this tableau now, itself included, plus `bonus_to_come`."""
    design = game.design[card]
    mine = 0 if card in game.players[player].tableau else _points(game, design, card)
    return variable_vp(game, player, design) + mine + bonus_to_come(game, player, card, left)


def bonus_to_come(game: Game, player: int, card: int, left: float) -> float:
    """What a variable-VP card should still gain from the cards to come, by the rounds left
    (not from the cards in hand: counted there, holding would look as good as placing)."""
    best = max((r.points for r in game.design[card].vp_rules if r.match not in AGGREGATE),
               default=1)
    return GROWTH * best * min(left, 6.0)


def _points(game: Game, design, card: int) -> int:
    """The points `design`'s per-card VP rules give `card` (its first rule that matches)."""
    other = game.design[card]
    return next((r.points for r in design.vp_rules if r.match not in AGGREGATE
                 and rule_matches(r, other, game.rules.powers)), 0)


def _best_two(values: list[tuple[float, int]], hand: int) -> tuple[float, float]:
    """The gain of the best placement, and of a second one paid from the cards left."""
    values.sort(reverse=True)
    first = second = 0.0
    for k, (v, cost) in enumerate(values):
        if v <= 0 or cost > hand - 1:
            continue
        first = v
        rest = hand - 1 - cost
        for v2, cost2 in values[k + 1:]:
            if v2 > 0 and cost2 <= rest - 1:
                second = v2
                break
        break
    return first, second


def action_values(game: Game, player: int) -> dict[str, float]:
    """Action id -> the VP its card should bring this round (its second copy for a
    repeated phase: `develop2`, `settle2`)."""
    p = game.players[player]
    design = game.design
    dev_red, settle_red, mil, uses, use_vp = _tables(game)
    left = rounds_left(game)
    tableau = p.tableau
    hand = len(p.hand)
    d_red = sum(dev_red[c] for c in tableau)
    s_red = sum(settle_red[c] for c in tableau)
    military = sum(mil[c] for c in tableau)
    owned = {design[c].id for c in tableau}
    devs, worlds = [], []
    for c in p.hand:
        card = design[c]
        worth = place_worth(game, player, c, left)
        if card.is_development:
            if card.id in owned:
                continue
            cost = max(0, card.cost - d_red - 1)
            devs.append((worth - CARD_WORTH * cost, cost))
        elif card.is_world:
            if card.military:
                if card.cost <= military:
                    worlds.append((worth + SETTLE_DRAW, 0))
            else:
                cost = max(0, card.cost - s_red)
                worlds.append((worth + SETTLE_DRAW - CARD_WORTH * cost, cost))
    dev1, dev2 = _best_two(devs, hand)
    set1, set2 = _best_two(worlds, hand)
    capacity = sum(uses[c] for c in tableau)
    per_use = max((use_vp[c] for c in tableau), default=0.0)
    empty = sum(1 for c in tableau if design[c].good and not design[c].windfall
                and c not in p.goods)
    good_worth = GOOD_TO_CONSUME if capacity else GOOD_TO_TRADE
    goods = len(p.goods)
    best_price = max((TRADE_PRICE.get(design[w].good, 2) for w in p.goods), default=0)
    late = min(1.0, left / 3.0)    # cards are worth less near the end
    explore = max(0.2, (HAND_TARGET - hand) * 0.35 + 0.6) * (0.4 + 0.6 * late)
    return {
        "develop": dev1, "develop2": dev2, "settle": set1, "settle2": set2,
        "produce": empty * good_worth,
        "consume2": min(goods, capacity) * per_use,
        "trade": best_price * CARD_WORTH * late,
        "explore5": explore, "explore11": explore * 0.8,
        "_goods": float(goods), "_empty": float(empty), "_capacity": float(capacity),
        "_per_use": per_use,
    }


def option_value(values: dict[str, float], option: tuple) -> float:
    """What an option's action cards bring together: a second copy of a phase only with
    the first; Produce feeds the consume powers chosen with it."""
    ids = option if isinstance(option, tuple) else (option,)
    chosen = set(ids)
    total = 0.0
    for a in ids:
        if a in ("develop2", "settle2"):
            base = a[:-1]
            total += values.get(a, 0.0) if base in chosen else values.get(base, 0.0)
        elif a == "consume2" and "produce" in chosen:
            goods = values["_goods"] + values["_empty"]
            total += 2 * min(goods, values["_capacity"]) * values["_per_use"]
        elif a == "consume2":
            total += 2 * values.get(a, 0.0)
        else:
            total += values.get(a, 0.0)
    if "produce" in chosen and not chosen & {"consume2", "trade"} and values["_capacity"]:
        # Goods wait for a consume phase (someone's): worth less produced alone.
        total -= 0.3 * values["_empty"]
    return total


def ranked_actions(game: Game, decision: Decision) -> list[tuple[float, tuple]]:
    """Every action option with its value, best first (ties: the order of the options)."""
    values = action_values(game, decision.player)
    scored = [(option_value(values, o), -k, o) for k, o in enumerate(decision.options)]
    scored.sort(reverse=True)
    return [(v, o) for v, _, o in scored]


def _action(game: Game, decision: Decision, rng):
    return ranked_actions(game, decision)[0][1]


def _place_value(game: Game, player: int, card: int, cost: int, left: float) -> float:
    return place_worth(game, player, card, left) - CARD_WORTH * cost


def _develop(game: Game, decision: Decision, rng):
    return develop_choice(game, decision, _place_value)


def _settle(game: Game, decision: Decision, rng):
    return settle_choice(game, decision, _place_value)


def keep_worth(game: Game, player: int, card: int, hand: int, left: float) -> float:
    """How much a card is worth keeping in a hand of `hand` cards: what it brings placed,
    less what it costs, and less again when that hand cannot pay for it soon."""
    design = game.design[card]
    worth = place_worth(game, player, card, left)
    if design.is_world and design.military:
        _, _, mil, _, _ = _tables(game)
        gap = max(0, design.cost - sum(mil[c] for c in game.players[player].tableau))
        return worth - 1.2 * gap
    cost = design.cost - (1 if design.is_development else 0)
    return worth - CARD_WORTH * cost - 0.8 * max(0, cost - (hand - 1))


def _discard_pick(game: Game, decision: Decision, rng) -> tuple:
    """Discard the cards least worth keeping in the hand that is left."""
    n = decision.count[0]
    if not all(isinstance(o, int) for o in decision.options):
        return fallback_answer(game, decision)
    player = decision.player
    p = game.players[player]
    hand = len(p.hand) + (len(p.explore_seen) if decision.kind == "explore" else 0) - n
    if decision.kind == "pay":
        hand -= 1
    left = rounds_left(game)
    ranked = sorted(decision.options,
                    key=lambda c: (keep_worth(game, player, c, hand, left), c))
    return tuple(sorted(ranked[:n]))


DISCARDS = ("start_discard", "explore", "pay", "hand_limit", "produce_discard",
            "military_discard", "draw_discard")
# Where the quick play differs from the greedy answers (`ai_heuristic.GREEDY`, which the
# plugins' decision kinds join when they load).
POLICY = {**dict.fromkeys(DISCARDS, _discard_pick), "action": _action,
          "develop": _develop, "settle": _settle}


def policy_answer(game: Game, decision: Decision, rng):
    """The quick answer of the search levels to any decision."""
    handler = POLICY.get(decision.kind) or GREEDY.get(decision.kind)
    if handler is not None:
        return handler(game, decision, rng)
    return fallback_answer(game, decision)
