"""Per-player state. Plain mutable containers, copied cheaply by `PlayerState.copy`.

Besides its fixed fields a player holds the counters plugins register (`Rules.counters`),
each an int attribute named for it in the instance's `__dict__`, read with `count`."""

from __future__ import annotations

from typing import Any


class PlayerState:
    __slots__ = (
        "name", "hand", "tableau", "goods", "vp", "actions", "active",
        "used", "military_bonus", "produced", "produced_as", "placing", "placed", "discarded_at_end",
        "explore_seen", "spent", "start_worlds", "handlers", "bonuses", "settle_ways",
        "shown", "kept", "__dict__",
    )

    def __init__(self, name: str) -> None:
        self.name = name
        self.hand: list[int] = []
        self.tableau: list[int] = []          # cards in the order they were placed
        self.goods: dict[int, int] = {}        # world card -> the face-down card that is its good
        self.vp = 0                            # VP chips
        self.actions: tuple[str, ...] = ()    # action cards chosen this round
        # The action cards chosen in each round so far, as revealed: public, what every
        # seat has seen (the AI guesses a seat's next choice from them).
        self.shown: tuple[tuple[str, ...], ...] = ()
        self.active: tuple[int, ...] = ()     # tableau at the start of the phase: powers that act
        self.used: set = set()                 # (card, power index) used this phase
        self.military_bonus = 0                # temporary military until the end of the phase
        self.produced: list[int] = []          # worlds that got a good this Produce phase
        # The kind a good produced this phase on a world of any kind has for the phase's
        # Produce powers, once fixed (`engine.produce.fix_kinds`): world -> kind.
        self.produced_as: dict[int, str] = {}
        # What was chosen face down (Develop: a card; Settle: an option tuple), -1 none.
        self.placing: Any = -1
        self.placed: list[int] = []            # cards placed this phase
        # Settle: the ways of each world found when this seat chose face down this phase:
        # (costs, ways) as that decision's info has them, and what they were computed from
        # (`engine.settle._revealed_costs`).
        self.settle_ways: tuple[dict, dict, tuple] | None = None
        self.discarded_at_end = 0
        self.explore_seen: list[int] = []      # cards drawn this Explore, waiting for the keep
        # The cards kept in this round's Explore (some may have left the hand since): what a
        # payment default spends last. Known to this seat alone; outside `Game.digest`, as
        # replaying the answers rebuilds it.
        self.kept: tuple[int, ...] = ()
        self.spent: frozenset[str] = frozenset()   # once-per-game action cards already used
        # Start-world choice: the red and the blue start world dealt, then the one kept, face
        # down until every seat has chosen (`engine.round`).
        self.start_worlds: list[int] = []
        # `Game.power_handlers`' lookups for the cards of `active`: (active, {(phase, role):
        # handlers}). Valid while `active` is that very tuple: assigning `active` (a new
        # phase with a changed tableau) invalidates it. Its entries depend on `active` only,
        # so copies of a game share it.
        self.handlers: tuple[tuple[int, ...], dict] = (self.active, {})
        # `Game.bonus`' table for the action cards of `actions`: (actions, table), valid
        # while `actions` is that very tuple (the cards are chosen anew each round).
        self.bonuses: tuple[tuple[str, ...], dict] = (self.actions, {})

    def count(self, name: str) -> int:
        """The player's counter `name` (`Rules.counters`), 0 where the game has none."""
        return self.__dict__.get(name, 0)

    def copy(self) -> PlayerState:
        new = PlayerState.__new__(PlayerState)
        new.name = self.name
        new.hand = self.hand.copy()
        new.tableau = self.tableau.copy()
        new.goods = self.goods.copy()
        new.vp = self.vp
        if self.__dict__:                      # the registered counters: ints
            new.__dict__.update(self.__dict__)
        new.actions = self.actions
        new.shown = self.shown
        new.active = self.active
        new.used = self.used.copy()
        new.military_bonus = self.military_bonus
        new.produced = self.produced.copy()
        new.produced_as = self.produced_as.copy() if self.produced_as else {}
        new.placing = self.placing
        new.placed = self.placed.copy()
        new.settle_ways = self.settle_ways      # never changed, only replaced
        new.discarded_at_end = self.discarded_at_end
        new.explore_seen = self.explore_seen.copy()
        new.kept = self.kept                    # never changed, only replaced
        new.spent = self.spent
        new.start_worlds = self.start_worlds.copy()
        new.handlers = self.handlers
        new.bonuses = self.bonuses
        return new
