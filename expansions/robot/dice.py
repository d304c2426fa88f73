"""The robot's dice and their placement on the mat's 9 action cells (spec §4.3).

Pure functions: no game, no RNG. `place_dice` is the rulebook procedure.
"""

from __future__ import annotations

CELLS = ("E1", "E2", "D1", "D2", "S1", "S2", "C$", "Cx2", "P")
PAIRS = {"explore": ("E1", "E2"), "develop": ("D1", "D2"), "settle": ("S1", "S2")}
SINGLE = {"trade": "C$", "consume2": "Cx2", "produce": "P"}
LEFT = {"E2": "E1", "D2": "D1", "S2": "S1"}
PHASE_OF_CELL = {"E1": "explore", "E2": "explore", "D1": "develop", "D2": "develop",
                 "S1": "settle", "S2": "settle", "C$": "consume", "Cx2": "consume",
                 "P": "produce"}
# The action card id each cell stands for (what the engine's phase plan understands).
ACTION_OF_CELL = {"E1": "explore5", "E2": "explore11", "D1": "develop", "D2": "develop2",
                  "S1": "settle", "S2": "settle2", "C$": "trade", "Cx2": "consume2",
                  "P": "produce"}
CELL_NAMES = {"E1": "Explore (1)", "E2": "Explore (2)", "D1": "Develop (1)",
              "D2": "Develop (2)", "S1": "Settle (1)", "S2": "Settle (2)",
              "C$": "Consume: Trade", "Cx2": "Consume: x2", "P": "Produce"}
FACE_NAMES = {"explore": "Explore", "develop": "Develop", "settle": "Settle",
              "trade": "Consume-Trade", "consume2": "Consume-x2", "produce": "Produce",
              "star": "Star", "robot": "Robot"}
_PHASE_OF_ACTION = {"explore5": "explore", "explore11": "explore", "develop": "develop",
                    "develop2": "develop", "settle": "settle", "settle2": "settle",
                    "trade": "trade", "consume2": "consume2", "produce": "produce"}


def human_cells(actions, single: str = "left") -> tuple[str, ...]:
    """The cells of your 2 markers, in mat order. An Explore, Develop or Settle marker goes on
    the `single` ("left" or "right") cell of its pair, whichever card it was, a second one on
    the other cell (the rules say where a single die goes, not your marker [P])."""
    used: list[str] = []
    for a in actions:
        kind = _PHASE_OF_ACTION[a]
        if kind in PAIRS:
            first, second = PAIRS[kind] if single == "left" else PAIRS[kind][::-1]
            used.append(second if first in used else first)
        else:
            used.append(SINGLE[kind])
    return tuple(sorted(set(used), key=CELLS.index))


def translate(face: str, robot_equals: str) -> str:
    """A robot face means the action on the current "Robot =" marker."""
    return robot_equals if face == "robot" else face


def place_dice(human: tuple[str, ...], faces: tuple[str, ...]) -> tuple[str, ...]:
    """Where each (translated) die goes, in the order of `faces`.

    Non-star dice first: Explore/Develop/Settle take the left cell of their pair, or the right
    one if a robot die is already on the left; other faces take their cell (two dice on one
    single cell are one action [P]). Then stars copy your markers: two stars go under both;
    one star goes under your other marker if the robot's other die is under one of yours,
    else under your rightmost marker; a star on E2/D2/S2 slides left if that cell is free
    of robot dice.
    """
    human = tuple(sorted(human, key=CELLS.index))
    out: list[str | None] = [None] * len(faces)
    robot: list[str] = []
    for i, face in enumerate(faces):
        if face == "star":
            continue
        if face in PAIRS:
            left, right = PAIRS[face]
            cell = right if left in robot else left
        elif face in SINGLE:
            cell = SINGLE[face]
        else:
            raise ValueError(f"not a die face: {face!r}")
        out[i] = cell
        robot.append(cell)
    stars = [i for i, f in enumerate(faces) if f == "star"]
    if len(stars) >= 2:
        # With one marker only (your other card searched: BoW) both copy it.
        targets = (list(human) * 2)[:len(stars)]
    elif stars:
        under = [c for c in human if c in robot]
        if under and len(human) > 1:
            targets = [c for c in human if c not in under][-1:] or [human[-1]]
        else:
            targets = [human[-1]]
    else:
        targets = []
    for i, cell in zip(stars, targets):
        if cell in LEFT and LEFT[cell] not in robot:
            cell = LEFT[cell]
        out[i] = cell
        robot.append(cell)
    return tuple(out)


def robot_actions(cells) -> tuple[str, ...]:
    """Action ids for the engine's phase plan (one per occupied robot cell)."""
    return tuple(ACTION_OF_CELL[c] for c in sorted(set(cells), key=CELLS.index))
