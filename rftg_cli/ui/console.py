"""The rich console every command prints through: plain ASCII when asked (`RFTG_ASCII`) or
when the terminal cannot show more."""

from __future__ import annotations

import os
import sys

from rich import box
from rich.console import Console


def make_console(file=None) -> Console:
    file = file or sys.stdout
    console = Console(file=file, highlight=False, emoji=False, soft_wrap=False)
    console.ascii_only = bool(os.environ.get("RFTG_ASCII")) or \
        not (console.encoding or "").lower().startswith("utf")
    return console


def box_for(console: Console):
    return box.ASCII if getattr(console, "ascii_only", False) else box.ROUNDED
