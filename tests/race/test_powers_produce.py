"""Phase V: production, windfall powers, the Produce bonus and every draw power (rulebook
"V: Produire" and the powers summary "V: PRODUIRE")."""

from tests.powers_helpers import Table


def opponent(t: Table, *names: str):
    return t.tableau(1, "New Sparta", *names)


def test_production_worlds_produce_only_when_empty():
    """A production world gets a good unless it already holds one; windfall worlds don't."""
    t = Table()
    opponent(t)
    gem, comet, asteroid = t.tableau(0, "Gem World", "Comet Zone", "Asteroid Belt")
    old = t.good(0, comet)
    t.run("produce", {1: ("produce",)})
    p = t.p(0)
    assert gem in p.goods and p.goods[comet] == old and asteroid not in p.goods


def test_draw_if_produced_only_when_this_world_produced():
    """Gem World and Comet Zone: draw 1 after producing on this world; nothing if the
    world already had a good (rulebook)."""
    t = Table()
    opponent(t)
    gem, comet = t.tableau(0, "Gem World", "Comet Zone")
    t.good(0, comet)
    t.run("produce", {1: ("produce",)})
    assert len(t.p(0).hand) == 1


def test_draw_if_produced_two_cards():
    t = Table()
    opponent(t)
    t.tableau(0, "Lost Species Ark World")
    t.run("produce", {1: ("produce",)})
    assert len(t.p(0).hand) == 2


def test_produce_bonus_fills_one_empty_windfall_world():
    """Produce bonus: a good on one empty windfall world, the player's choice."""
    t = Table()
    opponent(t)
    asteroid, pre, full = t.tableau(0, "Asteroid Belt", "Pre-Sentient Race", "Radioactive World")
    t.good(0, full)
    t.start("produce", {0: ("produce",)})
    d = t.pending
    assert d.kind == "windfall" and set(d.options) == {asteroid, pre}
    t.answer(pre)
    assert pre in t.p(0).goods and asteroid not in t.p(0).goods


def test_windfall_power_of_a_kind_only_on_that_kind():
    """Mining Robots: produce on an empty Rare windfall world (not a Gene one)."""
    t = Table()
    opponent(t)
    t.tableau(0, "Mining Robots")
    asteroid, pre = t.tableau(0, "Asteroid Belt", "Pre-Sentient Race")
    t.run("produce", {1: ("produce",)})
    assert asteroid in t.p(0).goods and pre not in t.p(0).goods


def test_windfall_power_of_any_kind_and_the_bonus_together():
    """Galactic Engineers (any kind) plus the Produce bonus fill two windfall worlds."""
    t = Table()
    opponent(t)
    t.tableau(0, "Galactic Engineers")
    asteroid, pre, refugee = t.tableau(0, "Asteroid Belt", "Pre-Sentient Race", "Refugee World")
    t.start("produce", {0: ("produce",)})
    d = t.pending
    assert d.kind == "windfall" and set(d.options) == {asteroid, pre, refugee}
    t.answer(asteroid)
    d = t.pending
    assert set(d.options) == {pre, refugee}
    t.answer(refugee)
    assert set(t.p(0).goods) == {asteroid, refugee}


def test_specific_windfall_power_is_not_wasted_by_the_any_kind_one():
    """Mining Robots (Rare) acts before Galactic Engineers (any): with one empty Rare and one
    empty Gene windfall world both get a good."""
    t = Table()
    opponent(t)
    t.tableau(0, "Galactic Engineers", "Mining Robots")
    asteroid, pre = t.tableau(0, "Asteroid Belt", "Pre-Sentient Race")
    t.run("produce", {1: ("produce",)})
    assert set(t.p(0).goods) == {asteroid, pre}


def test_windfall_draw_if_produced_on_a_windfall_world():
    """Runaway Robots: draw 1 after producing on this windfall world (by the bonus)."""
    t = Table()
    opponent(t)
    [robots] = t.tableau(0, "Runaway Robots")
    t.run("produce", {0: ("produce",)})
    assert robots in t.p(0).goods and len(t.p(0).hand) == 1


def test_produce_draw_power():
    """Rebel Underground: draw 1; Merchant Guild: draw 2."""
    t = Table()
    opponent(t)
    t.tableau(0, "Rebel Underground", "Merchant Guild")
    t.run("produce", {1: ("produce",)})
    assert len(t.p(0).hand) == 3


def test_draw_per_good_of_a_kind_produced():
    """Consumer Markets: 1 card per Novelty good produced this phase (2 here, the full
    Spice World produces nothing)."""
    t = Table()
    opponent(t)
    t.tableau(0, "Consumer Markets")
    gem, secluded, spice, comet = t.tableau(
        0, "Artist Colony", "Secluded World", "Spice World", "Comet Zone")
    t.good(0, spice)
    t.run("produce", {1: ("produce",)})
    # 2 Novelty produced (Artist Colony, Secluded World); Comet Zone's Rare + its own draw.
    assert len(t.p(0).hand) == 2 + 1


def test_draw_per_alien_good_produced():
    """Research Labs: 1 card per Alien good produced."""
    t = Table()
    opponent(t)
    t.tableau(0, "Research Labs", "Alien Robotic Factory")
    t.run("produce", {1: ("produce",)})
    assert len(t.p(0).hand) == 1


def test_draw_per_kind_produced():
    """Diversified Economy: 1 card per different kind produced (Novelty x2 + Rare: 2)."""
    t = Table()
    opponent(t)
    t.tableau(0, "Diversified Economy", "Artist Colony", "Secluded World", "Rebel Miners")
    t.run("produce", {1: ("produce",)})
    assert len(t.p(0).hand) == 2


def test_draw_per_world_of_a_kind():
    """Pan-Galactic League: 1 card per Gene world (production or windfall, full or not)."""
    t = Table()
    opponent(t)
    t.tableau(0, "Pan-Galactic League")
    plague, pre, empath, gem = t.tableau(
        0, "Plague World", "Pre-Sentient Race", "Empath World", "Gem World")
    t.good(0, pre)
    t.run("produce", {1: ("produce",)})
    assert len(t.p(0).hand) == 3 + 1     # 3 Gene worlds, + Gem World's own draw


def test_draw_if_most_rare_produced_needs_strictly_more():
    """Mining Conglomerate: 2 cards if you produced strictly more Rare goods than every
    other player (FAQ: a tie gives nothing)."""
    t = Table()
    opponent(t, "Mining World")
    t.tableau(0, "Mining Conglomerate", "Rebel Miners")
    t.run("produce", {1: ("produce",)})
    assert len(t.p(0).hand) == 0          # 1 Rare each: a tie
    t2 = Table()
    opponent(t2, "Mining World")
    t2.tableau(0, "Mining Conglomerate", "Rebel Miners", "Imperium Armaments World")
    t2.run("produce", {1: ("produce",)})
    assert len(t2.p(0).hand) == 2         # 2 Rare against 1


def test_draw_if_most_produced_counts_windfall_production_and_needs_one():
    t = Table()
    opponent(t)
    t.tableau(0, "Mining Conglomerate")
    t.run("produce", {1: ("produce",)})
    assert t.p(0).hand == []              # 0 against 0 is not "more"
    t2 = Table()
    opponent(t2)
    t2.tableau(0, "Mining Conglomerate", "Asteroid Belt")
    t2.run("produce", {0: ("produce",)})
    assert len(t2.p(0).hand) == 2         # the bonus produced a Rare windfall good


def test_power_placed_this_round_acts_in_a_later_phase_same_round():
    """A card placed in Settle acts in the Produce phase of the same round."""
    t = Table()
    opponent(t)
    t.tableau(0, "Old Earth")
    [gem] = t.hand(0, "Gem World", extra=2)
    t.start("settle", {0: ("settle",)})
    t.settle((gem, "pay", ()))
    t.finish()
    hand = len(t.p(0).hand)
    t.run("produce", {1: ("produce",)})
    assert gem in t.p(0).goods and len(t.p(0).hand) == hand + 1
