"""The referee: Keldon's engine in the bridge process (bench/arena/bridge.c), one game per
process, and what it has told so far (cards, draws, questions, Keldon's AI's answers)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import deque

from protocol import Answer, ProtocolError, Question, parse_line

KELDON_LAST_ROUND = 30      # Keldon's engine ends a game after this round


class ArenaStop(RuntimeError):
    """The game cannot go on: a decision the arena cannot map, or the engines diverged."""


class CannotRun(Exception):
    """The bridge binary cannot be started (a usage error)."""


class Paused(Exception):
    """A replay reached the answer it was asked to stop at."""



TRACE = bool(os.environ.get("ARENA_TRACE"))     # print every referee line to stderr


class KeldonAnswers(deque):
    """Keldon's AI's (question, answer) pairs in the order given, every seat's: each
    seat's are taken in order (`first`, `take`; `put_back` returns one to the front)."""

    def first(self, seat: int):
        return next(((q, a) for q, a in self if q.seat == seat), None)

    def take(self, seat: int):
        found = self.first(seat)
        self.remove(found)
        return found

    def put_back(self, entry) -> None:
        self.appendleft(entry)


class Bridge:
    """The referee process and what it has told so far."""

    def __init__(self, path: str, seed: int, our_seat: int, expansion: int = 0,
                 players: int = 2) -> None:
        self.players = players
        try:
            self.proc = self._start(path, seed, our_seat, expansion, players)
        except OSError as exc:
            raise CannotRun(exc.strerror or str(exc)) from None
        self.cards: dict[int, str] = {}
        self.goals: list[str] = []      # the goals in play, "first" ones first
        self.starts: dict[str, int] = {}
        self.draws: deque[tuple] = deque()   # (card, seat, "hand"/"good", world or -1)
        self.drawn: list[tuple[int, str]] = []  # every (card, seat) drawn to a hand, in order
        self.answered_at: dict[int, int] = {}   # id of a Keldon answer -> len(drawn) then
        self.asks: deque[Question] = deque()
        self.keldon = KeldonAnswers()   # Keldon's AI's answers, in order, every seat
        self.ends: dict[str, tuple[int, int]] = {}
        self.hands: dict[str, int] = {}
        self.tableaus: dict[str, int] = {}      # each seat's tableau size
        self.ask_hands: deque[int] = deque()     # our seat's hand size at each ASK
        self.waits = self.answers = 0
        self._kask: Question | None = None
        self._flip: str | None = None       # the seat whose lucky flip comes next
        self.last: deque[str] = deque(maxlen=24)    # the last lines (for a replay)
        self.questions, self.last_kind = 0, ""      # questions asked so far, the last's kind
        self.round = lambda: 0              # our engine's round (set by the arena)

    @staticmethod
    def _start(path: str, seed: int, our_seat: int, expansion: int, players: int):
        return subprocess.Popen([path, str(seed), str(expansion), str(players), str(our_seat)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                bufsize=1)

    @property
    def blocked(self) -> bool:
        """The referee waits for our seat's answer to `asks[0]`."""
        return self.waits > self.answers

    def pump(self) -> None:
        """Read one line (ArenaStop if the referee is blocked on our answer or gone)."""
        if self.blocked:
            raise ArenaStop(f"the referee waits for our seat's {self.asks[0].kind} answer "
                            "while our engine needs the referee to go on first")
        if len(self.ends) == self.players:      # our engine plays on: it needs more
            why = " (Keldon's engine ends every game after round 30, a limit of the " \
                  "program, not of the rules)" if self.round() >= KELDON_LAST_ROUND else ""
            raise ArenaStop(f"the referee ended the game (scores {self.ends}) where our "
                            f"engine plays on{why}")
        line = self.proc.stdout.readline()
        if not line:
            raise ArenaStop("the referee stopped: " + (self.proc.stderr.read()
                                                        if self.proc.stderr else "no output"))
        if TRACE:
            print("referee:", line.rstrip(), file=sys.stderr)
        if not line.startswith("C "):
            self.last.append(line.rstrip())
        tag, value = parse_line(line)
        if tag == "C":
            self.cards[value[0]] = value[1]
        elif tag == "GOAL":
            self.goals.append(value[1])
        elif tag == "START":
            self.starts[value[0]] = value[1]
        elif tag == "DRAW":
            if value[2] == "hand":
                self.drawn.append((value[0], value[1]))
                if value[1] == self._flip:  # a lucky flip kept: no other draw's card
                    value = (value[0], value[1], "flip", -1)
            self._flip = None
            self.draws.append(value)
        elif tag == "MOVED":        # drawn, but not to a seat (a flip that missed)
            self.draws.append((value[0], None, "moved", -1))
            self._flip = None
        elif tag == "KASK":
            self._kask, self._flip = value, None
            self.questions, self.last_kind = self.questions + 1, value.kind
        elif tag == "KANS":
            seat, answer = value
            if self._kask is None or self._kask.seat != seat:
                raise ProtocolError(f"an answer of Keldon's seat {seat} to no question of it")
            self.keldon.append((self._kask, answer))
            if self._kask.kind == "lucky":  # its card is told next (DRAW to hand, or MOVED)
                self._flip = f"keldon{seat}"
            self.answered_at[id(answer)] = len(self.drawn)
        elif tag == "HAND":
            self.hands[value[0]] = value[1]
            self.tableaus[value[0]] = value[2]
        elif tag == "ASK":
            self.asks.append(value)
            self._flip = "ours" if value.kind == "lucky" else None
            self.questions, self.last_kind = self.questions + 1, value.kind
            self.ask_hands.append((self.hands["ours"], dict(self.tableaus)))
        elif tag == "WAIT":
            self.waits += 1
        elif tag == "END":
            self.ends[value[0]] = value[1:]

    def answer(self, answer: Answer) -> None:
        if TRACE:
            print(f"arena: answers {answer}", file=sys.stderr)
        self.proc.stdin.write(answer.line() + "\n")
        self.proc.stdin.flush()
        self.answers += 1

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
