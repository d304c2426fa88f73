"""Arena: our AI against Keldon Jones's RFTG AI (issue 40, first increment: base game, 2 players).

Keldon's engine referees: the bridge (bench/arena/bridge.c, ours), built against a snapshot
of Keldon's sources outside this repository, plays one game with one seat for Keldon's AI and
one answered here. Our engine plays the same game in lockstep: it is dealt the referee's start
worlds and draws the very cards the referee drew, our seat's AI answers from our engine's
position, and both seats' answers are applied to both engines. So no state is translated by
hand, and every decision is asked of both engines: where their legal choices differ, the
arena records a rules discrepancy. A decision the arena cannot map stops the game with a
clear error.

    python bench/arena/run.py --keldon PATH/TO/bridge --games 4 --players 2 --level fast

PATH is the bridge binary built against the snapshot (see docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import math
import statistics
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from protocol import ACTIONS, Answer, CardMap, ProtocolError, Question, parse_line  # noqa: E402

OUR_ACTIONS = {"explore+5": "explore5", "explore+1+1": "explore11", "develop": "develop",
               "settle": "settle", "consume+trade": "consume_trade",
               "consume+2x": "consume2x", "produce": "produce"}
# Our decision kinds that are Keldon's "discard" question (answered with the cards discarded).
DISCARD_KINDS = ("start_discard", "explore", "discard")


class ArenaStop(RuntimeError):
    """The game cannot go on: a decision the arena cannot map, or the engines diverged."""


_DRAWERS: dict = {}


def _refereed(cls):
    """Our game class whose real game draws what the referee drew (`Arena._draw`)."""

    class Refereed(cls):
        __slots__ = ()

        def draw(self, count: int) -> list[int]:
            return _DRAWERS[id(self)](count)

    return Refereed


class Bridge:
    """The referee process and what it has told so far."""

    def __init__(self, path: str, seed: int, keldon_seat: int) -> None:
        self.proc = subprocess.Popen([path, str(seed), "0", "2", str(keldon_seat)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     bufsize=1)
        self.cards: dict[int, str] = {}
        self.starts: dict[str, int] = {}
        self.draws: deque[int] = deque()
        self.asks: deque[Question] = deque()
        self.keldon: deque[tuple[Question, Answer]] = deque()
        self.ends: dict[str, tuple[int, int]] = {}
        self.waits = self.answers = 0
        self._kask: Question | None = None

    def pump(self, wanted: str = "") -> None:
        """Read one line (ArenaStop if the referee is blocked on our answer or gone)."""
        if self.waits > self.answers:
            asked = self.asks[0].kind if self.asks else "?"
            raise ArenaStop(f"the referee waits for our seat's {asked} answer while our "
                            f"engine asks {wanted} first: the engines ask in a different order")
        line = self.proc.stdout.readline()
        if not line:
            raise ArenaStop("the referee stopped: " + (self.proc.stderr.read()
                                                        if self.proc.stderr else "no output"))
        tag, value = parse_line(line)
        if tag == "C":
            self.cards[value[0]] = value[1]
        elif tag == "START":
            self.starts[value[0]] = value[1]
        elif tag == "DRAW":
            self.draws.append(value)
        elif tag == "KASK":
            self._kask = value
        elif tag == "KANS":
            self.keldon.append((self._kask, value))
        elif tag == "ASK":
            self.asks.append(value)
        elif tag == "WAIT":
            self.waits += 1
        elif tag == "END":
            self.ends[value[0]] = value[1:]

    def answer(self, answer: Answer) -> None:
        self.proc.stdin.write(answer.line() + "\n")
        self.proc.stdin.flush()
        self.answers += 1

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


class Arena:
    """One game: Keldon's AI in seat `keldon`, our AI in the other."""

    def __init__(self, bridge_path: str, seed: int, keldon: int, level: str) -> None:
        from rftg_cli.config import GameConfig
        from rftg_cli.plugins import new_game
        from rftg_cli.race.ai.levels import ai_seat

        self.keldon, self.ours = keldon, 1 - keldon
        self.bridge = Bridge(bridge_path, seed, keldon)
        self.game = new_game(GameConfig(players=2), seed, record=False)
        self.seat = ai_seat(seed, level)
        self.discrepancies: list[str] = []
        b = self.bridge
        while not (b.asks or b.keldon or b._kask):
            b.pump()
        self.cards = CardMap(b.cards, [c.name for c in self.game.design])
        self._deal()
        _DRAWERS[id(self.game)] = self._draw
        self.game.__class__ = _refereed(type(self.game))   # its copies draw as usual

    def _deal(self) -> None:
        """Give our engine the referee's start worlds and hands (6 each, seat 0 first)."""
        from rftg_cli.race.engine.round import timing_order

        g, b = self.game, self.bridge
        names = {self.keldon: "keldon", self.ours: "ours"}
        used = set()
        for p in range(2):
            player = g.players[p]
            player.tableau = [self.cards.ours(b.starts[names[p]])]
            player.placed = list(player.tableau)
            player.hand = [self.cards.ours(b.draws.popleft()) for _ in range(6)]
            used.update(player.tableau, player.hand)
        g.deck = [n for n in self.cards.to_theirs if n not in used]
        g.discard_pile = []
        g.order = timing_order([g.design[g.players[p].tableau[0]].start_number or 0
                                for p in range(2)])
        pending = g.pending
        pending.options = tuple(g.players[pending.player].hand)

    def _draw(self, count: int) -> list[int]:
        """Our engine draws exactly the cards the referee drew, in the order it drew them."""
        g, b, out = self.game, self.bridge, []
        for _ in range(count):
            while not b.draws:
                b.pump()
            card = self.cards.ours(b.draws.popleft())
            pile = g.deck if card in g.deck else g.discard_pile
            if card not in pile:
                raise ArenaStop(f"the referee drew {g.name(card)}, which our engine does not "
                                "have in its deck or discard pile")
            pile.remove(card)
            out.append(card)
        return out

    # ------------------------------------------------------------------ one game

    def play(self) -> dict:
        g, b = self.game, self.bridge
        while not g.over:
            d = g.decision()
            if d.player == self.ours:
                answer = self.seat.choose(g, d)
                while not b.asks:
                    b.pump()
                q = b.asks.popleft()
                self._compare(q, d)
                b.answer(self._to_theirs(q, d, answer))
            else:
                while not b.keldon:
                    b.pump(f"Keldon's seat {d.kind!r} (round {g.round})")
                q, kans = b.keldon.popleft()
                self._compare(q, d)
                answer = self._to_ours(q, kans, d)
            g.apply(answer)
        while len(b.ends) < 2:
            b.pump()
        return self._result()

    def _result(self) -> dict:
        out = self.game.outcome()
        ours_score = out.results[self.ours].score
        kvp, kwin = self.bridge.ends["keldon"]
        ovp, owin = self.bridge.ends["ours"]
        if ovp != ours_score or kvp != out.results[self.keldon].score:
            self.discrepancies.append(
                f"final scores: referee ours {ovp} keldon {kvp}, our engine ours {ours_score} "
                f"keldon {out.results[self.keldon].score}")
        win = 0.5 if owin and kwin else float(owin)
        return {"ours": ovp, "keldon": kvp, "win": win, "margin": ovp - kvp}

    # ------------------------------------------------------------------ decision mapping

    def _options_theirs(self, q: Question, d) -> set:
        """Our decision's legal options in the referee's terms, for comparison."""
        if q.kind == "discard" and d.kind in DISCARD_KINDS:
            return {self.cards.theirs(c) for c in d.options}
        if q.kind == "place" and d.kind in ("develop", "settle"):
            cards = {o[0] if isinstance(o, tuple) else o for o in d.options}
            return {self.cards.theirs(c) for c in cards if c != -1}
        if q.kind == "payment" and d.kind == "pay":
            return {self.cards.theirs(c) for c in d.options}
        if q.kind == "action" and d.kind == "action":
            return None
        raise ArenaStop(f"no mapping for the referee's {q.kind} question (type {q.type}, "
                        f"args {q.args}) against our engine's {d.kind!r} decision")

    def _compare(self, q: Question, d) -> None:
        ours = self._options_theirs(q, d)
        if ours is not None and ours != set(q.items):
            self.discrepancies.append(
                f"round {self.game.round}, {d.kind} for seat {d.player}: the referee offers "
                f"{sorted(self.bridge.cards[i] for i in q.items)}, our engine "
                f"{sorted(self.bridge.cards[i] for i in ours)}")

    def _to_theirs(self, q: Question, d, answer) -> Answer:
        if q.kind == "discard":
            return Answer(q.type, 0, tuple(self.cards.theirs(c) for c in answer))
        if q.kind == "payment":
            return Answer(q.type, 0, tuple(self.cards.theirs(c) for c in answer))
        if q.kind == "place":
            card = answer[0] if isinstance(answer, tuple) else answer
            return Answer(q.type, -1 if card == -1 else self.cards.theirs(card))
        if q.kind == "action":
            codes = {v: k for k, v in ACTIONS.items()}
            names = {v: k for k, v in OUR_ACTIONS.items()}
            chosen = [codes[names[a]] for a in answer]
            return Answer(q.type, 0, tuple(chosen + [-1] * (len(q.items) - len(chosen))))
        raise ArenaStop(f"no mapping for our answer {answer!r} to the referee's {q.kind}")

    def _to_ours(self, q: Question, kans: Answer, d):
        if q.kind in ("discard", "payment"):
            return tuple(sorted(self.cards.ours(c) for c in kans.items))
        if q.kind == "action":
            return tuple(OUR_ACTIONS[ACTIONS[a]] for a in kans.items if a >= 0)
        if q.kind == "place":
            if kans.value == -1:
                return next(o for o in d.options if o == -1 or (isinstance(o, tuple)
                                                               and o[0] == -1))
            card = self.cards.ours(kans.value)
            fits = [o for o in d.options if o == card or (isinstance(o, tuple) and o[0] == card)]
            if len(fits) != 1:
                raise ArenaStop(f"Keldon's AI places {self.game.name(card)}: our engine offers "
                                f"{len(fits)} ways to place it: {fits}")
            return fits[0]
        raise ArenaStop(f"no mapping for Keldon's answer to {q.kind}")


def standard_error(values: list[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def report(results: list[dict], stops: list[str], discrepancies: list[str], level: str,
           seconds: float) -> str:
    played = len(results)
    wins = sum(r["win"] for r in results)
    margins = [r["margin"] for r in results]
    lines = [f"base game, 2 players, our level {level}, seats alternated",
             f"games finished {played}, stopped {len(stops)}",
             f"wins: ours {wins:g}, Keldon {played - wins:g} (ties split)"]
    if margins:
        lines.append(f"mean margin (ours - Keldon) {statistics.mean(margins):+.1f} "
                     f"± {standard_error(margins):.1f}")
    lines.append(f"games/s {played / seconds:.3f}" if seconds else "games/s -")
    lines.append(f"discrepancies {len(discrepancies)}")
    lines += [f"  {d}" for d in discrepancies]
    lines += [f"  stopped: {s}" for s in stops]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Our AI against Keldon's RFTG AI.")
    parser.add_argument("--keldon", required=True,
                        help="the bridge binary built against a snapshot of Keldon's sources")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=2, choices=[2])
    parser.add_argument("--expansion", type=int, default=0, choices=[0])
    parser.add_argument("--level", default="fast")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not Path(args.keldon).is_file():
        parser.error(f"no bridge binary at {args.keldon}")
    results, stops, discrepancies = [], [], []
    start = time.process_time()
    for n in range(args.games):
        seed = args.seed + n
        arena = None
        try:
            arena = Arena(args.keldon, seed, n % 2, args.level)
            results.append(arena.play())
        except (ArenaStop, ProtocolError) as exc:
            stops.append(f"game {n} (seed {seed}): {exc}")
        finally:
            if arena is not None:
                discrepancies += [f"game {n}: {d}" for d in arena.discrepancies]
                arena.bridge.close()
                _DRAWERS.pop(id(arena.game), None)
    print(report(results, stops, discrepancies, args.level, time.process_time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
