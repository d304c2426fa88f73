"""The table a player sits at (issue 13): the compact action picker, the board at 80x24,
the hand's costs now, safe defaults, the log's words and headers, the end of the game."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rftg_cli.commands import new
from rftg_cli.race.engine import IllegalChoice
from rftg_cli.race.human import HumanSeat
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import default_registry, new_game
from rftg_cli.race.options import default_answer, parse_answer, shown_options
from rftg_cli.race.render import as_read, board, final_table, rounds_of

from tests.powers_helpers import Table


def robot_game(seed: int):
    registry = default_registry()
    config, _ = new.table_config(None, [], "You", registry)
    return new_game(config, seed, registry=registry)


def play_to(game, until) -> None:
    seat = RandomSeat(1)
    while not game.over and not until(game):
        game.apply(seat.choose(game, game.pending))


def human_action(round_: int):
    return lambda g: g.round >= round_ and g.pending.kind == "action" and g.pending.player == 0


class Typed:
    """Answers typed at the prompt, each prompt printed as a terminal would show it."""

    def __init__(self, console, answers):
        self.console, self.answers, self.prompts = console, list(answers), []

    def ask(self, message, completions=(), toolbar=None):
        self.console.print(message, markup=False)
        self.prompts.append(message)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)


def terminal(width: int = 80, height: int = 24):
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, force_terminal=True,
                      color_system=None)
    console.ascii_only = False
    return console, out


# ---------------------------------------------------------------------- the action picker

@pytest.mark.parametrize("typed, chosen", [
    ("e5 d", ("explore5", "develop")),
    ("develop settle", ("develop", "settle")),
    ("explore+5, consume-x2", ("explore5", "consume2")),
    ("Explore +1/+1 Produce", ("explore11", "produce")),
    ("d d", ("develop", "develop2")),
    ("trade x2", ("trade", "consume2")),
    ("1 3", ("explore5", "develop")),
])
def test_two_action_cards_typed_compactly(typed, chosen):
    game = robot_game(3)
    play_to(game, human_action(1))
    assert parse_answer(typed, game, game.pending) == chosen


@pytest.mark.parametrize("typed, why", [
    ("e", "could mean Explore \\+5 or Explore \\+1/\\+1"),
    ("d", "choose 2 action cards, not 1"),
    ("e5 e5", "already chosen"),
    ("warp", "not an action card"),
])
def test_action_cards_that_do_not_read_are_refused_in_one_line(typed, why):
    game = robot_game(3)
    play_to(game, human_action(1))
    with pytest.raises(IllegalChoice, match=why):
        parse_answer(typed, game, game.pending)


def test_one_enter_never_locks_in_action_cards():
    """No default at the action prompt: Enter alone explains; only a second Enter in a row
    takes the suggested pair (so a script of empty lines still plays). Issue 38 item 21:
    that pair was the first listed, Explore +5 with Explore +1/+1; it is now the suggestion
    the hint names."""
    game = robot_game(3)
    play_to(game, human_action(1))
    assert default_answer(game, game.pending) is None
    console, out = terminal()
    source = Typed(console, ["", "develop settle"])
    seat = HumanSeat(source, console)
    assert seat.choose(game, game.pending) == ("develop", "settle")
    assert "Type your 2 action cards, e.g. `e5 d`" in out.getvalue()
    seat.source = Typed(console, ["", ""])
    assert seat.choose(game, game.pending) == ("develop", "settle")
    assert "(Enter again: Develop, Settle)." in out.getvalue()


def test_the_picker_lists_each_action_card_once():
    game = robot_game(3)
    play_to(game, human_action(1))
    console, out = terminal()
    HumanSeat(Typed(console, ["e5 d"]), console).choose(game, game.pending)
    text = out.getvalue()
    assert "1:e5  Explore +5" in text and "4:d2  Develop (second)" in text   # issue 38 #22
    assert "Explore +5 + Explore +1/+1" not in text     # no list of 36 pairs


# ---------------------------------------------------------------------- the board at 80x24

def action_screen(game, typed: str) -> list[str]:
    """The last 24 lines an 80-column terminal shows when you are asked your action."""
    console, out = terminal()
    seat = HumanSeat(Typed(console, [typed]), console)
    seat.seen = len(game.events)
    seat.choose(game, game.pending)
    return out.getvalue().splitlines()[-24:]


def prompt_screen(game, round_: int) -> str:
    """The last 24 lines printed when the action prompt of `round_` comes, checked to fit
    80 columns and to show the prompt and every card of your tableau."""
    play_to(game, human_action(round_))
    screen = action_screen(game, "e5 d")
    text = "\n".join(screen)
    assert all(len(line) <= 80 for line in screen)
    assert screen[-1].startswith("Choose 2 action cards")
    for card in game.players[0].tableau:
        assert game.name(card) in text
    return text


@pytest.mark.parametrize("seed, round_", [(3, 5), (5, 6), (11, 4)])
def test_at_80x24_the_prompt_your_tableau_and_the_robot_show_together(seed, round_):
    """What a 24-line terminal shows when the action prompt comes: the last 24 lines
    printed hold the prompt, every card of your tableau and the robot's state."""
    game = robot_game(seed)
    text = prompt_screen(game, round_)
    robot = game.outcome().opponents()[0]
    assert f"Tableau {robot.details['tableau_size']}/12" in text
    assert f"Robot {robot.details['tableau_size']}/12" in text      # the status line
    assert f"You {len(game.players[0].tableau)}/12" in text


@pytest.mark.parametrize("seed, round_", [(5, 12), (7, 9)])
def test_at_80x24_six_tableaux_show_with_the_prompt(seed, round_):
    """Six players (Rebel vs Imperium): the others' cards take one line each, so the last
    24 lines still hold the prompt, every card of your tableau and every seat's state."""
    registry = default_registry()
    config, _ = new.table_config(5, ["tgs", "rvi"], "You", registry,
                                  (("goals", "off"), ("takeovers", "off")))
    game = new_game(config, seed, registry=registry)
    play_to(game, human_action(round_))
    screen = action_screen(game, "e5")
    text = " ".join(" ".join(screen).split())
    assert all(len(line) <= 80 for line in screen)
    assert screen[-1].startswith("Choose your action card")
    for card in game.players[0].tableau:
        assert game.name(card) in text
    for p in game.players:
        assert f"{p.name}: " in text and f"tableau {len(p.tableau)}/12" in text


# ---------------------------------------------------------------------- your hand

def test_costs_now_come_from_the_whole_tableau_and_mark_what_you_can_place():
    """Investment Credits (-1 to develop) in the tableau: a development costs one less in
    the hand table before any phase has begun, and the cards to pay for it are counted."""
    t = Table()
    t.tableau(0, "Investment Credits")
    t.hand(0, "Drop Ships", "Old Earth", "Spice World", "Galactic Trendsetters")
    game = t.game
    game.phase = "action"
    console, out = terminal(120)
    console.print(board(game, 0, console))
    drop = next(line for line in out.getvalue().splitlines() if "Drop Ships" in line)
    assert "pay 3" in drop and drop.startswith("✓")          # cost 4 - 1; 3 other cards
    trend = next(line for line in out.getvalue().splitlines() if "Galactic Trendset" in line)
    assert "pay 5" in trend and not trend.startswith("✓")    # 5 > 3 cards to pay with


def test_a_six_cost_development_shows_its_rule_and_value_now():
    """New Economy: 2 VP per development with a consume power, 1 VP per world with one
    (card text); it counts itself (its draw is a consume-phase power), and Old Earth (a
    consume world) in the tableau: 2 + 1 = 3 VP now."""
    t = Table()
    t.tableau(0, "Old Earth")
    t.hand(0, "New Economy")
    game = t.game
    console, out = terminal(120)
    console.print(board(game, 0, console))
    line = next(line for line in out.getvalue().splitlines() if "New Economy" in line)
    assert " 0+3 " in line and "VP: 2 VP per development with a consume power" in line
    seat = HumanSeat(Typed(console, []), console)
    seat.show_card(game, "econ", 0)
    assert "scores 2 VP per development with a consume power, 1 VP per world with a " \
           "consume power: 3 VP in your tableau now" in out.getvalue()


def test_numbered_options_follow_the_hand_tables_order():
    game = robot_game(3)
    d = game.pending            # the starting hand: discard 2
    shown = shown_options(game, d)
    console, out = terminal(200)
    HumanSeat(Typed(console, ["1, 2"]), console).choose(game, d)
    table = [line for line in out.getvalue().splitlines() if "│" not in line]
    order_in_table = [game.name(c) for c in sorted(
        shown, key=lambda c: next(i for i, line in enumerate(table) if game.name(c) in line))]
    assert order_in_table == [game.name(c) for c in shown]


def test_defaults_keep_the_best_and_pay_with_the_cheapest():
    """Explore keeps a card you can place, by VP; a payment loses the card worth least."""
    game = robot_game(3)
    play_to(game, lambda g: g.pending.kind == "explore" and g.pending.player == 0)
    d = game.pending
    discard = default_answer(game, d)
    kept = [c for c in d.options if c not in discard]
    assert len(discard) == d.count[0] and kept
    from rftg_cli.race.hand import hand_now, keep_rank

    now = hand_now(game, 0, None, list(d.options))
    worst_kept = min(keep_rank(game, 0, now, c) for c in kept)
    assert all(keep_rank(game, 0, now, c) <= worst_kept for c in discard)


# ---------------------------------------------------------------------- the log

def test_the_log_reads_in_the_second_person_with_headers():
    assert as_read("You settles Old Earth.", "You") == "You settle Old Earth."
    assert as_read("You explores and keeps 2.", "You") == "You explore and keep 2."
    assert as_read("You does not develop.", "You") == "You do not develop."
    assert as_read("Round 3 begins.", "You") == "== Round 3 =="
    assert as_read("Phase: develop (2).", "You") == "-- Develop (2) --"
    lines = ["== Round 1 ==", "a", "== Round 2 ==", "b", "== Round 3 ==", "c"]
    assert rounds_of(lines, 2) == lines[2:]


def test_an_auto_pass_says_why():
    """No development in hand: the Develop decision is passed without asking, and the log
    says why."""
    t = Table()
    t.hand(0, "Old Earth")
    t.hand(1, "Spice World")
    t.start("develop")
    game = t.game
    assert any(who == 0 and text == "You pass: no development in hand."
               for who, text in game.events)


# ---------------------------------------------------------------------- the end

def test_the_final_screen_says_why_and_scores_each_card():
    game = robot_game(4)
    play_to(game, lambda g: False)
    console, out = terminal(100)
    console.print(final_table(game, console))
    text = out.getvalue()
    assert f"The game is over: {game.outcome().reason}." in text
    for result in game.outcome().results:
        assert f"{result.name}: {result.score} VP" in text
    for card in game.players[0].tableau:
        assert f"{game.name(card)} {game.design[card].vp}" in text


def test_the_board_warns_when_the_game_ends_this_round():
    """Issue 13, "The end": once a tableau reaches its limit or the VP pool runs out, the
    board says the round under way is the last and why (rulebook, FIN DE PARTIE: the game
    ends at the end of that round); not before."""
    from rftg_cli.config import GameConfig
    from rftg_cli.race.engine.round import game_should_end

    def shown(game) -> str:
        console, out = terminal(100)
        console.print(board(game, 0, console, game.pending))
        return " ".join(out.getvalue().split())

    warned = 0
    for seed in range(3):
        game = new_game(GameConfig(players=2), seed)
        seat = RandomSeat(seed)
        play_to(game, lambda g: g.round == 5 and g.phase != "action")   # mid-game
        assert not game_should_end(game) and "Last round" not in shown(game)
        play_to(game, lambda g: game_should_end(g))
        while not game.over:      # every decision left in the last round
            text = shown(game)
            assert "Last round: the game ends when this round does (" in text
            assert "the VP pool is empty" in text or "has 12 cards" in text
            warned += 1
            game.apply(seat.choose(game, game.pending))
    assert warned


def bow_robot_game(seed: int):
    registry = default_registry()
    names = ["bow", "tgs", "rvi", "prestige", "search"]
    config, _ = new.table_config(None, names, "You", registry,
                                  (("goals", "off"), ("takeovers", "off")))
    return new_game(config, seed, registry=registry)


@pytest.mark.parametrize("seed, round_", [(3, 5), (8, 4)])
def test_at_80x24_the_prestige_the_tile_and_the_unused_cards_show(seed, round_):
    """The Brink of War: every contender's prestige, the Prestige leader tile and its side,
    and who still holds an unused Prestige/Search card, with the prompt, in 80x24."""
    game = bow_robot_game(seed)
    text = prompt_screen(game, round_)
    robot = game.outcome().opponents()[0]
    you = game.players[0]
    assert f"Prestige: You {you.prestige}, Robot {robot.details['prestige']} | leader tile:" \
        in text
    assert "Prestige/Search card unused:" in text
