"""Searchable decisions: every legal answer can be listed (`legal_answers`) or drawn uniformly
(`sample_answer`), picks included, which is what a searching AI needs."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.engine import Decision, IllegalChoice
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import registry


def pick(n: int, low: int, high: int) -> Decision:
    return Decision("hand_limit", 0, tuple(range(10, 10 + n)), (low, high))


def test_a_choice_lists_its_options():
    d = Decision("develop", 0, (4, 9, -1))
    assert d.legal_answers() == [4, 9, -1]
    assert d.legal_answers(limit=2) == [4, 9]


def test_a_pick_lists_every_allowed_set_once():
    d = pick(5, 1, 3)
    answers = d.legal_answers()
    assert len(answers) == comb(5, 1) + comb(5, 2) + comb(5, 3)
    assert len(set(answers)) == len(answers)
    assert all(d.check(a) == a for a in answers)
    assert pick(5, 0, 2).legal_answers()[0] == ()
    assert len(pick(20, 10, 10).legal_answers(limit=100)) == 100


def test_a_pick_is_sampled_uniformly_over_every_allowed_set():
    d = pick(4, 0, 2)        # 1 + 4 + 6 = 11 sets, each as likely
    rng = Rng(3)
    draws = Counter(d.sample_answer(rng) for _ in range(22_000))
    assert set(draws) == set(d.legal_answers())
    assert all(1700 < n < 2300 for n in draws.values()), draws


def test_a_choice_is_sampled_among_its_options():
    d = Decision("develop", 0, (4, 9, -1))
    rng = Rng(1)
    assert {d.sample_answer(rng) for _ in range(200)} == {4, 9, -1}


@pytest.mark.parametrize("players, expansions", [(2, ()), (4, ()), (2, ("expert",)),
                                                 (1, ("robot",))])
def test_games_played_by_sampling_are_legal_to_the_end(players, expansions):
    for seed in range(4):
        game = new_game(GameConfig(players=players, expansions=expansions), seed,
                        registry=registry(), record=False)
        rng = Rng(seed)
        while not game.over:
            answers = game.legal_answers(limit=50)
            assert answers and all(game.pending.check(a) == a for a in answers)
            answer = game.sample_answer(rng)
            assert game.pending.check(answer) == answer
            game.apply(answer)
        with pytest.raises(IllegalChoice, match="over"):
            game.legal_answers()
        with pytest.raises(IllegalChoice, match="over"):
            game.sample_answer(rng)
