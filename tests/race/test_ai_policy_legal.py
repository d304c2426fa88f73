"""The quick play's answers are legal by construction: every answer `policy_answer` gives is
one of the decision's options (a pick: distinct candidates, as many as allowed, sorted), in
the canonical form `Decision.check` returns. This is what lets the search play its simulated
games with `apply(trusted=True)` (`ai_search.play_out`): an answer nobody checks must be
legal already. Seeded whole games of every card set and rule option, every seat the quick
play, every answer checked; `RFTG_POLICY_GAMES` sets the games per set (the big run)."""

from __future__ import annotations

import os

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.ai.policy import policy_answer
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import registry

GAMES = int(os.environ.get("RFTG_POLICY_GAMES", "2"))
# A safety net, as `ai_search.ROLLOUT_LIMIT` is for a play-out: a game is checked up to
# this many answers (games with every seat on the quick play end:
# tests/race/test_ai_policy_play.py).
ANSWERS = 1000
ON = (("goals", "on"), ("takeovers", "on"))
BOW = ("bow", "tgs", "rvi", "prestige", "search")

CONFIGS = {
    "base-2p": GameConfig(players=2),
    "base-4p": GameConfig(players=4),
    "tgs-rvi-goals-takeovers-3p": GameConfig(players=3, expansions=("tgs", "rvi"), options=ON),
    "bow-all-2p": GameConfig(players=2, expansions=BOW, options=ON),
    "expert-bow-2p": GameConfig(players=2, expansions=("expert", *BOW), options=ON),
    "robot-solitaire": GameConfig(players=1, expansions=("robot", "tgs")),
}


@pytest.mark.parametrize("config", list(CONFIGS.values()), ids=list(CONFIGS))
def test_every_quick_play_answer_is_legal_and_canonical(config):
    for seed in range(GAMES):
        game = new_game(config, seed, registry=registry(), record=False)
        rng = Rng(seed)
        for _ in range(ANSWERS):
            if game.over:
                break
            decision = game.pending
            answer = policy_answer(game, decision, rng)
            assert decision.check(answer) == answer, (seed, decision.kind, answer)
            if decision.count is not None:
                assert type(answer) is tuple, (seed, decision.kind, answer)
            game.apply(answer)
        assert game.history
