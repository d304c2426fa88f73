"""The ruleset protocol's contract, checked on whole random games of any ruleset (after
OpenSpiel's random_sim_test). (This module holds no tests.)"""

from __future__ import annotations

import json

from rftg_cli.rng import Rng
from rftg_cli.ruleset import GameState


def check_decision(game: GameState, rng: Rng) -> None:
    decision = game.pending
    me = decision.player
    answers = game.legal_answers(200)
    assert answers, "a pending decision has legal answers"
    for answer in answers:
        text = game.answer_text(answer)
        assert game.parse_answer(text) == answer, f"{text!r} does not read back"
    before = game.digest()
    trial = game.copy()
    trial.apply(game.sample_answer(rng))
    assert game.digest() == before, "a copy shares nothing with the original"
    world = game.determinize(me, rng.spawn())
    assert world.view(me) == game.view(me), "determinizing keeps what the seat sees"
    json.dumps(game.view(me), default=repr)


def play_contract_game(create, seed: int, checks_every: int = 1) -> GameState:
    """Play one random game through the protocol only, checking the contract; then replay
    its history from the same seed and compare."""
    rng = Rng(seed)
    game = create(seed)
    n = 0
    while not game.over:
        if n % checks_every == 0:
            check_decision(game, rng)
        game.apply(game.sample_answer(rng))
        n += 1
    outcome = game.outcome()
    assert outcome.finished and outcome.winners
    again = create(seed)
    for answer in game.history:
        again.apply(answer)
    assert again.over and again.digest() == game.digest(), "same seed + answers, same game"
    return game
