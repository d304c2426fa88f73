"""Decisions: every choice a seat makes, as data with its legal answers.

Two shapes cover the whole game:

* a *choice*: the answer is one of `options` (action cards, which card to place, which power
  to use with which goods, ...);
* a *pick*: the answer is a set of `count` distinct entries of `options` (explore keep,
  payment, hand-limit discards), given as a sorted tuple.

Answers are plain ints, strings and tuples, so they save to TOML and replay exactly.
`legal_answers` and `sample_answer` enumerate and draw them, picks included, for a search.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, islice
from math import comb


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

    @property
    def bounds(self) -> tuple[int, int]:
        """A pick's (fewest, most) options to take; a choice has none."""
        if self.count is None:
            raise ValueError(f"the {self.kind!r} decision is a choice, not a pick")
        return self.count

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

    def legal_answers(self, limit: int = 10_000) -> list:
        """Every legal answer, up to `limit` of them: the options of a choice; for a pick,
        each allowed number of options in turn, every combination (as a sorted tuple)."""
        if self.count is None:
            return list(self.options[:limit])
        low, high = self.count
        pool = sorted(set(self.options))
        sizes = range(max(low, 0), min(high, len(pool)) + 1)
        every = (combo for k in sizes for combo in combinations(pool, k))
        return list(islice(every, max(limit, 0)))

    def sample_answer(self, rng):
        """One legal answer drawn uniformly from all of them (a pick: every allowed set of
        options equally likely, whatever its size). `rng` needs `randint` and `sample`."""
        if self.count is None:
            if not self.options:
                raise IllegalChoice("this decision has no legal answer")
            return self.options[rng.randint(0, len(self.options) - 1)]
        low, high = self.count
        pool = sorted(set(self.options))
        sizes = range(max(low, 0), min(high, len(pool)) + 1)
        # A size is drawn in proportion to how many sets have it, then a set of that size.
        draw = rng.randint(0, sum(comb(len(pool), k) for k in sizes) - 1)
        for k in sizes:
            if draw < comb(len(pool), k):
                return tuple(sorted(rng.sample(pool, k)))
            draw -= comb(len(pool), k)
        raise IllegalChoice("this pick has no legal answer")
