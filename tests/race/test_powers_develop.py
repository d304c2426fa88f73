"""Phase II powers: draw at the start, reduce the cost, draw after developing (rulebook
"II: Développer" and the powers summary "II: DÉVELOPPER")."""

from tests.powers_helpers import Table


def setup_two(t: Table):
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")


def develop(t: Table, player: int, card: int):
    d = t.pending
    assert d.kind == "develop" and d.player == player
    t.answer(card)


def test_develop_bonus_and_reduce_power_stack():
    """Investment Credits (-1) and the Develop bonus (-1): Drop Ships (4) costs 2."""
    t = Table()
    setup_two(t)
    t.tableau(0, "Investment Credits")
    [ships] = t.hand(0, "Drop Ships", extra=3)
    t.start("develop", {0: ("develop",)})
    d = t.pending
    assert d.info["costs"][ships] == 2
    develop(t, 0, ships)
    t.finish()  # player 1 passes; player 0 pays 2 of 3 cards
    assert ships in t.p(0).tableau
    assert len(t.p(0).hand) == 1


def test_develop_reduce_two_without_the_bonus():
    """Galactic Federation: -2 to every development's cost (Drop Ships 4 -> 2)."""
    t = Table()
    setup_two(t)
    t.tableau(0, "Galactic Federation")
    [ships] = t.hand(0, "Drop Ships", extra=2)
    t.start("develop", {1: ("develop",)})
    assert t.pending.info["costs"][ships] == 2
    develop(t, 0, ships)
    t.finish()
    assert ships in t.p(0).tableau and t.p(0).hand == []


def test_develop_cost_floors_at_zero_without_refund():
    """Rulebook: a cost reduced below 0 stays 0, and no card is given back."""
    t = Table()
    setup_two(t)
    t.tableau(0, "Galactic Federation", "Investment Credits")
    [works] = t.hand(0, "Public Works", extra=1)
    t.start("develop", {0: ("develop",)})
    assert t.pending.info["costs"][works] == 0
    develop(t, 0, works)
    t.finish()
    assert works in t.p(0).tableau and len(t.p(0).hand) == 1


def test_develop_needs_enough_cards_to_pay():
    t = Table()
    setup_two(t)
    [ships] = t.hand(0, "Drop Ships", extra=2)
    t.start("develop", {1: ("develop",)})
    # Drop Ships costs 4 and only 2 other cards are in hand: passing is the only option,
    # so the engine does not even ask.
    assert t.pending is None
    assert ships in t.p(0).hand and len(t.p(0).hand) == 3


def test_develop_draw_power_draws_before_choosing():
    """Interstellar Bank: draw 1 at the start of the phase; it may pay for the card."""
    t = Table()
    setup_two(t)
    t.tableau(0, "Interstellar Bank")
    [ships] = t.hand(0, "Drop Ships", extra=2)
    t.start("develop", {0: ("develop",)})
    d = t.pending
    assert len(t.p(0).hand) == 4
    assert ships in d.options  # 3 after the draw: enough for the cost 3
    develop(t, 0, ships)
    t.finish()
    assert ships in t.p(0).tableau and t.p(0).hand == []


def test_develop_draw_after_power_draws_after_placing():
    """Public Works: draw 1 after developing."""
    t = Table()
    setup_two(t)
    t.tableau(0, "Public Works")
    [labs] = t.hand(0, "Research Labs", extra=3)
    t.start("develop", {0: ("develop",)})
    develop(t, 0, labs)
    t.finish()
    assert labs in t.p(0).tableau and len(t.p(0).hand) == 1  # 4 - 1 - 3 paid + 1 drawn


def test_power_does_not_act_in_the_phase_its_card_is_placed():
    """Rulebook: Public Works does not draw for its own placement."""
    t = Table()
    setup_two(t)
    [works] = t.hand(0, "Public Works", extra=1)
    t.start("develop", {0: ("develop",)})
    develop(t, 0, works)
    t.finish()
    assert works in t.p(0).tableau and len(t.p(0).hand) == 1   # cost 0 with the bonus


def test_a_tableau_never_holds_two_copies_of_a_development():
    t = Table()
    setup_two(t)
    t.tableau(0, "Public Works")
    [works] = t.hand(0, "Public Works", extra=3)
    t.start("develop", {0: ("develop",)})
    assert t.pending is None   # the only option, passing, was played at once
    assert works in t.p(0).hand


def test_expert_card_developed_in_first_develop_acts_in_the_second():
    """Expert 2-player rules: powers placed in the first Develop phase act in the second;
    the player who chose one Develop gets its bonus only in the first."""
    t = Table(expert=True)
    setup_two(t)
    [credits, ships] = t.hand(0, "Investment Credits", "Drop Ships", extra=5)
    [labs] = t.hand(1, "Research Labs", extra=5)
    t.start("develop", {0: ("develop", "develop2"), 1: ("develop", "settle")}, instances=2)
    assert t.pending.info["costs"][credits] == 0
    develop(t, 0, credits)
    assert t.pending.player == 1 and t.pending.info["costs"][labs] == 3   # 4 - bonus
    develop(t, 1, -1)
    # Second Develop phase: Investment Credits now acts; only player 0 has a bonus.
    d = t.pending
    assert d.kind == "develop" and d.player == 0
    assert d.info["costs"][ships] == 2          # 4 - 1 bonus - 1 credits
    develop(t, 0, ships)
    assert t.pending.player == 1 and t.pending.info["costs"][labs] == 4   # no bonus now
    develop(t, 1, -1)
    t.finish()
    assert credits in t.p(0).tableau and ships in t.p(0).tableau
    assert len(t.p(0).hand) == 3
