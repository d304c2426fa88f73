"""Numbers as a player types them, in any script's digits, never handed to `int` unchecked."""

from __future__ import annotations

import unicodedata

# Larger than any option count; longer numbers are out of range without being converted.
MAX_NUMBER = 999_999


def number(token: str) -> int | None:
    """The value of a number typed in any script's decimal digits ('3', '٣', '３'), or None.

    Superscripts and other non-decimal digits are not numbers (`int` refuses them), and a
    number too long to be an option's is MAX_NUMBER + 1 rather than handed to `int` (which
    refuses more than 4,300 digits)."""
    token = token.strip()
    if not token or not token.isdecimal():
        return None
    digits = "".join(str(unicodedata.decimal(ch)) for ch in token).lstrip("0")
    if len(digits) > len(str(MAX_NUMBER)):
        return MAX_NUMBER + 1
    return int(digits or "0")
