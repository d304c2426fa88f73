"""`hint` at a prompt: what the ruleset's AI, at its default level, would answer for the
seat that asks, with its reasons in plain English (the `why` machinery).

The AI is never shown the real game: it decides on a copy in which everything the asking
seat cannot see (other hands, the deck's order) is dealt anew (`determinize`), from a seed
made of public facts only. So the hint is the same whatever the hidden cards are, and names
nothing the seat has not seen.
"""

from __future__ import annotations

from ..rng import Rng
from .why import why_lines

WHOSE = "  (the AI's answer, from what you can see)"   # after the hint's answer
HINT_SEED = 0x68696E74     # "hint": the hint's own stream, never the game's seed


def hint_seed(game, player: int) -> int:
    """A seed from what every seat knows: how many answers were given, and who asks."""
    return (HINT_SEED * 1_000_003 + len(game.history) * 7919 + player) % 2**63


def ai_answer(game, player: int, ruleset):
    """The default-level AI's answer to `player`'s pending decision and its last `Why`
    (None if it gives no reasons), decided on a re-dealt copy; (None, None) when the ruleset
    has no AI."""
    factory = ruleset.part("ai_seat")
    if factory is None:
        return None, None
    seed = hint_seed(game, player)
    seat = factory(seed, ruleset.ai_level) if ruleset.ai_levels else factory(seed)
    guess = game.determinize(player, Rng(seed))
    return seat.choose(guess, guess.pending), getattr(seat, "last_why", None)


def hint_lines(game, player: int, ruleset, words=None) -> list[str]:
    """The hint, one line each: the answer, then the AI's reasons. The answer is named as
    the seat's screen lists it, `words(game, decision, answer)`, else as the save writes it
    (both read back to it when typed)."""
    return hinted(game, player, ruleset, words)[1]


def hinted(game, player: int, ruleset, words=None) -> tuple:
    """The hint's answer (None without an AI) and its lines (`hint_lines`)."""
    answer, why = ai_answer(game, player, ruleset)
    if answer is None:
        return None, ["This game has no AI to ask for a hint."]
    level = f" ({ruleset.ai_level} level)" if ruleset.ai_level else ""
    said = words(game, game.pending, answer) if words else game.answer_text(answer)
    lines = [f"Hint: {said}{WHOSE}"]
    if why is not None:
        lines += why_lines(game, why, f"The AI{level}", player)
    return answer, lines
