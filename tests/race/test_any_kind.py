"""A world of any goods kind (The Brink of War's Alien Oort Cloud Refinery), « L'attribut du
monde multi-type »: « Le type [...] est choisi au moment du placement de la carte, peut être
changé n'importe quand par son propriétaire et est choisi (une seule fois) avant le décompte
final. » One kind at a time: for the whole final count, for all of one Produce phase's
powers, and within one use of any other power."""

from dataclasses import replace

from rftg_cli.race.engine.consume import goods_options
from rftg_cli.race.engine.outcome import seat_result
from rftg_cli.race.engine.scoring import score
from tests.powers_helpers import Table

OORT = "Alien Oort Cloud Refinery"


def produce(*tableau: str, edition: int | None = None) -> Table:
    """Player 0 holds `tableau` and nothing in hand; player 1 calls Produce (player 0 has
    no Produce bonus). The phase is run with the defaults."""
    t = Table(sets=("bow",))
    if edition is not None:
        t.game.config = replace(t.game.config, edition=edition)
    t.tableau(0, *tableau)
    t.tableau(1, "New Sparta")
    t.run("produce", {1: ("produce",)})
    return t


def oort_of(t: Table) -> int:
    return next(c for c in t.p(0).tableau if t.game.design[c].name == OORT)


def test_a_windfall_power_of_one_kind_produces_a_good_of_that_kind():
    """« il produit dessus avec les Robots miniers [...] Durant cette phase Produire, la
    ressource était du type Rare pour les pouvoirs se rapportant à la production, tels que
    ceux du Conglomérat minier »: Mining Robots' Rare windfall power makes it a Rare good for
    the phase: Mining Conglomerate draws 2 (the most Rare goods), Consumer Markets (1 per
    Novelty good produced) draws nothing."""
    t = produce("Mining Robots", OORT, "Mining Conglomerate", "Consumer Markets")
    oort = oort_of(t)
    assert oort in t.p(0).goods and t.p(0).produced_as == {oort: "rare"}
    assert len(t.p(0).hand) == 2


def test_one_kind_for_a_draw_per_kind_and_a_draw_per_good_of_a_kind():
    """« Durant cette phase Produire, la ressource était du type Rare pour les pouvoirs se
    rapportant à la production »: one kind for every Produce power. Galactic Engineers (a
    windfall of any kind) fills it; Diversified Economy (1 per kind produced), Consumer
    Markets (1 per Novelty good) and Research Labs (1 per Alien good) count it as one kind:
    Novelty 1 + 1, or Alien 1 + 1, never 1 + 1 + 1."""
    t = produce("Galactic Engineers", OORT, "Diversified Economy", "Consumer Markets",
                "Research Labs")
    assert t.p(0).produced_as == {oort_of(t): "novelty"}      # the first best, in order
    assert len(t.p(0).hand) == 2


def test_the_owner_takes_the_kind_that_draws_the_most():
    """The owner picks the good's kind, once for the phase (« peut être changé n'importe
    quand par son propriétaire »): with Spice World's Novelty good also produced, Alien
    draws Diversified Economy 2 + Consumer Markets 1 + Research Labs 1 = 4, more than
    Novelty's 1 + 2 + 0; counting it as each kind would draw 5."""
    t = produce("Galactic Engineers", OORT, "Spice World", "Diversified Economy",
                "Consumer Markets", "Research Labs")
    assert t.p(0).produced_as == {oort_of(t): "alien"}
    assert len(t.p(0).hand) == 4
    assert not t.game.record or any(
        "as an alien good for this phase's Produce powers" in text for _, text in t.game.events)


def test_a_game_begun_under_an_older_edition_counts_it_as_each_kind():
    """A save keeps the rules' edition its game began with (`GameConfig.edition`): before
    edition 3 the good counted as each kind for each Produce power, and replays so."""
    t = produce("Galactic Engineers", OORT, "Diversified Economy", "Consumer Markets",
                "Research Labs", edition=2)
    assert len(t.p(0).hand) == 3 and not t.p(0).produced_as


def test_the_final_count_takes_one_kind_and_says_which():
    """« est choisi (une seule fois) avant le décompte final »: Pan-Galactic League (2 per
    Gene windfall world) or Mining League (1 per Rare windfall world), not both: Gene, 2;
    the score breakdown names the kind taken."""
    t = Table(sets=("bow",))
    t.tableau(0, "Pan-Galactic League", "Mining League", OORT)
    t.tableau(1, "New Sparta")
    result = score(t.game, 0)
    assert result.bonuses == {"Pan-Galactic League": 2, "Mining League": 0}
    assert result.kinds == {OORT: "gene"}
    assert seat_result(t.game, 0).breakdown["kinds"] == {OORT: "gene"}


def test_consuming_goods_of_different_kinds_counts_it_as_one_kind():
    """« peut être changé n'importe quand », but one good is one kind within one use:
    Diversified Economy's « 3 goods of different kinds » cannot take it and one Novelty
    good as three kinds; with a Rare good too, it is the third kind."""
    t = Table(sets=("bow",))
    de, oort, spice, comet = t.tableau(0, "Diversified Economy", OORT, "Spice World",
                                     "Comet Zone")
    t.tableau(1, "New Sparta")
    t.good(0, oort)
    t.good(0, spice)
    power = next(p for p in t.game.design[de].powers if p.consume == "three_kinds")
    assert goods_options(t.game, 0, de, power) == []
    t.good(0, comet)
    assert goods_options(t.game, 0, de, power) == [(oort, spice, comet)]


def test_one_kind_when_the_player_orders_its_produce_powers():
    """« Durant cette phase Produire, la ressource était du type Rare pour les pouvoirs se
    rapportant à la production », also when a paid power makes the player order its powers:
    Consumer Markets draws first with the good as a Novelty good (Novelty or Alien draw as
    many), and Research Labs then counts only Damaged Alien Factory's Alien good (1 + 1; as
    each kind, 1 + 2)."""
    t = Table(sets=("tgs", "bow"))
    t.tableau(0, "Galactic Engineers", OORT, "Damaged Alien Factory", "Research Labs",
              "Consumer Markets")
    t.tableau(1, "New Sparta")
    [card] = t.pad(0, 1)
    t.start("produce", {1: ("produce",)})
    assert t.pending.kind == "produce_pay"      # Research Labs draws nothing before it
    t.answer((card,))
    t.finish()
    assert t.p(0).produced_as == {oort_of(t): "novelty"}
    assert len(t.p(0).hand) == 2


def _consume_position(*goods_on: str, edition: int | None = None) -> tuple[Table, dict]:
    """Player 0 with Mining Conglomerate (consume up to 2 Rare goods for 1 VP each) and a
    good on each world named; player 1 calls Consume x2, so player 0 consumes first."""
    t = Table(sets=("tgs", "rvi", "bow"))
    if edition is not None:
        t.game.config = replace(t.game.config, edition=edition)
    cards = t.tableau(0, "Mining Conglomerate", *goods_on)
    for world in cards[1:]:
        t.good(0, world)
    t.tableau(1, "New Sparta")
    t.start("consume", {1: ("consume2",)})
    return t, dict(zip(("conglomerate",) + goods_on, cards))


def test_its_good_need_not_go_to_a_consume_power_of_one_kind():
    """« peut être changé n'importe quand par son propriétaire »: consuming is mandatory
    (« Consommer est donc obligatoire »), but the owner may name the world another kind
    than Rare, so Mining Conglomerate need not take its good (Keldon's AI kept it, level 3
    seed 196 of the arena; our engine made it go)."""
    t, c = _consume_position(OORT)
    d = t.pending
    assert d.kind == "consume" and d.player == 0
    assert set(d.options) == {(c["conglomerate"], 1, (c[OORT],)), (-1, -1, ())}
    t.answer((-1, -1, ()))
    assert c[OORT] in t.p(0).goods


def test_with_a_rare_good_too_it_may_stay_or_go():
    """Up to 2 Rare goods, one Rare good and its good: both, or the Rare good alone (it
    named another kind); the power itself must be used, the Rare good cannot stay."""
    t, c = _consume_position(OORT, "Comet Zone")
    d = t.pending
    uses = {o for o in d.options if o[0] == c["conglomerate"]}
    assert uses == {(c["conglomerate"], 1, (c[OORT], c["Comet Zone"])),
                    (c["conglomerate"], 1, (c["Comet Zone"],))}
    assert (-1, -1, ()) not in d.options


def test_an_older_edition_makes_its_good_go():
    """A game begun under rules edition 3 replays as it was played: the good counted as
    each kind, so the power had to take it (its one way, used unasked)."""
    t, c = _consume_position(OORT, edition=3)
    assert t.pending is None or t.pending.player != 0
    assert c[OORT] not in t.p(0).goods
