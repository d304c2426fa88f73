"""The AI's fast judgement: what a card is worth, how good a position is, and a greedy answer
to every decision. The look-ahead in `ai.py` plays its simulated rounds with these answers
and compares their outcomes with `evaluate`.

Values are in victory points. A card's worth has two parts: the VP it scores once placed, and
the VP its powers should bring over the rounds that are left (a production world is worth a lot
in round 2 and nothing in the last round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rftg_cli.decision import Decision

from ..cards.model import TRADE_PRICE, Card
from ..engine.game import Game, deck_memo

# Estimated VP per remaining round brought by one power, by kind (rough, base-game tuned).
POWER_RATE = {
    "produce": 0.55,
    "windfall": 0.25,
    "trade_bonus": 0.12,
    "draw": 0.22,          # per card
    "draw_after": 0.15,
    "draw_if_produced": 0.18,
    "draw_per_good_produced": 0.15,
    "draw_per_kind_produced": 0.15,
    "draw_per_world": 0.15,
    "draw_if_most_produced": 0.12,
    "draw_lucky": 0.12,
    "trade_action": 0.2,
    "keep": 0.2,
    "reduce": 0.18,        # per point of discount
    "reduce_zero": 0.25,
    "military": 0.14,      # per point of military
    "pay_military": 0.15,
}
# A card in hand, as payment, early in the game (between seats 0.12 and 0.48 won 49.5% and
# 47.8% of 200 two-player games against 0.3, bench/research/levels.py).
CARD_IN_HAND = 0.3
HAND_FULL = 6              # cards beyond this many are worth little
# A placed card: progress towards the end, a step of tempo (between seats 0.28 and 1.12 won
# 48.5% and 48% of 200 two-player games against 0.7, bench/research/levels.py).
TABLEAU_TEMPO = 0.7
# A good waiting to be consumed or traded (between seats 0.24, 0.96 and 1.5 won 46.8%,
# 50.4% of 400 and 48.5% of 200 two-player games against 0.6, bench/research/levels.py).
GOOD_ON_WORLD = 0.6
# ... and this much more per VP the seat's consume powers would make of its goods
# (`policy.consume_estimate`): a good that a power turns into VP chips is worth more than
# one only sold. Against Keldon's AI, 0.3, 0.5 and 1.0 gained +0.3, +0.9 and +0.4 VP of
# margin over 300 games of a normal level with a sixth of its budget, and 0.5 with
# judging two rounds ahead (`ai_search.Level.seats_horizon`) +1.7 (docs/ai.md, "Against
# Keldon's AI").
GOOD_CONSUMED = 0.5
SIX_DEV_GUESS = 4.0        # VP a 6-cost development in hand is expected to reach

def _power_rate(card: Card) -> float:
    rate = 0.0
    for power in card.powers:
        if power.kind == "consume":
            if power.consume == "hand":
                rate += 0.15
                continue
            uses = max(power.times, 1)
            rate += 0.3 * uses * (power.vp + 0.5 * power.cards) / max(power.goods_per_use, 1)
            continue
        base = POWER_RATE.get(power.kind, 0.08)
        amount = power.value if power.kind in ("draw", "reduce", "military") else 1
        rate += base * max(abs(amount), 1)
    if card.is_world and card.windfall and card.good:
        rate += 0.1
    return rate


def static_values(game: Game) -> tuple[list[float], list[float]]:
    """Per physical card: (VP once placed ignoring 6-cost bonuses, power VP per round)."""
    memo = deck_memo(game)
    found = memo.get("static_values")
    if found is None:
        vp = [c.vp + (SIX_DEV_GUESS if c.vp_rules else 0.0) for c in game.design]
        rate = [_power_rate(c) for c in game.design]
        found = memo["static_values"] = (vp, rate)
    return found


def rivals(game: Game) -> list:
    """Opponents that are not card seats (`rules.opponents`: an automated solo opponent);
    the `tableau_size` in their standing's details, if any, can end the game."""
    return list(game.rules.opponents)


# The share of an automated opponent's prospect counted in its worth. A seat's worth counts
# only part of its own future (engine and hand: 11-19 VP of the 27-31 it went on to score
# from rounds 1-3 of solo games), so the opponent's whole future made the search too
# defensive: it called Develop twice as often, produced a quarter less and lost about 0.5 VP
# of margin; half gained about 0.5 VP (300 solo games on seeds 3000 and 4000).
RIVAL_FUTURE = 0.5


def rival_worth(game: Game, rival, left: float) -> float:
    """An automated opponent's worth: its score now plus `RIVAL_FUTURE` of what it should
    still gain over the `left` rounds (`Opponent.prospect`), as a seat's worth counts its
    engine."""
    worth = float(rival.result(game).score)
    if rival.prospect is not None and not game.over:
        worth += RIVAL_FUTURE * rival.prospect(game, left).vp
    return worth


SEAT_DRAIN = 1.6           # VP chips a seat takes from the pool per round, at least
SEAT_GROWTH = 1.1          # cards a seat adds to its tableau per round


def rounds_left(game: Game) -> float:
    """A rough guess at the rounds left: the game ends at 12 tableau cards or an empty pool.
    The seats drain the pool at least 1.6 VP per round each, faster if they have so far; an
    automated opponent as its prospect says (else as a seat), and its tableau grows so.
    Worked out once per phase and pool (`Game.memo`): an automated opponent acts at the end
    of a phase."""
    key = ("rounds_left", game.round, game.phase, game.instance, game.pool,
           tuple(len(p.tableau) for p in game.players))
    found = game.memo.get(key)
    if found is None:
        found = game.memo[key] = _rounds_left(game)
    return found


def _rounds_left(game: Game) -> float:
    n = len(game.players)
    others = rivals(game)
    end = game.rules.game_end_tableau
    by_tableau = (end - max(len(p.tableau) for p in game.players)) / SEAT_GROWTH
    drained = game.rules.vp_per_player * n - game.pool
    paced, sizes = [], []
    for r in others:
        result = r.result(game)
        size = result.details.get("tableau_size", 0)
        if r.prospect is None:
            by_tableau = min(by_tableau, (end - size) / SEAT_GROWTH)
        else:
            paced.append(r)
            sizes.append(size)
            drained -= result.breakdown.get("chips", 0)
    rate = max(SEAT_DRAIN * (n + len(others) - len(paced)), drained / max(game.round - 1, 1))
    if not paced:
        return max(0.0, min(by_tableau, game.pool / rate))
    return max(0.0, _paced_end(game, paced, sizes, rate, by_tableau))


def _paced_end(game: Game, paced: list, sizes: list[int], rate: float, limit: float) -> float:
    """The rounds until the pool is empty or a paced opponent's tableau (of `sizes` cards) is
    full, at most `limit`: the first whole round by which their prospects say so,
    interpolated."""
    if game.pool <= 0:
        return 0.0
    end = game.rules.game_end_tableau
    before, k = 0.0, 0          # how near the end is after k rounds (1.0: reached)
    while k < limit:
        k += 1
        gains = [r.prospect(game, k) for r in paced]
        near = max([(rate * k + sum(g.chips for g in gains)) / game.pool]
                   + [(size + g.cards) / (end - 0.5) for size, g in zip(sizes, gains)])
        if near >= 1.0:
            return min(limit, k - 1 + (1.0 - before) / (near - before))
        before = near
    return limit


def keep_value(game: Game, player: int, card: int, left: float | None = None) -> float:
    """How much a card in hand is worth keeping (to place later)."""
    vp, rate = static_values(game)
    left = rounds_left(game) if left is None else left
    design = game.design[card]
    p = game.players[player]
    value = vp[card] + rate[card] * max(0.0, left - 1.5)
    # A card that cannot be afforded soon is worth less; a military world needs military.
    cost = design.cost
    if design.is_world and design.military:
        gap = max(0, cost - _military(game, player))
        value -= 0.8 * gap
    else:
        gap = max(0, cost - (len(p.hand) - 1))
        value -= 0.35 * gap + 0.12 * cost
    return value


def _military(game: Game, player: int) -> int:
    total = 0
    for c in game.players[player].tableau:
        for power in game.design[c].powers:
            if power.phase == "settle" and power.kind == "military" and not power.one_shot \
                    and not power.good and not power.against and not power.per \
                    and not power.pay_with:
                total += power.value
    return total


def evaluate(game: Game, player: int, left: float | None = None, worth_of=None) -> float:
    """Position value for `player`: own worth minus the best opponent's worth (`worth_of`:
    a seat's worth, `player_worth` unless given; an automated opponent's: `rival_worth`).

    `left` (rounds left) should be measured before the choices being compared: measured after
    them, every card placed shortens the game and so cuts the worth of the engine, and the
    AI would learn to hoard rather than place."""
    mine = 0.0
    best_other = None
    left = rounds_left(game) if left is None else max(0.0, left)
    worth_of = worth_of or player_worth
    for i in range(len(game.players)):
        worth = worth_of(game, i, left)
        if i == player:
            mine = worth
        elif best_other is None or worth > best_other:
            best_other = worth
    for rival in rivals(game):
        worth = rival_worth(game, rival, left)
        if best_other is None or worth > best_other:
            best_other = worth
    return mine - (best_other or 0.0)


def player_worth(game: Game, player: int, left: float) -> float:
    from ..engine.scoring import score

    p = game.players[player]
    _, rate = static_values(game)
    worth = float(score(game, player).total)
    if game.over:
        return worth + 0.01 * (len(p.hand) + len(p.goods))
    engine = sum(rate[c] for c in p.tableau)
    worth += engine * left
    progress = min(1.0, left / 4.0)
    worth += hand_worth(len(p.hand), progress)
    worth += GOOD_ON_WORLD * len(p.goods)
    if p.goods:
        from .policy import consume_estimate     # policy builds on this module
        worth += GOOD_CONSUMED * consume_estimate(game, player, list(p.goods))[0]
    worth += TABLEAU_TEMPO * min(len(p.tableau), 12)
    worth += expansion_prospects(game, player)
    return worth


def expansion_prospects(game: Game, player: int) -> float:
    """VP the plugins expect this player may still earn that the score does not hold yet
    (`rules.prospect_steps`: goals nearly met)."""
    return sum(step(game, player) for step in game.rules.prospect_steps)


def hand_worth(n: int, progress: float) -> float:
    """Cards in hand: worth something as payment, with diminishing returns (a big hand is
    tempo not spent), and nearly nothing near the end."""
    first = min(n, HAND_FULL)
    return (CARD_IN_HAND * progress + 0.08) * first + 0.08 * max(0, n - HAND_FULL)


# ---------------------------------------------------------------------- greedy answers

def greedy_answer(game: Game, decision: Decision, rng):
    """A quick, sensible answer to any decision (used in simulated rounds): the one its
    kind has in the game's rules (`Rules.greedy`), else the first legal one."""
    handler = game.rules.greedy.get(decision.kind)
    if handler is not None:
        return handler(game, decision, rng)
    return fallback_answer(game, decision)


def fallback_answer(game: Game, decision: Decision):
    if decision.count is None:
        return decision.options[0]
    low, _ = decision.count
    return tuple(sorted(decision.options)[:low])


def lowest_cards(game: Game, player: int, options, n: int) -> tuple:
    left = rounds_left(game)
    ranked = sorted(options, key=lambda c: (keep_value(game, player, c, left), c))
    return tuple(sorted(ranked[:n]))


def picks_cards(decision: Decision) -> bool:
    """Is the decision a pick among cards (its options card numbers, as a discard's are)?"""
    return all(isinstance(o, int) for o in decision.options)


def _discard_pick(game: Game, decision: Decision, rng) -> tuple:
    n = decision.bounds[0]
    if not picks_cards(decision):
        return fallback_answer(game, decision)
    return lowest_cards(game, decision.player, decision.options, n)


def _consume_hand(game: Game, decision: Decision, rng) -> tuple:
    low, high = decision.bounds
    left = rounds_left(game)
    cheap = [c for c in decision.options if keep_value(game, decision.player, c, left) < 1.0]
    if len(cheap) < low:        # a use of the power takes `low` cards (Alien Guardian)
        cheap = list(decision.options)
    return lowest_cards(game, decision.player, cheap, max(low, min(high, len(cheap))))


def guess_action(game: Game, player: int, options: Sequence, rng) -> Any:
    """A plausible action card for a seat whose choice is unknown or simulated."""
    p = game.players[player]
    want: list[str] = []
    consume = any(pw.kind == "consume" and pw.consume not in ("hand", "prestige")
                  for c in p.tableau for pw in game.design[c].powers if pw.phase == "consume")
    if p.goods and consume and len(p.goods) >= 2:
        want.append("consume2")
    elif p.goods and len(p.hand) < 4:
        want.append("trade")
    hand_size = len(p.hand)
    if any(game.design[c].is_world and not game.design[c].military
           and game.design[c].cost <= hand_size - 1 for c in p.hand):
        want.append("settle")
    if any(game.design[c].is_development and game.design[c].cost <= hand_size
           for c in p.hand):
        want.append("develop")
    if any(game.design[c].produces and c not in p.goods for c in p.tableau):
        want.append("produce")
    if hand_size < 3 or not want:
        want.append("explore5")
    return _options_for(want, options, rng)


SECOND = {"develop": "develop2", "settle": "settle2", "explore5": "explore11"}


def _options_for(want: list[str], options: Sequence, rng) -> Any:
    """The option that picks the most wanted actions: one action id, or (with 2 picks per
    round) the two most wanted, a lone want doubled (second Develop / Settle) or paired with
    Explore."""
    picks = len(options[0]) if options and isinstance(options[0], tuple) else 1
    if picks == 1:
        available = {o[0] if isinstance(o, tuple) else o: o for o in options}
        choices = [available[a] for a in want if a in available]
        return rng.choice(choices) if choices else rng.choice(options)
    wanted = list(dict.fromkeys(want))
    if len(wanted) == 1:
        wanted.append(SECOND.get(wanted[0], "explore5"))
    pairs = {frozenset(o): o for o in options}
    for i, first in enumerate(wanted):
        for second in wanted[i + 1:]:
            found = pairs.get(frozenset((first, second)))
            if found is not None:
                return found
    return rng.choice(options)


def _action(game: Game, decision: Decision, rng):
    return guess_action(game, decision.player, decision.options, rng)


def _place_value(game: Game, player: int, card: int, cost: int, left: float) -> float:
    vp, rate = static_values(game)
    return vp[card] + rate[card] * max(0.0, left - 0.5) - 0.5 * cost + 0.5


def develop_choice(game: Game, decision: Decision, place_value) -> int:
    """The development whose `place_value(game, player, card, cost, left)` is best, if it
    is worth placing (above 0), else pass."""
    costs = decision.info.get("costs", {})
    left = rounds_left(game)
    best, best_value = decision.options[-1], 0.0
    for option in decision.options:
        if option == -1:
            continue
        value = place_value(game, decision.player, option, costs.get(option, 0), left)
        if value > best_value:
            best, best_value = option, value
    return best


def settle_choice(game: Game, decision: Decision, place_value) -> tuple:
    """The world (and way) whose `place_value` is best, if worth placing, else pass."""
    costs = decision.info.get("costs", {})
    ways = decision.info.get("ways", {})     # face down: each world's ways, decided later
    left = rounds_left(game)
    best, best_value = decision.options[-1], 0.0
    for option in decision.options:
        world = option[0]
        if world == -1:
            continue
        cost = min((costs.get(w, 0) for w in ways[world]), default=0) if world in ways \
            else costs.get(option, 0)
        value = place_value(game, decision.player, world, cost, left)
        value -= 0.6 * len(option[2])   # using up a one-shot power costs something
        if value > best_value:
            best, best_value = option, value
    return best


def _develop(game: Game, decision: Decision, rng):
    return develop_choice(game, decision, _place_value)


def _settle(game: Game, decision: Decision, rng):
    return settle_choice(game, decision, _place_value)


def _trade(game: Game, decision: Decision, rng):
    values = decision.info.get("values", {})
    return max(decision.options, key=lambda w: (values.get(w, 0), -w))


def _consume(game: Game, decision: Decision, rng):
    best, best_value = decision.options[0], -1e9
    for option in decision.options:
        card, idx, detail = option
        if card == -1:
            value = 0.0
        else:
            power = game.design[card].powers[idx]
            if power.kind == "trade_action":
                value = 0.5 * TRADE_PRICE.get(game.design[detail[0]].good, 2) - 0.6
            elif power.kind == "draw_lucky":
                value = 0.1
            elif power.kind == "ante_card":
                # A cheap ante flips few cards, most of them dearer: worth a gamble.
                value = 0.5 - 0.25 * game.design[detail[0]].cost
            elif power.consume == "hand":
                value = 0.2
            else:
                value = power.vp * max(1, len(detail)) + 0.5 * power.cards * max(1, len(detail))
                value -= 0.6 * len(detail) * 0.5
        if value > best_value:
            best, best_value = option, value
    return best


def _windfall(game: Game, decision: Decision, rng):
    real = [o for o in decision.options if o != -1]
    if not real:
        return decision.options[0]
    return max(real, key=lambda w: (TRADE_PRICE.get(game.design[w].good, 0), -w))


def _produce_pay(game: Game, decision: Decision, rng) -> tuple:
    """A good on the world is worth more than the card least worth keeping."""
    return lowest_cards(game, decision.player, decision.options, 1)


def _produce_order(game: Game, decision: Decision, rng):
    """Pay first: the draws left then count the good it produces, a card more at least,
    worth more than choosing the discard among the cards drawn."""
    draws = decision.info.get("draws", {})
    return next((o for o in decision.options if o not in draws), decision.options[0])


def _develop_way(game: Game, decision: Decision, rng):
    """Spend a one-shot reduction only for what it saves: each card saved is worth about
    a card, the reduction card a little more (it stays useful later)."""
    costs = decision.info.get("costs", {})
    return min(decision.options, key=lambda o: (costs.get(o, 0) + 1.5 * len(o[1]), o))


def _ante_keep(game: Game, decision: Decision, rng):
    left = rounds_left(game)
    return max(decision.options,
               key=lambda c: (keep_value(game, decision.player, c, left), -c))


def _save_card(game: Game, decision: Decision, rng) -> tuple:
    """A saved card comes back into hand at the next Produce: save the best one."""
    left = rounds_left(game)
    return (max(decision.options, key=lambda c: (keep_value(game, decision.player, c, left),
                                                 -c)),)


def _upgrade(game: Game, decision: Decision, rng):
    """Replace a world when the new one is worth more VP placed (it is free)."""
    vp, rate = static_values(game)
    left = rounds_left(game)
    best, best_gain = decision.options[-1], 0.0
    for new, old in decision.options:
        if new == -1:
            continue
        gain = (vp[new] + rate[new] * left) - (vp[old] + rate[old] * left)
        if gain > best_gain:
            best, best_gain = (new, old), gain
    return best


def _good_paid(game: Game, decision: Decision, rng):
    return min(decision.options, key=lambda w: (TRADE_PRICE.get(game.design[w].good, 0), w))


def register_answers(rules) -> None:
    """Give the base game's decision kinds their greedy answers in a game's rules (the base
    game registers them per game, as an expansion registers its own)."""
    from .start import start_world_answer  # it reads the values of this module

    rules.greedy.update({
        "action": _action,
        "start_world": start_world_answer,
        "start_discard": _discard_pick,
        "explore": _discard_pick,
        "pay": _discard_pick,
        "hand_limit": _discard_pick,
        "produce_discard": _discard_pick,
        "military_discard": _discard_pick,
        "draw_discard": _discard_pick,
        "produce_pay": _produce_pay,
        "produce_order": _produce_order,
        "develop_way": _develop_way,
        "ante_keep": _ante_keep,
        "save_card": _save_card,
        "upgrade": _upgrade,
        "good_paid": _good_paid,
        "consume_hand": _consume_hand,
        "develop": _develop,
        "settle": _settle,
        "trade": _trade,
        "consume": _consume,
        "windfall": _windfall,
    })
