"""Decisions: every choice a seat makes, as data with its legal answers.

Two shapes cover the whole game:

* a *choice*: the answer is one of `options` (action cards, which card to place, which power
  to use with which goods, ...);
* a *pick*: the answer is a set of `count` distinct entries of `options` (explore keep,
  payment, hand-limit discards), given as a sorted tuple.

Answers are plain ints, strings and tuples, so they save to TOML and replay exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class IllegalChoice(ValueError):
    """The answer is not legal for the pending decision; the message says why."""


@dataclass(slots=True)
class Decision:
    kind: str                     # "action", "explore", "develop", "pay", "settle", ...
    player: int
    options: tuple                # legal answers (choice) or candidates (pick)
    count: tuple[int, int] | None = None   # (min, max) for a pick; None for a choice
    prompt: str = ""              # what is asked, in English
    info: dict = field(default_factory=dict)   # context for the UI (cost, phase, ...)

    @property
    def is_pick(self) -> bool:
        return self.count is not None

    def check(self, answer):
        """Return the answer in canonical form, or raise IllegalChoice with the reason."""
        if self.count is None:
            if answer in self.options:
                return answer
            raise IllegalChoice(f"{answer!r} is not one of the legal options")
        try:
            chosen = tuple(sorted(answer))
        except TypeError as exc:
            raise IllegalChoice(f"{answer!r} is not a list of options") from exc
        low, high = self.count
        if not low <= len(chosen) <= high:
            need = str(low) if low == high else f"{low} to {high}"
            raise IllegalChoice(f"choose {need}, not {len(chosen)}")
        if len(set(chosen)) != len(chosen):
            raise IllegalChoice("the same entry was chosen twice")
        legal = set(self.options)
        for item in chosen:
            if item not in legal:
                raise IllegalChoice(f"{item!r} cannot be chosen here")
        return chosen
