"""Completion for the human prompt: commands, option names and card names, each with a
one-line summary beside it (pgcli keeps its completer in its own module; so do we)."""

from __future__ import annotations

from prompt_toolkit.completion import Completer, Completion


class AnswerCompleter(Completer):
    """Completes the last comma-separated part of the input against `entries`
    ((text, summary) pairs, set before each prompt)."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, str]] = []

    def get_completions(self, document, complete_event):
        before = document.text_before_cursor
        word = before.rsplit(",", 1)[-1].lstrip()
        head, _, rest = word.partition(" ")
        if head.casefold() in ("card", "tableau"):
            word = rest.lstrip()    # `card NAME`: complete the name
        folded = word.casefold()
        seen: set[str] = set()
        for text, meta in self.entries:
            key = text.casefold()
            if key in seen or not (key.startswith(folded) or (folded and folded in key)):
                continue
            seen.add(key)
            yield Completion(text, start_position=-len(word), display_meta=meta)
