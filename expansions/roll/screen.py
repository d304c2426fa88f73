"""The dice game on a terminal (rich): your cup, columns, citizenry and credits; your
construction stacks with the dice waiting on them; every tableau with its goods; what each
player did in each phase this round; the final score. Renderables only: the host prints."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rftg_cli.legend import Legended

from .data import PHASES
from .words import counted, says

if TYPE_CHECKING:
    from .state import Player, RollGame


DIE_STYLE = {"white": "bright_white", "red": "red", "purple": "magenta", "cyan": "cyan",
             "brown": "dark_orange3", "green": "green", "yellow": "yellow"}
WORLD_STYLE = {"gray": "grey62", "blue": "cyan", "brown": "dark_orange3", "green": "green",
               "yellow": "yellow"}
DIE_LETTER = {"white": "W", "red": "R", "purple": "P", "cyan": "C", "brown": "B",
              "green": "G", "yellow": "Y"}


def _box(console: Console):
    return box.ASCII if getattr(console, "ascii_only", False) else box.ROUNDED


def dice_text(dice, wild=()) -> Text:
    """Dice as coloured letters (the letter says the colour without colours, NO_COLOR)."""
    out = Text()
    for i, colour in enumerate(dice):
        if i:
            out.append(" ")
        out.append(DIE_LETTER[colour] + ("*" if i in wild else ""), style=DIE_STYLE[colour])
    return out or Text("-", style="dim")


def side_text(game: RollGame, name: str, goods=()) -> Text:
    side = game.side(name)
    style = WORLD_STYLE[side.color] if side.is_world else "magenta"
    out = Text(f"{name} ({side.cost})", style=style)
    if goods:
        out.append(" [")
        out.append_text(dice_text(goods))
        out.append("]")
    return out


def _columns(p: Player) -> Table:
    table = Table(box=None, show_header=True, pad_edge=False)
    for ph in PHASES:
        table.add_column(ph.capitalize())
    cells = []
    for ph in PHASES:
        column = p.columns[ph]
        dice = [c for c, _ in column]
        wild = {i for i, (_, w) in enumerate(column) if w}
        cell = dice_text(dice, wild) if dice else Text("")
        if p.selection and p.selection[0] == ph:
            cell = Text("sel:", style="bold").append_text(dice_text([p.selection[1]])) + (
                Text(" ") + cell if dice else Text(""))
        cells.append(cell)
    table.add_row(*cells)
    return table


def _stack(game: RollGame, p: Player, kind: str, own: bool) -> Text:
    stack = p.stack(kind)
    out = Text(f"{kind.capitalize()}s: ", style="bold")
    if not stack:
        out.append("-", style="dim")
        if p.building[kind]:
            out.append(" waiting: ")
            out.append_text(dice_text(sorted(p.building[kind])))
        return out
    for i, tile in enumerate(stack if own else stack[:1]):
        side = game.data.tiles[tile].side(kind)
        if i:
            out.append(", ")
        out.append_text(side_text(game, side.name))
        if i == 0 and p.building[kind]:
            out.append(" on it: ")
            out.append_text(dice_text(sorted(p.building[kind])))
    if not own and len(stack) > 1:
        out.append(f" (+{len(stack) - 1} below)", style="dim")
    return out


def player_panel(game: RollGame, i: int, me: int, console: Console) -> Panel:
    p = game.players[i]
    own = i == me
    lines: list = []
    head = Text(f"${p.credits}  {counted(p.vp, 'VP chip')}  "
                f"{counted(game.tile_count(p), 'tile')}  ", style="bold")
    hidden = game.phase == "assign" and not own
    head.append("cup: ")
    head.append_text(Text(counted(len(p.cup), "die")) if hidden else dice_text(sorted(p.cup)))
    head.append("  citizenry: ")
    head.append_text(dice_text(sorted(p.citizenry)))
    if p.dictate and not hidden:      # the Dictate area is behind the screen too
        head.append("  dictated: ")
        head.append_text(dice_text(p.dictate))
    lines.append(head)
    if not hidden and any(p.columns.values()) or (own and p.selection):
        lines.append(_columns(p))
    lines.append(_stack(game, p, "development", own))
    lines.append(_stack(game, p, "world", own))
    tableau = Text("Tableau: ", style="bold")
    for k, name in enumerate(p.tableau):
        if k:
            tableau.append(", ")
        tableau.append_text(side_text(game, name, p.goods.get(name, ())))
    lines.append(tableau)
    for ph in PHASES + ("manage",):
        if p.did.get(ph):
            lines.append(Text(f"{ph.capitalize()}: " + "; ".join(p.did[ph]), style="dim"))
    title = Text(p.name + (" (you)" if own else ""))     # a name is never markup
    return Panel(Group(*lines), title=title, box=_box(console), title_align="left",
                 border_style="bold" if own else "")


def bot_panel(game: RollGame, console: Console) -> Panel:
    bot = game.bot
    lines = [Text(f"${bot.credits}  {counted(bot.vp, 'VP chip')}  "
                  f"{counted(bot.tile_count(), 'tile')}  "
                  f"rolled: {', '.join(ph.capitalize() for ph in bot.phases) or '-'}",
                  style="bold")]
    for kind, stack in (("development", bot.dev_stack), ("world", bot.world_stack)):
        top = game.data.tiles[stack[0]].side(kind).name if stack else "-"
        lines.append(Text(f"{kind.capitalize()}s: {top}" + (
            f" (+{len(stack) - 1} below)" if len(stack) > 1 else "")))
    tableau = Text("Tableau: ", style="bold")
    for k, name in enumerate(bot.tableau):
        if k:
            tableau.append(", ")
        tableau.append_text(side_text(game, name))
        if name in bot.goods:
            tableau.append(" [good]")
    lines.append(tableau)
    for ph, did in bot.did.items():
        lines.append(Text(f"{ph.capitalize()}: " + "; ".join(did), style="dim"))
    return Panel(Group(*lines), title=Text(bot.name), box=_box(console), title_align="left",
                 border_style="magenta")


class Screen:
    """What `Ruleset.screen` offers the host."""

    def status(self, game: RollGame, me: int) -> str:
        selected = ", ".join(ph.capitalize() for ph in game.selected) or "-"
        extra = f" | white die {game.white_die}" if game.white_die else ""
        return (f"Round {game.round} | {game.phase} | phases: {selected}{extra} | "
                f"VP pool {game.pool} | bag {len(game.bag)}")

    def board(self, game: RollGame, me: int, console: Console, decision=None):
        parts: list = [Text(self.status(game, me), style="bold")]
        order = [me] + [i for i in range(len(game.players)) if i != me]
        parts += [player_panel(game, i, me, console) for i in order]
        if game.bot:
            parts.append(bot_panel(game, console))
        board = Legended(game.config, parts)
        if decision is not None and decision.player == me and decision.prompt:
            return Group(board, Text(decision.prompt, style="bold green"))
        return board

    def tableau(self, game: RollGame, me: int, console: Console, who: str = "") -> Group | None:
        """`tableau [PLAYER]`: every player's panel (the bot's too), or those whose name
        starts with `who` (or seat number `who`); None when no name does."""
        who = who.casefold()
        order = [me] + [i for i in range(len(game.players)) if i != me]
        panels = [player_panel(game, i, me, console) for i in order
                  if game.players[i].name.casefold().startswith(who) or who == str(i + 1)]
        if game.bot and game.bot.name.casefold().startswith(who):
            panels.append(bot_panel(game, console))
        return Group(*panels) if panels else None

    def score_table(self, game: RollGame, console: Console, title: str = "Score") -> Table:
        table = Table(title=title, box=_box(console), title_justify="left")
        for col in ("Player", "Tiles", "Chips", "6-cost bonuses", "Total", "Tie-break"):
            table.add_column(col, justify="left" if col == "Player" else "right")
        out = game.outcome()
        for r in out.results:
            table.add_row(Text(r.name), str(r.breakdown["tiles"]), str(r.breakdown["chips"]),
                          str(r.breakdown["bonuses"]), Text(str(r.score), style="bold"),
                          str(r.tie_break[0]) if r.tie_break else "-")
        return table

    def final(self, game: RollGame, console: Console) -> Group:
        out = game.outcome()
        names = list(out.winners)
        verdict = (f"{names[0]} {says(names[0], 'win')}!" if len(names) == 1 else
                   "Shared victory: " + " and ".join(names) if names else "No winner yet")
        return Group(Text(f"The game ends: {out.reason}.", style="bold"),
                     self.score_table(game, console, "Final score"),
                     Text(verdict, style="bold green"))


SCREEN = Screen()


__all__ = ["SCREEN", "Screen"]
