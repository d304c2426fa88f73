"""Your record and your games from anywhere (issue 13): `rftg stats`, `rftg replay`,
`rftg saves --delete`, the default save folder, `--version`, `new --help`, and the README's
examples as written."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.players.seat import RandomSeat

README = Path(__file__).parents[2] / "README.md"


def rftg(*args, input=""):
    return CliRunner().invoke(app, list(args), input=input)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    # AI seats play uniform random answers here: quick, and the record is the same code.
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    return tmp_path


def finish(name: str, *args, first: str = "") -> None:
    assert rftg("new", "--name", name, *args, input=first + "\n" * 4000).exit_code == 0
    assert saves.read(saves.save_path(saves.default_save_dir(), name)).status == saves.FINISHED


def test_stats_json_counts_wins_margins_and_undo_apart(folder):
    finish("r1", "--seed", "1")
    finish("a1", "--seed", "7", "--ai", "1")
    finish("a2", "--seed", "9", "--ai", "1", first="\n" * 6 + "undo\n")   # counted apart
    rftg("new", "--seed", "8", "--name", "running", input="\n" * 3)
    assert saves.read(saves.save_path(folder, "a2")).undos
    data = json.loads(rftg("stats", "--json").stdout)
    assert data["finished"] == 3 and data["running"] == 1
    by_table = {(r["against"], r["expansions"]): r for r in data["records"]}
    robot = by_table[("robot (medium)", "tgs")]     # the solitaire game's own deck
    assert robot["games"] == 1 and by_table[("1 AI", "base")]["games"] == 1
    assert [r["games"] for r in data["with_undo"]] == [1]
    for game in data["history"]:
        save = saves.read(saves.save_path(folder, game["name"]))
        me, *others = save.summary["players"]
        assert game["score"] == me["score"]
        assert game["margin"] == me["score"] - max(o["score"] for o in others)
        assert game["result"] == ("win" if save.summary["winners"] == [me["name"]] else
                                  "tie" if me["name"] in save.summary["winners"] else "loss")
    r1 = next(g for g in data["history"] if g["name"] == "r1")
    assert robot["best_margin"] == r1["margin"] and robot["wins"] == (r1["result"] == "win")
    text = rftg("stats").stdout
    assert "Games where undo was used" in text and "robot (medium)" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_stats_with_no_finished_game(folder):
    result = rftg("stats")
    assert result.exit_code == 0 and "No finished games" in result.stdout


def test_replay_steps_forward_and_back_as_you_saw_it(folder):
    finish("g", "--seed", "1")
    save = saves.read(saves.save_path(folder, "g"))
    one = rftg("replay", "g", "--step", "1").stdout
    assert one.startswith(f"Step 1 of {len(save.answers)}")
    assert f"Answer: {save.answers[0]}" in one            # your own answer
    robot_turns = rftg("replay", "g", input="n\nb\n3\nq\n").stdout
    steps = re.findall(r"^Step (\d+) of", robot_turns, re.M)
    assert steps == ["1", "2", "1", "3"]
    assert rftg("replay", "g", "--step", "0").exit_code == 2


def test_replay_open_shows_every_answer_only_for_a_finished_game(folder):
    rftg("new", "--seed", "8", "--ai", "1", "--name", "live", input="\n" * 6)
    refused = rftg("replay", "live", "--open")
    assert refused.exit_code == 2 and "only for a finished game" in refused.stderr
    # As you saw it: the AI's answers are not shown.
    save = saves.read(saves.save_path(folder, "live"))
    ai_steps = [k for k, who in enumerate(saves.restore(save).movers, 1) if who == 1]
    assert ai_steps
    seen = rftg("replay", "live", "--step", str(ai_steps[0])).stdout
    assert "AI to decide" in seen
    assert "Answer:" not in seen and "AI answers" in seen
    finish("done", "--seed", "8", "--ai", "1")
    opened = rftg("replay", "done", "--open", "--step", str(ai_steps[0])).stdout
    assert "Answer:" in opened and "You's hand" in opened


def test_saves_delete(folder):
    rftg("new", "--seed", "1", "--name", "old", input="\n" * 3)
    result = rftg("saves", "--delete", "old")
    assert result.exit_code == 0 and not (folder / "old.toml").exists()
    missing = rftg("saves", "--delete", "old")
    assert missing.exit_code == 2 and "no such save" in missing.stderr


def test_the_default_save_folder_does_not_depend_on_the_directory(tmp_path, monkeypatch):
    """Without --save-dir or RFTG_SAVE_DIR, saves go to the user's data folder (here the
    test's XDG_DATA_HOME), found again from another directory."""
    monkeypatch.chdir(tmp_path)
    rftg("new", "--seed", "1", "--name", "here", input="\n" * 3)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert "here" in rftg("saves").stdout
    assert rftg("resume", "here", input="").exit_code == 0
    assert not (tmp_path / "saves").exists()
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path / "env"))
    assert saves.default_save_dir() == tmp_path / "env"


def test_saves_fit_80_columns(folder, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    rftg("new", "--seed", "1", "--name", "a-rather-long-save-name-x", input="\n" * 3)
    rftg("new", "--seed", "2", "--ai", "2", "--name", "b", input="\n" * 3)
    text = rftg("saves").stdout
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "a-rather-long-save-na" in text and "in progress" in text


def test_version_and_expansion_flags_in_help():
    assert re.fullmatch(r"rftg \S+\n", rftg("--version").stdout)
    help_text = " ".join(rftg("new", "--help").stdout.split())
    assert "--expert" in help_text and "--solo (also --robot)" in help_text
    assert "--difficulty easy|medium|hard" in help_text


def readme_commands() -> list[list[str]]:
    """Every `rftg ...` line of the README's shell blocks, comment and optional parts cut,
    that names no placeholder (DIR, NAME, ...)."""
    text = README.read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            # `[--json]` marks an option: the command runs without it.
            command = re.sub(r"\s*\[[^]]*\]", "", line.split(" #")[0]).strip()
            if command.startswith("rftg ") and not re.search(r"\b[A-Z]{3,}\b", command):
                out.append(shlex.split(command)[1:])
    return out


def test_the_readme_examples_run_as_written(folder, monkeypatch):
    monkeypatch.setenv("RFTG_PLUGINS_DIR", str(folder / "no-plugins"))
    commands = readme_commands()
    assert len(commands) >= 10
    for args in commands:
        result = rftg(*args, input="")
        assert result.exit_code == 0, (args, result.stdout[-300:], result.stderr)


def test_typed_answers_are_kept_on_disk_for_the_next_game():
    """The prompt history (Up recalls earlier answers) lives in the data folder, so a new
    rftg process has it, whatever the directory it runs from."""
    import os

    from rftg_cli.ui.prompts import answer_history

    answer_history().append_string("e5 d")
    path = Path(os.environ["RFTG_DATA_DIR"]) / "history"
    assert "e5 d" in path.read_text()
    assert list(answer_history().load_history_strings())[0] == "e5 d"
