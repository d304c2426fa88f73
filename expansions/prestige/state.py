"""The Prestige leader tile, kept in `game.extra["prestige"]`.

Contenders are the seats, then the opponents that are not seats but have prestige (the
solitaire robot: `OFFER_PRESTIGE`), numbered in that order.
"""

from __future__ import annotations

KEY = "prestige"
# Each player's prestige: the card game's per-player counter of that name (`rules.counters`).
COUNTER = "prestige"
# What an opponent that is not a seat offers to contend for the tile (`Opponent.offers`):
# OFFER_PRESTIGE(game) -> its prestige; OFFER_LEADER_BONUS(game, full) gives it its own
# start-of-round bonus as sole leader (`full`: the bonus for a leader with prestige on the tile).
OFFER_PRESTIGE, OFFER_LEADER_BONUS = "prestige", "leader_bonus"


class PrestigeState:
    __slots__ = ("leader", "tied", "on_tile", "phase_start", "phase_gained", "round_start",
                 "paid_round")

    def __init__(self, contenders: int = 0) -> None:
        self.leader = -1             # the sole leader holding the tile, ">" up; -1: in the middle
        self.tied = False            # in the middle, "=" up: two or more tied for the most
        self.on_tile = 0             # the leader's prestige placed on the tile
        self.phase_start = (0,) * contenders   # each contender's prestige when the phase began
        # ... the prestige each seat gained in this phase and has not spent since (a spending
        # takes its older prestige first): what a new leader may put on the tile
        self.phase_gained = (0,) * contenders
        self.round_start = (0,) * contenders   # ... when the round began (after its bonus)
        self.paid_round = 0          # the round whose Prestige bonuses were paid for

    @property
    def side(self) -> str:
        return "=" if self.tied else ">"

    def copy(self) -> PrestigeState:
        new = PrestigeState.__new__(PrestigeState)
        for name in self.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    def digest_part(self) -> str:
        return repr(tuple(getattr(self, name) for name in self.__slots__))

    def view(self, player: int) -> dict:
        return {"leader": self.leader, "side": self.side, "on_tile": self.on_tile}

    def hidden_card_lists(self) -> list[list[int]]:
        return []
