"""The AI levels (`--ai-level fast|normal|strong`) and `why`: every level answers from its
own seat's information only, the level is kept in the save so a resumed game plays on with
the same AI, and `why` (at a prompt, or `rftg simulate --why FILE`) explains in English what
the AI that just decided considered and the value it gave each option."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rftg_cli import saves
from rftg_cli.cli import app
from rftg_cli.config import GameConfig
from rftg_cli.race.engine.scoring import winners
from rftg_cli.race.ai.lookahead import AISeat, determinize
from rftg_cli.race.ai.search import LEVELS as SEARCHES
from rftg_cli.race.ai.levels import LEVELS, ai_seat
from rftg_cli.players.seat import RandomSeat, play
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import registry
from tests.race.test_ai import game_at, visible


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [0, 1, 2, 5])     # explore, explore, action, settle
def test_no_level_answers_from_cards_it_cannot_see(level, seed):
    game = game_at(seed, 4 + 11 * seed)
    player = game.pending.player
    # The same public position with every hidden card dealt differently.
    other_truth = determinize(game, player, Rng(seed + 50))
    assert visible(other_truth, player) == visible(game, player)
    assert ai_seat(9, level).choose(game, game.pending) == \
        ai_seat(9, level).choose(other_truth, other_truth.pending)


def test_the_fast_level_is_the_ai_of_before_levels():
    game = new_game(GameConfig(players=2), 4, registry=registry(), record=False)
    again = game.copy()
    play(game, [ai_seat(3, "fast"), RandomSeat(1)])
    play(again, [AISeat(3), RandomSeat(1)])
    assert game.history == again.history


def test_the_normal_level_is_deterministic_per_seed():
    def run(seed):
        game = new_game(GameConfig(players=2), 8, registry=registry(), record=False)
        play(game, [ai_seat(seed), RandomSeat(2)])
        return game.history

    assert run(4) == run(4)


def test_the_normal_level_plays_legal_answers_with_four_seats():
    game = new_game(GameConfig(players=4), 2, registry=registry(), record=False)
    play(game, [ai_seat(1), RandomSeat(2), ai_seat(3), RandomSeat(4)])
    assert game.over


@pytest.mark.slow     # a strength run: 8 whole games of the normal level
def test_the_normal_level_beats_random_seats():
    """A quick strength smoke test (the big runs are in the report: `rftg simulate`)."""
    games, wins = 8, 0.0
    for seed in range(games):
        game = new_game(GameConfig(players=2), 300 + seed, registry=registry(), record=False)
        seats = [RandomSeat(seed), RandomSeat(seed)]
        seats[seed % 2] = ai_seat(seed)
        play(game, seats)
        best = winners(game)
        wins += (seed % 2 in best) / len(best)
    assert wins == games, f"the normal level won {wins} of {games}"


def test_an_unknown_level_is_refused_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    for args in (["new", "--ai", "1", "--seed", "1"], ["simulate", "--games", "1"]):
        result = rftg(*args, "--ai-level", "godlike")
        assert result.exit_code == 2
        assert "--ai-level must be one of fast, normal, strong" in result.output
        assert "Traceback" not in result.output


def test_the_level_is_saved_and_a_resumed_game_plays_on_with_it(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    first = rftg("new", "--ai", "1", "--ai-level", "strong", "--seed", "2", "--name", "s",
                 input="e5\n\nquit\n")
    assert first.exit_code == 0, first.output
    assert saves.read(tmp_path / "s.toml").config["ai_level"] == "strong"
    again = rftg("resume", "s", input="\n" * 3 + "why\nquit\n")
    assert again.exit_code == 0, again.output
    assert "AI (strong level)" in again.output


def test_a_save_from_before_levels_plays_on_with_the_fast_level(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    assert rftg("new", "--ai", "1", "--seed", "2", "--name", "old",
                input="quit\n").exit_code == 0
    path = tmp_path / "old.toml"
    save = saves.read(path)
    del save.config["ai_level"]          # as rftg wrote it before levels existed
    save.seal = saves.seal_of(save)
    saves.write(save, path)
    again = rftg("resume", "old", input="e5\n" + "\n" * 3 + "why\nquit\n")
    assert again.exit_code == 0, again.output
    assert "AI (fast level)" in again.output


def test_why_at_a_prompt_explains_the_last_ai_decision(tmp_path, monkeypatch):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    # You (seat 1) answer first, then the AI: `why` before your starting discard, after it
    # (the AI's discard), and after your first action card (the AI's action card).
    result = rftg("new", "--ai", "1", "--seed", "3", "--name", "w",
                  input="why\n\nwhy\ndevelop\nwhy\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "No computer seat has decided since the game was started or resumed." in lines
    # The starting discard is weighed by look-ahead too: a few discards of its least
    # promising cards, each played on.
    discard = next(i for i, line in enumerate(lines)
                   if line.startswith("AI (normal level) (Choose 2 cards to discard from your "
                                      "starting hand): imagined"))
    assert "Each option's value" in lines[discard + 1]
    # Its options are cards in its hand: during the game they are counted, not named
    # (issue 38, item 19: this line named them, `  chose discard "..."`).
    assert lines[discard + 2].startswith("  Its 6 options, its choice among them, name cards "
                                         "in its hand, which you cannot see")
    action = next(i for i, line in enumerate(lines)
                  if line.startswith("AI (normal level) (Choose your action card): imagined"))
    assert "Each option's value" in lines[action + 1]
    # Every action card the AI weighed, with its value, best first; its choice marked.
    listed = lines[action + 2:action + 9]
    assert listed[0].startswith("  chose action ")
    assert all(" action " in line and ": " in line for line in listed)
    values = [float(line.split(": ")[1].split(",")[0]) for line in listed]
    assert values == sorted(values, reverse=True)


def test_simulate_why_writes_every_ai_decision(tmp_path):
    path = tmp_path / "why.txt"
    result = rftg("simulate", "--games", "1", "--seed", "5", "--seats", "ai,random",
                  "--ai-level", "fast", "--json", "--why", str(path))
    assert result.exit_code == 0, result.output
    text = path.read_text()
    blocks = [line for line in text.splitlines() if line.startswith("Round ")]
    actions = [line for line in blocks if "(Choose your action card)" in line]
    assert actions and all("Player 1 (AI, fast level)" in line for line in blocks)
    assert len(actions) >= 5           # one per round at least, every round of the game
    assert "chose action" in text


def test_simulate_why_to_a_folder_that_cannot_be_written_is_one_line(tmp_path):
    result = rftg("simulate", "--games", "1", "--why", str(tmp_path / "no" / "such" / "f"))
    assert result.exit_code == 2 and "cannot write" in result.output


def test_a_search_spends_its_budget_in_games_of_two_seats():
    """Every seat plays each simulated round, so a game of four seats gets half the
    simulated games of a game of two for an action card (about the same time to answer);
    a solo game against the robot gets the whole budget. Between seats each play runs two
    rounds (`Level.seats_horizon`), twice the work, so the cap on work (`play_work`)
    affords about half the budget."""
    def plays(config: GameConfig) -> int:
        return _plays(_position(config))[1]

    budget = SEARCHES["normal"].action_games
    two = plays(GameConfig(players=2))
    solo = plays(GameConfig(players=1, expansions=("robot", "tgs")))
    assert two > 0.3 * budget and solo > 0.6 * budget
    assert 0.3 * two <= plays(GameConfig(players=4)) <= 0.6 * two


def test_halving_plays_what_its_work_affords():
    """Each play costing 10 units of work and the whole search 1,000 at most: the budget of
    400 plays shrinks to about 100 once the first deal shows the cost."""
    from rftg_cli.players.halving import halving

    spent = [0]

    def judge(dealt, k):
        spent[0] += 10
        return float(k), float(k)

    best, _, counts = halving(4, 400, 2, lambda: None, judge, lambda: spent[0], 1000)
    assert best == 3
    assert 900 <= spent[0] <= 1000 and sum(counts) == spent[0] // 10
    spent[0] = 0
    assert sum(halving(4, 400, 2, lambda: None, judge)[2]) > 300     # no cap: the budget


def _position(config: GameConfig, late: bool = False):
    """An action choice in a game of random seats: its first, or its first near the end."""
    from rftg_cli.race.ai.heuristic import rounds_left

    game = new_game(config, 3, registry=registry(), record=False)
    quick = RandomSeat(0)
    while game.pending.kind != "action" or (
            late and rounds_left(game) > SEARCHES["normal"].near_end):
        game.apply(quick.choose(game, game.pending))
    return game


def _plays(position, **changes) -> tuple:
    """(the normal level's answer, the games it played) with its `Level` fields changed."""
    from dataclasses import replace

    seat = ai_seat(1, "normal")
    seat.level = replace(seat.level, **changes)
    answer = seat.choose(position, position.pending)
    return answer, sum(n for _, _, n in seat.last_why.options)


def test_the_normal_level_plays_fewer_games_where_each_costs_more():
    """Near the end the search plays each option to the end of the game, several rounds of
    decisions a play: between seats, the normal level's cap on work (`Level.play_work`)
    gives it fewer plays there, for about the time of an earlier decision; early in the
    game, where a play is two rounds (`Level.seats_horizon`), it takes less off."""
    early, late = _position(GameConfig(players=2)), _position(GameConfig(players=2), late=True)
    assert 0.5 * _plays(early, play_work=0.0)[1] <= _plays(early)[1]
    capped, full = _plays(late)[1], _plays(late, play_work=0.0)[1]
    assert full / 4 <= capped <= 0.75 * full


def test_alone_against_the_robot_the_normal_level_plays_its_whole_budget_near_the_end():
    """One seat's decisions a play: answers come within half a second without the cap,
    which cost 0.4 VP a game against the robot (docs/ai.md, "Between seats")."""
    late = _position(GameConfig(players=1, expansions=("robot", "tgs")), late=True)
    assert _plays(late) == _plays(late, play_work=0.0)
    assert _plays(late)[1] > 0.6 * SEARCHES["normal"].action_games
