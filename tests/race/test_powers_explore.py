"""Phase I powers: draw more, keep more, discard from hand too (rulebook "I: Explorer" and
the powers summary "I: EXPLORER")."""

from rftg_cli.race.cards.model import Power
from tests.powers_helpers import Table


def explore_decision(t: Table, player: int = 0):
    d = t.pending
    assert d is not None and d.kind == "explore" and d.player == player
    return d


def test_explore_draws_two_keeps_one_and_plus_five_draws_seven():
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.start("explore", {1: ("explore5",)})
    d = explore_decision(t, 0)
    assert len(d.info["seen"]) == 2 and d.count == (1, 1)
    d1 = None
    t.answer(d.options[:1])
    d1 = explore_decision(t, 1)
    assert len(d1.info["seen"]) == 7 and d1.count == (6, 6)


def test_explore_draw_power_adds_cards_to_choose_from_not_to_keep():
    """Expedition Force: +1 card to choose from; the number kept is unchanged."""
    t = Table()
    t.tableau(0, "Old Earth", "Expedition Force")
    t.tableau(1, "New Sparta")
    t.start("explore", {1: ("explore5",)})
    d = explore_decision(t, 0)
    assert len(d.info["seen"]) == 3 and d.info["keep"] == 1 and d.count == (2, 2)
    t.answer(d.options[:2])
    assert len(t.p(0).hand) == 1


def test_explore_draw_two_power_with_explore_plus_five():
    """Galactic Survey: SETI +2 with the +5 bonus: 2 + 5 + 2 = 9 cards, keep 1."""
    t = Table()
    t.tableau(0, "Old Earth", "Galactic Survey: SETI")
    t.tableau(1, "New Sparta")
    t.start("explore", {0: ("explore5",)})
    d = explore_decision(t, 0)
    assert len(d.info["seen"]) == 9 and d.count == (8, 8)


def test_explore_keep_power_keeps_one_more():
    """Research Labs: keep 1 more. Drawing 2 and keeping 2 needs no decision."""
    t = Table()
    t.tableau(0, "Old Earth", "Research Labs")
    t.tableau(1, "New Sparta")
    t.start("explore", {1: ("explore5",)})
    # Player 0 keeps both cards at once; player 1 is asked.
    assert explore_decision(t, 1)
    assert len(t.p(0).hand) == 2


def test_explore_draw_and_keep_power_with_plus_one_plus_one():
    """Galactic Renaissance (+2 draw, +1 keep) with Explore +1/+1: draw 5, keep 3."""
    t = Table()
    t.tableau(0, "Old Earth", "Galactic Renaissance")
    t.tableau(1, "New Sparta")
    t.start("explore", {0: ("explore11",)})
    d = explore_decision(t, 0)
    assert len(d.info["seen"]) == 5 and d.info["keep"] == 3 and d.count == (2, 2)
    t.answer(d.options[:2])
    assert len(t.p(0).hand) == 3


def test_explore_everyone_draws_before_anyone_discards():
    """Rulebook: players wait until everyone has drawn before discarding."""
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.start("explore", {0: ("explore5",)})
    assert len(t.p(0).explore_seen) == 7 and len(t.p(1).explore_seen) == 2


def test_explore_discard_any_lets_hand_cards_be_discarded_instead():
    """discard_any (Brink of War cards): the cards seen are merged with the hand, then the
    player discards as many as usual from the lot."""
    t = Table()
    g = t.game
    [earth] = t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    old_hand = t.pad(0, 2)
    power = Power("explore", "discard_any")
    kind = g.rules.powers.kinds[("explore", "discard_any")]
    g.powers, g.by_role = list(g.powers), list(g.by_role)      # the deck's are shared
    g.powers[earth] = {"explore": ((0, power, kind),)}
    g.by_role[earth] = {("explore", role): ((earth, 0, power, fn),)
                        for role, fn in kind.roles.items()}
    g.dealt = g.dealt | g.by_role[earth].keys()
    t.start("explore", {1: ("explore5",)})
    d = explore_decision(t, 0)
    assert set(old_hand) <= set(d.options) and d.count == (1, 1)
    seen = d.info["seen"]
    t.answer((old_hand[0],))
    assert sorted(t.p(0).hand) == sorted([old_hand[1], *seen])
    assert old_hand[0] in g.discard_pile


def test_expert_both_explore_cards_combine_their_bonuses():
    """Expert variant: both Explore cards give one Explore phase drawing 8 and keeping 2
    (plus powers: Expedition Force's +1)."""
    t = Table(expert=True)
    t.tableau(0, "Old Earth", "Expedition Force")
    t.tableau(1, "New Sparta")
    t.start("explore", {0: ("explore5", "explore11"), 1: ("develop", "settle")})
    d = explore_decision(t, 0)
    assert len(d.info["seen"]) == 9 and d.info["keep"] == 2 and d.count == (7, 7)
