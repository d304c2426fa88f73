"""Five and six players on the command line (five with The Gathering Storm, six with Rebel vs
Imperium): `rftg new --ai 4/5` plays whole games with AI seats, the save lists every seat and
`rftg show --json` each player's score breakdown; `rftg simulate --players 5/6` completes;
too many players for the sets is one line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app

OFF = ["--no-goals", "--no-takeovers"]


def rftg(*args, input=""):
    return CliRunner().invoke(app, list(args), input=input)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    return tmp_path


def test_six_players_play_a_whole_game_and_show_each_score_breakdown(folder):
    result = rftg("new", "--tgs", "--rvi", *OFF, "--ai", "5", "--seed", "7", "--name", "six",
                  "--ai-level", "fast", input="\n" * 4000)
    assert result.exit_code == 0, result.output[-500:]
    save = saves.read(saves.save_path(folder, "six"))
    assert save.status == saves.FINISHED and save.seats == ["human"] + ["ai"] * 5
    assert "keep " in save.answers[0]                 # the start-world choice, as text
    shown = json.loads(rftg("show", "six", "--json").stdout)
    assert [p["name"] for p in shown["players"]] == ["You"] + [f"AI {i}" for i in range(1, 6)]
    for p in shown["players"]:
        b = p["breakdown"]
        assert p["score"] == b["chips"] + b["cards"] + sum(b["bonuses"].values()) + \
            sum(b["extras"].values())
        assert b["chips"] == p["vp_chips"] and len(p["tableau"]) >= 1
    assert shown["winners"] and shown["expansions"] == ["tgs", "rvi"]
    listed = json.loads(rftg("saves", "--json").stdout)
    assert listed[0]["name"] == "six" and len(listed[0]["scores"]) == 6


def test_five_players_with_the_gathering_storm(folder):
    result = rftg("new", "--tgs", "--no-goals", "--ai", "4", "--seed", "3", "--name", "five",
                  "--ai-level", "fast", input="\n" * 4000)
    assert result.exit_code == 0, result.output[-500:]
    shown = json.loads(rftg("show", "five", "--json").stdout)
    assert len(shown["players"]) == 5 and shown["status"] == saves.FINISHED


@pytest.mark.parametrize("args, limit", [(["--ai", "4"], "4"), (["--tgs", "--no-goals",
                                                                  "--ai", "5"], "5")])
def test_more_players_than_the_sets_allow_is_one_line(folder, args, limit):
    result = rftg("new", *args, "--seed", "1")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and limit in result.stderr


@pytest.mark.parametrize("players, sets", [(5, ["--tgs", "--no-goals"]),
                                           (6, ["--tgs", "--rvi", *OFF])])
def test_simulate_five_and_six_players(players, sets):
    result = rftg("simulate", "--games", "2", "--players", str(players), "--seed", "1",
                  "--seats", ",".join(["ai"] + ["random"] * (players - 1)), *sets,
                  "--ai-level", "fast", "--json")
    assert result.exit_code == 0, result.output[-500:]
    data = json.loads(result.stdout)
    assert data["completed"] == 2 and data["errors"] == 0


@pytest.mark.parametrize("args", [["new", "--rvi", "--ai", "5", "--seed", "1"],
                                  ["simulate", "--players", "6", "--rvi", "--games", "1"]])
def test_six_players_with_rebel_vs_imperium_alone_are_refused(folder, args):
    """The sixth player's cards come with The Gathering Storm and Rebel vs Imperium together
    (Rebel vs Imperium rulebook, Overview: it « assume[s] that the first expansion, The
    Gathering Storm, is being used »; Keldon's RFTG engine seats 5 with "Rebel vs Imperium
    only"): `--rvi` alone seats at most 5."""
    result = rftg(*args)
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert "6 players need --tgs too" in line
    assert list(folder.iterdir()) == []
