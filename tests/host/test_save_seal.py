"""Every save sealed with the player's key (issue 41): an edit recomputed with the unkeyed
hash that `seal_of` was (anyone can recompute it) is refused by `show`, `resume`, `replay` and
`stats`; `stats` reads the replayed game, never the file's summary; a save sealed elsewhere
(a finished game shared with you) is checked by replay alone and counted apart; and saves
written before (format 3, unkeyed) still load, counted apart once they are in clear."""

from __future__ import annotations

import hashlib
import json
import tomllib

import pytest
import tomli_w

from rftg_cli import saves
from tests.cli_helpers import one_line_error, random_seats_saving_in, rftg


@pytest.fixture(autouse=True)
def folder(monkeypatch, tmp_path):
    random_seats_saving_in(monkeypatch, tmp_path)
    return tmp_path


def unkeyed_seal(data: dict, fmt: int) -> str:
    """The seal as rftg computed it up to format 3, an unkeyed sha256 anyone recomputes (what
    `saves.seal_of` returned): the forger's tool."""
    part = {"format": fmt, "config": data["config"], "seats": data["seats"],
            "seed": data["seed"], "answers": data["answers"], "digest": data["digest"],
            "undos": data["undos"]}
    if fmt >= saves.KEYED_FORMAT:
        part["unkeyed"] = data.get("unkeyed", False)
    text = json.dumps(part, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def forged(path, change, fmt: int | None = None) -> None:
    """Edit a save in clear, then reseal it with the unkeyed hash (as format `fmt`)."""
    data = tomllib.loads(path.read_text())
    change(data)
    data["format"] = fmt or data["format"]
    if data["format"] < saves.KEYED_FORMAT:
        data.pop("key", None)
        data.pop("unkeyed", None)
    data["seal"] = unkeyed_seal(data, data["format"])
    path.write_text(tomli_w.dumps(data))


def finish(name: str, *args: str, first: str = "") -> None:
    assert rftg("new", "--name", name, "--ai", "1", *args,
                input=first + "\n" * 4000).exit_code == 0


def digest_of(data: dict) -> str:
    config = saves.Save(name="x", config=data["config"], seats=data["seats"],
                        seed=data["seed"]).game_config()
    return saves.replay_text(config, data["seed"], data["answers"]).game.digest()


def cut(data: dict) -> None:
    data["answers"] = data["answers"][:-5]
    data["digest"] = digest_of(data)
    data["status"] = saves.IN_PROGRESS


EDITS = {
    "undos erased": lambda d: d.update(undos=[]),
    "seats swapped": lambda d: d.update(seats=d["seats"][::-1]),
    "ai level lowered": lambda d: d["config"].update(ai_level="fast"),
    "answers cut, digest recomputed": cut,
}


@pytest.mark.parametrize("edit", list(EDITS), ids=list(EDITS))
def test_an_edit_resealed_with_the_unkeyed_hash_is_refused_everywhere(folder, edit):
    finish("f", "--seed", "5", first="\n" * 4 + "undo\n")
    path = folder / "f.toml"
    forged(path, EDITS[edit])
    before = path.read_bytes()
    for command in ("show", "resume", "replay"):
        assert "seal does not match" in one_line_error(rftg(command, "f"))
    data = json.loads(rftg("stats", "--json").stdout)
    assert data["finished"] == 0 and not data["history"] and not data["unkeyed"]
    assert data["unreadable"] + data["running"] == 1      # a cut game says it runs
    assert path.read_bytes() == before


def test_a_running_game_with_its_ai_level_edited_is_refused(folder):
    """A running game's AI seat changed to a `random` seat passed `resume`."""
    rftg("new", "--seed", "3", "--name", "r", "--ai", "1", input="\n" * 4)
    path = folder / "r.toml"
    forged(path, lambda d: d.update(seats=["human", "random"]))
    assert "seal does not match" in one_line_error(rftg("resume", "r"))


def test_stats_counts_the_replayed_game_not_the_summary(folder):
    """An edited `summary.winners` counted as a win, `undos = []` as undo-free."""
    finish("lost", "--seed", "5")
    path = folder / "lost.toml"
    truth = json.loads(rftg("stats", "--json").stdout)["history"][0]
    data = tomllib.loads(path.read_text())
    data["summary"]["winners"] = ["You"]
    data["summary"]["players"][0]["score"] = 99
    path.write_text(tomli_w.dumps(data))            # the summary is outside the seal
    after = json.loads(rftg("stats", "--json").stdout)["history"][0]
    assert after == truth


def test_a_save_downgraded_to_the_old_format_is_never_counted_as_yours(folder):
    """Forged as format 3, the seal is the old unkeyed one: the game loads, but `stats`
    counts it apart, `show` says so, and resuming it keeps it apart for good."""
    rftg("new", "--seed", "3", "--name", "r", "--ai", "1", input="\n" * 4)
    forged(folder / "r.toml", EDITS["seats swapped"], fmt=3)
    shown = rftg("show", "r")
    assert shown.exit_code == 0 and "Not sealed with your key" in shown.output
    assert rftg("resume", "r", input="\n" * 4000).exit_code == 0
    after = saves.read(folder / "r.toml")
    assert after.format == saves.FORMAT and after.unkeyed and after.status == saves.FINISHED
    data = json.loads(rftg("stats", "--json").stdout)
    assert data["finished"] == 0 and [r["games"] for r in data["unkeyed"]] == [1]
    forged(folder / "r.toml", lambda d: d.pop("unkeyed"))        # and the flag is sealed
    assert "seal does not match" in one_line_error(rftg("show", "r"))


def as_main_wrote_it(path, *, hidden: bool = False) -> None:
    """A save as today's main (c5d9a77) writes it: format 3, no key for a game in clear,
    the unkeyed seal."""
    data = tomllib.loads(path.read_text())
    data["format"] = 3
    data.pop("unkeyed", None)
    if not hidden:
        data.pop("key")
    data["seal"] = unkeyed_seal(data, 3)
    path.write_text(tomli_w.dumps(data))


def test_saves_written_by_the_previous_format_still_load(folder):
    finish("old", "--seed", "5")
    rftg("new", "--seed", "3", "--name", "going", input="\n" * 4)
    for name in ("old", "going"):
        as_main_wrote_it(folder / f"{name}.toml")
    assert rftg("show", "old").exit_code == 0
    assert rftg("replay", "old", "--step", "3").exit_code == 0
    data = json.loads(rftg("stats", "--json").stdout)
    assert data["unreadable"] == 0 and [r["games"] for r in data["unkeyed"]] == [1]
    assert rftg("resume", "going", input="\n" * 3 + "quit\n").exit_code == 0
    rewritten = saves.read(folder / "going.toml")
    assert rewritten.format == saves.FORMAT and rewritten.unkeyed
    saves.restore(rewritten)


def test_a_hidden_deal_of_the_previous_format_stays_yours(folder, monkeypatch):
    """A running game whose deal was hidden: its old seal covers the hidden seed, which only
    the key reveals, so nobody without the key could have forged it."""
    assert rftg("new", "--name", "h", "--ai", "1", input="\n" * 4).exit_code == 0
    path = folder / "h.toml"
    save = saves.read(path)
    saves.restore(save)
    save.format = 3
    save.seal = saves.seal_of(save)
    data = tomllib.loads(path.read_text())
    data.update(format=3, seal=save.seal)
    path.write_text(tomli_w.dumps(data))
    assert rftg("resume", "h", input="\n" * 4000).exit_code == 0
    after = saves.read(path)
    assert after.format == saves.FORMAT and not after.unkeyed
    assert [r["games"] for r in json.loads(rftg("stats", "--json").stdout)["records"]] == [1]


def test_a_finished_game_shared_by_another_player_is_checked_by_replay(folder, tmp_path,
                                                                       monkeypatch):
    finish("theirs", "--seed", "5")
    rftg("new", "--seed", "3", "--name", "running", input="\n" * 4)
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path / "my-data"))    # another player's key
    shown = rftg("show", "theirs")
    assert shown.exit_code == 0 and "Not sealed with your key" in shown.output
    assert json.loads(rftg("show", "theirs", "--json").stdout)["sealed_with_your_key"] is False
    assert rftg("replay", "theirs", "--step", "2").exit_code == 0
    assert "resumed only where it was sealed" in one_line_error(rftg("resume", "running"))
    data = json.loads(rftg("stats", "--json").stdout)
    assert data["finished"] == 0 and [r["games"] for r in data["unkeyed"]] == [1]
    # Edited there, it fails the replay: the digest is the final position's.
    path = folder / "theirs.toml"
    text = tomllib.loads(path.read_text())
    text["answers"] = text["answers"][:-1]
    path.write_text(tomli_w.dumps(text))
    assert "digest" in one_line_error(rftg("show", "theirs"))


def test_a_seeded_game_without_a_usable_key_is_refused_before_it_starts(folder, tmp_path,
                                                                        monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path / "file" / "data"))
    line = one_line_error(rftg("new", "--seed", "3", "--name", "s", input="\n" * 3))
    assert "cannot read the key" in line and "--seed N" not in line
    assert not (folder / "s.toml").exists()
