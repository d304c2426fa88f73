"""Issue 39: `rftg new --learn`, a first game that teaches: the rulebook's preset hands
(Keldon's campaign.txt, "Preset Learning Hands - Base game - Epsilon Eridani", in our
first_game.toml), the rules of each phase the first time it comes, and a hint before each
of your decisions, against the easy robot."""

from __future__ import annotations

import pytest

from rftg_cli import saves
from tests.cli_helpers import one_line_error, rftg


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    return tmp_path


def test_yes_plays_a_whole_teaching_game_in_line_mode(folder):
    """`yes '' | rftg new --learn --seed 1`."""
    result = rftg("new", "--learn", "--seed", "1", "--name", "first", input="\n" * 4000)
    assert result.exit_code == 0, result.output
    out = result.output
    save = saves.read(saves.save_path(folder, "first"))
    assert save.status == saves.FINISHED
    assert save.config["learn"] is True and save.config["first_game"] is True
    assert dict(save.config["options"]) == {"difficulty": "easy"}
    assert "Robot starts with Old Earth (easy)" in out
    # The preset hand of the first player in the rulebook's first game.
    assert "You: 1 VP (0 chips), tableau 1/12, hand 4\n  Epsilon Eridani" in out
    for card in ("Rebel Fuel Cache", "Public Works", "Colony Ship", "Gem World"):
        assert card in out.split("Choose 2 action cards")[0]
    # Each topic is taught once, the overview first: after the board, before the options.
    assert out.index("Round 1 action |") < out.index("What the game is") \
        < out.index("A round, step by step") < out.index("Hint: ") < out.index("1:e5")
    for title in ("What the game is", "A round, step by step", "Phase II, Develop",
                  "Phase III, Settle"):
        assert out.count(title) == 1, title
    # A hint before each of your decisions, each counted in the save.
    hints = out.count("Hint: ")
    assert hints == len(save.hints) and hints >= 20
    assert len(set(save.hints)) == hints          # once per decision, not per prompt


def test_a_resumed_learning_game_goes_on_teaching(folder):
    rftg("new", "--learn", "--seed", "2", "--name", "l", input="quit\n")
    result = rftg("resume", "l", input="quit\n")
    assert "Hint: " in result.output and "What the game is" in result.output


def test_the_first_games_hands_are_for_four_players_at_most(folder):
    line = one_line_error(rftg("new", "--learn", "--ai", "4", "--seed", "1"))
    assert line == "rftg: new: the first game's preset hands are for 1 to 4 players"


def test_the_dice_game_teaches_too(folder):
    result = rftg("new", "--roll", "--learn", "--seed", "1", input="quit\n")
    out = result.output
    assert result.exit_code == 0
    assert out.index("Roll for the Galaxy, the dice game") \
        < out.index("A round of the dice game") < out.index("Hint: ")


@pytest.mark.slow
def test_a_whole_dice_game_teaches(folder):
    result = rftg("new", "--roll", "--learn", "--seed", "1", "--name", "d",
                  input="\n" * 4000)
    assert result.exit_code == 0
    assert saves.read(saves.save_path(folder, "d")).status == saves.FINISHED
    assert result.output.count("Explore (dice game)") == 1


def test_the_commands_are_told_once_and_each_hint_is_the_last_line_before_the_choices(folder):
    """A newcomer at the table: the line naming `hint`, `help` and `rules` came under every
    hint, and the table's log pane (a few rows) showed it and not the hint it followed."""
    result = rftg("new", "--learn", "--seed", "1", input="\n" * 6)
    out = result.output
    assert out.count("(`hint`: the AI's reasons; `help`: the commands") == 1
    assert out.count("(the AI's answer, from what you can see)") == 1
    assert out.count("Hint: ") >= 4
    blocks = out.split("Hint: ")[2:]
    for block in blocks:                 # the hint's line, then the choices at once
        assert block.splitlines()[1].lstrip().startswith("1"), block
