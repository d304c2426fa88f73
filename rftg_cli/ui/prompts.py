"""Where the human seat's answers come from: prompt_toolkit on a terminal (one long-lived
session with completion, history and a bottom toolbar), plain lines otherwise.

Both raise EOFError at end of input (Ctrl-D, or the end of a piped script); the seat turns
that into save-and-quit.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Protocol


class UnreadableInput(Exception):
    """The keys typed could not be read as a line; the message is one line for the player,
    who is asked again."""


class AnswerSource(Protocol):
    def ask(self, message: str, completions: list[tuple[str, str]],
            toolbar: Callable[[], str] | None) -> str: ...


# Longer than any answer the parser reads; the rest of a longer line is read and dropped in
# pieces of this size, so a line without end cannot fill the memory.
LINE_LIMIT = 64 * 1024


class LineSource:
    """One answer per line from a stream (stdin that is not a terminal)."""

    def __init__(self, stream, console) -> None:
        self.stream = stream
        self.console = console
        # Bytes that are not UTF-8 are text the parser refuses, not a UnicodeDecodeError.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (OSError, ValueError):   # a stream already read from in another encoding
                pass

    def ask(self, message, completions=(), toolbar=None) -> str:
        self.console.print(message, markup=False, highlight=False)
        self.console.file.flush()
        try:
            line = self.stream.readline(LINE_LIMIT)
            if not line:
                raise EOFError
            if not line.endswith(("\n", "\r")):
                rest = line
                while rest and not rest.endswith(("\n", "\r")):
                    rest = self.stream.readline(LINE_LIMIT)
        except KeyboardInterrupt:
            raise EOFError from None   # Ctrl-C at a prompt saves and quits, as on a terminal
        return line.rstrip("\r\n")


class PromptSource:
    """prompt_toolkit prompts; `input`/`output` let tests use a pipe and DummyOutput."""

    def __init__(self, input=None, output=None, history=None) -> None:
        from prompt_toolkit import PromptSession

        from .completer import AnswerCompleter

        self.completer = AnswerCompleter()
        self.session = PromptSession(history=history or answer_history(),
                                     completer=self.completer, complete_while_typing=True,
                                     input=input, output=output)

    def ask(self, message, completions=(), toolbar=None) -> str:
        self.completer.entries = list(completions)
        columns = self.session.output.get_size().columns
        try:
            return self.session.prompt(fitted(message, columns) + " ", bottom_toolbar=toolbar)
        except KeyboardInterrupt:
            raise EOFError from None   # Ctrl-C saves and quits, like end of input
        except (EOFError, UnreadableInput):
            raise
        except Exception as exc:  # noqa: BLE001 - see below
            # prompt_toolkit's key parser raises on some pasted escape sequences (a colour
            # code such as ESC[31m is taken for a mouse report and fails to split): the keys
            # are unreadable, the game is not broken, so the player is asked again.
            raise UnreadableInput(f"the keys typed could not be read ({type(exc).__name__}); "
                                  "type the answer again") from None


# Columns the prompt's last row leaves for the answer typed after it.
ANSWER_ROOM = 12


def fitted(message: str, columns: int) -> str:
    """The prompt broken between words where the terminal would break it anywhere (issue
    37: "[pay Public Works, Colony S" then "hip, Gem World]>"), its last row leaving room
    for the answer."""
    if len(message) + ANSWER_ROOM <= columns:
        return message
    return "\n".join(textwrap.wrap(message, max(20, columns - ANSWER_ROOM),
                                   break_long_words=False, break_on_hyphens=False))


def answer_history():
    """The answers typed in earlier games (Up recalls them), kept in the user's data folder;
    in memory only when that folder cannot be written."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from ..userdirs import data_dir

    folder = data_dir()
    if folder is None:
        return InMemoryHistory()
    path = folder / "history"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
    except OSError:
        return InMemoryHistory()
    return FileHistory(str(path))
