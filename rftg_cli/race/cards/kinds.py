"""The vocabulary of the fields of card powers and VP rules: the values each may take.

The checks of the card data reject a card that names anything not listed here nor
registered by a plugin, so a typo in a TOML file is an error rather than a power the engine
silently ignores. The power kinds are not listed here: each is declared once, beside its
handlers, by the plugin that owns it (`engine.powers.PowerKind`), and a card's kinds are
checked against the registry of the game (`loader.check_kinds`). Neither are the words
plugins add (`loader.check_words`): a per-player counter (`Rules.counters`) may also be
consumed, paid with, rewarded (a power field of its name) and scored by a VP rule of its
name; power flags come with their notes (`PowerRegistry.add_flags`), keywords with their
labels (`Rules.keywords`).
"""

from __future__ import annotations

# What one use of a phase-IV consume power takes.
CONSUME_INPUTS = frozenset(
    {"any", "novelty", "rare", "gene", "alien", "this", "three_kinds", "n_kinds", "all",
     "hand"}
)
# What is spent to use a power.
PAY_WITH = frozenset(
    {"consume_novelty", "consume_rare", "consume_gene", "consume_alien", "consume_any",
     "hand"}
)
# What a power's value is counted per.
PER = frozenset(
    {"military", "chromo", "imperium", "rebel", "rebel_military", "peaceful", "dev_5plus",
     "two_military"}
)
# Keyword a target must carry.
AGAINST = frozenset({"rebel", "chromo"})

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
    {"three_vp", "total_military", "negative_military", "kind_good", "good"}
)
