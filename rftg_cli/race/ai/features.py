"""What the AI's learned judgement reads of a position: one seat's features, from what that
seat may see (its own hand; of the others, only what is public).

A feature is a number: the seat's chips, hand, goods and tableau, its engine summed from
per-card traits (production, consume capacity, draws, discounts, military, prestige earned),
each engine trait also multiplied by the rounds left (an engine is worth the rounds it still
runs), its prestige (by the rounds left too: the Prestige leader gains each round), the
prestige icons in hand, its unspent once-per-game action card, and the game's pace.
`ai_value` turns them into the margin the seat should still gain (its score now is not one:
points scored are kept whatever comes).
"""

from __future__ import annotations

from ..cards.model import TRADE_PRICE, Card
from ..engine.game import Game, deck_memo
from ..engine.round import spends_cards
from .heuristic import _power_rate

# Per-card traits, summed over a tableau.
TRAITS = (
    "produce",          # a world that produces a good in Produce
    "produce_price",    # ... the trade price of that good
    "windfall",         # a windfall world
    "consume_vp",       # VP a phase of its consume powers can make (all uses)
    "consume_cards",    # cards they draw
    "consume_goods",    # goods they can take
    "trade_bonus",      # extra cards when trading
    "draw_produce",     # cards drawn in Produce
    "draw_explore",     # extra cards seen or kept in Explore
    "draw_other",       # cards drawn in Develop, Settle or Consume
    "develop_reduce",   # developments cost less
    "settle_reduce",    # worlds cost less
    "military",         # military that always counts
    "six_dev",          # a 6-cost development
    "rate",             # the rule-of-thumb VP a round of its powers brings (ai_heuristic)
    "prestige_gain",    # prestige its powers earn (on later placements, in Consume, ...)
)
ENGINE = ("produce", "produce_price", "windfall", "consume_vp", "consume_cards", "trade_bonus",
          "draw_produce", "draw_explore", "draw_other", "develop_reduce", "settle_reduce",
          "rate", "prestige_gain")

ENGINE_AT = tuple(TRAITS.index(t) for t in ENGINE)

NAMES = (
    ("bias", "left", "left_sq", "chips", "tableau", "hand", "hand_over_10", "goods",
     "cycle_vp", "cycle_goods", "hand_worlds", "hand_devs", "hand_six", "hand_military",
     "promise", "bonus_to_come", "prestige", "hand_prestige", "once_per_game_unused")
    + TRAITS
    + tuple(f"{t}_x_left" for t in ENGINE)
    + ("cycle_vp_x_left", "hand_x_left", "promise_x_left", "prestige_x_left")
)


def card_traits(card: Card) -> list[float]:
    """The traits of one card design, in `TRAITS` order."""
    t = dict.fromkeys(TRAITS, 0.0)
    if card.is_world and card.good:
        if card.windfall:
            t["windfall"] = 1.0
        elif card.produces:
            t["produce"] = 1.0
            t["produce_price"] = float(TRADE_PRICE.get(card.good, 3))
    for p in card.powers:
        if p.count("prestige"):
            t["prestige_gain"] += p.count("prestige") * max(p.times, 1)
        # Prestige for placing some cards later (not a conquest's: the solo games this
        # judgement learns from have no takeovers).
        elif "prestige" in p.kind and p.kind != "takeover_prestige":
            t["prestige_gain"] += max(p.value, 1)
        if p.phase == "consume":
            if p.kind == "consume" and p.consume not in ("hand", "prestige"):
                uses = max(p.times, 1)
                t["consume_vp"] += p.vp * uses
                t["consume_cards"] += p.cards * uses
                t["consume_goods"] += uses * max(p.goods_per_use, 1)
            elif p.kind == "trade_bonus":
                t["trade_bonus"] += p.value
            elif p.kind == "draw":
                t["draw_other"] += p.value
        elif p.phase == "produce" and p.kind.startswith("draw"):
            t["draw_produce"] += max(p.value, 1)
        elif p.phase == "explore" and p.kind in ("draw", "keep"):
            t["draw_explore"] += max(p.value, 1)
        elif p.kind in ("draw", "draw_after", "explore", "explore_after"):
            t["draw_other"] += max(p.value, 1)
        elif p.phase == "develop" and p.kind == "reduce":
            t["develop_reduce"] += p.value
        elif p.phase == "settle" and p.kind == "reduce":
            t["settle_reduce"] += p.value
        elif p.phase == "settle" and p.kind == "military" and not (
                p.one_shot or p.good or p.against or p.per or p.pay_with):
            t["military"] += p.value
    t["six_dev"] = 1.0 if card.is_development and card.vp_rules else 0.0
    t["rate"] = _power_rate(card)
    return [t[name] for name in TRAITS]


def traits_of(game: Game) -> list[list[float]]:
    """Every physical card's traits (memoized per deck)."""
    memo = deck_memo(game)
    found = memo.get("traits")
    if found is None:
        found = memo["traits"] = [card_traits(c) for c in game.design]
    return found


def features(game: Game, player: int, left: float) -> list[float]:
    """The seat's features in `NAMES` order, `left` being the rounds left."""
    from .policy import bonus_to_come, consume_estimate, keep_worth

    p = game.players[player]
    design = game.design
    traits = traits_of(game)
    total = [0.0] * len(TRAITS)
    for c in p.tableau:
        for i, v in enumerate(traits[c]):
            total[i] += v
    hand = len(p.hand)
    producers = [c for c in p.tableau if design[c].good and not design[c].windfall]
    cycle_vp, cycle_goods = consume_estimate(game, player, producers)
    worlds = devs = six = military = 0
    for c in p.hand:
        card = design[c]
        if card.is_world:
            if card.military:
                military += 1
            elif card.cost <= hand - 1:
                worlds += 1
        elif card.vp_rules:
            six += 1
        elif card.cost <= hand:
            devs += 1
    promise = sorted((keep_worth(game, player, c, hand, left) for c in p.hand), reverse=True)
    promise_sum = sum(v for v in promise[:4] if v > 0)
    to_come = sum(bonus_to_come(game, player, c, left) for c in p.tableau
                  if design[c].vp_rules)
    icons = sum(1 for c in p.hand if design[c].has_keyword("prestige"))
    prestige = p.count("prestige")       # a per-player counter, 0 where the game has none
    head = [1.0, left, left * left, float(p.vp), float(len(p.tableau)),
            float(hand), float(max(0, hand - 10)), float(len(p.goods)), cycle_vp,
            float(cycle_goods), float(worlds), float(devs), float(six), float(military),
            promise_sum, to_come, float(prestige), float(icons),
            float(once_per_game_unused(game, p.spent))]
    engine = [total[i] * left for i in ENGINE_AT]
    return head + total + engine + [cycle_vp * left, hand * left, promise_sum * left,
                                    prestige * left]


def once_per_game_unused(game: Game, spent: frozenset[str]) -> int:
    """The once-per-game action cards (The Brink of War's Prestige/Search) not yet spent:
    those a choice of every action card would spend."""
    return len(spends_cards(game, tuple(game.rules.action_index())) - spent)
