"""`rftg cards` and `rftg score` are the host's: they parse, print and report errors, and
ask the ruleset a game without expansions plays for the rest (`Ruleset.catalog`,
`Ruleset.calculator`), never the card game's modules (issue 36: the host knows rulesets
only through rftg_cli/ruleset.py)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rftg_cli import plugins
from rftg_cli.commands import cards, score
from rftg_cli.errors import ConfigError, UsageError


class Shelf:
    """A ruleset's catalog of two jars."""

    def __init__(self) -> None:
        self.filters = {"set": ("pantry",), "type": ("jar",)}

    def find(self, query, filters):
        if query == "broken":
            raise ConfigError("the shelf fell")
        return [name for name in ("jam", "honey") if not query or query in name]

    def missing(self, query, filters):
        return f"no jar of {query} on the shelf"

    def as_json(self, found):
        return [{"jar": name} for name in found]

    def show(self, found):
        return " & ".join(found)


class Abacus:
    """A ruleset's calculator: one VP a card."""

    def inputs(self):
        return {}

    def score(self, words, chips, goods, inputs):
        if "nothing" in words:
            raise UsageError("nothing is not a card")
        return {"total": len(words) + chips}

    def show(self, data):
        return f"total {data['total']}"


@pytest.fixture
def ruleset(monkeypatch):
    """The default ruleset, with the shelf and the abacus in place of the card game's."""
    registry = plugins.make_registry(plugins_dir=False)
    race = registry.rulesets["race"]
    registry.rulesets["race"] = replace(race, catalog=Shelf(), calculator=Abacus())
    monkeypatch.setattr(plugins, "default_registry", lambda: registry)
    return registry


def test_rftg_cards_lists_what_the_rulesets_catalog_finds(ruleset, capsys):
    assert cards.run("ja", as_json=True) == 0
    assert json.loads(capsys.readouterr().out) == [{"jar": "jam"}]
    assert cards.run(None, card_set="Pantry", card_type="jar") == 0
    assert capsys.readouterr().out == "jam & honey\n"


def test_rftg_cards_reports_the_catalogs_errors_in_one_line(ruleset, capsys):
    assert cards.run("tea") == 1
    assert capsys.readouterr().err == "no jar of tea on the shelf\n"
    assert cards.run("broken") == 1
    assert capsys.readouterr().err == "Error: the shelf fell\n"
    assert cards.run(None, card_set="attic") == 2
    assert capsys.readouterr().err == ("Error: unknown set 'attic': choose one of pantry\n")


def test_rftg_score_prints_what_the_rulesets_calculator_counts(ruleset, capsys):
    assert score.score_tableau(["jam", "honey"], 3, 0, True) == 0
    assert json.loads(capsys.readouterr().out) == {"total": 5}
    assert score.score_tableau(["jam"], 0, 0, False) == 0
    assert capsys.readouterr().out == "total 1\n"
    assert score.score_tableau(["nothing"], 0, 0, False) == 2
    assert capsys.readouterr().err == "rftg score: nothing is not a card\n"


def test_a_ruleset_without_them_says_so(ruleset, capsys):
    race = ruleset.rulesets["race"]
    ruleset.rulesets["race"] = replace(race, catalog=None, calculator=None)
    assert cards.run("jam") == 2
    assert capsys.readouterr().err == f"Error: {race.description} has no catalog to list\n"
    assert score.score_tableau(["jam"], 0, 0, False) == 2
    assert capsys.readouterr().err == f"rftg score: {race.description} has no calculator\n"
    assert score.calculator_inputs() == {}


def test_an_option_for_a_filter_the_catalog_lacks_is_refused_in_one_line(ruleset, capsys):
    """Issue 36: a catalog names the filters it has (the dice game's has no card sets); the
    host refuses an option for another one instead of ignoring it."""
    ruleset.rulesets["race"].catalog.filters = {"type": ("jar",)}
    assert cards.run("jam", card_set="pantry") == 2
    description = ruleset.rulesets["race"].description
    assert capsys.readouterr().err == f"Error: {description} has no set to filter by: drop --set\n"
    assert cards.run("jam", card_type="jar", as_json=True) == 0
    assert json.loads(capsys.readouterr().out) == [{"jar": "jam"}]
