"""The search categories (data/categories.toml) and the one matcher that reads them."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rftg_cli.race.cards.model import Card, Power

# Consume shapes that take two goods or more whatever their count (« Le Monde de pèlerinage
# [...] font partie de cette catégorie »).
MANY_GOODS = ("all", "three_kinds", "n_kinds")


@dataclass(frozen=True)
class Category:
    key: str
    name: str
    tests: dict

    @property
    def needs_takeovers(self) -> bool:
        return bool(self.tests.get("takeovers"))


@cache
def all_categories() -> tuple[Category, ...]:
    data = tomllib.loads((Path(__file__).parent / "data" / "categories.toml").read_text())
    out = []
    for raw in data["category"]:
        raw = dict(raw)
        out.append(Category(raw.pop("key"), raw.pop("name"), raw))
    return tuple(out)


def _plain_military(power: Power, low: int, high: int) -> bool:
    return (power.phase == "settle" and power.kind == "military" and low <= power.value <= high
            and not (power.good or power.against or power.per or power.pay_with
                     or power.one_shot))


# What a consume power may take that is a good (not cards from hand, not prestige).
GOODS = ("any", "novelty", "rare", "gene", "alien")


def _consumes_two(power: Power) -> bool:
    """Two goods or more in one Consume phase: « les cartes avec des pouvoirs qui consomment
    deux ressources ou plus d'un type donné » are the "x2"/"x3" powers too (Keldon's RFTG,
    the search check: a goods consume power used more than once matches); cards discarded
    from hand (Alien Guardian) are not goods."""
    if power.phase != "consume" or power.kind != "consume":
        return False
    return power.consume in MANY_GOODS or (
        power.consume in GOODS and max(power.times, power.goods_per_use) >= 2)


def optional(card: Card, category: Category) -> bool:
    """Does `card` match only if the searcher chooses so (Alien Oort Cloud Refinery)?"""
    counted = category.tests.get("may_count_good", ())
    return card.good in counted and matches(card, category, optional=True)


def matches(card: Card, category: Category, optional: bool = False) -> bool:
    """Does `card` match (`optional`: counting the kinds the searcher may count too)?"""
    t = category.tests
    if "type" in t and card.type != t["type"]:
        return False
    if "military" in t and card.military != t["military"]:
        return False
    if "windfall" in t and card.windfall != t["windfall"]:
        return False
    if "cost" in t and not t["cost"][0] <= card.cost <= t["cost"][1]:
        return False
    if "keyword" in t and not card.has_keyword(t["keyword"]):
        return False
    if "good" in t and card.good not in t["good"] and not (
            optional and card.good in t.get("may_count_good", ())):
        return False
    if t.get("variable_vp") and not card.vp_rules:
        return False
    if "military_power" in t and not any(_plain_military(p, *t["military_power"])
                                         for p in card.powers):
        return False
    if t.get("consume_two") and not any(_consumes_two(p) for p in card.powers):
        return False
    if "power_kinds" in t and not any(p.kind in t["power_kinds"] for p in card.powers):
        return False
    return True
