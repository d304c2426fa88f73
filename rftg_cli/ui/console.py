"""The rich console every command prints through: plain ASCII when asked (`RFTG_ASCII=1`) or
when the terminal cannot show more."""

from __future__ import annotations

import os
import sys
import unicodedata

from rich import box
from rich.console import Console


# One character for one, so that tables keep their columns.
ASCII_FOR = str.maketrans({"…": ".", "—": "-", "–": "-", "·": "-", "✓": "+", "■": "#",
                           "→": ">", "←": "<", "×": "x", "“": '"', "”": '"', "‘": "'",
                           "’": "'", "«": '"', "»": '"'})


def ascii_text(text: str) -> str:
    """`text` in ASCII: our marks by their ASCII stand-ins, accented letters without their
    accents, anything else as '?'."""
    text = text.translate(ASCII_FOR)
    if text.isascii():
        return text
    return "".join(ch if ch.isascii() else unicodedata.normalize("NFKD", ch).encode(
        "ascii", "ignore").decode() or "?" for ch in text)


class AsciiFile:
    """A stream that writes everything given to it in ASCII (`ascii_text`)."""

    def __init__(self, file) -> None:
        self.file = file

    def write(self, text: str) -> int:
        return self.file.write(ascii_text(text))

    def __getattr__(self, name: str):
        return getattr(self.file, name)


class AsciiConsole(Console):
    """A console that says its output is ASCII (`RFTG_ASCII=1`): rich then draws every
    table's and panel's box in ASCII, as for a terminal without UTF-8, and its stream
    writes the rest of the text in ASCII too."""

    @property
    def encoding(self) -> str:
        return "ascii"


def make_console(file=None) -> Console:
    """The console every command prints with: ASCII boxes and marks with `RFTG_ASCII=1` or
    on a terminal without UTF-8."""
    file = file or sys.stdout
    if os.environ.get("RFTG_ASCII"):
        console = AsciiConsole(file=AsciiFile(file), highlight=False, emoji=False,
                               soft_wrap=False)
    else:
        console = Console(file=file, highlight=False, emoji=False, soft_wrap=False)
    console.ascii_only = not (console.encoding or "").lower().startswith("utf")
    return console


def box_for(console: Console):
    return box.ASCII if getattr(console, "ascii_only", False) else box.ROUNDED
