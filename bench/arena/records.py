"""Discrepancies and stops as records (`protocol.Record`), and the position a replay
prints: both sides' choices named."""

from __future__ import annotations

from mapping import FOLLOW_UP
from protocol import Question, Record, action_name


class Records:
    """The records' part of `lockstep.Arena`."""

    def _record(self, kind: str, message: str, q: Question | None = None, d=None) -> Record:
        """A record of this game at our engine's current answer: the referee's question
        `q` and our engine's decision `d` with their choices named."""
        return Record(kind, **self.settings, decision=len(self.game.history),
                      round=self.game.round, message=message,
                      referee=self._question_names(q) if q else (),
                      ours=tuple(self._option_text(o) for o in d.options) if d else ())

    def _discrepancy(self, message: str, q: Question | None = None, d=None) -> None:
        self.records.append(self._record("discrepancy", message, q, d))

    def stop_record(self, message: str) -> Record:
        """The record of a stop, with the questions pending on both sides."""
        b, g = self.bridge, self.game
        q = b.asks[0] if b.asks else (b.keldon[0][0] if b.keldon else b._kask)
        return self._record("stop", message, q, g.pending)

    def _question_names(self, q: Question) -> tuple[str, ...]:
        """The referee's choices in a question: cards named, other numbers as they are."""
        if q.kind == "action":
            return tuple(action_name(a) if a >= 0 else str(a) for a in q.items)
        return tuple(self.bridge.cards.get(i, str(i)) for i in q.items)

    def position(self) -> str:
        """Both sides at the pause (`until`): our engine's decision and the seats' cards in
        it, the referee's pending question for the same seat, its last lines."""
        g, b = self.game, self.bridge
        d = g.decision()
        ours = d.player == self.ours
        while not (b.asks if ours else b.keldon.first(d.player)) and not b.blocked \
                and len(b.ends) < self.players:
            b.pump()
        q = (b.asks[0] if b.asks else None) if ours else (b.keldon.first(d.player) or (None,))[0]
        who = {p: "our seat" if p == self.ours else "Keldon's seat" for p in range(self.players)}
        lines = [(f"round {g.round}, our engine's answer {len(g.history)}: {who[d.player]} "
                  f"(seat {d.player}) decides {d.kind!r}"),
                 "  our engine offers: " + "; ".join(map(self._option_text, d.options)),
                 ("  the referee asks: " + (f"{q.kind}: " + "; ".join(self._question_names(q))
                                            if q else "nothing yet"))]
        for p, player in enumerate(g.players):
            lines.append(f"  seat {p} ({who[p]}): tableau {self._names(tuple(player.tableau))}"
                         f" | goods on {self._names(tuple(player.goods))}"
                         f" | hand {self._names(tuple(player.hand))}")
        lines.append("  the referee's last lines:")
        lines += [f"    {line}" for line in b.last]
        return "\n".join(lines)

    def _option_text(self, option) -> str:
        """One of our engine's options, its cards named: a card, a pick of cards, an action
        choice, (card, power, goods) to consume, (world, how, powers) to settle."""
        name = self.game.name
        if not isinstance(option, tuple):
            return self._names(option)
        if all(isinstance(o, str) for o in option):
            return "+".join(option)
        if option and all(isinstance(o, tuple) for o in option):    # (card, power) pairs
            return "; ".join(f"{name(o[0])} power {o[1]}" if len(o) == 2 else self._names(o)
                             for o in option)
        if len(option) != 3 or not isinstance(option[2], tuple):
            return self._names(option)
        card, how, more = option
        if card == -1:
            return "pass"
        if isinstance(how, str):        # a world, how it is placed, the powers it uses
            used = ", ".join(name(c) for c, _ in more)
            return f"{name(card)} ({how}{' with ' + used if used else ''})"
        numbers = self.game.design[card].powers[how].kind in FOLLOW_UP   # a number named
        goods = ", ".join(str(c) if numbers else name(c) for c in more)
        return f"{name(card)} power {how} ({goods})"

    def _names(self, answer) -> str:
        """An answer with its cards named, for a message."""
        items = answer if isinstance(answer, tuple) else (answer,)
        return ", ".join(self.game.name(a) if isinstance(a, int) and a >= 0 else str(a)
                         for a in items) or "nothing"

    def _unmapped(self, q: Question, d) -> str:
        return (f"no mapping for the referee's {q.kind} question (type {q.type}, args "
                f"{q.args}, {len(q.items)} options) against our engine's {d.kind!r} decision "
                f"for seat {d.player} in round {self.game.round}")
