"""The AI ends a game it has won instead of growing a lead it never cashes.

Against a player who only presses Enter (every default: Explore +5, keep, pass), the search
level was far ahead but kept exploring: with the VP pool nearly empty and its tableau at
10 of 12, a bigger unfinished lead looked worth more than the win it could take. Game seeds
1 and 5 ran past 750 rounds. The search now counts a lead as `ai_search.judged` does (about
the lead when close, saturating far from it), so ending the game is worth more.

Far ahead a bigger lead is worth almost nothing more, so a win next round looked as good as
a win now, plus a trifle, and each round put it off again: with game seed
4,611,686,018,427,388,039 the AI sat 41 VP ahead, able to end the game at once, for over
2,000 rounds. A play that leads now counts a round's delay (`Level.delay`) against it.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from rftg_cli.cli import app
from rftg_cli.commands import new
from rftg_cli.race.ai.search import WIN_BONUS, judged


@pytest.fixture(autouse=True)
def folders(monkeypatch, tmp_path):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def passive_enter(monkeypatch):
    """Enter as it was when these games were found: Develop and Settle pass, a second Enter
    takes the first pair of action cards (Explore +5 with Explore +1/+1). Enter now places
    the best card it can afford and suggests action cards (issue 38 #21), a player the AI
    is not always far ahead of; these games are about a lead the AI must cash."""
    from rftg_cli.race import human
    from rftg_cli.race import options
    monkeypatch.setattr(options, "best_card", lambda game, decision: None)
    monkeypatch.setattr(human, "suggested_actions", lambda game, decision: decision.options[0])


@pytest.mark.parametrize("seed", [1, 5, 4_611_686_018_427_388_039])
def test_the_ai_ends_a_won_game_against_a_player_who_only_presses_enter(monkeypatch, seed,
                                                                         passive_enter):
    monkeypatch.setattr(new, "choose_seed", lambda: seed)
    runner = CliRunner()
    # 3,000 Enters last about 750 rounds of this player's defaults.
    assert runner.invoke(app, ["new", "--ai", "1", "--name", "g"],
                         input="\n" * 3000).exit_code == 0
    shown = json.loads(runner.invoke(app, ["show", "g", "--json"]).output)
    assert shown["status"] == "finished"
    assert shown["round"] <= 80
    assert shown["winners"] == ["AI"]


def test_a_lead_counts_fully_when_close_and_little_more_when_far():
    assert judged(2) == pytest.approx(2, abs=0.02)
    assert judged(-2) == pytest.approx(-2, abs=0.02)
    assert judged(80) - judged(60) < 0.5
    # A finished game won by 60 is worth more than an unfinished lead of 80.
    assert judged(60) + WIN_BONUS > judged(80)
