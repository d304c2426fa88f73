"""The dice game from the command line: `rftg cards --roll` and the commands a player types
during a game (issue 38)."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from rftg_cli.cli import app


@pytest.fixture(autouse=True)
def save_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input, env={"COLUMNS": "100"})


def words(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize("query, shown", [
    ("Doomed", "Doomed World (gray 0) start the game with $8 instead of $1"),
    ("Space Piracy", "Space Piracy (0)"),
    ("Hidden Fortress", "Hidden Fortress (gray 2)"),
    ("Awakened Alien", "Destroyed Colony"),
])
def test_faction_and_home_world_tiles_can_be_looked_up(query, shown):
    """Issue 38 item 16: `rftg cards --roll "Doomed"` printed an empty table."""
    result = rftg("cards", "--roll", query)
    assert result.exit_code == 0, result.output
    assert shown in words(result.stdout)


def test_no_tile_matching_exits_1_with_one_line():
    result = rftg("cards", "--roll", "zzzz")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "Nothing in Roll for the Galaxy, the dice game matches 'zzzz'; try part of a name."]


def test_card_score_and_tableau_work_during_a_dice_game():
    """Issue 38 item 16: in a dice game `card NAME`, `score` and `tableau` were refused as
    "not a legal answer"; they show what they show in the card game."""
    result = rftg("new", "--roll", "--seed", "1", "--name", "d",
                  input="card Doomed\ncard zzzz\nscore\ntableau bot\nquit\n")
    assert result.exit_code == 0, result.output
    out = words(result.stdout)
    assert "not a legal answer" not in out
    assert "home 9 - Doomed World (gray 0)" in out                    # card NAME
    assert "Nothing matches 'zzzz'" in out
    assert "Player Tiles Chips 6-cost bonuses Total Tie-break" in out  # score
    assert out.count("╭─ Bot ─") == 2                              # board, then `tableau bot`


def test_rftg_new_roll_is_solo_against_the_bot_as_the_docs_say():
    """Issue 38 item 17: docs/roll.md said `rftg new --roll` seats an AI; it seats you alone
    against the credit bot."""
    from pathlib import Path

    assert rftg("new", "--roll", "--seed", "1", "--name", "s", input="quit\n").exit_code == 0
    shown = rftg("show", "s", "--json")
    players = [(p["name"], p["kind"]) for p in json.loads(shown.stdout)["players"]]
    assert players == [("You", "human"), ("Bot", "robot")]
    doc = " ".join((Path(__file__).parents[2] / "docs" / "roll.md").read_text().split())
    assert "`rftg new --roll` without `--ai` starts a solo game against the credit bot" in doc
    assert "without `--ai` seats one AI" not in doc


def test_the_messages_speak_to_you_in_the_second_person():
    """Issue 38 item 17: "You starts with…", "You gains $4", "You: completes…"."""
    out = rftg("new", "--roll", "--seed", "1", "--name", "g", input="\n" * 300).stdout
    for said in ("You start with ", "You gain $", "You complete ", "You recruit 1 die for $1."):
        assert said in out
    for wrong in ("You starts", "You gains", "You completes", "1 dice"):
        assert wrong not in out
    assert not re.search(r"You: [a-z]", out)   # "You: completes" (the score line "You: 8 VP")
    assert "Bot explores (+$" in out             # a third person keeps its -s


def test_a_part_of_one_listed_answer_s_text_answers_it(tmp_path):
    """One answer grammar (issue 36): the generic prompt reads an answer's text form through
    the ruleset, a number, or a part of one listed answer (`surviv`), which the save writes
    in full; a part that fits several (`settle`) is refused and asked again."""
    from rftg_cli import saves

    result = rftg("new", "--roll", "--seed", "1", "--name", "p",
                  input="settle\nSURVIV\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Not legal: 'settle' is not a legal answer here" in result.stdout
    assert saves.read(tmp_path / "p.toml").answers == ["settle New Survivalists"]
