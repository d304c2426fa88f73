"""What the game commands share: the one-line failure, the save folder, finding and loading
a save, the checks of names a save or a command line gives."""

from __future__ import annotations

import sys
from pathlib import Path

from .. import saves
from ..errors import UsageError
from ..saves import Save, SaveError
from ..ui.escape import has_controls, printable, shown
from ..words import plural

HUMAN_NAME = "You"


def fail(message: str) -> int:
    # Messages quote names and paths from outside: escaped, they stay one inert line.
    print(f"rftg: {printable(message)}", file=sys.stderr)
    return 2


def save_dir_of(save_dir: Path | None) -> Path:
    return Path(save_dir) if save_dir else saves.default_save_dir()


def find_save(save_dir: Path | None, name: str | None) -> Path:
    """The file NAME refers to; SaveError when even asking the file system fails (a name
    too long for a file name, a folder without permission)."""
    try:
        path = saves.locate(save_dir_of(save_dir), name)
        path.is_file()
    except OSError as exc:
        raise SaveError(f"{shown(name or str(save_dir_of(save_dir)), 70)}: cannot look the "
                        f"save up ({exc.strerror})") from None
    return path


def load_checked(save_dir: Path | None, name: str | None, registry=None):
    """(path, save, restored) for NAME, or SaveError with one line."""
    path = find_save(save_dir, name)
    save = saves.read(path)
    check_names(save, path)
    return path, save, saves.restore(save, registry=registry)


def check_names(save: Save, path: Path) -> None:
    """Player names are drawn on every screen of a game: one that would drive the terminal
    (an edited save) is refused in one line rather than printed."""
    for name in save.config.get("names", ()) if isinstance(save.config, dict) else ():
        if isinstance(name, str) and has_controls(name):
            raise SaveError(f"{path}: player name {name!r} has control characters "
                            "(the file was edited)")


def save_name(name: str | None) -> str | None:
    """The save name `--name` gives (`x.toml` means `x`); UsageError if it cannot be one."""
    if name is None:
        return None
    name = name.removesuffix(".toml")
    # fullmatch: `$` would let a trailing newline through, and make a file named so. A name
    # ending in .toml could not be resumed by name (`resume x.toml` reads a file: issue 41).
    if not saves.NAME_RE.fullmatch(name) or name.endswith(".toml"):
        raise UsageError(f"bad save name {shown(name, 70)}: 1 to 64 letters, digits, '-', '_' and "
                         "'.', starting with a letter or digit")
    return name


def undo_note(save: Save) -> str:
    """' (with 1 undo, 3 hints)': the help a game had, as the save records it."""
    used = [plural(len(used), word) for used, word in ((save.undos, "undo"),
                                                      (save.hints, "hint")) if used]
    return f" (with {', '.join(used)})" if used else ""
