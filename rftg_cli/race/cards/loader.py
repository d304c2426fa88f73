"""Load and validate the TOML card files into one frozen CardDb, once per process.

Every error names the file, the card and the field, e.g.
`rftg_cli/race/cards/data/base.toml: card 'Old Earth': field 'power[1].kind': unknown consume
power kind 'trade_bonsu'`, so a broken file is fixed without reading the loader.

Loading checks the shape of the files and the base game's words. The words plugins register
(power kinds, power flags, keywords, per-player counters) are checked against the rules of
a game, or of every installed expansion (`check_kinds`, `check_words`), as a game is made.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from .kinds import AGAINST, AGGREGATE_VP_MATCHES, CONSUME_INPUTS, PAY_WITH, PER, VP_MATCHES
from .model import GOODS, KEYWORDS, PHASES, SETS, Card, CardDb, Power, VpRule

DATA_DIR = Path(__file__).with_name("data")

CARD_FIELDS: dict[str, type] = {
    "name": str, "type": str, "cost": int, "vp": int, "copies": int, "copies_with": dict,
    "good": str, "military": bool, "windfall": bool, "start_number": int, "start_color": str,
    "keywords": list, "specials": list, "keldon_index": int, "power": list, "vp_rule": list,
}
REQUIRED = ("name", "type", "cost", "vp", "copies")
POWER_FIELDS: dict[str, type] = {
    "phase": str, "kind": str, "value": int, "times": int, "good": str, "against": str,
    "one_shot": bool, "pay_with": str, "per": str, "consume": str, "goods_per_use": int,
    "vp": int, "cards": int, "flags": list,
}
VP_RULE_FIELDS: dict[str, type] = {"points": int, "match": str, "name": str}
SPECIALS = frozenset({
    "starthand_3", "start_save", "discard_to_12", "game_end_14", "take_discards",
    "select_last", "no_produce", "discard_produce",
})
# Vocabulary of the string-valued power fields ("" always allowed: the field is unused).
POWER_VALUES: dict[str, frozenset[str]] = {
    "good": frozenset(GOODS + ("any", "this")),
    "against": AGAINST,
    "per": PER,
}
# The fields that may also name a per-player counter a plugin registers (`check_words`).
COUNTER_VALUES: dict[str, frozenset[str]] = {"pay_with": PAY_WITH, "consume": CONSUME_INPUTS}
START_NUMBERS = range(16)


class CardDataError(ValueError):
    """A card file is wrong; the message names the file, the card and the field."""


class _Where:
    """The file and card an error is about."""

    __slots__ = ("card", "path")

    def __init__(self, path: Path, card: str) -> None:
        self.path = path
        self.card = card

    def fail(self, key: str, what: str) -> CardDataError:
        return CardDataError(f"{self.path}: card {self.card!r}: field {key!r}: {what}")


def _type_name(expected: type) -> str:
    return {int: "an integer", str: "a string", bool: "true or false", list: "a list",
            dict: "a table"}.get(expected, expected.__name__)


def _check_type(value: object, expected: type, where: _Where, key: str) -> None:
    # bool is an int subclass in Python: keep them apart so `cost = true` is an error.
    if isinstance(value, expected) and not (expected is int and isinstance(value, bool)):
        return
    raise where.fail(key, f"must be {_type_name(expected)}, got {value!r}")


def _check_fields(raw: dict, known: dict[str, type], where: _Where, prefix: str) -> None:
    for key, value in raw.items():
        if key not in known:
            raise where.fail(prefix + key, "unknown field")
        _check_type(value, known[key], where, prefix + key)


def _check_words(words: list, allowed, where: _Where, key: str) -> None:
    for word in words:
        _check_type(word, str, where, key)
        if word not in allowed:
            raise where.fail(key, f"unknown value {word!r} (known: {', '.join(sorted(allowed))})")


def _entry(entry: object, known: dict[str, type], required: tuple[str, ...], where: _Where,
           key: str) -> dict:
    """Check one inline table of a card (a power or a VP rule): a table, known typed fields."""
    if not isinstance(entry, dict):
        raise where.fail(key, "must be a table")
    _check_fields(entry, known, where, key + ".")
    for name in required:
        if name not in entry:
            raise where.fail(f"{key}.{name}", "missing")
    return entry


def _power(entry: object, where: _Where, index: int) -> Power:
    key = f"power[{index}]"
    counts: tuple[tuple[str, int], ...] = ()
    if isinstance(entry, dict):
        # A whole number under another name is the reward of a counter a plugin registers
        # (`check_words`).
        counts = tuple((name, value) for name, value in entry.items()
                       if name not in POWER_FIELDS and type(value) is int)
        entry = {name: value for name, value in entry.items()
                 if name in POWER_FIELDS or type(value) is not int}
    entry = _entry(entry, POWER_FIELDS, ("phase", "kind"), where, key)
    phase, kind = entry["phase"], entry["kind"]
    if phase not in PHASES:
        raise where.fail(f"{key}.phase", f"unknown phase {phase!r} (known: {', '.join(PHASES)})")
    for name, allowed in POWER_VALUES.items():
        value = entry.get(name, "")
        if value and value not in allowed:
            raise where.fail(f"{key}.{name}", f"unknown value {value!r}")
    if kind == "consume" and not entry.get("consume"):
        raise where.fail(f"{key}.consume", "a consume power must say what it consumes")
    flags = entry.get("flags", [])
    for flag in flags:
        _check_type(flag, str, where, f"{key}.flags")
    return Power(**{**entry, "flags": tuple(flags), "counts": counts})


def _vp_rule(entry: object, where: _Where, index: int) -> VpRule:
    key = f"vp_rule[{index}]"
    entry = _entry(entry, VP_RULE_FIELDS, ("points", "match"), where, key)
    match = entry["match"]
    if (match == "name") != bool(entry.get("name")):
        raise where.fail(f"{key}.name", "a 'name' rule needs a card name, and only it")
    return VpRule(**entry)


def _card(raw: object, card_id: int, card_set: str, path: Path) -> Card:
    if not isinstance(raw, dict):
        raise CardDataError(f"{path}: card #{card_id}: each card must be a table")
    name = raw.get("name")
    where = _Where(path, name if isinstance(name, str) else f"#{card_id}")
    _check_fields(raw, CARD_FIELDS, where, "")
    for key in REQUIRED:
        if key not in raw:
            raise where.fail(key, "missing")
    if not raw["name"].strip():
        raise where.fail("name", "must not be empty")
    card_type = raw["type"]
    if card_type not in ("world", "development"):
        raise where.fail("type", f"must be 'world' or 'development', got {card_type!r}")
    if raw["cost"] < 0:
        raise where.fail("cost", f"must be 0 or more, got {raw['cost']}")
    if raw["copies"] < 0:
        raise where.fail("copies", f"must be 0 or more, got {raw['copies']}")
    good = raw.get("good", "")
    if good not in ("",) + GOODS + ("any",):
        raise where.fail("good", f"unknown goods kind {good!r} (known: {', '.join(GOODS)}, any)")
    if good and card_type != "world":
        raise where.fail("good", "only worlds hold goods")
    if raw.get("windfall") and not good:
        raise where.fail("windfall", "a windfall world needs a 'good'")
    start_color = raw.get("start_color", "")
    if start_color not in ("", "red", "blue"):
        raise where.fail("start_color", f"must be 'red' or 'blue', got {start_color!r}")
    if start_color and card_type != "world":
        raise where.fail("start_color", "only worlds are start worlds")
    start_number = raw.get("start_number")
    if start_number is not None:
        if start_number not in START_NUMBERS:
            raise where.fail("start_number", f"must be 0 to 15, got {start_number}")
        if not start_color:
            raise where.fail("start_number", "only start worlds (with 'start_color') have one")
    for word in raw.get("keywords", []):
        _check_type(word, str, where, "keywords")
    _check_words(raw.get("specials", []), SPECIALS, where, "specials")
    copies_with = raw.get("copies_with", {})
    for other, extra in copies_with.items():
        if other not in SETS or other == card_set:
            raise where.fail("copies_with", f"unknown or own set {other!r}")
        _check_type(extra, int, where, f"copies_with.{other}")
    return Card(
        id=card_id,
        name=raw["name"],
        set=card_set,
        type=card_type,
        cost=raw["cost"],
        vp=raw["vp"],
        copies=raw["copies"],
        copies_with=tuple(copies_with.items()),
        good=good,
        military=raw.get("military", False),
        windfall=raw.get("windfall", False),
        start_number=start_number,
        start_color=start_color,
        keywords=tuple(raw.get("keywords", ())),
        specials=tuple(raw.get("specials", ())),
        powers=tuple(_power(p, where, i) for i, p in enumerate(raw.get("power", ()))),
        vp_rules=tuple(_vp_rule(v, where, i) for i, v in enumerate(raw.get("vp_rule", ()))),
        keldon_index=raw.get("keldon_index", -1),
    )


def load_files(paths: list[Path], rules=None) -> CardDb:
    """Build a CardDb from these files; each file's stem is its set name. Given `rules` (a
    game's, or every installed expansion's), every power's kind and every word plugins add
    must be theirs (`check_kinds`, `check_words`)."""
    cards: list[Card] = []
    by_name: dict[str, tuple[Card, ...]] = {}
    for path in paths:
        card_set = path.stem
        if card_set not in SETS:
            raise CardDataError(
                f"{path}: unknown set {card_set!r}: name the file after a set "
                f"({', '.join(SETS)})")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise CardDataError(f"{path}: cannot read ({exc.strerror or exc})") from exc
        except tomllib.TOMLDecodeError as exc:
            raise CardDataError(f"{path}: not valid TOML ({exc})") from exc
        extra = sorted(set(data) - {"card"})
        if extra:
            raise CardDataError(f"{path}: unknown top-level keys {extra}: only [[card]] tables")
        raw_cards = data.get("card", [])
        if not isinstance(raw_cards, list):
            raise CardDataError(f"{path}: 'card' must be an array of tables ([[card]])")
        for raw in raw_cards:
            card = _card(raw, len(cards), card_set, path)
            same = by_name.get(card.name.casefold(), ())
            if any(c.set == card_set for c in same):
                raise _Where(path, card.name).fail(
                    "name", f"duplicate name in set {card_set!r}")
            by_name[card.name.casefold()] = same + (card,)
            cards.append(card)
    db = CardDb(tuple(cards), by_name)
    if rules is not None:
        files = {path.stem: path for path in paths}
        check_kinds(db, rules.powers, files)
        check_words(db, rules, files)
    return db


@lru_cache(maxsize=1)
def load_cards() -> CardDb:
    """Every shipped card set, loaded once per process. Its power kinds and the words plugins
    add are declared by the plugins: they are checked when a game is made (`check_kinds`,
    `check_words`)."""
    return load_files([DATA_DIR / f"{s}.toml" for s in SETS])


_CHECKED: dict[tuple, tuple] = {}


def _check_once(what: str, check, db: CardDb, against, paths: dict[str, Path] | None,
                sets: frozenset[str] | None) -> None:
    """Run `check(card, where)` on the cards of `db` (of `sets`, or all) once per `what` is
    checked, `db`, `against` (what it checks them against) and `sets`: every game made
    checks the shipped cards."""
    key = (what, id(db), id(against), sets)
    if key in _CHECKED:
        return
    for card in db.cards if sets is None else db.in_sets(sets):
        check(card, _Where((paths or {}).get(card.set, DATA_DIR / f"{card.set}.toml"),
                           card.name))
    if len(_CHECKED) >= 16:
        _CHECKED.clear()
    _CHECKED[key] = (db, against)      # held, so that their ids name them


def check_kinds(db: CardDb, kinds, paths: dict[str, Path] | None = None,
                sets: frozenset[str] | None = None) -> None:
    """Raise CardDataError for the first power of `db` (of its cards in `sets`, or all)
    whose kind `kinds` does not know (a registry of power kinds, `(phase, kind) in kinds`):
    a typo in a card file. `paths` names each set's file (the shipped ones by default)."""
    def check(card: Card, where: _Where) -> None:
        for index, power in enumerate(card.powers):
            if (power.phase, power.kind) not in kinds:
                raise where.fail(f"power[{index}].kind",
                                 f"unknown {power.phase} power kind {power.kind!r}")

    _check_once("kinds", check, db, kinds, paths, sets)


def check_words(db: CardDb, rules, paths: dict[str, Path] | None = None,
                sets: frozenset[str] | None = None) -> None:
    """Raise CardDataError for the first word of `db`'s cards (in `sets`, or all) that
    neither the base game nor a plugin of `rules` knows: a keyword (`rules.keywords`), a
    power flag (`rules.powers.flags`), a per-player counter (`rules.counters`) rewarded,
    consumed, paid with or scored. `paths` as for `check_kinds`."""
    keywords = set(KEYWORDS) | set(rules.keywords)
    flags, counters = rules.powers.flags, rules.counters

    def check(card: Card, where: _Where) -> None:
        _check_words(list(card.keywords), keywords, where, "keywords")
        for index, power in enumerate(card.powers):
            key = f"power[{index}]"
            _check_words(list(power.flags), flags, where, f"{key}.flags")
            for name, _ in power.counts:
                if name not in counters:
                    raise where.fail(f"{key}.{name}", "unknown field")
            for name, allowed in COUNTER_VALUES.items():
                value = getattr(power, name)
                if value and value not in allowed and value not in counters:
                    raise where.fail(f"{key}.{name}", f"unknown value {value!r}")
        for index, rule in enumerate(card.vp_rules):
            if (rule.match not in VP_MATCHES and rule.match not in AGGREGATE_VP_MATCHES
                    and rule.match not in counters):
                raise where.fail(f"vp_rule[{index}].match", f"unknown value {rule.match!r}")

    _check_once("words", check, db, rules, paths, sets)
