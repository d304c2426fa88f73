"""Seeded random games for 2, 3 and 4 players, checking the rules' invariants throughout."""

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.engine.round import hand_limit

from tests.helpers import check_invariants, play_random

GAMES = 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants_and_end(players):
    hand_checks = 0

    def check(game):
        nonlocal hand_checks
        hand_checks += check_invariants(game)

    for seed in range(GAMES // players):
        game = play_random(GameConfig(players=players), seed, check)
        assert game.over and game.phase == "over"
        assert game.round < 60
        for i in range(players):
            assert len(game.players[i].hand) <= hand_limit(game, i)
    assert hand_checks > GAMES // players      # checked in every game, not vacuously


def test_the_hand_limit_invariant_catches_a_hand_kept_over_the_limit():
    """The check itself: a hand of 11 while the next round's actions are chosen fails it."""
    game = play_random(GameConfig(players=2), 1)
    game.over, game.phase, game.round = False, "action", 2
    deck = game.deck + game.discard_pile
    for p in game.players:
        deck += p.hand
        p.hand = []
    game.deck, game.discard_pile = deck[11:], []
    game.players[0].hand = deck[:11]
    game.players[1].hand = []
    with pytest.raises(AssertionError, match="kept too many cards"):
        check_invariants(game)
    game.deck += game.players[0].hand[10:]
    del game.players[0].hand[10:]
    assert check_invariants(game) is True


def test_same_seed_and_answers_give_the_same_game():
    a = play_random(GameConfig(players=3), 42)
    b = play_random(GameConfig(players=3), 42)
    assert a.history == b.history
    assert a.digest() == b.digest()
    c = play_random(GameConfig(players=3), 43)
    assert c.digest() != a.digest()


def test_first_game_uses_start_worlds_one_to_n_and_preset_hands():
    from tests.helpers import registry
    from rftg_cli.plugins import new_game

    game = new_game(GameConfig(players=3, first_game=True), 5, registry=registry())
    starts = [game.design[p.tableau[0]].name for p in game.players]
    assert starts == ["Epsilon Eridani", "Alpha Centauri", "New Sparta"]
    hand = sorted(game.name(c) for c in game.players[1].hand)
    assert hand == sorted(["Expedition Force", "Mining Robots", "Rebel Miners", "Comet Zone"])
    # Alpha Centauri is a windfall world: it starts with a good.
    assert game.players[1].tableau[0] in game.players[1].goods
