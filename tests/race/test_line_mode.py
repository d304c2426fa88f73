"""Line mode, the table for pipes and `--plain` (issue 38, items 20 to 31): defaults that
read back when typed and play a fair game, one code per action card, the log, card look-up,
the words of messages, and the commands' output at 80 columns."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from rftg_cli.cli import app
from rftg_cli.race.engine import GameConfig
from rftg_cli.race.engine.round import player_actions
from rftg_cli.race.human import HumanSeat
from rftg_cli.players.seat import RandomSeat
from rftg_cli.plugins import new_game
from rftg_cli.race.engine import notation
from rftg_cli.race.options import default_answer, describe_default, parse_answer
from rftg_cli.ui.console import ascii_text

from tests.race.test_table_screen import Typed, human_action, play_to, robot_game, terminal


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input)


def names(game, answer) -> list:
    """An answer with card numbers as names (copies of one card read the same)."""
    if isinstance(answer, tuple):
        return [names(game, a) for a in answer]
    return game.name(answer) if isinstance(answer, int) and answer >= 0 else answer


# ---------------------------------------------------------------------- 20: defaults typed

def test_typing_the_explore_default_keeps_it(tmp_path, monkeypatch):
    """Issue 38 #20: the prompt showed `[keep Tourist World]` and refused it typed."""
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    result = rftg("new", "--seed", "5", input="\ne5 d\nkeep Tourist World\n")
    assert "[keep Tourist World]>" in result.output
    assert "Not legal" not in result.output
    assert "You explore and keep Tourist World." in result.output


def test_every_default_shown_reads_back_when_typed():
    """Issue 38 #20: whatever the brackets show, typed, is the answer Enter gives."""
    for seed, config in [(3, None), (4, GameConfig(players=3, names=("You", "B", "C"),
                                                    expansions=("tgs", "rvi")))]:
        game = robot_game(seed) if config is None else new_game(config, seed)
        seat = RandomSeat(seed)
        checked = 0
        while not game.over:
            d = game.pending
            default = default_answer(game, d)
            if default is not None:
                shown = describe_default(game, d)
                for typed in (shown, ascii_text(shown)):      # as RFTG_ASCII=1 shows it
                    answer = parse_answer(typed, game, d)
                    assert names(game, answer) == names(game, default), typed
                checked += 1
            game.apply(seat.choose(game, d))
        assert checked > 10


# ---------------------------------------------------------------------- 21: fair defaults

def decision_at(game, kind: str, seed: int = 1):
    seat = RandomSeat(seed)
    while not game.over:
        d = game.pending
        if d.kind == kind and d.player == 0:
            return d
        game.apply(seat.choose(game, d))
    raise AssertionError(f"no {kind} decision")


def test_develop_and_settle_default_to_the_best_card_you_can_afford():
    """Issue 38 #21: Enter passed on Develop and Settle with an affordable card in hand."""
    for kind in ("develop", "settle"):
        game = robot_game(3)
        d = decision_at(game, kind)
        default = default_answer(game, d)
        assert default not in (-1, (-1, "pass", ())), kind
        card = default if kind == "develop" else default[0]
        vps = [game.design[o if kind == "develop" else o[0]].vp
               for o in d.options if o not in (-1, (-1, "pass", ()))]
        assert game.design[card].vp == max(vps)


def test_a_payment_default_spends_a_card_kept_this_round_last():
    """Issue 38 #21: the payment default discarded a 6-cost development just kept."""
    game = robot_game(3)
    d = decision_at(game, "pay")
    p = game.players[0]
    cheap = default_answer(game, d)
    kept = cheap[0]                     # the card the default would have paid with
    p.kept += (kept,)                   # as if kept in this round's Explore
    assert kept not in default_answer(game, d)
    assert len(p.hand) - 1 > len(cheap)   # another payment existed


def test_empty_lines_play_a_fair_game(tmp_path, monkeypatch):
    """Issue 38 #21: `yes '' | rftg new --seed 3` places cards and scores; the second Enter
    at the action prompt no longer takes Explore +5 with Explore +1/+1."""
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    result = rftg("new", "--seed", "3", input="\n" * 4000)
    assert result.exit_code == 0 and "Final score" in result.output
    out = result.output
    assert "You chose Explore +5 and Explore +1/+1." not in out
    assert "You settle" in out and "You develop" in out
    you = next(line for line in out.splitlines() if line.startswith("│ You "))
    assert int(you.split("│")[-2]) >= 10


# ---------------------------------------------------------------------- 22: action codes

def test_every_action_card_has_a_code_of_its_own():
    """Issue 38 #22: `3:d`/`4:d`, `5:s`/`6:s`, and with --bow Settle and Search were `s`."""
    for expansions, players in [(("robot",), 1), (("tgs", "rvi", "bow", "search", "prestige",
                                                   "robot"), 1),
                                (("tgs", "rvi", "bow", "search", "prestige"), 2)]:
        game = new_game(GameConfig(players=players, names=("You", "B")[:players],
                                   expansions=expansions), 1)
        codes = notation.action_codes(list(player_actions(game, 0)))
        assert len(set(codes)) == len(codes), codes
        assert codes[:2] == ["e5", "e11"] and "d" in codes and "s" in codes


def test_each_code_shown_names_its_card_and_old_codes_still_work():
    """Issue 38 #22: the new codes (`d2`, `s2`) pick one copy; `d d` still takes both."""
    game = robot_game(3)
    play_to(game, human_action(1))
    d = game.pending
    console, out = terminal()
    HumanSeat(Typed(console, ["d2 s2"]), console).choose(game, d)
    assert "4:d2  Develop (second)" in out.getvalue() and "6:s2  Settle (second)" in out.getvalue()
    assert parse_answer("d2 s2", game, d) == ("develop2", "settle2")
    assert parse_answer("d d", game, d) == ("develop", "develop2")
    assert parse_answer("e5 s", game, d) == ("explore5", "settle")
    # Saves hold action ids, not codes: an answer written before still reads back.
    assert game.parse_answer("actions develop2 settle2") == ("develop2", "settle2")


# ---------------------------------------------------------------------- 23: log N

def test_log_1_at_the_action_prompt_shows_the_round_just_played():
    """Issue 38 #23: `log 1` at an action prompt printed only the new round's header."""
    game = robot_game(3)
    play_to(game, human_action(2))
    console, out = terminal()
    seat = HumanSeat(Typed(console, ["log 1", "e5 d"]), console)
    seat.seen = len(game.events)
    seat.choose(game, game.pending)
    shown = out.getvalue().split("Choose 2 action cards [")[1]    # after the first prompt
    assert "== Round 1 ==" in shown and "== Round 2 ==" in shown
    assert any(f"-- {phase} --" in shown for phase in ("Explore", "Develop", "Settle"))


# ---------------------------------------------------------------------- 24: goals

def goals_game():
    config = GameConfig(players=2, names=("You", "B"), expansions=("tgs", "rvi"))
    for seed in range(1, 50):
        game = new_game(config, seed)
        if "Galactic Riches" in game.extra["goals"].names:
            return game
    raise AssertionError("no game with Galactic Riches")


def test_a_goal_is_looked_up_by_its_name_or_a_part_of_it():
    """Issue 38 #24: `card Galactic Riches` and `card riches` found nothing."""
    game = goals_game()
    for typed in ("Galactic Riches", "riches"):
        console, out = terminal()
        HumanSeat(Typed(console, []), console).show_card(game, typed, 0)
        assert out.getvalue().startswith("Galactic Riches: first goal, 3 VP: first to have 4 "
                                         "goods"), out.getvalue()


def test_the_board_names_goals_in_full():
    """Issue 38 #24: the board said "Infrastr." for Greatest Infrastructure."""
    from rftg_cli.expansions.cardsets.goals import board_lines

    game = goals_game()
    lines = "\n".join(board_lines(game, 0))
    for goal in game.extra["goals"].goals():
        assert goal.name in lines
    assert "Infrastr." not in lines and all(len(line) <= 80 for line in lines.splitlines())


# ---------------------------------------------------------------------- 25: player counts

def test_a_refused_player_count_names_the_flag_that_allows_it(tmp_path):
    """Issue 38 #25: `--ai 4` said "2 to 4 players, not 5" without naming --tgs; `--ai 9`
    said "1 to 6", which no flag alone allows."""
    from tests.host.test_cli_usage import rftg as run

    five = run("new", "--ai", "4", "--save-dir", str(tmp_path))
    assert five.returncode == 2 and len(five.stderr.splitlines()) == 1
    assert "not 5 (--tgs allows 5)" in five.stderr
    ten = run("new", "--ai", "9", "--save-dir", str(tmp_path))
    assert ten.returncode == 2 and len(ten.stderr.splitlines()) == 1
    # The fewest flags that seat 6: --bow brings The Gathering Storm and Rebel vs Imperium.
    assert "not 10 (at most 6, with --bow)" in ten.stderr


# ---------------------------------------------------------------------- 26: replay keys

def test_replay_says_an_unknown_key_in_one_line_and_asks_again(tmp_path, monkeypatch):
    """Issue 38 #26: an unknown key redrew the step, and what was said scrolled away."""
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    assert rftg("new", "--seed", "3", "--name", "g", input="\n" * 4000).exit_code == 0
    out = rftg("replay", "g", input="x\nq\n").stdout.splitlines()
    at = next(i for i, line in enumerate(out) if "Unknown key 'x'" in line)
    assert out[at].startswith("Unknown key 'x': type n, b, a step number from 1 to ")
    assert out[at - 1].startswith("[step 1/") and out[at + 1].startswith("[step 1/")
    assert sum(line.startswith("Step 1 of") for line in out) == 1


# ---------------------------------------------------------------------- 27: the final table

def test_the_final_table_scores_the_robots_tiles_apart_and_counts_them_in_the_reason(
        tmp_path, monkeypatch):
    """Issue 38 #27: the robot's tiles stood under "6-dev bonuses", and the reason said 12
    cards in its tableau while 10 were listed."""
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    out = rftg("new", "--seed", "2", input="\n" * 4000).output
    assert "The game is over: the robot has 12 cards in its tableau (10 cards and 2 " \
           "development tiles)." in " ".join(out.split())
    robot = next(line for line in out.splitlines() if line.startswith("│ Robot "))
    cells = [c.strip() for c in robot.split("│")]
    assert "tiles" not in cells[4] and cells[5].startswith("tiles "), robot


# ---------------------------------------------------------------------- 28: words

ONE_MANY = re.compile(r"\b1 (cards|goods|chips|tiles|worlds|seats|options|undos|games)\b")


def played(config, seed: int):
    """A whole game of random answers: every log line, and every prompt asked."""
    game = new_game(config, seed)
    seat = RandomSeat(seed)
    prompts = []
    while not game.over:
        prompts.append(game.pending.prompt)
        game.apply(seat.choose(game, game.pending))
    return game, prompts


CONFIGS = [GameConfig(players=1, names=("You",), expansions=("tgs", "robot")),
           GameConfig(players=3, names=("You", "B", "C"),
                      expansions=("tgs", "rvi", "bow", "search", "prestige"))]


def test_no_message_counts_in_the_wrong_number():
    """Issue 38 #28: "1 chips", "good(s)", "choose 1 cards", "+ 2 tile(s)" and the like:
    one plural helper makes them all."""
    from rftg_cli.race.render import log_lines, seat_header

    for config in CONFIGS:
        for seed in range(1, 6):
            game, prompts = played(config, seed)
            texts = [text for _, text in game.events] + prompts + log_lines(game, 0)
            for seat in range(config.players):
                texts.append(seat_header(game, seat, seat))
            wrong = [t for t in texts if "(s)" in t or ONE_MANY.search(t)]
            assert not wrong, wrong[:3]
    from rftg_cli.words import plural

    assert [plural(n, "chip") for n in (0, 1, 2)] == ["0 chips", "1 chip", "2 chips"]


def test_a_move_is_told_in_one_line():
    """Issue 38 #28: "The game is over." twice, "You explore and keep 1." then "You keep Gem
    World.", "You pass: ..." then "You do not develop.", a line per card a Search reveals."""
    from rftg_cli.race.render import log_lines

    searches = explored = passed = 0
    for config in CONFIGS:
        for seed in range(1, 6):
            game, prompts = played(config, seed)
            lines = log_lines(game, 0)
            you = game.players[0].name
            assert "The game is over." not in lines
            assert all(line.startswith("You keep a start world, face down: ")
                       for line in lines if line.startswith("You keep "))
            kept = [line for line in lines if line.startswith(f"{you} explore")]
            assert all(not line.rstrip(".").split()[-1].isdigit() for line in kept)
            explored += len(kept)
            for line, after in zip(lines, lines[1:]):
                assert not (line.startswith("You pass: ") and " not " in after)
            passed += sum(bool(re.search(r" (do|does) not \w+: ", line)) for line in lines)
            reveals = [line for line in lines if line.startswith("Search reveals")]
            searched = [line for line in lines if " searches for " in line]
            takes = [p for p in prompts if p.startswith("Search: take ")]
            assert len(reveals) <= len(takes) + len(searched)     # a line per stop, not card
            searches += len(searched)
    assert searches and explored and passed


def test_the_end_is_said_once(tmp_path, monkeypatch):
    """Issue 38 #28: "The game is over." in the log, then again above the final table, then
    again with the save."""
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    out = " ".join(rftg("new", "--seed", "3", input="\n" * 4000).output.split())
    assert out.count("game is over") == 1 and "Game saved as finished in" in out


# ---------------------------------------------------------------------- 29: ASCII, help

def run_main(*args: str, ascii_only: bool = True, stdin: str = ""):
    import os
    import subprocess
    import sys

    from tests.host.test_cli_usage import MAIN

    env = {**os.environ, "COLUMNS": "80"}
    env.pop("RFTG_ASCII", None)
    if ascii_only:
        env["RFTG_ASCII"] = "1"
    return subprocess.run([sys.executable, "-c", MAIN, *args], capture_output=True,
                          text=True, timeout=120, env=env, input=stdin)


def test_rftg_ascii_is_ascii_in_every_command(tmp_path):
    """Issue 38 #29: `RFTG_ASCII=1` was ignored by cards, score, expansions and --help,
    and the numbered options kept their "—"."""
    for args in (("cards", "Old Earth"), ("cards", "World"), ("score", "Old Earth"),
                 ("expansions",), ("--help",), ("new", "--help")):
        result = run_main(*args)
        assert result.returncode == 0, result.stderr
        assert result.stdout.isascii(), [line for line in result.stdout.splitlines()
                                         if not line.isascii()][:3]
    game = run_main("new", "--seed", "5", "--save-dir", str(tmp_path), stdin="\n" * 3)
    assert " - development, cost" in game.stdout and game.stdout.isascii()


def test_help_lists_commands_in_use_order_and_flags_without_a_type():
    """Issue 38 #29: `--version <bool>`, and the commands in the order they were written."""
    text = run_main("--help", ascii_only=False).stdout
    assert "<bool>" not in text and "--version" in text
    order = ["new", "resume", "saves", "show", "replay", "stats", "score", "cards",
             "expansions", "simulate"]
    lines = text.splitlines()
    at = [next(i for i, line in enumerate(lines) if line.strip("│ ").startswith(name + " "))
          for name in order]
    assert at == sorted(at)


# ---------------------------------------------------------------------- 30: simulate speed

def test_simulate_counts_games_a_second_of_cpu_time(monkeypatch):
    """Issue 38 #30: games/s were of wall time; the README's are CPU time."""
    import time

    clock = iter([0.0] + [2.0] * 1000)
    monkeypatch.setattr(time, "process_time", lambda: next(clock))
    import json

    data = json.loads(rftg("simulate", "--json", "--games", "2", "--seats",
                           "random,random").stdout)
    assert data["seconds"] == 2.0 and data["games_per_second"] == data["completed"] / 2
    text = rftg("simulate", "--games", "2", "--seats", "random,random").stdout
    assert "games/s of CPU time" in text


# ---------------------------------------------------------------------- 31: saves listing

def test_each_save_is_one_line_at_80_columns(tmp_path, monkeypatch):
    """Issue 38 #31: at 80 columns every save wrapped over 4-5 lines ("Agains…")."""
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    for args in (("--seed", "1", "--name", "a-rather-long-save-name-that-goes-on"),
                 ("--seed", "2", "--ai", "3", "--tgs", "--rvi", "--name", "b"),
                 ("--seed", "3", "--name", "c")):
        rftg("new", *args, input="\n" * 3)
    lines = rftg("saves").stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    rows = lines[next(i for i, line in enumerate(lines) if line.startswith("Name ")) + 1:]
    assert len(rows) == 3, lines
    a, b, c = sorted(rows)
    for row, start in ((a, "a-rather-long-save-na"), (b, "b "), (c, "c ")):
        assert row.startswith(start) and "in progress" in row
        assert re.search(r"\d\d-\d\d \d\d:\d\d$", row.rstrip()), row
    assert "3 AI; tgs, rvi" in b and "robot; tgs" in c


def test_you_win_in_the_second_person(tmp_path, monkeypatch):
    """Issue 38 #28: the verdict read "You wins!", the reason "You has 12 cards in their
    tableau"."""
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    out = rftg("new", "--ai", "1", "--ai-level", "fast", "--tgs", "--rvi", "--bow", "--search",
               "--prestige", "--seed", "2", input="\n" * 2000).output
    assert "You win!" in out and "You wins!" not in out
    assert "The game is over: You have 12 cards in your tableau." in " ".join(out.split())
