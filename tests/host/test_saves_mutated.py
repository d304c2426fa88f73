"""The damaged-save corpus (issue 41's attack ran 4,960 mutated saves through 4 commands):
a real save with random damage (bytes flipped, lines cut, doubled or swapped, values
replaced) goes through `show`, `replay`, `stats` and `resume`; each reads it or refuses it
in one line, never a traceback, and a refused file is left byte for byte.

A few dozen mutations run by default; `RFTG_FUZZ_SAVES=5000` runs the long form."""

from __future__ import annotations

import os
import random

import pytest

from tests.cli_helpers import random_seats_saving_in, rftg

MUTATIONS = int(os.environ.get("RFTG_FUZZ_SAVES", "24"))
COMMANDS = [("show", "m"), ("replay", "m", "--step", "2"), ("stats",), ("resume", "m")]
VALUES = [b"1", b"-1", b"2024-01-01", b"07:32:00", b"1979-05-27T07:32:00Z", b"[]", b"{}",
          b'""', b"true", b"nan", b"1e999", b"9" * 40, b'"\\u001b[2J"', b"[[[[[]]]]]",
          b"{ a = { b = 1 } }", b'"' + b"x" * 5000 + b'"']


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    """A running game's save (with an undo) and the player's data folder that sealed it."""
    folder = tmp_path_factory.mktemp("mutated")
    with pytest.MonkeyPatch.context() as mp:
        random_seats_saving_in(mp, folder)
        mp.setenv("RFTG_DATA_DIR", str(folder / "data"))
        assert rftg("new", "--seed", "4", "--name", "m", "--ai", "1",
                    input="\n" * 5 + "undo\n" + "\n" * 3).exit_code == 0
    return (folder / "m.toml").read_bytes(), folder / "data"


def mutate(text: bytes, rng: random.Random) -> bytes:
    lines = text.split(b"\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0 and lines[i]:                       # a byte changed
            at = rng.randrange(len(lines[i]))
            line = bytearray(lines[i])
            line[at] = rng.randrange(256)
            lines[i] = bytes(line)
        elif kind == 1:                                  # a line dropped
            del lines[i]
        elif kind == 2:                                  # a line doubled
            lines.insert(i, lines[i])
        elif kind == 3:                                  # two lines swapped
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 4 and b" = " in lines[i]:           # a value replaced
            key = lines[i].split(b" = ", 1)[0]
            lines[i] = key + b" = " + rng.choice(VALUES)
        else:                                            # cut short
            lines = lines[: i + 1]
            lines[-1] = lines[-1][: rng.randrange(len(lines[-1]) + 1)]
        if not lines:
            lines = [b""]
    return b"\n".join(lines)


def test_mutated_saves_are_read_or_refused_in_one_line(good, tmp_path, monkeypatch):
    text, data = good
    random_seats_saving_in(monkeypatch, tmp_path)
    monkeypatch.setenv("RFTG_DATA_DIR", str(data))
    path = tmp_path / "m.toml"
    rng = random.Random(41)
    refused = 0
    for n in range(MUTATIONS):
        damaged = mutate(text, rng)
        for command in COMMANDS:
            path.write_bytes(damaged)
            result = rftg(*command, input="quit\n")
            where = (n, command, damaged[:200])
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                where, result.exception)
            assert result.exit_code in (0, 2), (where, result.output[-500:])
            if result.exit_code == 2:
                refused += 1
                lines = result.stderr.strip().splitlines()
                assert len(lines) == 1 and len(lines[0]) < 600, (where, result.stderr[:800])
                assert path.read_bytes() == damaged, where
    assert refused > 0
