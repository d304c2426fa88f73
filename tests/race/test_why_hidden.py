"""`why` during a game names only what the asking player can see, and in a solo game it
explains the robot's move (issue 38, item 19).

The AI's explanation of a payment or a discard listed its options by name: cards still in
its hand. Told to a player during a game, those options are counted, not named; `rftg
simulate --why` (no one at the table) keeps them. In a solo game `why` said "No computer seat
has decided...": it now tells the robot's dice, where each went by the placement rule of
the solo rules (`../shared/rules/solo-robot.md` §4.3) and what the robot did.
"""

from __future__ import annotations

import re

from typer.testing import CliRunner

from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.race.engine import GameConfig
from rftg_cli.race.ai.search import SearchSeat
from rftg_cli.players.why import why_lines
from rftg_cli.plugins import new_game, ruleset_of
from rftg_cli.race.options import default_answer

from tests.helpers import registry


def hand_names(game, player: int) -> set[str]:
    p = game.players[player]
    return {game.name(c) for c in [*p.hand, *p.explore_seen]}


def quoted(lines: list[str]) -> set[str]:
    return set(re.findall(r'"([^"]+)"', "\n".join(lines)))


def test_why_names_the_cards_of_an_ai_discard_only_to_no_one_at_the_table():
    """The AI's starting discard, explained: in full for `simulate --why`; to the player
    at the table, without the cards in the AI's hand."""
    game = new_game(GameConfig(players=2), 3, registry=registry())
    while game.pending.player != 1:
        game.apply(default_answer(game, game.pending) or game.pending.options[0])
    seat = SearchSeat(5)
    seat.choose(game, game.pending)
    held = hand_names(game, 1)
    assert quoted(why_lines(game, seat.last_why, "AI")) & held       # simulate --why
    told = why_lines(game, seat.last_why, "AI", viewer=0)
    assert not quoted(told) & held
    assert any("name cards in its hand, which you cannot see" in line for line in told)


def test_why_at_the_table_never_names_a_card_in_the_ai_hand():
    """Every decision of the AI seat the play loop makes, over five rounds (discards,
    payments, placements, action cards): its explanation quotes no card the AI holds."""
    config = GameConfig(players=2, names=("You", "AI"))
    game = new_game(config, 7, registry=registry())
    ai = play.ComputerSeat("ai", 7, ruleset_of(config, registry()), "AI", viewer=0)
    counted = set()         # the kinds of decision whose options were counted, not named
    while game.round <= 5:
        decision = game.pending
        if decision.player == 0:
            game.apply(default_answer(game, decision) or decision.options[0])
            continue
        held = hand_names(game, 1)
        game.apply(ai.choose(game, decision))
        assert not quoted(ai.why) & held, ai.why
        if any("which you cannot see" in line for line in ai.why):
            counted.add(decision.kind)
    assert {"pay", "explore", "develop", "settle"} <= counted


def test_why_in_a_solo_game_explains_the_robots_dice(monkeypatch, tmp_path):
    monkeypatch.setenv("RFTG_SAVE_DIR", str(tmp_path))
    runner = CliRunner()
    first = runner.invoke(app, ["new", "--seed", "1", "--name", "s"], input="\n" * 6)
    assert first.exit_code == 0, first.output
    rolled = [line for line in first.output.splitlines() if "Robot rolls " in line][-1]
    cells = [part.rsplit(" on ", 1)[1] for part in
             rolled.split("Robot rolls ", 1)[1].rstrip(".").split(" and ")]
    again = runner.invoke(app, ["resume", "s"], input="why\nquit\n")
    assert again.exit_code == 0, again.output
    assert "No computer seat has decided" not in again.output
    lines = again.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Robot (it follows"))
    assert "it rolled " in lines[start]
    placed = [line.split(" went on ", 1)[1] for line in lines[start + 1:] if " went on " in line]
    assert len(placed) == len(cells)        # a cell's name may hold " (1)": compare its start
    assert all(where.startswith(cell + " ") or where == cell for where, cell in zip(placed, cells))
    assert any(line.startswith("  So it took ") for line in lines[start:])
