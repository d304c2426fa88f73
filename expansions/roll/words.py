"""The English of the dice game's messages, made in one place: a verb that agrees with its
subject ("You gain $2", "Ann gains $2", "which die completes", "which 2 dice complete") and a
count with its noun ("1 die", "3 dice", "1 tile")."""

from __future__ import annotations

YOU = "You"      # the name of a lone human seat: the messages speak to it in the second person
PLURAL = {"die": "dice"}


def counted(n: int, noun: str) -> str:
    """'1 die', '2 dice', '0 tiles', '1 VP chip'."""
    return f"{n} {noun if n == 1 else PLURAL.get(noun, noun + 's')}"


def third_person(verb: str) -> str:
    """'gain' -> 'gains', 'have' -> 'has', 'go' -> 'goes'."""
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


def agrees(one: bool, verb: str) -> str:
    """The verb of a third-person subject, singular when `one`."""
    return third_person(verb) if one else verb


def says(name: str, verb: str) -> str:
    """'You gain', 'Ann gains': the verb as the player named `name` does it."""
    return agrees(name != YOU, verb)
