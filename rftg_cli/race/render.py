"""The game screen, drawn with rich: tableaux as card panels coloured by goods kind, your
hand with what each card costs you now, scores, the final table.

Everything here reads a seat's view (`game.view(me)`) or public facts (tableaux, scores);
it never shows another seat's hand or private events. `NO_COLOR` is honoured by rich itself;
`RFTG_ASCII=1` (or a terminal without UTF-8) draws ASCII boxes.
"""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rftg_cli.legend import Legended
from rftg_cli.ui.console import box_for, make_console  # noqa: F401  (the screen's console)
from rftg_cli.words import plural


GOOD_STYLE = {"novelty": "bright_cyan", "rare": "orange3", "gene": "green",
              "alien": "yellow", "any": "white"}
DEVELOPMENT_STYLE = "magenta"
MILITARY_STYLE = "red"


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
    """One seat's tableau as card panels (`tableau`, `rftg show`)."""
    view = game.view(me)
    seat = view["seats"][player]
    panels = [card_panel(game, c, c in seat["goods"], console) for c in seat["tableau"]]
    # Text, not a str: a player name is never read as rich markup ("[/]" would raise).
    return Panel(Columns(panels) if panels else Text("(empty)"),
                 title=Text(seat_header(game, player, me)), title_align="left",
                 box=box_for(console))


def seat_header(game, player: int, me: int) -> str:
    """'AI: 12 VP (3 chips), tableau 5/12, hand 4, chose Develop + Settle'."""
    from .engine.scoring import score

    seat = game.view(me)["seats"][player]
    chose = chosen_actions(game, player, me)
    counts = "".join(f", {name} {seat[name]}" for name in game.rules.counters if seat[name])
    chips = plural(seat["vp"], "chip")
    return (f"{seat['name']}: {score(game, player).total} VP ({chips}{counts}), "
            f"tableau {len(seat['tableau'])}/{tableau_limit(game, player)}, hand "
            f"{seat['hand_size']}" + (f", {chose}" if chose else ""))


def chosen_actions(game, player: int, me: int) -> str:
    """What a seat chose this round once it is revealed (your own at once), else what it
    chose the round before (from the log), so the board always says it."""
    from .options import action_names

    seat = game.view(me)["seats"][player]
    if seat["actions"]:
        names = action_names(game)
        return "chose " + " + ".join(names.get(a, a) for a in seat["actions"])
    said = f"{seat['name']} chose "
    for who, text in reversed(game.events):
        if who == -1 and text.startswith(said):
            return "last round: " + text[len(said):].rstrip(".").replace(" and ", " + ")
    return ""


def tableau_limit(game, player: int) -> int:
    from .engine.round import tableau_limit as limit

    return limit(game, player)


def seat_text(game, player: int, me: int, console: Console, one_line: bool = False) -> Text:
    """A seat on the board in a few lines: its header, then its cards by name, coloured by
    kind, worlds holding a good marked; `one_line`: the cards cut to one line."""
    view = game.view(me)
    seat = view["seats"][player]
    text = Text(seat_header(game, player, me), style="bold")
    mark = "*" if console.ascii_only else "■"
    cards = Text("  ")
    for n, card in enumerate(seat["tableau"]):
        if n:
            cards.append(separator(console), style="dim")
        cards.append(game.name(card), style=card_style(game.design[card]))
        if card in seat["goods"]:
            cards.append(mark, style="bold")
    # Your start world kept face down (start-world choice) until every seat has chosen.
    # (The two dealt are the decision's options; the one kept comes first, before any card
    # its start power holds.)
    kept = view["start_worlds"][:1] if player == me and len(view["start_worlds"]) != 2 else []
    if kept:
        cards.append(f"{game.name(kept[0])} (face down)", style="dim")
    elif not seat["tableau"]:
        cards.append("(no cards)", style="dim")
    if one_line:
        cards.truncate(console.width - 1, overflow="ellipsis")
    return text.append("\n").append_text(cards)


def separator(console: Console) -> str:
    return ", " if console.ascii_only else " · "


def cut(text: str, room: int, console: Console) -> str:
    """Text cut to `room` characters, the cut marked, between words where one ends in the
    last third ("V: draw 1 card…", not "V: draw 1 car…")."""
    if len(text) <= room:
        return text
    mark = "..." if console.ascii_only else "…"
    head = text[: max(0, room - len(mark)) + 1]
    words = head.rsplit(" ", 1)[0].rstrip(" ,;:—") if " " in head[room * 2 // 3:] else ""
    return (words or head[:-1]) + mark


def tableau_lines(game, me: int) -> list[str]:
    """The table in plain lines: status, then each tableau with its goods marked '*'."""
    lines = [status_line(game, me)]
    warning = end_warning(game)
    if warning:
        lines.append(f"! {warning}")
    view = game.view(me)
    for i, seat in enumerate(view["seats"]):
        cards = ", ".join(game.name(c) + ("*" if c in seat["goods"] else "")
                          for c in seat["tableau"])
        lines.append(f"  {seat_header(game, i, me)}: {cards}")
    for title, rows in opponent_status(game):
        lines += [f"  {title}: {rows[0]}"] + [f"    {r}" for r in rows[1:]]
    return lines


def kind_text(card) -> str:
    """'dev', 'rare', 'mil alien wf', 'world': what a card is, in a few letters."""
    if card.is_development:
        return "dev"
    words = (["mil"] if card.military else []) + [card.good or ("" if card.military else
                                                                "world")]
    return " ".join(w for w in words if w) + (" wf" if card.windfall else "")


def does_text(game, card) -> str:
    """What a card does, shortest first: a variable-VP card's scoring rules, then powers
    (in the words of the game's power kinds)."""
    from .cards.text import power_text, vp_rule_text

    rules = [vp_rule_text(r) for r in card.vp_rules]
    powers = [power_text(p, card, game.rules.powers) for p in card.powers
              if not (p.kind == "produce" and not p.pay_with)]
    return "; ".join((["VP: " + ", ".join(rules)] if rules else []) + powers)


def vp_now(card, value: int | None) -> str:
    """Printed VP, and a variable-VP card's value now: '2', '0+5'."""
    return str(card.vp) if value is None else f"{card.vp}+{value}"


def hand_table(game, me: int, console: Console, decision=None) -> Table:
    """Your hand, one line per card in the order options are numbered: a mark on the cards
    you can place now, what each costs you now, and what it does (cut to the screen)."""
    from .hand import hand_now
    from .options import hand_key

    hand = game.view(me)["hand"]
    now = hand_now(game, me, decision)
    mark = "+" if console.ascii_only else "✓"
    rows = []
    for number in sorted(hand, key=lambda c: hand_key(game, c)):
        card = game.design[number]
        info = now[number]
        rows.append((mark if info.playable else "", card, kind_text(card), str(card.cost),
                     vp_now(card, info.value), info.text, does_text(game, card)))
    table = Table(box=None, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0),
                  header_style="bold")
    heads = ("", f"Your hand ({len(hand)})", "Kind", "Cost", "VP", "Now")
    widths = [max([len(h)] + [len(r[i].name if i == 1 else r[i]) for r in rows])
              for i, h in enumerate(heads)]
    for head, width in zip(heads, widths):
        table.add_column(head, no_wrap=True, width=width,
                         justify="right" if head in ("Cost", "VP") else "left")
    # What a card does gets the rest of the line, cut: `card NAME` says it whole.
    room = max(8, console.width - sum(widths) - len(widths) - 1)
    legend = f"Does   {mark} = you can place it now"
    table.add_column(legend if len(legend) <= room else "Does", no_wrap=True, width=room,
                     overflow="ellipsis")
    for mark_cell, card, *cells, does in rows:
        table.add_row(mark_cell, Text(card.name, style=card_style(card)), *cells,
                      cut(does, room, console))
    return table


def tableau_counts(game) -> list[str]:
    """'You 5/12': every seat's and every other opponent's tableau out of the end limit."""
    out = [f"{p.name} {len(p.tableau)}/{tableau_limit(game, i)}"
           for i, p in enumerate(game.players)]
    for opponent in game.rules.opponents:
        details = opponent.result(game).details
        if "tableau" in details:
            # Its own count when it keeps one (pieces that are not cards may count).
            size = details.get("tableau_size", len(details["tableau"]))
            out.append(f"{opponent.name} {size}/{game.rules.game_end_tableau}")
    return out


def status_line(game, me: int) -> str:
    """'Round 3 develop | VP pool 20 | deck 80 discard 5 | cards You 5/12 AI 4/12'
    (each tableau out of the size that ends the game)."""
    view = game.view(me)
    return (f"Round {view['round']} {view['phase']} | VP pool {view['pool']} | "
            f"deck {view['deck_size']} discard {view['discard_size']} | "
            f"cards {' '.join(tableau_counts(game))}")


def end_warning(game) -> str | None:
    """'Last round: ...' once the game is bound to end when this round does."""
    from .engine.round import game_should_end

    if game.over or game.phase in ("setup", "action") or not game_should_end(game):
        return None
    why = []
    if game.pool <= 0:
        why.append("the VP pool is empty")
    why += [f"{p.name} has {len(p.tableau)} cards" for i, p in enumerate(game.players)
            if len(p.tableau) >= tableau_limit(game, i)]
    # A check that holds says why; one that does not says nothing ("" or False).
    why += [said for check in game.rules.end_checks if isinstance(said := check(game), str)
            and said]
    return "Last round: the game ends when this round does (" + \
        ("; ".join(why) or "an end condition holds") + ")."


def opponent_status(game) -> list[tuple[str, list[str]]]:
    """The public state of every opponent that is not a seat (`rules.opponents`), as each
    one shows itself: a title and lines."""
    return [opponent.status(game) for opponent in game.rules.opponents
            if opponent.status is not None]


def opponent_panels(game, console: Console) -> list[Panel]:
    return [Panel("\n".join(lines), title=title, box=box_for(console), border_style="magenta")
            for title, lines in opponent_status(game)]


BOARD_LINES = 3    # an opponent's first lines on the board (its state); `tableau` shows all
CROWDED = 5        # from this many seats, the others' cards take one line each (`tableau`
                   # shows all): five and six tableaux still fit a 24-line terminal


def opponent_text(title: str, lines: list[str], most: int | None = None) -> Text:
    text = Text(title, style="bold magenta")
    for line in lines[:most]:
        text.append("\n  " + line)
    if most is not None and len(lines) > most:
        text.append(f"  (`tableau {title.split()[0].lower()}`: more)", style="dim")
    return text


def board(game, me: int, console: Console, decision=None) -> Legended:
    """The whole table as one seat sees it, in as few lines as it takes, the part that
    matters most nearest the prompt that follows: your hand, every tableau, the opponents
    that are not seats, the status line, then the legend of its marks (`tableau` draws the
    card panels)."""
    order = [me] + [i for i in range(len(game.players)) if i != me]
    parts: list = [hand_table(game, me, console, decision)]
    crowded = len(order) >= CROWDED
    parts += [seat_text(game, i, me, console, one_line=crowded and i != me) for i in order]
    parts += [opponent_text(title, lines, BOARD_LINES)
              for title, lines in opponent_status(game)]
    parts += [Text(cut(line, console.width, console)) for source in game.rules.board_lines
              for line in source(game, me)]
    parts.append(Text(status_line(game, me), style="bold"))
    warning = end_warning(game)
    if warning:
        parts.append(Text(warning, style="bold red"))
    return Legended(game.config, parts)


def score_table(game, console: Console, title: str = "Score") -> Table:
    """Every seat's and every opponent's score, as `game.outcome()` adds it up."""
    table = Table(title=title, box=box_for(console), title_justify="left")
    for col in ("Player", "Chips", "Cards", "6-dev bonuses", "Other", "Total"):
        table.add_column(col, justify="left" if col == "Player" else "right")
    for result in game.outcome().results:
        parts = result.breakdown
        bonus = ", ".join(f"{k} {v}" for k, v in parts.get("bonuses", {}).items()) or "-"
        kinds = ", ".join(f"{k} as {v}" for k, v in parts.get("kinds", {}).items())
        bonus += f" ({kinds})" if kinds else ""
        extra = ", ".join(f"{k} {v}" for k, v in parts.get("extras", {}).items()) or "-"
        # Text: a player's name is never read as rich markup ("[/]" would raise).
        table.add_row(Text(result.name), str(parts.get("chips", "-")),
                      str(parts.get("cards", "-")), bonus, extra,
                      Text(str(result.score), style="bold"))
    return table


def six_lines(game, me: int) -> list[str]:
    """Each variable-VP card in your hand: its scoring rule and what it would score now."""
    from .cards.text import vp_rule_text
    from .hand import six_value, tableau_now

    now = tableau_now(game, me)
    out = []
    for card in dict.fromkeys(game.players[me].hand):
        design = game.design[card]
        if design.vp_rules:
            rules = ", ".join(vp_rule_text(r) for r in design.vp_rules)
            out.append(f"{design.name} (in hand) would score {six_value(now, me, card)} "
                       f"VP now: {rules}")
    return out


def tableau_points(game, result, console: Console) -> Text:
    """One standing's tableau, each card with its points: printed VP, and a variable-VP
    card's bonus as '+N'."""
    bonuses = result.breakdown.get("bonuses", {})
    text = Text()
    for n, name in enumerate(result.details.get("tableau", [])):
        if n:
            text.append(separator(console), style="dim")
        design = next((c for c in game.design if c.name == name), None)
        vp = design.vp if design is not None else 0
        extra = f"+{bonuses[name]}" if name in bonuses else ""
        text.append(name, style=card_style(design) if design is not None else "")
        text.append(f" {vp}{extra}")
    return text


def final_table(game, console: Console) -> Group:
    """The end: who won, why the game ended, every tableau with each card's points and
    each bonus, and the score table."""
    outcome = game.outcome()
    names = list(outcome.winners)
    verdict = (as_read(f"{names[0]} wins", "You") + "!" if len(names) == 1
               else "Tie: " + " and ".join(names))
    reason = "; ".join(as_read(part, "You") for part in outcome.reason.split("; "))
    parts: list = [Text(f"The game is over: {reason}.", style="bold")]
    for result in outcome.results:
        if "tableau" in result.details:
            parts.append(Text(f"{result.name}: {result.score} VP", style="bold"))
            parts.append(Text("  ").append_text(tableau_points(game, result, console)))
    parts += [score_table(game, console, "Final score"), Text(verdict, style="bold green")]
    return Group(*parts)


def log_lines(game, me: int, start: int = 0) -> list[str]:
    """Events this seat may read (public ones and its own private ones), from `start`, with
    round and phase headers, in the words a player reads (`You settle`, not `You settles`)."""
    name = game.players[me].name
    seen = [event for event in game.events[start:] if event[0] in (-1, me)]
    return [as_read(text, name) for text in one_line_each(seen, me)]


def one_line_each(events: list, me: int) -> list[str]:
    """The events' texts, a move the engine tells in two lines (`Event`) told in one where
    the public line says it: what everyone reads of your keep with the cards you kept (`You
    explore and keep Gem World.`), your pass with why (`You do not develop: no development
    in hand.`); a private line whose public one has not come yet is said last."""
    out: list[str] = []
    held = {}
    for event in events:
        if event[0] == me and event.told:
            held[event.kind] = event
        elif event.about == me and event.kind in held:
            out.append(held.pop(event.kind).told)
        else:
            out.append(event[1])
    return out + [event[1] for event in held.values()]


def as_read(text: str, me: str) -> str:
    """A log line as the screen shows it: headers drawn as rules, and the verb after a seat
    named "You" in the second person (and its "their", "your")."""
    if text.startswith("Round ") and text.endswith(" begins."):
        return f"== {text[:-len(' begins.')]} =="
    if text.startswith("Phase: "):
        return f"-- {text[len('Phase: '):-1].capitalize()} --"
    if me == "You" and text.startswith("You "):
        verb, _, rest = text[4:].partition(" ")
        if rest.startswith("and "):     # "You explores and keeps 2."
            second, _, tail = rest[4:].partition(" ")
            rest = f"and {second_person(second)}" + (f" {tail}" if tail else "")
        rest = rest.replace(" their ", " your ")
        return f"You {second_person(verb)}" + (f" {rest}" if rest else "")
    return text


IRREGULAR = {"does": "do", "has": "have", "is": "are", "was": "were"}


def second_person(verb: str) -> str:
    """'settles' -> 'settle', 'does' -> 'do'; other words as they are."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss") and len(verb) > 2:
        return verb[:-1]
    return verb


def rounds_of(lines: list[str], last: int) -> list[str]:
    """The lines of the last `last` rounds (from the header of the first of them); a round
    just begun, nothing in it but its header (at the action prompt), is not one of them."""
    starts = [i for i, line in enumerate(lines) if line.startswith("== Round ")]
    if last <= 0 or not starts:
        return lines
    if starts[-1] == len(lines) - 1:
        last += 1
    return lines[starts[-last] if last <= len(starts) else 0:]


class RaceScreen:
    """The card game's screen, as the host asks any ruleset's (`Ruleset.screen`)."""

    says_game_over = True       # `final` begins "The game is over: why": the host need not

    def status(self, game, me: int) -> str:
        return status_line(game, me)

    def board(self, game, me: int, console: Console, decision=None):
        return board(game, me, console, decision)

    def final(self, game, console: Console):
        return final_table(game, console)

    def log(self, game, me: int, start: int = 0) -> list[str]:
        return log_lines(game, me, start)

    def why(self, game) -> list[str]:
        """Why the opponents that are not seats made their last move (`Opponent.explain`):
        what `why` shows when no computer seat has decided."""
        return [line for opponent in game.rules.opponents if opponent.explain is not None
                for line in opponent.explain(game)]

    def show(self, game, me: int, console: Console) -> list:
        """`rftg show`: the status line, every tableau, the opponents, the scores."""
        parts: list = [Text(status_line(game, me))]
        parts += [tableau_panel(game, i, me, console) for i in range(len(game.players))]
        parts += opponent_panels(game, console)
        parts.append(final_table(game, console) if game.over else score_table(game, console))
        return parts


SCREEN = RaceScreen()
