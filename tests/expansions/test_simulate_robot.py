"""`rftg simulate --robot`: a seat against the solitaire robot, per difficulty."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rftg_cli.cli import app
from tests.host.test_simulate import simulate_json, without_speed

runner = CliRunner()

ROBOT_KEYS = {"games", "completed", "errors", "human_wins", "robot_wins", "ties",
              "human_win_rate", "robot_win_rate", "tie_rate", "mean_scores", "mean_rounds",
              "games_per_second"}


def without_speeds(data: dict) -> dict:
    out = without_speed(data)
    out["robot"] = {k: without_speed(v) for k, v in data["robot"].items()}
    return out


def test_robot_json_has_a_section_per_difficulty():
    data = simulate_json("--robot", "--difficulty", "all", "--games", "2", "--seed", "4",
                         "--seats", "random")
    assert set(data["robot"]) == {"easy", "medium", "hard"}
    assert data["games"] == 6 and data["errors"] == 0
    assert data["seats"] == ["random", "robot"]
    for level in data["robot"].values():
        assert ROBOT_KEYS <= set(level)
        assert level["completed"] == 2
        assert level["human_wins"] + level["robot_wins"] + level["ties"] == 2
        rates = level["human_win_rate"] + level["robot_win_rate"] + level["tie_rate"]
        assert rates == pytest.approx(1.0, abs=1e-3)
        assert set(level["mean_scores"]) == {"human", "robot"}
        assert level["mean_scores"]["robot"] > 0
        assert level["mean_rounds"] > 0
    assert sum(data["wins"].values()) == pytest.approx(data["completed"])


def test_robot_default_is_one_ai_seat_at_medium():
    """The middle level's official name is medium (The Gathering Storm)."""
    data = simulate_json("--robot", "--games", "2", "--seed", "2")
    assert list(data["robot"]) == ["medium"]
    assert data["seats"] == ["ai", "robot"]
    assert data["completed"] == 2 and data["errors"] == 0


def test_robot_same_seed_same_results():
    args = ("--robot", "--difficulty", "hard", "--games", "2", "--seed", "7")
    assert without_speeds(simulate_json(*args)) == without_speeds(simulate_json(*args))


def test_robot_players_one_is_allowed():
    data = simulate_json("--robot", "--players", "1", "--seats", "random", "--games", "1")
    assert data["completed"] == 1


@pytest.mark.parametrize("args", [
    ["--players", "2"],
    ["--players", "3"],
    ["--expert"],
    ["--difficulty", "impossible"],
    ["--seats", "ai,random"],
])
def test_robot_bad_usage_is_one_line_exit_2(args):
    result = runner.invoke(app, ["simulate", "--robot", "--json", *args])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("rftg simulate: ")
    assert "Traceback" not in result.output


def test_difficulty_without_robot_is_a_usage_error():
    result = runner.invoke(app, ["simulate", "--difficulty", "hard", "--json"])
    assert result.exit_code == 2
    assert "--robot" in result.output


def test_robot_table_output():
    result = runner.invoke(app, ["simulate", "--robot", "--difficulty", "all", "--games", "1",
                                 "--seats", "random"])
    assert result.exit_code == 0, result.output
    for word in ("easy", "medium", "hard", "robot", "games/s"):
        assert word in result.stdout
