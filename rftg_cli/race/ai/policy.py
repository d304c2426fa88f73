"""The search levels' quick play: the answer a strong seat gives without looking ahead.

It is `ai_heuristic`'s greedy play (kept as it is: the fast level) with a better judgement
where the game is won or lost: which action cards to choose. Each action card is given the
VP it should bring this round from what the seat holds (the development or world it can
afford, the goods it can produce, consume or trade, the cards it lacks), and the option
whose cards bring the most, together, is chosen. Placing picks what is worth most for what
it costs (a 6-cost development: what it would score on this tableau, and more to come).
The search (`ai_search`) plays its simulated games with these answers.

The values follow what can really be placed: costs after every reduction, the action
card's own bonus, military, pay-with powers (`engine.settle.settle_costs`); a development
and a world paid from one hand; the goods the consume powers really take, a Produce after
a Consume refilling the worlds it emptied; cards worth less to a full hand. A card a
later phase of the round needs is not spent before it (`planned_worlds`).
"""

from __future__ import annotations

from rftg_cli.decision import Decision

from ..cards.model import PHASES, TRADE_PRICE, count_kinds, is_kind
from ..engine.actions import NO_BONUS
from ..engine.game import Game, deck_memo
from ..engine.scoring import card_points, variable_vp
from ..engine.settle import military_strength, settle_costs
from .heuristic import (
    develop_choice,
    fallback_answer,
    picks_cards,
    rivals,
    rounds_left,
    settle_choice,
    static_values,
)

# Weights in VP, tuned in solo games against the hardest automated opponent on seeds
# 1000 and 2000 (the quick play alone: bench/); seed 1, the official one, only confirms.
CARD_WORTH = 0.6           # a card in hand as payment (what placing spends)
CARD_FADE = 2.0            # ... less in the last rounds but this many
GOOD_TO_TRADE = 0.5        # a good produced that no consume power takes
PRODUCED_WAIT = 2.8        # a good produced, per VP its consume brings (it feeds the
                           # Consumes of the rounds to come)
SETTLE_DRAW = 1.0          # the Settle card's card drawn after settling
HAND_TARGET = 6.5          # Explore is worth most below this many cards
EXPLORE_CARD = 0.15        # ... this much per card below it
EXPLORE_BASE = 1.2
EXPLORE_11 = 2.8           # Explore +1/+1 (two cards kept) against Explore +5
TRADE_CARD = 1.6           # a card traded for (to an empty hand)
HAND_FULL = 10.0           # ... nothing to a hand this big (the hand limit)
CONSUME_WEIGHT = 1.33      # per VP a consume phase brings
KEEP_CARD = 0.45           # a card kept (`keep_worth`, which the search's judgement
                           # reads too): less per card it costs
HAND_GAP = 0.8             # a card kept: less per card its cost is beyond the hand
MILITARY_GAP = 1.2         # ... per point of military a military world lacks
CALL_COST = {"develop": 8.0}   # a phase called, per automated opponent (`call_cost`)
RESERVED = 10.0            # a card planned for a later phase this round is not spent
BONUS_CARDS = 0.5          # a 6-cost development's gain per round left: cards scoring on
                           # it, each its mean points (`bonus_to_come`; the quick play
                           # placing ~1.1 a round, half of them from the cards to come)
BONUS_ROUNDS = 6.0         # ... over at most this many rounds


def card_worth(left: float) -> float:
    """VP a card in hand is worth as payment: less near the end (a card kept scores
    nothing), none in the last round."""
    return CARD_WORTH * min(1.0, max(0.0, left - 1.0) / CARD_FADE)


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
    mine = 0 if card in game.players[player].tableau else card_points(game, design, card)
    return variable_vp(game, player, design) + mine + bonus_to_come(game, player, card, left)


def bonus_to_come(game: Game, player: int, card: int, left: float) -> float:
    """What a variable-VP card should still gain from the cards to come, by the rounds left
    (not from the cards in hand: counted there, holding would look as good as placing):
    `BONUS_CARDS` cards a round, each scoring what a card of the game scores on its rules
    on average (`per_card_points`: 3 VP per one of three named cards promises less than 1
    VP per world)."""
    return BONUS_CARDS * per_card_points(game, card) * min(left, BONUS_ROUNDS)


def per_card_points(game: Game, card: int) -> float:
    """The mean points a card of the game scores on `card`'s per-card VP rules (the first
    rule it matches, as the final count scores it)."""
    design = game.design[card]
    means = deck_memo(game).setdefault("per_card_points", {})
    if design.id not in means:
        means[design.id] = sum(card_points(game, design, c) for c in range(len(game.design))) \
            / max(len(game.design), 1)
    return means[design.id]


def _best_two(values: list[tuple[float, float]], hand: int) -> tuple[float, float]:
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


def develop_costs_now(game: Game, player: int, discount: int) -> dict[int, int]:
    """Each development in hand the player may place (not in its tableau yet) -> the cards
    it costs after its tableau's reductions and the Develop bonus `discount`."""
    p = game.players[player]
    owned = {game.design[c].id for c in p.tableau}
    out = {}
    for c in p.hand:
        card = game.design[c]
        if card.is_development and card.id not in owned:
            cost = card.cost - game.power_total(player, "develop", "cost", c) - discount
            out[c] = max(0, cost)
    return out


def world_costs_now(game: Game, player: int, discount: int) -> dict[int, float]:
    """Each world in hand the player could place in a Settle phase -> the cards its
    cheapest way costs (`engine.settle.settle_costs`: reductions, military, pay-with powers;
    the Settle bonus `discount` off a paid world; a one-shot power or a card discarded for
    military counts as a card), whether the hand can pay for it yet or not."""
    out: dict[int, float] = {}
    for (world, how, powers), cost in settle_costs(game, player).items():
        paid = max(0, cost - discount) if how != "conquer" else 0
        cards = paid + len(powers)
        if cards < out.get(world, 99):
            out[world] = cards
    for c in game.players[player].hand:       # paid worlds the hand cannot pay for yet
        card = game.design[c]
        if c not in out and card.is_world and not card.military:
            out[c] = max(0, card.cost - discount - game.power_total(
                player, "settle", "reduce", card))
    return out


def consume_estimate(game: Game, player: int, goods: list[int]) -> tuple[float, int]:
    """(VP, goods used) the player's consume powers would make of goods on the worlds
    `goods`: the powers paying most per good take them first (a card drawn: half a VP)."""
    if not goods:
        return 0.0, 0
    design = game.design
    powers = []
    for c in game.players[player].tableau:
        for pw in design[c].powers:
            if pw.phase == "consume" and pw.kind == "consume" and pw.consume not in (
                    "hand", "prestige"):
                powers.append(((pw.vp + 0.5 * pw.cards) / max(pw.goods_per_use, 1), c, pw))
    powers.sort(key=lambda x: -x[0])
    left = list(goods)
    vp = 0.0
    for per, c, pw in powers:
        what = pw.consume
        if what == "this":
            if c in left:
                left.remove(c)
                vp += per
        elif what == "all":
            vp += max(0, len(left) - 1)
            left = []
        elif what in ("three_kinds", "n_kinds"):
            first = {design[w].good: w for w in reversed(left)}
            distinct = count_kinds(first)
            if what == "three_kinds" and distinct < 3:
                continue
            uses = 1 if what == "three_kinds" else distinct
            vp += uses * (pw.vp + 0.5 * pw.cards)
            left = [w for w in left if w not in first.values()]
        else:
            match = [w for w in left if what == "any" or is_kind(design[w].good, what)]
            per_use = max(pw.goods_per_use, 1)
            uses = min(max(pw.times, 1), len(match) // per_use)
            for w in match[: uses * per_use]:
                left.remove(w)
            vp += uses * (pw.vp + 0.5 * pw.cards)
    return vp, len(goods) - len(left)


def _bonus(game: Game, action: str, phase: str):
    return game.rules.bonuses((action,)).get((phase, 0), NO_BONUS)


def _joint(devs: list[tuple[float, float]], worlds: list[tuple[float, float]],
           hand: int) -> float:
    """The best development and world placed in one round from one hand (each paid with
    the cards left), or the better of them alone."""
    best = max([v for v, cost in devs + worlds if cost <= hand - 1], default=0.0)
    for vd, cd in devs:
        for vw, cw in worlds:
            if cd + cw + 2 <= hand:
                best = max(best, vd + vw)
    return best


def action_values(game: Game, player: int) -> dict[str, float]:
    """Action id -> the VP its card should bring this round (its second copy for a
    repeated phase: `develop2`, `settle2`), from what the seat can really place (costs
    after every reduction and the card's own bonus), produce, consume and trade; keys
    starting with `_` are for `option_value` (what cards bring together)."""
    p = game.players[player]
    design = game.design
    left = rounds_left(game)
    hand = len(p.hand)
    dev_bonus = _bonus(game, "develop", "develop")
    settle_bonus = _bonus(game, "settle", "settle")
    # (gain, cards it costs) of each placement; a world's cost may be fractional
    devs: list[tuple[float, float]] = []
    worlds: list[tuple[float, float]] = []
    for c, cost in develop_costs_now(game, player, dev_bonus.discount).items():
        devs.append((place_worth(game, player, c, left) - card_worth(left) * cost, cost))
    draw_after = SETTLE_DRAW * settle_bonus.draw_after
    for c, world_cost in world_costs_now(game, player, settle_bonus.discount).items():
        worlds.append((place_worth(game, player, c, left) + draw_after
                       - card_worth(left) * world_cost, world_cost))
    devs = [d for d in devs if d[0] > 0]
    worlds = [w for w in worlds if w[0] > 0]
    dev1, dev2 = _best_two(devs, hand)
    set1, set2 = _best_two(worlds, hand)
    late = min(1.0, left / 3.0)    # cards are worth less near the end
    # A card drawn is worth less the fuller the hand (the hand limit is 10).
    card = TRADE_CARD * late * max(0.0, 1.0 - hand / HAND_FULL)
    explore = max(0.2, (HAND_TARGET - hand) * EXPLORE_CARD + EXPLORE_BASE) * (0.4 + 0.6 * late)
    goods = list(p.goods)
    now_vp, used = consume_estimate(game, player, goods)
    traded = max(goods, key=lambda w: (TRADE_PRICE.get(design[w].good, 2), -w), default=None)
    rest = [w for w in goods if w != traded]
    rest_vp, rest_used = consume_estimate(game, player, rest)
    price = TRADE_PRICE.get(design[traded].good, 2) if traded is not None else 0
    # Goods produced wait for a later Consume (worth a little less); a good no consume
    # power takes is traded. A Consume this round first empties the worlds it uses.
    producers = [c for c in p.tableau if design[c].good and not design[c].windfall]
    empty = [c for c in producers if c not in p.goods]
    wait = PRODUCED_WAIT * min(1.0, max(0.0, left - 1.0))

    def produce(worlds: list[int]) -> float:
        vp, taken = consume_estimate(game, player, worlds)
        return wait * (vp + GOOD_TO_TRADE * (len(worlds) - taken))
    emptied = used
    return {
        "develop": dev1, "develop2": dev2, "settle": set1, "settle2": set2,
        "_develop_settle": _joint(devs, worlds, hand),
        "produce": produce(empty),
        "_produce_consumed": produce(empty + goods[:emptied]),
        "_produce_traded": produce(empty + goods[:min(len(goods), rest_used + 1)]),
        "consume2": 2 * CONSUME_WEIGHT * now_vp,
        "_consume_only": CONSUME_WEIGHT * now_vp,
        "trade": price * card + CONSUME_WEIGHT * rest_vp,
        "_trade_consume2": price * card + 2 * CONSUME_WEIGHT * rest_vp,
        "explore5": explore, "explore11": explore * EXPLORE_11,
    }


def option_value(values: dict[str, float], option: tuple) -> float:
    """What an option's action cards bring together: a second copy of a phase only with
    the first; Develop and Settle from one hand; Trade then Consume x2 in one phase; a
    Produce after a Consume refills the worlds it emptied."""
    ids = option if isinstance(option, tuple) else (option,)
    chosen = set(ids)
    if {"develop", "settle"} <= chosen:
        total = values["_develop_settle"]
        chosen -= {"develop", "settle"}
    else:
        total = 0.0
    if {"trade", "consume2"} <= chosen:
        total += values["_trade_consume2"]
        chosen -= {"trade", "consume2"}
    for a in chosen:
        if a in ("develop2", "settle2"):
            base = a[:-1]
            total += values.get(a, 0.0) if base in ids else values.get(base, 0.0)
        elif a == "produce" and "trade" in ids:
            total += values["_produce_traded"]
        elif a == "produce" and "consume2" in ids:
            total += values["_produce_consumed"]
        else:
            total += values.get(a, 0.0)
    return total


def call_cost(game: Game, option) -> float:
    """What the phases an option calls give the automated opponents (`rivals`): each
    answers by its rules every phase anyone calls, in VP lost to each of them. (A seat
    plays a phase it did not call only with what its hand holds: not counted.)"""
    others = len(rivals(game))
    if not others:
        return 0.0
    index = game.rules.action_index()
    ids = option if isinstance(option, tuple) else (option,)
    phases = {index[a].phase for a in ids if a in index}
    return others * sum((CALL_COST.get(phase, 0.0) for phase in phases), 0.0)


def ranked_actions(game: Game, decision: Decision) -> list[tuple[float, tuple]]:
    """Every action option with its value, best first (ties: the order of the options)."""
    values = action_values(game, decision.player)
    scored = [(option_value(values, o) - call_cost(game, o), -k, o)
              for k, o in enumerate(decision.options)]
    scored.sort(reverse=True)
    return [(v, o) for v, _, o in scored]


def _action(game: Game, decision: Decision, rng):
    return ranked_actions(game, decision)[0][1]


def _place_value(game: Game, player: int, card: int, cost: float, left: float) -> float:
    return place_worth(game, player, card, left) - card_worth(left) * cost


def settle_later(game: Game, player: int) -> bool:
    """Has the seat chosen a Settle action whose phase comes after this one?"""
    if game.phase not in PHASES or PHASES.index(game.phase) >= PHASES.index("settle"):
        return False
    index = game.rules.action_index()
    return any(index[a].phase == "settle" for a in game.players[player].actions if a in index)


def planned_worlds(game: Game, player: int) -> list[tuple[float, int, float]]:
    """(value, world, cards it costs) of each world the seat could place in the Settle
    phase it chose later this round (none if it chose none), best first."""
    if not settle_later(game, player):
        return []
    left = rounds_left(game)
    discount = _bonus(game, "settle", "settle").discount
    out = [(_place_value(game, player, w, cost, left), w, cost)
           for w, cost in world_costs_now(game, player, discount).items()]
    return sorted((o for o in out if o[0] > 0), reverse=True)


def _best_world(plans: list, hand_after: int, gone: set) -> float:
    """The value of the best planned world still in hand and affordable."""
    return next((v for v, w, cost in plans if w not in gone and cost <= hand_after - 1), 0.0)


def _develop(game: Game, decision: Decision, rng):
    """The best development, counting the world a later Settle would no longer afford
    (the cards paid here are not there for it)."""
    plans = planned_worlds(game, decision.player)
    if not plans:
        return develop_choice(game, decision, _place_value)
    hand = len(game.players[decision.player].hand)

    def value(g: Game, player: int, card: int, cost: int, left: float) -> float:
        kept = _best_world(plans, hand - 1 - cost, {card})
        return _place_value(g, player, card, cost, left) + kept - plans[0][0]
    return develop_choice(game, decision, value)


def _settle(game: Game, decision: Decision, rng):
    return settle_choice(game, decision, _place_value)


def keep_worth(game: Game, player: int, card: int, hand: int, left: float) -> float:
    """How much a card is worth keeping in a hand of `hand` cards: what it brings placed,
    less what it costs, and less again when that hand cannot pay for it soon."""
    design = game.design[card]
    worth = place_worth(game, player, card, left)
    if design.is_world and design.military:
        gap = max(0, design.cost - military_strength(game, player, design,
                                                     whole_tableau=True))
        return worth - MILITARY_GAP * gap
    cost = design.cost - (1 if design.is_development else 0)
    return worth - KEEP_CARD * cost - HAND_GAP * max(0, cost - (hand - 1))


def discard_worth(game: Game, decision: Decision) -> dict[int, float]:
    """Each card a discard may take -> how much it is worth keeping in the hand that is
    left (`keep_worth`; a world a later Settle this round will place, much more)."""
    n = decision.bounds[0]
    player = decision.player
    p = game.players[player]
    hand = len(p.hand) + (len(p.explore_seen) if decision.kind == "explore" else 0) - n
    if decision.kind == "pay":
        hand -= 1
    left = rounds_left(game)
    worth = {c: keep_worth(game, player, c, hand, left) for c in decision.options}
    if decision.kind == "pay":
        plans = [w for v, w, cost in planned_worlds(game, player) if cost <= hand - 1]
        if plans and plans[0] in worth:
            worth[plans[0]] += RESERVED
    return worth


def _discard_pick(game: Game, decision: Decision, rng) -> tuple:
    """Discard the cards least worth keeping in the hand that is left."""
    if not picks_cards(decision):
        return fallback_answer(game, decision)
    worth = discard_worth(game, decision)
    ranked = sorted(decision.options, key=lambda c: (worth[c], c))
    return tuple(sorted(ranked[:decision.bounds[0]]))


DISCARDS = ("start_discard", "explore", "pay", "hand_limit", "produce_discard",
            "military_discard", "draw_discard")
# Where the quick play differs from the greedy answers (`Rules.greedy`, the base game's and
# the plugins' of the game).
POLICY = {**dict.fromkeys(DISCARDS, _discard_pick), "action": _action,
          "develop": _develop, "settle": _settle}


def policy_answer(game: Game, decision: Decision, rng):
    """The quick answer of the search levels to any decision."""
    handler = POLICY.get(decision.kind) or game.rules.greedy.get(decision.kind)
    if handler is not None:
        return handler(game, decision, rng)
    return fallback_answer(game, decision)
