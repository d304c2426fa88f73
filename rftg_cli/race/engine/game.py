"""The card game's state: cards, players, copies and views; its rules run as tasks on the
shared driver (`rftg_cli.driver`), the steps its rules' `tasks` hold (`Rules.tasks`)."""

from __future__ import annotations

import hashlib
from collections.abc import Set as AbstractSet
from operator import attrgetter
from typing import Any

from ..cards.model import Card, CardDb
from rftg_cli.decision import IllegalChoice
from rftg_cli.driver import TaskDriver, task  # noqa: F401  (the rules modules mark steps)
from rftg_cli.errors import ConfigError
from rftg_cli.rng import Rng
from rftg_cli.ruleset import Outcome
from .actions import NO_BONUS, Bonus
from .event import Event
from .extra import StateDict
from rftg_cli.config import GameConfig
from .rules import Rules
from .state import PlayerState

# A player's counters in `Game.digest` when a game has none: the 0 saves have always held.
NO_COUNTS = (0,)
# `Game` with a door `add_NAME` for each of these counters, by their names (`with_counters`).
_WITH_COUNTERS: dict[tuple[str, ...], type] = {}


def with_counters(names: tuple[str, ...]) -> type:
    """`Game` with `game.add_NAME(player, amount, why)`, `Game.add_count` of the counter
    NAME, for each of `names` (the counters a game's plugins register): a subclass, as a
    `__getattr__` would slow every attribute of the game."""
    cls = _WITH_COUNTERS.get(names)
    if cls is None:
        doors = {f"add_{name}": _door(name) for name in names}
        cls = _WITH_COUNTERS[names] = type("Game", (Game,), {"__slots__": (), **doors})
    return cls


def _door(name: str):
    def add(self, player: int, amount: int, why: str = "") -> None:
        self.add_count(name, player, amount, why)
    add.__name__ = f"add_{name}"
    return add



class Game(TaskDriver):
    __slots__ = (
        "db", "rules", "config", "design", "powers", "by_role", "specials", "worlds",
        "developments", "start_numbers", "dealt", "rng", "deck",
        "discard_pile", "players",
        "pool", "round", "phase", "instance", "events", "record", "order", "extra",
        "bonus_phases", "memo",
    )   # and the driver's (`TaskDriver`)

    # ------------------------------------------------------------------ creation

    def __init__(self, config: GameConfig, seed: int, rules: Rules, db: CardDb,
                 *, record: bool = True) -> None:
        if rules.counters:
            self.__class__ = with_counters(tuple(rules.counters))
        self.db = db
        self.rules = rules
        self.steps = rules.tasks.steps
        self.config = config
        # One entry per physical card: its design. Card numbers are indexes into this, in an
        # order fixed by what the cards are (not where they sit in the card files), so the
        # same seed deals the same named cards after the card data is reordered: saves name
        # cards and must replay to the same game.
        (self.design, self.powers, self.by_role, self.specials, self.worlds,
         self.developments, self.start_numbers) = _deck(db, rules)
        # The (phase, role) of every power dealt: a step that needs a role no card of the
        # deck has skips looking for it in each tableau.
        self.dealt: AbstractSet[tuple[str, str]] = _dealt(self.by_role)
        # Any: a test or a plugin may put a scripted die in its place.
        self.rng: Any = Rng(seed)
        self.deck: list[int] = []
        self.discard_pile: list[int] = []
        self.players = [PlayerState(n) for n in config.player_names()]
        for p in self.players:
            p.__dict__.update(dict.fromkeys(rules.counters, 0))
        self.pool = rules.vp_per_player * config.players
        self.round = 0
        self.phase = "setup"
        self.instance = 0
        self.tasks: list[tuple] = []
        self.pending = None   # the Decision a seat must answer
        self.resume = None
        self.history: list = []                 # every answer given, in order (the save)
        self.events: list[Event] = []           # (-1 public or player index, text)
        self.record = record
        self.over = False
        self.order: tuple[int, ...] = tuple(range(config.players))
        self.extra = StateDict()                # expansion state (engine.extra)
        self.bonus_phases: list[tuple[str, int]] = []
        # Values a seat derives from the position, keyed by what they depend on (the AI's
        # estimate of the rounds left, per phase). Not part of the state: a copy starts empty.
        self.memo: dict = {}
        self.tasks.append(("setup",))
        self.run()

    # ------------------------------------------------------------------ copies and views

    def copy(self, *, record: bool = False) -> Game:
        cls = type(self)
        new = cls.__new__(cls)
        new.db = self.db
        new.rules = self.rules
        new.config = self.config
        new.design = self.design
        new.powers, new.by_role, new.specials = self.powers, self.by_role, self.specials
        new.worlds, new.developments = self.worlds, self.developments
        new.start_numbers = self.start_numbers
        new.dealt = self.dealt
        new.rng = self.rng.copy()
        new.deck = self.deck.copy()
        new.discard_pile = self.discard_pile.copy()
        new.players = [p.copy() for p in self.players]
        new.pool = self.pool
        new.round = self.round
        new.phase = self.phase
        new.instance = self.instance
        self.copy_driver(new)
        new.events = self.events.copy() if record else []
        new.record = record
        new.order = self.order
        new.extra = self.extra.copy()
        new.bonus_phases = self.bonus_phases.copy()
        new.memo = {}
        return new

    def digest(self) -> str:
        """A fingerprint of the whole state: equal digests mean the same position."""
        h = hashlib.sha256()
        h.update((repr((self.deck, self.discard_pile, self.pool, self.round, self.phase,
                        self.over))[:-1] + ", " + self.extra.digest_text() + ")").encode())
        names = tuple(self.rules.counters)
        for p in self.players:
            counts = [p.count(name) for name in names] if names else NO_COUNTS
            h.update(repr((p.hand, p.tableau, sorted(p.goods.items()), p.vp, counts[0],
                           p.actions) + tuple(counts[1:]) + ((sorted(p.spent),) if p.spent else ())
                          + ((p.start_worlds,) if p.start_worlds else ())).encode())
        return h.hexdigest()[:16]

    # ------------------------------------------------------------------ answers

    def decision(self):
        """The pending decision; IllegalChoice when there is none."""
        if self.pending is None:
            raise IllegalChoice("the game is over" if self.over else "no decision is pending")
        return self.pending

    def answer_text(self, answer) -> str:
        """The text form of an answer to the pending decision: `settle "New Sparta"`."""
        from .notation import answer_text
        return answer_text(self, self.decision(), answer)

    def parse_answer(self, text: str):
        """The answer to the pending decision that a text form names (IllegalChoice if none)."""
        from .notation import parse_answer
        return parse_answer(self, self.decision(), text)

    def names_secret(self, text: str, player: int) -> bool:
        """Whether an answer's text form names a card `player` holds out of the other seats'
        sight: in its hand, among the cards it explores, its start worlds not yet revealed
        (`why` told to another seat counts such answers instead of naming them)."""
        from .notation import name_key, quoted_names

        p = self.players[player]
        held = {name_key(self.name(c)) for where in (p.hand, p.explore_seen, p.start_worlds)
                for c in where}
        return bool(quoted_names(text) & held)

    def legal_answers(self, limit: int = 10_000) -> list:
        return self.decision().legal_answers(limit)

    def sample_answer(self, rng):
        return self.decision().sample_answer(rng)

    # ------------------------------------------------------------------ cards

    def card(self, number: int) -> Card:
        return self.design[number]

    def name(self, number: int) -> str:
        return self.design[number].name

    def draw(self, count: int) -> list[int]:
        """Draw from the deck; the moment it runs out the discard pile becomes the new deck
        (rulebook "FIN DE TOUR, CARTES ET JETONS": « remélangez immédiatement »), so cards
        discarded later in the same phase wait for the next reshuffle."""
        deck = self.deck
        if 0 <= count < len(deck):      # the deck does not run out: its top cards, in order
            top = deck[:-count - 1:-1]
            del deck[len(deck) - count:]
            return top
        out: list[int] = []
        for _ in range(count):
            if not deck:
                # The deck ran out while the discard pile was empty: cards discarded since.
                self.reshuffle()
            if not deck:
                break
            out.append(deck.pop())
            if not deck:
                self.reshuffle()
        return out

    def reshuffle(self) -> None:
        """The discard pile, shuffled, becomes the deck."""
        if not self.discard_pile:
            return
        self.deck.extend(self.discard_pile)
        self.discard_pile.clear()
        self.rng.shuffle(self.deck)
        self.log(-1, "The discard pile is reshuffled into a new deck.")

    def draw_to_hand(self, player: int, count: int, why: str = "") -> None:
        if count <= 0:
            return
        cards = self.draw(count)
        self.players[player].hand.extend(cards)
        if self.record and cards:
            who = self.players[player].name
            self.log(-1, f"{who} draws {len(cards)}" + (f" ({why})" if why else "") + ".")
            self.log(player, "You draw " + ", ".join(self.name(c) for c in cards) + ".")

    def discard_from_hand(self, player: int, cards) -> None:
        hand = self.players[player].hand
        for c in cards:
            hand.remove(c)
            self.discard_pile.append(c)

    def gain_vp(self, player: int, amount: int, why: str = "") -> None:
        """VP chips from the pool; when it runs dry the round still pays in full (rulebook)."""
        if amount <= 0:
            return
        self.players[player].vp += amount
        self.pool = max(0, self.pool - amount)
        if self.record:
            self.log(-1, f"{self.players[player].name} gains {amount} VP"
                         + (f" ({why})" if why else "") + ".")

    def add_count(self, name: str, player: int, amount: int, why: str = "") -> None:
        """Gain (amount > 0) or spend (amount < 0) of `player`'s counter `name`: the one door
        for every change, so a plugin that watches it hears each one through its steps in
        `rules.counters` at the moment it happens (a leader tile that changes hands
        « immédiatement »)."""
        if not amount:
            return
        p = self.players[player]
        held = p.count(name)
        if held + amount < 0:
            raise ValueError(f"{p.name} has {held} {name}, cannot spend {-amount}")
        setattr(p, name, held + amount)
        if self.record:
            verb = "gains" if amount > 0 else "spends"
            self.log(-1, f"{p.name} {verb} {abs(amount)} {name}"
                         + (f" ({why})" if why else "") + ".")
        for step in self.rules.counters.get(name, ()):
            step(self, player, amount)

    def log(self, who: int, text: str, kind: str = "", about: int = -1,
            told: str = "") -> None:
        """Log a line (`Event`: a move told in two lines gives both a `kind`)."""
        if self.record:
            self.events.append(Event(who, text, kind, about, told))

    # ------------------------------------------------------------------ powers

    def power_handlers(self, player: int, phase: str, role: str, whole_tableau=False):
        """(card, index, power, handler) for the active powers of `phase` that act in `role`
        (see `engine.powers`); `whole_tableau`: every card in the tableau now (scoring). The
        active powers' lookups are made once for each tableau a phase begins with."""
        p = self.players[player]
        if whole_tableau:
            by_role, key = self.by_role, (phase, role)
            return [found for c in p.tableau for found in by_role[c].get(key, ())]
        before, cache = p.handlers
        if before is not p.active:      # a new phase with another tableau (`PlayerState`)
            cache = self._lookups(p)
        return cache.get((phase, role), ())

    def lookups(self, player: int) -> dict[tuple[str, str], tuple]:
        """(phase, role) -> `power_handlers(player, phase, role)`, for a step that looks up
        several roles."""
        p = self.players[player]
        before, cache = p.handlers
        return cache if before is p.active else self._lookups(p)

    def _lookups(self, p: PlayerState) -> dict[tuple[str, str], tuple]:
        """The power lookups of the tableau a phase began with (`PlayerState.handlers`).
        Cards are placed at the end of a tableau: when the tableau the lookups were made for
        begins this one, only the new cards are looked up."""
        before, cache = p.handlers
        active = p.active
        kept = len(before) if active[:len(before)] == before else 0
        cache = dict(cache) if kept else {}
        by_role = self.by_role
        for c in active[kept:]:
            for lookup, found in by_role[c].items():
                cache[lookup] = cache.get(lookup, ()) + found
        p.handlers = (active, cache)
        return cache

    def with_power(self, players, phase: str, role: str) -> list[int]:
        """The players among `players` with an active power of `phase` acting in `role`: a
        step only they need is scheduled for them alone."""
        if (phase, role) not in self.dealt:
            return []
        return [p for p in players if self.power_handlers(p, phase, role)]

    def power_total(self, player: int, phase: str, role: str, *args) -> int:
        """The sum of what the active powers acting in `role` return."""
        p = self.players[player]
        before, cache = p.handlers      # `power_handlers`, without a call
        if before is not p.active:
            cache = self._lookups(p)
        total = 0
        for c, _, power, fn in cache.get((phase, role), ()):
            total += fn(self, player, c, power, *args)
        return total

    def power_effects(self, player: int, phase: str, role: str, *args) -> None:
        """Let every active power acting in `role` do its effect, in tableau order."""
        p = self.players[player]
        before, cache = p.handlers      # `power_handlers`, without a call
        if before is not p.active:
            cache = self._lookups(p)
        for c, _, power, fn in cache.get((phase, role), ()):
            fn(self, player, c, power, *args)

    def has_special(self, player: int, flag: str) -> bool:
        """Does a card in this player's tableau now carry the rule flag `flag` (its
        `specials`: "discard_to_12", "game_end_14", ...)?"""
        cards = self.specials.get(flag)
        return cards is not None and not cards.isdisjoint(self.players[player].tableau)

    def bonus(self, player: int, phase: str, instance: int = 0) -> Bonus:
        """The selector's `Bonus` this player gets in this phase instance."""
        p = self.players[player]
        actions, table = p.bonuses
        if actions is not p.actions:       # cards chosen since (`PlayerState.bonuses`)
            table = self.rules.bonuses(p.actions)
            p.bonuses = (p.actions, table)
        return table.get((phase, instance), NO_BONUS)

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> dict:
        """What this seat may see: its own hand, every tableau and public count."""
        from .view import player_view
        return player_view(self, player)

    def determinize(self, player: int, rng) -> Game:
        """A copy in which what `player` cannot see is dealt anew (`engine.determinize`)."""
        from .determinize import determinize
        return determinize(self, player, rng)

    def public_events(self, player: int) -> list[str]:
        return [text for who, text in self.events if who in (-1, player)]

    def outcome(self, seats: list[str] | None = None) -> Outcome:
        """The standings of every seat (of the kinds `seats` names) and of every opponent
        that is not a seat, and, once the game is over, the winners and why it ended."""
        from .outcome import outcome
        return outcome(self, seats)


# What a game's deck is and how its powers are looked up depends only on the card data, the
# card sets and extra cards, and the registered handlers: computed once for each of those.
_DECKS: dict[tuple, tuple] = {}
_DECK_MEMOS: dict[int, dict] = {}


def deck_memo(game: Game) -> dict:
    """A dict for what depends only on the deck's card designs. A deck's `Game.design` is
    one tuple shared by its games and kept for the program's life (`_deck`), so its id
    names the deck."""
    found = _DECK_MEMOS.get(id(game.design))
    if found is None:
        found = _DECK_MEMOS[id(game.design)] = {}
    return found


def _deck(db: CardDb, rules: Rules) -> tuple[tuple[Card, ...], list, list, dict,
                                             frozenset[int], frozenset[int], tuple[int, ...]]:
    """The deck's designs (`deck_designs`), power lookups (`_powers_by_phase`), the card
    numbers carrying each rule flag, the numbers of its worlds and of its developments (the
    steps that look for them in a hand test a number) and of its start worlds, in order; a
    ConfigError if a card has a power kind no plugin handles."""
    key = (id(db), frozenset(rules.card_sets), tuple((id(c), n) for c, n in rules.extra_cards),
           tuple(map(attrgetter("handled"), rules.powers.kinds.values())))
    found = _DECKS.get(key)
    if found is None:
        design = deck_designs(db, rules)
        missing = rules.powers.unhandled({id(c): c for c in design}.values())
        if missing:
            name, phase, kind = missing[0]
            raise ConfigError(f"{name} has the {phase} power {kind!r}, which no plugin of "
                              "this game handles: turn off the card set that holds it")
        if len(_DECKS) >= 64:
            _DECKS.clear()
        specials: dict[str, set[int]] = {}
        for number, card in enumerate(design):
            for flag in card.specials:
                specials.setdefault(flag, set()).add(number)
        found = _DECKS[key] = (
            design, *_powers_by_phase(design, rules.powers),
            {flag: frozenset(cards) for flag, cards in specials.items()},
            frozenset(n for n, card in enumerate(design) if card.is_world),
            frozenset(n for n, card in enumerate(design) if card.is_development),
            tuple(n for n, card in enumerate(design) if card.is_start_world))
    return found


_DEALT: dict[int, tuple[list, frozenset]] = {}


def _dealt(by_role: list[dict]) -> frozenset[tuple[str, str]]:
    """The (phase, role) keys of a deck's power lookups (found once for each deck's)."""
    found = _DEALT.get(id(by_role))
    if found is None or found[0] is not by_role:
        if len(_DEALT) >= 64:
            _DEALT.clear()
        found = _DEALT[id(by_role)] = (by_role, frozenset(k for roles in by_role for k in roles))
    return found[1]


def deck_designs(db: CardDb, rules: Rules) -> tuple[Card, ...]:
    """One design per physical card of the game's sets and its plugins' cards, in a
    canonical order (name, then set)."""
    copies = [db[i] for i in db.deck_copies(rules.card_sets)]
    copies += [card for card, n in rules.extra_cards for _ in range(n)]
    return tuple(sorted(copies, key=lambda card: (card.name.casefold(), card.name, card.set)))


def _powers_by_phase(design: tuple[Card, ...], registry) -> tuple[list, list]:
    """For each card number: phase -> ((power index, power, its PowerKind), ...), and
    (phase, role) -> ((card number, power index, power, handler), ...): the lookups of every
    power call."""
    cache: dict[int, dict] = {}
    by_phase, by_role = [], []
    for number, card in enumerate(design):
        phases = cache.get(id(card))
        if phases is None:
            found: dict[str, list] = {}
            for idx, power in enumerate(card.powers):
                kind = registry.kinds[(power.phase, power.kind)]
                found.setdefault(power.phase, []).append((idx, power, kind))
            phases = cache[id(card)] = {k: tuple(v) for k, v in found.items()}
        roles: dict[tuple[str, str], list] = {}
        for phase, powers in phases.items():
            for idx, power, kind in powers:
                for role, fn in kind.roles.items():
                    if kind.acts(role, power):
                        roles.setdefault((phase, role), []).append((number, idx, power, fn))
        by_phase.append(phases)
        by_role.append({k: tuple(v) for k, v in roles.items()})
    return by_phase, by_role
