"""Text from outside the program (save names, player names, file names) made safe to print.

A name may come from a command line or an edited save; printed as it is, an escape sequence
in it would drive the player's terminal (clear it, retitle it, fake a prompt) and a newline
would forge a line of output. Every character that is not printable is shown as its Python
escape instead (`\\x1b`, `\\n`, `\\u202e`), so the name stays recognisable and inert.
"""

from __future__ import annotations


def printable(text: object) -> str:
    """`text` with each non-printable character (controls, bidi overrides, line
    separators) replaced by its escape; printable text is returned as it is."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def has_controls(text: str) -> bool:
    """True when printing `text` as it is would do more than show characters."""
    return not text.isprintable()


def shown(text: str, limit: int = 40) -> str:
    """Text echoed in a one-line message: quoted with escapes (no control character reaches
    the terminal) and cut, so a pasted novel still gives one short line."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return repr(cut)


def cut_escaped(text: object, limit: int = 40) -> str:
    """`text` cut at `limit` characters ("..." after) with every non-printable character
    as a `\\uXXXX` escape: one inert short line, for echoing typed text or a file's value."""
    text = str(text)
    cut = text[:limit] + ("..." if len(text) > limit else "")
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in cut)
