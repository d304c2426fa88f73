"""The power registry: every card power kind with the handlers that make it act.

A power kind is declared once, beside its handlers, by the plugin that owns it, and registered
per game through the rules (the base game registers its own in `rftg_configure_rules`, like
any expansion), as a `PowerKind`: its phase, its kind, one line saying what it does, the
sentence a player reads on the card (`text`), and its *roles*: the named points of its
phase where it acts, each with a handler. The phase modules never test a kind; they ask the
registry for the handlers of a role (`Game.power_total`, `Game.power_effects`,
`Game.power_handlers`).

Roles and handler signatures (`card` is the tableau card holding the power, `power` its
`Power` record, `idx` its index on the card):

explore  draw(game, player, card, power) -> int      extra cards drawn
         keep(game, player, card, power) -> int      extra cards kept
         mix(game, player, card, power) -> bool      hand cards may be discarded with them
         start(game, player, card, power)            at the start of the phase, before drawing
develop  cost(game, player, card, power, target) -> int   reduction of a development's cost
         discount(game, player, card, power, target) -> int  an optional reduction the
                                                     player chooses after the reveal
         start(game, player, card, power)            at the start of the phase
         placed(game, player, card, power, placed)   after placing a development
settle   military(game, player, card, power, world) -> int  military (world None: general)
         reduce(game, player, card, power, world) -> int    reduction of a world's cost
         boost(game, player, card, power) -> int     one-shot military chosen with a world
         free(game, player, card, power, world) -> bool     place this world for 0 cards
         pay_military(game, player, card, power, world) -> int | None  pay for a military
                                                     world with cards: the discount, or None
         hand_military(game, player, card, power) -> int  cards it lets the player discard
                                                     from hand this phase, +1 military each
         conquer(game, player, card, power, world) -> int | None  conquer this non-military
                                                     world: the military added, or None
         pay_discount(game, player, card, power, world) -> int  more off a pay-for-military
         again(game, player, card, power) -> bool    may place one more world, any way
         extra_military(game, player, card, power) -> bool  may conquer one more military
                                                     world (a one-shot power)
         placed(game, player, card, power, placed)   after placing a world
consume  start(game, player, card, power)            before the player consumes
         use(game, player, card, idx, power) -> (details, mandatory)  ways to use it now
         apply(game, player, card, idx, power, detail)  use it
         trade_value(game, player, card, power, world) -> int   extra cards for a trade
         no_trade(game, player, card, power) -> bool  this card's good may not be traded
produce  produce(game, player, card, power)          production, in tableau order
         paid(game, player, card, power) -> bool     may discard a card to produce here
         windfall(game, player, card, idx, power) -> (good, exclude, optional) | None
         draw(game, player, card, power) -> int      cards drawn: after everyone produced,
                                                     or when the player orders its powers
                                                     (`engine.produce.produce_next`)
         most(game, player, card, power) -> int      cards drawn at the end of the phase,
                                                     comparing players ("most produced")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType


@dataclass(frozen=True)
class PowerKind:
    phase: str
    kind: str
    description: str                                  # what it does, one line
    roles: Mapping[str, Callable] = field(default_factory=dict)
    # A Trade ($) power of the Consume phase (rulebook « Exemples de pouvoirs de Vente »):
    # cards that count Trade powers count it, cards that count Consume powers do not
    # (« Les pouvoirs de Vente ne sont pas considérés comme des pouvoirs de Consommation »).
    trade: bool = False
    # Roles in which some powers of the kind give nothing in any position (a military power
    # paid with a good adds no standing military): role -> the test of the powers it acts
    # for. A deck's lookups leave the others out of the role, so they are never called.
    acts_for: Mapping[str, Callable] = field(default_factory=dict)
    # What a deck's power lookups take from this kind (`engine.game._deck`): its phase, kind
    # and handlers, found once.
    handled: tuple = field(init=False, repr=False, compare=False)
    # What a player reads (without the phase numeral): a template of the power's fields
    # ("gain {value} VP") or a function (power, card) -> str, `card` (or None) giving the
    # world's own goods kind.
    text: str | Callable = field(kw_only=True)

    def __post_init__(self) -> None:
        roles = dict(self.roles)
        object.__setattr__(self, "roles", MappingProxyType(roles))
        object.__setattr__(self, "acts_for", MappingProxyType(dict(self.acts_for)))
        object.__setattr__(self, "handled", (
            self.phase, self.kind, tuple((r, id(fn)) for r, fn in roles.items()),
            tuple((r, id(test)) for r, test in self.acts_for.items())))

    def says(self, power, card=None) -> str:
        """The player-facing text of this power of the kind."""
        if callable(self.text):
            return self.text(power, card)
        return self.text.format_map({f.name: getattr(power, f.name) for f in fields(power)})

    def acts(self, role: str, power) -> bool:
        """Does this power of the kind act in `role` (see `acts_for`)?"""
        test = self.acts_for.get(role)
        return test is None or test(power)


class PowerRegistry:
    """The power kinds of one game, and the flags its cards' powers may carry, filled by the
    plugins while its rules are built."""

    def __init__(self) -> None:
        self.kinds: dict[tuple[str, str], PowerKind] = {}
        # A flag of the card data (a word that modifies a power, `Power.flags`) -> the note a
        # power's text ends with when it carries it; registered by the plugin whose rule
        # reads it (`add_flags`).
        self.flags: dict[str, str] = {}

    def copy(self) -> PowerRegistry:
        new = PowerRegistry()
        new.kinds = self.kinds.copy()
        new.flags = self.flags.copy()
        return new

    def add_flags(self, notes: Mapping[str, str]) -> None:
        """Register power flags, each with its note ("no trade bonuses")."""
        for flag, note in notes.items():
            if self.flags.setdefault(flag, note) != note:
                raise ValueError(f"power flag {flag!r} is already registered")

    def add(self, *kinds: PowerKind) -> None:
        for pk in kinds:
            key = (pk.phase, pk.kind)
            if key in self.kinds and self.kinds[key] != pk:
                raise ValueError(f"power kind {pk.kind!r} of {pk.phase} is already registered")
            self.kinds[key] = pk

    def handler(self, phase: str, kind: str, role: str) -> Callable | None:
        pk = self.kinds.get((phase, kind))
        return None if pk is None else pk.roles.get(role)

    def is_trade(self, power) -> bool:
        """Is this card power a Trade power (see `PowerKind.trade`)?"""
        pk = self.kinds.get((power.phase, power.kind))
        return pk is not None and pk.trade

    def __contains__(self, key: tuple[str, str]) -> bool:
        return key in self.kinds

    def text(self, power, card=None) -> str:
        """What a card power does, in the words of its kind (`PowerKind.says`), then the
        notes of its flags: '-2 military (only if you have an Imperium card)'."""
        text = self.kinds[(power.phase, power.kind)].says(power, card)
        notes = [self.flags[f] for f in power.flags if f in self.flags]
        return f"{text} ({'; '.join(notes)})" if notes else text

    def allow_unplayed(self, designs, why: str) -> None:
        """Register the kinds of `designs` that nothing handles as inert, for a game whose
        phases are never played (the score calculator) or whose tests concern something
        else; a game that is played must never call this."""
        for _, phase, kind in self.unhandled(designs):
            self.add(PowerKind(phase, kind, why, text=why))

    def unhandled(self, designs) -> list[tuple[str, str, str]]:
        """(card name, phase, kind) for every power no plugin handles, one per kind."""
        out: dict[tuple[str, str], str] = {}
        for card in designs:
            for power in card.powers:
                key = (power.phase, power.kind)
                if key not in self.kinds and key not in out:
                    out[key] = card.name
        return [(name, phase, kind) for (phase, kind), name in out.items()]
