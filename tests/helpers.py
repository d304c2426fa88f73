"""Shared test helpers: play games with seeded random answers, find every card's place."""

from __future__ import annotations

from rftg_cli.config import GameConfig
from rftg_cli.race.engine import Game
from rftg_cli.race.engine.round import hand_limit
from rftg_cli.plugins import make_registry, new_game
from rftg_cli.rng import Rng

REGISTRY = None


def registry():
    global REGISTRY
    if REGISTRY is None:
        REGISTRY = make_registry(plugins_dir=False)
    return REGISTRY


def random_answer(decision, rng: Rng):
    if decision.count is None:
        return rng.choice(decision.options)
    low, high = decision.count
    return rng.sample(decision.options, rng.randint(low, high))


def every_card_place(game: Game) -> list[int]:
    places = list(game.deck) + list(game.discard_pile)
    for p in game.players:
        places += p.hand + p.tableau + list(p.goods.values()) + p.explore_seen + p.start_worlds
    for value in game.extra.values():      # expansion seats that hold cards (the robot)
        cards = getattr(value, "cards", None)
        if callable(cards):
            places += list(cards())
    return places


def check_invariants(game):
    places = every_card_place(game)
    assert sorted(places) == list(range(len(game.design))), "a card is lost or in two places"
    assert game.pool >= 0
    for p in game.players:
        assert set(p.goods) <= set(p.tableau), "a good sits on a card outside the tableau"
        designs = [game.design[c] for c in p.tableau]
        devs = [d.id for d in designs if d.is_development]
        assert len(devs) == len(set(devs)), "two copies of one development in a tableau"
    if game.phase == "action" and game.round > 1:
        # Rulebook « FIN DE TOUR »: hands are limited to 10 at the end of each round (12 with
        # a card that says so); choosing actions draws nothing, so while the next round's
        # actions are chosen every hand is still within its limit, but for the card the sole
        # Prestige leader draws « au début de chaque tour, avant de choisir » (BoW).
        leader = getattr(game.extra.get("prestige"), "leader", -1)
        for i, p in enumerate(game.players):
            takes_discards = any("take_discards" in game.design[c].specials for c in p.tableau)
            assert takes_discards or len(p.hand) <= hand_limit(game, i) + (i == leader), \
                f"{p.name} kept too many cards"   # Retrofit & Salvage may exceed it
        return True
    return False


def play_random(config: GameConfig, seed: int, check=None, record: bool = False) -> Game:
    game = new_game(config, seed, registry=registry(), record=record)
    rng = Rng(seed * 7919 + 1)
    while not game.over:
        if check:
            check(game)
        game.apply(random_answer(game.pending, rng))
    if check:
        check(game)
    return game


def missing_reference(why: str):
    """A converter test without its reference facts (a fresh clone has no shared/ beside
    it): skipped, saying why; on CI, where they are, their absence fails."""
    import os

    import pytest

    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


def train_ai(capsys, *args: str) -> tuple[int, str]:
    """`python tools/train_ai.py ARGS`, run in this process: (exit code, what it printed)."""
    from tools.train_ai import main

    code = main(list(args))
    printed = capsys.readouterr()
    return code, printed.out + printed.err


def transcribe(save, game, registry=None) -> None:
    """Give `save` the text of every answer of a game played outside a save, as the play
    loop keeps them (`saves.apply`): the answers replayed on a new game of its seed."""
    from rftg_cli import saves

    again = new_game(game.config, save.seed, registry=registry, record=False)
    for answer in game.history:
        saves.apply(save, again, answer)
    assert again.digest() == game.digest()
