"""Saves written before the one answer grammar (issue 36) resume: the save format and its
seal are unchanged. `saves_before_36/` holds two games saved, one undo in, by rftg as it
was before (commit 2de4e4a): one with a seed the player chose, one whose deal rftg chose
(sealed), with the test key that sealed them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app

BEFORE = Path(__file__).parents[1] / "saves_before_36"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    for path in BEFORE.iterdir():
        shutil.copyfile(path, tmp_path / path.name)
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("name", ["seeded", "hidden"])
def test_a_game_saved_before_resumes_and_plays_to_its_end(folder, name):
    old = saves.read(folder / f"{name}.toml")
    saves.restore(old)                      # the seal holds, the answers replay
    assert old.undos and not old.unkeyed
    played = CliRunner().invoke(app, ["resume", name], input="\n" * 4000)
    assert played.exit_code == 0, played.output
    assert f"{len(old.answers)} answers replayed" in played.output
    new = saves.read(folder / f"{name}.toml")
    saves.restore(new)
    assert new.status == saves.FINISHED and new.undos == old.undos
    assert new.answers[: len(old.answers)] == old.answers
