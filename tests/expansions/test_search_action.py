"""The Brink of War's search in constructed rounds (rulebook « RECHERCHER »: « Procédure »
and « Catégories de recherche »; quoted per test)."""

from types import SimpleNamespace

import pytest

from rftg_cli.race.cards.loader import load_cards
from rftg_cli.config import GameConfig
from rftg_cli.race.engine.round import action_options
from rftg_cli.expansions.prestige import CARD
from rftg_cli.expansions.search import all_categories, matches
from rftg_cli.expansions.search.categories import optional
from rftg_cli.expansions.search.procedure import offered_categories

from tests.powers_helpers import Table


def table(players: int = 2, **kw) -> Table:
    return Table(sets=("bow",), players=players, **kw)


def search_round(t: Table, actions: dict) -> None:
    """Reveal these action cards and run the round from its first phase."""
    g = t.game
    for i, p in enumerate(g.players):
        p.actions = tuple(actions.get(i, ()))
        g.players[i].spent = p.spent | ({CARD} if "search" in p.actions else set())
    g.pending = None
    g.tasks.clear()
    g.push(("reveal",))
    g.run()


def only(t: Table, *names: str) -> list[int]:
    """The deck is exactly these cards (the first name on top); the rest is set apart."""
    cards = [t.take(n) for n in names]
    t.game.deck = list(reversed(cards))
    return cards


def test_search_comes_before_any_phase_and_takes_the_first_match():
    """« une étape rechercher se déroule avant qu'aucune phase ne soit résolue [...] révèle
    [...] les cartes de la pioche une par une [...] Quand une carte correspondant à la
    catégorie est trouvée, le joueur peut soit s'arrêter et prendre la carte en main »;
    « Toutes les cartes précédemment révélées [...] sont alors mises [...] dans la pile de
    défausse »."""
    t = table()
    gem, league, spice = t.stack("Gem World", "Mining League", "Spice World")
    search_round(t, {0: ("search",), 1: ("explore5",)})
    d = t.pending
    assert d.kind == "search_category" and d.player == 0 and t.game.phase == "search"
    assert len(d.options) == 8                      # no takeover category: takeovers are off
    t.answer(t.game.parse_answer('search "6-cost development"'))
    d = t.pending
    assert d.kind == "search_take" and d.options == (league, -1)
    assert t.game.answer_text(league) == 'take "Mining League"'
    t.answer(t.game.parse_answer('take "Mining League"'))
    assert league in t.p(0).hand and gem in t.game.discard_pile
    assert t.game.phase == "explore" and spice in t.p(0).explore_seen   # not revealed: left
    assert CARD in t.p(0).spent and not any(
        "search" in o for o in action_options(t.game, 0))


def test_passing_the_first_match_takes_the_second():
    """« S'il continue, il doit prendre en main la seconde carte correspondant à la
    catégorie parmi les révélées »: the first goes to the discard pile with the others."""
    t = table()
    league, gem, pgl = t.stack("Mining League", "Gem World", "Pan-Galactic League")
    search_round(t, {0: ("search",), 1: ("explore5",)})
    t.answer("six_development")
    assert t.game.answer_text(-1) == "pass"
    t.answer(t.game.parse_answer("pass"))
    assert pgl in t.p(0).hand and league in t.game.discard_pile and gem in t.game.discard_pile


def test_an_exhausted_deck_is_replaced_once_by_the_discard_pile():
    """« Si la pioche est épuisée, mélangez l'actuelle pile de défausse pour former une
    nouvelle pioche et continuer à chercher »."""
    t = table()
    league = t.take("Mining League")
    only(t, "Gem World")
    t.game.discard_pile = [league]
    search_round(t, {0: ("search",), 1: ("explore5",)})
    t.answer("six_development")
    t.answer(t.pending.options[0])
    assert league in t.p(0).hand


def test_a_failed_search_keeps_the_card():
    """« Si cette nouvelle pioche s'épuise aussi, la recherche échoue : le joueur ne prend
    pas de carte mais conserve sa carte Prestige/rechercher pour un usage ultérieur »."""
    t = table()
    belt = t.take("Asteroid Belt")
    gem, spice = only(t, "Gem World", "Spice World")
    t.game.discard_pile = [belt]
    search_round(t, {0: ("search",)})
    t.answer("six_development")
    assert CARD not in t.p(0).spent
    assert any("search" in o for o in action_options(t.game, 0))
    assert sorted(t.game.discard_pile) == sorted([gem, spice, belt]) and not t.game.deck
    assert not t.game.extra["search"].aside and len(t.p(0).hand) == 0


def test_searches_resolve_from_the_lowest_start_world_clockwise():
    """« résolvez chaque recherche séparément en commençant par le joueur ayant le monde de
    départ au plus petit numéro et en tournant en sens horaire »: the game's timing order."""
    t = table(players=3)
    t.game.order = (2, 0, 1)
    t.stack("Mining League", "Pan-Galactic League", "Free Trade Association")
    search_round(t, {0: ("search",), 2: ("search",), 1: ("explore5",)})
    assert t.pending.player == 2
    t.answer("six_development")
    t.answer(t.pending.options[0])
    assert t.pending.player == 0


def test_the_search_in_the_expert_game_goes_with_another_action():
    t = table(expert=True)
    options = action_options(t.game, 0)
    assert ("develop", "search") in options or ("search", "develop") in options


def test_takeover_category_only_with_takeovers_on():
    """« Cette catégorie ne peut être choisie que si les conquêtes sont autorisées »."""
    keys = lambda cfg: {c.key for c in offered_categories(SimpleNamespace(config=cfg))}
    on = GameConfig(players=2, expansions=("bow", "tgs", "rvi"))
    off = GameConfig(players=2, expansions=("bow", "tgs", "rvi"),
                     options=(("takeovers", "off"),))
    assert "takeover" in keys(on) and "takeover" not in keys(off)


CATEGORY_EXAMPLES = {
    # « Les développements qui procurent +1 ou +2 en force militaire. Ignorez la force
    # militaire temporaire ou spécialisée. »
    "military_development": (("Space Marines", "Imperium Troops"),
                             ("Contact Specialist", "New Military Tactics")),
    # « Les mondes militaires à trouvaille d'une défense de 1 ou 2. »
    "military_windfall": (("Rebel Fuel Cache",), ("Rebel Warrior Race", "Asteroid Belt")),
    # « Les mondes trouvaille dont le coût (imprimé) est 1 ou 2. »
    "windfall": (("Asteroid Belt", "Empath World"), ("Gem World", "Rebel Fuel Cache")),
    # « Les mondes (de n'importe quel type) avec un symbole [Chromosome]. »
    "chromosome": (("Avian Uplift Race",), ("Gem World",)),
    # « Les mondes trouvaille ou producteurs Alien. Ignorez les autres cartes ALIEN. »
    "alien": (("Alien Toy Shop", "Alien Robot Sentry"), ("Alien Tech Institute",)),
    # « Les cartes avec des pouvoirs de consommation qui consomment deux ressources ou plus.
    # Le Monde de pèlerinage [...] font partie de cette catégorie. »
    "consume_two": (("Pilgrimage World", "Pan-Galactic Affluence"), ("Terraformed World",)),
    # « Les mondes militaires avec une défense de 5 ou plus. »
    "military_5": (("Rebel Outpost",), ("Rebel Warrior Race", "Space Port")),
    # « Les développements de valeur 6 »; « Le Tueur de planètes de l'Imperium [...] n'est
    # jamais considéré comme un développement à 6, en incluant : rechercher ».
    "six_development": (("Mining League",), ("Imperium Planet Buster", "Public Works")),
    # « Les cartes avec des pouvoirs de conquête (incluant les pouvoirs de défense). »
    "takeover": (("Interstellar Casus Belli", "Pan-Galactic Security Council"),
                 ("Space Marines",)),
}


@pytest.mark.parametrize("key", sorted(CATEGORY_EXAMPLES))
def test_each_category_matches_its_cards(key):
    db = load_cards()
    [category] = [c for c in all_categories() if c.key == key]
    yes, no = CATEGORY_EXAMPLES[key]
    assert all(matches(db.named(n), category) for n in yes)
    assert not any(matches(db.named(n), category) for n in no)
    oort = db.named("Alien Oort Cloud Refinery")
    assert not matches(oort, category) and optional(oort, category) == (key == "alien")


def test_consume_two_holds_the_repeated_goods_powers_not_the_hand_discards():
    """« Les cartes avec des pouvoirs de consommation qui consomment deux ressources ou
    plus [...] et les cartes avec des pouvoirs qui consomment deux ressources ou plus d'un
    type donné » (The Brink of War rulebook, « Catégories de recherche »); Keldon's RFTG
    engine counts a goods consume power usable twice or more (x2, x3). Alien Guardian and
    the Pan-Galactic Security Council discard cards from hand, not goods."""
    db = load_cards()
    [category] = [c for c in all_categories() if c.key == "consume_two"]
    repeated = ("Consumer Markets", "Free Trade Association", "Galactic Markets",
                "Gene Designers", "Mining Conglomerate", "Old Earth")
    hand = ("Alien Guardian", "Pan-Galactic Security Council")
    assert [n for n in repeated if not matches(db.named(n), category)] == []
    assert [n for n in hand if matches(db.named(n), category)] == []
    assert not matches(db.named("Epsilon Eridani"), category)   # one good, once


def test_the_oort_cloud_refinery_counts_for_alien_worlds_if_the_searcher_chooses():
    """« Le joueur qui cherche peut choisir que la Raffinerie Alien du nuage d'Oort
    corresponde à cette catégorie »: take it, pass it (the first match), or not count it
    (`ignore`: the next Alien world is then still the first match)."""
    t = table()
    oort, toy = t.stack("Alien Oort Cloud Refinery", "Alien Toy Shop")
    search_round(t, {0: ("search",), 1: ("explore5",)})
    t.answer(t.game.parse_answer("search alien world"))
    d = t.pending
    assert d.options == (oort, -1, -2) and t.game.answer_text(-2) == "ignore"
    t.answer(t.game.parse_answer("ignore"))
    d = t.pending
    assert d.options == (toy, -1)                  # still the first match: may be passed
    t.answer(toy)
    assert toy in t.p(0).hand and oort in t.game.discard_pile


def test_nine_categories():
    assert len(all_categories()) == 9


def test_a_player_types_the_category_and_the_take_at_the_prompt():
    """The prompt lists the categories by name; `6-cost` names one; `ignore` and `pass`
    answer a match."""
    from rftg_cli.race.options import option_label, parse_answer

    t = table()
    oort = t.stack("Alien Oort Cloud Refinery")[0]
    search_round(t, {0: ("search",), 1: ("explore5",)})
    d = t.pending
    assert option_label(t.game, d, "six_development") == "6-cost development"
    assert parse_answer("6-cost", t.game, d) == "six_development"
    t.answer(parse_answer("alien", t.game, d))
    d = t.pending
    assert [option_label(t.game, d, o) for o in d.options] == [
        "Alien Oort Cloud Refinery", "pass", "ignore (do not count it)"]
    assert parse_answer("ignore", t.game, d) == -2 and parse_answer("pass", t.game, d) == -1
    assert parse_answer("alien oort", t.game, d) == oort
