"""The real `rftg` in a pseudo-terminal (pexpect), its screen read by a terminal emulator
(pyte): what a player at the full-screen table sees, row by row."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pexpect
import pyte

RFTG = str(Path(sys.executable).with_name("rftg"))
DOWN, UP, SPACE, ENTER = "\x1b[B", "\x1b[A", " ", "\r"
PAGE_DOWN = "\x1b[6~"
LIST_WIDTH = 38          # the list pane's columns (rftg_cli.table.app.LIST_WIDTH)


class Terminal:
    def __init__(self, args: list[str], home: Path, rows: int = 24, cols: int = 80,
                 env: dict[str, str] | None = None) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        extra = env or {}
        env = {**os.environ, "TERM": "xterm", "RFTG_DATA_DIR": str(home / "data"),
               "RFTG_SAVE_DIR": str(home / "saves"), "LANG": "C.UTF-8"}
        for name in ("NO_COLOR", "RFTG_ASCII"):
            env.pop(name, None)
        env.update(extra)
        self.child = pexpect.spawn(RFTG, args, dimensions=(rows, cols), env=env,
                                   cwd=str(home))
        self.ended = False

    def read(self, quiet: float = 0.25, limit: float = 30.0) -> None:
        """Feed the emulator until the program has been quiet for `quiet` seconds."""
        end = time.monotonic() + limit
        last = time.monotonic()
        while time.monotonic() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
                last = time.monotonic()
            except pexpect.TIMEOUT:
                if time.monotonic() - last > quiet:
                    return
            except pexpect.EOF:
                self.ended = True
                return

    def until(self, text: str, limit: float = 30.0) -> str:
        """Read until `text` is on the screen; the screen."""
        end = time.monotonic() + limit
        while True:
            if text in self.text() or text in "".join(self.rows()):   # or wrapped at the edge
                self.read()
                return self.text()
            if time.monotonic() > end or self.ended:
                break
            self.read(quiet=0.1, limit=1.0)
        raise AssertionError(f"{text!r} never showed; the screen:\n{self.text()}")

    def wait_end(self, limit: float = 30.0) -> str:
        """Read until the program exits; the screen."""
        end = time.monotonic() + limit
        while not self.ended and time.monotonic() < end:
            self.read(quiet=limit, limit=1.0)
        assert self.ended, f"rftg did not exit; the screen:\n{self.text()}"
        return self.text()

    def press(self, keys: str) -> str:
        self.child.send(keys)
        self.read()
        return self.text()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def rows(self) -> list[str]:
        return list(self.screen.display)

    def list_pane(self) -> str:
        return "\n".join(row[:LIST_WIDTH] for row in self.rows())

    def right_pane(self) -> str:
        """The card, tableaux and log panes as one text, rows joined as they wrap."""
        return squash("".join(row[LIST_WIDTH + 1:] for row in self.rows()))

    def resize(self, rows: int, cols: int) -> str:
        """The terminal resized (the program gets SIGWINCH); the screen redrawn."""
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)
        self.read()
        return self.text()

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def highlight(terminal: Terminal, name: str) -> None:
    """Up until the highlighted line (marked '>') names `name`."""
    for _ in range(20):
        if name in next(r for r in terminal.rows() if r.startswith(">")):
            return
        terminal.press(UP)
    raise AssertionError(f"{name} is not in the list:\n{terminal.text()}")
