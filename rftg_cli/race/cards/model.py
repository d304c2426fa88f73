"""Frozen card definitions: what the TOML card files say, as Python values.

A card design is a `Card`; the deck holds `copies` of it. Powers and 6-cost VP rules are
small frozen records the engine interprets generically (one implementation per power kind).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Phases in rulebook order; the TOML and the engine use these names.
PHASES = ("explore", "develop", "settle", "consume", "produce")

# Kinds of goods and their trade prices (base rulebook: novelty 2, rare 3, gene 4, alien 5).
GOODS = ("novelty", "rare", "gene", "alien")
TRADE_PRICE = {"novelty": 2, "rare": 3, "gene": 4, "alien": 5}

SETS = ("base", "tgs", "rvi", "bow", "promo")

# A world whose goods kind is "any" (Alien Oort Cloud Refinery, The Brink of War: « Le
# type [...] est choisi au moment du placement, peut être changé n'importe quand par son
# propriétaire »): its owner may count it as whichever kind a power or VP rule asks for.
ANY_KIND = "any"


def is_kind(good: str, wanted: str) -> bool:
    """Does a world of goods kind `good` count as kind `wanted` (a world of any kind, as
    the owner chooses, counts as each)?"""
    return good == wanted or (good == ANY_KIND and wanted in GOODS)


def count_kinds(kinds) -> int:
    """Different goods kinds among `kinds`, a world of any kind counting as one missing."""
    kinds = set(kinds)
    found = kinds & set(GOODS)
    return min(len(found) + (ANY_KIND in kinds), len(GOODS))


# The keywords the base game's rules read; a plugin registers more (`Rules.keywords`).
KEYWORDS = ("rebel", "imperium", "alien", "uplift", "terraforming", "chromo")


@dataclass(frozen=True, slots=True)
class Power:
    """One power line of a card.

    phase:  one of PHASES.
    kind:   the effect, e.g. "draw", "reduce", "military", "consume", "trade_bonus", "produce".
    value:  the amount (cards, VP, discount, military...); 0 where meaningless.
    times:  uses per phase for consume powers (and a few settle powers); 0 otherwise.
    good:   goods-kind filter ("novelty", "rare", "gene", "alien", "any", "this") or "".
    against: keyword the target must carry ("rebel", "chromo") or "".
    one_shot: the card is discarded from the tableau to use the power.
    pay_with: what is spent to use it ("consume_rare", "consume_any", "hand", a counter...) or "".
    per:    what the value is counted per ("military", "chromo", "imperium", ...) or "".
    consume: for phase-4 consume powers, what one use consumes: "any", a goods kind, "this"
            (the good on this world), "three_kinds", "n_kinds", "all", a per-player counter a
            plugin registers (`Rules.counters`), or "hand" (cards discarded from hand).
    goods_per_use: goods consumed per use (2 for "consume two goods").
    vp, cards: rewards per use of a consume power.
    counts: the other rewards per use, each a per-player counter a plugin registers, by the
            counter's name: (name, amount) pairs in the card file's order (`count`).
    flags:  remaining modifiers, lower-case (e.g. "trade_no_bonus", "not_this", "if_imperium",
            "xeno"), each registered with its note (`PowerRegistry.add_flags`).
    """

    phase: str
    kind: str
    value: int = 0
    times: int = 0
    good: str = ""
    against: str = ""
    one_shot: bool = False
    pay_with: str = ""
    per: str = ""
    consume: str = ""
    goods_per_use: int = 1
    vp: int = 0
    cards: int = 0
    counts: tuple[tuple[str, int], ...] = ()
    flags: tuple[str, ...] = ()

    def count(self, name: str) -> int:
        """The counter `name` one use of this power gains (0 if none)."""
        return next((n for counter, n in self.counts if counter == name), 0)


@dataclass(frozen=True, slots=True)
class VpRule:
    """One line of a variable-VP card (mostly 6-cost developments).

    For each card in the owner's tableau the rules are tried in order and only the first that
    matches scores `points`. `match` names what a card must be ("gene_production", "devel",
    "name", "military", ...). Aggregate rules ("three_vp", "total_military", "kind_good",
    "good", "negative_military", a per-player counter's name) are computed once for the
    tableau.
    """

    points: int
    match: str
    name: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """A card design."""

    id: int                      # index of the design in the loaded database
    name: str
    set: str                     # one of SETS: where the design first appears
    type: str                    # "world" or "development"
    cost: int                    # settle/develop cost; defense for a military world
    vp: int                      # printed VP (6-cost developments print 0)
    copies: int                  # copies in the deck when its set is in play
    copies_with: tuple[tuple[str, int], ...] = ()   # extra copies (or removals) per other set
    good: str = ""               # goods kind a world holds ("" if none; "any" for Oort Cloud)
    military: bool = False
    windfall: bool = False
    start_number: int | None = None   # printed start-world number (0..15)
    start_color: str = ""        # "red" or "blue" for start worlds
    keywords: tuple[str, ...] = ()    # of KEYWORDS, or registered by a plugin
    specials: tuple[str, ...] = ()    # rule flags: "starthand_3", "discard_to_12", "game_end_14"...
    powers: tuple[Power, ...] = ()
    vp_rules: tuple[VpRule, ...] = ()
    keldon_index: int = -1

    @property
    def is_world(self) -> bool:
        return self.type == "world"

    @property
    def is_development(self) -> bool:
        return self.type == "development"

    @property
    def is_start_world(self) -> bool:
        return bool(self.start_color)

    @property
    def is_six_cost(self) -> bool:
        """A 6-cost development (some scoring rules value these by their cost)."""
        return self.type == "development" and self.cost == 6

    @property
    def variable_vp(self) -> bool:
        return bool(self.vp_rules)

    @property
    def produces(self) -> bool:
        return any(p.phase == "produce" and p.kind == "produce" for p in self.powers)

    def has_keyword(self, word: str) -> bool:
        return word in self.keywords


@dataclass(frozen=True)
class CardDb:
    """Every card design loaded, indexed by id and by (case-folded) name."""

    cards: tuple[Card, ...]
    by_name: dict[str, tuple[Card, ...]] = field(default_factory=dict, compare=False)

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, card_id: int) -> Card:
        return self.cards[card_id]

    def named(self, name: str, card_set: str | None = None) -> Card:
        """The design with this exact name (case-insensitive); KeyError if none."""
        found = self.by_name.get(name.casefold(), ())
        if card_set is not None:
            found = tuple(c for c in found if c.set == card_set)
        if not found:
            raise KeyError(name)
        return found[0]

    def in_sets(self, sets: frozenset[str] | set[str]) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.set in sets)

    def deck_copies(self, sets: frozenset[str] | set[str]) -> list[int]:
        """Card ids in a deck built from these sets, one entry per copy (start worlds included)."""
        deck: list[int] = []
        for card in self.cards:
            if card.set not in sets:
                continue
            n = card.copies + sum(k for s, k in card.copies_with if s in sets)
            deck.extend([card.id] * n)
        return deck
