"""The dice game's learned judgement (`judge`), what the search does with it, and its
training (`python tools/train_ai.py --roll`). How much it adds is measured in games
(docs/roll-ai.md), not here."""

from __future__ import annotations

import tomllib

import pytest

from rftg_cli.expansions.roll import judge
from rftg_cli.expansions.roll.ai import RollAI
from rftg_cli.expansions.roll.search import WIN_BONUS, margin, play_out, worth

from tests.helpers import train_ai
from tests.roll.roll_helpers import new_game


def at_round(players: int, seed: int, round_: int):
    game = new_game(players, seed)
    quick = RollAI(seed)
    while game.round < round_:
        game.apply(quick.choose(game, game.pending))
    return game


@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_seat_with_more_dice_and_credits_is_foreseen_to_score_more(players):
    game = at_round(players, 4, 3)
    before, _ = judge.foresee(game)
    richer = game.copy()
    p = richer.players[0]
    for colour in ("white", "white"):
        assert richer.take_supply(colour)
        p.cup.append(colour)
    p.credits += 3
    after, _ = judge.foresee(richer)
    assert after[0] > before[0] + 1.0
    assert after[1:] == before[1:]          # the others' foresight does not move


def test_the_rounds_left_shrink_as_the_pool_runs_dry():
    game = at_round(2, 5, 2)
    later = game.copy()
    later.pool = 3
    assert judge.rounds_left(later) < judge.rounds_left(game) - 2
    assert judge.rounds_left(game) > 5       # round 2 of a game that lasts 10 or more


def test_a_far_ahead_seat_is_judged_a_near_certain_winner():
    game = at_round(1, 6, 5)
    game.players[0].vp += 40
    value = judge.judge(game, 0, WIN_BONUS)
    finals, _ = judge.foresee(game)
    assert value == pytest.approx(finals[0] - finals[1] + WIN_BONUS, abs=0.05)


def test_the_look_ahead_stops_at_the_first_decision_of_the_round_asked():
    game = at_round(2, 7, 2)
    trial = game.copy()
    play_out(trial, RollAI(1), until_round=game.round + 1)
    assert not trial.over and trial.round == game.round + 1
    assert trial.pending is not None and trial.pending.kind == "assign"
    assert worth(trial, 0) == judge.judge(trial, 0, WIN_BONUS)
    play_out(trial, RollAI(1))
    assert trial.over and worth(trial, 0) == margin(trial, 0)


def test_train_ai_roll_writes_a_model_the_judgement_can_read(tmp_path, monkeypatch, capsys):
    out = tmp_path / "judge.toml"
    code, printed = train_ai(capsys, "--roll", "--difficulty", "all", "--games", "8",
                             "--seed", "3", "--out", str(out))
    assert code == 0, printed
    model = tomllib.loads(out.read_text())
    assert model["settings"] == ["normal", "advanced", "expert", "professional"]
    assert len(model["left"]) == len(judge.PACE) + 2
    assert len(model["player"]) == 3 + 2 * len(judge.PLAYER)
    assert len(model["bot"]) == 3 + 2 * len(judge.BOT)
    assert model["positions"] > 16          # 16 games, a position each round
    monkeypatch.setattr(judge, "model", lambda: model)
    finals, left = judge.foresee(at_round(1, 8, 2))
    assert left > 0 and len(finals) == 2


def test_train_ai_roll_refuses_a_level_in_one_line(capsys):
    """The dice game learns what its quick play brings: there is no level to choose."""
    code, printed = train_ai(capsys, "--roll", "--ai-level", "strong")
    assert code == 2
    assert len(printed.strip().splitlines()) == 1


def test_strong_judges_two_rounds_on_and_says_so():
    from rftg_cli.expansions.roll.search import LEVELS, RollLevel, RollSearch
    from rftg_cli.players.why import why_lines

    assert LEVELS["strong"].horizon == 2 and LEVELS["normal"].horizon == 1
    game = at_round(1, 9, 2)
    seat = RollSearch(3, RollLevel("test", games=12, most=4, horizon=2))
    while seat.last_why is None or seat.last_why.options[0][1] is None:
        game.apply(seat.choose(game, game.pending))
    text = "\n".join(why_lines(game, seat.last_why, "AI"))
    assert "to the start of the round after next, judged there" in text
