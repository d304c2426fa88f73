"""The full-screen table: one prompt_toolkit Application with fixed panes, redrawn in place.

    status line (round, phase, VP pool) and the end-of-game warning
    scoreboard: every seat's total now and how it adds up
    the list (choices, then your hand) | the highlighted card's whole text
                                       | every tableau
                                       | the log (PageUp/PageDown)
    the decision bar: what is asked, its default, the last message
    the command line: typed answers and commands, with Tab completion and history

It draws a `TableView` (`rftg_cli.table.view`) and owns no rule: the game runs in another
thread (`rftg_cli.table.run`), which shows a view with `show` and reads the player's
answer with `next_answer`. Keys: Up/Down or j/k move, Space marks, Enter confirms (while the
command line is empty); typed text is read as line mode reads it.
"""

from __future__ import annotations

import asyncio
import functools
import os
import queue
import re
import textwrap

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
from prompt_toolkit.layout import (
    ConditionalContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.mouse_events import MouseEventType
from prompt_toolkit.styles import Style

from ..legend import legend
from .view import HINTED, NO_DEFAULT, Row, TableView

LIST_WIDTH = 38         # the list pane; the card, tableaux and log panes share the rest
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
ASCII_SPINNER = "-\\|/"
KEYS_HELP = ("Keys: Up/Down or j/k move in the list · Space marks · Enter confirms · "
             "PageUp/PageDown scroll the log · F2 shows every tableau whole (F2 or Esc "
             "again: back) · Tab completes · Ctrl-P/Ctrl-N recall earlier "
             "answers · Ctrl-C saves and quits. Type a name starting with J or K in capitals.")
KEYS = "Up/Down j/k move · Enter confirms · F2 tableaux · type an answer or `help`"
WHOLE = "f2"            # the key that shows every tableau whole (never typed in an answer)

STYLE = Style.from_dict({
    "status": "reverse",
    "warning": "bold fg:ansired",
    "me": "bold",
    "title": "bold underline",
    "cursor": "reverse",
    "dim": "fg:ansibrightblack",
    "ok": "fg:ansigreen bold",
    "marked": "bold fg:ansiyellow",
    "ask": "bold",
    "message": "fg:ansiyellow",
    "dev": "fg:ansimagenta",
    "novelty": "fg:ansicyan",
    "rare": "fg:ansibrightred",
    "gene": "fg:ansigreen",
    "alien": "fg:ansiyellow",
    "military": "fg:ansired",
})


def ascii_only() -> bool:
    return bool(os.environ.get("RFTG_ASCII"))


KEPT = re.compile(r"\([^()]{1,22}\)")    # "(X = Settle)": one phrase, one row
GLUE = "\u00a0"                          # a space no row breaks at


def wrap(line: str, width: int) -> list[str]:
    """A line as the rows of a pane `width` wide, broken between words (indented rows keep
    their indent when they go on), a short phrase in brackets kept whole ("(X =" on one
    row, "Settle)" on the next read as two things)."""
    indent = " " * (len(line) - len(line.lstrip(" ")))
    glued = KEPT.sub(lambda m: m.group().replace(" ", GLUE), line)
    return [row.replace(GLUE, " ") for row in textwrap.wrap(
        glued, max(8, width), subsequent_indent=indent + "  ", break_on_hyphens=False)] or [""]


def last_page(window, rows: int) -> int:
    """The first row of a scrolled window's last page of `rows`."""
    shown = window.render_info.window_height if window.render_info else 1
    return max(0, rows - shown)


def bracketed(ask) -> str:
    """The default in the bar, as line mode words it: "[default: keep X]", or "[no default:
    mark 2 action cards]" where there is none."""
    if ask.default.startswith(NO_DEFAULT):
        return f"[{ask.default}]"
    return f"[default: {ask.default}]"


def joined(rows: list[tuple[str, str]]):
    """Styled rows as formatted text, one row a line."""
    out: list[tuple[str, str]] = []
    for style, row in rows:
        out += [(style, row), ("", "\n")]
    return out[:-1]


def in_loop(method):
    """A change the game's thread asks for is made in the screen's thread, between two
    redraws, never in the middle of one."""
    @functools.wraps(method)
    def call(self, *args, **kwargs):
        loop = self.app.loop
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if loop is not None and here is not loop and not loop.is_closed():
            loop.call_soon_threadsafe(functools.partial(method, self, *args, **kwargs))
        else:
            method(self, *args, **kwargs)
    return call


def in_ascii(text):
    """A pane's formatted text, its middle dots as ASCII when `RFTG_ASCII` asks for it."""
    def fragments():
        out = text()
        if not ascii_only():
            return out
        return [(part[0], part[1].replace("·", "-"), *part[2:]) for part in out]
    return fragments


def cut(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    return text[: max(0, width - 1)] + ("~" if ascii_only() else "…")


def list_title(title: str, width: int) -> str:
    """A section's title in the list, whole where it can be (the bar says the question
    whole): without its brackets ("Explore: discard 1 of these cards (keep 1)"), "discard 3"
    for "choose 3 cards to discard", else its head before ": " ("Pay 3 for Galactic
    Resort"), else cut between words."""
    bare = re.sub(r"\s*\([^()]*\)", "", title)
    terse = re.sub(r"choose (\d+) cards? to discard", r"discard \1", bare)
    for shorter in (title, bare, terse, title.split(": ")[0]):
        if len(shorter) <= width:
            return shorter
    head = title[:width - 1]
    return head.rsplit(" ", 1)[0] + ("~" if ascii_only() else "…") if " " in head \
        else cut(title, width)


def name_and_note(label: str, note: str, width: int) -> str:
    """A list line: the label, and the note at the right edge; the note is cut first (the
    card pane says it whole), so a card's name stays whole. A label that ends with its note
    in brackets ("Mining Conglomerate (pay 2)") says it once, in the note's column."""
    if note and label.endswith(f" ({note})"):
        label = label[: -len(note) - 3]
    room = width - len(label) - 1
    if note and room >= 5:
        note = cut(note, room)
        return f"{label}{' ' * (width - len(label) - len(note))}{note}"
    return cut(label, width).ljust(width)


class Choices(Completer):
    """Tab completion: the commands and the decision's answers, by any part of their name."""

    def __init__(self, table: TableApp) -> None:
        self.table = table

    def get_completions(self, document, complete_event):
        view = self.table.view
        word = document.text_before_cursor.strip().casefold()
        if not word:        # an empty line: the arrows move in the list, no menu
            return
        entries = view.ask.completions if view is not None and view.ask is not None else ()
        for name, meta in entries:
            if word in name.casefold():
                yield Completion(name, start_position=-len(document.text_before_cursor),
                                 display_meta=meta[:60])


class TableApp:
    """The screen and its keys. `show`, `reject`, `note`, `busy`, `finish` may be called
    from the game's thread; `next_answer` is called there and waits for the player."""

    def __init__(self, *, input=None, output=None, history=None, keys=None) -> None:
        self.view: TableView | None = None
        self.banner: list[str] = []  # the decision bar's lines when nothing is asked (replay)
        self.rows: list[Row] = []
        self.cursor = 0
        self.marked: list = []
        self.asking = False          # a decision waits for the player's answer
        self.message = ""
        self.waiting_for = ""        # who the table waits for (a spinner turns)
        self.frame = 0
        self.notes: list[tuple[int, str]] = []   # command output: (log length then, line)
        self.answered = 0            # notes when the player last answered
        self.scroll = 0              # log lines scrolled back
        self.output: list[str] = []  # what the last command printed, shown until a key
        self.output_top = 0          # its first line shown
        self.expanded = False        # every tableau whole over the list and the panes (F2)
        self.expanded_top = 0        # the first line of them shown
        self.log_drawn = self.output_drawn = self.expanded_drawn = 1   # rows last drawn
        self.over = False
        self.result = 0
        self.answers: queue.Queue = queue.Queue()
        self.buffer = Buffer(completer=Choices(self), history=history or InMemoryHistory(),
                             complete_while_typing=True, multiline=False)
        self.stopping = False        # Ctrl-C while another seat plays: stop after its move
        bindings = self.keys() if keys is None else merge_key_bindings([self.keys(), keys])
        self.app = Application(layout=self.layout(), key_bindings=bindings, style=STYLE,
                               full_screen=True, mouse_support=True, input=input,
                               output=output)
        self.app.pre_run_callables.append(self._start_spinner)

    # ------------------------------------------------------------------ from the game

    @in_loop
    def show(self, view: TableView) -> None:
        """A new view; a new decision starts with the default marked or highlighted."""
        new_ask = view.ask is not None and (self.view is None or self.view.ask is None
                                            or not self.asking)
        self.view = view
        self.rows = [row for section in view.sections for row in section.rows]
        if view.ask is not None and new_ask:
            self.marked = list(view.ask.marked)
            self.cursor = self._index_of(view.ask.cursor)
            self.scroll = 0
        self.cursor = min(self.cursor, max(0, len(self.rows) - 1))
        self.asking = view.ask is not None
        if self.asking:
            self.waiting_for = ""
        self.app.invalidate()

    @in_loop
    def ask_again(self, message: str = "") -> None:
        """The same decision again (the answer was refused, or a command ran): say why."""
        self.message = message
        self.asking = self.view is not None and self.view.ask is not None
        self.app.invalidate()

    @in_loop
    def note(self, line: str, cover: bool = True) -> None:
        """A line in the log; `cover`: also over the list until a key (what a command
        printed)."""
        self.notes.append((len(self.view.log) if self.view else 0, line))
        if cover:
            self.output.append(line)
        self.app.invalidate()

    @in_loop
    def busy(self, who: str) -> None:
        """The table waits for another seat (a computer seat thinking)."""
        self.waiting_for = who
        self.app.invalidate()

    @in_loop
    def finish(self, result: int, over: bool) -> None:
        """The game thread is done: leave now, or (the game over) when a key is pressed."""
        self.result = result
        if not over:
            self.app.exit(result=result)
            return
        self.over = True
        self.asking = False
        self.waiting_for = ""
        self.app.invalidate()

    def next_answer(self) -> tuple[str, object]:
        """("rows", values), ("text", line) or ("quit", None), when the player gives it."""
        return self.answers.get()

    def _index_of(self, value) -> int:
        for i, row in enumerate(self.rows):
            if row.choice and value is not None and row.value == value:
                return i
        return next((i for i, row in enumerate(self.rows) if row.choice), 0)

    # ------------------------------------------------------------------ keys

    def keys(self) -> KeyBindings:
        kb = KeyBindings()
        empty = Condition(lambda: not self.buffer.text)
        asking = Condition(lambda: self.asking)
        over = Condition(lambda: self.over)

        @kb.add("up", filter=empty)
        @kb.add("k", filter=empty)
        def _up(event) -> None:
            self.move(-1)

        @kb.add("down", filter=empty)
        @kb.add("j", filter=empty)
        def _down(event) -> None:
            self.move(1)

        @kb.add("space", filter=empty & asking)
        def _mark(event) -> None:
            self.toggle()

        @kb.add("enter", filter=over)
        @kb.add("q", filter=over)
        def _leave(event) -> None:
            event.app.exit(result=self.result)

        @kb.add("enter", filter=~over)
        def _enter(event) -> None:
            if self.buffer.complete_state is not None and \
                    self.buffer.complete_state.current_completion is not None:
                self.buffer.complete_state = None      # Enter takes the completion shown
                return
            text = self.buffer.text
            if text.strip():
                self.buffer.append_to_history()
                self.buffer.reset()
                self.send("text", text)
                if text.split()[0].casefold() == "help":
                    self.note(KEYS_HELP)
            elif self.output or self.expanded:
                # Enter closes what covers the list (a command's output, the tableaux
                # whole): it answers nothing unseen
                self.output, self.expanded = [], False
            elif self.asking:
                self.confirm()

        @kb.add(WHOLE)
        def _whole(event) -> None:
            self.output = []
            self.expanded, self.expanded_top = not self.expanded, 0

        @kb.add("pageup")
        def _back(event) -> None:
            if self.expanded:
                self.expanded_top = max(0, self.expanded_top - 5)
            elif self.output:
                self.output_top = max(0, self.output_top - 5)
            else:
                self.scroll += 5

        @kb.add("pagedown")
        def _forward(event) -> None:
            if self.expanded:
                self.expanded_top = min(self.expanded_drawn - 1, self.expanded_top + 5)
            elif self.output:
                self.output_top = min(len(self.output) - 1, self.output_top + 5)
            else:
                self.scroll = max(0, self.scroll - 5)

        @kb.add("escape", filter=empty)
        def _close(event) -> None:
            self.output = []
            self.expanded = False

        @kb.add("c-c")
        @kb.add("c-d", filter=empty)
        def _quit(event) -> None:
            if self.over:
                event.app.exit(result=self.result)
            elif self.asking:
                self.send("quit", None)
            else:   # another seat is playing: stop after its move (`TableSeat.moved`)
                self.stopping = True
                self.message = "Stopping after this move..."


        return kb

    def move(self, step: int) -> None:
        self.output = []
        self.expanded = False
        if self.rows:
            self.cursor = (self.cursor + step) % len(self.rows)
            self.message = ""

    def toggle(self) -> None:
        ask = self.view.ask
        row = self.rows[self.cursor] if self.rows else None
        if row is None or not row.choice:
            self.message = f"That {row.noun if row else 'line'} is no choice here."
            return
        if ask.pick is None:
            self.message = "Enter chooses the highlighted line."
            return
        if row.value in self.marked:
            self.marked.remove(row.value)
        else:
            self.marked.append(row.value)
        self.message = ""           # the bar counts the marks

    def confirm(self) -> None:
        ask = self.view.ask
        row = self.rows[self.cursor] if self.rows else None
        if ask.pick is not None and not self.marked and ask.pick[0] > 1:
            # the highlighted line alone is no answer: it would be refused as "1 marked"
            self.message = (f"Nothing is marked: Space marks each line to {ask.mark_word} "
                            f"({ask.pick[0]} needed), then Enter.")
        elif ask.pick is not None and (self.marked or ask.pick[0] == 0):
            self.send("rows", tuple(self.marked))
        elif row is not None and row.choice:
            self.send("rows", (row.value,))
        else:
            self.message = f"That {row.noun if row else 'line'} is no choice here: move to a " \
                "choice."

    def send(self, kind: str, value) -> None:
        if not self.asking:
            self.message = "Wait: nothing is asked of you now."
            return
        self.asking = False
        self.message = ""
        self.output, self.output_top = [], 0
        self.answered = len(self.notes)
        self.answers.put((kind, value))

    # ------------------------------------------------------------------ layout

    def columns(self) -> int:
        return self.app.output.get_size().columns

    def right_width(self) -> int:
        return max(20, self.columns() - LIST_WIDTH - 1)

    def layout(self) -> Layout:
        line = Window(FormattedTextControl(in_ascii(self.status_text)), height=self.status_height)
        scores = Window(FormattedTextControl(in_ascii(self.score_text)), height=self.score_height,
                        wrap_lines=False)
        listing = HSplit([
            Window(FormattedTextControl(in_ascii(self.choices_text), show_cursor=False,
                                        get_cursor_position=self.list_point),
                   width=LIST_WIDTH, wrap_lines=False, height=self.choices_height),
            Window(FormattedTextControl(in_ascii(self.held_text)), width=LIST_WIDTH,
                   wrap_lines=False, height=self.held_height),
            Window(width=LIST_WIDTH)])
        card = Window(FormattedTextControl(in_ascii(self.card_text)), wrap_lines=True,
                      height=self.card_height)
        tableaux = Window(FormattedTextControl(in_ascii(self.tableau_text)), wrap_lines=True,
                          height=self.tableau_height)
        # The log takes the rows the card and the tableaux leave (its preferred size is 1),
        # its title kept above it as it scrolls; none left for a line under the title: the
        # tableaux take them.
        log = ConditionalContainer(HSplit([
            Window(FormattedTextControl([("class:title", "Log")]), height=1),
            Window(FormattedTextControl(in_ascii(self.log_text), show_cursor=False,
                                        get_cursor_position=self.log_point),
                   wrap_lines=True, height=Dimension(min=1, preferred=1))]),
            filter=Condition(self.log_fits))
        rest = ConditionalContainer(Window(), filter=~Condition(self.log_fits))
        bar = Window(FormattedTextControl(in_ascii(self.bar_text)), wrap_lines=True,
                     height=self.bar_height)
        legend = Window(FormattedTextControl(in_ascii(self.legend_text)),
                        height=self.legend_height)
        typing = Condition(lambda: bool(self.buffer.text))
        command = VSplit([Window(FormattedTextControl(lambda: [("class:ask", "> ")]), width=2),
                          Window(BufferControl(self.buffer), height=1,
                                 width=lambda: None if self.buffer.text else Dimension.exact(1)),
                          ConditionalContainer(Window(FormattedTextControl(
                              in_ascii(self.hint_text)), height=1), filter=~typing)])
        sep = Window(width=1, char="|" if ascii_only() else "│", style="class:dim")
        # What a command printed covers the list and the panes until a key is pressed. Its
        # rows are wrapped already, at the screen's width: unwrapped windows scroll where
        # `get_vertical_scroll` says.
        output = Window(FormattedTextControl(in_ascii(self.output_text),
                                             get_cursor_position=self.output_point,
                                             show_cursor=False),
                        get_vertical_scroll=self.output_scroll)
        showing = Condition(lambda: bool(self.output))
        expanded = Condition(lambda: self.expanded) & ~showing
        whole = Window(FormattedTextControl(in_ascii(self.whole_text),
                                            get_cursor_position=self.whole_point,
                                            show_cursor=False),
                       get_vertical_scroll=self.whole_scroll)
        body = HSplit([line, scores,
                       ConditionalContainer(output, filter=showing),
                       ConditionalContainer(whole, filter=expanded),
                       ConditionalContainer(VSplit([listing, sep, HSplit([card, tableaux, log, rest])]),
                                            filter=~showing & ~expanded),
                       legend, bar, command])
        root = FloatContainer(body, floats=[Float(xcursor=True, ycursor=True,
                                                  content=CompletionsMenu(max_height=6))])
        return Layout(root, focused_element=command)

    # --- the panes' text (each a function of the view, read at every redraw)

    def status_text(self):
        if self.view is None:
            return [("class:status", " Dealing...")]
        out = [("class:status", cut(" " + self.view.status, self.columns()).ljust(self.columns()))]
        if self.view.warning:
            out += [("", "\n")] + joined([("class:warning", row) for row in
                                          wrap(self.view.warning, self.columns() - 1)])
        return out

    def status_height(self) -> Dimension:
        if self.view is None or not self.view.warning:
            return Dimension.exact(1)
        return Dimension.exact(1 + len(wrap(self.view.warning, self.columns() - 1)))

    def score_text(self):
        out = []
        width = self.columns()
        names = max((len(r.name) for r in self.view.scores), default=0) if self.view else 0
        for row in self.view.scores if self.view else ():
            head = f"{row.name:<{names}} {row.total:>3} VP"
            rest = f" = {row.parts} | {row.facts}"
            out += [("class:me" if row.me else "", head),
                    ("class:dim" if not row.me else "", cut(rest, width - len(head))), ("", "\n")]
        return out[:-1]

    def score_height(self) -> Dimension:
        return Dimension.exact(max(1, len(self.view.scores) if self.view else 1))

    def list_parts(self):
        """The list as (sections, index of their first row): the choices, then the last
        section (the hand), which is drawn whole below them whatever the choices need."""
        sections = list(self.view.sections) if self.view else []
        if len(sections) < 2:
            return (sections, 0), ([], sum(len(s.rows) for s in sections))
        above = sum(len(s.rows) for s in sections[:-1])
        return (sections[:-1], 0), (sections[-1:], above)

    def list_lines(self, sections, index: int, more: bool = False):
        """The list's lines for `sections`, whose first row is the list's `index`th; `more`:
        they do not all fit (their first title says the list scrolls)."""
        ask = self.view.ask
        ok, marked = ("+", "x") if ascii_only() else ("✓", "■")
        out = []
        for section in sections:
            if not section.rows:
                continue
            scrolls = " · more " + ("v" if ascii_only() else "↕") if more and not out else ""
            title = list_title(section.title, LIST_WIDTH - len(scrolls)) + scrolls
            out += [("class:title", title), ("", "\n")]
            for row in section.rows:
                here = index == self.cursor
                mark = " "
                if ask is not None and ask.pick is not None and row.choice:
                    mark = marked if row.value in self.marked else "·"
                text = f"{'>' if here else ' '}{mark}{ok if row.playable else ' '} " + \
                    name_and_note(row.short or row.label, row.note, LIST_WIDTH - 4)
                style = "class:cursor" if here else (
                    f"class:{row.style}" if row.choice or ask is None else "class:dim")
                if mark == marked and not here:
                    style = "class:marked"
                out += [(style, text, self.clicked(index)), ("", "\n")]
                index += 1
        return out[:-1]

    def choices_text(self):
        (choices, index), _ = self.list_parts()
        more = self.lines_of(choices) > self.choices_height().preferred
        return self.list_lines(choices, index, more)

    def held_text(self):
        return self.list_lines(*self.list_parts()[1])

    @staticmethod
    def lines_of(sections) -> int:
        return sum(1 + len(s.rows) for s in sections if s.rows)

    def list_room(self) -> int:
        """The rows between the scoreboard and the decision bar."""
        fixed = (self.status_height().preferred + self.score_height().preferred
                 + self.legend_height().preferred + self.bar_height().preferred + 1)
        return max(2, self.app.output.get_size().rows - fixed)

    def held_height(self) -> Dimension:
        """The hand whole; when the choices and the hand do not fit together, the choices
        scroll with the cursor in the rows the hand leaves (3 at least)."""
        (choices, _), (held, _) = self.list_parts()
        need, room = self.lines_of(held), self.list_room()
        return Dimension.exact(min(need, max(0, room - min(3, self.lines_of(choices)))))

    def choices_height(self) -> Dimension:
        (choices, _), _ = self.list_parts()
        room = max(0, self.list_room() - self.held_height().preferred)
        return Dimension.exact(min(self.lines_of(choices), room))

    def clicked(self, index: int):
        """A click highlights a line; a click on the highlighted line is Space (marks it)
        where a decision takes several lines, else Enter."""
        def handler(event):
            if event.event_type != MouseEventType.MOUSE_UP:
                return NotImplemented
            if index != self.cursor or not self.asking:
                self.move(index - self.cursor)
            elif self.view.ask.pick is not None:
                self.toggle()
            else:
                self.confirm()
            return None
        return handler

    def list_point(self) -> Point:
        """The highlighted line in the choices' window (its first line when the cursor is
        in the hand below): the window scrolls to it."""
        (sections, _), _ = self.list_parts()
        line, index = 0, 0
        for section in sections:
            if not section.rows:
                continue
            line += 1
            for _ in section.rows:
                if index == self.cursor:
                    return Point(0, line)
                line += 1
                index += 1
        return Point(0, 0)

    def card_rows(self) -> list[tuple[str, str]]:
        """The highlighted line's whole text, wrapped at word boundaries: never cut."""
        if not self.rows:
            return []
        lines = self.rows[min(self.cursor, len(self.rows) - 1)].text
        return [("class:title" if n == 0 else "", row) for n, line in enumerate(lines)
                for row in wrap(line, self.right_width())]

    def card_text(self):
        return joined(self.card_rows())

    def card_height(self) -> Dimension:
        return Dimension.exact(max(1, len(self.card_rows())))

    def tableau_rows(self, width: int = 0, head: str = "Tableaux (F2: whole)"):
        """Every tableau under its seat's title, wrapped at `width` (the pane's): compact
        beside the list, whole over the screen's width (F2)."""
        out = [("class:title", head)]
        width = width or self.right_width()
        for title, lines in self.view.tableaux if self.view else ():
            out += [("", row) for row in wrap(f"{title}: {lines[0] if lines else ''}", width)]
            out += [("class:dim", row) for line in lines[1:] for row in wrap("  " + line, width)]
        return out

    def tableau_text(self):
        return joined(self.tableau_rows())

    def whole_text(self):
        rows = self.tableau_rows(self.columns(), "Every tableau (F2, Esc or Enter: back; "
                                                 "PageUp/PageDown scroll)")
        self.expanded_drawn = len(rows)
        return joined(rows)

    def whole_point(self) -> Point:
        return Point(0, min(self.expanded_top, self.expanded_drawn - 1))

    def tableau_height(self) -> Dimension:
        rows = len(self.tableau_rows())
        return Dimension(min=1, preferred=rows, max=rows)

    def log_fits(self) -> bool:
        """Room beside the list for the log's title and a line of it under the card and
        the tableaux."""
        rows = self.list_room() - self.card_height().preferred - len(self.tableau_rows())
        return rows >= 2

    def log_rows(self) -> list[tuple[str, str]]:
        lines = list(self.view.log) if self.view is not None else []
        for at, note in reversed(self.notes):
            lines.insert(min(at, len(lines)), note)
        width = self.right_width()
        return [("class:dim" if line.startswith("  ") else "", row)
                for line in lines for row in wrap(line, width)]

    def log_text(self):
        rows = self.log_rows()
        self.log_drawn = len(rows)
        return joined(rows)

    def output_text(self):
        self.output_drawn = 1 + sum(len(wrap(line, self.columns())) for line in self.output)
        # Longer than the screen (the first lesson): its first row says there is more.
        more = ("more " + ("v" if ascii_only() else "↓") + " PageDown · ") \
            if self.output_drawn > self.list_room() else ""
        return joined([("class:dim", f"({more}Enter, Esc or Up/Down close this; "
                                     "PageUp/PageDown scroll)")] +
                      [("", row) for line in self.output for row in wrap(line, self.columns())])

    def output_scroll(self, window) -> int:
        """PageUp/PageDown move what a command printed by 5 rows at each press (following
        the cursor alone, the first presses moved nothing), never past its last page."""
        self.output_top = min(self.output_top, last_page(window, self.output_drawn))
        return self.output_top

    def whole_scroll(self, window) -> int:
        self.expanded_top = min(self.expanded_top, last_page(window, self.expanded_drawn))
        return self.expanded_top

    def output_point(self) -> Point:
        return Point(0, min(self.output_top, self.output_drawn - 1))

    def log_point(self) -> Point:
        """The last row, or `scroll` rows before it, of the rows just drawn."""
        return Point(0, max(0, self.log_drawn - 1 - self.scroll))

    def bar_lines(self) -> list[tuple[str, str]]:
        if self.over:
            return [("class:ask", "The game is over. Enter leaves the table.")]
        if self.banner:
            return [("class:ask" if n == 0 else "class:dim", line)
                    for n, line in enumerate(self.banner)]
        if self.view is None or self.view.ask is None or not self.asking:
            spin = ASCII_SPINNER if ascii_only() else SPINNER
            who = self.waiting_for or "the other seats"
            return [("class:dim", f"{spin[self.frame % len(spin)]} Waiting for {who}...")] + (
                [("class:message", self.message)] if self.message else [])
        ask = self.view.ask
        row = self.rows[self.cursor] if self.rows else None
        if ask.pick is None and row is not None and row.choice:
            # What Enter answers now, whole (the list may cut it), and the default.
            said = " (the hint)" if ask.default.startswith(HINTED) else " (the default)"
            default = said if row.value == ask.cursor else " " + bracketed(ask)
            out = [("class:ask", f"{ask.prompt} · Enter: {row.label}{default}")]
        else:
            out = [("class:ask", f"{ask.prompt} {bracketed(ask)}")]
        return out + ([("class:message", self.message)] if self.message else [])

    def legend_text(self):
        """The legend of the marks on screen (the status, the scores, the list, the card and
        the tableaux, the decision), from the glossary's marks the view carries."""
        if self.view is None or not self.view.legend:
            return []
        panes = (self.status_text(), self.score_text(), self.choices_text(), self.held_text(),
                 self.card_text(), self.tableau_text(), self.bar_text())
        shown = "\n".join("".join(part[1] for part in pane) for pane in panes)
        return [("class:dim", legend(self.view.legend, shown, self.columns() - 1,
                                     ascii_only(), table=True))]

    def legend_height(self) -> Dimension:
        return Dimension.exact(1 if self.view is not None and self.view.legend else 0)

    def hint_text(self):
        """The keys, on the command line while it is empty."""
        if self.buffer.text or not self.asking or self.view is None or self.view.ask is None:
            return []
        ask = self.view.ask
        if ask.pick is None:
            return [("class:dim", KEYS)]
        low, high = ask.pick
        need = str(low) if low == high else f"{low} to {high}"
        keys = (f"Space marks to {ask.mark_word} ({len(self.marked)} of {need}) · "
                "Enter confirms · Up/Down j/k · `help`")
        whole = keys + " · F2 tableaux"         # where the width allows (the pane says F2)
        return [("class:dim", whole if len(whole) < self.columns() - 2 else keys)]

    def bar_rows(self) -> list[tuple[str, str]]:
        return [(style, row) for style, line in self.bar_lines()
                for row in wrap(line, self.columns() - 1)]

    def bar_text(self):
        return joined(self.bar_rows())

    def bar_height(self) -> Dimension:
        return Dimension.exact(min(5, len(self.bar_rows())))

    # ------------------------------------------------------------------ running

    def _start_spinner(self) -> None:
        async def spin() -> None:
            while True:
                await asyncio.sleep(0.25)
                if not self.asking and not self.over:
                    self.frame += 1
                    self.app.invalidate()

        self.app.create_background_task(spin())

