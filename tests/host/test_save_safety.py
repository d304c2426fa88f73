"""Saves under stress (issues 14 and 16): one process per save, write failures in one line
with the last good save intact, leftover temp files cleaned, symlinked saves written through,
and names that cannot drive the terminal."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.commands import new
from rftg_cli.players.seat import RandomSeat
from rftg_cli.savelock import SaveBusy, SaveLock, lock_path

RFTG = [sys.executable, "-c", "from rftg_cli.cli import main; main()"]


@pytest.fixture(autouse=True)
def fast_seats(monkeypatch, tmp_path):
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input)


def one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    return lines[0]


# ---------------------------------------------------------------------- one process per save

def env_for(folder) -> dict[str, str]:
    return {**os.environ, "RFTG_SAVE_DIR": str(folder), "RFTG_PLUGINS_DIR": str(folder / "no")}


def test_a_second_process_is_refused_while_the_first_plays(tmp_path):
    first = subprocess.Popen([*RFTG, "new", "--seed", "3", "--name", "shared"],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env=env_for(tmp_path))
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "shared.toml").exists():   # written before the first prompt
            assert first.poll() is None, first.stderr.read()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        for args in (["resume", "shared"], ["new", "--name", "shared"]):
            second = subprocess.run([*RFTG, *args], input="\n" * 50, capture_output=True,
                                    text=True, env=env_for(tmp_path), timeout=60, check=False)
            assert second.returncode == 2, second.stderr
            lines = second.stderr.strip().splitlines()
            assert len(lines) == 1 and "another rftg" in lines[0]
            assert f"process {first.pid}" in lines[0]
        before = (tmp_path / "shared.toml").read_bytes()
    finally:
        first.send_signal(signal.SIGKILL)    # a crash: the lock file stays, unheld
        first.wait()
    assert lock_path(tmp_path / "shared.toml").exists()
    assert (tmp_path / "shared.toml").read_bytes() == before
    again = subprocess.run([*RFTG, "resume", "shared"], input="", capture_output=True,
                           text=True, env=env_for(tmp_path), timeout=60, check=False)
    assert again.returncode == 0, again.stderr
    assert "Saved game 'shared'" in again.stdout


def test_the_lock_is_exclusive_and_released(tmp_path):
    save = tmp_path / "g.toml"
    with SaveLock(save), pytest.raises(SaveBusy, match=f"process {os.getpid()}"):
        SaveLock(save).acquire()
    assert not lock_path(save).exists()
    with SaveLock(save):     # free again
        pass


# ---------------------------------------------------------------------- write failures

@pytest.mark.parametrize("code", [errno.EFBIG, errno.ENOSPC, errno.EACCES])
def test_a_failed_write_mid_game_is_one_line_and_keeps_the_last_save(tmp_path, monkeypatch,
                                                                        code):
    real_write = saves.write
    written: list[bytes] = []

    def failing_write(save, path, *, durable=False):
        if len(written) == 4:
            raise OSError(code, os.strerror(code))
        real_write(save, path, durable=durable)
        written.append(path.read_bytes())

    monkeypatch.setattr(saves, "write", failing_write)
    line = one_line_error(rftg("new", "--seed", "2", "--name", "full", input="\n" * 100))
    assert "cannot save the game" in line and os.strerror(code) in line
    assert "last good save is intact" in line and "rftg resume full" in line
    path = tmp_path / "full.toml"
    assert path.read_bytes() == written[-1]
    saves.restore(saves.read(path))
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_file_size_limit_is_one_line(tmp_path):
    """`ulimit -f`: the kernel refuses to grow a file past the limit (EFBIG)."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    result = subprocess.run([*RFTG, "new", "--seed", "2", "--name", "big"], input="\n" * 4000,
                            capture_output=True, text=True, env=env_for(tmp_path),
                            preexec_fn=limit, timeout=120, check=False)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "File too large" in lines[0], result.stderr
    save = saves.read(tmp_path / "big.toml")
    assert saves.restore(save).game.digest() == save.digest


def test_output_redirected_to_a_file_past_the_limit_is_one_line(tmp_path):
    """`rftg new > file` (or `show`) under `ulimit -f`: the output itself cannot be written,
    which is one line on stderr too, exit 2, and the game resumes from its last save."""
    import resource

    # Room for the save (about 1 KB when the game starts), not for the screens after it.
    for args, size in ((["new", "--seed", "2", "--name", "out"], 3072), (["show", "out"], 256)):
        def limit(size=size) -> None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

        with open(tmp_path / "screen.txt", "w") as screen:
            result = subprocess.run([*RFTG, *args], input="\n" * 4000, stdout=screen,
                                    stderr=subprocess.PIPE, text=True, env=env_for(tmp_path),
                                    preexec_fn=limit, timeout=120, check=False)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert lines == ["rftg: cannot write: File too large; any game is saved as of your "
                         "last decision"], result.stderr
    save = saves.read(tmp_path / "out.toml")
    assert save.status == saves.IN_PROGRESS
    assert saves.restore(save).game.digest() == save.digest


# ---------------------------------------------------------------------- leftovers and links

def test_temp_files_of_killed_writes_are_cleaned(tmp_path):
    rftg("new", "--seed", "1", "--name", "g", input="\n" * 3)
    rftg("new", "--seed", "1", "--name", "g.b", input="\n" * 3)
    # rftg's temp files end in `.rftg.tmp` (issue 41: any `.X.XXXXXXXX.tmp` was removed).
    mine = tmp_path / ".g.ab_c1234.rftg.tmp"
    other = tmp_path / ".g.b.zz99aa00.rftg.tmp"      # the temp file of save g.b, not of g
    old = tmp_path / ".h.00000000.rftg.tmp"
    for path in (mine, other, old):
        path.write_text("partial")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert rftg("resume", "g", input="").exit_code == 0
    assert not mine.exists() and other.exists() and old.exists()
    assert rftg("saves").exit_code == 0          # a stale temp file of any save goes
    assert not old.exists() and other.exists()


def test_a_symlinked_save_is_written_through(tmp_path):
    rftg("new", "--seed", "1", "--name", "real", input="\n" * 3)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "real.toml"
    (tmp_path / "real.toml").rename(target)
    (tmp_path / "linked.toml").symlink_to(target)
    before = saves.read(target)
    assert rftg("resume", "linked", input="\n" * 6).exit_code == 0
    assert (tmp_path / "linked.toml").is_symlink()
    after = saves.read(target)
    assert len(after.answers) > len(before.answers)


def test_a_dangling_symlink_is_listed_not_a_crash(tmp_path):
    (tmp_path / "gone.toml").symlink_to(tmp_path / "nowhere.toml")
    result = rftg("saves")
    assert result.exit_code == 0 and "unreadable" in result.output


# ---------------------------------------------------------------------- names

def test_a_trailing_newline_name_is_refused(tmp_path):
    line = one_line_error(rftg("new", "--name", "trail\n"))
    assert "bad save name" in line and "\\n" in line
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".toml" or "\n" in p.name]


def test_a_toml_suffix_names_the_save(tmp_path):
    result = rftg("new", "--seed", "1", "--name", "x.toml", input="\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "x.toml").exists() and not (tmp_path / "x.toml.toml").exists()
    assert "rftg resume x\n" in result.output
    assert rftg("resume", "x", input="").exit_code == 0


@pytest.mark.parametrize("player", ["a\x1b[2Jb", "line\nbreak", "x" * 41])
def test_bad_player_names_are_refused(tmp_path, player):
    assert "bad player name" in one_line_error(rftg("new", "--player", player))
    assert not list(tmp_path.glob("*.toml"))


def test_names_with_escape_sequences_are_escaped_on_the_terminal(tmp_path):
    """Names read from files reach the terminal escaped: listed by `saves`, and either shown
    or refused in one line by `show` and `resume` (the save schema refuses an edited name)."""
    rftg("new", "--seed", "1", "--name", "evil", input="\n" * 3)
    path = tmp_path / "evil.toml"
    text = path.read_text().replace('name = "evil"', 'name = "ev\\u001b]0;pwned\\u0007il"')
    path.write_text(text)
    (tmp_path / "\x1b[31mred.toml").write_text(text)
    listing = rftg("saves")
    assert listing.exit_code == 0
    assert "\x1b" not in listing.output and "\\x1b" in listing.output
    player = text.replace('"You"', '"Y\\u001b[2Jou"')
    for content in (text, player):
        path.write_text(content)
        for command, stdin in (("show", ""), ("resume", ""), ("saves", "")):
            args = (command,) if command == "saves" else (command, "evil")
            result = rftg(*args, input=stdin)
            everything = result.output + (result.stderr or "")
            assert "\x1b" not in everything and "\x07" not in everything, command
            if result.exit_code != 0:
                one_line_error(result)


@pytest.mark.parametrize("command", ["show", "resume"])
def test_a_name_too_long_for_a_file_is_one_line(command):
    line = one_line_error(rftg(command, "x" * 5000))
    assert "cannot look the save up" in line and len(line) < 200


def test_cards_and_score_echo_names_escaped_and_cut():
    score = rftg("score", "a\x1b[31m")
    assert score.exit_code == 2 and "\x1b" not in score.output + score.stderr
    cards = rftg("cards", "x" * 100_000)
    assert cards.exit_code == 1 and len(cards.stderr) < 200


def test_ctrl_c_while_a_computer_seat_thinks_keeps_the_last_save(tmp_path, monkeypatch):
    class Interrupted(RandomSeat):
        calls = 0

        def choose(self, game, decision):
            Interrupted.calls += 1
            if Interrupted.calls == 30:
                raise KeyboardInterrupt
            return super().choose(game, decision)

    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: Interrupted(seed))
    result = rftg("new", "--ai", "1", "--seed", "4", "--name", "cc", input="\n" * 500)
    assert result.exit_code == 130
    assert "interrupted" in result.stderr and "rftg resume cc" in result.stderr
    save = saves.read(tmp_path / "cc.toml")
    assert saves.restore(save).game.digest() == save.digest
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    assert rftg("resume", "cc", input="\n" * 500).exit_code == 0


def test_ctrl_c_at_a_piped_prompt_saves_and_quits(tmp_path):
    import io

    from rftg_cli.ui.prompts import LineSource
    from rftg_cli.race.render import make_console

    class Stream(io.StringIO):
        def readline(self, size=-1):
            raise KeyboardInterrupt

    source = LineSource(Stream(), make_console(io.StringIO()))
    code = new.run_new(ai=None, seed=1, name="k", save_dir=tmp_path, player="You",
                        expansions=[], extra=[], source=source)
    assert code == 0
    assert saves.read(tmp_path / "k.toml").status == saves.IN_PROGRESS


KILLED_MID_WRITE = """
import os, signal, sys
real_replace = os.replace
count = 0
def replace(src, dst):
    global count
    count += 1
    if count == 5:      # the temp file is whole, the rename not done: kill -9 here
        os.kill(os.getpid(), signal.SIGKILL)
    return real_replace(src, dst)
os.replace = replace
from rftg_cli.cli import main
sys.argv = ["rftg", "new", "--seed", "2", "--name", "k"]
main()
"""


def test_killed_during_a_write_then_resumed(tmp_path):
    killed = subprocess.run([sys.executable, "-c", KILLED_MID_WRITE], input="\n" * 500,
                            capture_output=True, text=True, env=env_for(tmp_path),
                            timeout=60, check=False)
    assert killed.returncode == -signal.SIGKILL
    leftovers = list(tmp_path.glob(".k.*.tmp"))
    assert len(leftovers) == 1
    save = saves.read(tmp_path / "k.toml")        # the 4th write, whole
    assert saves.restore(save).game.digest() == save.digest
    resumed = subprocess.run([*RFTG, "resume", "k"], input="\n" * 500, capture_output=True,
                             text=True, env=env_for(tmp_path), timeout=60, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert not list(tmp_path.glob(".k.*.tmp"))
    assert saves.read(tmp_path / "k.toml").status == saves.FINISHED


@pytest.mark.parametrize("table", [["--ai", "1"], ["--roll"], ["--roll", "--ai", "2"]])
@pytest.mark.parametrize("player", ["[/]", "[bold red]Red", "[link=file:///etc]x"])
def test_player_names_are_never_rich_markup(tmp_path, player, table):
    """The card game and the dice game alike ('[/]' as a name crashed the dice game's panels
    and score table)."""
    result = rftg("new", *table, "--seed", "3", "--name", "m", "--player", player,
                  input="tableau\nscore\n" + "\n" * 3000)
    assert result.exit_code == 0, result.output
    assert player in result.output and "Final score" in result.output
    assert rftg("saves").exit_code == 0
    shown = rftg("show", "m")
    assert shown.exit_code == 0 and player in shown.output


def test_ctrl_backslash_at_a_prompt_saves_and_quits_like_ctrl_c(tmp_path):
    """Ctrl-\\ sends SIGQUIT: the process died of it, silently (issue 41); now it is Ctrl-C."""
    game = subprocess.Popen([*RFTG, "new", "--seed", "3", "--name", "q"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env_for(tmp_path))
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "q.toml").exists():
            assert game.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.5)                       # at the first prompt, reading its input
        game.send_signal(signal.SIGQUIT)
        out, err = game.communicate(timeout=60)
    finally:
        game.kill()
    assert game.returncode in (0, 130), game.returncode
    assert "Saved game 'q'" in out or "interrupted; the game is saved" in err, (out, err)
    save = saves.read(tmp_path / "q.toml")
    assert saves.restore(save).game.digest() == save.digest
