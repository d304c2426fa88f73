"""The Roll for the Galaxy data (`data/roll.toml`), loaded once into frozen records.

A *side* is what a player builds: a development or a world, with its cost (= its VP), its
power or immediate effect. Game tiles carry two sides (ids 1..55); faction tiles two (faction 9:
two worlds); a home world one.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "roll.toml"
PHASES = ("explore", "develop", "settle", "produce", "ship")


@dataclass(frozen=True)
class Gain:
    die: str            # colour of the die taken from the supply
    to: str             # "cup", "citizenry" or "good"
    count: int


@dataclass(frozen=True)
class Side:
    name: str
    type: str                           # "development" or "world"
    cost: int
    text: str
    tile: int = 0                       # game tile id; 0 for faction halves and home worlds
    color: str = ""                     # worlds: gray, blue, brown, green, yellow
    credits: int = 0                    # worlds: immediate credits
    remove_die: bool = False            # worlds: remove one of your dice first
    gain: tuple[Gain, ...] = ()         # worlds: immediate dice
    phases: tuple[str, ...] = ()        # developments: when the power acts
    power: dict = field(default_factory=dict, hash=False, compare=False)
    bonus: dict = field(default_factory=dict, hash=False, compare=False)
    bonus_text: str = ""

    @property
    def is_world(self) -> bool:
        return self.type == "world"

    @property
    def kind(self) -> str:
        return self.power.get("kind", "")

    @property
    def reassign(self) -> bool:
        """A development with a power used while assigning (Reassign, Dictate powers):
        what Biological Adaptation, New Economy and System Diversification look at."""
        return "assign" in self.phases


@dataclass(frozen=True)
class Tile:
    id: int
    development: Side
    world: Side

    def side(self, kind: str) -> Side:
        return self.development if kind == "development" else self.world


@dataclass(frozen=True)
class Faction:
    number: int
    name: str
    sides: tuple[Side, ...]


@dataclass(frozen=True)
class Home:
    number: int
    side: Side
    start_credits: int


@dataclass(frozen=True)
class Die:
    color: str
    count: int
    faces: tuple[str, ...]
    matches: str            # the world colour it matches when consuming ("any", "none")


@dataclass(frozen=True)
class RollData:
    rules: dict
    dice: dict[str, Die]
    trade: dict[str, int]           # world colour -> trade credits
    good_die: dict[str, str]        # world colour -> supply die colour of its goods
    tiles: dict[int, Tile]
    factions: tuple[Faction, ...]
    homes: tuple[Home, ...]
    sides: dict[str, Side]          # by name (names are unique)
    by_power: dict[str, frozenset[str]] = field(default_factory=dict)   # kind -> side names

    def total_dice(self) -> int:
        return sum(d.count for d in self.dice.values())


def _side(raw: dict, tile: int = 0) -> Side:
    return Side(
        name=raw["name"], type=raw["type"], cost=raw["cost"], text=raw["text"], tile=tile,
        color=raw.get("color", ""), credits=raw.get("credits", 0),
        remove_die=raw.get("remove_die", False),
        gain=tuple(Gain(g["die"], g["to"], g["count"]) for g in raw.get("gain", ())),
        phases=tuple(raw.get("phases", ())), power=dict(raw.get("power", {})),
        bonus=dict(raw.get("bonus", {})), bonus_text=raw.get("bonus_text", ""))


def parse(text: str) -> RollData:
    raw = tomllib.loads(text)
    tile_of = {}
    for t in raw["tile"]:
        tile_of[t["development"]] = t["id"]
        tile_of[t["world"]] = t["id"]
    sides = {s["name"]: _side(s, tile_of.get(s["name"], 0)) for s in raw["side"]}
    tiles = {t["id"]: Tile(t["id"], sides[t["development"]], sides[t["world"]])
             for t in raw["tile"]}
    factions = tuple(Faction(f["number"], f["name"], tuple(sides[n] for n in f["sides"]))
                     for f in raw["faction"])
    homes = tuple(Home(h["number"], sides[h["name"]], h["start_credits"]) for h in raw["home"])
    dice = {d["color"]: Die(d["color"], d["count"], tuple(d["faces"]), d["matches"])
            for d in raw["die"]}
    return RollData(
        rules=dict(raw["rules"]), dice=dice,
        trade={w["color"]: w["trade"] for w in raw["world_color"]},
        good_die={w["color"]: w["good_die"] for w in raw["world_color"]},
        tiles=tiles, factions=factions, homes=homes, sides=sides,
        by_power={kind: frozenset(n for n, side in sides.items()
                                  if side.power.get("kind") == kind)
                  for kind in {side.power.get("kind") for side in sides.values()} if kind})


@cache
def load_data() -> RollData:
    return parse(DATA.read_text(encoding="utf-8"))


CHOICES = Path(__file__).parent / "data" / "choices.toml"


@cache
def choices() -> dict:
    """Our decisions on the rules points left open (data/choices.toml, docs/roll.md)."""
    return tomllib.loads(CHOICES.read_text(encoding="utf-8"))
