"""`rftg cards` end to end, through typer's CliRunner."""

import json
import re

import pytest
from typer.testing import CliRunner

from rftg_cli.cli import app

COLOUR = re.compile(r"\x1b\[[0-9;]*(3[0-7]|38;[0-9;]+)m")


def rftg(*args: str, **env: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "100", **env})


def words(text: str) -> str:
    """The output with rich's line wrapping and padding undone."""
    return " ".join(text.replace("│", " ").split())


def test_one_match_shows_the_whole_card_in_english():
    result = rftg("cards", "Old Earth")
    assert result.exit_code == 0, result.output
    out = words(result.stdout)
    assert "Old Earth" in out
    assert "start world 0 (blue)" in out
    assert "IV: +1 card when trading any good" in out
    assert "IV: consume up to 2 goods of any kind for 1 VP each" in out
    assert "_" not in out


def test_query_is_a_case_insensitive_part_of_the_name():
    out = words(rftg("cards", "contact spec").stdout)
    assert "Contact Specialist" in out and "2 (3 with The Gathering Storm)" in out


def test_six_cost_card_shows_its_vp_rules():
    out = words(rftg("cards", "galactic survey").stdout)
    assert "Galactic Survey: SETI" in out
    assert "2 VP per world with an explore power" in out


def test_several_matches_show_a_table():
    result = rftg("cards", "gambling world")
    assert result.exit_code == 0
    out = words(result.stdout)
    assert "2 cards" in out and "base" in out and "rvi" in out


def test_an_exact_name_picks_that_card():
    out = words(rftg("cards", "mining world").stdout)
    assert "Bio-Hazard" not in out and "Type world" in out


def test_json_lists_every_design_of_every_set():
    result = rftg("cards", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert len(data) == 197
    per_set = {s: sum(1 for d in data if d["set"] == s) for s in ("base", "tgs", "rvi", "bow",
                                                                  "promo")}
    assert per_set == {"base": 95, "tgs": 19, "rvi": 37, "bow": 40, "promo": 6}
    for entry in data:
        for key in ("name", "set", "type", "cost", "vp", "copies", "military", "good",
                    "windfall", "start_number", "powers", "vp_rules"):
            assert key in entry, (entry["name"], key)
        assert entry["type"] in ("world", "development")
        assert (entry["vp"] is None) == bool(entry["vp_rules"])
        for power in entry["powers"]:
            assert power["text"] and "_" not in power["text"]


def test_json_of_one_card():
    data = json.loads(rftg("cards", "Old Earth", "--json").stdout)
    assert len(data) == 1
    old_earth = data[0]
    assert old_earth["start_number"] == 0 and old_earth["start_color"] == "blue"
    assert old_earth["good"] is None and old_earth["vp"] == 2
    assert old_earth["powers"][0]["kind"] == "trade_bonus"
    assert old_earth["powers"][0]["text"] == "IV: +1 card when trading any good"
    seti = json.loads(rftg("cards", "SETI", "--json").stdout)[0]
    assert seti["vp"] is None and seti["vp_rules"][0]["match"] == "devel_explore"


def test_filters_by_set_and_type():
    data = json.loads(rftg("cards", "--set", "TGS", "--type", "world", "--json").stdout)
    assert len(data) == 14
    assert {(d["set"], d["type"]) for d in data} == {("tgs", "world")}


def test_no_match_exits_1_with_one_line():
    result = rftg("cards", "zzzz")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "zzzz" in result.stderr


@pytest.mark.parametrize(("option", "value"), [("--type", "nonsense"), ("--set", "aa")])
def test_bad_option_value_exits_2_with_one_line(option, value):
    result = rftg("cards", option, value)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert value in result.stderr and "choose one of" in result.stderr


def test_no_color_is_respected():
    assert COLOUR.search(rftg("cards", "Alpha Centauri", FORCE_COLOR="1").stdout)
    plain = rftg("cards", "Alpha Centauri", FORCE_COLOR="1", NO_COLOR="1").stdout
    assert "Alpha Centauri" in plain and not COLOUR.search(plain)


def test_an_expansion_that_is_another_game_lists_its_pieces():
    """`rftg cards QUERY --roll`: the dice game's tiles, both sides; a flag of the card game
    itself has no other catalog (exit 2, one line)."""
    from typer.testing import CliRunner

    from rftg_cli.cli import app

    found = CliRunner().invoke(app, ["cards", "jumpdrive", "--roll"])
    assert found.exit_code == 0 and "Jumpdrive Research" in found.output
    assert "Deserted Alien Library" in found.output
    none = CliRunner().invoke(app, ["cards", "x", "--expert"])
    assert none.exit_code == 2 and "no catalog" in none.output


def test_the_flag_may_come_before_the_query_or_alone():
    """`rftg cards --roll QUERY` and `rftg cards --roll` (issue 12: `rftg cards --roll` lists the
    tiles): the flag before the query was taken for the query itself."""
    found = rftg("cards", "--roll", "jumpdrive")
    assert found.exit_code == 0 and "Deserted Alien Library" in found.stdout
    every = rftg("cards", "--roll")
    assert every.exit_code == 0
    assert "Jumpdrive Research" in every.stdout and "Galactic Exchange" in every.stdout
    two = rftg("cards", "--roll", "jump", "drive")
    assert two.exit_code == 2 and "one QUERY at most" in two.stderr
    assert "Traceback" not in two.output


def test_the_sets_fields_show_keywords_prestige_icon_and_start_world_colour():
    """What the card sets add to a card: its keywords (Rebel, Imperium, ...), The Brink of
    War's prestige icon, a start world's number and colour (red/blue: the start-world
    choice deals one of each), its start power."""
    out = words(rftg("cards", "Rebel Cantina").stdout)
    assert "start world 9 (red)" in out and "Keywords Rebel" in out
    out = words(rftg("cards", "Imperium Capital").stdout)
    assert "Keywords Imperium, prestige icon" in out
    out = words(rftg("cards", "Ancient Race").stdout)
    assert "start world 6 (blue)" in out and "keeps a 3-card starting hand" in out
    table = words(rftg("cards", "--set", "rvi", "--type", "world").stdout)
    assert "start 9 red" in table and "start 10 blue" in table
    promo = words(rftg("cards", "--set", "promo").stdout)
    assert "start blue" in promo and "start red" in promo
