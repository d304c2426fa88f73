"""The robot's data file (`data/robot.toml`): mat, dice, difficulty and start-world markers.

Loaded once. Every [P]/[?] default of the spec lives in the TOML, not here; this module only
merges a start world's overrides over the standard mat and checks the file's vocabulary.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

DATA_FILE = Path(__file__).resolve().parent / "data" / "robot.toml"

FACES = ("explore", "develop", "settle", "trade", "consume2", "produce", "star", "robot")
ROBOT_VALUES = ("explore", "develop", "settle", "trade", "consume2", "produce")
SEARCH_KINDS = ("development", "development_not_six", "nonmilitary_world", "military_world",
                "alien_world", "alien_military_world", "alien_military_or_nonmilitary_world")
PHASE_TABLES = ("explore", "develop", "settle", "consume", "produce")
DEFAULT_LEVEL = "medium"    # The Gathering Storm's middle level


# The values each rule of [rules] may take (the behaviour each picks is in phases.py,
# dice.py and scoring.py).
RULE_VALUES = {
    "doubled_single_cell": ("once", "twice"),
    "tie_still_tied": ("shared", "robot"),
    "search_deck_limit": ("deck", "deck_and_discard"),
    "your_single_marker": ("left", "right"),
    "robot_draw_reshuffles": (True, False),
    "skip_duplicate_developments": (True, False),
}


class RobotDataError(ValueError):
    pass


@dataclass(frozen=True)
class Marker:
    """What a robot start world gives: start values, "Robot =", its mat, special rules."""

    world: str
    credits: int
    economy: int
    hand: int
    robot: str
    mat: MappingProxyType            # phase -> MappingProxyType of that phase's numbers/kinds
    after_action: tuple[tuple[str, str], ...] = ()
    first_settle_action: MappingProxyType | None = None
    prestige_keywords: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)
class RobotData:
    rules: MappingProxyType
    dice: tuple[tuple[str, ...], tuple[str, ...]]
    difficulty: MappingProxyType     # level -> {"tiles", "tile_vp"}
    aliases: MappingProxyType        # another name of a level -> the level
    mat: MappingProxyType
    default: MappingProxyType
    starts: MappingProxyType         # world name -> raw override table

    def marker(self, world: str) -> Marker:
        return _marker(self, world)

    def level(self, name: str) -> str | None:
        """The difficulty level `name` means, in any case or by an alias; None if none."""
        folded = name.strip().casefold()
        for level in self.difficulty:
            if level.casefold() == folded:
                return level
        for alias, level in self.aliases.items():
            if alias.casefold() == folded:
                return level
        return None


def _freeze(d: dict) -> MappingProxyType:
    return MappingProxyType(dict(d))


@cache
def load_data(path: Path = DATA_FILE) -> RobotData:
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RobotDataError(f"{path}: {exc}") from exc
    dice = tuple(tuple(raw["dice"][k]) for k in ("a", "b"))
    for die in dice:
        for face in die:
            if face not in FACES:
                raise RobotDataError(f"{path}: unknown die face {face!r}")
    mat = {ph: _freeze(raw["mat"][ph]) for ph in PHASE_TABLES}
    data = RobotData(
        rules=_freeze(raw["rules"]),
        dice=dice,
        difficulty=_freeze({k: _freeze(v) for k, v in raw["difficulty"].items()}),
        aliases=_freeze(raw.get("difficulty_aliases", {})),
        mat=_freeze(mat),
        default=_freeze(raw["start_default"]),
        starts=_freeze(raw.get("start", {})),
    )
    for key, values in RULE_VALUES.items():
        if data.rules.get(key) not in values:
            raise RobotDataError(f"{path}: rules.{key} = {data.rules.get(key)!r}: use one of "
                                 + ", ".join(map(repr, values)))
    for alias, level in data.aliases.items():
        if level not in data.difficulty:
            raise RobotDataError(f"{path}: difficulty alias {alias!r} names no level {level!r}")
    for name in ("",) + tuple(data.starts):
        m = data.marker(name)
        if m.robot not in ROBOT_VALUES:
            raise RobotDataError(f"{path}: {name or 'start_default'}: bad robot {m.robot!r}")
        for key in ("action_search", "response_search"):
            if m.mat["settle"][key] not in SEARCH_KINDS:
                raise RobotDataError(f"{path}: {name}: unknown search {m.mat['settle'][key]!r}")
        kind = m.mat["consume"]["x2_prestige_if_world"]
        if kind and kind not in SEARCH_KINDS:
            raise RobotDataError(f"{path}: {name}: unknown world kind {kind!r}")
    return data


@cache
def _marker(data: RobotData, world: str) -> Marker:
    over = dict(data.starts.get(world, {}))
    base = dict(data.default)
    mat = {}
    for ph in PHASE_TABLES:
        table = dict(data.mat[ph])
        extra = over.pop(ph, {})
        unknown = set(extra) - set(table)
        if unknown:
            raise RobotDataError(f"{DATA_FILE}: {world}: unknown {ph} entries {sorted(unknown)}")
        table.update(extra)
        mat[ph] = _freeze(table)
    first = over.pop("first_settle_action", None)
    return Marker(
        world=world,
        credits=int(over.get("credits", base["credits"])),
        economy=int(over.get("economy", base["economy"])),
        hand=int(over.get("hand", base["hand"])),
        robot=str(over.get("robot", base["robot"])),
        mat=_freeze(mat),
        after_action=tuple(sorted(over.get("after_action", {}).items())),
        first_settle_action=_freeze(first) if first else None,
        prestige_keywords=tuple(over.get("prestige_keywords", ())),
    )
