"""The words that follow a number, in one place, so that no message reads "1 cards",
"1 chips" or "good(s)"."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 card', '2 cards', '0 cards'; `many` names an irregular plural ('die', 'dice')."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def verb(n: int, one: str, many: str) -> str:
    """The verb that agrees with a count: verb(1, 'allows', 'allow')."""
    return one if n == 1 else many
