"""Load and validate the TOML card files into one frozen CardDb, once per process."""

from __future__ import annotations

import tomllib
from dataclasses import fields
from functools import lru_cache
from pathlib import Path

from .model import GOODS, KEYWORDS, PHASES, SETS, Card, CardDb, Power, VpRule

DATA_DIR = Path(__file__).with_name("data")

CARD_FIELDS = {
    "name": str, "type": str, "cost": int, "vp": int, "copies": int, "copies_with": dict,
    "good": str, "military": bool, "windfall": bool, "start_number": int, "start_color": str,
    "keywords": list, "specials": list, "keldon_index": int, "power": list, "vp_rule": list,
}
REQUIRED = ("name", "type", "cost", "vp", "copies")
POWER_FIELDS = {f.name: f.type for f in fields(Power)}
VP_RULE_FIELDS = {"points": int, "match": str, "name": str}
SPECIALS = {
    "starthand_3", "start_save", "discard_to_12", "game_end_14", "take_discards",
    "select_last", "no_produce", "discard_produce",
}


class CardDataError(ValueError):
    """A card file is wrong; the message names the file, the card and the field."""


def _check(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise CardDataError(f"{where}: {what}")


def _typed(value, expected, where: str, key: str) -> None:
    # bool is an int subclass in Python: keep them apart so `cost = true` is an error.
    ok = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
    _check(ok, where, f"field {key!r} must be {expected.__name__}, got {value!r}")


def _power(entry: dict, where: str) -> Power:
    _check(isinstance(entry, dict), where, "each power must be a table")
    for key, value in entry.items():
        _check(key in POWER_FIELDS, where, f"unknown power field {key!r}")
        expected = {"int": int, "str": str, "bool": bool}.get(POWER_FIELDS[key], list)
        _typed(value, expected, where, f"power.{key}")
    _check("phase" in entry and "kind" in entry, where, "a power needs 'phase' and 'kind'")
    _check(entry["phase"] in PHASES, where, f"unknown power phase {entry['phase']!r}")
    good = entry.get("good", "")
    _check(good in ("",) + GOODS + ("any", "this"), where, f"unknown power good {good!r}")
    return Power(**{**entry, "flags": tuple(entry.get("flags", ()))})


def _vp_rule(entry: dict, where: str) -> VpRule:
    _check(isinstance(entry, dict), where, "each vp_rule must be a table")
    for key, value in entry.items():
        _check(key in VP_RULE_FIELDS, where, f"unknown vp_rule field {key!r}")
        _typed(value, VP_RULE_FIELDS[key], where, f"vp_rule.{key}")
    _check("points" in entry and "match" in entry, where, "a vp_rule needs 'points' and 'match'")
    return VpRule(**entry)


def _card(raw: dict, card_id: int, card_set: str, path: Path) -> Card:
    where = f"{path.name}: card {raw.get('name', f'#{card_id}')!r}"
    for key, value in raw.items():
        _check(key in CARD_FIELDS, where, f"unknown field {key!r}")
        _typed(value, CARD_FIELDS[key], where, key)
    for key in REQUIRED:
        _check(key in raw, where, f"missing field {key!r}")
    _check(raw["type"] in ("world", "development"), where, f"field 'type' is {raw['type']!r}")
    _check(raw["cost"] >= 0, where, "field 'cost' must be >= 0")
    good = raw.get("good", "")
    _check(good in ("",) + GOODS + ("any",), where, f"field 'good' is {good!r}")
    _check(not good or raw["type"] == "world", where, "only worlds hold goods")
    _check(raw.get("start_color", "") in ("", "red", "blue"), where, "field 'start_color'")
    for word in raw.get("keywords", []):
        _check(word in KEYWORDS, where, f"unknown keyword {word!r}")
    for word in raw.get("specials", []):
        _check(word in SPECIALS, where, f"unknown special {word!r}")
    for other in raw.get("copies_with", {}):
        _check(other in SETS, where, f"copies_with names unknown set {other!r}")
    return Card(
        id=card_id,
        name=raw["name"],
        set=card_set,
        type=raw["type"],
        cost=raw["cost"],
        vp=raw["vp"],
        copies=raw["copies"],
        copies_with=tuple(raw.get("copies_with", {}).items()),
        good=good,
        military=raw.get("military", False),
        windfall=raw.get("windfall", False),
        start_number=raw.get("start_number"),
        start_color=raw.get("start_color", ""),
        keywords=tuple(raw.get("keywords", ())),
        specials=tuple(raw.get("specials", ())),
        powers=tuple(_power(p, where) for p in raw.get("power", ())),
        vp_rules=tuple(_vp_rule(v, where) for v in raw.get("vp_rule", ())),
        keldon_index=raw.get("keldon_index", -1),
    )


def load_files(paths: list[Path]) -> CardDb:
    """Build a CardDb from these files; each file's stem is its set name."""
    cards: list[Card] = []
    by_name: dict[str, tuple[Card, ...]] = {}
    for path in paths:
        card_set = path.stem
        _check(card_set in SETS, path.name, f"unknown set {card_set!r}")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise CardDataError(f"{path.name}: not valid TOML ({exc})") from exc
        _check(set(data) <= {"card"}, path.name, f"unknown top-level keys {sorted(set(data) - {'card'})}")
        for raw in data.get("card", []):
            card = _card(raw, len(cards), card_set, path)
            same = by_name.get(card.name.casefold(), ())
            _check(all(c.set != card_set for c in same), f"{path.name}: card {card.name!r}",
                   "duplicate name in this set")
            by_name[card.name.casefold()] = same + (card,)
            cards.append(card)
    return CardDb(tuple(cards), by_name)


@lru_cache(maxsize=1)
def load_cards() -> CardDb:
    """Every shipped card set, loaded once per process."""
    return load_files([DATA_DIR / f"{s}.toml" for s in SETS])
