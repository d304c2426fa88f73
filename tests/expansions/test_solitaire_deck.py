"""The official solitaire game's deck: the robot comes in The Gathering Storm's box and its
markers for start worlds 5-8 are for that set's cards, so `rftg new` against the robot deals
base + The Gathering Storm unless the player names card sets; and every start-world marker
of the robot's data is dealt to it in real games with the sets that hold its world."""

from __future__ import annotations

import pytest

from rftg_cli.race.cards.loader import load_cards
from rftg_cli.commands.new import table_config
from rftg_cli.commands.simulate import resolve_expansions
from rftg_cli.config import GameConfig
from rftg_cli.race.engine import Game
from rftg_cli.race.engine.game import deck_designs
from rftg_cli.expansions.robot.data import load_data
from rftg_cli.plugins import validate, with_implied
from rftg_cli.race.base_game import build_rules

from tests.helpers import registry
from tests.powers_helpers import NOT_UNDER_TEST


@pytest.mark.parametrize("ai, named, expected", [
    (None, [], ("robot", "tgs")),                  # `rftg new`: the official solitaire deck
    (None, ["robot"], ("robot", "tgs")),           # `rftg new --solo`
    (None, ["rvi"], ("rvi", "robot")),             # sets named: those, and no other
    (None, ["promo"], ("promo", "robot")),
    (None, ["tgs", "rvi"], ("tgs", "rvi", "robot")),
    (1, [], ()),                                   # against an AI: the base game
])
def test_rftg_new_deals_the_solitaire_game_with_the_gathering_storm_unless_sets_are_named(
        ai, named, expected):
    config, seats = table_config(ai, named, "You", registry())
    assert config.expansions == expected
    assert seats == (["human"] if ai is None else ["human", "ai"])


def test_rftg_simulate_solo_plays_the_same_deck():
    assert resolve_expansions([], ["--solo"], registry()).expansions == ("robot", "tgs")
    assert resolve_expansions([], ["--solo", "--rvi"], registry()).expansions == \
        ("robot", "rvi")


def test_rftg_new_help_says_the_solitaire_game_deals_the_gathering_storm():
    from typer.testing import CliRunner

    from rftg_cli.cli import app

    result = CliRunner().invoke(app, ["new", "--help"], env={"COLUMNS": "200"})
    assert "deals --tgs too unless card sets are named" in " ".join(result.output.split())


def solitaire_game(sets: tuple[str, ...], seed: int) -> Game:
    """A solitaire game with these sets, dealt (The Brink of War's prestige powers, built
    elsewhere, are registered inert: only the deal is looked at)."""
    config = GameConfig(players=1, expansions=with_implied(("robot", *sets), registry()))
    validate(config, registry())
    rules = build_rules(config, registry())
    rules.powers.allow_unplayed(deck_designs(load_cards(), rules), NOT_UNDER_TEST)
    return Game(config, seed, rules, load_cards())


@pytest.mark.parametrize("world", sorted(load_data().starts))
def test_every_robot_start_world_marker_is_dealt_in_a_real_game(world):
    """The robot takes a start world at random among those left (solitaire setup): with
    the set that holds the world, some seed deals it the world and its marker."""
    card_set = load_cards().named(world).set
    sets = () if card_set == "base" else (card_set,)
    for seed in range(300):
        game = solitaire_game(sets, seed)
        robot = game.extra["robot"]
        if game.name(robot.start_world) == world:
            assert robot.marker == world
            return
    raise AssertionError(f"no seed deals the robot {world} with {sets or 'base'}")


def test_the_default_solitaire_deck_holds_the_gathering_storm_start_worlds():
    game = solitaire_game(("tgs",), 1)
    starts = {c.name for c in game.design if c.is_start_world}
    assert {"Separatist Colony", "Ancient Race", "Damaged Alien Factory",
            "Doomed World"} <= starts
