"""`rftg replay` reads what is typed as the play loop does (issue 41): '²', '³', '①', a
number of more than 4,300 digits and bytes that are not UTF-8 raised a traceback; now they
are lines it does not understand, and the hostile corpus of the play fuzz
(`test_input_fuzz`) goes through it too (`RFTG_FUZZ_GAMES=300` for the long form)."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from tests.cli_helpers import random_seats_saving_in, rftg
from tests.host.test_input_fuzz import FUZZ_GAMES, NASTY, junk_script


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replay")
    with pytest.MonkeyPatch.context() as mp:
        random_seats_saving_in(mp, folder)
        assert rftg("new", "--seed", "3", "--name", "g", "--ai", "1",
                    input="\n" * 12).exit_code == 0
    return folder


def replay(folder, data: bytes):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RFTG_SAVE_DIR", str(folder))
        return rftg("replay", "g", input=data)


@pytest.mark.parametrize("line", ["²", "³", "①", "9" * 4301, "0" * 5000 + "2", "٣", "-1"])
def test_odd_numbers_are_read_or_not_understood(folder, line):
    result = replay(folder, f"{line}\nq\n".encode())
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "Unknown key" in result.output or "[step " in result.output


def test_a_number_in_another_script_goes_to_that_step(folder):
    assert "[step 3/" in replay(folder, "٣\nq\n".encode()).output


def test_bytes_that_are_not_utf8_in_a_real_pipe(folder):
    # PYTHONIOENCODING: strict UTF-8 whatever locale this machine has installed.
    env = {**os.environ, "RFTG_SAVE_DIR": str(folder), "PYTHONIOENCODING": "utf-8:strict",
           "RFTG_PLUGINS_DIR": str(folder / "none")}
    result = subprocess.run([sys.executable, "-c", "from rftg_cli.cli import main; main()",
                             "replay", "g"], input=b"\xff\xfe\n\x80x\nq\n",
                            capture_output=True, env=env, timeout=120, check=False)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    assert b"Traceback" not in result.stderr and b"Unknown key" in result.stdout


def test_the_play_fuzz_corpus_through_replay(folder):
    lines = "\n".join(NASTY).encode("utf-8", "surrogatepass") + b"\nq\n"
    result = replay(folder, lines)
    assert result.exit_code == 0 and result.exception is None, result.output[-2000:]
    for n in range(FUZZ_GAMES):
        result = replay(folder, junk_script(random.Random(n)))
        assert result.exit_code == 0 and result.exception is None, (n, result.output[-2000:])
