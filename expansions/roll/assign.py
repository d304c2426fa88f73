"""Assign (rulebook, "Assigner"): the rolled dice are already in the columns of their faces;
a player moves only what he wants to change, then says `done`.

* a wild die may be moved to any column, as often as wanted;
* exactly one die (any face) goes on the phase strip to *select* a phase; it stays a worker of
  that phase and is not moved again;
* after selecting (FAQ: a phase must be selected before any reassign power), *Dictate*: one
  die goes to the Dictate area and another die moves to any column (Backup Planning: again;
  Galactic Mandate: up to three dice, all to one column);
* each Reassign power of the tableau once per round; a power moving several dice sends them
  all to one column (FAQ), Executive Power exactly two from one column.
"""

from __future__ import annotations

from rftg_cli.decision import Decision

from .data import PHASES, Side
from .powers import mad_scientists_count
from .state import Player, RollGame, task


def take(column: list[tuple[str, bool]], colour: str, wild: bool | None = None) -> bool:
    """Remove one die of `colour` from a column (a fixed face first, so the player keeps the
    freedom of his wild dice) and say whether it was wild."""
    order = (False, True) if wild is None else (wild,)
    for flag in order:
        if (colour, flag) in column:
            column.remove((colour, flag))
            return flag
    raise ValueError(f"no {colour} die in that column")


def put(column: list[tuple[str, bool]], colour: str, wild: bool) -> None:
    column.append((colour, wild))
    column.sort()


def _colours(column, pred=lambda c: True) -> list[str]:
    return sorted({c for c, _ in column if pred(c)})


def _die_filter(spec) -> callable:
    if spec == "any":
        return lambda c: True
    if spec == "non_white":
        return lambda c: c != "white"
    allowed = set(spec)
    return lambda c: c in allowed


def _targets(p: Player, spec) -> tuple[str, ...]:
    if spec == "any":
        return PHASES
    if spec == "selected":
        return (p.selection[0],) if p.selection else ()
    return tuple(spec)


def reassign_count(game: RollGame, p: Player, side: Side) -> int:
    power = side.power
    if power.get("condition") == "most_blue_worlds":
        return mad_scientists_count(game, p, power)
    return power["count"]


def power_moves(game: RollGame, p: Player, side: Side, dst: str | None = None,
                src: str | None = None, first: bool = True) -> list[tuple]:
    """The moves one Reassign power allows now: (side, colour, from, to)."""
    power = side.power
    pred = _die_filter(power["dice"])
    sources = (power["from_phase"],) if "from_phase" in power else PHASES
    if src is not None:
        sources = tuple(s for s in sources if s == src)
    targets = _targets(p, power["to"]) if dst is None else (dst,)
    out = []
    for s in sources:
        colours = _colours(p.columns[s], pred)
        exact = first and power.get("exactly") and power.get("same_source")
        if exact and sum(1 for c, _ in p.columns[s] if pred(c)) < power["count"]:
            continue
        for c in colours:
            for t in targets:
                if t != s:
                    out.append((side.name, c, s, t))
    return out


def assign_options(game: RollGame, p: Player) -> list[tuple]:
    out: list[tuple] = []
    for s in PHASES:
        for c in _colours([d for d in p.columns[s] if d[1]]):
            out += [("wild", c, s, t) for t in PHASES if t != s]
    if p.selection is None:
        selects = [("select", ph, c, s) for s in PHASES for c in _colours(p.columns[s])
                   for ph in PHASES]
        # The first answer is what Enter plays: select the phase of the fullest column
        # with one of its own dice.
        fullest = max(PHASES, key=lambda ph: len(p.columns[ph]))
        selects.sort(key=lambda o: (o[1] != fullest or o[3] != fullest))
        return selects + out
    dice = sum(len(col) for col in p.columns.values())
    repeat = bool(game.owned(p, "dictate_repeat"))
    if dice >= 2 and (p.dictates == 0 or repeat):
        for s in PHASES:
            for c in _colours(p.columns[s]):
                out += [("dictate", c, s, t) for t in PHASES if t != s]
    for side in game.owned(p, "reassign"):
        if side.name in p.used or reassign_count(game, p, side) <= 0:
            continue
        out += [("reassign", *m) for m in power_moves(game, p, side)]
    return [("done",), *out]


@task("assign")
def assign(game: RollGame, pi: int) -> None:
    p = game.players[pi]
    if not any(p.columns.values()) and p.selection is None:
        return   # no dice to roll: nothing to assign, no phase selected
    game.phase = "assign"
    options = tuple(assign_options(game, p))
    prompt = ("Select a phase (move any die onto it), or move a wild die"
              if p.selection is None else "Move dice (Dictate, Reassign, wild dice) or done")
    game.ask(Decision("assign", pi, options, prompt=prompt), "assign_answer", pi)


@task("assign_answer")
def assign_answer(game: RollGame, answer: tuple, pi: int) -> None:
    p = game.players[pi]
    verb = answer[0]
    if verb == "done":
        return
    game.push(("assign", pi))
    if verb == "wild":
        _, colour, src, dst = answer
        take(p.columns[src], colour, True)
        put(p.columns[dst], colour, True)
    elif verb == "select":
        _, phase, colour, src = answer
        take(p.columns[src], colour)
        p.selection = (phase, colour)
    elif verb == "dictate":
        _, colour, src, dst = answer
        wild = take(p.columns[src], colour)
        p.dictates += 1
        # Any *other* die pays: the choices are made without the moved one, which is already
        # in its new column (a die of the same colour there is the same worker).
        pay = tuple((c, s) for s in PHASES for c in _colours(p.columns[s]))
        put(p.columns[dst], colour, wild)
        game.ask(Decision("dictate_pay", pi, pay, prompt=f"Which die goes to the Dictate area "
                          f"(to move {colour} to {dst})?"), "dictate_pay", pi, dst)
    elif verb == "reassign":
        _, name, colour, src, dst = answer
        side = game.side(name)
        p.used.add(name)
        put(p.columns[dst], colour, take(p.columns[src], colour))
        count = reassign_count(game, p, side)
        if count > 1:
            _more(game, pi, name, dst, src if side.power.get("same_source") else None,
                  count - 1, bool(side.power.get("exactly")))


@task("dictate_pay")
def dictate_pay(game: RollGame, answer: tuple, pi: int, dst: str) -> None:
    p = game.players[pi]
    paid, src = answer
    take(p.columns[src], paid)
    p.dictate.append(paid)
    mandate = game.owned(p, "dictate_plus")
    if mandate:
        _more(game, pi, mandate[0].name, dst, None, mandate[0].power["count"] - 1, False)


def _more(game: RollGame, pi: int, name: str, dst: str, src: str | None, left: int,
          exact: bool) -> None:
    """The further dice of a power that moves several (all to the same column)."""
    p = game.players[pi]
    side = game.side(name)
    if side.kind == "dictate_plus":
        moves = [(name, c, s, dst) for s in PHASES if s != dst for c in _colours(p.columns[s])]
    else:
        moves = power_moves(game, p, side, dst=dst, src=src, first=False)
    options = (() if exact else (("stop",),)) + tuple(("more", *m) for m in moves)
    if not options:
        return
    game.ask(Decision("reassign_more", pi, options,
                      prompt=f"{name}: move another die to {dst}?"),
             "reassign_more", pi, name, dst, src, left, exact)


@task("reassign_more")
def reassign_more(game: RollGame, answer: tuple, pi: int, name: str, dst: str,
                  src: str | None, left: int, exact: bool) -> None:
    if answer[0] == "stop":
        return
    p = game.players[pi]
    _, _, colour, s, _ = answer
    put(p.columns[dst], colour, take(p.columns[s], colour))
    if left > 1:
        _more(game, pi, name, dst, src, left - 1, exact)
