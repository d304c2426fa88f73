"""A game's answer texts are registered through its rules (issue 36, "No registry filled at
import"): the base game registers its notations (`notation.BASE`) like any plugin, and a
plugin adds the text form of a decision kind of its own for the games it is on in only."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.plugins import PluginError, make_registry, new_game
from rftg_cli.race.engine import notation
from rftg_cli.decision import Decision

def plugin(name: str, kind: str, verb: str) -> str:
    """A plugin `name` whose games write the answers to decisions of `kind` as `VERB by the
    NAME`."""
    return f'''
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion
from rftg_cli.race.engine import notation


def _text(game, decision, answer):
    return "{verb} by the " + answer


def _parse(game, decision, verb, reader):
    if reader.next_word() != "by" or reader.next_word() != "the":
        raise notation.IllegalChoice("{verb} by the NAME")
    return reader.next_word()


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(name="{name}", flag="--{name}", description="a {kind} notation"))


@hookimpl
def rftg_configure_rules(config, rules):
    if "{name}" in config.expansions:
        notation.add(rules, notation.Notation("{kind}", ("{verb}",), _text, _parse))
'''


def registry_of(folder, name: str, kind: str, verb: str):
    (folder / f"{name}.py").write_text(plugin(name, kind, verb))
    return make_registry(plugins_dir=folder)


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return registry_of(tmp_path_factory.mktemp("plugins"), "oaths", "oath", "swear")


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
    registry = registry_of(tmp_path, "forger", "develop", "forge")
    with pytest.raises(PluginError, match="plugin forger .*'develop' has a notation already"):
        new_game(GameConfig(players=2, expansions=("forger",)), 1, registry=registry)


def test_the_shipped_expansions_register_their_decisions_texts_when_on():
    base = new_game(GameConfig(players=2), 1)
    bow = new_game(GameConfig(players=2, expansions=("tgs", "rvi", "bow", "search",
                                                     "prestige")), 1)
    theirs = {"takeover", "prevent_takeover", "takeover_defense", "search_category",
              "search_take"}
    assert theirs <= set(bow.rules.notations) and not theirs & set(base.rules.notations)
