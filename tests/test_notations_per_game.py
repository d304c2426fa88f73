"""A game's answer texts are registered through its rules (issue 36, "No registry filled at
import"): the base game registers its notations (`notation.BASE`) like any plugin, and a
plugin adds the text form of a decision kind of its own for the games it is on in only."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.plugins import PluginError, make_registry, new_game
from rftg_cli.race.engine import notation
from rftg_cli.race.engine.decision import Decision

PLUGIN = '''
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion
from rftg_cli.race.engine import notation


def _text(game, decision, answer):
    return "swear by the " + answer


def _parse(game, decision, verb, reader):
    if reader.next_word() != "by" or reader.next_word() != "the":
        raise notation.IllegalChoice("swear by the NAME")
    return reader.next_word()


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(name="oaths", flag="--oaths", description="an oath decision"))


@hookimpl
def rftg_configure_rules(config, rules):
    if "oaths" in config.expansions:
        notation.add(rules, notation.Notation("oath", ("swear",), _text, _parse))
'''


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    folder = tmp_path_factory.mktemp("plugins")
    (folder / "oaths.py").write_text(PLUGIN)
    return make_registry(plugins_dir=folder)


FORGER = '''
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion
from rftg_cli.race.engine import notation


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(name="forger", flag="--forger", description="redefines develop"))


@hookimpl
def rftg_configure_rules(config, rules):
    if "forger" in config.expansions:
        notation.add(rules, notation.Notation("develop", ("forge",), None, None))
'''


def oath(game):
    return Decision("oath", 0, ("sun", "moon"), None, "Swear an oath")


def test_a_plugin_notation_is_in_the_games_it_is_on_in_only(registry):
    sworn = new_game(GameConfig(players=2, expansions=("oaths",)), 1, registry=registry)
    plain = new_game(GameConfig(players=2), 1, registry=registry)
    assert notation.answer_text(sworn, oath(sworn), "moon") == "swear by the moon"
    assert notation.parse_answer(sworn, oath(sworn), "swear by the sun") == "sun"
    # Without the plugin the kind has no notation: the raw form, which still reads back.
    assert notation.answer_text(plain, oath(plain), "moon") == 'answer "moon"'
    assert notation.parse_answer(plain, oath(plain), 'answer "moon"') == "moon"
    assert "oath" in sworn.rules.notations and "oath" not in plain.rules.notations
    assert set(notation.BASE) <= set(plain.rules.notations.values())


def test_a_plugin_cannot_take_over_a_kind_another_notation_writes(tmp_path):
    (tmp_path / "forger.py").write_text(FORGER)
    registry = make_registry(plugins_dir=tmp_path)
    with pytest.raises(PluginError, match="plugin forger .*'develop' has a notation already"):
        new_game(GameConfig(players=2, expansions=("forger",)), 1, registry=registry)


def test_the_shipped_expansions_register_their_decisions_texts_when_on():
    base = new_game(GameConfig(players=2), 1)
    bow = new_game(GameConfig(players=2, expansions=("tgs", "rvi", "bow", "search",
                                                     "prestige")), 1)
    theirs = {"takeover", "prevent_takeover", "takeover_defense", "search_category",
              "search_take"}
    assert theirs <= set(bow.rules.notations) and not theirs & set(base.rules.notations)
