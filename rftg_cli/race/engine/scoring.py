"""Final scores: VP chips, printed VP, every variable-VP card's rules, and plugin extras."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..cards.kinds import AGGREGATE_VP_MATCHES
from ..cards.model import ANY_KIND, GOODS, Card, VpRule, count_kinds, is_kind
from .game import Game, deck_memo
from .powers import PowerRegistry

AGGREGATE = AGGREGATE_VP_MATCHES
KIND_GOOD_VP = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10}


@dataclass
class Score:
    chips: int = 0
    cards: int = 0                       # printed VP of every tableau card
    bonuses: dict[str, int] = field(default_factory=dict)   # variable-VP card -> its VP
    extras: dict[str, int] = field(default_factory=dict)    # plugins' lines (`score_steps`)
    # The kind each world of any kind was counted as (`score`): card name -> kind.
    kinds: dict[str, str] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.chips + self.cards + sum(self.bonuses.values()) + sum(self.extras.values())


def has_phase_power(card: Card, phase: str, trade: bool | None = None,
                    powers: PowerRegistry | None = None) -> bool:
    """Does the card have a power in `phase`? For consume, `trade` picks Trade vs Consume
    powers as the kinds' registrations in `powers` classify them (rulebook: Trade powers are
    not Consume powers for 6-cost developments)."""
    for power in card.powers:
        if power.phase != phase:
            continue
        if phase == "explore" and "orb" in power.kind:
            continue
        if trade is None:
            return True
        is_trade = powers is not None and powers.is_trade(power)
        if is_trade == trade:
            return True
    return False


def rule_matches(rule: VpRule, card: Card, powers: PowerRegistry) -> bool:
    """Does `card` count for a per-card VP rule? `powers`: the game's power registry, which
    tells Trade powers from Consume powers."""
    m = rule.match
    world = card.is_world
    if m == "name":
        return card.name == rule.name
    if m.endswith("_production"):
        return world and not card.windfall and is_kind(card.good, m[:-11]) and \
            "no_produce" not in card.specials
    if m.endswith("_windfall"):
        return world and card.windfall and is_kind(card.good, m[:-9])
    if m.endswith("_flag"):
        return card.has_keyword({"chromo": "chromo"}.get(m[:-5], m[:-5]))
    test = RULE_TESTS.get(m)
    return test is not None and test(card, powers)


def _trade(card: Card, powers: PowerRegistry) -> bool:
    return has_phase_power(card, "consume", True, powers)


# The per-card VP rules that test a card's type and powers, each evaluated only when asked
# (a score counts every card of the tableau against each 6-cost development's rules).
RULE_TESTS: dict[str, Callable[[Card, PowerRegistry], bool]] = {
    "devel_explore": lambda c, powers: c.is_development and has_phase_power(c, "explore"),
    "world_explore": lambda c, powers: c.is_world and has_phase_power(c, "explore"),
    "devel_trade": lambda c, powers: c.is_development and _trade(c, powers),
    "world_trade": lambda c, powers: c.is_world and _trade(c, powers),
    "devel_consume": lambda c, powers: c.is_development and has_phase_power(
        c, "consume", False, powers),
    "world_consume": lambda c, powers: c.is_world and has_phase_power(
        c, "consume", False, powers),
    "six_devel": lambda c, powers: c.is_six_cost,
    "devel": lambda c, powers: c.is_development,
    "world": lambda c, powers: c.is_world,
    "nonmilitary_world": lambda c, powers: c.is_world and not c.military,
    "nonmilitary_trade": lambda c, powers: c.is_world and not c.military and _trade(c, powers),
    "military": lambda c, powers: c.is_world and c.military,
    "rebel_military": lambda c, powers: c.is_world and c.military and c.has_keyword("rebel"),
}


def _first_match(game: Game, card: Card, other: Card) -> int:
    """The points `card`'s per-card VP rules give `other`: its first rule that matches."""
    for rule in card.vp_rules:
        if rule.match not in AGGREGATE and rule_matches(rule, other, game.rules.powers):
            return rule.points
    return 0


def card_points(game: Game, card: Card, other: int, memo: dict | None = None) -> int:
    """The points the variable-VP card `card` scores for card number `other` of the deck
    (memoized per deck, in `memo` if given: a score counts every tableau card against each
    such card, and the AI weighs them again and again)."""
    if memo is None:
        memo = deck_memo(game).setdefault("card_points", {})
    key = (card.id, other)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _first_match(game, card, game.design[other])
    return found


def variable_vp(game: Game, player: int, card: Card, any_as: str = "") -> int:
    """VP of one variable-VP card for this tableau: each tableau card scores on the first
    rule it matches; aggregate rules are counted once. `any_as`: the kind a world of any
    kind (Alien Oort Cloud Refinery) is given for the final count."""
    from .settle import military_strength

    p = game.players[player]
    memo = deck_memo(game).setdefault("card_points", {})
    tableau = []
    total = 0
    for c in p.tableau:
        other = game.design[c]
        if any_as and other.good == ANY_KIND:        # the kind it takes for the final count
            other = replace(other, good=any_as)
            total += _first_match(game, card, other)
        else:
            total += card_points(game, card, c, memo)
        tableau.append(other)
    for rule in card.vp_rules:
        m = rule.match
        if m == "three_vp":
            total += p.vp // 3
        elif m == "total_military":
            total += military_strength(game, player, None, whole_tableau=True)
        elif m == "negative_military":
            total -= military_strength(game, player, None, whole_tableau=True)
        elif m in game.rules.counters:
            total += p.count(m)
        elif m == "good":
            total += len(p.goods)
        elif m == "kind_good":
            # Galactic Exchange counts the kinds of goods *worlds* in the tableau (production
            # or windfall), whether or not a good sits on them.
            total += KIND_GOOD_VP[count_kinds(card.good for card in tableau if card.is_world)]
    return total


def score(game: Game, player: int) -> Score:
    """The score; a world of any kind (Alien Oort Cloud Refinery) takes, once for the
    whole count, the kind that scores best (The Brink of War: its type « est choisi (une
    seule fois) avant le décompte final »)."""
    # The engine chooses for the owner: the kind is the owner's to choose and only this
    # count reads it, so no player would choose one scoring less (the first in `GOODS`
    # order on a tie); the breakdown names it (`Score.kinds`).
    tableau = [game.design[c] for c in game.players[player].tableau]
    anys = [c.name for c in tableau if c.good == ANY_KIND]
    if not anys:
        return _score(game, player, "")
    best = max(((_score(game, player, kind), kind) for kind in GOODS),
               key=lambda e: e[0].total)
    best[0].kinds = dict.fromkeys(anys, best[1])
    return best[0]


def _score(game: Game, player: int, any_as: str) -> Score:
    p = game.players[player]
    result = Score(chips=p.vp)
    for c in p.tableau:
        card = game.design[c]
        result.cards += card.vp
        if card.vp_rules:
            result.bonuses[card.name] = variable_vp(game, player, card, any_as)
    for step in game.rules.score_steps:
        for label, points in step(game, player):
            result.extras[label] = result.extras.get(label, 0) + points
    return result


def tie_break(game: Game, player: int) -> int:
    """Rulebook tie-break: cards in hand plus goods."""
    p = game.players[player]
    return len(p.hand) + len(p.goods)


def winners(game: Game) -> list[int]:
    keys = [(score(game, i).total, tie_break(game, i)) for i in range(len(game.players))]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]
