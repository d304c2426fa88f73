"""Issue 39: `hint` at any decision: the default AI level's answer for the seat that asks,
found from that seat's information only, with its reasons; counted in the save like undos
and kept apart by `rftg stats`."""

from __future__ import annotations

import json
import re

import pytest
from rftg_cli import saves
from rftg_cli.config import GameConfig
from rftg_cli.players.hint import hint_lines
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import default_registry, new_game, ruleset_of
from rftg_cli.rng import Rng

from tests.cli_helpers import random_seats_saving_in, rftg
from tests.host.test_learn_terms import BOW


def game_at(config: GameConfig, seed: int, decisions: int):
    """A game after `decisions` random answers, at a pending decision."""
    game = new_game(config, seed, registry=default_registry())
    seat = RandomSeat(seed)
    for _ in range(decisions):
        if game.over:
            break
        game.apply(seat.choose(game, game.pending))
    return game


def redealt(game, player: int, seed: int):
    """Another truth: the same position as `player` sees it, the same number of answers
    given, everything else (other hands, the deck's order) dealt anew."""
    other = game.determinize(player, Rng(seed))
    other.history = list(game.history)
    return other


CASES = [(GameConfig(players=2), s, 6 + 11 * s) for s in range(5)] + [
    (GameConfig(players=1, expansions=("robot", "tgs")), s, 9 * s) for s in range(3)] + [
    (GameConfig(players=3, names=("You", "B", "C"), expansions=tuple(BOW)), 4, 60),
    (GameConfig(players=2, expansions=("roll",)), 3, 25),
    (GameConfig(players=1, expansions=("roll",)), 5, 12)]


@pytest.mark.parametrize("config, seed, decisions", CASES)
def test_the_hint_is_the_same_whatever_the_hidden_cards(config, seed, decisions):
    game = game_at(config, seed, decisions)
    me = game.pending.player
    ruleset = ruleset_of(game.config, default_registry())
    hint = hint_lines(game, me, ruleset)
    assert hint[0].startswith("Hint: ")
    for k in (101, 202):
        assert hint_lines(redealt(game, me, seed + k), me, ruleset) == hint
    # The hint is an answer the asking seat may type.
    text = hint[0].removeprefix("Hint: ").split("  (")[0]
    game.pending.check(game.parse_answer(text))


def test_the_hint_gives_the_ais_reasons():
    game = game_at(GameConfig(players=2), 2, 30)
    lines = hint_lines(game, game.pending.player,
                       ruleset_of(game.config, default_registry()))
    assert lines[0].endswith("  (the AI's answer, from what you can see)")
    assert lines[1].startswith("The AI (normal level) (")
    assert any("chose" in line for line in lines[2:])


@pytest.fixture
def folder(tmp_path, monkeypatch):
    random_seats_saving_in(monkeypatch, tmp_path)
    return tmp_path


def test_hints_are_sealed_in_the_save_and_stats_keeps_those_games_apart(folder):
    result = rftg("new", "--name", "h", "--seed", "3", "--ai", "1",
                  input="\n" * 4 + "hint\n" + "\n" * 4000)
    assert result.exit_code == 0 and "Hint: " in result.output
    save = saves.read(saves.save_path(folder, "h"))
    assert save.status == saves.FINISHED and len(save.hints) == 1
    assert rftg("new", "--name", "plain", "--seed", "4", "--ai", "1",
                input="\n" * 4000).exit_code == 0
    data = json.loads(rftg("stats", "--json").stdout)
    assert [r["games"] for r in data["records"]] == [1]
    assert [r["games"] for r in data["with_hints"]] == [1]
    assert "Games where hints were asked (counted apart):" in rftg("stats").stdout
    assert "(with 1 hint)" in " ".join(rftg("show", "h").output.split())
    assert json.loads(rftg("show", "h", "--json").output)["hints"] == 1


def test_an_edited_hint_count_breaks_the_seal(folder):
    rftg("new", "--name", "h", "--seed", "3", "--ai", "1", input="\nhint\nquit\n")
    path = saves.save_path(folder, "h")
    text = path.read_text()
    unhinted = re.sub(r"hints = \[[^\]]*\]\n", "", text)
    assert unhinted != text
    path.write_text(unhinted)
    result = rftg("resume", "h", input="quit\n")
    assert result.exit_code == 2 and "the seal does not match" in result.stderr


def first_of_each_kind(config: GameConfig, seed: int):
    """A random game's positions at the first decision of each kind (any seat)."""
    game = new_game(config, seed, registry=default_registry())
    seat, seen = RandomSeat(seed), set()
    while not game.over:
        if game.pending.kind not in seen:
            seen.add(game.pending.kind)
            yield game.copy()
        game.apply(seat.choose(game, game.pending))


KINDS_GAMES = [
    GameConfig(players=1, expansions=("robot", *BOW),
               options=(("goals", "off"), ("takeovers", "off"))),
    GameConfig(players=3, names=("A", "B", "C"), expansions=tuple(BOW)),
    GameConfig(players=2, expansions=("expert", "tgs", "rvi")),
    GameConfig(players=2, expansions=("roll",)),
    GameConfig(players=1, expansions=("roll",))]


@pytest.mark.parametrize("config", KINDS_GAMES, ids=["bow-solo", "bow", "expert-rvi",
                                                     "roll", "roll-solo"])
def test_hint_answers_at_every_decision_kind(config):
    kinds = set()
    for seed in (1, 2):
        for game in first_of_each_kind(config, seed):
            decision = game.pending
            if decision.kind in kinds:
                continue
            kinds.add(decision.kind)
            ruleset = ruleset_of(game.config, default_registry())
            first = hint_lines(game, decision.player, ruleset)[0]
            text = first.removeprefix("Hint: ").split("  (the AI's answer")[0]
            decision.check(game.parse_answer(text))
    assert len(kinds) >= 6, kinds


def test_hint_and_help_terms_typed_at_the_full_screen_table():
    """The table passes typed commands to the same seat code: `hint` asks the host's hint
    (counted by it), `help terms` prints the glossary in the log pane."""
    import io

    from rich.console import Console

    from rftg_cli.race.table_view import make_table

    game = game_at(GameConfig(players=2), 1, 8)
    console = Console(file=io.StringIO(), width=80)
    console.ascii_only = False
    asked = []
    table = make_table(console, on_hint=lambda g, d: asked.append(d) or ["Hint: pass"])
    ask = table.view(game, game.pending.player, game.pending).ask
    assert ask.read("hint") is None and ask.read("help terms") is None
    assert asked == [game.pending]
    log = console.file.getvalue()
    assert "Hint: pass" in log and "What the board's words and marks mean" in log
