"""Every power kind and VP rule used by base-game cards has a constructed-position test.

When a card file gains a power kind, add a test for it (tests/test_powers_<phase>.py) and
list the kind here: this test fails until then.
"""

from rftg_cli.cards.loader import load_cards

COVERED = {
    ("explore", "draw"), ("explore", "keep"), ("explore", "discard_any"),
    ("develop", "draw"), ("develop", "reduce"), ("develop", "draw_after"),
    ("settle", "reduce"), ("settle", "military"), ("settle", "reduce_zero"),
    ("settle", "pay_military"), ("settle", "draw_after"),
    ("consume", "trade_bonus"), ("consume", "trade_action"), ("consume", "consume"),
    ("consume", "draw"), ("consume", "draw_lucky"),
    ("produce", "produce"), ("produce", "windfall"), ("produce", "draw"),
    ("produce", "draw_if_produced"), ("produce", "draw_per_good_produced"),
    ("produce", "draw_per_kind_produced"), ("produce", "draw_per_world"),
    ("produce", "draw_if_most_produced"),
}

CONSUME_SHAPES = {"any", "novelty", "rare", "gene", "alien", "three_kinds", "all", "hand"}

VP_MATCHES = {
    "six_devel", "devel", "world", "military", "rebel_military", "devel_explore",
    "world_explore", "devel_trade", "world_trade", "devel_consume", "world_consume",
    "alien_flag", "name", "three_vp", "total_military", "good",
    *(f"{k}_{w}" for k in ("novelty", "rare", "gene", "alien")
      for w in ("production", "windfall")),
}


def base_cards():
    return [c for c in load_cards().cards if c.set == "base"]


def test_every_base_power_kind_has_a_test():
    used = {(p.phase, p.kind) for c in base_cards() for p in c.powers}
    assert used - COVERED == set()


def test_every_base_consume_shape_has_a_test():
    used = {p.consume for c in base_cards() for p in c.powers if p.kind == "consume"}
    assert used - CONSUME_SHAPES == set()


def test_every_base_vp_rule_has_a_test():
    used = {r.match for c in base_cards() for r in c.vp_rules}
    assert used - VP_MATCHES == set()
