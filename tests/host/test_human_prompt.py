"""The human seat through prompt_toolkit (pipe input + DummyOutput), and answer parsing."""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from rftg_cli import saves
from rftg_cli.commands import play
from rftg_cli.commands import new
from rftg_cli.config import GameConfig
from rftg_cli.decision import IllegalChoice
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import new_game
from rftg_cli.ui.completer import AnswerCompleter
from rftg_cli.race.options import default_answer, parse_answer, shown_options
from rftg_cli.ui.prompts import PromptSource


@pytest.fixture(autouse=True)
def fast_seats(monkeypatch):
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))


def run_with_pipe(text: str, **kwargs) -> int:
    with create_pipe_input() as pipe:
        pipe.send_text(text)
        pipe.close()   # end of input: the seat saves and quits
        return new.run_new(source=PromptSource(input=pipe, output=DummyOutput()), **kwargs)


def test_a_whole_game_through_prompt_toolkit(tmp_path):
    code = run_with_pipe("\r" * 4000, ai=1, seed=3, name="p", save_dir=tmp_path,
                         player="Ann", expansions=[], extra=[])
    assert code == 0
    save = saves.read(tmp_path / "p.toml")
    assert save.status == saves.FINISHED
    assert save.config["names"][0] == "Ann"


def test_prompt_toolkit_end_of_input_saves(tmp_path):
    code = run_with_pipe("hand\rscore\r1,2\r", ai=2, seed=3, name="q", save_dir=tmp_path,
                         player="You", expansions=[], extra=[])
    assert code == 0
    save = saves.read(tmp_path / "q.toml")
    assert save.status == saves.IN_PROGRESS and len(save.seats) == 3
    restored = saves.restore(save)
    assert restored.game.digest() == save.digest


def game_at(kind: str, seed: int = 1):
    game = new_game(GameConfig(players=2, names=("You", "AI")), seed)
    seat = RandomSeat(seed)
    while game.pending.kind != kind:
        game.apply(seat.choose(game, game.pending))
    return game


def test_parse_picks_by_number_and_name():
    """Numbers count in the order the options are listed, the hand table's order."""
    game = game_at("start_discard")
    d = game.pending
    shown = shown_options(game, d)
    assert shown != list(d.options)   # this hand is listed in another order than it is held
    assert parse_answer("1 2", game, d) == tuple(shown[:2])
    assert parse_answer("1, 3", game, d) == (shown[0], shown[2])
    names = [game.name(c) for c in d.options[:2]]
    assert sorted(parse_answer(", ".join(n.lower() for n in names), game, d)) == \
        sorted(d.options[:2])
    with pytest.raises(IllegalChoice):
        parse_answer("99", game, d)


def test_parse_actions():
    game = game_at("action")
    d = game.pending
    assert parse_answer("develop", game, d) == ("develop",)
    assert parse_answer("Explore +5", game, d) == ("explore5",)
    assert parse_answer("1", game, d) == d.options[0]
    with pytest.raises(IllegalChoice, match="could mean"):
        parse_answer("explore", game, d)


def test_completer_offers_names_with_summaries():
    completer = AnswerCompleter()
    completer.entries = [("Old Earth", "start world"), ("Old Earth", "dup"),
                         ("New Sparta", "military")]
    found = list(completer.get_completions(Document("1, old"), None))
    assert [c.text for c in found] == ["Old Earth"]
    assert found[0].display_meta_text == "start world"
    found = list(completer.get_completions(Document("card new"), None))
    assert [c.text for c in found] == ["New Sparta"]


def test_no_color_and_ascii(monkeypatch):
    from rftg_cli.race.render import board, make_console

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("RFTG_ASCII", "1")
    out = io.StringIO()
    console = make_console(out)
    console.force_terminal = True
    game = game_at("action")
    console.print(board(game, 0, console))
    text = out.getvalue()
    assert "Your hand" in text and "\x1b[3" not in text
    assert text.isascii()
