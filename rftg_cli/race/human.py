"""The human seat: shows the table as this seat sees it and reads answers and commands.

Answers are read from an `AnswerSource` (prompt_toolkit on a terminal, plain lines when
piped). Empty input takes the default shown in brackets. Commands work at every prompt;
`undo` and `quit` (and end of input) leave the seat by raising `Undo` / `Quit`, which the
game loop turns into a rebuild or a save.
"""

from __future__ import annotations

from rftg_cli.players.seat import Quit, Undo

from rftg_cli.decision import Decision, IllegalChoice
from .engine.notation import (
    action_cards,
    action_codes,
    example_actions,
    name_key,
    option_name,
    picks_of,
)
from .options import (
    answer_words,
    card_line,
    enter_answer,
    option_label,
    parse_answer,
    shown_options,
    suggested_actions,
)
from ..rulebook import help_lines
from ..ui.escape import printable, shown
from ..ui.paged import paged
from ..ui.prompts import UnreadableInput

COMMANDS = {
    "help": "this list; help TOPIC: the rules of TOPIC; help terms: the board's words",
    "rules": "rules [TOPIC]: the rules by topic (overview, round, settle...), or their list",
    "hand": "your hand, with what each card costs you now",
    "tableau": "tableau [PLAYER]: every tableau, or one player's",
    "card": "card NAME: what a card does",
    "log": "log [N]: what has happened (what you may see), or only the last N rounds",
    "score": "the current VP breakdown",
    "why": "what the AI that just decided considered, and the value it gave each option",
    "hint": "what the AI would answer for you, from what you know, and why (counted)",
    "undo": "back to your previous decision",
    "save": "save now (the game is also saved after every decision)",
    "quit": "save and quit; `rftg resume` carries on",
}


class HumanSeat:
    kind = "human"
    answer_words = staticmethod(answer_words)      # a hint names an answer as listed

    def __init__(self, source, console, *, on_save=None, on_why=None, on_hint=None,
                 on_teach=None, on_default=None) -> None:
        self.source = source
        self.console = console
        self.on_save = on_save
        self.on_why = on_why
        self.on_hint = on_hint
        self.on_teach = on_teach       # a learning game: the lesson and hint of a decision
        self.on_default = on_default   # a learning game: the hint's answer, Enter's
        self.seen = 0          # game.events already shown
        self.board_round = -1  # the round whose board was last drawn (-1: draw it next)

    def forget_log(self, game) -> None:
        """After a rebuild, the events so far have been shown already; redraw the board."""
        self.seen = len(game.events)
        self.board_round = -1

    # ------------------------------------------------------------------ one decision

    def choose(self, game, decision: Decision):
        me = decision.player
        self.show_news(game, me, decision)
        if self.on_teach is not None:
            paged([printable(line) for line in self.on_teach(game, decision)], self.console,
                  self.source, self.say)
        self.show_options(game, decision)
        default, said = enter_answer(game, decision, self.learned(game, decision))
        prompt = f"{decision.prompt} [{said}]>"
        completions = self.completions(game, decision)
        empty = 0
        while True:
            try:
                text = self.source.ask(prompt, completions, lambda: self.toolbar(game, me))
            except EOFError:
                raise Quit from None
            except UnreadableInput as exc:
                self.say(f"Not read: {exc}.")
                continue
            if not text.strip():
                if default is not None:
                    return default
                # No default: Enter alone explains; a second Enter in a row takes the
                # suggested cards, so a script of empty lines still plays a whole game.
                empty += 1
                suggested = suggested_actions(game, decision)
                if empty >= 2:
                    return suggested
                names = ", ".join(game.rules.action_index()[a].name for a in suggested)
                self.say(f"Type your {self.action_word(decision)}, e.g. "
                         f"{example_actions(action_cards(game, decision), picks_of(decision))}"
                         f" (Enter again: {names}).")
                continue
            empty = 0
            word, _, rest = text.strip().partition(" ")
            if word.casefold() in COMMANDS:
                self.command(word.casefold(), rest.strip(), game, decision)
                continue
            try:
                return decision.check(parse_answer(text, game, decision))
            except IllegalChoice as exc:
                self.say(f"Not legal: {exc}. Try again (or `help`).")

    def learned(self, game, decision: Decision):
        """A learning game's answer for Enter (the hint's), else None."""
        return self.on_default(game, decision) if self.on_default is not None else None

    def reject(self, reason: str) -> None:
        """The engine refused an answer the seat passed on."""
        self.say(f"Not legal: {reason}. Try again.")

    def say(self, line: str, style: str | None = None) -> None:
        """One line of text: styled on a terminal, written as it is otherwise (fast, and
        scripts read it unwrapped)."""
        if self.console.is_terminal:
            self.console.print(line, markup=False, style=style, overflow="fold")
        else:
            self.console.file.write(line + "\n")

    # ------------------------------------------------------------------ the screen

    def show_news(self, game, me: int, decision: Decision) -> None:
        from .render import board, log_lines, tableau_lines

        for line in log_lines(game, me, self.seen):
            self.say("  " + line, "dim")
        self.seen = len(game.events)
        new_round = decision.kind == "action" and self.board_round != game.round
        if self.board_round == -1 or (new_round and self.console.is_terminal):
            self.console.print(board(game, me, self.console, decision))
        elif new_round:
            # Piped output: one line per tableau each round (`tableau`/`hand` draw the rest).
            for line in tableau_lines(game, me):
                self.say(line)
        self.board_round = game.round

    def show_options(self, game, decision: Decision) -> None:
        if decision.kind == "action":
            self.show_action_cards(game, decision)
            return
        cards = decision.count is not None or decision.kind in (
            "develop", "settle", "windfall", "start_world")
        options = shown_options(game, decision)
        width = len(str(len(options)))
        whole = True
        for n, option in enumerate(options, 1):
            line = f"  {n:>{width}}. {option_label(game, decision, option)}"
            card = option if isinstance(option, int) else (
                option[0] if isinstance(option, tuple) and option else None)
            if cards and isinstance(card, int) and 0 <= card < len(game.design):
                line += f" — {card_line(game, game.design[card])}"
            self.say(self.cut(line))
            whole = whole and self.cut(line) == line
        if not whole:
            self.say("  (… a card's text goes on: `card NAME` shows it whole)", "dim")
        if decision.count is not None:
            low, high = decision.count
            need = str(low) if low == high else f"{low} to {high}"
            self.say(f"  (choose {need}: numbers or names, separated by commas)", "dim")

    def show_action_cards(self, game, decision: Decision) -> None:
        """The action cards once each, with the codes a player types (`e5 d`), packed in
        columns rather than every pair listed."""
        cards = action_cards(game, decision)
        cells = [f"{n}:{code:<3} {a.name}"
                 for n, (a, code) in enumerate(zip(cards, action_codes(cards)), 1)]
        width = max(len(c) for c in cells) + 2
        per_line = max(1, (self.width() - 2) // width)
        for i in range(0, len(cells), per_line):
            self.say("  " + "".join(c.ljust(width) for c in cells[i:i + per_line]).rstrip())
        self.say(f"  ({self.action_word(decision)}: codes, names or numbers, e.g. "
                 f"{example_actions(cards, picks_of(decision))}; `help actions`)",
                 "dim")

    @staticmethod
    def action_word(decision: Decision) -> str:
        n = picks_of(decision)
        return "1 action card" if n == 1 else f"{n} action cards"

    def width(self) -> int:
        return self.console.width if self.console.is_terminal else 80

    def cut(self, line: str) -> str:
        """A line cut to the terminal's width (piped output keeps it whole)."""
        from .render import cut

        return cut(line, self.width(), self.console) if self.console.is_terminal else line

    def completions(self, game, decision: Decision) -> list[tuple[str, str]]:
        out = [(name, help_text) for name, help_text in COMMANDS.items()]
        if decision.kind == "action":
            cards = action_cards(game, decision)
            return out + [(a.name, f"{code}: {a.text}")
                          for a, code in zip(cards, action_codes(cards))]
        for option in shown_options(game, decision):
            name = option_name(game, decision, option)
            card = option if isinstance(option, int) else (
                option[0] if isinstance(option, tuple) and option else None)
            if isinstance(card, int) and 0 <= card < len(game.design):
                meta = card_line(game, game.design[card])
            else:
                meta = option_label(game, decision, option)
            out.append((name, meta))
        return out

    def toolbar(self, game, me: int) -> str:
        from .render import status_line

        return status_line(game, me)

    # ------------------------------------------------------------------ commands

    def command(self, word: str, rest: str, game, decision: Decision) -> None:
        from rftg_cli.race import render
        me = decision.player
        out = self.console
        if word == "rules" or (word == "help" and rest
                               and not rest.casefold().startswith("action")):
            for line in help_lines(rest, game.config):
                self.say(line)
        elif word == "help":
            if rest.casefold().startswith("action"):
                cards = (action_cards(game, decision) if decision.kind == "action"
                         else list(game.rules.actions))
                for n, (a, code) in enumerate(zip(cards, action_codes(cards)), 1):
                    self.say(f"  {n}:{code:<3} {a.name}: {a.text}")
                return
            for name, text in COMMANDS.items():
                self.say(f"  {name:<8} {text}")
            self.say("  Answer with an option's number or name; several, comma-separated, "
                     "when you choose cards; empty input takes the [default].")
            self.say("  Action cards: codes (e5 e11 d s c c2 p), names or any part of them, "
                     "or numbers, e.g. `e5 d` or `develop, settle`; `help actions` lists them.")
        elif word == "hand":
            out.print(render.hand_table(game, me, out, decision))
            for line in render.six_lines(game, me):
                self.say("  " + line)
        elif word == "tableau":
            self.show_tableau(game, me, rest)
        elif word == "card":
            self.show_card(game, rest, me)
        elif word == "log":
            self.show_log(game, me, rest)
        elif word == "score":
            out.print(render.score_table(game, out))
            for line in render.six_lines(game, me):
                self.say("  " + line)
        elif word == "why":
            self.show_why()
        elif word == "hint":
            self.show_hint(game, decision)
        elif word == "undo":
            raise Undo
        elif word == "save":
            if self.on_save is not None:
                self.on_save()
        elif word == "quit":
            raise Quit

    def show_why(self) -> None:
        lines = self.on_why() if self.on_why is not None else ["No AI seat in this game."]
        for line in lines:
            self.say(printable(line))

    def show_hint(self, game, decision: Decision) -> None:
        lines = self.on_hint(game, decision) if self.on_hint is not None else [
            "No hints in this game."]
        for line in lines:
            self.say(printable(line))

    def show_tableau(self, game, me: int, rest: str) -> None:
        """Every tableau (seats, then the opponents that are not seats), or the one whose
        name starts with `rest` (or seat number `rest`)."""
        from rftg_cli.race import render
        folded = name_key(rest)
        seats = [i for i, p in enumerate(game.players)
                 if not rest or name_key(p.name).startswith(folded) or rest == str(i + 1)]
        others = [(title, lines) for title, lines in render.opponent_status(game)
                  if not rest or name_key(title).startswith(folded)]
        if not seats and not others:
            self.say(f"No player {shown(rest)}.")
        for i in seats:
            self.console.print(render.tableau_panel(game, i, me, self.console))
        for title, lines in others:
            self.console.print(render.opponent_text(title, lines))

    def show_log(self, game, me: int, rest: str) -> None:
        from rftg_cli.race import render
        from rftg_cli.ui.numbers import number

        lines = render.log_lines(game, me)
        if rest:
            n = number(rest)
            if n is None:
                self.say("Usage: log [N]  (N: how many of the last rounds)")
                return
            lines = render.rounds_of(lines, n)
        else:
            lines = lines[-40:]
        for line in lines:
            self.say("  " + line)

    def show_card(self, game, name: str, me: int) -> None:
        """A card (or a goal, or another tile a plugin names) by its name or part of it."""
        from .hand import six_value, tableau_now

        if not name:
            self.say("Usage: card NAME")
            return
        folded = name_key(name)
        entries: dict = {c.name: c for c in game.design}
        entries.update({n: line for lookup in game.rules.lookups for n, line in lookup(game)})
        hits = [n for n in entries if name_key(n) == folded] or \
            [n for n in entries if name_key(n).startswith(folded)] or \
            [n for n in entries if folded in name_key(n)]
        if not hits:
            self.say(f"No card named {shown(name)} in this game.")
        cards = [entries[n] for n in hits[:5] if not isinstance(entries[n], str)]
        now = tableau_now(game, me) if any(c.vp_rules for c in cards) else None
        for n in hits[:5]:
            card = entries[n]
            if isinstance(card, str):
                self.say(f"{n}: {card}")
                continue
            self.say(f"{card.name}: {card_line(game, card)}")
            if card.vp_rules:
                from .cards.text import vp_rule_text

                number = game.design.index(card)
                self.say("  scores " + ", ".join(vp_rule_text(r) for r in card.vp_rules)
                         + f": {six_value(now, me, number)} VP in your tableau now")
        if len(hits) > 5:
            self.say(f"... and {len(hits) - 5} more; type more of the name.")
