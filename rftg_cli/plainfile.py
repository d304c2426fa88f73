"""Reading a file the player's folders hold (a save, the key) only when it is a plain file of
bounded size: a link to /dev/zero, a FIFO or a device is refused at once, never read until
memory runs out or waited on forever (issue 41); and cleaning only the temporary files rftg
itself left."""

from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path


class NotPlain(Exception):
    """The path is not a plain file, or is too big; the message says which, in a few words."""


def read_plain(path: Path, limit: int) -> bytes:
    """The bytes of `path` (links followed), at most `limit` of them; NotPlain when it is not
    a regular file or holds more, OSError when it cannot be opened (FileNotFoundError when it
    is not there)."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer; a regular file ignores it.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotPlain("not a plain file (a device, a pipe or a folder)")
        if info.st_size > limit:
            raise NotPlain(f"too big: {info.st_size} bytes, at most {limit}")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise NotPlain(f"too big: more than {limit} bytes")
    return data


# Every temporary file rftg writes ends so, a name no other program uses: cleaning removes
# those alone (issue 41: `.X.XXXXXXXX.tmp` of any program was removed).
TEMP_SUFFIX = ".rftg.tmp"
# A write takes milliseconds: a temp file this old was left by a process killed mid-write.
STALE_TEMP_SECONDS = 600


def temp_pattern(stem: str | None) -> re.Pattern:
    """The names of rftg's temp files for the file named `stem` (any, when None): `.STEM.`,
    8 characters of mkstemp's or token_hex's alphabet, then TEMP_SUFFIX."""
    stem_re = re.escape(stem) if stem is not None else r".+"
    return re.compile(rf"\.{stem_re}\.[a-z0-9_]{{8}}{re.escape(TEMP_SUFFIX)}")


def clean_temp(folder: Path, pattern: re.Pattern, stale_only: bool) -> None:
    """Remove the plain files of `folder` named by `pattern` (only those older than
    STALE_TEMP_SECONDS when `stale_only`: a write may be under way). Files that cannot be
    removed are left; they are only litter."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    now = time.time()
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_nlink == 1 and not (
                    stale_only and now - info.st_mtime < STALE_TEMP_SECONDS):
                os.unlink(entry.path)
        except OSError:
            continue
