"""TOML saves: answers round-trip, atomic writes, replay with a digest check."""

from __future__ import annotations

import os

import pytest

from rftg_cli import saves
from rftg_cli.engine import GameConfig
from rftg_cli.players.seat import RandomSeat, play
from rftg_cli.plugins import new_game


def finished_game(seed: int = 7):
    config = GameConfig(players=2, names=("You", "AI"))
    game = new_game(config, seed)
    play(game, [RandomSeat(seed), RandomSeat(seed + 1)])
    return config, game


def test_answers_round_trip_through_toml(tmp_path):
    config, game = finished_game()
    save = saves.Save(name="r", config=config.to_dict(), seats=["human", "ai"], seed=7)
    saves.record(save, game, tmp_path / "r.toml")
    back = saves.read(tmp_path / "r.toml")
    assert all(isinstance(text, str) for text in back.answers)   # format 2: text forms
    restored = saves.restore(back)   # the texts are read against the replayed decisions
    assert restored.game.history == game.history
    assert all(type(a) is type(b) for a, b in zip(restored.game.history, game.history))
    assert back.status == saves.FINISHED and back.summary["winners"]
    assert restored.game.digest() == game.digest() and restored.game.over
    assert len(restored.movers) == len(game.history)


def test_inline_answers():
    assert saves.inline((3, "pay", ((1, 2),))) == '[3, "pay", [[1, 2]]]'
    assert saves.inline(()) == "[]"
    with pytest.raises(TypeError):
        saves.inline(1.5)


def test_a_failed_write_leaves_the_previous_save(tmp_path, monkeypatch):
    config, game = finished_game()
    path = tmp_path / "a.toml"
    save = saves.Save(name="a", config=config.to_dict(), seats=["human", "ai"], seed=7)
    saves.write(save, path)
    before = path.read_bytes()

    def killed(*args):
        raise KeyboardInterrupt   # as if the process died between write and rename

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        saves.record(save, game, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.toml"]


def test_locate_picks_the_latest_unfinished(tmp_path):
    config = GameConfig(players=2, names=("You", "AI"))
    for name, status, when in [("old", saves.IN_PROGRESS, "2024-01-01T00:00:00+00:00"),
                               ("new", saves.IN_PROGRESS, "2024-02-01T00:00:00+00:00"),
                               ("done", saves.FINISHED, "2024-03-01T00:00:00+00:00")]:
        save = saves.Save(name=name, config=config.to_dict(), seats=["human", "ai"], seed=1,
                          status=status, updated=when)
        saves.write(save, tmp_path / f"{name}.toml")
    assert saves.locate(tmp_path, None).name == "new.toml"
    assert saves.locate(tmp_path, "old") == tmp_path / "old.toml"
