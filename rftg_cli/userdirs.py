"""The player's own folders: where rftg keeps per-user configuration (plugin files) and data
(the key that hides running games' deals), by each system's convention.

Linux and other Unixes follow the XDG base directories (`$XDG_CONFIG_HOME`, default
`~/.config`; `$XDG_DATA_HOME`, default `~/.local/share`); macOS uses
`~/Library/Application Support`, Windows `%APPDATA%` and `%LOCALAPPDATA%`. `RFTG_DATA_DIR`
overrides the data folder (tests and portable setups use it). None when the system gives no
home folder; nothing is created here: callers create what they need, when they need it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "rftg"


def _home() -> Path | None:
    try:
        return Path.home()
    except RuntimeError:     # no HOME and no password-database entry
        return None


def _base(xdg: str, unix_default: str, windows: str) -> Path | None:
    if sys.platform == "win32":
        root = os.environ.get(windows)
        return Path(root) / APP if root else None
    home = _home()
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP if home else None
    root = os.environ.get(xdg)
    if root and Path(root).is_absolute():    # the spec: a relative value is ignored
        return Path(root) / APP
    return home / unix_default / APP if home else None


def config_dir() -> Path | None:
    """The folder of rftg's per-user configuration."""
    return _base("XDG_CONFIG_HOME", ".config", "APPDATA")


def data_dir() -> Path | None:
    """The folder of rftg's per-user data: `RFTG_DATA_DIR`, else the system's convention."""
    override = os.environ.get("RFTG_DATA_DIR")
    if override:
        return Path(override)
    return _base("XDG_DATA_HOME", ".local/share", "LOCALAPPDATA")
