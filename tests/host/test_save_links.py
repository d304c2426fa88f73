"""No save or file of the player's is lost through a link, a delete or a leftover (issue 41):
the lock is the resolved save's and never writes through a link, `saves --delete` removes only
a save of the save folder, and only rftg's own temporary files are cleaned. On a real file
system (tmp_path): links and hard links as a player or a script would make them."""

from __future__ import annotations

import os
import time

import pytest

from rftg_cli import saves
from rftg_cli.savelock import SaveBusy, SaveLock
from tests.cli_helpers import one_line_error, random_seats_saving_in, rftg


@pytest.fixture(autouse=True)
def fast_seats(monkeypatch, tmp_path):
    random_seats_saving_in(monkeypatch, tmp_path)


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


# ---------------------------------------------------------------------- saves --delete

@pytest.mark.parametrize("target", ["pyproject", "absolute", "relative", "dotdot"])
def test_delete_takes_a_save_name_never_a_path(tmp_path, monkeypatch, target):
    """`saves --delete pyproject.toml` removed ./pyproject.toml, `--delete /any/path` any
    path, both printing "Deleted save"."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    victim = work / "pyproject.toml"
    victim.write_text('[project]\nname = "mine"\n')
    a_save(tmp_path)
    arg = {"pyproject": "pyproject.toml", "absolute": str(victim),
           "relative": "work/pyproject.toml", "dotdot": "../work/pyproject"}[target]
    line = one_line_error(rftg("saves", "--delete", arg))
    assert "bad save name" in line or "no such save" in line
    assert victim.read_text() == '[project]\nname = "mine"\n'
    assert (tmp_path / "g.toml").exists()


def test_delete_removes_only_a_save(tmp_path):
    notes = tmp_path / "notes.toml"           # in the save folder, named like one, not one
    notes.write_text('title = "my notes"\n')
    assert "not an rftg save" in one_line_error(rftg("saves", "--delete", "notes"))
    assert notes.exists()
    save = a_save(tmp_path)
    result = rftg("saves", "--delete", "g.toml")
    assert result.exit_code == 0 and "Deleted save 'g'" in result.stdout
    assert not save.exists()


def test_delete_of_a_link_removes_the_link_not_its_target(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = a_save(tmp_path, "real").rename(elsewhere / "real.toml")
    (tmp_path / "alias.toml").symlink_to(real)
    assert rftg("saves", "--delete", "alias").exit_code == 0
    assert real.exists() and not (tmp_path / "alias.toml").is_symlink()


# ---------------------------------------------------------------------- temp files

def test_only_rftg_temp_files_are_cleaned(tmp_path):
    a_save(tmp_path)
    theirs = [tmp_path / ".h.00000000.tmp", tmp_path / ".g.abcd1234.tmp"]
    ours = tmp_path / ".h.abcd1234.rftg.tmp"
    for path in (*theirs, ours):
        path.write_text("partial")
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    assert rftg("saves").exit_code == 0
    assert rftg("resume", "g", input="").exit_code == 0
    assert all(path.exists() for path in theirs) and not ours.exists()


def test_a_failed_key_write_leaves_no_temp_file(tmp_path, monkeypatch):
    import errno

    from rftg_cli import hidden

    data = tmp_path / "data"
    monkeypatch.setenv("RFTG_DATA_DIR", str(data))
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    line = one_line_error(rftg("new", "--name", "k"))
    assert "cannot make the key" in line and os.strerror(errno.ENOSPC) in line
    assert list(data.iterdir()) == []
    monkeypatch.setattr(os, "fsync", real_fsync)
    stale = data / ".deal.key.0a1b2c3d.rftg.tmp"    # left by a process killed mid-write
    stale.write_text("partial")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    hidden.player_key()
    assert sorted(p.name for p in data.iterdir()) == ["deal.key"]


# ---------------------------------------------------------------------- plain files only

def special(kind: str, path) -> None:
    if kind == "/dev/zero":
        path.symlink_to("/dev/zero")
    else:
        os.mkfifo(path)


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo"])
def test_a_key_that_is_no_plain_file_is_refused_at_once(tmp_path, monkeypatch, kind):
    """`ln -s /dev/zero DATA/deal.key`: `show` hung while memory grew; a FIFO blocked."""
    assert rftg("new", "--name", "g", input="\n").exit_code == 0      # a deal kept hidden
    save = tmp_path / "g.toml"
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("RFTG_DATA_DIR", str(data))
    special(kind, data / "deal.key")
    started = time.monotonic()
    for args in (["show", "g"], ["new", "--name", "n"]):
        assert "cannot read the key" in one_line_error(rftg(*args))
    assert time.monotonic() - started < 30
    assert save.exists() and not (tmp_path / "n.toml").exists()


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo"])
def test_a_save_that_is_no_plain_file_is_refused_at_once(tmp_path, kind):
    special(kind, tmp_path / "z.toml")
    for args in (["show", "z"], ["resume", "z"], ["replay", "z"]):
        assert "z.toml" in one_line_error(rftg(*args))
    listing = rftg("saves")
    assert listing.exit_code == 0 and "unreadable" in listing.output


def test_a_name_that_would_end_in_toml_is_refused(tmp_path):
    """`--name x.toml.toml` made save `x.toml`, which `resume x.toml` could not reach."""
    assert "bad save name" in one_line_error(rftg("new", "--name", "x.toml.toml"))
    assert not list(tmp_path.glob("*.toml"))


@pytest.mark.parametrize("command", [["saves"], ["saves", "--json"], ["stats"], ["resume"]])
def test_a_save_folder_that_cannot_be_read_is_said_so(tmp_path, monkeypatch, command):
    """`rftg saves` on a folder it may not read said "No saves" (a permission the test sets
    by refusing the listing: the tests may run as root, whom `chmod 000` does not stop)."""
    import errno

    a_save(tmp_path)
    real_scandir = os.scandir

    def denied(path="."):
        if os.fspath(path) == str(tmp_path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", denied)
    line = one_line_error(rftg(*command))
    assert "cannot read the save folder" in line and os.strerror(errno.EACCES) in line


def test_a_file_named_as_the_save_folder_is_said_so(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path / "file"))
    (tmp_path / "file").write_text("")
    assert "cannot read the save folder" in one_line_error(rftg("saves"))
