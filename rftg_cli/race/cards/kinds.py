"""The vocabulary of card powers: every power kind per phase, and the values its fields take.

The loader rejects a card that names anything not listed here, so a typo in a TOML file is an
error at load time rather than a power the engine silently ignores. Each power kind gets one
implementation in the engine and one sentence in `text.py`; add a kind here first.
"""

from __future__ import annotations

# phase -> kind -> what the power does (one line; the player-facing text lives in text.py).
POWER_KIND_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "explore": {
        "draw": "draw `value` extra cards when exploring (or per `per`)",
        "keep": "keep `value` extra cards when exploring",
        "discard_any": "discard from hand and explored cards together",
        "discard_prestige": "discard a card from hand while exploring to gain `value` prestige",
    },
    "develop": {
        "reduce": "developments cost `value` less (optionally paid for with `pay_with`)",
        "draw": "draw `value` cards at the start of the phase",
        "draw_after": "draw `value` cards after placing a development",
        "explore": "draw `value` cards at the start of the phase, then discard one",
        "discard_reduce": "discard this card from the tableau: the development costs `value` less",
        "save_cost": "tuck one card spent on a development under this card",
        "prestige": "gain `value` prestige when placing a development",
        "prestige_rebel": "gain `value` prestige when placing a Rebel development",
        "prestige_six": "gain `value` prestige when placing a 6-cost development",
    },
    "settle": {
        "reduce": "non-military worlds (of kind `good`) cost `value` less",
        "military": "+`value` military (filtered by `good`, `against`, `per`, `pay_with`)",
        "pay_military": "pay for a military world with cards as if non-military, `value` less",
        "pay_discount": "an extra `value` off when paying cards for a military world",
        "pay_prestige": "gain `value` prestige when using a pay-for-military power",
        "military_hand": "discard up to `value` cards from hand for +1 military each",
        "reduce_zero": "discard this card: place a non-military, non-Alien world for free",
        "conquer_settle": "conquer a non-military world with military (defense = its cost)",
        "draw_after": "draw `value` cards after placing a world",
        "explore_after": "after placing a world, draw `value` cards and discard one",
        "prestige_rebel": "gain `value` prestige when placing a Rebel military world",
        "save_cost": "tuck one card spent on a world under this card",
        "place_two": "place a second world this phase",
        "place_military": "discard this card: place an extra military world",
        "auto_produce": "a production world placed gets a good at once",
        "produce_prestige": "gain `value` prestige when placing a production world",
        "takeover_rebel": "may take over Rebel military worlds",
        "takeover_imperium": "may take over worlds of a player with an Imperium card, +`value`",
        "takeover_military": "may take over any military world, +`value` military",
        "takeover_prestige": "spend prestige to attempt a takeover, +`value` military",
        "takeover_defense": "extra defense against takeovers",
        "prevent_takeover": "may block one takeover attempt",
        "upgrade_world": "replace a world by one from hand of the same kind, up to `value` dearer",
    },
    "consume": {
        "trade_bonus": "+`value` cards when trading a good of kind `good`",
        "trade_action": "trade a good without the Trade action",
        "no_trade": "the good on this world cannot be traded",
        "consume": "consume goods (`consume`, `goods_per_use`) `times` times for vp/cards/prestige",
        "draw": "draw `value` cards",
        "draw_lucky": "name a cost and flip a card: keep it if the cost matches",
        "ante_card": "ante a card from hand for a chance at a dearer one",
        "vp": "gain `value` VP",
    },
    "produce": {
        "produce": "produce a good on this world",
        "windfall": "put a good on an empty windfall world (of kind `good`)",
        "draw": "draw `value` cards",
        "draw_if_produced": "draw `value` cards if this world produced",
        "prestige_if_produced": "gain `value` prestige if this world produced",
        "draw_per_good_produced": "draw `value` per good of kind `good` produced",
        "draw_per_world": "draw `value` per production world of kind `good`",
        "draw_per_kind_produced": "draw `value` per different kind of good produced",
        "draw_if_most_produced": "draw `value` if you produced the most goods (of kind `good`)",
        "prestige_if_most": "gain `value` prestige if you have the most `per` cards",
        "draw_per": "draw `value` per `per` card in your tableau",
        "take_saved": "take the cards tucked under this card into hand",
    },
}

POWER_KINDS: dict[str, frozenset[str]] = {
    phase: frozenset(kinds) for phase, kinds in POWER_KIND_DESCRIPTIONS.items()
}

# What one use of a phase-IV consume power takes.
CONSUME_INPUTS = frozenset(
    {"any", "novelty", "rare", "gene", "alien", "this", "three_kinds", "n_kinds", "all",
     "prestige", "hand"}
)
# What is spent to use a power.
PAY_WITH = frozenset(
    {"consume_novelty", "consume_rare", "consume_gene", "consume_alien", "consume_any",
     "prestige", "hand"}
)
# What a power's value is counted per.
PER = frozenset(
    {"military", "chromo", "imperium", "rebel", "rebel_military", "peaceful", "dev_5plus",
     "two_military"}
)
# Keyword a target must carry.
AGAINST = frozenset({"rebel", "chromo"})
POWER_FLAGS = frozenset(
    {"no_takeover", "destroy", "trade_no_bonus", "not_this", "if_imperium", "xeno",
     "gain_prestige"}
)

# What a tableau card must be to score a VP rule (aggregate rules are counted once).
VP_MATCHES = frozenset(
    {f"{good}_{how}" for good in ("novelty", "rare", "gene", "alien")
     for how in ("production", "windfall")}
    | {f"{kw}_flag" for kw in ("rebel", "alien", "terraforming", "uplift", "imperium", "chromo")}
    | {"devel_explore", "world_explore", "devel_trade", "world_trade", "devel_consume",
       "world_consume", "six_devel", "devel", "world", "nonmilitary_world",
       "nonmilitary_trade", "military", "rebel_military", "name"}
)
AGGREGATE_VP_MATCHES = frozenset(
    {"three_vp", "total_military", "negative_military", "prestige", "kind_good", "good"}
)
