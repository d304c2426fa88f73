"""Command-line values are data too (issue 14): a bad value, an unknown option or command is
one line on stderr and exit 2, through the real entry point (`rftg_cli.cli.main`), which is
what a player's shell runs."""

from __future__ import annotations

import subprocess
import sys

import pytest

MAIN = "import sys; from rftg_cli.cli import main; sys.argv[0] = 'rftg'; main()"


def rftg(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", MAIN, *args], capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("args, says", [
    (("new", "--seed", "²"), "rftg new: invalid value for '--seed'"),
    (("new", "--seed", "\x1b[2J"), "rftg new: invalid value for '--seed'"),
    (("new", "--ai", "9" * 5000), "rftg new: invalid value for '--ai'"),
    (("simulate", "--games", "-"), "rftg simulate: invalid value for '--games'"),
    (("nosuch",), "no such command 'nosuch'"),
])
def test_a_bad_command_line_is_one_line_and_exit_2(args, says):
    result = rftg(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and says in lines[0], lines
    assert "\x1b" not in result.stderr and "Traceback" not in result.stderr


def test_good_commands_keep_their_exit_codes():
    assert rftg("--version").returncode == 0
    assert rftg("cards", "Old Earth").returncode == 0
    missing = rftg("show", "no-such-save", "--save-dir", "/nonexistent-rftg-dir")
    assert missing.returncode == 2 and len(missing.stderr.splitlines()) == 1
