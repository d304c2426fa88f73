"""The human seat for any ruleset that brings no seat of its own: the ruleset's screen, its
legal answers numbered by their text form, and the answer read back as a number, as its
text form (the ruleset's own `parse_answer`, which saves use too) or as a part of the text
of one listed answer.

It speaks only the ruleset protocol (`rftg_cli.ruleset`), so a new ruleset is playable in
the terminal, saved, resumed and undone before it has a screen of its own.
"""

from __future__ import annotations

from ..decision import Decision, IllegalChoice
from ..rulebook import help_lines
from ..ui.escape import printable
from ..ui.numbers import number
from ..ui.paged import paged
from ..ui.prompts import UnreadableInput
from .seat import Quit, Undo

COMMANDS = {
    "help": "this list; help TOPIC: the rules of TOPIC; help terms: the board's words",
    "rules": "rules [TOPIC]: the rules by topic, or their list",
    "tableau": "tableau [PLAYER]: every tableau, or one player's",
    "card": "card NAME: what a piece of the game does",
    "score": "the current score",
    "log": "what has happened (what you may see)",
    "why": "what the computer seat that just decided considered",
    "hint": "what the AI would answer for you, from what you know, and why (counted)",
    "undo": "back to your previous decision",
    "save": "save now (the game is also saved after every decision)",
    "quit": "save and quit; `rftg resume` carries on",
}
SHOWN = 40          # answers listed; any legal answer may still be typed


class TextSeat:
    kind = "human"

    def __init__(self, source, console, screen=None, *, catalog=None, on_save=None,
                 on_why=None, on_hint=None, on_teach=None, on_default=None) -> None:
        self.source = source
        self.console = console
        self.screen = screen
        self.catalog = catalog         # the ruleset's (`Ruleset.catalog`): `card NAME`
        self.on_save = on_save
        self.on_why = on_why
        self.on_hint = on_hint
        self.on_teach = on_teach       # a learning game: the lesson and hint of a decision
        self.on_default = on_default   # a learning game: the hint's answer, Enter's
        self.seen = 0

    def forget_log(self, game) -> None:
        self.seen = len(game.public_events(self._me(game)))

    @staticmethod
    def _me(game) -> int:
        return game.pending.player if game.pending is not None else 0

    def choose(self, game, decision: Decision):
        me = decision.player
        events = game.public_events(me)
        for line in events[self.seen:]:
            self.say("  " + line)
        self.seen = len(events)
        if self.screen is not None:
            self.console.print(self.screen.board(game, me, self.console, decision))
        if self.on_teach is not None:
            paged([printable(line) for line in self.on_teach(game, decision)], self.console,
                  self.source, self.say)
        answers = game.legal_answers(SHOWN)
        texts = [game.answer_text(a) for a in answers]
        for n, text in enumerate(texts, 1):
            self.say(f"  {n:>2}. {text}")
        default, said = answers[0], texts[0]
        learned = self.on_default(game, decision) if self.on_default is not None else None
        if learned is not None:         # a learning game: Enter takes the hint's answer
            default, said = learned, f"hint: {game.answer_text(learned)}"
        prompt = f"{decision.prompt} [{said}]>"
        while True:
            try:
                line = self.source.ask(prompt, [(t, "") for t in texts], None)
            except EOFError:
                raise Quit from None
            except UnreadableInput as exc:
                self.say(f"Not read: {exc}.")
                continue
            text = line.strip()
            if not text:
                return default
            word, _, rest = text.partition(" ")
            if word.casefold() in COMMANDS:
                self.command(word.casefold(), game, me, rest.strip())
                continue
            n = number(text)
            if n is not None and 1 <= n <= len(answers):
                return answers[n - 1]
            try:
                return decision.check(game.parse_answer(text))
            except IllegalChoice as exc:
                part = by_part(text, answers, texts)
                if part is not None:
                    return part
                self.say(f"Not legal: {exc}. Try again (or `help`).")

    def command(self, word: str, game, me: int, rest: str = "") -> None:
        if word in ("tableau", "card", "score"):
            self.show(word, game, me, rest)
        elif word == "rules" or (word == "help" and rest):
            for line in help_lines(rest, game.config):
                self.say(line)
        elif word == "help":
            for name, text in COMMANDS.items():
                self.say(f"  {name:<6} {text}")
            self.say("  Answer with an option's number, its text or a part of it; Enter takes "
                     "the first.")
        elif word == "log":
            for line in game.public_events(me)[-40:]:
                self.say("  " + line)
        elif word == "why":
            for line in self.on_why() if self.on_why is not None else ["No computer seat."]:
                self.say(printable(line))
        elif word == "hint":
            for line in (self.on_hint(game, game.pending) if self.on_hint is not None
                         else ["No hints in this game."]):
                self.say(printable(line))
        elif word == "undo":
            raise Undo
        elif word == "save" and self.on_save is not None:
            self.on_save()
        elif word == "quit":
            raise Quit

    def show(self, word: str, game, me: int, rest: str) -> None:
        """`tableau` and `score` through the ruleset's screen, when it draws them (the
        standings, `outcome`, are the score of a screen that does not); `card NAME` through
        the ruleset's catalog, as `rftg cards` looks it up."""
        screen = self.screen
        if word == "score":
            if hasattr(screen, "score_table"):
                self.console.print(screen.score_table(game, self.console))
            else:
                for r in game.outcome().results:
                    self.say(f"  {printable(r.name)}: {r.score}")
            return
        if word == "card" and not rest:
            self.say("Say which: card NAME (or part of a name).")
            return
        if (self.catalog if word == "card" else getattr(screen, "tableau", None)) is None:
            self.say(f"This game has no {word} to show; the board above shows the table.")
            return
        shown = (screen.tableau(game, me, self.console, rest) if word == "tableau"
                 else self.find(rest))
        if shown is None:
            self.say(f"Nothing matches {printable(rest)!r}: try part of a name.")
        else:
            self.console.print(shown)

    def find(self, query: str):
        """What the catalog shows for `card QUERY`; None when nothing matches."""
        found = self.catalog.find(query, {name: None for name in self.catalog.filters})
        return self.catalog.show(found) if found else None

    def reject(self, reason: str) -> None:
        self.say(f"Not legal: {printable(reason)}. Try again.")

    def say(self, line: str) -> None:
        self.console.file.write(line + "\n")


def by_part(text: str, answers: list, texts: list[str]):
    """The one listed answer whose text form holds what was typed (`surviv` for `settle
    New Survivalists`), whatever the case and spacing; None if none or several do."""
    key = " ".join(text.casefold().split())
    hits = [a for a, t in zip(answers, texts) if key in " ".join(t.casefold().split())]
    return hits[0] if len(hits) == 1 else None
