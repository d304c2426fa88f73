"""The human seat: shows the table as this seat sees it and reads answers and commands.

Answers are read from an `AnswerSource` (prompt_toolkit on a terminal, plain lines when
piped). Empty input takes the default shown in brackets. Commands work at every prompt;
`undo` and `quit` (and end of input) leave the seat by raising `Undo` / `Quit`, which the
game loop turns into a rebuild or a save.
"""

from __future__ import annotations

from ..engine.decision import Decision, IllegalChoice
from ..ui.options import (
    card_line,
    default_answer,
    describe_default,
    fold,
    option_label,
    option_name,
    parse_answer,
    shown,
)
from ..ui.prompts import UnreadableInput

COMMANDS = {
    "help": "this list",
    "hand": "your hand, with what each card costs you now",
    "tableau": "tableau [PLAYER]: every tableau, or one player's",
    "card": "card NAME: what a card does",
    "log": "what has happened (what you may see)",
    "score": "the current VP breakdown",
    "undo": "back to your previous decision",
    "save": "save now (the game is also saved after every decision)",
    "quit": "save and quit; `rftg resume` carries on",
}


class Undo(Exception):
    """The player asked to take back their last decision."""


class Quit(Exception):
    """The player asked to stop (or input ended): save and leave."""


class HumanSeat:
    kind = "human"

    def __init__(self, source, console, *, on_save=None) -> None:
        self.source = source
        self.console = console
        self.on_save = on_save
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
        self.show_options(game, decision)
        default = default_answer(decision)
        prompt = f"{decision.prompt} [{describe_default(game, decision)}]>"
        completions = self.completions(game, decision)
        while True:
            try:
                text = self.source.ask(prompt, completions, lambda: self.toolbar(game, me))
            except EOFError:
                raise Quit from None
            except UnreadableInput as exc:
                self.say(f"Not read: {exc}.")
                continue
            if not text.strip():
                return default
            word, _, rest = text.strip().partition(" ")
            if word.casefold() in COMMANDS:
                self.command(word.casefold(), rest.strip(), game, decision)
                continue
            try:
                return decision.check(parse_answer(text, game, decision))
            except IllegalChoice as exc:
                self.say(f"Not legal: {exc}. Try again (or `help`).")

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
        from ..ui.render import board, log_lines, tableau_lines

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
        cards = decision.count is not None or decision.kind in ("develop", "settle", "windfall")
        width = len(str(len(decision.options)))
        for n, option in enumerate(decision.options, 1):
            line = f"  {n:>{width}}. {option_label(game, decision, option)}"
            card = option if isinstance(option, int) else (
                option[0] if isinstance(option, tuple) and option else None)
            if cards and isinstance(card, int) and 0 <= card < len(game.design):
                line += f" — {card_line(game.design[card])}"
            self.say(line)
        if decision.count is not None:
            low, high = decision.count
            need = str(low) if low == high else f"{low} to {high}"
            self.say(f"  (choose {need}: numbers or names, separated by commas)", "dim")

    def completions(self, game, decision: Decision) -> list[tuple[str, str]]:
        out = [(name, help_text) for name, help_text in COMMANDS.items()]
        for option in decision.options:
            name = option_name(game, decision, option)
            card = option if isinstance(option, int) else (
                option[0] if isinstance(option, tuple) and option else None)
            if isinstance(card, int) and 0 <= card < len(game.design):
                meta = card_line(game.design[card])
            else:
                meta = option_label(game, decision, option)
            out.append((name, meta))
        return out

    def toolbar(self, game, me: int) -> str:
        from ..ui.render import status_line

        return status_line(game, me)

    # ------------------------------------------------------------------ commands

    def command(self, word: str, rest: str, game, decision: Decision) -> None:
        from ..ui import render

        me = decision.player
        out = self.console
        if word == "help":
            for name, text in COMMANDS.items():
                self.say(f"  {name:<8} {text}")
            self.say("  Answer with an option's number or name; several, comma-separated, "
                     "when you choose cards; empty input takes the [default].")
        elif word == "hand":
            out.print(render.hand_table(game, me, out, decision))
        elif word == "tableau":
            players = range(len(game.players))
            if rest:
                players = [i for i, p in enumerate(game.players)
                           if p.name.casefold().startswith(rest.casefold()) or rest == str(i + 1)]
                if not players:
                    self.say(f"No player {shown(rest)}.")
            for i in players:
                out.print(render.tableau_panel(game, i, me, out))
        elif word == "card":
            self.show_card(game, rest)
        elif word == "log":
            for line in render.log_lines(game, me)[-40:]:
                self.say("  " + line)
        elif word == "score":
            out.print(render.score_table(game, out))
        elif word == "undo":
            raise Undo
        elif word == "save":
            if self.on_save is not None:
                self.on_save()
        elif word == "quit":
            raise Quit

    def show_card(self, game, name: str) -> None:
        if not name:
            self.say("Usage: card NAME")
            return
        folded = fold(name)
        designs = {c.name: c for c in game.design}
        hits = [c for n, c in designs.items() if fold(n) == folded] or \
            [c for n, c in designs.items() if fold(n).startswith(folded)] or \
            [c for n, c in designs.items() if folded in fold(n)]
        if not hits:
            self.say(f"No card named {shown(name)} in this game.")
        for card in hits[:5]:
            self.say(f"{card.name}: {card_line(card)}")
        if len(hits) > 5:
            self.say(f"... and {len(hits) - 5} more; type more of the name.")
