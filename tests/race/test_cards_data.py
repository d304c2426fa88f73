"""The shipped card data, pinned card by card against the reference facts (keldon cards.txt),
and regenerated from that reference by our converter."""

from pathlib import Path

import pytest

from rftg_cli.race.cards.loader import DATA_DIR, load_cards
from rftg_cli.race.cards.model import SETS, Power
from tests.helpers import missing_reference
from tools import keldon_cards

# The nearest `shared/reference` above the checkout: ../shared beside /work/main, and two
# levels up from a worktree under /work/wt/.
REFERENCE = next((parent / "shared" / "reference" / "keldon" / "cards.txt"
                  for parent in Path(__file__).resolve().parents
                  if (parent / "shared" / "reference" / "keldon").is_dir()),
                 Path(__file__).parents[3] / "shared" / "reference" / "keldon" / "cards.txt")

# name, set, type, cost, vp, copies, good, windfall, military, start_number, start_color
PINNED = [
    ("Old Earth", "base", "world", 3, 2, 1, "", False, False, 0, "blue"),
    ("Epsilon Eridani", "base", "world", 2, 1, 1, "", False, False, 1, "red"),
    ("Alpha Centauri", "base", "world", 2, 0, 1, "rare", True, False, 2, "blue"),
    ("New Sparta", "base", "world", 2, 1, 1, "", False, True, 3, "red"),
    ("Earth's Lost Colony", "base", "world", 2, 1, 1, "novelty", False, False, 4, "blue"),
    ("Gem World", "base", "world", 2, 1, 1, "novelty", False, False, None, ""),
    ("Space Marines", "base", "development", 2, 1, 2, "", False, False, None, ""),
    ("Contact Specialist", "base", "development", 1, 1, 2, "", False, False, None, ""),
    ("Research Labs", "base", "development", 4, 2, 2, "", False, False, None, ""),
    ("Alien Robotic Factory", "base", "world", 6, 5, 1, "alien", False, False, None, ""),
    ("Lost Alien Battle Fleet", "base", "world", 6, 4, 1, "alien", False, True, None, ""),
    ("Tourist World", "base", "world", 4, 2, 1, "", False, False, None, ""),
    ("Replicant Robots", "base", "development", 4, 2, 2, "", False, False, None, ""),
    ("Pilgrimage World", "base", "world", 0, 2, 1, "", False, False, None, ""),
    ("Galactic Survey: SETI", "base", "development", 6, 0, 1, "", False, False, None, ""),
    ("Pan-Galactic League", "base", "development", 6, 0, 1, "", False, False, None, ""),
    ("New Galactic Order", "base", "development", 6, 0, 1, "", False, False, None, ""),
    ("Separatist Colony", "tgs", "world", 2, 1, 1, "", False, False, 5, "red"),
    ("Ancient Race", "tgs", "world", 2, 1, 1, "gene", True, False, 6, "blue"),
    ("Damaged Alien Factory", "tgs", "world", 3, 2, 1, "alien", False, True, 7, "red"),
    ("Doomed World", "tgs", "world", 1, -1, 1, "", False, False, 8, "blue"),
    ("Alien Toy Shop", "tgs", "world", 3, 1, 1, "alien", True, False, None, ""),
    ("Imperium Lords", "tgs", "development", 6, 0, 1, "", False, False, None, ""),
    ("Galactic Genome Project", "tgs", "development", 6, 0, 1, "", False, False, None, ""),
    ("Rebel Cantina", "rvi", "world", 2, 0, 1, "", False, False, 9, "red"),
    ("Galactic Developers", "rvi", "world", 2, 1, 1, "", False, False, 10, "blue"),
    ("Imperium Warlord", "rvi", "world", 2, 2, 1, "", False, False, 11, "red"),
    ("Hidden Fortress", "rvi", "world", 5, 3, 1, "", False, True, None, ""),
    ("Pan-Galactic Research", "rvi", "development", 6, 4, 1, "", False, False, None, ""),
    ("Galactic Exchange", "rvi", "development", 6, 0, 1, "", False, False, None, ""),
    ("Uplift Code", "rvi", "development", 6, 0, 1, "", False, False, None, ""),
    ("Galactic Scavengers", "bow", "world", 2, 0, 1, "novelty", True, False, 12, "blue"),
    ("Uplift Mercenary Force", "bow", "world", 2, 0, 1, "", False, False, 13, "red"),
    ("Alien Research Team", "bow", "world", 2, 1, 1, "", False, False, 14, "blue"),
    ("Rebel Freedom Fighters", "bow", "world", 3, 1, 1, "", False, True, 15, "red"),
    ("Alien Oort Cloud Refinery", "bow", "world", 0, 1, 1, "any", True, False, None, ""),
    ("Federation Capital", "bow", "world", 3, 0, 1, "", False, False, None, ""),
    ("Black Hole Miners", "bow", "world", 4, 0, 1, "", False, False, None, ""),
    ("Imperium Planet Buster", "bow", "development", 9, 9, 1, "", False, False, None, ""),
    ("Golden Age of Terraforming", "bow", "development", 6, 0, 1, "", False, False, None, ""),
    ("Gateway Station", "promo", "world", 2, 1, 1, "novelty", True, False, None, "blue"),
    ("Abandoned Mine Squatters", "promo", "world", 2, 0, 1, "rare", False, True, None, "red"),
    ("Star Nomad Raiders", "promo", "world", 2, 1, 1, "", False, True, None, "red"),
]


@pytest.mark.parametrize("pin", PINNED, ids=[p[0] for p in PINNED])
def test_pinned_card_fields(pin):
    name, card_set = pin[:2]
    card = load_cards().named(name, card_set)
    got = (card.name, card.set, card.type, card.cost, card.vp, card.copies, card.good,
           card.windfall, card.military, card.start_number, card.start_color)
    assert got == pin


def test_pins_cover_every_set():
    assert {p[1] for p in PINNED} == set(SETS)
    assert len(PINNED) >= 30


def powers(name: str, card_set: str | None = None) -> list[Power]:
    return list(load_cards().named(name, card_set).powers)


def test_old_earth_powers():
    assert powers("Old Earth") == [
        Power(phase="consume", kind="trade_bonus", value=1, good="any"),
        Power(phase="consume", kind="consume", value=1, times=2, consume="any", vp=1),
    ]


def test_alpha_centauri_powers():
    assert powers("Alpha Centauri") == [
        Power(phase="settle", kind="reduce", value=1, good="rare"),
        Power(phase="settle", kind="military", value=1, good="rare"),
    ]


def test_contact_specialist_powers_and_copies():
    card = load_cards().named("Contact Specialist")
    assert card.copies_with == (("tgs", 1),)
    assert card.powers == (
        Power(phase="settle", kind="military", value=-1),
        Power(phase="settle", kind="pay_military", value=1),
    )
    db = load_cards()
    assert db.deck_copies({"base"}).count(card.id) == 2
    assert db.deck_copies({"base", "tgs"}).count(card.id) == 3


def test_research_labs_one_more_with_rvi():
    db = load_cards()
    card = db.named("Research Labs")
    assert card.copies_with == (("rvi", 1),)
    assert db.deck_copies({"base", "tgs"}).count(card.id) == 2
    assert db.deck_copies({"base", "tgs", "rvi"}).count(card.id) == 3


def test_rvi_gambling_world_replaces_the_base_one():
    db = load_cards()
    base, rvi = db.named("Gambling World", "base"), db.named("Gambling World", "rvi")
    assert base.id != rvi.id
    assert base.copies_with == (("rvi", -1),)
    assert [p.kind for p in base.powers] == ["consume", "draw_lucky"]
    assert [p.kind for p in rvi.powers] == ["consume", "ante_card"]
    deck = db.deck_copies({"base", "tgs", "rvi"})
    in_deck = {db[i].set for i in deck if db[i].name == "Gambling World"}
    assert in_deck == {"rvi"}
    assert deck.count(rvi.id) == 1
    assert db.deck_copies({"base"}).count(base.id) == 1


def test_new_sparta_is_a_military_start_world():
    card = load_cards().named("New Sparta")
    assert card.is_start_world and card.military
    assert card.powers == (Power(phase="settle", kind="military", value=2),)


def test_galactic_survey_seti_keeps_the_colon_in_its_name():
    card = load_cards().named("galactic survey: seti")
    assert card.name == "Galactic Survey: SETI"
    assert card.powers == (Power(phase="explore", kind="draw", value=2),)
    assert [(r.points, r.match) for r in card.vp_rules] == [
        (1, "devel_explore"), (2, "world_explore"), (1, "world")]


def test_pan_galactic_research_has_flat_vp():
    card = load_cards().named("Pan-Galactic Research")
    assert card.is_six_cost and card.vp == 4 and card.vp_rules == ()
    assert card.specials == ("discard_to_12",)


def test_pan_galactic_league_vp_rules_keep_their_order():
    card = load_cards().named("Pan-Galactic League")
    assert [(r.points, r.match, r.name) for r in card.vp_rules] == [
        (2, "gene_production", ""), (2, "gene_windfall", ""), (1, "military", ""),
        (3, "name", "Contact Specialist"),
    ]


def test_keywords_and_specials():
    db = load_cards()
    assert db.named("Rebel Cantina").keywords == ("rebel",)
    assert db.named("Imperium Warlord").keywords == ("imperium",)
    assert db.named("Uplift Mercenary Force").keywords == ("uplift", "chromo")
    assert db.named("Uplift Code").keywords == ("uplift", "prestige")
    assert db.named("Damaged Alien Factory").keywords == ("alien",)
    assert db.named("Ancient Race").specials == ("starthand_3",)
    assert db.named("Hidden Fortress").specials == ("game_end_14",)
    assert db.named("Galactic Scavengers").specials == ("start_save",)


def test_more_powers_pinned():
    assert powers("Tourist World") == [
        Power(phase="consume", kind="consume", value=3, times=1, consume="any",
              goods_per_use=2, vp=3)]
    assert powers("Gem World")[1] == Power(phase="produce", kind="draw_if_produced", value=1)
    assert powers("Hidden Fortress") == [
        Power(phase="settle", kind="military", value=1, per="military")]
    assert powers("Imperium Warlord")[2] == Power(
        phase="settle", kind="military", value=1, against="rebel")
    assert powers("Rebel Freedom Fighters")[3] == Power(
        phase="settle", kind="military", value=-2, flags=("if_imperium",))
    assert powers("Imperium Planet Buster")[1] == Power(
        phase="settle", kind="takeover_military", value=2, flags=("destroy",))
    assert powers("Doomed World")[1] == Power(phase="settle", kind="reduce_zero", one_shot=True)
    assert powers("Damaged Alien Factory") == [
        Power(phase="produce", kind="produce", pay_with="hand")]
    assert powers("Alien Toy Shop") == [
        Power(phase="consume", kind="consume", value=2, times=1, consume="this", good="alien",
              vp=2)]
    assert powers("Galactic Exchange") == [
        Power(phase="consume", kind="consume", value=1, times=1, consume="n_kinds", vp=1,
              cards=1)]
    assert powers("Gateway Station") == [
        Power(phase="consume", kind="consume", value=1, times=1, consume="any",
              goods_per_use=2, vp=1, cards=3)]
    assert powers("Golden Age of Terraforming")[0] == Power(
        phase="develop", kind="reduce", value=2, pay_with="consume_rare")
    assert powers("Federation Capital")[0] == Power(phase="develop", kind="prestige_six",
                                                    value=1)
    assert powers("Star Nomad Raiders")[1] == Power(phase="consume", kind="trade_bonus",
                                                    value=2, good="any")


def test_every_good_world_produces_or_is_a_windfall():
    for card in load_cards().cards:
        if card.good:
            assert card.windfall != card.produces, card.name


def test_the_converter_regenerates_the_shipped_files(tmp_path):
    if not REFERENCE.is_file():
        missing_reference(f"reference card facts not found at {REFERENCE}: the shipped TOML "
                          "cannot be checked against them (is ../shared/reference checked "
                          "out?)")
    keldon_cards.write(keldon_cards.convert(REFERENCE.read_text(encoding="utf-8")), tmp_path)
    for card_set in SETS:
        shipped = (DATA_DIR / f"{card_set}.toml").read_text(encoding="utf-8")
        generated = (tmp_path / f"{card_set}.toml").read_text(encoding="utf-8")
        assert generated == shipped, f"{card_set}.toml differs from the converter's output"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{s}.toml" for s in SETS)
