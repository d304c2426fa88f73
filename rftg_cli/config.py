"""The configuration of one game: what the player asked for, and what a save stores.

Every ruleset is created from one; the card game's plugins turn it into its `Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

# The edition of the rules a new game is played under. A save keeps the edition its game
# began with, so a rule made exact later (one that changes which card is drawn when) does
# not change how an older game replays. 1: the fixed order of Produce powers; 2: the player
# orders them (`race.engine.produce`); 3: a good produced on a world of any kind has one
# kind for that Produce phase's powers (`race.engine.produce.fix_kinds`); 4: its owner may
# name it another kind to keep its good from a consume power of one kind
# (`race.engine.consume.NAMED_KIND`).
EDITION = 4

@dataclass(frozen=True)
class GameConfig:
    players: int = 2
    names: tuple[str, ...] = ()
    expansions: tuple[str, ...] = ()      # enabled expansion names
    first_game: bool = False              # rulebook's fixed start worlds and preset hands
    options: tuple[tuple[str, str], ...] = ()   # expansion options: (key, value) pairs
    edition: int = EDITION                # the rules' edition (`EDITION`)

    def option(self, key: str, default: str = "") -> str:
        return dict(self.options).get(key, default)

    def player_names(self) -> tuple[str, ...]:
        names = list(self.names[: self.players])
        names += [f"Player {i + 1}" for i in range(len(names), self.players)]
        return tuple(names)

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "names": list(self.player_names()),
            "expansions": list(self.expansions),
            "first_game": self.first_game,
            "options": dict(self.options),
            "edition": self.edition,
        }

    @classmethod
    def from_dict(cls, data: dict) -> GameConfig:
        return cls(
            players=int(data["players"]),
            names=tuple(data.get("names", ())),
            expansions=tuple(data.get("expansions", ())),
            first_game=bool(data.get("first_game", False)),
            options=tuple(sorted((str(k), str(v)) for k, v in data.get("options", {}).items())),
            # A save written before editions were recorded was played under the first.
            edition=int(data.get("edition", 1)),
        )
