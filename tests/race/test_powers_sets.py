"""Phase II, IV and V powers of The Gathering Storm and Rebel vs Imperium in constructed
positions: R&D Crash Program, Gambling World's ante, Damaged Alien Factory, and the base
kinds as these sets' cards use them (trade bonus per Chromosome world, draw per Rebel world)."""

from tests.powers_helpers import Table


def table(*sets: str) -> Table:
    return Table(sets=sets or ("tgs", "rvi"))


# ---------------------------------------------------------------- II: R&D Crash Program

def test_rd_crash_program_discarded_for_three_off_a_development():
    """R&D Crash Program (Rebel vs Imperium): discard it from the tableau for -3 to develop.
    Galactic Federation (6) with 4 other cards in hand: affordable only with it (6 - 3 =
    3); it leaves the tableau and 3 cards are paid."""
    t = table()
    t.tableau(0, "Old Earth", "R&D Crash Program")
    crash = t.p(0).tableau[1]
    t.tableau(1, "New Sparta")
    [fed] = t.hand(0, "Galactic Federation", extra=4)
    t.start("develop", {1: ("develop",)})
    d = t.pending
    assert d.kind == "develop" and fed in d.options and d.info["costs"][fed] == 3
    t.answer(fed)
    d = t.pending                              # the only way: asked to pay at once
    assert d.kind == "pay" and d.count == (3, 3)
    t.finish()
    assert fed in t.p(0).tableau and crash not in t.p(0).tableau
    assert crash in t.game.discard_pile and len(t.p(0).hand) == 1


def test_rd_crash_program_is_optional_after_the_reveal():
    """« Discard this card »: a power the player may use. Decided after the reveal like
    Settle's one-shot powers; with the cards to pay either way, both are offered, each
    with its cost, as `develop "X"` or `develop "X" with "R&D Crash Program"`."""
    t = table()
    t.tableau(0, "Old Earth", "R&D Crash Program")
    crash = t.p(0).tableau[1]
    t.tableau(1, "New Sparta")
    [mining] = t.hand(0, "Mining Robots", extra=4)     # cost 2
    t.start("develop", {1: ("develop",)})
    t.answer(mining)
    d = t.pending
    assert d.kind == "develop_way"
    assert set(d.options) == {(mining, ()), (mining, ((crash, 0),))}
    assert d.info["costs"] == {(mining, ()): 2, (mining, ((crash, 0),)): 0}
    assert t.game.answer_text((mining, ((crash, 0),))) == \
        'develop "Mining Robots" with "R&D Crash Program"'
    assert t.game.parse_answer('develop "Mining Robots"') == (mining, ())
    t.answer((mining, ()))
    t.finish()
    assert crash in t.p(0).tableau and len(t.p(0).hand) == 2


# ---------------------------------------------------------------- IV: Gambling World

def gambling(t: Table, hand: list[str], flips: list[str]):
    t.tableau(0, "Old Earth", "Gambling World")
    world = t.p(0).tableau[1]
    t.tableau(1, "New Sparta")
    cards = t.hand(0, *hand)
    t.stack(*flips)
    t.start("consume", {1: ("consume2",)})
    return world, cards


def test_gambling_world_ante_won_keeps_the_ante_and_a_dearer_card():
    """Gambling World (Rebel vs Imperium): « may ante a card costing 1 to 6 from your hand
    and flip that many cards: if one costs more, keep one of them and the ante ». Ante
    Contact Specialist (1): one card flipped, Gem World (2), kept."""
    t = table()
    world, [spec] = gambling(t, ["Contact Specialist"], ["Gem World"])
    d = t.pending
    assert d.kind == "consume"
    assert (world, 1, (spec,)) in d.options and (-1, -1, ()) in d.options   # optional
    assert t.game.answer_text((world, 1, (spec,))) == \
        'consume "Gambling World" ante "Contact Specialist"'
    t.answer((world, 1, (spec,)))
    t.finish()
    assert t.names(t.p(0).hand) == ["Contact Specialist", "Gem World"]


def test_gambling_world_ante_lost_when_nothing_flipped_costs_more():
    """Ante Mining World (3): three cards flipped costing 1, 2 and 3: the ante and the
    flipped cards are discarded."""
    t = table()
    world, [mining] = gambling(t, ["Mining World"],
                               ["Contact Specialist", "Gem World", "Mining Robots"])
    t.answer((world, 1, (mining,)))
    t.finish()
    assert t.p(0).hand == []
    assert {"Mining World", "Contact Specialist", "Gem World", "Mining Robots"} <= \
        {t.game.name(c) for c in t.game.discard_pile}


def test_gambling_world_choose_which_dearer_card_to_keep():
    """Two flipped cards cost more than the ante (2): the player chooses one (`keep`)."""
    t = table()
    world, [gem] = gambling(t, ["Gem World"], ["New Earth", "Galactic Federation"])
    t.answer((world, 1, (gem,)))
    d = t.pending
    assert d.kind == "ante_keep" and t.names(d.options) == ["Galactic Federation",
                                                            "New Earth"]
    fed = [c for c in d.options if t.game.name(c) == "Galactic Federation"][0]
    assert t.game.answer_text(fed) == 'keep "Galactic Federation"'
    assert t.game.parse_answer("keep galactic federation") == fed
    t.answer(fed)
    t.finish()
    assert t.names(t.p(0).hand) == ["Galactic Federation", "Gem World"]
    assert "New Earth" in {t.game.name(c) for c in t.game.discard_pile}


def test_gambling_world_ante_won_keeps_any_card_flipped():
    """« if one costs more, keep one of them and the ante »: one of the cards flipped, any
    one, not only one costing more (as Keldon's engine and Board Game Arena play it). Ante
    Mining World (3): Contact Specialist (1), Galactic Federation (6), Gem World (2)
    flipped; Gem World may be kept."""
    t = table()
    world, [mining] = gambling(t, ["Mining World"],
                               ["Contact Specialist", "Galactic Federation", "Gem World"])
    t.answer((world, 1, (mining,)))
    d = t.pending
    assert d.kind == "ante_keep" and t.names(d.options) == [
        "Contact Specialist", "Galactic Federation", "Gem World"]
    t.answer(next(c for c in d.options if t.game.name(c) == "Gem World"))
    t.finish()
    assert t.names(t.p(0).hand) == ["Gem World", "Mining World"]


def test_gambling_world_no_ante_of_cost_zero_or_above_six():
    t = table()
    world, cards = gambling(t, ["Dying Colony", "Alien Data Repository",
                                "Rebel Stronghold"], [])
    assert t.pending is None or all(o[1] != 1 for o in t.pending.options)


# ---------------------------------------------------------------- IV: base kinds

def test_clandestine_uplift_lab_trade_bonus_per_chromosome_world():
    """Clandestine Uplift Lab (The Gathering Storm): +1 card per Chromosome world when
    trading a Gene good (itself and Devolved Uplift Race: 2): 4 + 2 = 6 cards."""
    t = table()
    t.tableau(0, "New Sparta", "Clandestine Uplift Lab", "Devolved Uplift Race",
              "Lost Species Ark World")
    gene = t.p(0).tableau[3]
    t.good(0, gene)
    t.tableau(1, "Old Earth")
    t.run("consume", {0: ("trade",)}, policy=lambda d: (-1, -1, ()) if d.kind == "consume"
          else None)
    assert gene not in t.p(0).goods and len(t.p(0).hand) == 4 + 2


# ---------------------------------------------------------------- V: produce

def test_damaged_alien_factory_produces_when_a_card_is_discarded():
    """Damaged Alien Factory (The Gathering Storm): « discard a card from your hand to
    produce an alien good on this world »; the player may discard nothing."""
    t = table()
    t.tableau(0, "Damaged Alien Factory")
    factory = t.p(0).tableau[0]
    t.tableau(1, "New Sparta")
    a, b = t.pad(0, 2)
    t.start("produce", {1: ("produce",)})
    d = t.pending
    assert d.kind == "produce_pay" and d.count == (0, 1) and set(d.options) == {a, b}
    assert t.game.answer_text((a,)).startswith("discard ")
    assert t.game.parse_answer("discard nothing") == ()
    t.answer((a,))
    t.finish()
    assert factory in t.p(0).goods and t.p(0).hand == [b] and a in t.game.discard_pile


def test_damaged_alien_factory_nothing_discarded_nothing_produced():
    t = table()
    t.tableau(0, "Damaged Alien Factory")
    factory = t.p(0).tableau[0]
    t.tableau(1, "New Sparta")
    t.pad(0, 1)
    t.start("produce", {1: ("produce",)})
    t.answer(())
    t.finish()
    assert factory not in t.p(0).goods and len(t.p(0).hand) == 1


def test_rebel_cantina_draws_per_rebel_card():
    """Rebel Cantina (Rebel vs Imperium): draw 1 per Rebel world, military or not (itself
    and Rebel Base: 2; not the development Rebel Pact, not a non-Rebel card)."""
    t = table()
    t.tableau(0, "Rebel Cantina", "Rebel Pact", "Rebel Base", "Pan-Galactic League")
    t.tableau(1, "New Sparta")
    t.run("produce", {1: ("produce",)})
    assert len(t.p(0).hand) == 2


# ---------------------------------------------------------------- IV: consume shapes

def test_galactic_salon_gains_a_vp_doubled_by_consume_x2():
    """Galactic Salon (Rebel vs Imperium): « IV: +1 VP », a Consume power, doubled by
    Consume x2 like the VP of any consume power (rulebook « Consommer x2 »)."""
    t = table()
    t.tableau(0, "Galactic Salon")
    t.tableau(1, "Old Earth")
    t.run("consume", {1: ("consume2",)})
    assert t.p(0).vp == 1
    t = table()
    t.tableau(0, "Galactic Salon")
    t.tableau(1, "Old Earth")
    t.run("consume", {0: ("consume2",)})
    assert t.p(0).vp == 2


def test_alien_toy_shop_consumes_only_the_good_on_itself():
    """Alien Toy Shop (The Gathering Storm): consume the alien good *on this world* for 2
    VP; another world's alien good is not offered."""
    t = table()
    t.tableau(0, "Alien Toy Shop", "Deserted Alien Outpost")
    shop, outpost = t.p(0).tableau
    t.good(0, shop)
    t.good(0, outpost)
    t.tableau(1, "Old Earth")
    t.start("consume", {1: ("consume2",)})
    assert t.pending is None or all(o[2] != (outpost,) for o in t.pending.options)
    t.finish()
    assert t.p(0).vp == 2 and shop not in t.p(0).goods and outpost in t.p(0).goods


def test_galactic_exchange_consumes_one_good_of_each_kind():
    """Galactic Exchange (Rebel vs Imperium): consume 1 to 4 goods of different kinds for
    1 VP and 1 card each; two goods of one kind: one of them."""
    t = table()
    t.tableau(0, "Galactic Exchange", "Volcanic World", "Mining World", "Hive World")
    exchange, volcanic, mining, hive = t.p(0).tableau
    for w in (volcanic, mining, hive):
        t.good(0, w)
    t.tableau(1, "Old Earth")
    t.start("consume", {1: ("consume2",)})
    d = t.pending
    assert d.kind == "consume"
    assert {frozenset(o[2]) for o in d.options if o[0] == exchange} == {
        frozenset((volcanic, hive)), frozenset((mining, hive))}
    option = next(o for o in d.options if o[0] == exchange and volcanic in o[2])
    t.answer(option)
    t.finish()
    assert t.p(0).vp == 2 and len(t.p(0).hand) == 2 and list(t.p(0).goods) == [mining]


def test_a_revealed_development_stays_in_its_hand_when_an_ai_determinizes():
    """After the reveal every seat has seen the development another seat is about to pay
    for: a determinization (AI look-ahead) deals that hand anew but keeps that card in it,
    so the copy plays on (a seat decides R&D Crash Program's use after the reveal)."""
    from rftg_cli.rng import Rng

    t = table()
    t.tableau(0, "Old Earth", "R&D Crash Program")
    t.tableau(1, "New Sparta")
    [mining] = t.hand(0, "Mining Robots", extra=4)
    [labs] = t.hand(1, "Investment Credits", extra=3)
    t.start("develop", {1: ("develop",)})
    t.answer(mining)
    t.answer(labs)
    assert t.pending.kind == "develop_way" and t.pending.player == 0
    for seed in range(5):
        copy = t.game.determinize(0, Rng(seed))
        assert labs in copy.players[1].hand and len(copy.players[1].hand) == 4
        while copy.pending is not None:
            copy.apply(copy.pending.options[0] if copy.pending.count is None
                       else tuple(sorted(copy.pending.options)[:copy.pending.count[0]]))
        assert labs in copy.players[1].tableau
