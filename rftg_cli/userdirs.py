"""The player's own folders: where rftg keeps per-user configuration (plugin files) and data
(the key that seals saves and hides running games' deals), by each system's convention, as
platformdirs knows it.

Linux and other Unixes follow the XDG base directories (`$XDG_CONFIG_HOME`, default
`~/.config`; `$XDG_DATA_HOME`, default `~/.local/share`); macOS uses
`~/Library/Application Support`, Windows `%APPDATA%` (configuration, roaming) and
`%LOCALAPPDATA%` (data). `RFTG_DATA_DIR` overrides the data folder (tests and portable
setups use it), resolved against the directory rftg starts in when it is relative.

A folder that would not be absolute (from a relative `HOME` or XDG value, which older
platformdirs releases passed through) is no folder: plugin files run with the player's rights,
so they never come from the current directory by accident (issue 41: with `HOME=.`,
`./.config/rftg/plugins` was loaded). None then, as on a system with no home folder; nothing
is created here: callers create what they need, when they need it.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "rftg"


def _absolute(folder: str) -> Path | None:
    path = Path(folder)
    return path if path.is_absolute() else None


def config_dir() -> Path | None:
    """The folder of rftg's per-user configuration."""
    import platformdirs

    try:
        return _absolute(platformdirs.user_config_dir(APP, appauthor=False, roaming=True))
    except (RuntimeError, KeyError):      # no home folder and no password-database entry
        return None


def data_dir() -> Path | None:
    """The folder of rftg's per-user data: `RFTG_DATA_DIR`, else the system's convention."""
    import platformdirs

    override = os.environ.get("RFTG_DATA_DIR")
    if override:
        return Path(override).absolute()
    try:
        return _absolute(platformdirs.user_data_dir(APP, appauthor=False))
    except (RuntimeError, KeyError):
        return None
