"""Issue 39: `help TOPIC` and `rules TOPIC` at a game's prompt, and `help terms`, the
glossary of every abbreviation and mark the board prints (collected here from boards rendered
at 80x24 in a solo, an expert, a --bow and a dice game)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from rftg_cli.commands import new
from rftg_cli.config import GameConfig
from rftg_cli.expansions.roll.screen import SCREEN as ROLL_SCREEN
from rftg_cli.players.seat import RandomSeat
from rftg_cli.players.text_seat import TextSeat
from rftg_cli.plugins import default_registry, new_game
from rftg_cli.race.human import HumanSeat
from rftg_cli.race.render import board
from rftg_cli.rng import Rng
from rftg_cli.rulebook import help_lines

from tests.race.test_table_screen import Typed, terminal

BOW = ["bow", "tgs", "rvi", "prestige", "search"]
# Plain punctuation and the boxes' lines need no entry in a glossary.
PLAIN = set(".,:;()[]'\"?!-/`") | {chr(c) for c in range(0x2500, 0x2580)}
# Short words of plain English the board uses; any other word of 3 letters or fewer, any
# word in capitals and any word with a digit or a mark must be in `help terms`.
ENGLISH = {"a", "and", "any", "can", "cup", "die", "for", "if", "is", "it", "may", "not",
           "now", "of", "on", "or", "the", "to", "up", "you", "bag", "go", "per", "red",
           "pay", "one", "its", "end", "off", "all", "has", "won", "no", "who", "top", "gain",
           "log", "at", "add", "sit"}


def render(draw) -> str:
    console, out = terminal(80, 24)
    console.print(draw(console))
    return out.getvalue()


def race_boards(names: list[str], ai: int | None, seed: int) -> list[tuple[object, str]]:
    registry = default_registry()
    config, _ = new.table_config(ai, names, "You", registry)
    game = new_game(config, seed, registry=registry)
    seat, boards = RandomSeat(seed), []
    while not game.over:
        decision = game.pending
        if decision.player == 0:
            boards.append(render(lambda c, d=decision: board(game, 0, c, d)))
        game.apply(seat.choose(game, decision))
    return [(game, b) for b in boards[::3]]


def roll_game(players: int, seed: int):
    return new_game(GameConfig(players=players, expansions=("roll",)), seed)


def roll_boards(players: int, seed: int) -> list[tuple[object, str]]:
    game, rng, boards = roll_game(players, seed), Rng(seed), []
    while not game.over:
        boards.append(render(lambda c: ROLL_SCREEN.board(game, 0, c, game.pending)))
        game.apply(game.sample_answer(rng))
    return [(game, b) for b in boards[::3]]


def names_in(game) -> list[str]:
    """Card, tile and player names: words of the game, not of the board."""
    if hasattr(game, "design"):
        names = [c.name for c in game.design] + [p.name for p in game.players]
        names += [n for lookup in game.rules.lookups for n, _ in lookup(game)]
    else:
        names = list(game.data.sides) + [p.name for p in game.players] + ["Bot"]
    return sorted(names, key=len, reverse=True)


def marks_and_abbreviations(game, text: str) -> set[str]:
    names = names_in(game)
    for name in names:
        text = text.replace(name, " ")
    # A name cut to fit ("R&D Crash Progr…") leaves words of a name behind.
    name_words = {w for name in names for w in name.split()}
    found: set[str] = set()
    for token in re.findall(r"\S+", text):
        word = token.strip(".,:;()[]'\"?!`")
        if not word or word in name_words:
            continue
        found |= {ch for ch in word if not ch.isalnum() and ch not in PLAIN}
        if word.endswith("…") or word in found:
            continue
        if any(ch.isdigit() for ch in word):
            found.add(re.sub(r"\d+", "#", word))       # "0+2", "3/12", "$5"
        elif any(ch.isalpha() for ch in word) and (
                word.isupper() or (len(word) <= 3 and word.casefold() not in ENGLISH)):
            found.add(word)
    return found


def glossary(game) -> str:
    return "\n".join(help_lines("terms", game.config))


def missing_terms(shown) -> list[str]:
    """The marks and abbreviations of the screens (`(game, text)` pairs) `help terms` lacks."""
    return sorted({term for game, text in shown for term in marks_and_abbreviations(game, text)
                   if not in_glossary(term, glossary(game))})


def in_glossary(term: str, text: str) -> bool:
    """A term with numbers is explained by an example of its shape ("3/12" for "#/#")."""
    shape = re.escape(term).replace("\\#", "#").replace("#", r"\d+")
    return re.search(shape, text) is not None


@pytest.mark.parametrize("boards", [
    lambda: race_boards([], None, 1),                 # solo, against the robot
    lambda: race_boards(["expert"], 1, 2),            # the expert game
    lambda: race_boards(BOW, 2, 3),                   # The Brink of War, goals, prestige
    lambda: race_boards(BOW, None, 4),                # The Brink of War's solo robot
    lambda: roll_boards(1, 3) + roll_boards(2, 5),    # the dice game, solo and two seats
], ids=["solo", "expert", "bow", "bow-solo", "roll"])
def test_every_mark_and_abbreviation_of_the_board_is_in_help_terms(boards):
    assert not missing_terms(boards())


def test_the_card_game_and_the_dice_game_have_their_own_glossary():
    race = race_boards([], None, 1)[0][0]
    dice = roll_boards(1, 3)[0][0]
    assert glossary(race).startswith("What the board's words and marks mean")
    assert glossary(dice).startswith("What the dice game's board means")


def seat_output(seat_kind: str, typed: list[str]) -> str:
    console, out = terminal(80, 24)
    if seat_kind == "race":
        game = race_boards([], None, 1)[0][0]
        game = new_game(game.config, 1)
        seat = HumanSeat(Typed(console, typed), console)
    else:
        game = roll_game(1, 3)
        seat = TextSeat(Typed(console, typed), console, ROLL_SCREEN)
    with pytest.raises(Exception):       # end of the typed lines: the seat quits
        seat.choose(game, game.pending)
    return out.getvalue()


@pytest.mark.parametrize("seat_kind, topic, title", [
    ("race", "settle", "Phase III, Settle"),
    ("race", "terms", "What the board's words and marks mean"),
    ("roll", "ship", "Ship (dice game)"),             # the dice game's own topic first
    ("roll", "terms", "What the dice game's board means"),
])
def test_help_topic_and_rules_topic_show_the_same_text(seat_kind, topic, title):
    by_help = seat_output(seat_kind, [f"help {topic}"])
    by_rules = seat_output(seat_kind, [f"rules {topic}"])
    assert title in by_help
    assert by_help == by_rules


def test_an_unknown_topic_at_the_prompt_is_one_line():
    text = " ".join(seat_output("race", ["help zork"]).split())    # unwrapped from 80 columns
    assert ("No rules topic 'zork'; topics: overview, round, explore, develop, "
                     "settle, consume, produce, goods, end, expert, robot, goals, takeovers, "
                     "prestige, search, terms, roll, roll-round, roll-explore, roll-develop, "
                     "roll-settle, roll-produce, roll-ship, roll-end, roll-bot, roll-terms.") in text



def table_screens(make_game, seed: int, every: int = 7) -> list[tuple[object, str]]:
    """The full-screen table as it is drawn at 80x24, at every `every`th decision of seat 0
    (random play)."""
    from rftg_cli.plugins import ruleset_of

    from tests.host.test_table_app import look_at

    game, rng, screens, asked = make_game(seed), Rng(seed), [], 0
    describe = ruleset_of(game.config, default_registry()).part("table")(
        Console(file=io.StringIO(), width=80))
    while not game.over:
        decision = game.pending
        if decision.player == 0:
            if asked % every == 0:
                rows = look_at(describe.view(game, 0, decision))
                # The panes' rules are lines, not words: a row reads as the panes' texts.
                screens.append((game, re.sub("[\u2500-\u257f]", " ", "\n".join(rows))))
            asked += 1
        game.apply(game.sample_answer(rng))
    return screens


def race_game(names: list[str], ai: int | None):
    def make(seed: int):
        registry = default_registry()
        config, _ = new.table_config(ai, names, "You", registry)
        return new_game(config, seed, registry=registry)
    return make


@pytest.mark.parametrize("screens", [
    lambda: table_screens(race_game([], None), 1),
    lambda: table_screens(race_game(["expert"], 1), 2),
    lambda: table_screens(race_game(BOW, 3), 3),
    lambda: table_screens(lambda seed: roll_game(1, seed), 3, every=15),
], ids=["solo", "expert", "bow", "roll"])
def test_every_mark_and_abbreviation_of_the_table_is_in_help_terms(screens):
    """The full-screen table's words and marks, as the board's, are in `help terms`."""
    assert not missing_terms(screens())
