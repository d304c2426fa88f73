"""The card-set flags: what each turns on, and the on/off options they declare."""

from __future__ import annotations

import pytest

from rftg_cli.commands.expansions import ExpansionFlagError, parse_extra_args
from rftg_cli.config import GameConfig
from rftg_cli.errors import ConfigError
from rftg_cli.plugins import default_registry, validate


def test_bow_turns_on_the_two_sets_it_is_played_with():
    """The Brink of War rulebook: it is for the base game and its first two expansions."""
    asked = parse_extra_args(["--bow"], default_registry())
    assert asked.expansions[0] == "bow"
    assert {"tgs", "rvi"} <= set(asked.expansions)


def test_a_config_naming_bow_alone_is_refused_in_one_line():
    config = GameConfig(players=2, expansions=("bow",))
    with pytest.raises(ConfigError, match="--bow needs --tgs too"):
        validate(config, default_registry())


def test_no_switch_turns_an_on_off_option_off():
    asked = parse_extra_args(["--rvi", "--no-takeovers", "--no-goals"], default_registry())
    assert dict(asked.options) == {"takeovers": "off", "goals": "off"}


def test_no_switch_of_an_option_that_is_not_on_off_is_unknown():
    with pytest.raises(ExpansionFlagError, match="--no-difficulty"):
        parse_extra_args(["--solo", "--no-difficulty"], default_registry())


def test_promo_adds_the_six_promo_start_worlds_to_the_deck():
    from rftg_cli.plugins import new_game

    game = new_game(GameConfig(players=2, expansions=("promo",)), 1)
    promo = [c for c in game.design if c.set == "promo"]
    assert len(promo) == 6 and all(c.is_start_world for c in promo)
