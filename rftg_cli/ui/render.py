"""The game screen, drawn with rich: tableaux as card panels coloured by goods kind, your
hand with what each card costs you now, scores, the final table.

Everything here reads a seat's view (`game.view(me)`) or public facts (tableaux, scores);
it never shows another seat's hand or private events. `NO_COLOR` is honoured by rich itself;
`RFTG_ASCII=1` (or a terminal without UTF-8) draws ASCII boxes.
"""

from __future__ import annotations

import os
import sys

from rich import box
from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .options import card_line

GOOD_STYLE = {"novelty": "bright_cyan", "rare": "orange3", "gene": "green",
              "alien": "yellow", "any": "white"}
DEVELOPMENT_STYLE = "magenta"
MILITARY_STYLE = "red"


def make_console(file=None) -> Console:
    file = file or sys.stdout
    console = Console(file=file, highlight=False, emoji=False, soft_wrap=False)
    console.ascii_only = bool(os.environ.get("RFTG_ASCII")) or \
        not (console.encoding or "").lower().startswith("utf")
    return console


def box_for(console: Console):
    return box.ASCII if getattr(console, "ascii_only", False) else box.ROUNDED


def card_style(card) -> str:
    if card.is_development:
        return DEVELOPMENT_STYLE
    if card.good:
        return GOOD_STYLE.get(card.good, "white")
    return MILITARY_STYLE if card.military else "white"


def card_panel(game, number: int, has_good: bool, console: Console) -> Panel:
    card = game.design[number]
    kind = "dev" if card.is_development else ("military " if card.military else "") + "world"
    body = Text(kind, style="dim")
    if card.good:
        body.append(f"\n{card.good}" + (" windfall" if card.windfall else ""))
    mark = "#" if console.ascii_only else "■"
    if has_good:
        body.append(f"\n{mark} good", style="bold " + GOOD_STYLE.get(card.good, "white"))
    vp = f"{card.vp}{'+?' if card.vp_rules else ''} VP"
    return Panel(body, title=card.name, subtitle=f"{card.cost}/{vp}", width=26,
                 border_style=card_style(card), box=box_for(console))


def tableau_panel(game, player: int, me: int, console: Console) -> Panel:
    from ..engine.scoring import score

    view = game.view(me)
    seat = view["seats"][player]
    panels = [card_panel(game, c, c in seat["goods"], console) for c in seat["tableau"]]
    actions = ""
    if seat["actions"]:
        from .options import action_names

        names = action_names(game)
        actions = " | chose " + " + ".join(names.get(a, a) for a in seat["actions"])
    title = (f"{seat['name']} - {score(game, player).total} VP "
             f"({seat['vp']} chips), {len(seat['tableau'])} cards, hand {seat['hand_size']}"
             f"{actions}")
    # Text, not a str: a player name is never read as rich markup ("[/]" would raise).
    return Panel(Columns(panels) if panels else Text("(empty)"), title=Text(title),
                 title_align="left", box=box_for(console))


def tableau_lines(game, me: int) -> list[str]:
    """The table in plain lines: status, then each tableau with its goods marked '*'."""
    from ..engine.scoring import score

    view = game.view(me)
    lines = [status_line(game, me)]
    for i, seat in enumerate(view["seats"]):
        cards = ", ".join(game.name(c) + ("*" if c in seat["goods"] else "")
                          for c in seat["tableau"])
        lines.append(f"  {seat['name']}: {score(game, i).total} VP ({seat['vp']} chips), "
                     f"hand {seat['hand_size']}: {cards}")
    for title, rows in opponent_status(game):
        lines += [f"  {title}: {rows[0]}"] + [f"    {r}" for r in rows[1:]]
    return lines


def cost_now(game, me: int, number: int, decision=None) -> str:
    """What placing this card would cost you now (developments and worlds)."""
    from ..engine.develop import develop_cost
    from ..engine.settle import military_strength, settle_reduction

    card = game.design[number]
    if decision is not None:
        costs = decision.info.get("costs", {})
        if decision.kind == "develop" and number in costs:
            return f"pay {costs[number]}"
        if decision.kind == "settle":
            for option, cost in costs.items():
                if option[0] == number:
                    return "conquer" if option[1] == "conquer" else f"pay {cost}"
    if card.is_development:
        return f"pay {develop_cost(game, me, number)}"
    if card.military:
        return f"military {military_strength(game, me, card)}/{card.cost}"
    return f"pay {max(0, card.cost - settle_reduction(game, me, card))}"


def hand_table(game, me: int, console: Console, decision=None) -> Table:
    hand = game.view(me)["hand"]
    table = Table(title=f"Your hand ({len(hand)})", box=box_for(console), title_justify="left",
                  show_lines=False)
    for col in ("Card", "Cost", "VP", "Now", "Summary"):
        table.add_column(col, overflow="fold")
    for number in sorted(hand, key=lambda c: (game.design[c].type, game.design[c].cost,
                                              game.name(c))):
        card = game.design[number]
        table.add_row(Text(card.name, style=card_style(card)), str(card.cost),
                      f"{card.vp}{'+?' if card.vp_rules else ''}",
                      cost_now(game, me, number, decision), card_line(card))
    return table


def status_line(game, me: int) -> str:
    view = game.view(me)
    return (f"Round {view['round']} | phase {view['phase']} | VP pool {view['pool']} | "
            f"deck {view['deck_size']} | discard {view['discard_size']} | "
            f"your hand {len(view['hand'])}")


def opponent_status(game) -> list[tuple[str, list[str]]]:
    """The public state of every opponent that is not a seat (`rules.opponents`), as each
    one shows itself: a title and lines."""
    return [opponent.status(game) for opponent in game.rules.opponents
            if opponent.status is not None]


def opponent_panels(game, console: Console) -> list[Panel]:
    return [Panel("\n".join(lines), title=title, box=box_for(console), border_style="magenta")
            for title, lines in opponent_status(game)]


def board(game, me: int, console: Console, decision=None) -> Group:
    """The whole table as one seat sees it."""
    parts = [Text(status_line(game, me), style="bold")]
    order = [me] + [i for i in range(len(game.players)) if i != me]
    parts += [tableau_panel(game, i, me, console) for i in order]
    parts += opponent_panels(game, console)
    parts.append(hand_table(game, me, console, decision))
    return Group(*parts)


def score_table(game, console: Console, title: str = "Score") -> Table:
    """Every seat's and every opponent's score, as `game.outcome()` adds it up."""
    table = Table(title=title, box=box_for(console), title_justify="left")
    for col in ("Player", "Chips", "Cards", "6-dev bonuses", "Other", "Total"):
        table.add_column(col, justify="left" if col == "Player" else "right")
    for result in game.outcome().results:
        parts = result.breakdown
        bonus = ", ".join(f"{k} {v}" for k, v in parts.get("bonuses", {}).items()) or "-"
        extra = ", ".join(f"{k} {v}" for k, v in parts.get("extras", {}).items()) or "-"
        # Text: a player's name is never read as rich markup ("[/]" would raise).
        table.add_row(Text(result.name), str(parts.get("chips", "-")),
                      str(parts.get("cards", "-")), bonus, extra,
                      Text(str(result.score), style="bold"))
    return table


def final_table(game, console: Console) -> Group:
    outcome = game.outcome()
    names = list(outcome.winners)
    verdict = (f"{names[0]} wins!" if len(names) == 1 else "Tie: " + " and ".join(names))
    return Group(score_table(game, console, "Final score"), Text(verdict, style="bold green"),
                 Text(f"The game ended: {outcome.reason}.", style="dim"))


def log_lines(game, me: int, start: int = 0) -> list[str]:
    """Events this seat may read (public ones and its own private ones), from `start`."""
    return [text for who, text in game.events[start:] if who in (-1, me)]


class RaceScreen:
    """The card game's screen, as the host asks any ruleset's (`Ruleset.screen`)."""

    def status(self, game, me: int) -> str:
        return status_line(game, me)

    def board(self, game, me: int, console: Console, decision=None):
        return board(game, me, console, decision)

    def final(self, game, console: Console):
        return final_table(game, console)

    def log(self, game, me: int, start: int = 0) -> list[str]:
        return log_lines(game, me, start)

    def show(self, game, me: int, console: Console) -> list:
        """`rftg show`: the status line, every tableau, the opponents, the scores."""
        parts: list = [Text(status_line(game, me))]
        parts += [tableau_panel(game, i, me, console) for i in range(len(game.players))]
        parts += opponent_panels(game, console)
        parts.append(final_table(game, console) if game.over else score_table(game, console))
        return parts


SCREEN = RaceScreen()
