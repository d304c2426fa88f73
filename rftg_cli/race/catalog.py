"""The card game's catalog: `rftg cards [QUERY] [--set SET] [--type world|development]
[--json]`, registered as `Ruleset.catalog` (the command itself is the host's).

One match shows the whole card (a rich panel, border coloured by its goods kind); several show
a table; `--json` gives one object per design for scripts. Outside a game the catalog holds
the cards and power kinds of every installed expansion.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import ClassVar

from rftg_cli.errors import ConfigError
from rftg_cli.ui.escape import shown
from rftg_cli.words import plural

from .base_game import every_expansion, shipped_cards
from .cards.loader import CardDataError
from .cards.model import SETS, Card, Power
from .cards.text import (
    SPECIAL_TEXT,
    card_summary,
    cost_text,
    good_text,
    keyword_label,
    power_text,
    powers_by_phase,
    type_text,
    vp_rule_text,
    vp_text,
)

TYPES = ("world", "development")
SET_TITLES = {
    "base": "Base game",
    "tgs": "The Gathering Storm",
    "rvi": "Rebel vs Imperium",
    "bow": "The Brink of War",
    "promo": "Promo start worlds",
}
# Card colours of the printed goods kinds.
GOOD_STYLE = {"novelty": "cyan", "rare": "dark_orange3", "gene": "green", "alien": "yellow",
              "any": "magenta"}


def select(cards: tuple[Card, ...], query: str | None, card_set: str | None,
           card_type: str | None) -> list[Card]:
    """The designs matching the filters and QUERY (a case-insensitive part of the name).

    When several names contain QUERY but exactly one design is named QUERY exactly, that one
    is the answer: `rftg cards "Mining World"` shows Mining World, not also Bio-Hazard
    Mining World.
    """
    found = [c for c in cards
             if (card_set is None or c.set == card_set)
             and (card_type is None or c.type == card_type)]
    if query:
        needle = query.strip().casefold()
        found = [c for c in found if needle in c.name.casefold()]
        exact = [c for c in found if c.name.casefold() == needle]
        if len(exact) == 1:
            return exact
    return found


def copies_text(card: Card) -> str:
    """'2 (3 with The Gathering Storm)', '1 (none with Rebel vs Imperium)'."""
    extras = []
    for other, extra in card.copies_with:
        total = card.copies + extra
        extras.append(f"{total if total else 'none'} with {SET_TITLES[other]}")
    return f"{card.copies} ({'; '.join(extras)})" if extras else str(card.copies)


def power_json(power: Power, card: Card, rules) -> dict:
    """One power as plain JSON data: every model field, each counter of `rules` under its
    own name, and its English text (in the words of `rules.powers`)."""
    data = asdict(power)
    counts = dict(data.pop("counts"))
    flags = data.pop("flags")
    return {**data, **{name: counts.get(name, 0) for name in rules.counters},
            "flags": list(flags), "text": power_text(power, card, rules.powers)}


def card_json(card: Card, rules) -> dict:
    """One design as plain JSON data: every model field, with English text for its powers
    (in the words of `rules`: every installed expansion's)."""
    kinds = rules.powers
    return {
        "id": card.id,
        "name": card.name,
        "set": card.set,
        "type": card.type,
        "cost": card.cost,
        "vp": None if card.vp_rules else card.vp,
        "printed_vp": card.vp,
        "copies": card.copies,
        "copies_with": dict(card.copies_with),
        "military": card.military,
        "good": card.good or None,
        "windfall": card.windfall,
        "start_number": card.start_number,
        "start_color": card.start_color or None,
        "keywords": list(card.keywords),
        "specials": list(card.specials),
        "powers": [power_json(p, card, rules) for p in card.powers],
        "vp_rules": [{**asdict(r), "text": vp_rule_text(r)} for r in card.vp_rules],
        "summary": card_summary(card, kinds),
        "keldon_index": card.keldon_index,
    }


def card_panel(card: Card, rules):
    """The whole card as a rich panel: title = name, subtitle = cost and VP."""
    from rich.console import Group
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold")
    facts.add_column()
    facts.add_row("Type", type_text(card))
    facts.add_row("Defense" if card.military else "Cost", str(card.cost))
    facts.add_row("VP", vp_text(card))
    if card.good:
        facts.add_row("Good", good_text(card))
    facts.add_row("Set", f"{SET_TITLES[card.set]} ({card.set})")
    facts.add_row("Copies", copies_text(card))
    if card.keywords:
        facts.add_row("Keywords", ", ".join(keyword_label(k, rules.keywords)
                                            for k in card.keywords))
    for special in card.specials:
        facts.add_row("Special", SPECIAL_TEXT[special])
    parts: list = [facts]
    if card.powers:
        powers = Table.grid(padding=(0, 1))
        powers.add_column(justify="right", style="bold")
        powers.add_column()
        for power in card.powers:
            numeral, _, body = power_text(power, card, rules.powers).partition(": ")
            powers.add_row(f"{numeral}:", body)
        parts += [Text("\nPowers", style="bold"), Padding(powers, (0, 0, 0, 2))]
    if card.vp_rules:
        rules = Table.grid()
        rules.add_column()
        for rule in card.vp_rules:
            rules.add_row(vp_rule_text(rule))
        parts += [Text("\nEnd-game VP (each card scores by the first line it matches)",
                       style="bold"), Padding(rules, (0, 0, 0, 2))]
    style = GOOD_STYLE.get(card.good, "red" if card.military else "white")
    return Panel(Group(*parts), title=Text(card.name, style="bold"),
                 subtitle=f"{cost_text(card)} · {vp_text(card)}", border_style=style,
                 expand=False)


def short_type(card: Card) -> str:
    """The type for a table cell: 'dev', 'world', 'military', 'start 3 red'."""
    if card.is_start_world:
        number = "" if card.start_number is None else f" {card.start_number}"
        return f"start{number} {card.start_color}"
    if card.is_development:
        return "dev"
    return "military" if card.military else "world"


def card_table(cards: list[Card], kinds):
    """Several cards as one rich table."""
    from rich.table import Table

    table = Table(title=plural(len(cards), "card"), title_justify="left")
    table.add_column("Name", style="bold", overflow="fold")
    table.add_column("Set")
    table.add_column("Type")
    table.add_column("Cost", justify="right")
    table.add_column("VP", justify="right")
    table.add_column("Good", overflow="fold")
    table.add_column("Powers", overflow="fold", ratio=1)
    for card in cards:
        table.add_row(
            card.name, card.set, short_type(card), str(card.cost),
            "?" if card.vp_rules else str(card.vp), good_text(card) or "-",
            powers_by_phase(card, kinds) or "-",
            style=GOOD_STYLE.get(card.good) if card.good else None,
        )
    return table


class Catalog:
    """What `rftg cards` asks of the card game (`Ruleset.catalog`)."""

    filters: ClassVar[dict[str, tuple[str, ...]]] = {"set": SETS, "type": TYPES}

    def find(self, query: str | None, filters: dict[str, str | None]) -> list[Card]:
        """The designs `query` and the `filters` (checked values) match; `ConfigError` when
        the card data or a plugin's power kinds are broken."""
        try:
            db = shipped_cards()
            rules = every_expansion()
        except CardDataError as exc:
            raise ConfigError(f"card data is broken: {exc}") from exc
        return select(db.in_sets(rules.card_sets), query, filters.get("set"),
                      filters.get("type"))

    def missing(self, query: str | None, filters: dict[str, str | None]) -> str:
        """The line that says nothing matched."""
        words = "".join(f" {name} {filters[key]}" for key, name in
                        (("set", "in set"), ("type", "of type")) if filters.get(key))
        if query:
            return (f"No card{words} matches {shown(query, 60)}; try part of a name, e.g. "
                    "`rftg cards earth`.")
        return f"No card{words} exists; try other filters."

    def as_json(self, found: list[Card]) -> list[dict]:
        rules = every_expansion()
        return [card_json(c, rules) for c in found]

    def show(self, found: list[Card]):
        """One card whole, or a table of several (a rich renderable)."""
        rules = every_expansion()
        return card_panel(found[0], rules) if len(found) == 1 else card_table(found,
                                                                              rules.powers)


CATALOG = Catalog()
