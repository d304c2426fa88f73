"""Damaged and edited saves (issues 14 and 16): every field is checked against the schema
before anything is replayed, and the game-defining part is sealed, so each case below is
refused in one line naming the problem, exit 2, with the file left byte for byte as it was;
`rftg saves` lists what it cannot read as unreadable instead of crashing.

The property test below tries 150 values by default; `RFTG_FUZZ_EXAMPLES=N` tries N (the
long form, with the play fuzz's `RFTG_FUZZ_GAMES`)."""

from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.players.seat import RandomSeat


@pytest.fixture(autouse=True)
def fast_seats(monkeypatch, tmp_path):
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input)


@pytest.fixture(scope="module")
def player_data(tmp_path_factory) -> Path:
    """The player's data folder, with the key that seals the good save."""
    return tmp_path_factory.mktemp("data")


@pytest.fixture(autouse=True)
def same_player(monkeypatch, player_data):
    monkeypatch.setenv("RFTG_DATA_DIR", str(player_data))


@pytest.fixture(scope="module")
def good_save(tmp_path_factory, player_data) -> str:
    """The text of a real save of a game under way (human and AI seats, one undo)."""
    folder = tmp_path_factory.mktemp("good")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
        mp.setenv("RFTG_SAVE_DIR", str(folder))
        mp.setenv("RFTG_DATA_DIR", str(player_data))
        assert rftg("new", "--ai", "1", "--seed", "6", "--name", "d",
                    input="\n" * 6 + "undo\n" + "\n" * 6).exit_code == 0
    text = (folder / "d.toml").read_text()
    assert saves.read(folder / "d.toml").status == saves.IN_PROGRESS
    assert len(saves.read(folder / "d.toml").undos) == 1
    return text


def edit(change):
    """A damage made by editing the parsed save and writing it back as TOML."""
    def damage(text: str) -> str:
        data = tomllib.loads(text)
        change(data)
        return tomli_w.dumps(data)
    return damage


def sub(pattern: str, replacement: str):
    def damage(text: str) -> str:
        out, n = re.subn(pattern, replacement, text, count=1, flags=re.MULTILINE)
        assert n == 1, pattern
        return out
    return damage


def first_answer(value: str):
    """The first answer's line replaced by raw TOML."""
    return sub(r"^answers = \[\n    .*,$", f"answers = [\n    {value},")


def setter(*keys, value):
    def change(data):
        target = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return edit(change)


OLD_FORMAT = """format = 1
program = "0.1.0"
name = "old"
status = "in_progress"
seed = 6
seats = ["human", "ai"]
digest = "0123456789abcdef"
answers = [[33, "pay", []], [4, 7]]

[config]
players = 2
names = ["You", "AI"]
"""

CASES = [
    # the schema, issue 14's list first
    ("expansions = 3", setter("config", "expansions", value=3), "config.expansions"),
    ("names = [1, 2]", setter("config", "names", value=[1, 2]), "config.names[0]"),
    ("options = 'x'", setter("config", "options", value="x"), "config.options"),
    ("players = '2'", setter("config", "players", value="2"), "config.players"),
    ("players = 99", setter("config", "players", value=99), "config.players"),
    ("first_game = 1", setter("config", "first_game", value=1), "config.first_game"),
    ("an option's value", setter("config", "options", value={"difficulty": 3}),
     "config.options.difficulty"),
    ("a float answer", first_answer("1.5"), "answers[0]"),
    ("a table answer", first_answer("{ a = 1 }"), "answers[0]"),
    ("an answer of numbers", first_answer("[33, 'pay', []]"), "answers[0]"),
    ("deeply nested arrays", first_answer("[" * 60 + "]" * 60), "answers[0]"),
    ("nesting deeper than the parser goes", first_answer("[" * 100_000 + "]" * 100_000),
     "nested too deeply"),
    ("a 1 MB answer", setter("answers", value=["x" * 1_000_000]), "answers[0]"),
    ("too many answers", setter("answers", value=["pass"] * (saves.MAX_ANSWERS + 1)),
     "answers"),
    ("seed = '6'", setter("seed", value="6"), "'seed'"),
    ("a huge seed", setter("seed", value=2**70), "'seed'"),
    ("an unknown seat kind", setter("seats", value=["human", "robot"]), "seats[1]"),
    ("a seat too many", setter("seats", value=["human", "ai", "ai"]), "seats"),
    ("status = 'won'", setter("status", value="won"), "status"),
    ("no undos", edit(lambda data: data.pop("undos")), "undos"),
    ("undos = [-1]", setter("undos", value=[-1]), "undos[0]"),
    ("a game id of numbers", setter("game", value=7), "'game'"),
    ("a name with a path", setter("name", value="../evil"), "'name'"),
    ("a name with a newline", setter("name", value="d\n"), "'name'"),
    ("digest = 7", setter("digest", value=7), "digest"),
    ("no seal", edit(lambda data: data.pop("seal")), "seal"),
    ("summary = 'x'", setter("summary", value="x"), "summary"),
    ("summary players", setter("summary", "players", value=[1]), "summary.players[0]"),
    ("a summary score", setter("summary", "round", value="2"), "summary.round"),
    ("format = '2'", setter("format", value="2"), "no format version"),
    ("format 1", lambda text: OLD_FORMAT, "format 1"),
    ("too big a file", lambda text: text + "#" * saves.MAX_FILE_BYTES, "too big"),
    # the seal (issue 16): valid values, but not the game rftg wrote
    ("seats swapped", setter("seats", value=["ai", "human"]), "seal"),
    ("another seed", setter("seed", value=-6), "seal"),
    ("another name", setter("config", "names", value=["You", "Bob"]), "seal"),
    ("an expansion added", setter("config", "expansions", value=["expert"]), "seal"),
    ("the first-game deal", setter("config", "first_game", value=True), "seal"),
    ("an option added", setter("config", "options", value={"bigger-pool": "on"}), "seal"),
    ("an undo hidden", setter("undos", value=[]), "seal"),
    ("an undo added", setter("undos", value=[0]), "seal"),
    ("an answer changed", setter("answers", value=["pass"]), "seal"),
    ("an answer dropped", edit(lambda data: data["answers"].pop()), "seal"),
    ("the digest changed", sub(r'^digest = "\w+"', 'digest = "0123456789abcdef"'), "digest"),
    # derived from the replay
    ("status finished too early", setter("status", value="finished"), "status"),
]


@pytest.mark.parametrize("command", ["resume", "show"])
@pytest.mark.parametrize("damage, words", [pytest.param(d, w, id=i) for i, d, w in CASES])
def test_a_damaged_save_is_refused_in_one_line_and_left_alone(tmp_path, good_save, command,
                                                              damage, words):
    path = tmp_path / "d.toml"
    path.write_text(damage(good_save))
    before = path.read_bytes()
    result = rftg(command, "d")
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 400, result.stderr[:1000]
    assert str(path) in lines[0] and words in lines[0]
    assert "Traceback" not in result.output
    assert path.read_bytes() == before
    listing = rftg("saves", "--json")   # never a crash, whatever the file holds
    assert listing.exit_code == 0


def test_the_good_save_itself_resumes(tmp_path, good_save):
    (tmp_path / "d.toml").write_text(good_save)
    assert rftg("show", "d").exit_code == 0
    assert rftg("resume", "d", input="quit\n").exit_code == 0


def test_saves_lists_a_dangling_link_and_a_damaged_file_as_unreadable(tmp_path, good_save):
    (tmp_path / "d.toml").write_text(good_save)
    (tmp_path / "ghost.toml").symlink_to(tmp_path / "gone.toml")
    (tmp_path / "bad.toml").write_text(setter("config", "names", value=[1, 2])(good_save))
    (tmp_path / "loop.toml").symlink_to(tmp_path / "loop.toml")
    rows = {r["name"]: r for r in json.loads(rftg("saves", "--json").output)}
    assert rows["d"]["status"] == "in_progress"
    for name in ("ghost", "bad", "loop"):
        assert rows[name]["status"] == "unreadable"
        assert len(rows[name]["error"].splitlines()) == 1
    assert "no such save" in rows["ghost"]["error"]
    table = rftg("saves")
    assert table.exit_code == 0 and "unreadable" in table.output
    result = rftg("resume", "ghost")
    assert result.exit_code == 2 and "no such save" in result.stderr
    assert (tmp_path / "ghost.toml").is_symlink()


FIELDS = [("format",), ("program",), ("name",), ("game",), ("status",), ("created",),
          ("seed",), ("undos",), ("hidden",), ("key",),
          ("seats",), ("digest",), ("seal",), ("answers",), ("config",), ("summary",),
          ("config", "players"), ("config", "names"), ("config", "expansions"),
          ("config", "first_game"), ("config", "options"), ("summary", "round"),
          ("summary", "players"), ("summary", "winners"), ("config", "ai_level"),
          ("config", "when"), ("when",)]
EXAMPLES = int(os.environ.get("RFTG_FUZZ_EXAMPLES", "150"))
# Every TOML type: dates and times too (issue 41: a date reached the seal's JSON).
TOML_VALUES = st.recursive(
    st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.dates() | st.times() | st.datetimes(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=10)


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(FIELDS), value=st.none() | TOML_VALUES)
def test_any_value_in_any_field_is_read_or_refused_in_one_line(good_save, field, value):
    data = tomllib.loads(good_save)
    target = data
    for key in field[:-1]:
        target = target[key]
    if value is None:
        target.pop(field[-1], None)
    else:
        target[field[-1]] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.toml"
        path.write_text(tomli_w.dumps(data))
        try:
            saves.restore(saves.read(path))
        except saves.SaveError as exc:
            assert len(str(exc).splitlines()) == 1
        assert dict(saves.list_saves(Path(folder)))[path] is not None
