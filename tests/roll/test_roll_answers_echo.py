"""A refused dice-game answer is echoed cut, as the card game's is (issue 41: a 60 KB line
came back whole in the refusal)."""

from __future__ import annotations

import pytest

from rftg_cli.decision import IllegalChoice
from tests.cli_helpers import random_seats_saving_in, rftg
from tests.roll.roll_helpers import new_game


@pytest.mark.parametrize("text", ["x" * 60_000, "settle " + "y" * 60_000])
def test_a_long_refused_answer_is_echoed_cut(text):
    game = new_game()
    with pytest.raises(IllegalChoice) as refused:
        game.parse_answer(text)
    assert len(str(refused.value)) < 300


def test_a_long_line_at_the_dice_game_prompt_prints_one_short_line(tmp_path, monkeypatch):
    random_seats_saving_in(monkeypatch, tmp_path)
    result = rftg("new", "--roll", "--seed", "2", "--name", "r", input="z" * 60_000 + "\nquit\n")
    assert result.exit_code == 0
    assert "z" * 100 not in result.output and "zzzz" in result.output
