"""Plain-English card text: every power and VP rule reads as English, never as a code name."""

import re

import pytest

from rftg_cli.plugins import make_registry
from rftg_cli.race.base_game import every_power_kind
from rftg_cli.race.cards.loader import load_cards
from rftg_cli.race.cards.model import Power
from rftg_cli.race.cards.text import (
    card_summary,
    power_text,
    powers_by_phase,
    vp_rule_text,
)

NUMERAL = re.compile(r"^(I|II|III|IV|V): \S")
# The sentences of every power kind the built-in plugins declare (`rftg cards` reads them so).
KINDS = every_power_kind(make_registry(plugins_dir=False))


def assert_english(text: str) -> None:
    assert text.strip(), "empty text"
    assert "_" not in text, text
    assert "\n" not in text, text
    for leak in ("None", "{", "}", "''", "  "):
        assert leak not in text, text


def test_every_power_of_every_card_reads_as_english():
    for card in load_cards().cards:
        for power in card.powers:
            text = power_text(power, card, KINDS)
            assert_english(text)
            assert NUMERAL.match(text), text


@pytest.mark.parametrize(
    ("phase", "kind"),
    sorted(KINDS.kinds),
)
def test_every_registered_kind_has_text(phase, kind):
    power = Power(phase=phase, kind=kind, value=2, times=1, good="rare", per="military",
                  consume="any" if kind == "consume" else "", vp=1)
    assert_english(power_text(power, None, KINDS))


def test_every_vp_rule_reads_as_english():
    for card in load_cards().cards:
        for rule in card.vp_rules:
            text = vp_rule_text(rule)
            assert_english(text)
            assert "VP" in text


def test_every_card_has_a_one_line_summary():
    for card in load_cards().cards:
        assert_english(card_summary(card, KINDS))
        if card.powers:
            assert_english(powers_by_phase(card, KINDS))


def texts(name: str, card_set: str | None = None) -> list[str]:
    card = load_cards().named(name, card_set)
    return [power_text(p, card, KINDS) for p in card.powers]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Replicant Robots", "III: -2 to settle non-military worlds"),
        ("Tourist World", "IV: consume 2 goods of any kind for 3 VP"),
        ("Imperium Warlord", "III: +1 military against Rebel military worlds"),
        ("Gem World", "V: draw 1 card if this world produced"),
        ("Old Earth", "IV: +1 card when trading any good"),
        ("Old Earth", "IV: consume up to 2 goods of any kind for 1 VP each"),
        ("Epsilon Eridani", "IV: consume 1 good of any kind for 1 VP and 1 card"),
        ("Alpha Centauri", "III: -1 to settle rare non-military worlds"),
        ("Alpha Centauri", "III: +1 military against rare military worlds"),
        ("New Sparta", "III: +2 military"),
        ("Contact Specialist", "III: -1 military"),
        ("Earth's Lost Colony", "V: produce a novelty good on this world"),
        ("Expedition Force", "I: draw 1 extra card when exploring"),
        ("Research Labs", "I: keep 1 extra card when exploring"),
        ("Investment Credits", "II: -1 to develop"),
        ("Public Works", "II: draw 1 card after developing"),
        ("Mining Robots", "V: put a good on one of your empty rare windfall worlds"),
        ("Mining League", "IV: consume 2 rare goods for 3 VP"),
        ("Deficit Spending", "IV: discard up to 2 cards from your hand for 1 VP each"),
        ("Hidden Fortress", "III: +1 military per military world you have"),
        ("Imperium Lords", "V: draw 1 card per military world you have"),
        ("Interstellar Casus Belli", "IV: spend 1 prestige for 3 VP"),
        ("Golden Age of Terraforming", "II: consume a rare good for -2 to develop"),
        ("New Military Tactics",
         "III: discard this card from your tableau for +3 military this phase"),
        ("Alien Toy Shop", "IV: consume the alien good on this world for 2 VP"),
        ("Pilgrimage World", "IV: consume all your goods for 1 VP per good after the first"),
        ("Black Market Trading World",
         "IV: may trade a good without choosing Trade (no trade bonuses)"),
        ("Universal Symbionts",
         "V: put a good on one of your empty gene windfall worlds (not on this world)"),
        ("Rebel Freedom Fighters", "III: -2 military (only if you have an Imperium card)"),
        ("Lifeforms, Inc",
         "V: discard a card from your hand to put a good on one of your empty gene windfall worlds"),
    ],
)
def test_power_text(name, expected):
    assert expected in texts(name)


def test_vp_rule_text():
    db = load_cards()
    league = [vp_rule_text(r) for r in db.named("Pan-Galactic League").vp_rules]
    assert league == [
        "2 VP per gene production world", "2 VP per gene windfall world",
        "1 VP per military world", "3 VP for each Contact Specialist",
    ]
    assert vp_rule_text(db.named("New Galactic Order").vp_rules[0]) == (
        "1 VP per point of military you have")
    assert vp_rule_text(db.named("Uplift Code").vp_rules[0]) == "3 VP per Chromosome card"


def test_card_summary():
    db = load_cards()
    assert card_summary(db.named("Old Earth"), KINDS) == (
        "start world 0 (blue), cost 3, 2 VP; IV: +1 card when trading any good; "
        "IV: consume up to 2 goods of any kind for 1 VP each")
    assert card_summary(db.named("New Sparta"), KINDS).startswith(
        "military start world 3 (red), defense 2, 1 VP")
    assert card_summary(db.named("Galactic Federation"), KINDS).startswith(
        "development, cost 6, ? VP")
    # A plain produce power is implied by the goods entry.
    assert card_summary(db.named("Earth's Lost Colony"), KINDS) == (
        "start world 4 (blue), cost 2, 1 VP, novelty production; "
        "IV: consume 1 good of any kind for 1 VP")
    # A start power shows where a start world is chosen (Rebel vs Imperium's setup).
    assert card_summary(db.named("Ancient Race"), KINDS) == (
        "start world 6 (blue), cost 2, 1 VP, gene windfall; "
        "keeps a 3-card starting hand instead of 4")


def test_a_game_with_takeovers_off_reads_takeover_powers_as_the_cards_print_them():
    """The kinds of takeovers stay in a game where takeovers are off, doing nothing there,
    with the same text (one declaration, in the takeover plugin: issue 36)."""
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import new_game

    game = new_game(GameConfig(players=2, expansions=("tgs", "rvi"),
                               options=(("takeovers", "off"),)), 1,
                    registry=make_registry(plugins_dir=False))
    card = load_cards().named("Rebel Alliance")
    assert not game.rules.powers.handler("settle", "takeover_imperium", "target")
    assert card_summary(card, game.rules.powers) == card_summary(card, KINDS)
    assert "III: may take over worlds of a player with an Imperium card, with +2 military " \
           "per Rebel military world you have" in card_summary(card, KINDS)
