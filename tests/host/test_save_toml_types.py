"""Every TOML type in every field of a save (issue 41): a date under [config] ended `show`,
`resume` and `replay` in `TypeError: Object of type date is not JSON serializable`, a
datetime `ai_level` the same. Each field with each type is read or refused in one line, and
a refused file is left byte for byte."""

from __future__ import annotations

import datetime
import tomllib

import pytest
import tomli_w

from rftg_cli import saves
from tests.cli_helpers import one_line_error, random_seats_saving_in, rftg

VALUES = {
    "date": datetime.date(2024, 1, 1),
    "time": datetime.time(7, 32),
    "datetime": datetime.datetime(1979, 5, 27, 7, 32, tzinfo=datetime.UTC),
    "local datetime": datetime.datetime(1979, 5, 27, 7, 32),
    "array": [1, "a", [2]],
    "table": {"a": 1, "b": {"c": "d"}},
}


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    """A running game's save (an AI seat at its level, one undo) and the key it is sealed
    with."""
    folder = tmp_path_factory.mktemp("types")
    with pytest.MonkeyPatch.context() as mp:
        random_seats_saving_in(mp, folder)
        mp.setenv("RFTG_DATA_DIR", str(folder / "data"))
        assert rftg("new", "--seed", "3", "--name", "t", "--ai", "1",
                    input="\n" * 4 + "undo\n\n").exit_code == 0
    return tomllib.loads((folder / "t.toml").read_text()), folder / "data"


def every_field(data: dict) -> list[tuple[str, ...]]:
    out = [(key,) for key in data]
    out += [("config", key) for key in (*data["config"], "when", "ai_level")]
    out += [("summary", key) for key in (*data["summary"], "reason", "winners")]
    out += [("summary", "players", 0, key) for key in data["summary"]["players"][0]]
    return out


def with_value(data: dict, field: tuple, value) -> dict:
    data = tomllib.loads(tomli_w.dumps(data))     # a deep copy
    target = data
    for key in field[:-1]:
        target = target[key]
    target[field[-1]] = value
    return data


def test_every_field_with_every_type_is_read_or_refused_in_one_line(good, tmp_path,
                                                                    monkeypatch):
    data, key_folder = good
    monkeypatch.setenv("RFTG_DATA_DIR", str(key_folder))
    path = tmp_path / "t.toml"
    for field in every_field(data):
        for kind, value in VALUES.items():
            path.write_text(tomli_w.dumps(with_value(data, field, value)))
            try:
                saves.restore(saves.read(path))
            except saves.SaveError as exc:
                assert len(str(exc).splitlines()) == 1, (field, kind)
            else:
                # Only the readable summary (rebuilt from the replay) may hold anything.
                assert field[0] == "summary", (field, kind)
            assert saves.list_saves(tmp_path)[0][1] is not None


@pytest.mark.parametrize("field, kind", [(("config", "when"), "date"),
                                         (("config", "ai_level"), "datetime"),
                                         (("when",), "time"), (("config", "names"), "table")])
@pytest.mark.parametrize("command", ["show", "resume", "replay"])
def test_the_reported_cases_are_one_line_and_the_file_untouched(good, tmp_path, monkeypatch,
                                                               field, kind, command):
    data, key_folder = good
    random_seats_saving_in(monkeypatch, tmp_path)
    monkeypatch.setenv("RFTG_DATA_DIR", str(key_folder))
    path = tmp_path / "t.toml"
    path.write_text(tomli_w.dumps(with_value(data, field, VALUES[kind])))
    before = path.read_bytes()
    line = one_line_error(rftg(command, "t"))
    assert ".".join(field) in line and str(path) in line
    assert path.read_bytes() == before
    assert rftg("stats").exit_code == 0 and rftg("saves", "--json").exit_code == 0
