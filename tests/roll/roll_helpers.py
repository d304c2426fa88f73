"""Constructed positions for Roll for the Galaxy tests: a game whose players are emptied and
then given exactly the tiles, dice and credits the test names, and one phase (or step) run
on it, answered by text as a player would type."""

from __future__ import annotations

from rftg_cli.expansions.roll import create
from rftg_cli.expansions.roll.data import PHASES
from rftg_cli.expansions.roll.state import Player, RollGame

from rftg_cli.config import GameConfig
from rftg_cli.rng import Rng


def new_game(players: int = 2, seed: int = 1, **options: str) -> RollGame:
    config = GameConfig(players=players, options=tuple(sorted(options.items())))
    return create(config, seed)


def blank(players: int = 2, seed: int = 1, **options: str) -> RollGame:
    """A game at the start of round 1 whose players own nothing (dice back in the supply,
    tiles back in the bag): the test gives them what it needs."""
    g = new_game(players, seed, **options)
    g.pending = None
    g.resume = None
    g.tasks = []
    for p in g.players:
        for colour in p.all_dice():
            g.supply[colour] += 1
        for tile in p.dev_stack + p.world_stack:
            g.bag.append(tile)
        fresh = Player(p.name)
        g.players[g.players.index(p)] = fresh
        fresh.credits = 1
    if g.bot:
        g.bag += g.bot.world_stack + g.bot.dev_stack
        g.bot.world_stack.clear()
        g.bot.dev_stack.clear()
    g.bag.sort()
    g.round = 1
    return g


def tile_id(g: RollGame, name: str) -> int:
    return g.side(name).tile


def give(g: RollGame, pi: int, *names: str) -> None:
    """Put these sides in the player's tableau (game tiles leave the bag)."""
    p = g.players[pi]
    for name in names:
        side = g.side(name)
        if side.tile:
            g.bag.remove(side.tile)
        p.tableau.append(name)


def stack(g: RollGame, pi: int, *names: str) -> None:
    """Put these sides on the player's construction stacks, in order (top first)."""
    p = g.players[pi]
    for name in names:
        side = g.side(name)
        g.bag.remove(side.tile)
        p.stack(side.type).append(side.tile)


def dice(g: RollGame, colours: str) -> list[str]:
    """'white white red' -> dice taken from the supply."""
    out = colours.split()
    for c in out:
        assert g.take_supply(c), f"no {c} die left in the supply"
    return out


def workers(g: RollGame, pi: int, phase: str, colours: str, wild: bool = False) -> None:
    g.players[pi].columns[phase] += [(c, wild) for c in dice(g, colours)]
    g.players[pi].columns[phase].sort()


def good(g: RollGame, pi: int, world: str, colour: str) -> None:
    g.players[pi].goods.setdefault(world, []).extend(dice(g, colour))


def run_phase(g: RollGame, phase: str, players=(0,)) -> None:
    """Run one phase for these players, from its start to its end-of-phase powers."""
    g.pending = None
    g.tasks = []
    g.selected = (phase,)
    g.push(("phase_begin", phase), *[(phase, i) for i in players], ("phase_end", phase))
    g.run()


def run_task(g: RollGame, *entry) -> None:
    g.pending = None
    g.tasks = []
    g.push(tuple(entry))
    g.run()


def say(g: RollGame, text: str) -> None:
    """Answer the pending decision as a player would type it."""
    assert g.pending is not None, f"no decision pending for {text!r}"
    g.apply(g.parse_answer(text))


def texts(g: RollGame) -> list[str]:
    """The text of every legal answer to the pending decision."""
    return [g.answer_text(a) for a in g.legal_answers(500)]


def play_random(players: int, seed: int, check=None) -> RollGame:
    """A whole game of random answers (the text of each is round-tripped)."""
    g = new_game(players, seed)
    rng = Rng(seed)
    steps = 0
    while not g.over:
        answer = g.sample_answer(rng)
        assert g.parse_answer(g.answer_text(answer)) == answer
        g.apply(answer)
        steps += 1
        if check:
            check(g)
        assert steps < 20000, "the game does not end"
    return g


__all__ = ["PHASES", "blank", "dice", "give", "good", "new_game", "play_random", "run_phase",
           "run_task", "say", "stack", "texts", "tile_id", "workers"]
