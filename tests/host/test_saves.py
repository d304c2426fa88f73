"""TOML saves: answers round-trip, atomic writes, replay with a digest check."""

from __future__ import annotations

import os
import tomllib
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rftg_cli import saves
from rftg_cli.race.cards import loader
from rftg_cli.race.cards.model import CardDb
from rftg_cli.config import GameConfig
from rftg_cli.players.seat import RandomSeat, play
from rftg_cli.plugins import new_game

from tests.helpers import transcribe


def finished_game(seed: int = 7):
    config = GameConfig(players=2, names=("You", "AI"))
    game = new_game(config, seed)
    play(game, [RandomSeat(seed), RandomSeat(seed + 1)])
    return config, game


def test_answers_round_trip_through_toml(tmp_path):
    config, game = finished_game()
    save = saves.Save(name="r", config=config.to_dict(), seats=["human", "ai"], seed=7)
    transcribe(save, game)
    saves.record(save, game, tmp_path / "r.toml")
    back = saves.read(tmp_path / "r.toml")
    assert all(isinstance(text, str) for text in back.answers)   # format 2: text forms
    restored = saves.restore(back)   # the texts are read against the replayed decisions
    assert restored.game.history == game.history
    assert all(type(a) is type(b) for a, b in zip(restored.game.history, game.history))
    assert back.status == saves.FINISHED and back.summary["winners"]
    assert restored.game.digest() == game.digest() and restored.game.over
    assert len(restored.movers) == len(game.history)


@pytest.mark.parametrize("text, written", [
    ('settle "New Sparta"', """'settle "New Sparta"'"""),      # reads like the game
    ("action develop", '"action develop"'),
    ("""keep "Gambling World's" 2""", '"keep \\"Gambling World\'s\\" 2"'),
    ('a\\b\t"c"\x7f', '"a\\\\b\\u0009\\"c\\"\\u007F"'),
])
def test_an_answer_is_one_toml_string(text, written):
    assert saves.toml_string(text) == written
    assert tomllib.loads(f"a = {written}")["a"] == text


@given(st.text(st.characters(blacklist_categories=("Cs",))))
def test_every_answer_text_reads_back_as_written(text):
    assert tomllib.loads(f"a = {saves.toml_string(text)}")["a"] == text


def test_a_failed_write_leaves_the_previous_save(tmp_path, monkeypatch):
    config, game = finished_game()
    path = tmp_path / "a.toml"
    save = saves.Save(name="a", config=config.to_dict(), seats=["human", "ai"], seed=7)
    saves.write(save, path)
    before = path.read_bytes()
    transcribe(save, game)

    def killed(*args):
        raise KeyboardInterrupt   # as if the process died between write and rename

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        saves.record(save, game, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.toml"]


def test_locate_picks_the_latest_unfinished(tmp_path):
    config = GameConfig(players=2, names=("You", "AI"))
    for name, status, when in [("old", saves.IN_PROGRESS, "2024-01-01T00:00:00+00:00"),
                               ("new", saves.IN_PROGRESS, "2024-02-01T00:00:00+00:00"),
                               ("done", saves.FINISHED, "2024-03-01T00:00:00+00:00")]:
        save = saves.Save(name=name, config=config.to_dict(), seats=["human", "ai"], seed=1,
                          status=status, updated=when)
        saves.write(save, tmp_path / f"{name}.toml")
    assert saves.locate(tmp_path, None).name == "new.toml"
    assert saves.locate(tmp_path, "old") == tmp_path / "old.toml"


def reordered_cards() -> CardDb:
    """The shipped cards read in reverse order: every design gets another id."""
    cards = tuple(replace(c, id=i) for i, c in enumerate(reversed(ORIGINAL_CARDS().cards)))
    by_name: dict[str, tuple] = {}
    for card in cards:
        by_name[card.name.casefold()] = by_name.get(card.name.casefold(), ()) + (card,)
    return CardDb(cards, by_name)


ORIGINAL_CARDS = loader.load_cards


@pytest.mark.parametrize("players, expansions", [(3, ()), (1, ("robot",))])
def test_a_save_survives_a_reordering_of_the_card_data(tmp_path, monkeypatch, players,
                                                       expansions):
    """Saves name cards, and card numbers follow what the cards are, so a save written before
    the card files are reordered replays after it to the same position."""
    config = GameConfig(players=players, expansions=expansions)
    game = new_game(config, 12)
    seats = [RandomSeat(i) for i in range(players)]
    while len(game.history) < 25:
        game.apply(seats[game.pending.player].choose(game, game.pending))
    save = saves.Save(name="r", config=config.to_dict(), seats=["human"] + ["ai"] * (players - 1),
                      seed=12)
    transcribe(save, game)
    saves.record(save, game, tmp_path / "r.toml")

    monkeypatch.setattr(loader, "load_cards", reordered_cards)
    restored = saves.restore(saves.read(tmp_path / "r.toml")).game
    assert [c.id for c in restored.design] != [c.id for c in game.design]   # really reordered

    def position(g):
        named = [[g.name(c) for c in p.hand] + [g.name(c) for c in p.tableau]
                 for p in g.players]
        return named, [g.name(c) for c in g.deck], g.round, g.phase

    assert position(restored) == position(game)
    assert restored.digest() == game.digest()
    assert restored.answer_text(restored.legal_answers(1)[0]) == \
        game.answer_text(game.legal_answers(1)[0])


def test_saves_of_format_1_are_refused_in_one_line(tmp_path):
    path = tmp_path / "old.toml"
    path.write_text('format = 1\nname = "old"\nstatus = "in_progress"\nseed = 3\n'
                    'seats = ["human", "ai"]\ndigest = "x"\nanswers = [[33, "pay", []]]\n'
                    '[config]\nplayers = 2\n')
    before = path.read_bytes()
    with pytest.raises(saves.SaveError, match="format 1") as caught:
        saves.read(path)
    assert len(str(caught.value).splitlines()) == 1
    assert path.read_bytes() == before


def test_a_save_reads_like_the_game(tmp_path):
    """One TOML string per answer, card names in double quotes inside a literal string."""
    config, game = finished_game()
    save = saves.Save(name="t", config=config.to_dict(), seats=["human", "ai"], seed=7)
    transcribe(save, game)
    saves.record(save, game, tmp_path / "t.toml")
    text = (tmp_path / "t.toml").read_text()
    assert "format = 4" in text          # format 4: sealed with the player's key (issue 41)
    start = text.index("answers = [\n")
    answers = text[start:text.index("\n]\n", start)].splitlines()[1:]
    assert len(answers) == len(game.history)
    assert all(line.startswith("    ") and line.endswith(",") for line in answers)
    assert any(line.startswith("    'discard \"") for line in answers)
    assert any(line.strip() in ('"action develop",', '"action settle",') for line in answers)


def test_undo_keeps_the_texts_of_the_answers_before(tmp_path):
    config, game = finished_game()
    save = saves.Save(name="u", config=config.to_dict(), seats=["human", "ai"], seed=7)
    path = tmp_path / "u.toml"
    transcribe(save, game)
    saves.record(save, game, path)
    full = list(save.answers)
    shorter = saves.replay(config, 7, game.history[:20]).game
    saves.record(save, shorter, path)
    assert save.answers == full[:20]
    seat = RandomSeat(99)
    saves.apply(save, shorter, seat.choose(shorter, shorter.pending))
    saves.record(save, shorter, path)
    assert save.answers[:20] == full[:20] and len(save.answers) == 21
    again = saves.restore(saves.read(path))
    assert again.game.history == shorter.history
