"""Replay of a recorded discrepancy or stop (`--replay`): the record's game again up to its
answer, both sides printed there, then on to see whether it comes again."""

from __future__ import annotations

from lockstep import _ARENAS, Arena
from protocol import ProtocolError, Record
from referee import ArenaStop, Paused

from rftg_cli.decision import IllegalChoice


def replay(bridge: str, record: Record) -> str:
    """Play the record's game again up to the answer it names, print both sides there,
    then play on and say whether the record's discrepancy or stop comes again."""
    out = [(f"{record.kind} (seed {record.seed}, {record.players} players, our seat "
            f"{record.our_seat}, expansion level {record.expansion}, our level "
            f"{record.level}, round {record.round}, answer {record.decision}): "
            f"{record.message}"),
           f"  recorded choices: referee {list(record.referee)}; ours {list(record.ours)}"]
    arena = Arena(bridge, record.seed, record.our_seat, record.level, record.expansion,
                  until=record.decision, players=record.players)
    try:
        try:
            arena.play()
            return "\n".join(out + ["  the game ended before that answer"])
        except Paused:
            out.append(arena.position())
        arena.until, again = None, None
        try:
            arena.play()
        except (ArenaStop, ProtocolError, IllegalChoice) as exc:
            again = str(exc)
        found = [r.message for r in arena.records] + ([again] if again else [])
        out.append("  again: " + ("the same " + record.kind if record.message in found else
                                  "not the same: " + ("; ".join(found) or "the game finished")))
    except (ArenaStop, ProtocolError, IllegalChoice) as exc:
        out.append(f"  stopped before that answer: {exc}")
    finally:
        arena.bridge.close()
        _ARENAS.pop(id(arena.game), None)
    return "\n".join(out)

