"""One answer grammar (issue 36): the play loop records each answer's text form, read on the
live game before the answer is applied, so a decision's rules run once. Before, the save
replayed every answer on a second copy of the game (`Save._shadow`) to write its text: two
applies per decision."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.driver import TaskDriver
from rftg_cli.players.seat import RandomSeat


@pytest.fixture
def applies(monkeypatch, tmp_path):
    """Every `apply` of any game (the card game's and the dice game's driver), counted;
    random computer seats, which apply nothing of their own while they choose."""
    counted = []
    real = TaskDriver.apply

    def counting(self, answer, *, trusted=False):
        counted.append(answer)
        return real(self, answer, trusted=trusted)

    monkeypatch.setattr(TaskDriver, "apply", counting)
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    return counted


@pytest.mark.parametrize("args", [("--seed", "3", "--ai", "1"), ("--roll", "--seed", "1")],
                         ids=["card game", "dice game"])
def test_each_decision_of_a_played_game_is_applied_once(applies, tmp_path, args):
    played = CliRunner().invoke(app, ["new", *args, "--name", "g"], input="\n" * 4000)
    assert played.exit_code == 0, played.output
    save = saves.read(tmp_path / "g.toml")
    assert save.status == saves.FINISHED
    assert len(applies) == len(save.answers) > 20
    restored = saves.restore(save)        # the texts the live game wrote replay to its end
    assert restored.game.over and restored.game.digest() == save.digest


def test_a_game_played_past_its_save_is_refused_not_replayed(tmp_path):
    """The save writes only texts it kept as the answers were played: a game it never saw
    is refused in one line (no second copy of the game is played to write them)."""
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import new_game

    config = GameConfig(players=2, names=("You", "AI"))
    game = new_game(config, 5)
    game.apply(RandomSeat(5).choose(game, game.pending))
    save = saves.Save(name="x", config=config.to_dict(), seats=["human", "ai"], seed=5)
    with pytest.raises(saves.SaveError, match="not played through its save") as caught:
        saves.record(save, game, tmp_path / "x.toml")
    assert len(str(caught.value).splitlines()) == 1
    assert not (tmp_path / "x.toml").exists()
