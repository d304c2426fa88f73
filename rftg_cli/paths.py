"""Where rftg keeps a player's files when nothing says otherwise: one folder per user, the
same from every working directory (saves, prompt history).

`XDG_DATA_HOME` is honoured on every system (tests point it at a temporary folder); else
the platform's usual place: `%APPDATA%\\rftg` on Windows, `~/Library/Application
Support/rftg` on macOS, `~/.local/share/rftg` elsewhere.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "rftg"


def data_dir() -> Path:
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg) / APP
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / APP
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP
    return Path.home() / ".local" / "share" / APP


def history_file() -> Path:
    """The prompt's history of answers, kept between games."""
    return data_dir() / "history"
