"""The cards a seat keeps in a round's Explore are in its state (`PlayerState.kept`), not
read back from the log's words: a payment default spends them last after a resume or an
undo too, and a save's digest does not hold them (saves from before still resume)."""

from __future__ import annotations

from rftg_cli import saves
from rftg_cli.players.seat import RandomSeat
from rftg_cli.race.options import default_answer

from tests.helpers import transcribe
from tests.race.test_table_screen import robot_game


def at_first_payment(seed: int = 6):
    """Seed 6: round 1, you keep Space Mercenaries in Explore and then pay for a card; a
    default blind to what was kept would pay with it."""
    game = robot_game(seed)
    seat = RandomSeat(seed)
    while not (game.pending.kind == "pay" and game.pending.player == 0):
        game.apply(seat.choose(game, game.pending))
    return game


def test_the_explore_keep_is_kept_until_the_next_round():
    game = at_first_payment()
    p = game.players[0]
    assert [game.name(c) for c in p.kept] == ["Space Mercenaries"]
    kept = p.kept[0]
    assert kept in p.hand and kept not in default_answer(game, game.pending)
    seat = RandomSeat(1)
    while game.round == 1:
        game.apply(seat.choose(game, game.pending))
    assert game.pending.kind == "action" and game.players[0].kept == ()


def test_a_resumed_game_still_pays_with_the_card_kept_this_round_last(tmp_path):
    game = at_first_payment()
    kept = game.players[0].kept[0]
    save = saves.Save(name="k", config=game.config.to_dict(), seats=["human"], seed=6)
    transcribe(save, game)
    saves.record(save, game, tmp_path / "k.toml")
    resumed = saves.restore(saves.read(tmp_path / "k.toml")).game
    assert resumed.digest() == game.digest()
    assert resumed.players[0].kept == (kept,)
    assert kept not in default_answer(resumed, resumed.pending)
    assert default_answer(resumed, resumed.pending) == default_answer(game, game.pending)


def test_an_undo_rebuilds_the_cards_kept_this_round():
    game = at_first_payment()
    kept = game.players[0].kept
    undone = saves.replay(game.config, 6, game.history[:-1]).game
    redone = saves.replay(game.config, 6, game.history, record=False).game
    assert undone.players[0].kept == kept and redone.players[0].kept == kept
    assert kept[0] not in default_answer(redone, redone.pending)


def test_the_digest_does_not_hold_the_cards_kept():
    game = at_first_payment()
    digest = game.digest()
    game.players[0].kept = ()
    assert game.digest() == digest
