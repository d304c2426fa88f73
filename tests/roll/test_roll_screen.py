"""The dice game's screen: every decision of a game renders, one seat's secrets stay hidden
from another while assigning, and the final score names the winner."""

from __future__ import annotations

import io

from rftg_cli.expansions.roll.ai import RollAI
from rftg_cli.expansions.roll.catalog import CATALOG
from rftg_cli.expansions.roll.screen import SCREEN
from rich.console import Console

from rftg_cli.rng import Rng
from tests.roll.roll_helpers import new_game, say, texts


def render(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=120, no_color=True, highlight=False).print(renderable)
    return out.getvalue()


def test_a_whole_solo_game_renders_at_every_decision():
    g = new_game(1, 3)
    ai = RollAI(0)
    while not g.over:
        d = g.pending
        text = render(SCREEN.board(g, 0, Console(), d))
        assert "Player 1 (you)" in text and "Bot" in text
        assert SCREEN.status(g, 0).startswith(f"Round {g.round}")
        g.apply(ai.choose(g, d))
    final = render(SCREEN.final(g, Console()))
    assert "Final score" in final and ("wins!" in final or "Shared victory" in final)


def test_the_columns_show_after_the_roll_and_stay_hidden_from_the_others():
    g = new_game(2, 6)
    while g.pending.kind == "start":
        say(g, texts(g)[0])
    mine = render(SCREEN.board(g, 0, Console(), g.pending))
    theirs = render(SCREEN.board(g, 1, Console(), None))
    assert "Explore" in mine and "Develop" in mine
    p0 = g.players[0]
    assert f"cup: {len(p0.cup)} dice" in theirs or "Explore" not in theirs.split("Player 1")[1]


def test_the_tile_list_shows_both_sides():
    text = render(CATALOG.show(CATALOG.find("nanotech", {})))
    assert "Nanotechnology (5)" in text and "Radioactive World (brown 2)" in text
    assert "Spice World" not in text


def test_random_positions_render():
    g = new_game(4, 9)
    rng = Rng(2)
    for _ in range(300):
        if g.over:
            break
        render(SCREEN.board(g, g.pending.player, Console(), g.pending))
        g.apply(g.sample_answer(rng))
