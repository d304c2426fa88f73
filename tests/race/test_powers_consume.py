"""Phase IV: the Trade bonus and trade powers, every consume-power shape, x2 VP (rulebook
"IV: Consommer", "$: VENTE" and the powers summary "IV: CONSOMMER")."""

from rftg_cli.race.engine.consume import DONE
from tests.powers_helpers import Table


def worlds(t: Table, player: int, *names: str, goods: bool = True) -> list[int]:
    cards = t.tableau(player, *names)
    if goods:
        for c in cards:
            t.good(player, c)
    return cards


def opponent(t: Table):
    t.tableau(1, "New Sparta")


def consume_decision(t: Table, player: int = 0):
    d = t.pending
    assert d is not None and d.kind == "consume" and d.player == player, d
    return d


def uses_of(d, card):
    return [o for o in d.options if o[0] == card]


# ---------------------------------------------------------------- trade

def test_trade_bonus_of_a_kind_any_and_this_world():
    """Trade prices (novelty 2, rare 3, gene 4, alien 5) plus the trade powers that apply:
    Spice World +2 novelty, Export Duties +1 any, Genetics Lab +1 gene, Pirate World +3
    for its own good only."""
    t = Table()
    opponent(t)
    spice, pirate, pre, asteroid = worlds(
        t, 0, "Spice World", "Pirate World", "Pre-Sentient Race", "Asteroid Belt")
    t.tableau(0, "Export Duties", "Genetics Lab")
    t.start("consume", {0: ("trade",)})
    d = t.pending
    assert d.kind == "trade" and set(d.options) == {spice, pirate, pre, asteroid}
    assert d.info["values"] == {spice: 2 + 2 + 1, pirate: 2 + 2 + 1 + 3,
                                pre: 4 + 1 + 1, asteroid: 3 + 1}
    t.answer(pirate)
    assert pirate not in t.p(0).goods and len(t.p(0).hand) == 8
    assert t.pending is None    # no consume powers: the phase is over


def test_trade_is_mandatory_for_its_selector_only():
    """The Trade selector must sell a good (no pass); other players never trade."""
    t = Table()
    [mine] = worlds(t, 0, "Asteroid Belt")
    [theirs] = worlds(t, 1, "Radioactive World")
    t.start("consume", {1: ("trade",)})
    # One good: the trade is forced and done at once; player 0 does not trade.
    assert theirs not in t.p(1).goods and len(t.p(1).hand) == 3
    assert mine in t.p(0).goods and t.p(0).hand == []


def test_trade_comes_before_consume_powers():
    """Trade first: the good sold cannot be consumed."""
    t = Table()
    opponent(t)
    [earth] = worlds(t, 0, "Earth's Lost Colony")   # consume any: 1 VP
    t.start("consume", {0: ("trade",)})
    assert t.p(0).hand and earth not in t.p(0).goods
    assert t.p(0).vp == 0


def test_black_market_trade_power_gets_no_trade_bonus():
    """Black Market Trading World: consume a good for its trade price; trade powers do
    not apply (powers summary)."""
    t = Table()
    opponent(t)
    [bmtw] = t.tableau(0, "Black Market Trading World", "Export Duties")[:1]
    [spice] = worlds(t, 0, "Spice World")
    t.start("consume", {1: ("trade",)})
    # The only legal use, and a mandatory one: it is played at once.
    assert t.pending is None or t.pending.player != 0
    assert len(t.p(0).hand) == 2 and spice not in t.p(0).goods


def test_trade_league_trade_power_gets_trade_bonuses():
    """Trade League: its trade power applies trade powers, its own +1 included."""
    t = Table()
    opponent(t)
    [league] = t.tableau(0, "Trade League", "Export Duties")[:1]
    [spice] = worlds(t, 0, "Spice World")
    t.start("consume", {1: ("trade",)})
    assert t.pending is None or t.pending.player != 0   # mandatory and forced: played at once
    assert spice not in t.p(0).goods
    assert len(t.p(0).hand) == 2 + 2 + 1 + 1


# ---------------------------------------------------------------- consume shapes

def test_consume_any_one_good_for_vp_and_card():
    """Epsilon Eridani: consume 1 good of any kind for 1 VP and 1 card."""
    t = Table()
    opponent(t)
    [eps, gem] = worlds(t, 0, "Epsilon Eridani", "Gem World", goods=False)
    t.good(0, gem)
    t.start("consume", {1: ("trade",)})
    assert gem not in t.p(0).goods
    assert t.p(0).vp == 1 and len(t.p(0).hand) == 1
    assert t.game.pool == 24 - 1


def test_consume_of_a_kind_only_takes_that_kind():
    """Plague World: consume a Gene good (only) for 1 VP and 1 card."""
    t = Table()
    opponent(t)
    [plague] = t.tableau(0, "Plague World")
    gene, novelty = worlds(t, 0, "Pre-Sentient Race", "Gem World")
    t.start("consume", {1: ("trade",)})
    assert t.pending is None     # one legal use: done at once
    assert gene not in t.p(0).goods and novelty in t.p(0).goods
    assert t.p(0).vp == 1 and len(t.p(0).hand) == 1


def test_consume_up_to_n_must_be_used_to_its_maximum():
    """Old Earth: consume up to 2 goods, 1 VP each; with 3 goods it must take 2."""
    t = Table()
    opponent(t)
    [earth] = t.tableau(0, "Old Earth")
    goods = worlds(t, 0, "Gem World", "Asteroid Belt", "Pre-Sentient Race")
    t.start("consume", {1: ("trade",)})
    d = consume_decision(t)
    assert DONE not in d.options                  # consuming is mandatory
    assert all(len(o[2]) == 2 for o in uses_of(d, earth))
    assert len(uses_of(d, earth)) == 3
    t.answer((earth, 1, tuple(goods[:2])))
    assert t.p(0).vp == 2 and list(t.p(0).goods) == [goods[2]]


def test_consume_up_to_n_with_fewer_goods_takes_them_all():
    t = Table()
    opponent(t)
    t.tableau(0, "Consumer Markets")     # up to 3 novelty goods, 1 VP each
    gem, spice = worlds(t, 0, "Gem World", "Spice World")
    t.start("consume", {1: ("trade",)})
    assert t.p(0).goods == {} and t.p(0).vp == 2


def test_free_trade_association_rule_example():
    """Rulebook example: with 3 Novelty goods, New Vinland and the FTA, the FTA (up to 3)
    cannot stop at 2 to leave the third for New Vinland."""
    t = Table()
    opponent(t)
    [fta] = t.tableau(0, "Free Trade Association")
    [vinland] = worlds(t, 0, "New Vinland")
    goods = [vinland] + worlds(t, 0, "Gem World", "Spice World")
    t.start("consume", {1: ("trade",)})
    d = consume_decision(t)
    assert uses_of(d, fta) == [(fta, 0, tuple(goods))]
    t.answer((fta, 0, tuple(goods)))
    assert t.pending is None and t.p(0).goods == {}
    assert t.p(0).vp == 3 and len(t.p(0).hand) == 3


def test_consume_two_goods_per_use():
    """Tourist World: exactly 2 goods (any kinds) for 3 VP; not usable with 1 good."""
    t = Table()
    opponent(t)
    [tourist] = t.tableau(0, "Tourist World")
    [gem] = worlds(t, 0, "Gem World")
    t.start("consume", {1: ("trade",)})
    assert gem in t.p(0).goods and t.p(0).vp == 0
    t2 = Table()
    opponent(t2)
    [tourist] = t2.tableau(0, "Tourist World")
    goods = worlds(t2, 0, "Gem World", "Asteroid Belt",
                   "Pre-Sentient Race")
    t2.start("consume", {1: ("trade",)})
    d = consume_decision(t2)
    assert {len(o[2]) for o in uses_of(d, tourist)} == {2}
    t2.answer((tourist, 0, tuple(goods[:2])))
    assert t2.p(0).vp == 3 and len(t2.p(0).goods) == 1


def test_consume_three_goods_of_different_kinds():
    """Diversified Economy: 3 goods of 3 different kinds for 3 VP."""
    t = Table()
    opponent(t)
    [div] = t.tableau(0, "Diversified Economy")
    gem, spice, rare, gene = worlds(t, 0, "Gem World", "Spice World", "Asteroid Belt",
                                    "Pre-Sentient Race")
    t.start("consume", {1: ("trade",)})
    d = consume_decision(t)
    combos = {o[2] for o in uses_of(d, div)}
    assert combos == {(gem, rare, gene), (spice, rare, gene)}
    t.answer((div, 0, (gem, rare, gene)))
    assert t.p(0).vp == 3 and list(t.p(0).goods) == [spice]


def test_consume_three_kinds_unusable_with_two_kinds():
    t = Table()
    opponent(t)
    t.tableau(0, "Diversified Economy")
    worlds(t, 0, "Gem World", "Spice World", "Asteroid Belt")
    t.start("consume", {1: ("trade",)})
    assert t.pending is None and len(t.p(0).goods) == 3 and t.p(0).vp == 0


def test_consume_all_goods_for_goods_minus_one_vp():
    """Pilgrimage World: consume all goods for (goods - 1) VP; x2 doubles it."""
    t = Table()
    opponent(t)
    t.tableau(0, "Pilgrimage World")
    worlds(t, 0, "Gem World", "Asteroid Belt", "Pre-Sentient Race")
    t.start("consume", {1: ("trade",)})
    assert t.p(0).goods == {} and t.p(0).vp == 2
    t2 = Table()
    opponent(t2)
    t2.tableau(0, "Pilgrimage World")
    worlds(t2, 0, "Gem World", "Asteroid Belt", "Pre-Sentient Race")
    t2.start("consume", {0: ("consume2",)})
    assert t2.p(0).vp == 4


def test_discard_from_hand_is_optional_partial_and_not_doubled():
    """Deficit Spending: discard up to 2 cards for 1 VP each; optional, may be partial, and
    these VP are not doubled by x2 (rulebook exception)."""
    t = Table()
    opponent(t)
    [deficit] = t.tableau(0, "Deficit Spending")
    t.pad(0, 3)
    t.start("consume", {0: ("consume2",)})
    d = consume_decision(t)
    assert set(d.options) == {(deficit, 0, ()), DONE}
    t.answer((deficit, 0, ()))
    d = t.pending
    assert d.kind == "consume_hand" and d.count == (0, 2)
    t.answer(d.options[:1])
    assert t.p(0).vp == 1 and len(t.p(0).hand) == 2


def test_discard_from_hand_may_be_skipped():
    t = Table()
    opponent(t)
    t.tableau(0, "Deficit Spending")
    t.pad(0, 3)
    t.start("consume", {1: ("trade",)})
    t.answer(DONE)
    assert t.pending is None and t.p(0).vp == 0 and len(t.p(0).hand) == 3


def test_consume_draw_power_draws_one():
    """New Economy: draw 1 card in the Consume phase."""
    t = Table()
    opponent(t)
    t.tableau(0, "New Economy")
    t.start("consume", {1: ("trade",)})
    assert len(t.p(0).hand) == 1


def test_draw_lucky_keeps_the_card_when_its_cost_is_named():
    """Gambling World: name a number 1-7, flip the top card, keep it if its cost or
    defense matches; else it is discarded."""
    t = Table()
    opponent(t)
    [gambling] = t.tableau(0, "Gambling World")
    [top, second] = t.stack("New Earth", "Drop Ships")   # cost 5, then cost 4
    t.start("consume", {1: ("trade",)})
    d = consume_decision(t)
    assert {o[2] for o in uses_of(d, gambling) if o[1] == 1} == {(n,) for n in range(1, 8)}
    t.answer((gambling, 1, (5,)))
    assert t.p(0).hand == [top]
    t2 = Table()
    opponent(t2)
    [gambling] = t2.tableau(0, "Gambling World")
    [top, _] = t2.stack("New Earth", "Drop Ships")
    t2.start("consume", {1: ("trade",)})
    t2.answer((gambling, 1, (4,)))
    assert t2.p(0).hand == [] and top in t2.game.discard_pile


def test_x2_doubles_consume_vp_not_cards():
    """Consume x2: VP from consume powers are doubled; cards are not."""
    t = Table()
    opponent(t)
    [eps, gem] = t.tableau(0, "Epsilon Eridani", "Gem World")
    t.good(0, gem)
    t.start("consume", {0: ("consume2",)})
    assert t.p(0).vp == 2 and len(t.p(0).hand) == 1


def test_two_goods_per_use_doubled_by_x2():
    t = Table()
    opponent(t)
    t.tableau(0, "Mining League")       # 2 Rare goods for 3 VP
    worlds(t, 0, "Asteroid Belt", "Radioactive World")
    t.start("consume", {0: ("consume2",)})
    assert t.p(0).vp == 6 and t.p(0).goods == {}


def test_each_consume_power_is_used_once_per_phase_and_all_while_possible():
    """Two powers, three goods: both powers are used once each (the third good stays)."""
    t = Table()
    opponent(t)
    [earth_lost, terra] = t.tableau(0, "Earth's Lost Colony", "Terraformed World")
    goods = worlds(t, 0, "Gem World", "Asteroid Belt", "Pre-Sentient Race")
    t.start("consume", {1: ("trade",)})
    t.answer((earth_lost, 0, (goods[0],)))
    d = consume_decision(t)
    assert {o[0] for o in d.options} == {terra} and DONE not in d.options
    t.answer((terra, 0, (goods[1],)))
    assert t.pending is None and list(t.p(0).goods) == [goods[2]] and t.p(0).vp == 2


def test_expert_both_consume_cards_trade_then_double():
    """Expert rules: choosing both Consume cards trades first, then doubles consume VP."""
    t = Table(expert=True)
    opponent(t)
    [earth, gem, rare] = t.tableau(0, "Old Earth", "Gem World", "Asteroid Belt")
    t.good(0, gem)
    t.good(0, rare)
    t.start("consume", {0: ("trade", "consume2")})
    d = t.pending
    assert d.kind == "trade"
    t.answer(rare)                       # 3 + 1 (Old Earth) cards
    assert len(t.p(0).hand) == 4
    assert t.p(0).vp == 2 and t.p(0).goods == {}



def test_trade_and_lucky_draw_powers_must_be_used():
    """Rulebook, card powers: unless a power says "may" it must be used while possible; only
    discarding cards from hand is marked optional. So Black Market Trading World's trade and
    Gambling World's lucky draw leave no "done" option while they can still be used."""
    t = Table()
    opponent(t)
    [bmtw] = t.tableau(0, "Black Market Trading World")
    [gamble] = t.tableau(0, "Gambling World")
    [spice] = worlds(t, 0, "Spice World")
    t.start("consume", {1: ("trade",)})
    d = consume_decision(t)
    assert DONE not in d.options
    assert uses_of(d, bmtw) and uses_of(d, gamble)


def test_trade_comes_before_a_consume_draw_power():
    """The Trade selector sells « avant d'utiliser leurs pouvoirs de Consommation » (base
    rulebook, « $: Vente »): New Economy's draw is a Consume power, so it draws after the
    trade, as in Keldon's RFTG (which offers it among the Consume powers after the sale)."""
    t = Table()
    opponent(t)
    t.tableau(0, "New Economy")
    spice, _ = worlds(t, 0, "Spice World", "Asteroid Belt")
    stacked = t.stack("Gem World", "Drop Ships", "New Earth", "Alien Robotic Factory",
                      "Mining World")
    t.start("consume", {0: ("trade",)})
    d = t.pending
    assert d.kind == "trade" and t.p(0).hand == []
    t.answer(spice)                 # 2 + 2 cards, then New Economy's
    assert t.p(0).hand == stacked
