"""Expansion state: what a plugin keeps in a game, and what it must say about it.

A plugin's state lives in `game.extra[key]` and must follow `ExpansionState`: the engine
copies it for every AI look-ahead, digests it for saves, shows each seat only its `view`, and
deals the cards of its `hidden_card_lists` anew when an AI determinizes. `StateDict` refuses
any other value, so a list or an object whose `repr` holds an address can never slip in.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class ExpansionState(Protocol):
    def copy(self) -> ExpansionState:
        """An independent copy: nothing mutable shared with the original."""

    def digest_part(self) -> str:
        """Deterministic text of everything that defines the position (same on every run)."""

    def view(self, player: int) -> dict:
        """What seat `player` may see of it (plain data)."""

    def hidden_card_lists(self) -> list[list[int]]:
        """The card lists no seat may see (sizes public): the list objects themselves, so a
        determinization can deal other cards into them in place."""


REQUIRED = ("copy", "digest_part", "view", "hidden_card_lists")


class StateDict(dict):
    """`game.extra`: expansion name -> its `ExpansionState`, checked on every assignment."""

    __slots__ = ()

    def __setitem__(self, key: str, value) -> None:
        missing = [m for m in REQUIRED if not callable(getattr(value, m, None))]
        if missing or not isinstance(key, str):
            raise TypeError(f"expansion state {key!r} ({type(value).__name__}) must be keyed by "
                            f"a name and define {', '.join(missing or REQUIRED)}: "
                            "see rftg_cli.race.engine.extra.ExpansionState")
        super().__setitem__(key, value)

    def copy(self) -> StateDict:
        out = StateDict()
        for key, value in self.items():
            dict.__setitem__(out, key, value.copy())
        return out

    def digest_text(self) -> str:
        return "[" + ", ".join(f"({k!r}, {self[k].digest_part()})" for k in sorted(self)) + "]"

    def views(self, player: int) -> dict:
        return {k: self[k].view(player) for k in sorted(self)}

    def hidden_card_lists(self) -> list[list[int]]:
        """Every hidden list, in key order (so a copy gives its lists in the same order)."""
        return [lst for k in sorted(self) for lst in self[k].hidden_card_lists()]
