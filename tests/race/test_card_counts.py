"""Deck composition per set and per combination (issue: card database)."""

import pytest

from rftg_cli.race.cards.loader import load_cards


@pytest.mark.parametrize(
    ("card_set", "designs", "copies"),
    [("base", 95, 114), ("tgs", 19, 21), ("rvi", 37, 44), ("bow", 40, 48), ("promo", 6, 6)],
)
def test_designs_and_copies_per_set(card_set, designs, copies):
    cards = [c for c in load_cards().cards if c.set == card_set]
    assert len(cards) == designs
    assert sum(c.copies for c in cards) == copies


@pytest.mark.parametrize(
    ("sets", "size"),
    [({"base"}, 114), ({"base", "tgs"}, 136), ({"base", "tgs", "rvi"}, 180),
     ({"base", "tgs", "rvi", "bow"}, 228)],
)
def test_deck_size_per_combination(sets, size):
    assert len(load_cards().deck_copies(sets)) == size
