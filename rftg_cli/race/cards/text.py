"""Plain-English text for cards, generated from the data: one sentence per power and VP rule.

Powers read like the card game's own summaries, prefixed by the phase numeral:
"III: -2 to settle non-military worlds", "IV: consume 2 goods of any kind for 3 VP",
"V: draw 1 card if this world produced". Every power kind in `kinds.POWER_KINDS` has a
sentence here; the CLI and the game screens use them, never the raw kind names.
"""

from __future__ import annotations

from collections.abc import Callable

from rftg_cli.words import plural
from .model import Card, Power, VpRule

NUMERALS = {"explore": "I", "develop": "II", "settle": "III", "consume": "IV", "produce": "V"}

KEYWORD_NAMES = {
    "rebel": "Rebel", "imperium": "Imperium", "alien": "Alien", "uplift": "Uplift",
    "terraforming": "Terraforming", "chromo": "Chromosome", "prestige": "prestige",
}
SPECIAL_TEXT = {
    "starthand_3": "keeps a 3-card starting hand instead of 4",
    "start_save": "at the start may tuck a discarded starting card under this world",
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
FLAG_TEXT = {
    "no_takeover": "not for takeovers",
    "destroy": "the world taken over is destroyed instead",
    "trade_no_bonus": "no trade bonuses",
    "not_this": "not on this world",
    "if_imperium": "only if you have an Imperium card",
    "xeno": "only against Xeno worlds",
    "gain_prestige": "gain prestige when you do",
}


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _a(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _this_good(card: Card | None) -> str:
    if card is None or not card.good or card.good == "any":
        return "good"
    return f"{card.good} good"


def _paid(power: Power) -> str:
    """The cost of using a power, as a leading clause ('' when the power is free)."""
    if power.one_shot:
        return "discard this card from your tableau"
    if power.pay_with.startswith("consume_"):
        good = power.pay_with.removeprefix("consume_")
        return f"consume {_a('good') if good == 'any' else _a(good + ' good')}"
    if power.pay_with == "prestige":
        return "spend 1 prestige"
    if power.pay_with == "hand":
        return "discard a card from your hand"
    return ""


def _for(power: Power, effect: str) -> str:
    """'consume a rare good for -2 to develop', or the bare effect when the power is free."""
    paid = _paid(power)
    return f"{paid} for {effect}" if paid else effect


def _to(power: Power, effect: str) -> str:
    """'discard this card from your tableau to settle ...', or 'may settle ...' when free."""
    paid = _paid(power)
    return f"{paid} to {effect}" if paid else f"may {effect}"


def _with_flags(power: Power, text: str) -> str:
    notes = [FLAG_TEXT[f] for f in power.flags if f in FLAG_TEXT]
    return f"{text} ({'; '.join(notes)})" if notes else text


def _target_worlds(power: Power, military: bool) -> str:
    """The worlds a settle power applies to: 'rare non-military worlds', 'Rebel military worlds'."""
    words = []
    if power.against:
        words.append(KEYWORD_NAMES[power.against])
    if power.good and power.good not in ("any", "this"):
        words.append(power.good)
    words.append("military worlds" if military else "non-military worlds")
    return " ".join(words)


def _per(power: Power) -> str:
    return f" per {PER_TEXT[power.per]}" if power.per else ""


# --- phase I: explore -----------------------------------------------------------------------

def _explore_draw(p: Power, card: Card | None) -> str:
    if p.per:
        return f"draw {plural(p.value, 'extra card')}{_per(p)} when exploring"
    return f"draw {plural(p.value, 'extra card')} when exploring"


EXPLORE: dict[str, Callable[[Power, Card | None], str]] = {
    "draw": _explore_draw,
    "keep": lambda p, c: f"keep {plural(p.value, 'extra card')} when exploring",
    "discard_any": lambda p, c: "may discard from your hand and the explored cards together",
    "discard_prestige": lambda p, c: (
        f"may discard a card from your hand to gain {p.value} prestige"),
}

# --- phase II: develop ----------------------------------------------------------------------

DEVELOP: dict[str, Callable[[Power, Card | None], str]] = {
    "reduce": lambda p, c: _for(p, f"-{p.value} to develop"),
    "draw": lambda p, c: f"draw {plural(p.value, 'card')} at the start of the phase",
    "draw_after": lambda p, c: f"draw {plural(p.value, 'card')} after developing",
    "explore": lambda p, c: (
        f"draw {plural(p.value, 'card')} at the start of the phase, then discard 1 card"),
    "discard_reduce": lambda p, c: (
        f"discard this card from your tableau for -{p.value} to develop"),
    "save_cost": lambda p, c: "may tuck 1 card spent on a development under this card",
    "prestige": lambda p, c: f"gain {p.value} prestige when you develop",
    "prestige_rebel": lambda p, c: f"gain {p.value} prestige when you develop a Rebel card",
    "prestige_six": lambda p, c: (
        f"gain {p.value} prestige when you develop a 6-cost development"),
}

# --- phase III: settle ----------------------------------------------------------------------


def _settle_reduce(p: Power, c: Card | None) -> str:
    return _for(p, f"-{p.value} to settle {_target_worlds(p, military=False)}")


def _settle_military(p: Power, c: Card | None) -> str:
    amount = f"{signed(p.value)} military{_per(p)}"
    if p.against or (p.good and p.good != "any"):
        amount += f" against {_target_worlds(p, military=True)}"
    if p.pay_with or p.one_shot:
        return _with_flags(p, _for(p, amount) + " this phase")
    return _with_flags(p, amount)


def _pay_military(p: Power, c: Card | None) -> str:
    target = _a(_target_worlds(p, military=True).removesuffix("s"))
    text = f"may pay cards for {target} instead of conquering it"
    return f"{text}, -{p.value} to its cost" if p.value else text


def _conquer_settle(p: Power, c: Card | None) -> str:
    text = _to(p, "conquer a non-military world with military, its cost counting as defense")
    if p.value:
        text += f", with {signed(p.value)} military"
    return _with_flags(p, text)


def _takeover(target: str) -> Callable[[Power, Card | None], str]:
    def text(p: Power, c: Card | None) -> str:
        body = _to(p, f"take over {target}")
        if p.value and p.kind == "takeover_imperium":
            body += f", with {signed(p.value)} military per Rebel military world you have"
        elif p.value:
            body += f"; gain {p.value} prestige if it succeeds"
        return _with_flags(p, body)
    return text


SETTLE: dict[str, Callable[[Power, Card | None], str]] = {
    "reduce": _settle_reduce,
    "military": _settle_military,
    "pay_military": _pay_military,
    "pay_discount": lambda p, c: (
        f"-{p.value} more when paying cards for a military world"),
    "pay_prestige": lambda p, c: (
        f"gain {p.value} prestige when you pay cards for a military world"),
    "military_hand": lambda p, c: (
        f"discard up to {p.value} cards from your hand for +1 military each this phase"
        if p.value > 1 else "discard 1 card from your hand for +1 military this phase"),
    "reduce_zero": lambda p, c: _to(p, "settle a non-military, non-alien world for free"),
    "conquer_settle": _conquer_settle,
    "draw_after": lambda p, c: f"draw {plural(p.value, 'card')} after settling a world",
    "explore_after": lambda p, c: (
        f"after settling a world, draw {plural(p.value, 'card')} and discard 1 of them"),
    "prestige_rebel": lambda p, c: (
        f"gain {p.value} prestige when you settle a Rebel military world"),
    "save_cost": lambda p, c: "may tuck 1 card spent on a world under this card",
    "place_two": lambda p, c: "may settle a second world this phase",
    "place_military": lambda p, c: _to(p, "settle an extra military world this phase"),
    "auto_produce": lambda p, c: "a production world you settle gets a good at once",
    "produce_prestige": lambda p, c: (
        f"gain {p.value} prestige when you settle a production world"),
    "takeover_rebel": _takeover("Rebel military worlds"),
    "takeover_imperium": _takeover("worlds of a player with an Imperium card"),
    "takeover_military": _takeover("military worlds of a player with military 1 or more"),
    "takeover_prestige": lambda p, c: (
        "spend 1 prestige to take over a military world of any player; gain "
        f"{p.value} prestige if it succeeds"),
    "takeover_defense": lambda p, c: (
        "against takeovers, +1 defense per military world you have, +1 more per Rebel one"),
    "prevent_takeover": lambda p, c: (
        "spend 1 prestige to cancel one declared takeover against any player"),
    "upgrade_world": lambda p, c: (
        "may replace one of your non-military worlds, for free, with a non-military world "
        f"of the same kind from your hand costing 0 to {p.value} more"),
}

# --- phase IV: consume (trade and consume) --------------------------------------------------


def _rewards(p: Power) -> str:
    parts = []
    if p.vp:
        parts.append(f"{p.vp} VP")
    if p.cards:
        parts.append(plural(p.cards, "card"))
    if p.prestige:
        parts.append(f"{p.prestige} prestige")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _goods(n: int, kind: str) -> str:
    """'1 good of any kind', '2 rare goods'."""
    if kind == "any":
        return f"{plural(n, 'good')} of any kind"
    return f"{n} {kind} {'good' if n == 1 else 'goods'}"


def _consume(p: Power, card: Card | None) -> str:
    each = p.times > 1
    rewards = _rewards(p)
    if p.consume == "hand":
        if p.goods_per_use > 1:
            what = f"discard {plural(p.goods_per_use, 'card')} from your hand"
        elif each:
            what = f"discard up to {plural(p.times, 'card')} from your hand"
        else:
            what = "discard 1 card from your hand"
        return f"{what} for {rewards}{' each' if each else ''}"
    if p.consume == "prestige":
        return f"spend {p.goods_per_use} prestige for {rewards}"
    if p.consume == "this":
        return f"consume the {_this_good(card) if not p.good else p.good + ' good'} on this " \
               f"world for {rewards}"
    if p.consume == "three_kinds":
        return f"consume 3 goods of different kinds for {rewards}"
    if p.consume == "n_kinds":
        return f"consume 1 to 4 goods of different kinds for {rewards} per good"
    if p.consume == "all":
        return f"consume all your goods for {rewards} per good after the first"
    if each:
        return f"consume up to {_goods(p.times * p.goods_per_use, p.consume)} for {rewards} " \
               f"{'each' if p.goods_per_use == 1 else f'per {p.goods_per_use}'}"
    return f"consume {_goods(p.goods_per_use, p.consume)} for {rewards}"


def _trade_bonus(p: Power, card: Card | None) -> str:
    if p.good == "this":
        what = "the good from this world"
    elif p.good in ("", "any"):
        what = "any good"
    else:
        what = _a(f"{p.good} good")
    if p.per:
        return f"+{plural(max(p.value, 1), 'card')}{_per(p)} when trading {what}"
    return f"+{plural(p.value, 'card')} when trading {what}"


CONSUME: dict[str, Callable[[Power, Card | None], str]] = {
    "trade_bonus": _trade_bonus,
    "trade_action": lambda p, c: _with_flags(p, "may trade a good without choosing Trade"),
    "no_trade": lambda p, c: "the good on this world cannot be traded",
    "consume": _consume,
    "draw": lambda p, c: f"draw {plural(p.value, 'card')}",
    "draw_lucky": lambda p, c: (
        "name a cost and flip the top card of the deck: keep it if its cost matches"),
    "ante_card": lambda p, c: (
        "may ante a card costing 1 to 6 from your hand and flip that many cards: "
        "if one costs more, keep one of them and the ante"),
    "vp": lambda p, c: f"gain {p.value} VP",
}

# --- phase V: produce -----------------------------------------------------------------------


def _produce(p: Power, card: Card | None) -> str:
    good = "a good of any kind" if card is None or card.good in ("", "any") \
        else _a(f"{card.good} good")
    effect = f"produce {good} on this world"
    return _to(p, effect) if p.pay_with else effect


def _windfall(p: Power, card: Card | None) -> str:
    kind = "" if p.good in ("", "any") else f"{p.good} "
    effect = f"put a good on one of your empty {kind}windfall worlds"
    return _with_flags(p, _to(p, effect) if p.pay_with else effect)


def _kind_produced(p: Power) -> str:
    return "good" if p.good in ("", "any") else f"{p.good} good"


PRODUCE: dict[str, Callable[[Power, Card | None], str]] = {
    "produce": _produce,
    "windfall": _windfall,
    "draw": lambda p, c: f"draw {plural(p.value, 'card')}",
    "draw_if_produced": lambda p, c: f"draw {plural(p.value, 'card')} if this world produced",
    "prestige_if_produced": lambda p, c: f"gain {p.value} prestige if this world produced",
    "draw_per_good_produced": lambda p, c: (
        f"draw {plural(p.value, 'card')} per {_kind_produced(p)} you produced"),
    "draw_per_world": lambda p, c: (
        f"draw {plural(p.value, 'card')} per {_kind_produced(p).replace('good', 'production')} "
        "world you have"),
    "draw_per_kind_produced": lambda p, c: (
        f"draw {plural(p.value, 'card')} per kind of good you produced"),
    "draw_if_most_produced": lambda p, c: (
        f"draw {plural(p.value, 'card')} if you produced the most {_kind_produced(p)}s"),
    "prestige_if_most": lambda p, c: (
        f"gain {p.value} prestige if you have the most "
        f"{PER_TEXT[p.per].removesuffix(' you have')}s"),
    "draw_per": lambda p, c: f"draw {plural(p.value, 'card')}{_per(p)}",
    "take_saved": lambda p, c: "take all cards tucked under this card into your hand",
}

PHASE_TEXT: dict[str, dict[str, Callable[[Power, Card | None], str]]] = {
    "explore": EXPLORE, "develop": DEVELOP, "settle": SETTLE, "consume": CONSUME,
    "produce": PRODUCE,
}


def power_body(power: Power, card: Card | None = None) -> str:
    """What a power does, without the phase numeral: 'draw 1 card if this world produced'."""
    return PHASE_TEXT[power.phase][power.kind](power, card)


def power_text(power: Power, card: Card | None = None) -> str:
    """One power in plain English with its phase numeral: 'V: draw 1 card if this world
    produced'. `card` supplies the world's own goods kind for produce and trade powers."""
    return f"{NUMERALS[power.phase]}: {power_body(power, card)}"


def powers_by_phase(card: Card) -> str:
    """All of a card's powers on one line, grouped by phase:
    'III: -1 to settle rare non-military worlds, +1 military · IV: ...'."""
    groups: list[str] = []
    for phase, numeral in NUMERALS.items():
        bodies = [power_body(p, card) for p in card.powers if p.phase == phase]
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
    "prestige": "1 VP per prestige you have",
    "kind_good": "1, 3, 6 or 10 VP for 1, 2, 3 or 4 kinds of goods worlds in your tableau",
    "good": "1 VP per world with a good on it",
}


def vp_rule_text(rule: VpRule) -> str:
    """One end-game VP rule in plain English: '2 VP per gene production world'."""
    if rule.match in VP_AGGREGATE:
        return VP_AGGREGATE[rule.match]
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


def card_summary(card: Card) -> str:
    """One line for prompts: type, cost, VP, good and powers (a plain produce power is implied
    by the goods entry): 'world, cost 2, 1 VP, rare production; III: +1 military'."""
    head = [type_text(card), cost_text(card), vp_text(card)]
    if card.good:
        head.append(good_text(card))
    powers = [power_text(p, card) for p in card.powers
              if not (p.kind == "produce" and not p.pay_with)]
    powers += [SPECIAL_TEXT[s] for s in card.specials if s in SPECIAL_TEXT]
    return ", ".join(head) + ("; " + "; ".join(powers) if powers else "")
