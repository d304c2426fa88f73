"""End-of-game scoring of the 6-cost developments of The Gathering Storm, Rebel vs Imperium
and The Brink of War on constructed tableaux: each tableau card counts in the first line of
the card that it matches (rulebook, « POUVOIRS DES DÉVELOPPEMENTS COÛTANTS 6 »; The Brink
of War rulebook: « POUVOIRS DES DÉVELOPPEMENTS À 6 »), the expected VP written per card."""

from rftg_cli.race.engine.scoring import score
from tests.powers_helpers import Table


def bonus(six_dev: str, *tableau: str, sets=("tgs", "rvi"), chips: int = 0, prestige=0) -> int:
    t = Table(sets=sets)
    t.tableau(0, six_dev, *tableau)
    t.tableau(1, "Earth's Lost Colony")
    t.p(0).vp = chips
    t.p(0).prestige = prestige
    return score(t.game, 0).bonuses[six_dev]


def test_terraforming_guild():
    """The Gathering Storm: 2 per windfall world of any kind, 2 per Terraforming card
    (itself included); a production world scores nothing."""
    assert bonus("Terraforming Guild", "Rebel Sympathizers", "Smuggling Lair",
                 "Alien Toy Shop", "Volcanic World") == 2 + 2 + 2 + 2 + 0


def test_galactic_genome_project():
    """2 per Gene world (production or windfall), 3 per Genetics Lab."""
    assert bonus("Galactic Genome Project", "Hive World", "Insect Uplift Race",
                 "Genetics Lab", "Volcanic World") == 2 + 2 + 3


def test_imperium_lords():
    """2 per Imperium card (itself included), 1 per other military world."""
    assert bonus("Imperium Lords", "Imperium Troops", "Hive World", "Rebel Colony",
                 "Imperium Warlord", "Volcanic World") == 2 + 2 + 1 + 1 + 2


def test_imperium_seat():
    """Rebel vs Imperium: 2 per Imperium card (itself included), 2 per Rebel military
    world; a non-Rebel military world nothing."""
    assert bonus("Imperium Seat", "Imperium Troops", "Rebel Colony", "Rebel Base",
                 "Hive World") == 2 + 2 + 2 + 2


def test_rebel_alliance():
    """2 per Rebel card (itself, Rebel Pact, Rebel Colony), 1 per other military world."""
    assert bonus("Rebel Alliance", "Rebel Pact", "Rebel Colony", "Hive World",
                 "Volcanic World") == 2 + 2 + 2 + 1


def test_uplift_code():
    """3 per Chromosome card, 2 per other Uplift card (itself included)."""
    assert bonus("Uplift Code", "Devolved Uplift Race", "Clandestine Uplift Lab",
                 "Abandoned Alien Uplift Camp", "Volcanic World") == 2 + 3 + 3 + 2


def test_galactic_exchange_counts_kinds_of_goods_worlds():
    """1, 3, 6 or 10 for 1, 2, 3 or 4 kinds of goods worlds, 3 per Diversified Economy."""
    assert bonus("Galactic Exchange", "Volcanic World", "Hive World",
                 "Diversified Economy") == 3 + 3
    assert bonus("Galactic Exchange", "Volcanic World", "Hive World", "Alien Toy Shop",
                 "Rebel Sympathizers") == 10


def test_galactic_bankers():
    """2 per Interstellar Bank, Investment Credits, Gambling World; 1 per other
    development (itself included)."""
    assert bonus("Galactic Bankers", "Investment Credits", "Interstellar Bank",
                 "Gambling World", "Rebel Pact", "Volcanic World") == 1 + 2 + 2 + 2 + 1


def test_prospecting_guild():
    """2 per Rare world, 1 per other world, 1 per Terraforming card."""
    assert bonus("Prospecting Guild", "Volcanic World", "Smuggling Lair", "Hive World",
                 "Terraforming Guild", "Rebel Pact") == 2 + 2 + 1 + 1


def test_galactic_imperium_with_the_expansions_rebel_worlds():
    """Base Galactic Imperium: 2 per Rebel military world (the sets' Rebel Colony), 1 per
    other military world, nothing for a non-military Rebel world (Rebel Cantina)."""
    assert bonus("Galactic Imperium", "Rebel Colony", "Hive World", "Rebel Cantina") == 2 + 1
