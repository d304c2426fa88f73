"""`rftg cards --roll` asks the dice game's catalog (`Ruleset.catalog`) as `rftg cards` asks
the card game's, so it has the same options where they apply (issue 36: the host knows
rulesets only through rftg_cli/ruleset.py): `--json`, `--type tile|faction|home`; `--set`
is refused, the dice game has no card sets. `card NAME` in a game asks the same catalog."""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import one_line_error, rftg


@pytest.fixture(autouse=True)
def save_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))


def test_json_gives_one_object_a_piece_with_its_sides():
    result = rftg("cards", "--roll", "Doomed", "--json")
    assert result.exit_code == 0, result.output
    [home] = json.loads(result.stdout)
    assert (home["kind"], home["label"], home["start_credits"]) == ("home", "home 9", 8)
    [side] = home["sides"]
    assert (side["name"], side["type"], side["color"], side["cost"]) == (
        "Doomed World", "world", "gray", 0)
    assert side["text"] == "start the game with $8 instead of $1"
    tile = json.loads(rftg("cards", "--roll", "--json", "jumpdrive research").stdout)
    assert [(p["kind"], p["number"]) for p in tile] == [("tile", 23)]
    assert [s["name"] for s in tile[0]["sides"]] == ["Jumpdrive Research",
                                                     "Deserted Alien Library"]


def test_every_piece_is_listed_once_in_json():
    pieces = json.loads(rftg("cards", "--roll", "--json").stdout)
    labels = [p["label"] for p in pieces]
    assert len(labels) == len(set(labels)) == 55 + 9 + 9
    assert labels[:2] == ["1", "2"] and labels[-1] == "home 9"


def test_the_type_filter_keeps_one_kind_of_piece():
    factions = json.loads(rftg("cards", "--roll", "--type", "Faction", "--json").stdout)
    assert [p["label"] for p in factions] == [f"faction {n}" for n in range(1, 10)]
    assert factions[0]["name"] == "Space Piracy / Hidden Fortress"
    assert [s["type"] for s in factions[8]["sides"]] == ["world", "world"]     # faction 9
    homes = rftg("cards", "--roll", "--type", "home")
    assert homes.exit_code == 0
    assert "home 1" in homes.stdout and "Doomed World" in homes.stdout
    assert "faction" not in homes.stdout and "Jumpdrive" not in homes.stdout


def test_a_type_with_no_match_says_so_in_one_line():
    result = rftg("cards", "--roll", "--type", "faction", "jumpdrive")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [(
        "Nothing of type faction in Roll for the Galaxy, the dice game matches 'jumpdrive'; "
        "try part of a name.")]


def test_set_and_an_unknown_type_are_refused_in_one_line():
    assert one_line_error(rftg("cards", "--roll", "--set", "base")) == (
        "Error: Roll for the Galaxy, the dice game has no set to filter by: drop --set")
    assert one_line_error(rftg("cards", "--roll", "--type", "world")) == (
        "Error: unknown type 'world': choose one of tile, faction, home, die")


def test_card_name_in_a_game_shows_what_rftg_cards_shows():
    """One route: the prompt's `card NAME` asks the catalog `rftg cards --roll NAME` asks."""
    listed = rftg("cards", "--roll", "Space Piracy")
    assert listed.exit_code == 0 and "faction 1" in listed.stdout
    game = rftg("new", "--roll", "--seed", "1", "--name", "c",
                input="card Space Piracy\nquit\n")
    assert game.exit_code == 0, game.output
    assert listed.stdout in game.stdout


def test_the_dice_are_listed_when_asked_for():
    """`--type die`: each colour's count and faces, and the worlds it matches when consuming
    (+1 VP as the good or the shipper; a purple die matches every world: rulebook, Ship)."""
    from typer.testing import CliRunner

    from rftg_cli.cli import app

    table = CliRunner().invoke(app, ["cards", "--roll", "--type", "die"],
                               env={"COLUMNS": "100"}).stdout
    listed = " ".join(table.replace("│", " ").split())
    assert "white 25 explore, explore, develop, settle, produce, ship -" in listed
    assert "purple 9 explore, develop, ship, ship, ship, wild every world" in listed
    assert "cyan 20 explore, produce, produce, ship, ship, wild blue worlds" in listed
    assert "Jumpdrive" not in listed
    dice = json.loads(rftg("cards", "--roll", "--type", "die", "--json").stdout)
    assert sum(d["count"] for d in dice) == 111
    every = json.loads(rftg("cards", "--roll", "--json").stdout)       # asked for only
    assert {p["kind"] for p in every} == {"tile", "faction", "home"}
    [yellow] = json.loads(rftg("cards", "--roll", "--type", "die", "yellow", "--json").stdout)
    assert (yellow["kind"], yellow["faces"].count("wild"), yellow["matches"]) == (
        "die", 3, "yellow")
