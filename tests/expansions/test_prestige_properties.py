"""Seeded random games with The Brink of War (its prestige and search rules on; goals and
takeovers off until they are built), 2 to 6 players and the solitaire game: every invariant
of `test_engine_properties` holds throughout, prestige is never negative, the Prestige leader
tile agrees with the counts after every phase, the text of every answer to the decisions
they ask reads back, and every game ends.

`RFTG_PRESTIGE_GAMES` sets the games per player count (default a few; thousands for a soak:
`RFTG_PRESTIGE_GAMES=500 pytest tests/expansions/test_prestige_properties.py`)."""

from __future__ import annotations

import os

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.expansions.prestige import KEY
from rftg_cli.expansions.prestige.leader import counts
from rftg_cli.plugins import new_game, with_implied
from rftg_cli.race.ai.lookahead import AISeat
from rftg_cli.rng import Rng

from tests.helpers import check_invariants, random_answer, registry

GAMES = int(os.environ.get("RFTG_PRESTIGE_GAMES", "2"))
OFF = (("goals", "off"), ("takeovers", "off"))
# The decisions these rules ask (action cards: the Prestige bonus and the search).
OURS = ("action", "search_category", "search_take", "consume_hand")


def config(players: int) -> GameConfig:
    names = ("robot", "bow") if players == 1 else ("bow",)
    return GameConfig(players=players, expansions=with_implied(names, registry()), options=OFF)


def tile_agrees(game, phase: str = "", instance: int = 0) -> None:
    """After a phase: a sole leader holds the tile, ">" up; a tie for the most (1 or more)
    has it in the middle, "=" up; nobody with prestige leaves it in the middle."""
    now = counts(game)
    assert min(now) >= 0, "negative prestige"
    st = game.extra[KEY]
    top = max(now)
    at_top = [i for i, c in enumerate(now) if c == top]
    if top == 0:
        assert st.leader == -1 and not st.tied
    elif len(at_top) == 1:
        assert st.leader == at_top[0] and not st.tied and 0 <= st.on_tile <= top
    else:
        assert st.leader == -1 and st.tied and st.on_tile == 0


def play(players: int | GameConfig, seed: int, seats=None):
    """A seeded game of `players` with The Brink of War (or of the config given)."""
    cfg = players if isinstance(players, GameConfig) else config(players)
    game = new_game(cfg, seed, registry=registry(), record=False)
    if KEY in game.extra:
        game.rules.phase_end_steps.append(tile_agrees)
    rng = Rng(seed * 7919 + 1)
    used = set()
    while not game.over:
        check_invariants(game)
        d = game.pending
        seat = seats[d.player] if seats else None
        answer = d.check(seat.choose(game, d) if seat else random_answer(d, rng))
        if d.kind in OURS:
            text = game.answer_text(answer)
            assert game.parse_answer(text) == answer, text
        used.add(d.kind)
        if d.kind == "action":
            used.update(answer)
        game.apply(answer)
    check_invariants(game)
    return game, used


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_random_bow_games_keep_prestige_invariants_and_end(players):
    used = set()
    for seed in range(GAMES):
        game, kinds = play(players, seed)
        used |= kinds
        assert game.over and game.phase == "over" and game.round < 60
        assert all(p.prestige >= 0 for p in game.players)
    assert "search" in used or GAMES < 2


def test_every_new_decision_comes_up_in_random_games():
    """Over a few seeded games the search, its take-or-pass and a Prestige bonus are all
    asked and answered (and their texts read back, above)."""
    used = set()
    for seed in range(6):
        used |= play(3, 100 + seed)[1]
    assert {"search_category", "search_take"} <= used
    assert any(k.startswith("prestige_") for k in used)


def test_ai_seats_play_a_bow_game_to_the_end():
    game, used = play(2, 7, seats=[AISeat(1), AISeat(2)])
    assert game.over and game.phase == "over"


def test_same_seed_and_answers_give_the_same_game():
    a, _ = play(3, 42)
    b, _ = play(3, 42)
    assert a.history == b.history and a.digest() == b.digest()


@pytest.mark.parametrize("expansions, players", [
    (("prestige",), 2), (("search",), 3), (("search", "tgs"), 2), (("prestige", "robot"), 1),
    (("prestige", "search", "expert"), 2)])
def test_each_rule_is_a_variant_with_any_sets(expansions, players):
    """`--prestige` and `--search` on their own, with the base game or other sets, the
    solitaire game and the expert game: random games keep every invariant and end."""
    cfg = GameConfig(players=players, expansions=expansions, options=(("goals", "off"),))
    for seed in range(GAMES):
        assert play(cfg, seed)[0].phase == "over"
