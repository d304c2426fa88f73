"""Rules found wrong by the rules audit of issue 13, each in a constructed position, citing
the French rulebook (`/work/shared/rules/base-rulebook.fr.txt`)."""

from __future__ import annotations

from rftg_cli.race.cards.loader import load_cards
from rftg_cli.race.cards.text import vp_rule_text
from rftg_cli.config import GameConfig
from rftg_cli.race.engine import Game
from rftg_cli.race.engine.round import timing_order
from rftg_cli.race.engine.scoring import score
from rftg_cli.plugins import new_game
from rftg_cli.race.base_game import build_rules

from tests.helpers import registry
from tests.powers_helpers import Table


def scoring_table(*card_sets: str) -> Table:
    """A constructed position holding the cards of `card_sets` too, for scoring only: the
    power kinds of those sets that no plugin plays yet are registered as inert."""
    config = GameConfig(players=2)
    rules = build_rules(config, registry())
    rules.card_sets |= set(card_sets)
    db = load_cards()
    rules.powers.allow_unplayed(db.cards, "scoring only")
    game = Game(config, 1, rules, db)
    for p in game.players:
        game.deck += p.hand + p.tableau + list(p.goods.values())
        p.hand, p.tableau, p.goods = [], [], {}
    t = Table.__new__(Table)
    t.game = game
    return t


def test_timing_order_runs_clockwise_from_the_lowest_start_world():
    """Rulebook "TIMING": « résolvez la phase dans le sens horaire [...] en commençant par
    le joueur dont le monde de départ porte le plus petit chiffre » (summary card, step 2:
    « le joueur avec le + petit n° de monde départ débute, puis ∪ »). Seats holding start
    worlds 3, 0, 4, 1 play in the order seat 1, 2, 3, 0 (not 1, 3, 0, 2 by number)."""
    assert timing_order([3, 0, 4, 1]) == (1, 2, 3, 0)
    assert timing_order([0, 4, 2]) == (0, 1, 2)
    assert timing_order([2, 1]) == (1, 0)


def test_four_player_games_take_turns_clockwise_from_the_lowest_start_world():
    """The same rule in dealt games: the seat with the lowest start world acts first in
    Consume and the others follow round the table; among these deals at least one is not in
    start-world order, so sorting by number would play a different order (every phase that
    resolves players in turn, Explore to Produce, walks `game.order`)."""
    differs = 0
    for seed in range(1, 30):
        game = new_game(GameConfig(players=4), seed, registry=registry())
        numbers = [game.design[p.tableau[0]].start_number for p in game.players]
        first = numbers.index(min(numbers))
        assert game.order == tuple((first + k) % 4 for k in range(4))
        differs += game.order != tuple(sorted(range(4), key=numbers.__getitem__))
    assert differs > 0


def test_the_discard_pile_becomes_the_deck_as_soon_as_the_deck_runs_out():
    """Rulebook "FIN DE TOUR, CARTES ET JETONS": « Lorsque la pioche est épuisée, remélangez
    immédiatement la défausse pour former une nouvelle pioche. » Both players explore the
    last 4 cards of the deck: the 5 discarded cards become the new deck at once, and the 2
    cards the players discard from their explore start a new discard pile."""
    t = Table()
    g = t.game
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    rest = list(g.deck)
    g.deck = rest[:4]
    g.discard_pile = rest[4:9]
    t.start("explore", {})
    assert len(t.p(0).explore_seen) == 2 and len(t.p(1).explore_seen) == 2
    # The moment the deck ran out, the discard pile was shuffled into a new deck.
    assert t.game.view(0)["deck_size"] == 5 and t.game.view(0)["discard_size"] == 0
    t.finish()
    view = t.game.view(1)
    assert view["deck_size"] == 5 and view["discard_size"] == 2
    assert any("reshuffled" in text for text in g.public_events(0))


def test_trading_a_good_as_a_power_is_a_consume_power_for_six_cost_developments():
    """The rulebook lists Black Market Trading World's and Trade League's « Des cartes au prix
    de Vente » under « IV: CONSOMMER », apart from the « pouvoirs de Vente »; ÉCONOMIE DE
    MARCHÉ (New Economy) counts « Développement avec un pouvoir de Consommation », and
    « Les pouvoirs de Vente ne sont pas considérés comme des pouvoirs de Consommation ».
    New Economy: itself 2, Trade League 2 (its trade-a-good power), the Black Market 1.
    Trade League: itself 2 (its +1 card Trade power), the Black Market 0."""
    t = Table()
    t.tableau(0, "New Economy", "Trade League", "Black Market Trading World")
    t.tableau(1, "Earth's Lost Colony")
    bonuses = score(t.game, 0).bonuses
    assert bonuses == {"New Economy": 2 + 2 + 1, "Trade League": 2 + 0}


def test_galactic_exchange_scores_kinds_of_goods_worlds_not_goods_on_them():
    """Galactic Exchange (Rebel vs Imperium): 1/3/6/10 VP for 1/2/3/4 kinds of goods
    *worlds* in the tableau (the card's scoring box shows the four goods worlds; the
    reference data reads « different good kinds among your worlds »), windfall worlds
    included, whether or not a good sits on them. Novelty, Rare and Gene worlds without a
    good: 6 VP (the old count of goods on worlds gave 0)."""
    t = scoring_table("tgs", "rvi")
    cards = t.tableau(0, "Galactic Exchange", "Spice World", "Asteroid Belt",
                      "Genetics Lab", "Plague World")
    t.tableau(1, "Earth's Lost Colony")
    assert score(t.game, 0).bonuses["Galactic Exchange"] == 6
    # A good on a world adds no kind; two worlds of one kind count once.
    t.good(0, cards[1])
    t.tableau(0, "Gem World")
    assert score(t.game, 0).bonuses["Galactic Exchange"] == 6
    [rule] = [r for r in t.game.db.named("Galactic Exchange").vp_rules
              if r.match == "kind_good"]
    assert "kinds of goods worlds" in vp_rule_text(rule)
