"""The dice game at the full-screen table: what one seat sees, described for the host's
table (`rftg_cli.table.view`): the scoreboard, your dice (cup, citizenry, the phase
columns), the decision's choices, your construction stacks and tableau (each tile's both
sides in the tile pane), every other player's board (or the bot's) and the log.

A decision with many choices (selecting a phase: every phase with every die) is listed in
groups: a group row opens its choices (`Browse`), a `back` row closes them, so the list
stays short at 80x24. Rows chosen by keys answer with the decision's own options, typed
lines go through the game's answer grammar (`parse_answer`): both are one answer with one
text in the save.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rftg_cli.decision import Decision
from rftg_cli.legend import marks_of
from rftg_cli.players.text_seat import COMMANDS, TextSeat
from rftg_cli.table.view import HINTED, Ask, Browse, Row, ScoreRow, Section, TableView

from .catalog import CATALOG
from .data import PHASES
from .screen import DIE_LETTER, SCREEN
from .text import PICK_PREFIX, answer_text, canonical, item_text

GROUP_OVER = 7          # more choices than this are listed in groups
DICE = "row of dice"    # a line of dice, in the table's messages
COMPLETIONS = 40        # typed answers offered by Tab
PHASE_TEXT = {
    "explore": "Explore: each explorer stocks (gains credits) or scouts (draws tiles).",
    "develop": "Develop: each developer goes on the top tile of your development stack.",
    "settle": "Settle: each settler goes on the top tile of your world stack.",
    "produce": "Produce: each producer becomes a good on one of your non-gray worlds.",
    "ship": "Ship: each shipper trades a good (credits) or consumes it (VP).",
}


@dataclass(frozen=True)
class Group:
    """A row that opens a group of choices."""

    key: tuple


BACK = Group(("back",))


def dice(colours) -> str:
    """Dice as letters (W white, R red, ...): what the die's colour is, without colours."""
    return " ".join(DIE_LETTER[c] for c in colours) or "-"


def workers(column) -> str:
    """A phase column: its dice, a wild one marked with *."""
    return " ".join(DIE_LETTER[c] + ("*" if wild else "") for c, wild in column) or "-"


# ---------------------------------------------------------------------- tile text

def side_lines(side) -> list[str]:
    """One side of a tile in plain English, whole (its cost is its VP)."""
    if side.is_world:
        effect = f"; when settled: {side.text}" if side.text else ""
        return [f"{side.name}: {side.color} world, cost {side.cost}, {side.cost} VP{effect}"]
    power = f"; {side.text}" if side.text else ""
    return [f"{side.name}: development, cost {side.cost}, {side.cost} VP{power}"] + (
        [f"  End: {side.bonus_text}"] if side.bonus_text else [])


def tile_sides(game, tile: int) -> list[str]:
    """Both sides of a game tile: the development it may become and the world."""
    t = game.data.tiles[tile]
    return side_lines(t.development) + side_lines(t.world)


def tile_text(game, tile: int) -> tuple[str, ...]:
    t = game.data.tiles[tile]
    return (f"Tile {tile}: {t.development.name} / {t.world.name}", *tile_sides(game, tile))


def built_text(game, name: str) -> tuple[str, ...]:
    """A side in a tableau: its text, and the tile's other side (no longer in play)."""
    side = game.side(name)
    lines = [name, *side_lines(side)]
    if side.tile:
        t = game.data.tiles[side.tile]
        other = t.world if side is t.development else t.development
        lines.append(f"(tile {side.tile}; its other side: {other.name})")
    return tuple(lines)


# ---------------------------------------------------------------------- the scoreboard

def status(game) -> str:
    """The round, the phase and the VP pool first: the line is cut at the terminal's edge."""
    chosen = ", ".join(ph.capitalize() for ph in game.selected) or "-"
    return (f"Round {game.round} · {game.phase.capitalize()} · VP pool {game.pool} · "
            f"phases {chosen} · bag {len(game.bag)}")


def end_warning(game) -> str:
    from .round import end_reasons

    reasons = end_reasons(game)
    if not reasons or game.over:
        return ""
    return f"Last round: the game ends when this round does ({'; '.join(reasons)})."


def scores(game, me: int) -> tuple[ScoreRow, ...]:
    """Every player's total now and how it adds up, then the bot's."""
    end = game.data.rules["end_tiles"]
    rows = []
    for result in game.outcome().results:
        parts = result.breakdown
        added = f"tiles {parts['tiles']} + chips {parts['chips']}" + (
            f" + 6-dev {parts['bonuses']}" if parts["bonuses"] else "")
        details = result.details
        facts = [f"${details['credits']}", f"tiles {details['tiles']}/{end}"]
        facts += [f"cup {details['cup']}"] if "cup" in details else []
        rows.append(ScoreRow(result.name, result.score, added, " · ".join(facts),
                             me=result.seat == me))
    return tuple(rows)


# ---------------------------------------------------------------------- your side

def named(colours) -> str:
    """Dice by their colours' names: "2 white, red"."""
    counts = {c: list(colours).count(c) for c in sorted(set(colours))}
    return ", ".join(f"{n} {c}" if n > 1 else c for c, n in counts.items()) or "none"


def dice_row(label: str, held, about: str, letters: str = "", *more: str) -> Row:
    """A place holding dice: its letters beside it, their colours' names in the pane."""
    return Row(label, letters or dice(sorted(held)), (f"{about}: {named(held)}", *more),
               noun=DICE)


def dice_section(game, me: int, decision: Decision | None = None) -> Section:
    """Your dice where they are: the cup, the citizenry, each phase column holding some,
    the die on the phase you select and the Dictate area. A column whose dice may move now
    (wild, Dictate, Reassign) is a choice: Enter lists where they may go."""
    p = game.players[me]
    rows = [dice_row("Cup", p.cup, "Your cup, the dice you roll next round"),
            dice_row("Citizenry", p.citizenry,
                     "Your citizenry, recruited back to the cup for $1 each in Manage")]
    movable = {group_of(decision, o) for o in decision.options} if decision else set()
    for ph in PHASES:
        if p.columns[ph]:
            row = dice_row(ph.capitalize(), [c for c, _ in p.columns[ph]],
                           f"{ph.capitalize()} workers", workers(p.columns[ph]),
                           PHASE_TEXT[ph], "* = a wild face: it may move to any column")
            if ("move", ph) in movable:
                row = replace(row, value=Group(("move", ph)), choice=True,
                              text=(*row.text, "Enter lists where its dice may go."))
            rows.append(row)
    if p.selection:
        phase, colour = p.selection
        rows.append(Row("Selected", f"{phase.capitalize()} ({DIE_LETTER[colour]})",
                        (f"You select {phase.capitalize()} with a {colour} die.",),
                        noun="die"))
    if p.dictate:
        rows.append(dice_row("Dictated", p.dictate, "The Dictate area (back to your cup at "
                                                    "Reveal)"))
    return Section(f"Your dice · ${p.credits}", tuple(rows))


def stacks_section(game, me: int) -> Section:
    """Your construction stacks, top first, with the dice waiting on each top tile."""
    p = game.players[me]
    rows = []
    for kind, short in (("development", "Dev"), ("world", "World")):
        waiting = p.building[kind]
        for i, tile in enumerate(p.stack(kind)):
            side = game.data.tiles[tile].side(kind)
            note = f"on it: {dice(sorted(waiting))}" if i == 0 and waiting else f"cost {side.cost}"
            rows.append(Row(f"{short}: {side.name}", note, tile_text(game, tile), noun="tile"))
        if not p.stack(kind) and waiting:
            rows.append(Row(f"{short}: (none)", f"waiting: {dice(sorted(waiting))}",
                            (f"Dice waiting for your next {kind}: {dice(sorted(waiting))}",),
                            noun=DICE))
    return Section("Your stacks (top first)", tuple(rows))


def tableau_section(game, me: int) -> Section:
    p = game.players[me]
    rows = []
    for name in p.tableau:
        side = game.side(name)
        goods = p.goods.get(name, ())
        note = (side.color if side.is_world else "dev") + f" {side.cost}" + (
            f" [{dice(goods)}]" if goods else "")
        rows.append(Row(name, note, built_text(game, name),
                        style="dev" if not side.is_world else "", noun="tile"))
    return Section(f"Your tableau ({len(p.tableau)} tiles)", tuple(rows))


# ---------------------------------------------------------------------- the others

def boards(game, me: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What you did this round, then every other player's board (what you may see: no dice
    behind the screens while assigning, only the top of each stack), then the bot's."""
    view = game.view(me)
    out = []
    mine = game.players[me]
    if mine.did:
        out.append(("You this round", tuple(f"{ph.capitalize()}: {'; '.join(did)}"
                                            for ph, did in mine.did.items())))
    for i, seat in enumerate(view["players"]):
        if i != me:
            out.append(player_board(game, seat, game.players[i]))
    if view.get("bot"):
        out.append(bot_board(game, view["bot"]))
    return tuple(out)


def player_board(game, seat: dict, player) -> tuple[str, tuple[str, ...]]:
    """Another player's board from what `seat` (its view) shows; while it assigns, only how
    many dice it rolled behind its screen."""
    head = f"{seat['name']}: ${seat['credits']} · citizenry {dice(seat['citizenry'])}"
    lines = []
    if seat["columns"] is None:
        rolled = sum(len(col) for col in player.columns.values()) + bool(player.selection) + \
            len(player.dictate)
        head += f" · {rolled} dice behind the screen"
    else:
        head += f" · cup {dice(seat['cup'])}"
    if seat["columns"]:
        lines.append(" · ".join(f"{ph.capitalize()} {dice(d)}"
                                for ph, d in seat["columns"].items() if d) or "no workers")
    lines.append(tops(game, seat))
    lines.append("Tableau: " + ", ".join(
        n + (f" [{dice(seat['goods'][n])}]" if seat["goods"].get(n) else "")
        for n in seat["tableau"]))
    lines += [f"{ph.capitalize()}: {'; '.join(d)}" for ph, d in player.did.items()]
    return head, tuple(lines)


def tops(game, board: dict) -> str:
    """The top tile of each construction stack, and how many lie under it."""
    out = []
    for kind, key in (("development", "dev_stack"), ("world", "world_stack")):
        stack = board[key]
        size = board.get(f"{key}_size", len(stack))
        top = game.data.tiles[stack[0]].side(kind).name if stack else "-"
        out.append(f"{kind.capitalize()}s: {top}" + (f" (+{size - 1})" if size > 1 else ""))
    return " · ".join(out)


def bot_board(game, bot: dict) -> tuple[str, tuple[str, ...]]:
    rolled = ", ".join(ph.capitalize() for ph in bot["phases"]) or "-"
    # In parentheses: after "rolled Explore, Ship" the pane's colon read as if the stacks
    # were what it rolled.
    head = f"{bot['name']} (${bot['credits']} · rolled {rolled})"
    tableau = ", ".join(n + (" [good]" if n in bot["goods"] else "") for n in bot["tableau"])
    lines = [tops(game, bot), "Tableau: " + (tableau or "-")]
    lines += [f"{ph.capitalize()}: {'; '.join(d)}" for ph, d in game.bot.did.items()]
    return head, tuple(lines)


# ---------------------------------------------------------------------- the decision

def group_of(decision: Decision, option) -> tuple | None:
    """The group an option is listed in when the choices are many; None: listed alone."""
    kind = decision.kind
    if kind == "assign":
        if option[0] == "select":
            return ("select", option[1])
        if option[0] in ("wild", "dictate"):
            return ("move", option[2])
        if option[0] == "reassign":
            return ("move", option[3])
    if kind == "ship":
        return ("ship", option[1], option[2])
    if kind == "produce":
        return ("produce", option[1])
    if kind == "remove_die":
        return ("remove", option[0])
    if kind == "scout_place":
        return ("tile", option[0])
    return None


def group_label(game, me: int, key: tuple) -> tuple[str, str]:
    """A group row: its label and its note."""
    p = game.players[me]
    if key[0] == "select":
        return f"Select {key[1].capitalize()}", workers(p.columns[key[1]])
    if key[0] == "ship":
        return f"Ship {key[2]} from {key[1]}", ""
    if key[0] == "produce":
        return f"Produce on {key[1]}", ""
    if key[0] == "remove":
        return f"Remove from {key[1]}", ""
    t = game.data.tiles[key[1]]
    return f"Place {t.development.name}", f"/ {t.world.name}"


def short_label(game, decision: Decision, option) -> str:
    """An option inside its group: what differs from the group's other options."""
    kind = decision.kind
    if kind == "assign" and option[0] == "select":
        _, phase, colour, src = option
        return f"with {colour} from {src}" + (" (stays)" if src == phase else "")
    if kind == "assign":            # a move of a die from the column opened
        *how, colour, _, target = option
        return f"{how[1] + ':' if how[0] == 'reassign' else how[0]} {colour} to {target}"
    if kind == "ship":
        return f"{option[0]} with {option[3]}"
    if kind == "produce":
        return f"with {option[0]}"
    if kind == "remove_die":
        return f"remove {option[1]}"
    if kind == "scout_place":
        return f"{option[1]} side, {option[2]}"
    return answer_text(game, decision, option)


def alone_label(game, decision: Decision, option) -> tuple[str, str]:
    """An option listed alone: its answer, or (a tile to place) the side and where."""
    if decision.kind == "scout_place":
        tile, side, where = option
        name = game.data.tiles[tile].side(side).name
        return f"{'Dev' if side == 'development' else 'World'}: {name}", where
    return answer_text(game, decision, option), ""


def listed(game, decision: Decision, option) -> str:
    """A choice as the list leads to it: its row, or the row that opens its group then its
    row inside ("Select Explore › with white from settle"; a die's move from its column of
    your dice: "Your dice: Explore › wild purple to settle")."""
    if decision.count is not None:
        return answer_text(game, decision, option)
    key = group_of(decision, option)
    if key is not None and key[0] == "move":
        return f"Your dice: {key[1].capitalize()} › {short_label(game, decision, option)}"
    rest = [o for o in decision.options if (group_of(decision, o) or ("",))[0] != "move"]
    if key is not None and len(rest) > GROUP_OVER and \
            sum(group_of(decision, o) == key for o in rest) > 1:
        return f"{group_label(game, decision.player, key)[0]} › " \
            f"{short_label(game, decision, option)}"
    label, where = alone_label(game, decision, option)
    return f"{label}, {where}" if where else label


def prompt_of(decision: Decision) -> str:
    """The decision in words; the tiles drawn are in the list, not repeated in the bar."""
    if decision.kind == "scout_place":
        return decision.prompt.split(":")[0] + " (each goes under the stack of its side)"
    return decision.prompt


def option_text(game, decision: Decision, option) -> tuple[str, ...]:
    """The tile pane for a choice: the tile or world it names, whole, under its answer."""
    said = answer_text(game, decision, option)
    now = gain(game, decision, option)
    if now:
        said += f" (now: {now})"
    kind = decision.kind
    if kind == "start":     # the two sides this answer puts in play
        tiles = game.data.tiles
        return (said, *side_lines(tiles[option[0]].development),
                *side_lines(tiles[option[1]].world))
    if kind in ("scout_place", "give_back"):
        # The tile alone: the list and the bar say where it goes (the longest tiles
        # fill the pane at 80x24 with four players).
        return tuple(tile_sides(game, option[0] if kind == "scout_place" else option))
    if kind in ("logistics", "explore") and option[0] == "logistics":
        return (said, *tile_sides(game, option[2]))
    if kind == "ship":
        return (said, *built_text(game, option[1]))
    if kind == "produce":
        return (said, *built_text(game, option[1]))
    if kind == "assign" and option[0] == "select":
        return (said, PHASE_TEXT[option[1]])
    if kind == "assign" and option[0] == "reassign":
        return (said, *built_text(game, option[1]))
    return (said,)


def alone_row(game, decision: Decision, option) -> Row:
    label, where = alone_label(game, decision, option)
    return Row(label, where or gain(game, decision, option), option_text(game, decision, option),
               value=option, choice=True)


def inner_row(game, decision: Decision, option) -> Row:
    """An option of the group opened."""
    return Row(short_label(game, decision, option), gain(game, decision, option),
               option_text(game, decision, option), value=option, choice=True)


def gain(game, decision: Decision, option) -> str:
    """What stocking, trading or consuming gives you now, after your tableau's powers."""
    from . import powers

    p = game.players[decision.player]
    if decision.kind == "explore" and option[0] == "stock":
        return f"+${powers.stock_credits(game, p, option[1])}"
    if decision.kind == "ship":
        verb, world, good, shipper = option
        if verb == "trade":
            return f"+${powers.trade_credits(game, p, game.side(world))}"
        return f"{powers.consume_vp(game, p, game.side(world), good, shipper)} VP"
    return ""


def group_row(game, me: int, decision: Decision, key: tuple) -> Row:
    label, note = group_label(game, me, key)
    return Row(label, note, (label, *group_text(game, decision, key)), value=Group(key),
               choice=True)


def item_row(game, decision: Decision, item) -> Row:
    text = item_text(game, decision, item)
    tiles = (tile_sides(game, item) if decision.kind == "scout_discard" else ())
    return Row(text, "", (text, *tiles), value=item, choice=True)


class RollTable:
    """The dice game's side of the table for one human seat: `view(game, me, decision)`;
    commands typed at the table print on `console` (the table's log pane)."""

    def __init__(self, console, *, on_save=None, on_why=None, on_hint=None,
                 on_default=None) -> None:
        self.seat = TextSeat(None, console, SCREEN, catalog=CATALOG, on_save=on_save,
                             on_why=on_why, on_hint=on_hint)
        self.opened: tuple | None = None     # (the decision's place, the group open)
        self.on_default = on_default         # a learning game: the hint's answer, Enter's
        self.led: tuple | None = None        # the place whose hinted group was opened

    def view(self, game, me: int, decision: Decision | None = None) -> TableView:
        mine = decision if decision is not None and decision.player == me else None
        sections: tuple[Section, ...] = ()
        ask = None
        if mine is not None:
            section, ask = self.choices(game, me, mine)
            sections = (section,)
        return TableView(status=status(game), warning=end_warning(game),
                         scores=scores(game, me),
                         sections=(dice_section(game, me, mine), *sections,
                                   stacks_section(game, me), tableau_section(game, me)),
                         tableaux=boards(game, me),
                         log=tuple(game.public_events(me)), ask=ask,
                         legend=marks_of(game.config))

    # --- the choices

    @staticmethod
    def answer_words(game, decision: Decision, answer) -> str:
        """An answer as this list leads to it (a hint names it so)."""
        return listed(game, decision, answer)

    def choices(self, game, me: int, decision: Decision) -> tuple[Section, Ask]:
        completions = tuple((t, "") for t in map(game.answer_text,
                                                  game.legal_answers(COMPLETIONS))) + \
            tuple((word, "") for word in COMMANDS)
        if decision.count is not None:
            return self.pick(game, decision, completions)
        place = (len(game.history), decision.kind, decision.player)
        learned = self.learned(game, decision)
        if learned is not None and self.led != place and group_of(decision, learned):
            # A learning game: the hint's group opens once, Enter on its answer.
            self.led, self.opened = place, (place, group_of(decision, learned))
        opened = self.opened[1] if self.opened and self.opened[0] == place else None
        rows = self.rows(game, me, decision, opened)
        default = decision.options[0] if learned is None else learned

        def answer(values: tuple):
            value = values[0]
            if isinstance(value, Group):
                self.opened = None if value is BACK else (place, value.key)
                raise Browse
            self.opened = None
            return decision.check(value)

        held = Group(group_of(decision, default))          # the group holding the default
        values = [r.value for r in rows]
        cursor = default if default in values else rows[0].value if opened is not None else \
            next((v for v in values if v in (default, held)), None)
        said = answer_text(game, decision, default) if learned is None else \
            HINTED + listed(game, decision, learned)
        ask = Ask(prompt=prompt_of(decision), default=said,
                  answer=answer, read=self.reader(game, me, decision), cursor=cursor,
                  completions=completions)
        moves = any((group_of(decision, o) or ("",))[0] == "move" for o in decision.options)
        title = "Choose (or back)" if opened else "Choose (or move dice above)" if moves \
            else "Choose"
        return Section(title, tuple(rows)), ask

    def rows(self, game, me: int, decision: Decision, opened: tuple | None) -> list[Row]:
        """The choices: each alone, or (when they are many) a row per group; the options
        of the group opened, and `back`."""
        options = decision.options
        if opened is not None:
            inside = [o for o in options if group_of(decision, o) == opened]
            return [inner_row(game, decision, o) for o in inside] + [
                Row("back", "", ("Back to every choice",), value=BACK, choice=True)]
        # A die's moves are listed from its column, in your dice above.
        options = [o for o in options if (group_of(decision, o) or ("",))[0] != "move"]
        if len(options) <= GROUP_OVER:
            return [alone_row(game, decision, o) for o in options]
        groups: dict[tuple, list] = {}
        for option in options:
            groups.setdefault(group_of(decision, option) or ("alone", option), []).append(option)
        # The phases to select in the order they are played, whichever holds the default.
        keys = sorted(groups, key=lambda k: PHASES.index(k[1]) if k[0] == "select" else 9)
        return [alone_row(game, decision, groups[k][0]) if len(groups[k]) == 1
                else group_row(game, me, decision, k) for k in keys]

    def pick(self, game, decision: Decision, completions) -> tuple[Section, Ask]:
        """Several entries at once (dice, tiles): Space marks, Enter answers."""
        rows = tuple(item_row(game, decision, item) for item in decision.options)
        learned = self.learned(game, decision)
        default = decision.legal_answers(1)[0] if learned is None else learned
        word = PICK_PREFIX[decision.kind].rstrip(":").split(" with")[0]
        said = answer_text(game, decision, default)
        ask = Ask(prompt=decision.prompt, default=said if learned is None else HINTED + said,
                  answer=lambda values: decision.check(canonical(decision, values)),
                  read=self.reader(game, decision.player, decision),
                  pick=decision.count, marked=tuple(default), completions=completions,
                  mark_word=word)
        return Section(decision.prompt, rows), ask

    def learned(self, game, decision: Decision):
        """A learning game's answer for Enter (the hint's), else None."""
        return self.on_default(game, decision) if self.on_default is not None else None

    def reader(self, game, me: int, decision: Decision):
        """A typed line: a command (carried out: None), else an answer in the game's
        grammar, as line mode reads it."""
        def read(text: str):
            word, _, rest = text.strip().partition(" ")
            word = word.casefold()
            if word == "help":      # line mode's help speaks of numbered answers
                for name, said in COMMANDS.items():
                    self.seat.say(f"  {name:<6} {said}")
                self.seat.say("  Or type an answer as the log and the save write it "
                              "(Tab completes it).")
                return None
            if word in COMMANDS:
                self.seat.command(word, game, me, rest.strip())
                return None
            self.opened = None
            # A choice typed as the list leads to it (as a hint names it), else the grammar.
            paths = {" ".join(listed(game, decision, o).casefold().split()): o
                     for o in decision.options} if decision.count is None else {}
            said = " ".join(text.casefold().split())
            return decision.check(paths[said] if said in paths else game.parse_answer(text))
        return read


def group_text(game, decision: Decision, key: tuple) -> tuple[str, ...]:
    """The tile pane for a group row: what its choices are about."""
    if key[0] == "select":
        return (PHASE_TEXT[key[1]], "Enter lists the dice you may put on it.")
    if key[0] == "tile":
        return tile_text(game, key[1])
    if key[0] == "ship":
        return built_text(game, key[1])
    if key[0] == "produce":
        return built_text(game, key[1])
    return ("Enter lists where it may go.",)


def make_table(console, *, on_save=None, on_why=None, on_hint=None,
               on_default=None) -> RollTable:
    return RollTable(console, on_save=on_save, on_why=on_why, on_hint=on_hint,
                     on_default=on_default)
