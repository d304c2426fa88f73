"""Why the robot did what it did (`why` at a prompt of a solo game): its last roll, where
each die went by the placement rule (spec §4.3, `dice.place_dice`), the actions that gave
it, and what it did with them. All of it is public: the dice are rolled in the open."""

from __future__ import annotations

from .dice import CELL_NAMES, FACE_NAMES, PAIRS, SINGLE, robot_actions
from .state import KEY


def robot_why(game) -> list[str]:
    """The lines explaining the robot's last move, or none before its first roll."""
    st = game.extra.get(KEY)
    if st is None or not st.roll:
        return []
    out = ["Robot (it follows the solo rules, not a search): it rolled "
           + " and ".join(FACE_NAMES[f] for f in st.roll) + "."]
    for raw, face, cell, other, other_face in zip(st.roll, st.faces, st.cells, st.cells[::-1],
                                                  st.faces[::-1]):
        rule = _rule(face, cell, other, other_face)
        out.append(f"  {_die(raw, face)} went on {CELL_NAMES[cell]} ({rule}).")
    index = game.rules.action_index()
    actions = [index[a].name for a in robot_actions(st.cells) if a in index]
    out.append("  So it took " + " and ".join(actions) + " as its actions, and answered the "
               "other phases called with its response.")
    done = [line for line in st.lines if not line.startswith("Robot rolls")]
    if done:
        out.append("  What it did then:")
        out += ["    " + line for line in done]
    return out


def _die(raw: str, face: str) -> str:
    if raw == "robot":
        return f"The Robot face, {FACE_NAMES[face]} by its \"Robot =\" marker,"
    return f"The {FACE_NAMES[raw]} face"


def _rule(face: str, cell: str, other: str, other_face: str) -> str:
    """Which part of the placement rule put a die of `face` on `cell` (`other`: where the
    other die, of `other_face`, went)."""
    if face == "star" and other_face == "star":
        return "two stars copy both of your actions"
    if face == "star":
        return ("a star copies one of your actions: your other one when its other die sits "
                "under one of yours, else your rightmost; on the second cell of a pair it "
                "moves to the first when that one is free")
    if face in PAIRS:
        if cell == PAIRS[face][1]:
            return "its other die had taken the left cell of the pair"
        return "a die of this action takes the left cell of its pair"
    if face in SINGLE and cell == other:
        return "its cell; two dice on one cell are one action"
    return "the cell of its action"
