"""End-of-game scoring: every base 6-cost development on a constructed tableau, the VP
expected being computed from the rulebook ("POUVOIRS DES DÉVELOPPEMENTS COÛTANTS 6": for
each 6-cost development a card counts in one line only), and the tie-break."""

from rftg_cli.race.engine.scoring import score, winners
from tests.powers_helpers import Table


def bonus(six_dev: str, *tableau: str, chips: int = 0, goods=()) -> int:
    t = Table()
    cards = t.tableau(0, six_dev, *tableau)
    t.tableau(1, "Earth's Lost Colony")
    by_name = {t.game.design[c].name: c for c in cards}
    for name in goods:
        t.good(0, by_name[name])
    t.p(0).vp = chips
    return score(t.game, 0).bonuses[six_dev]


def test_galactic_federation():
    """2 per 6-cost development (itself included), 1 per other development."""
    assert bonus("Galactic Federation", "Trade League", "Drop Ships", "Public Works",
                 "Gem World") == 2 + 2 + 1 + 1


def test_free_trade_association():
    """2 per Novelty production world, 1 per Novelty windfall world, 2 per Consumer
    Markets and Expanding Colony."""
    assert bonus("Free Trade Association", "Gem World", "Artist Colony", "Refugee World",
                 "Pirate World", "Consumer Markets", "Expanding Colony", "Asteroid Belt",
                 "Spice World") == 2 + 2 + 1 + 1 + 2 + 2 + 0 + 2


def test_alien_tech_institute():
    """3 per Alien production world, 2 per Alien windfall world, 2 per other ALIEN card
    (itself included): each card in one line only."""
    assert bonus("Alien Tech Institute", "Alien Robotic Factory", "Deserted Alien Outpost",
                 "Alien Rosetta Stone World", "Lost Alien Battle Fleet", "Alien Robot Sentry",
                 "Gem World") == 2 + 3 + 2 + 2 + 3 + 2


def test_galactic_imperium():
    """2 per Rebel military world, 1 per other military world."""
    assert bonus("Galactic Imperium", "Rebel Base", "Rebel Miners", "New Sparta",
                 "Former Penal Colony", "Gem World", "Contact Specialist") == 2 + 2 + 1 + 1


def test_galactic_renaissance():
    """1 per 3 VP chips (rounded down), 3 per Research Labs, Galactic Trendsetters, Artist
    Colony."""
    assert bonus("Galactic Renaissance", "Research Labs", "Artist Colony", "Gem World",
                 chips=8) == 2 + 3 + 3
    assert bonus("Galactic Renaissance", "Galactic Trendsetters", chips=2) == 3


def test_galactic_survey_seti():
    """1 per development with an Explore power (itself included), 2 per world with an
    Explore power, 1 per other world."""
    assert bonus("Galactic Survey: SETI", "Expedition Force", "Research Labs", "Drop Ships",
                 "Malevolent Lifeforms", "Star Nomad Lair", "Gem World",
                 "Old Earth") == 1 + 1 + 1 + 0 + 2 + 2 + 1 + 1


def test_merchant_guild():
    """2 per production world (not windfall), 1 per good at the end of the game."""
    assert bonus("Merchant Guild", "Gem World", "Rebel Miners", "Asteroid Belt", "Old Earth",
                 "Lost Alien Battle Fleet",
                 goods=("Gem World", "Asteroid Belt")) == 2 + 2 + 0 + 0 + 2 + 2


def test_mining_league():
    """2 per Rare production world, 1 per Rare windfall world, 2 per Mining Robots and
    Mining Conglomerate."""
    assert bonus("Mining League", "Mining World", "Rebel Miners", "Asteroid Belt",
                 "Alpha Centauri", "Mining Robots", "Mining Conglomerate",
                 "Gem World") == 2 + 2 + 1 + 1 + 2 + 2


def test_new_economy_trade_powers_are_not_consume_powers():
    """Économie de marché (New Economy): 2 per development with a Consume power (itself
    included), 1 per world with one; trade ($) powers are not Consume powers. Black Market
    Trading World's « Des cartes au prix de Vente » is listed under « IV: CONSOMMER »: a
    Consume power, it counts."""
    assert bonus("New Economy", "Export Duties", "Deficit Spending", "Mining Conglomerate",
                 "Old Earth", "Spice World", "Gem World", "Gambling World",
                 "Black Market Trading World") == 2 + 0 + 2 + 2 + 1 + 0 + 0 + 1 + 1


def test_new_galactic_order_counts_negative_not_specialised_military():
    """Total military: negative powers count; specialised ones (Rebel, Alien, a goods
    kind) and temporary ones (New Military Tactics) do not."""
    assert bonus("New Galactic Order", "New Sparta", "Contact Specialist", "Alpha Centauri",
                 "Galactic Imperium", "New Military Tactics", "Empath World",
                 "Alien Tech Institute") == 2 + 2 - 1 - 1


def test_pan_galactic_league():
    """2 per Gene world, 1 per other military world, 3 for Contact Specialist."""
    assert bonus("Pan-Galactic League", "Plague World", "Pre-Sentient Race",
                 "Avian Uplift Race", "New Sparta", "Contact Specialist",
                 "Gem World") == 2 + 2 + 2 + 1 + 3


def test_trade_league():
    """2 per development with a trade power (itself included), 1 per world with one. The
    Black Market's « Des cartes au prix de Vente » is a Consume power (listed under « IV:
    CONSOMMER »), not a Trade power: it does not count."""
    assert bonus("Trade League", "Export Duties", "Genetics Lab", "Mining Conglomerate",
                 "Spice World", "Old Earth", "Black Market Trading World", "Gem World",
                 "Deficit Spending") == 2 + 2 + 2 + 2 + 1 + 1 + 0


def test_every_base_six_cost_development_is_tested_here():
    t = Table()
    sixes = {c.name for c in t.game.design if c.is_six_cost}
    tested = {"Galactic Federation", "Free Trade Association", "Alien Tech Institute",
              "Galactic Imperium", "Galactic Renaissance", "Galactic Survey: SETI",
              "Merchant Guild", "Mining League", "New Economy", "New Galactic Order",
              "Pan-Galactic League", "Trade League"}
    assert sixes == tested


def test_score_adds_chips_printed_vp_and_six_cost_bonuses():
    t = Table()
    t.tableau(0, "Galactic Federation", "Drop Ships", "New Earth")
    t.tableau(1, "Earth's Lost Colony")
    t.p(0).vp = 7
    s = score(t.game, 0)
    assert (s.chips, s.cards, s.bonuses) == (7, 0 + 2 + 3, {"Galactic Federation": 3})
    assert s.total == 15


def test_tie_break_is_cards_in_hand_plus_goods():
    """Rulebook "Fin de partie": a tie goes to the most cards in hand plus goods; if still
    tied, the tied players share the victory."""
    t = Table()
    [gem] = t.tableau(0, "Gem World")
    t.tableau(1, "Spice World")
    t.good(0, gem)
    t.pad(1, 1)
    assert winners(t.game) == [0, 1]
    t.pad(1, 1)
    assert winners(t.game) == [1]
    t.p(0).vp = 1
    assert winners(t.game) == [0]


def test_new_galactic_order_counts_cards_placed_in_the_last_phase():
    """Scoring looks at the final tableau, not at the powers active in the last phase."""
    t = Table()
    t.tableau(0, "New Galactic Order", "New Sparta")
    t.tableau(1, "Earth's Lost Colony")
    [blaster] = t.hand(0, "Blaster Gem Mines", extra=3)   # civil world with +1 military
    t.start("settle", {0: ("settle",)})
    t.settle((blaster, "pay", ()))
    t.finish()
    assert blaster in t.p(0).tableau
    assert score(t.game, 0).bonuses["New Galactic Order"] == 2 + 2 + 1
