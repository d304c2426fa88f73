"""Plain-English text for cards, generated from the data: one sentence per power and VP rule.

Powers read like the card game's own summaries, prefixed by the phase numeral:
"III: -2 to settle non-military worlds", "IV: consume 2 goods of any kind for 3 VP",
"V: draw 1 card if this world produced". Each power kind says its own sentence, declared with
its handlers (`PowerKind.text`) from the phrases here; the CLI and the game screens read them
through the registry of power kinds of the game (`kinds`), never the raw kind names.
"""

from __future__ import annotations

from .kinds import VP_MATCHES
from .model import Card, Power, VpRule

NUMERALS = {"explore": "I", "develop": "II", "settle": "III", "consume": "IV", "produce": "V"}

KEYWORD_NAMES = {
    "rebel": "Rebel", "imperium": "Imperium", "alien": "Alien", "uplift": "Uplift",
    "terraforming": "Terraforming", "chromo": "Chromosome",
}


def keyword_label(keyword: str, labels: dict[str, str]) -> str:
    """A keyword as `rftg cards` lists it: "Rebel", or the label of one a plugin registers
    (`labels`, `Rules.keywords`)."""
    return labels.get(keyword) or KEYWORD_NAMES[keyword]


SPECIAL_TEXT = {
    "starthand_3": "keeps a 3-card starting hand instead of 4",
    "start_save": "at the start tucks 1 card kept in the starting hand under this world",
    "discard_to_12": "hand limit 12 instead of 10",
    "game_end_14": "the game ends at 14 tableau cards instead of 12",
    "take_discards": "takes the cards other players discard for the hand limit",
    "select_last": "chooses its action after seeing the others'",
    "no_produce": "holds goods but never produces",
    "discard_produce": "discard a card to produce here",
}
# `per` -> what is counted, after "per".
PER_TEXT = {
    "military": "military world you have",
    "chromo": "Chromosome world you have",
    "imperium": "Imperium card you have",
    "rebel": "Rebel world you have",
    "rebel_military": "Rebel military world you have",
    "peaceful": "non-military world you have",
    "dev_5plus": "development you have costing 5 or more",
    "two_military": "two military worlds you have",
}


# --- phrases the power kinds' sentences are made of (`PowerKind.text`) ---------------------

def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def article(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def cost_clause(power: Power) -> str:
    """The cost of using a power, as a leading clause ('' when the power is free)."""
    if power.one_shot:
        return "discard this card from your tableau"
    if power.pay_with.startswith("consume_"):
        good = power.pay_with.removeprefix("consume_")
        return f"consume {article('good') if good == 'any' else article(good + ' good')}"
    if power.pay_with == "hand":
        return "discard a card from your hand"
    if power.pay_with:      # a counter a plugin registers (`Rules.counters`)
        return f"spend 1 {power.pay_with}"
    return ""


def for_cost(power: Power, effect: str) -> str:
    """'consume a rare good for -2 to develop', or the bare effect when the power is free."""
    paid = cost_clause(power)
    return f"{paid} for {effect}" if paid else effect


def to_cost(power: Power, effect: str) -> str:
    """'discard this card from your tableau to settle ...', or 'may settle ...' when free."""
    paid = cost_clause(power)
    return f"{paid} to {effect}" if paid else f"may {effect}"


def target_worlds(power: Power, military: bool) -> str:
    """The worlds a settle power applies to: 'rare non-military worlds', 'Rebel military worlds'."""
    words = []
    if power.against:
        words.append(KEYWORD_NAMES[power.against])
    if power.good and power.good not in ("any", "this"):
        words.append(power.good)
    words.append("military worlds" if military else "non-military worlds")
    return " ".join(words)


def per_phrase(power: Power) -> str:
    return f" per {PER_TEXT[power.per]}" if power.per else ""


def power_text(power: Power, card: Card | None, kinds) -> str:
    """One power in plain English with its phase numeral: 'V: draw 1 card if this world
    produced'. `card` supplies the world's own goods kind for produce and trade powers;
    `kinds` is the registry of power kinds whose sentences are read (`PowerRegistry`)."""
    return f"{NUMERALS[power.phase]}: {kinds.text(power, card)}"


def powers_by_phase(card: Card, kinds) -> str:
    """All of a card's powers on one line, grouped by phase:
    'III: -1 to settle rare non-military worlds, +1 military · IV: ...'."""
    groups: list[str] = []
    for phase, numeral in NUMERALS.items():
        bodies = [kinds.text(p, card) for p in card.powers if p.phase == phase]
        if bodies:
            groups.append(f"{numeral}: {', '.join(bodies)}")
    return " · ".join(groups)


# --- end-game VP rules (6-cost developments and a few others) -------------------------------

VP_PER_CARD = {
    "devel_explore": "development with an explore power",
    "world_explore": "world with an explore power",
    "devel_trade": "development with a trade power",
    "world_trade": "world with a trade power",
    "devel_consume": "development with a consume power",
    "world_consume": "world with a consume power",
    "six_devel": "6-cost development (this one included)",
    "devel": "development",
    "world": "world",
    "nonmilitary_world": "non-military world",
    "nonmilitary_trade": "non-military world with a trade power",
    "military": "military world",
    "rebel_military": "Rebel military world",
}
VP_AGGREGATE = {
    "three_vp": "1 VP per 3 VP chips you have",
    "total_military": "1 VP per point of military you have",
    "negative_military": "1 VP per point of negative military you have",
    "kind_good": "1, 3, 6 or 10 VP for 1, 2, 3 or 4 kinds of goods worlds in your tableau",
    "good": "1 VP per world with a good on it",
}


def vp_rule_text(rule: VpRule) -> str:
    """One end-game VP rule in plain English: '2 VP per gene production world'."""
    if rule.match in VP_AGGREGATE:
        return VP_AGGREGATE[rule.match]
    if rule.match not in VP_MATCHES:        # a counter a plugin registers (`Rules.counters`)
        return f"1 VP per {rule.match} you have"
    if rule.match == "name":
        return f"{rule.points} VP for each {rule.name}"
    kind, _, what = rule.match.rpartition("_")
    if what in ("production", "windfall"):
        return f"{rule.points} VP per {kind} {what} world"
    if what == "flag":
        return f"{rule.points} VP per {KEYWORD_NAMES[kind]} card"
    return f"{rule.points} VP per {VP_PER_CARD[rule.match]}"


# --- whole-card lines ----------------------------------------------------------------------

def type_text(card: Card) -> str:
    """'start world 0 (blue)', 'military world', 'development'."""
    if card.is_development:
        return "development"
    kind = "military world" if card.military else "world"
    if card.is_start_world:
        number = "" if card.start_number is None else f" {card.start_number}"
        return f"{kind.replace('world', 'start world')}{number} ({card.start_color})"
    return kind


def cost_text(card: Card) -> str:
    """'cost 3' or 'defense 2'."""
    return f"defense {card.cost}" if card.military else f"cost {card.cost}"


def vp_text(card: Card) -> str:
    """'2 VP', or '? VP' for a card scored by VP rules (plus its printed VP, if any)."""
    if card.vp_rules:
        return f"{card.vp} VP + ?" if card.vp else "? VP"
    return f"{card.vp} VP"


def good_text(card: Card) -> str:
    """'rare windfall', 'novelty production', 'windfall of any kind' or ''."""
    if not card.good:
        return ""
    how = "windfall" if card.windfall else "production" if card.produces else "good"
    return f"{how} of any kind" if card.good == "any" else f"{card.good} {how}"


def card_summary(card: Card, kinds) -> str:
    """One line for prompts: type, cost, VP, good and powers (a plain produce power is implied
    by the goods entry): 'world, cost 2, 1 VP, rare production; III: +1 military'."""
    head = [type_text(card), cost_text(card), vp_text(card)]
    if card.good:
        head.append(good_text(card))
    powers = [power_text(p, card, kinds) for p in card.powers
              if not (p.kind == "produce" and not p.pay_with)]
    powers += [SPECIAL_TEXT[s] for s in card.specials if s in SPECIAL_TEXT]
    return ", ".join(head) + ("; " + "; ".join(powers) if powers else "")
