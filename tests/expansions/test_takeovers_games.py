"""Whole games with takeovers on: seeded random games with Rebel vs Imperium (2 to 6 players)
and with The Brink of War (its prestige and search on), every invariant of `test_engine_properties` holding
throughout (every card in exactly one place), every answer to a takeover decision reading
back from its text; and the AI seat's takeover and defense choices in constructed positions.

`RFTG_TAKEOVER_GAMES` sets the games per player count (default a few; thousands for a soak:
`RFTG_TAKEOVER_GAMES=500 pytest tests/expansions/test_takeovers_games.py`)."""

from __future__ import annotations

import os

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.engine import Game
from rftg_cli.expansions.cardsets.takeovers import NO_TAKEOVER
from rftg_cli.race.ai.lookahead import AISeat
from rftg_cli.race.ai.heuristic import greedy_answer
from rftg_cli.plugins import new_game, with_implied
from rftg_cli.rng import Rng

from tests.helpers import check_invariants, random_answer, registry, transcribe
from tests.powers_helpers import Table
from tests.expansions.test_takeovers import events, option, power

# Six: random answers rarely declare a takeover (with The Brink of War, one in the first 15
# games before issue 38's Prestige bonus fix, none after), so the last assertion needs more.
GAMES = int(os.environ.get("RFTG_TAKEOVER_GAMES", "6"))
KINDS = ("takeover", "prevent_takeover", "takeover_defense")
TAKEOVERS_ON = (("goals", "off"), ("takeovers", "on"))


def new(sets, players: int, seed: int) -> Game:
    """A game of these sets (and those they turn on) with takeovers on, goals off (built
    by another branch)."""
    plugins = registry()
    config = GameConfig(players=players, expansions=with_implied(sets, plugins),
                        options=TAKEOVERS_ON)
    return new_game(config, seed, registry=plugins)


def play(game: Game, seed: int) -> dict[str, int]:
    """Random answers to the end; returns how often each takeover decision was answered."""
    rng = Rng(seed * 7919 + 1)
    asked = dict.fromkeys(KINDS, 0)
    while not game.over:
        check_invariants(game)
        d = game.pending
        answer = random_answer(d, rng)
        if d.kind in KINDS:
            asked[d.kind] += 1
            assert answer in d.legal_answers() and d.sample_answer(rng) in d.options
            assert game.parse_answer(game.answer_text(answer)) == d.check(answer)
        game.apply(answer)
    check_invariants(game)
    return asked


@pytest.mark.parametrize("sets", [("tgs", "rvi"), ("bow",)], ids=["rvi", "bow"])
def test_random_games_with_takeovers_keep_every_card_in_one_place(sets):
    asked = dict.fromkeys(KINDS, 0)
    for players in range(2, 7):
        for seed in range(GAMES):
            game = new(sets, players, seed)
            for kind, n in play(game, seed).items():
                asked[kind] += n
            assert game.over and game.phase == "over" and game.round < 60
    assert asked["takeover"] > 0                # takeovers were declared, not vacuous


def test_the_same_seed_and_answers_give_the_same_game_with_takeovers():
    a, b = new(("tgs", "rvi"), 4, 5), new(("tgs", "rvi"), 4, 5)
    play(a, 5)
    play(b, 5)
    assert a.history == b.history and a.digest() == b.digest()


def test_takeovers_are_off_in_the_solitaire_game_and_with_no_takeovers():
    from rftg_cli.expansions.cardsets import takeovers_on

    assert takeovers_on(GameConfig(players=2, expansions=("rvi",)))
    assert not takeovers_on(GameConfig(players=2, expansions=("tgs",)))
    assert not takeovers_on(GameConfig(players=1, expansions=("robot", "tgs", "rvi")))
    assert not takeovers_on(GameConfig(players=2, expansions=("rvi",),
                                       options=(("takeovers", "off"),)))


# ---------------------------------------------------------------- the AI seat

def test_ai_takes_over_a_world_it_surely_wins_and_spares_a_card_on_a_lost_cause():
    """The AI declares what it wins, and does not throw away Imperium Cloaking Technology
    against a defender whose New Military Tactics would stop it."""
    t = Table(sets=("bow",), takeovers=True)
    [seat] = t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines", "Galactic Imperium")[:1]
    [outpost] = t.tableau(1, "Rebel Outpost")                     # 10 against 6
    t.start("settle", {1: ("settle",)})
    d = t.pending
    assert d.kind == "takeover"
    won = option(d, outpost, power(t, seat, "takeover_rebel"))
    assert AISeat(1).choose(t.game, d) == won
    assert greedy_answer(t.game, d, Rng(1)) == won and d.info["margins"][won] == 4

    t = Table(sets=("bow",), takeovers=True)
    [cloak] = t.tableau(0, "Imperium Cloaking Technology", "Drop Ships", "Space Marines")[:1]
    [pirate] = t.tableau(1, "Pirate World", "Expedition Force", "New Military Tactics")[:1]
    t.start("settle", {1: ("settle",)})
    d = t.pending                                   # 5 against 4, then 4 + 3 = 7
    lost = option(d, pirate, power(t, cloak, "takeover_military"))
    assert d.info["margins"][lost] == -2
    assert AISeat(1).choose(t.game, d) == NO_TAKEOVER
    assert greedy_answer(t.game, d, Rng(1)) == NO_TAKEOVER


def test_ai_defends_a_world_with_temporary_military():
    """Losing Rebel Outpost (5 VP) costs more than New Military Tactics (1 VP)."""
    t = Table(sets=("bow",), takeovers=True)
    [seat] = t.tableau(0, "Imperium Seat", "Drop Ships", "Space Marines")[:1]
    outpost, tactics = t.tableau(1, "Rebel Outpost", "New Military Tactics")
    t.start("settle", {1: ("settle",)})
    t.answer(option(t.pending, outpost, power(t, seat, "takeover_rebel")))
    d = t.pending
    assert d.kind == "takeover_defense"
    assert AISeat(2).choose(t.game, d) == (power(t, tactics, "military"),)
    t.answer((power(t, tactics, "military"),))
    t.finish()
    assert outpost in t.p(1).tableau and "defends with 9" in events(t)


def test_a_save_with_takeovers_replays_from_its_text(tmp_path):
    """Saves hold every answer's text form: a game in which takeovers were declared and won
    is restored to the same position from the file."""
    from rftg_cli import saves

    config = GameConfig(players=3, expansions=("tgs", "rvi"), options=TAKEOVERS_ON)
    for seed in range(200):
        game = new(("tgs", "rvi"), 3, seed)
        play(game, seed)
        if any("takes over" in text for _, text in game.events):
            break
    else:
        raise AssertionError("no seeded game took a world over")
    save = saves.Save(name="t", config=config.to_dict(), seats=["ai"] * 3, seed=seed)
    transcribe(save, game, registry())
    saves.record(save, game, tmp_path / "t.toml")
    text = (tmp_path / "t.toml").read_text(encoding="utf-8")
    assert "'takeover \"" in text          # the answer as written: 'takeover "WORLD" of ...'
    restored = saves.restore(saves.read(tmp_path / "t.toml"), registry=registry())
    assert restored.game.digest() == game.digest() and restored.game.over
