"""A newcomer's first dice game against the bot at 80x24: the bot's board reads whole."""

from __future__ import annotations

from tests.host.test_table_app import look_at
from tests.roll.test_roll_table import asked, game_at, squash, table


def test_the_bot_s_rolled_phases_are_apart_from_its_stacks_and_an_empty_tableau_says_so():
    """The pane read "Bot: $1 · rolled Explore, Ship: Developments: Public Works · Worlds:
    ... Tableau:" (the stacks as if rolled, the empty tableau as nothing at all)."""
    game = game_at(asked("assign"), ai=0)
    view = table(game).view(game, 0, game.pending)
    text = squash(" ".join(row[39:] for row in look_at(view)))
    assert "Bot ($" in text and "rolled" in text, text
    assert "): Developments: " in text, text
    assert "Tableau: -" in text, text


def test_the_final_verdict_speaks_to_you_in_the_second_person():
    """The last line of a dice game you won read "You wins!"."""
    import io

    from rich.console import Console

    from rftg_cli.expansions.roll.screen import SCREEN
    from tests.roll.roll_helpers import blank

    game = blank(players=2)
    game.players[0].name, game.players[1].name = "You", "Ann"
    game.over, game.end_reason = True, "a player has 12 tiles"
    for winner, verdict in ((0, "You win!"), (1, "Ann wins!")):
        for p in game.players:
            p.vp = 0
        game.players[winner].vp = 5
        console = Console(file=io.StringIO(), width=80)
        console.print(SCREEN.final(game, console))
        assert verdict in console.file.getvalue()
