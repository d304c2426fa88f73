"""The robot's state, kept in `game.extra["robot"]`.

Plain data: card numbers (indexes into `game.design`) and small integers. `copy()` makes an
independent copy (AI look-ahead); `repr()` is deterministic and goes into `game.digest()`.
"""

from __future__ import annotations

KEY = "robot"


class RobotState:
    __slots__ = (
        "cells",
        "credits",
        "difficulty",
        "economy",
        "faces",
        "lines",
        "marker",
        "pile",
        "prestige",
        "robot_equals",
        "roll",
        "start_world",
        "tableau",
        "tiles_left",
        "tiles_placed",
        "used",
        "vp",
    )

    def __init__(self, difficulty: str = "medium") -> None:
        self.difficulty = difficulty
        self.start_world = -1           # card number of its start world (-1 once discarded)
        self.marker = ""                # name of the start world whose marker it uses
        self.pile: list[int] = []       # face-down hand pile; the top is the end of the list
        self.tableau: list[int] = []    # real cards, in the order placed
        self.credits = 0
        self.economy = 0
        self.vp = 0                     # VP chips
        self.prestige = 0
        self.tiles_left = 0             # 6-cost development tiles still beside the mat
        self.tiles_placed = 0           # tiles in its tableau (each counts as a card)
        self.robot_equals = "settle"    # the action a robot die face means now
        self.used: tuple[str, ...] = () # one-shot specials already spent
        self.roll: tuple[str, ...] = ()     # this round's raw faces
        self.faces: tuple[str, ...] = ()    # ... translated through "Robot ="
        self.cells: tuple[str, ...] = ()    # ... and the cell each die went to
        self.lines: list[str] = []          # what it did this round, in plain English

    def copy(self) -> RobotState:
        new = RobotState.__new__(RobotState)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(new, name, value.copy() if isinstance(value, list) else value)
        return new

    def cards(self) -> list[int]:
        """Every card the robot holds (pile, then tableau): for 'one place per card' checks."""
        return self.pile + self.tableau

    def hidden_card_lists(self) -> list[list[int]]:
        """The card lists whose contents and order no seat may see (their sizes are public):
        the face-down pile. The list objects themselves, so an AI's determinization can deal
        other cards into them in place (`rftg_cli.race.ai.lookahead.determinize`)."""
        return [self.pile]

    def digest_part(self) -> str:
        return repr(self)

    def view(self, player: int) -> dict:
        """Public facts only: the pile's size, never its cards."""
        return {"pile_size": len(self.pile), "tableau": list(self.tableau),
                "credits": self.credits, "economy": self.economy, "vp": self.vp,
                "prestige": self.prestige, "tiles_left": self.tiles_left,
                "tiles_placed": self.tiles_placed, "tableau_size": self.tableau_size,
                "robot_equals": self.robot_equals,
                "faces": list(self.faces), "cells": list(self.cells),
                "difficulty": self.difficulty, "marker": self.marker}

    @property
    def tableau_size(self) -> int:
        """Cards in its tableau for the game end: each tile counts as a card."""
        return len(self.tableau) + self.tiles_placed

    def _key(self) -> tuple:
        return (self.difficulty, self.start_world, self.marker, self.pile, self.tableau,
                self.credits, self.economy, self.vp, self.prestige, self.tiles_left,
                self.tiles_placed, self.robot_equals, self.used, self.roll, self.cells)

    def __repr__(self) -> str:
        return "RobotState" + repr(self._key())

    def __eq__(self, other) -> bool:
        return isinstance(other, RobotState) and self._key() == other._key()

    __hash__ = None
