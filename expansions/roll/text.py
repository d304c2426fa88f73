"""Every answer's text form, and back: `select develop with red`, `dictate cyan to ship`,
`scout: world side`, `consume cyan from Spice World with purple`.

An answer has a long form (everything named) and shorter ones; its text is the shortest form
that no other legal answer shares, so the text always reads back to the same answer. A pick
(several entries at once) is written as a list: `recruit red, white`, `discard nothing`.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from rftg_cli.decision import Decision, IllegalChoice

if TYPE_CHECKING:
    from .state import RollGame



def _tile_name(game: RollGame, tile: int) -> str:
    """A construction tile by the side it shows (the stack it is in), else its world."""
    t = game.data.tiles[tile]
    for p in game.players:
        if tile in p.dev_stack:
            return t.development.name
    return t.world.name


def _where(game: RollGame, where: str) -> str:
    if where.startswith("stack "):
        return f"your {where[6:]} stack"
    if where.startswith("good "):
        return f"a good on {where[5:]}"
    if where in ("cup", "citizenry"):
        return f"your {where}"
    return f"the {where} column"


def forms(game: RollGame, decision: Decision, option) -> list[str]:
    """The text forms of one choice answer, longest first."""
    kind = decision.kind
    if kind == "start":
        dev, world = option
        t = game.data.tiles
        return [f"develop {t[dev].development.name}, settle {t[world].world.name}",
                f"develop {t[dev].development.name}", f"settle {t[world].world.name}"]
    if kind == "assign":
        verb = option[0]
        if verb == "done":
            return ["done"]
        if verb == "wild":
            _, c, s, t = option
            return [f"wild {c} from {s} to {t}", f"wild {c} to {t}"]
        if verb == "select":
            _, ph, c, s = option
            return [f"select {ph} with {c} from {s}", f"select {ph} with {c}"]
        if verb == "dictate":
            _, c, s, t = option
            return [f"dictate {c} from {s} to {t}", f"dictate {c} to {t}"]
        _, name, c, s, t = option
        return [f"{name}: {c} from {s} to {t}", f"{name}: {c} to {t}"]
    if kind == "dictate_pay":
        c, s = option
        return [f"pay with {c} from {s}", f"pay with {c}"]
    if kind == "reassign_more":
        if option[0] == "stop":
            return ["stop"]
        _, _, c, s, _ = option
        return [f"also {c} from {s}", f"also {c}"]
    if kind == "logistics" or (kind == "explore" and option[0] == "logistics"):
        if option == ("done",):
            return ["done"]
        name = _tile_name(game, option[2])
        return [f"turn over {name}"] if option[1] == "flip" else [f"put {name} on top"]
    if kind == "explore":
        verb, c = option
        return [f"{verb} with {c}", verb]
    if kind == "scout_place":
        tile, side, where = option
        t = game.data.tiles[tile]
        name = t.development.name if side == "development" else t.world.name
        text = f"scout: {side} side"
        if where == "top":
            return [f"{text} {name} on top", text + " on top"]
        return [f"{text} {name} at the bottom", f"{text} {name}", text + " at the bottom",
                text]
    if kind == "remove_die":
        where, c = option
        return [f"remove {c} from {_where(game, where)}", f"remove {c}"]
    if kind == "produce":
        c, world = option
        return [f"produce {c} on {world}", f"produce on {world}", f"produce {c}"]
    if kind == "ship":
        verb, world, good, c = option
        return [f"{verb} {good} from {world} with {c}", f"{verb} {world} with {c}",
                f"{verb} {good} from {world}", f"{verb} {world}"]
    if kind == "give_back":
        return [f"give back {_tile_name(game, option)}"]
    if kind == "bankers":
        return ["buy 1 VP for $1"] if option else ["keep the credit"]
    raise ValueError(f"no text form for decision {kind!r}")


PICK_PREFIX = {
    "scout_discard": "discard", "build": "build with", "to_cup": "to the cup:",
    "complete_with": "complete with",
    "recruit": "recruit", "recall": "recall",
}


def item_text(game: RollGame, decision: Decision, item) -> str:
    kind = decision.kind
    if kind == "scout_discard":
        return _tile_name(game, item)
    if kind == "recall":
        where, place, c, _ = item
        if where == "stack":
            return f"{c} waiting on your {place}s"
        return f"{c} good on {place}"
    return item[0]      # a die, by colour: (colour, index)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _table(game: RollGame, decision: Decision) -> dict[str, list]:
    table: dict[str, list] = {}
    for option in decision.options:
        for f in forms(game, decision, option):
            entries = table.setdefault(_norm(f), [])
            if option not in entries:
                entries.append(option)
    return table


def answer_text(game: RollGame, decision: Decision | None, answer) -> str:
    if decision is None:
        raise IllegalChoice("no decision is pending")
    if decision.count is not None:
        items = [item_text(game, decision, i) for i in answer]
        return f"{PICK_PREFIX[decision.kind]} " + (", ".join(items) if items else "nothing")
    table = _table(game, decision)
    all_forms = forms(game, decision, answer)
    for f in reversed(all_forms):
        if table.get(_norm(f)) == [answer]:
            return f
    return all_forms[0]


def parse_answer(game: RollGame, decision: Decision | None, text: str):
    if decision is None:
        raise IllegalChoice("no decision is pending")
    said = _norm(text)
    if decision.count is not None:
        return _parse_pick(game, decision, said)
    matches = _table(game, decision).get(said, [])
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise IllegalChoice(f"{_quoted(text)} is ambiguous: say which, e.g. "
                            f"{forms(game, decision, matches[0])[0]!r}")
    raise IllegalChoice(f"{_quoted(text)} is not a legal answer here")


def _quoted(text: str, limit: int = 40) -> str:
    """Typed text echoed in a refusal: quoted and cut, as the card game does (issue 41: a
    60 KB line came back whole)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _parse_pick(game: RollGame, decision: Decision, said: str) -> tuple:
    prefix = _norm(PICK_PREFIX[decision.kind])
    if said.startswith(prefix):
        said = said[len(prefix):].strip()
    if said in ("", "nothing", "none"):
        return ()
    # Names may hold commas ("Designer Species, Ultd."): take the longest entry that the
    # rest of the text starts with, then a comma.
    chosen: list = []
    rest = said
    while rest:
        best = None
        for item in decision.options:
            if item in chosen:
                continue
            full = re.sub(r"\s+", " ", item_text(game, decision, item).lower())
            for text in (full, full.rstrip(".")):
                if (rest == text or rest.startswith(text + ",")) and (
                        best is None or len(text) > len(best[1])):
                    best = (item, text)
        if best is None:
            raise IllegalChoice(f"{_quoted(rest.split(',')[0])} cannot be chosen here")
        chosen.append(best[0])
        rest = rest[len(best[1]):].lstrip(",").strip()
    return decision.check(chosen)


def legal_answers(decision: Decision | None, limit: int = 1000) -> list:
    if decision is None:
        return []
    if decision.count is None:
        return list(decision.options)[:limit]
    low, high = decision.count
    out, seen = [], set()
    for size in range(low, high + 1):
        for combo in itertools.combinations(sorted(decision.options), size):
            key = tuple(sorted(_identity(i) for i in combo))
            if key in seen:
                continue
            seen.add(key)
            out.append(combo)
            if len(out) >= limit:
                return out
    return out


def _identity(item):
    """Dice picks list one entry per die as (colour, index): equal colours are the same."""
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], int):
        return item[0]
    if isinstance(item, tuple) and len(item) == 4:
        return item[:3]
    return item


def sample_answer(decision: Decision | None, rng):
    """A random legal answer: first a random kind of answer (so that `done` is as likely as
    any one kind of move), then one of that kind."""
    if decision is None:
        raise IllegalChoice("no decision is pending")
    if decision.count is None:
        groups: dict = {}
        for option in decision.options:
            key = option[0] if isinstance(option, tuple) else option
            groups.setdefault(key, []).append(option)
        keys = list(groups)
        return rng.choice(groups[rng.choice(keys)])
    low, high = decision.count
    size = rng.randint(low, high)
    return canonical(decision, rng.sample(list(decision.options), size))


def canonical(decision: Decision, items) -> tuple:
    """A pick in its one written form: dice of one colour (or goods of one colour on one
    world) are interchangeable, so each takes the lowest index still free."""
    chosen: list = []
    for item in items:
        ident = _identity(item)
        for option in sorted(decision.options):
            if option not in chosen and _identity(option) == ident:
                chosen.append(option)
                break
    return tuple(sorted(chosen))
