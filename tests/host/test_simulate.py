"""`rftg simulate`: the JSON report, determinism, bad usage."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from rftg_cli.cli import app

runner = CliRunner()

RESULT_KEYS = {"games", "completed", "errors", "wins", "mean_scores", "mean_rounds",
               "games_per_second"}


def simulate_json(*args: str) -> dict:
    result = runner.invoke(app, ["simulate", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def without_speed(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("seconds", "games_per_second")}


def test_simulate_json_reports_every_field():
    data = simulate_json("--games", "4", "--seed", "3", "--ai-level", "fast")
    assert RESULT_KEYS <= set(data)
    assert data["games"] == 4
    assert data["completed"] + data["errors"] == 4
    assert data["errors"] == 0
    assert set(data["wins"]) == {"ai", "random"}
    assert sum(data["wins"].values()) == data["completed"]   # ties are split
    assert data["mean_rounds"] > 0


def test_same_seed_same_results():
    args = ("--games", "3", "--seed", "9", "--seats", "random,ai", "--ai-level", "fast")
    first, again = simulate_json(*args), simulate_json(*args)
    assert without_speed(first) == without_speed(again)


def test_random_seats_three_players():
    data = simulate_json("--games", "5", "--players", "3", "--seats", "random,random,random")
    assert set(data["wins"]) == {"random1", "random2", "random3"}
    assert data["completed"] == 5


def test_different_seeds_differ():
    a = simulate_json("--games", "5", "--seed", "1", "--seats", "random,random")
    b = simulate_json("--games", "5", "--seed", "2", "--seats", "random,random")
    assert without_speed(a) != without_speed(b)


def test_bad_seats_is_a_usage_error():
    result = runner.invoke(app, ["simulate", "--seats", "ai,wizard", "--json"])
    assert result.exit_code == 2
    assert "wizard" in result.output
    result = runner.invoke(app, ["simulate", "--seats", "ai", "--json"])
    assert result.exit_code == 2


def test_unknown_expansion_is_a_usage_error():
    result = runner.invoke(app, ["simulate", "--expansion", "no-such-thing", "--json"])
    assert result.exit_code == 2
    assert "no-such-thing" in result.output
    assert "Traceback" not in result.output


def test_errors_are_counted_not_fatal(monkeypatch):
    from rftg_cli.commands import simulate

    calls = {"n": 0}
    real = simulate.play_one

    def flaky(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("boom")
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate, "play_one", flaky)
    data = simulate_json("--games", "3", "--seats", "random,random")
    assert data["errors"] == 1 and data["completed"] == 2
    assert "boom" in data["first_error"]


def test_table_output_goes_to_stdout():
    result = runner.invoke(app, ["simulate", "--games", "2", "--seats", "random,random"])
    assert result.exit_code == 0
    assert "games/s" in result.stdout


def test_seeds_are_streamed_and_ctrl_c_reports_the_games_so_far(monkeypatch):
    """Issue 16: `--games 100000000` computed every seed up front and ran out of memory.
    Seeds now come one game at a time; Ctrl-C stops the run with the games played so far."""
    from rftg_cli.commands import simulate

    assert list(simulate.game_seeds(5, 4))[:2] == list(simulate.game_seeds(5, 2))
    real, played = simulate.play_one, []

    def play_three(*args, **kwargs):
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate, "play_one", play_three)
    result = runner.invoke(app, ["simulate", "--json", "--games", "100000000", "--seed", "4",
                                 "--seats", "random,random"])
    assert result.exit_code == 130, result.output
    data = json.loads(result.stdout)
    assert data["games"] == data["completed"] == 3
    assert result.stderr.strip() == ("rftg simulate: interrupted after 3 games; the report "
                                     "covers those")
