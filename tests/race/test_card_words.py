"""The words of the card data that an expansion's rules read are registered by that
expansion (issue 36, "Prestige and takeover knowledge moves into the expansions that own
them"): a keyword with its label (`rules.keywords`), a power flag with the note it adds to
a power's text (`rules.powers.add_flags`), a per-player counter (`rules.counters`) that a
power rewards, consumes or pays with and a VP rule scores. The card files are checked
against the words of the installed plugins: without the plugin, its words are typos."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rftg_cli.plugins import make_registry
from rftg_cli.race.base_game import every_expansion
from rftg_cli.race.cards.loader import CardDataError, load_files
from rftg_cli.race.cards.text import keyword_label, power_text, vp_rule_text

GUILDS = '''
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(name="guilds", flag="--guilds", description="guild favours"))


@hookimpl
def rftg_configure_rules(config, rules):
    if "guilds" in config.expansions:
        rules.counters.setdefault("favour", [])
        rules.powers.add_flags({"guild_only": "only for guild members"})
        rules.keywords["guild"] = "guild seal"
'''

GUILD_HALL = """
[[card]]
name = "Guild Hall"
type = "development"
cost = 3
vp = 1
copies = 1
keywords = ["guild"]
vp_rule = [ { points = 1, match = "favour" } ]

[[card.power]]
phase = "consume"
kind = "consume"
value = 1
times = 1
consume = "any"
favour = 2
flags = ["guild_only"]

[[card.power]]
phase = "consume"
kind = "consume"
value = 1
times = 1
consume = "favour"
vp = 3
"""


def card_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "base.toml"
    path.write_text(text, encoding="utf-8")
    return path


def bare_rules():
    """The rules of the base game alone: no plugin installed."""
    return every_expansion(make_registry(entry_points_enabled=False, builtins_enabled=False,
                                         plugins_dir=False))


def test_a_plugins_words_load_and_read_as_it_registers_them(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "guilds.py").write_text(GUILDS)
    rules = every_expansion(make_registry(plugins_dir=folder))
    card = load_files([card_file(tmp_path, GUILD_HALL)], rules).named("Guild Hall")
    assert card.powers[0].count("favour") == 2 and card.powers[1].count("favour") == 0
    assert [power_text(p, card, rules.powers) for p in card.powers] == [
        "IV: consume 1 good of any kind for 2 favour (only for guild members)",
        "IV: spend 1 favour for 3 VP"]
    assert vp_rule_text(card.vp_rules[0]) == "1 VP per favour you have"
    assert keyword_label("guild", rules.keywords) == "guild seal"


@pytest.mark.parametrize(("text", "field"), [
    (GUILD_HALL, "keywords"),
    (GUILD_HALL.replace('keywords = ["guild"]\n', ""), "power[0].flags"),
    (GUILD_HALL.replace('keywords = ["guild"]\n', "").replace('flags = ["guild_only"]\n', ""),
     "power[0].favour"),
])
def test_without_the_plugin_its_words_are_refused(tmp_path, text, field):
    with pytest.raises(CardDataError, match=rf"card 'Guild Hall': field '{re.escape(field)}'"):
        load_files([card_file(tmp_path, text)], bare_rules())


BRINK = """
[[card]]
name = "Brink Test"
type = "development"
cost = 6
vp = 0
copies = 1
"""


@pytest.mark.parametrize(("lines", "field", "word"), [
    ('keywords = ["prestige"]', "keywords", "prestige"),
    ('power = [ { phase = "settle", kind = "military", value = 1, flags = ["no_takeover"] } ]',
     "power[0].flags", "no_takeover"),
    ('power = [ { phase = "settle", kind = "military", value = 1, flags = ["destroy"] } ]',
     "power[0].flags", "destroy"),
    ('power = [ { phase = "settle", kind = "military", value = 1, flags = ["gain_prestige"] } ]',
     "power[0].flags", "gain_prestige"),
    ('power = [ { phase = "consume", kind = "consume", consume = "any", prestige = 1 } ]',
     "power[0].prestige", "unknown field"),
    ('power = [ { phase = "consume", kind = "consume", times = 1, consume = "prestige" } ]',
     "power[0].consume", "prestige"),
    ('power = [ { phase = "settle", kind = "military", value = 3, pay_with = "prestige" } ]',
     "power[0].pay_with", "prestige"),
    ('vp_rule = [ { points = 1, match = "prestige" } ]', "vp_rule[0].match", "prestige"),
])
def test_the_base_game_knows_no_prestige_or_takeover_word(tmp_path, lines, field, word):
    """The base game alone refuses The Brink of War's and Rebel vs Imperium's words; with
    the built-in plugins (the prestige and card-set expansions) the same card loads."""
    path = card_file(tmp_path, BRINK + lines + "\n")
    with pytest.raises(CardDataError) as refused:
        load_files([path], bare_rules())
    assert f"field '{field}'" in str(refused.value) and word in str(refused.value)
    assert load_files([path], every_expansion(make_registry(plugins_dir=False)))
