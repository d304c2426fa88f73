"""The Brink of War's prestige powers and the prestige icon, in constructed positions (the
rulebook's « Gagner du Prestige » and « LES POUVOIRS DES CARTES (par phase) », quoted per
test)."""

from rftg_cli.race.engine.scoring import score
from tests.powers_helpers import Table


def table() -> Table:
    return Table(sets=("bow",))


def develop(t: Table, player: int, name: str, *, owner_tableau=(), actions=None) -> int:
    """`player` develops `name` (from a hand padded to pay for it)."""
    t.tableau(player, *owner_tableau)
    t.tableau(1 - player, "Old Earth")
    [card] = t.hand(player, name)
    t.pad(player, 6)
    t.start("develop", actions or {1 - player: ("develop",)})
    t.answer(card)
    t.finish()
    assert card in t.p(player).tableau
    return card


# ---------------------------------------------------------------- the prestige icon

def test_a_card_with_the_prestige_icon_gives_1_prestige_when_placed():
    """« Certaines cartes, possédant un symbole Prestige [...] procurent 1 Prestige à leur
    propriétaire quand elles sont posées pour la première fois dans leur tableau »:
    Pan-Galactic Mediator shows the icon."""
    t = table()
    develop(t, 0, "Pan-Galactic Mediator")
    assert t.p(0).prestige == 1 and t.p(1).prestige == 0


def test_a_card_without_the_icon_gives_none():
    t = table()
    develop(t, 0, "Public Works")
    assert t.p(0).prestige == 0


def test_the_icon_of_a_world_settled_counts_too():
    """Alien Departure Point (a world with the icon), settled: 1 prestige."""
    t = table()
    t.tableau(1, "Old Earth")
    [world] = t.hand(0, "Alien Departure Point")
    t.pad(0, 9)
    t.start("settle", {1: ("settle",)})
    t.settle((world, "pay", ()))
    t.finish()
    assert world in t.p(0).tableau and t.p(0).prestige == 1


# ---------------------------------------------------------------- II: develop and gain prestige

DEVELOP_AND_GAIN = [
    # « Développer et gagner du Prestige: Le joueur gagne 1 Prestige après avoir placé le
    # développement indiqué (quelconque, 6 ou Rebelle) »: Pan-Galactic Affluence (any),
    ("Pan-Galactic Affluence", "Public Works", 1),
    # Federation Capital (a 6-cost one),
    ("Federation Capital", "Public Works", 0),
    ("Federation Capital", "Mining League", 1),
    # Rebel Council (a Rebel one: Rebel Pact is, Public Works is not).
    ("Rebel Council", "Rebel Pact", 1),
    ("Rebel Council", "Public Works", 0),
]


def test_develop_and_gain_prestige():
    for power, developed, gained in DEVELOP_AND_GAIN:
        t = table()
        develop(t, 0, developed, owner_tableau=(power,))
        assert t.p(0).prestige == gained, (power, developed)


def test_a_power_never_acts_in_the_phase_its_card_is_placed():
    """Pan-Galactic Affluence placed: 1 for its icon, not 1 more for its own power."""
    t = table()
    develop(t, 0, "Pan-Galactic Affluence")
    assert t.p(0).prestige == 1


# ---------------------------------------------------------------- III: settle and gain prestige

def settled(tableau: tuple, name: str, how: str) -> Table:
    """Player 1, with `tableau`, settles `name` (`how`: "pay" or "conquer")."""
    t = table()
    t.tableau(0, *tableau)
    t.tableau(1, "Old Earth")
    [world] = t.hand(0, name)
    t.pad(0, 6)
    t.start("settle", {1: ("settle",)})
    t.settle((world, how, ()))
    t.finish()
    assert world in t.p(0).tableau
    return t


def test_settle_prestige_rebel_after_a_rebel_military_world():
    """« Coloniser et gagner du Prestige [...] (Rebelle ou producteur quelconque) »:
    Imperium Capital, a Rebel military world conquered."""
    t = settled(("Imperium Capital", "Space Marines"), "Rebel Fuel Cache", "conquer")
    assert t.p(0).prestige == 1


def test_settle_produce_prestige_after_a_production_world_only():
    """Alien Cornucopia: after a production world (Gem World), not a windfall one."""
    assert settled(("Alien Cornucopia",), "Gem World", "pay").p(0).prestige == 1
    assert settled(("Alien Cornucopia",), "Asteroid Belt", "pay").p(0).prestige == 0


def test_pay_prestige_after_paying_for_a_military_world():
    """« Prestige pour avoir payé pour assujettir: Gagner 1 Prestige après utilisation du
    pouvoir payer pour assujettir »: Pan-Galactic Mediator with Contact Specialist's power;
    « Ce pouvoir ne donne pas la possibilité de payer pour assujettir »."""
    t = table()
    t.tableau(0, "Pan-Galactic Mediator", "Contact Specialist")
    t.tableau(1, "Old Earth")
    [world] = t.hand(0, "Rebel Warrior Race")
    t.pad(0, 4)
    t.start("settle", {1: ("settle",)})
    t.answer((world, "place", ()))
    d = t.pending
    paying = [o for o in d.options if o[1] == "pay"] if d.kind == "settle" else []
    if paying:
        t.answer(paying[0])
    t.finish()
    assert world in t.p(0).tableau and t.p(0).prestige == 1


def test_pay_prestige_not_for_a_world_conquered():
    t = settled(("Pan-Galactic Mediator", "Space Marines"), "Rebel Fuel Cache", "conquer")
    assert t.p(0).prestige == 0


def test_conquering_a_civil_world_with_the_invasion_fleet_gives_2_prestige():
    """« Assujettir un monde non militaire: En tant qu'action, le joueur peut défausser
    cette carte de son tableau pour poser un monde non militaire comme un monde militaire et
    gagner 2 Prestiges » (Imperium Invasion Fleet): 2, not twice that, with the prestige
    rules on (the conquest pays them, not the prestige plugin)."""
    t = table()
    [fleet] = t.tableau(0, "Imperium Invasion Fleet")
    t.tableau(1, "Old Earth")
    [gem] = t.hand(0, "Gem World")
    t.pad(0, 2)
    t.start("settle", {1: ("settle",)})
    t.answer((gem, "place", ()))
    d = t.pending
    [way] = [o for o in d.options if o[1] == "conquer"]
    t.answer(way)
    t.finish()
    assert gem in t.p(0).tableau and fleet not in t.p(0).tableau and t.p(0).prestige == 2


def test_replacing_a_world_gives_1_prestige_and_the_icon_counts():
    """« Remplacer un monde: On peut remplacer gratuitement un monde non militaire [...] par
    un monde du même type [...] pour gagner 1 Prestige »; « Si le remplaçant [...] procure
    du Prestige, on profite de ce pouvoir » (Terraforming Engineers)."""
    for name, gained in (("Galactic Resort", 1), ("Alien Burial Site", 2)):
        t = table()
        [old] = t.tableau(0, "Terraforming Engineers", "Gem World")[1:]
        t.tableau(1, "Old Earth")
        [new] = t.hand(0, name)
        t.start("settle", {1: ("settle",)})
        t.finish(lambda d: (new, old) if d.kind == "upgrade" else None)
        assert new in t.p(0).tableau and old not in t.p(0).tableau
        assert t.p(0).prestige == gained, name


# ---------------------------------------------------------------- I: discard for prestige

def test_discard_for_prestige_at_the_start_of_explore():
    """« Défausser pour du Prestige: Au début de la phase Explorer (avant toute pioche de
    carte), le joueur peut défausser 1 carte pour gagner 1 Prestige » (Alien Departure
    Point)."""
    t = table()
    t.tableau(0, "Alien Departure Point")
    a, b = t.pad(0, 2)
    t.start("explore", {1: ("explore5",)})
    d = t.pending
    assert d.player == 0 and d.count == (0, 1) and set(d.options) == {a, b}
    assert t.p(0).explore_seen == []                 # before any card is drawn
    assert t.game.answer_text((a,)) == f'discard "{t.game.name(a)}"'
    t.answer((a,))
    assert t.p(0).prestige == 1 and a in t.game.discard_pile
    t.finish()


def test_discard_for_prestige_may_be_declined():
    t = table()
    t.tableau(0, "Alien Departure Point")
    t.pad(0, 2)
    t.start("explore", {1: ("explore5",)})
    t.answer(())
    t.finish()
    assert t.p(0).prestige == 0


# ---------------------------------------------------------------- V: produce and prestige

def test_prestige_if_most_chromosome_worlds():
    """« Gagner du Prestige pour le plus de: Gagner 1 Prestige si le joueur a plus de mondes
    [Chromosome] que quiconque » (Ravaged Uplift World); a tie gives none."""
    t = table()
    t.tableau(0, "Ravaged Uplift World", "Avian Uplift Race")
    t.tableau(1, "Aquatic Uplift Race")
    t.run("produce", {1: ("produce",)})
    assert t.p(0).prestige == 1
    t = table()
    t.tableau(0, "Ravaged Uplift World")
    t.tableau(1, "Aquatic Uplift Race")
    t.run("produce", {1: ("produce",)})
    assert t.p(0).prestige == 0


def test_produce_a_good_and_gain_prestige_only_if_it_produced():
    """« Produire une ressource sur ce monde, s'il n'en a pas, et dans ce cas-là seulement,
    gagner un Prestige » (Uplift Gene Breeders)."""
    t = table()
    [breeders] = t.tableau(0, "Uplift Gene Breeders")
    t.run("produce", {1: ("produce",)})
    assert breeders in t.p(0).goods and t.p(0).prestige == 1
    t.run("produce", {1: ("produce",)})
    assert t.p(0).prestige == 1


# ---------------------------------------------------------------- IV: spending prestige

def test_spend_prestige_for_vp_is_doubled_by_x2_but_consume_prestige_is_not():
    """« Dépenser du Prestige: On peut dépenser 1 Prestige pour gagner 3 PV. Ceci peut être
    doublé avec le bonus Consommer x2 » (Interstellar Casus Belli); « Le Prestige n'est pas
    doublé par Consommer x2 » (Federation Capital: a good for 1 prestige)."""
    t = table()
    [capital] = t.tableau(0, "Interstellar Casus Belli", "Federation Capital")[1:]
    t.good(0, capital)
    t.game.add_prestige(0, 1)
    t.run("consume", {0: ("consume2",)},
          policy=lambda d: next((o for o in d.options if o[0] != -1), None)
          if d.kind == "consume" else None)
    assert t.p(0).vp == 6 and t.p(0).prestige == 1


# ---------------------------------------------------------------- scoring

def test_cards_scoring_per_prestige_count_the_prestige_held():
    """« Certaines cartes rapportent 1 PV par jeton Prestige, incluant la Capitale de la
    fédération »; and « Chaque jeton Prestige [...] rapporte 1 PV à la fin du jeu »."""
    t = table()
    t.tableau(0, "Federation Capital")
    t.game.add_prestige(0, 4)
    s = score(t.game, 0)
    assert s.bonuses["Federation Capital"] == 4 and s.extras["prestige"] == 4


def test_prestige_does_not_count_for_galactic_renaissance():
    """« Les jetons Prestige ne comptent pas dans le score de Renaissance galactique »: its
    VP-chip line counts chips only (6 chips: 2), whatever the prestige."""
    t = table()
    t.tableau(0, "Galactic Renaissance")
    t.p(0).vp = 6
    before = score(t.game, 0).bonuses["Galactic Renaissance"]
    t.game.add_prestige(0, 9)
    assert score(t.game, 0).bonuses["Galactic Renaissance"] == before
