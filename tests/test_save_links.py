"""No save or file of the player's is lost through a link, a delete or a leftover (issue 41):
the lock is the resolved save's and never writes through a link, `saves --delete` removes only
a save of the save folder, and only rftg's own temporary files are cleaned. On a real file
system (tmp_path): links and hard links as a player or a script would make them."""

from __future__ import annotations

import os
import time

import pytest
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.players.seat import RandomSeat
from rftg_cli.savelock import SaveBusy, SaveLock


@pytest.fixture(autouse=True)
def fast_seats(monkeypatch, tmp_path):
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input)


def one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.stderr
    return lines[0]


def a_save(tmp_path, name: str = "g", answers: int = 3):
    assert rftg("new", "--seed", "1", "--name", name, input="\n" * answers).exit_code == 0
    return tmp_path / f"{name}.toml"


# ---------------------------------------------------------------------- the lock

def test_a_link_to_a_save_takes_the_same_lock(tmp_path):
    """`ln -s c1.toml alias.toml`: `resume alias` while c1 is played is refused, not run
    beside it (the second process overwrote the first's answers: 15 decisions lost)."""
    save = a_save(tmp_path, "c1")
    (tmp_path / "alias.toml").symlink_to("c1.toml")
    before = save.read_bytes()
    with SaveLock(save):
        assert "being played in another rftg" in one_line_error(rftg("resume", "alias"))
        with pytest.raises(SaveBusy):
            SaveLock(tmp_path / "alias.toml").acquire()
    assert save.read_bytes() == before
    assert rftg("resume", "alias", input="\n" * 3).exit_code == 0   # free again


@pytest.mark.parametrize("link", ["symlink", "hard link"])
@pytest.mark.parametrize("command", [["resume", "g"], ["new", "--name", "g"],
                                     ["saves", "--delete", "g"]])
def test_a_link_planted_as_the_lock_file_is_never_written_through(tmp_path, link, command):
    """`ln -s g.toml .g.lock` (or a hard link): rftg truncated the save and wrote its process
    id into it, even when the command then refused. Now the lock file is refused in one line
    and the save is left byte for byte."""
    save = a_save(tmp_path)
    lock = tmp_path / ".g.lock"
    if link == "symlink":
        lock.symlink_to("g.toml")
    else:
        os.link(save, lock)
    before = save.read_bytes()
    line = one_line_error(rftg(*command))
    assert "not a lock file rftg made" in line
    assert save.read_bytes() == before
    saves.restore(saves.read(save))


def test_a_lock_link_to_any_other_file_leaves_that_file_alone(tmp_path):
    a_save(tmp_path)
    precious = tmp_path / "notes.txt"
    precious.write_text("my notes\n")
    (tmp_path / ".g.lock").symlink_to(precious)
    assert "not a lock file" in one_line_error(rftg("resume", "g"))
    assert precious.read_text() == "my notes\n"


def test_a_finished_game_refused_by_resume_keeps_its_bytes_with_a_planted_lock(tmp_path):
    save = a_save(tmp_path, "done", answers=3000)
    assert saves.read(save).status == saves.FINISHED
    os.link(save, tmp_path / ".done.lock")
    before = save.read_bytes()
    one_line_error(rftg("resume", "done"))
    assert save.read_bytes() == before
