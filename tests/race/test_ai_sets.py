"""The AI seat's answers to the decisions the card sets add are sane in constructed
positions: it produces on Damaged Alien Factory, antes only cheap cards,
uses R&D Crash Program when it saves enough, saves a card under Galactic Scavengers."""

from rftg_cli.race.ai.lookahead import AISeat
from rftg_cli.race.ai.heuristic import greedy_answer
from rftg_cli.rng import Rng

from tests.powers_helpers import Table


def test_ai_discards_a_card_to_produce_on_damaged_alien_factory():
    t = Table(sets=("tgs",))
    t.tableau(0, "Damaged Alien Factory")
    t.tableau(1, "Old Earth")
    t.hand(0, "Gem World", "Galactic Federation")
    t.start("produce", {1: ("produce",)})
    d = t.pending
    assert d.kind == "produce_pay"
    assert len(AISeat(1).choose(t.game, d)) == 1      # a good on an Alien world, not nothing


def test_ai_antes_a_cheap_card_and_not_a_dear_one():
    t = Table(sets=("tgs", "rvi"))
    t.tableau(0, "Gambling World")
    world = t.p(0).tableau[0]
    t.tableau(1, "Old Earth")
    [cheap, dear] = t.hand(0, "Contact Specialist", "Galactic Federation")
    t.start("consume", {1: ("consume2",)})
    d = t.pending
    assert greedy_answer(t.game, d, Rng(1)) == (world, 1, (cheap,))
    assert (world, 1, (dear,)) in d.options


def test_ai_saves_a_card_under_galactic_scavengers():
    """A saved card comes back at the next Produce: saving one beats saving none."""
    from rftg_cli.decision import Decision

    t = Table(sets=("bow",))
    t.tableau(0, "Galactic Scavengers")
    t.tableau(1, "Old Earth")
    [fed, gem] = t.hand(0, "Galactic Federation", "Gem World")
    save = Decision("save_card", 0, (fed, gem), (0, 1))
    assert len(greedy_answer(t.game, save, Rng(1))) == 1


def test_ai_uses_rd_crash_program_only_when_it_saves_more_than_one_card():
    """R&D Crash Program is worth keeping: not spent to save 1 card, spent to save 3."""
    for name, used in (("Investment Credits", False), ("Galactic Federation", True)):
        t = Table(sets=("tgs", "rvi"))
        t.tableau(0, "Old Earth", "R&D Crash Program")
        t.tableau(1, "New Sparta")
        [dev] = t.hand(0, name, extra=7)
        t.start("develop", {1: ("develop",)})
        t.answer(dev)
        d = t.pending
        assert d.kind == "develop_way" and len(d.options) == 2
        assert bool(greedy_answer(t.game, d, Rng(1))[1]) is used
        assert AISeat(3).choose(t.game, d) in d.options
