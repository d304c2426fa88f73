"""The card loader: every power parses into a known kind, and broken files fail clearly."""

from dataclasses import replace
from pathlib import Path

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.errors import ConfigError
from rftg_cli.plugins import make_registry, new_game
from rftg_cli.race.base_game import every_expansion, every_power_kind
from rftg_cli.race.cards import loader
from rftg_cli.race.cards.loader import CardDataError, check_kinds, load_cards, load_files
from rftg_cli.race.cards.model import PHASES, CardDb
from rftg_cli.race.cards.text import power_text

# The power kinds the built-in plugins declare, and the words they add (flags, keywords,
# counters): the vocabulary of the shipped card files.
RULES = every_expansion(make_registry(plugins_dir=False))
KINDS = RULES.powers

GOOD_CARD = """
[[card]]
name = "Test World"
type = "world"
cost = 2
vp = 1
copies = 1
good = "rare"
power = [
    { phase = "produce", kind = "produce", value = 0, times = 0 },
]
"""


def write(tmp_path: Path, text: str, card_set: str = "base") -> Path:
    path = tmp_path / f"{card_set}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(CardDataError) as info:
        load_files([path], RULES)
    message = str(info.value)
    assert str(path) in message, message
    assert "\n" not in message
    return message


def test_every_power_has_a_registered_kind():
    check_kinds(load_cards(), KINDS)
    for card in load_cards().cards:
        for power in card.powers:
            assert (power.phase, power.kind) in KINDS, (card.name, power)


def test_registry_covers_phases_and_describes_every_kind():
    assert {phase for phase, _ in KINDS.kinds} == set(PHASES)
    for pk in KINDS.kinds.values():
        assert pk.description.strip(), (pk.phase, pk.kind)


def test_every_registered_kind_is_used_by_the_shipped_cards():
    used = {(p.phase, p.kind) for c in load_cards().cards for p in c.powers}
    assert set(KINDS.kinds) == used


def test_a_kind_is_told_by_the_registry_of_the_game_not_by_a_table():
    """A plugin's own kind reads as its plugin says (the example plugin's Long Range
    Survey), through the registry of a game that has it; a game without it has no word."""
    registry = make_registry(plugins_dir=Path(__file__).parents[2] / "plugins")
    game = new_game(GameConfig(players=2, expansions=("bigger-pool",)), 1, registry=registry)
    survey = next(c for c in game.design if c.name == "Long Range Survey")
    assert power_text(survey.powers[0], survey, game.rules.powers) == (
        "I: draw 1 more card per VP chip you hold, at most 3, when exploring")
    assert ("explore", "draw_per_chip") in every_power_kind(registry)
    assert ("explore", "draw_per_chip") not in KINDS


def test_a_typo_in_a_shipped_card_file_is_refused_when_the_game_is_created(monkeypatch):
    """The shipped cards are loaded once, before any game: their power kinds are checked
    against every kind the plugins declare when a game is made, with the file, card and
    field named."""
    db = load_cards()
    card = next(c for c in db.cards if c.powers and c.set == "base")
    typo = replace(card, powers=(replace(card.powers[0], kind="trade_bonsu"),))
    broken = CardDb(tuple(typo if c is card else c for c in db.cards), db.by_name)
    monkeypatch.setattr(loader, "load_cards", lambda: broken)
    with pytest.raises(ConfigError) as info:
        new_game(GameConfig(players=2), 1, registry=make_registry(plugins_dir=False))
    message = str(info.value)
    assert message.startswith(f"card data is broken: {loader.DATA_DIR / 'base.toml'}: "), message
    assert f"card {card.name!r}: field 'power[0].kind': unknown " \
           f"{card.powers[0].phase} power kind 'trade_bonsu'" in message


def test_every_six_cost_development_except_pan_galactic_research_has_vp_rules():
    six = [c for c in load_cards().cards if c.is_six_cost]
    assert len(six) == 12 + 3 + 7 + 5
    without = [c.name for c in six if not c.vp_rules]
    assert without == ["Pan-Galactic Research"]


def test_cards_are_loaded_once_and_frozen():
    db = load_cards()
    assert load_cards() is db
    with pytest.raises(AttributeError):
        db.cards[0].cost = 9  # type: ignore[misc]


def test_a_good_file_loads(tmp_path):
    db = load_files([write(tmp_path, GOOD_CARD)])
    card = db.named("test world")
    assert (card.set, card.cost, card.good, card.produces) == ("base", 2, "rare", True)


def test_unknown_card_field(tmp_path):
    message = load_error(tmp_path, GOOD_CARD + 'colour = "red"\n')
    assert "'Test World'" in message and "'colour'" in message and "unknown field" in message


def test_unknown_power_field(tmp_path):
    text = GOOD_CARD.replace("times = 0 }", "times = 0, bonus = 2 }")
    message = load_error(tmp_path, text)
    assert "'Test World'" in message and "'power[0].bonus'" in message


def test_bad_type(tmp_path):
    message = load_error(tmp_path, GOOD_CARD.replace("cost = 2", 'cost = "two"'))
    assert "'Test World'" in message and "'cost'" in message and "integer" in message


def test_bool_is_not_an_integer(tmp_path):
    message = load_error(tmp_path, GOOD_CARD.replace("vp = 1", "vp = true"))
    assert "'vp'" in message


def test_bad_value(tmp_path):
    message = load_error(tmp_path, GOOD_CARD.replace('good = "rare"', 'good = "spice"'))
    assert "'Test World'" in message and "'good'" in message and "'spice'" in message


def test_missing_field(tmp_path):
    message = load_error(tmp_path, GOOD_CARD.replace("copies = 1\n", ""))
    assert "'Test World'" in message and "'copies'" in message and "missing" in message


def test_duplicate_name_in_one_set(tmp_path):
    message = load_error(tmp_path, GOOD_CARD + GOOD_CARD)
    assert "'Test World'" in message and "'name'" in message and "duplicate" in message


def test_same_name_in_two_sets_is_allowed(tmp_path):
    db = load_files([write(tmp_path, GOOD_CARD, "base"), write(tmp_path, GOOD_CARD, "rvi")])
    assert [c.set for c in db.by_name["test world"]] == ["base", "rvi"]


def test_unknown_power_kind(tmp_path):
    text = GOOD_CARD.replace('kind = "produce"', 'kind = "produce_twice"')
    message = load_error(tmp_path, text)
    assert "'Test World'" in message and "'power[0].kind'" in message
    assert "'produce_twice'" in message


def test_kind_of_another_phase_is_unknown(tmp_path):
    text = GOOD_CARD.replace('kind = "produce"', 'kind = "trade_bonus"')
    message = load_error(tmp_path, text)
    assert "'power[0].kind'" in message and "produce power kind" in message


def test_unknown_power_flag(tmp_path):
    text = GOOD_CARD.replace("times = 0 }", 'times = 0, flags = ["twice"] }')
    message = load_error(tmp_path, text)
    assert "'power[0].flags'" in message and "'twice'" in message


def test_unknown_vp_rule_match(tmp_path):
    text = GOOD_CARD + 'vp_rule = [ { points = 2, match = "everything" } ]\n'
    message = load_error(tmp_path, text)
    assert "'Test World'" in message and "'vp_rule[0].match'" in message


def test_card_without_a_name_is_named_by_position(tmp_path):
    message = load_error(tmp_path, GOOD_CARD.replace('name = "Test World"\n', ""))
    assert "card '#0'" in message and "'name'" in message


def test_not_toml(tmp_path):
    message = load_error(tmp_path, "[[card]\nname = ")
    assert "not valid TOML" in message


def test_file_named_after_no_set(tmp_path):
    with pytest.raises(CardDataError, match="unknown set 'extra'"):
        load_files([write(tmp_path, GOOD_CARD, "extra")])
