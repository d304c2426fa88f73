"""The seat interface: who answers a decision. Human, AI, random and replay seats all
answer the same `Decision`s.

A seat is given the game and the decision. It must base its answer only on what
`game.view(decision.player)` shows (an AI that simulates must first replace the hidden cards
it cannot see with a plausible guess: see `rftg_cli.race.ai.lookahead`).
"""

from __future__ import annotations

from typing import Protocol

from ..driver import TaskDriver
from ..decision import Decision
from ..rng import Rng
from ..ruleset import GameState


class Undo(Exception):
    """The player asked to take back their last decision."""


class Quit(Exception):
    """The player asked to stop (or input ended): save and leave."""


class Seat(Protocol):
    kind: str   # "human", "ai", "random", "replay"

    def choose(self, game: GameState, decision: Decision): ...


class RandomSeat:
    """Uniformly random legal answers, from its own seeded RNG (for tests and baselines)."""

    kind = "random"
    trusted = True      # its answers are drawn from the decision's options (`Game.apply`)

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: GameState, decision: Decision):
        if decision.count is None:
            return self.rng.choice(decision.options)
        low, high = decision.count
        rng = self.rng
        return tuple(rng.sample(decision.options, low + rng.randbelow(high - low + 1)))


def play(game: GameState, seats: list) -> GameState:
    """Ask each pending decision of the seat it belongs to until the game is over (the
    answers of a seat marked `trusted` are not checked again: `Game.apply`)."""
    trusted = [getattr(seat, "trusted", False) for seat in seats]
    if isinstance(game, TaskDriver):    # answered inside the driver's loop (`TaskDriver.run`)
        game.run([(seat.choose, ok) for seat, ok in zip(seats, trusted)])
        return game
    while not game.over:
        player = game.pending.player
        game.apply(seats[player].choose(game, game.pending), trusted=trusted[player])
    return game
