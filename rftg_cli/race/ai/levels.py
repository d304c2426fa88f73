"""The card game's AI levels, weakest first: `fast` (one-ply look-ahead with rules of thumb,
`ai.AISeat`: the AI of rftg before levels, so a save without a level plays on with it),
`normal` and `strong` (Monte Carlo search, `ai_search.SearchSeat`, with more simulated
play for `strong`). `normal` is the default: it answers within about half a second."""

from __future__ import annotations

LEVELS = ("fast", "normal", "strong")
DEFAULT_LEVEL = "normal"


def ai_seat(seed: int, level: str = DEFAULT_LEVEL):
    """The AI seat of a level (ValueError for a level that does not exist)."""
    if level == "fast":
        from .lookahead import AISeat

        return AISeat(seed)
    if level not in LEVELS:
        raise ValueError(f"no AI level {level!r}: choose from {', '.join(LEVELS)}")
    from .search import SearchSeat

    return SearchSeat(seed, level)
