"""One process at a time on a save: an exclusive lock on a file beside it.

Two `rftg` processes on one save would each replay it and then overwrite each other's
answers after every decision. The second is refused instead, in one line naming the holder.
The lock is an advisory `flock` (`msvcrt.locking` on Windows) on `.NAME.lock`, which the
kernel drops when its holder exits however it exits, so a lock left by a killed process
never blocks: the file may remain, but nobody holds it.

It is the resolved save that is locked: a symbolic link to a save (`alias.toml` ->
`c1.toml`) takes the lock of `c1`, which is where its writes go (issue 41: two processes ran
one game through two names). The lock file is opened without following a link and without
truncating, and written to only once it is seen to be a plain file of one name that this
account owns: a link or a hard link planted at `.NAME.lock` is refused, never written
through (issue 41: it truncated the save it pointed to).

filelock was weighed (issue 36) and not taken, for what a player would lose. Its releases
before 3.20.1 open the lock with `O_TRUNC`, following a link (CVE-2025-68146: the truncated
save of issue 41). The later ones (4.3.1 read) open it with `O_NOFOLLOW` and no truncation,
but leave `.NAME.lock` beside every save ever played, record the holder's process id only in
their soft-lock fallback (so no "being played in another rftg by process N"), and lock a
planted hard link instead of refusing it. The process id and the checks would stay ours, on
top of some 15,000 lines of library; so the lock stays this small module.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Self

try:
    import fcntl
except ImportError:          # Windows
    fcntl = None
    import msvcrt


class SaveBusy(Exception):
    """Another live process holds the save; the message is one line for the user."""


def lock_path(save: Path) -> Path:
    """The lock of the save a path resolves to (links followed), beside it."""
    save = Path(os.path.realpath(save))
    return save.with_name(f".{save.stem}.lock")


def _open_lock(path: Path) -> int:
    """The lock file, opened without following a link or truncating; SaveBusy (one line)
    when what sits at `path` is not a lock file rftg made."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK, errno.ENXIO, errno.EISDIR):
            raise SaveBusy(_not_a_lock(path)) from None
        raise
    info = os.fstat(fd)
    owner = getattr(os, "geteuid", lambda: info.st_uid)()
    if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1 or info.st_uid != owner:
        os.close(fd)
        raise SaveBusy(_not_a_lock(path))
    return fd


def _not_a_lock(path: Path) -> str:
    return (f"{path} is not a lock file rftg made (a link, or another file by that name); "
            "nothing was written to it: remove it and try again")


def _try_lock(fd: int) -> bool:
    """True when locked; False when another holder has it. Any other failure (a file system
    without locks) is raised as the OSError it is, for the caller's one line."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:      # Windows says "held elsewhere" with several errnos
        return False
    return True


def _holder(fd: int) -> str:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except (OSError, AttributeError):
        return ""
    return f" by process {text}" if text.isdigit() else ""


class SaveLock:
    """Held from `acquire` to `release` (or the end of a `with` block)."""

    def __init__(self, save: Path) -> None:
        self.save = Path(os.path.realpath(save))
        self.path = lock_path(self.save)
        self.fd: int | None = None

    def acquire(self) -> Self:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = _open_lock(self.path)
            try:
                locked = _try_lock(fd)
            except OSError:
                os.close(fd)
                raise
            if not locked:
                who = _holder(fd)
                os.close(fd)
                raise SaveBusy(f"{self.save.stem} is being played in another rftg{who}; "
                               "finish or quit that game first")
            # A holder that was releasing may have unlinked the file we opened: a lock on
            # a file no longer at `self.path` keeps nobody out, so take the new one.
            try:
                same = os.path.samestat(os.fstat(fd), os.lstat(self.path))
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is None:
            return
        # Unlinked while still held, so no process can lock the old file after we leave.
        try:
            self.path.unlink(missing_ok=True)
        except OSError:    # Windows keeps an open file; the lock still goes with the handle
            pass
        os.close(self.fd)
        self.fd = None

    def __enter__(self) -> Self:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
