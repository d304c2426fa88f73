"""The rulebook's first game: fixed start worlds 1..N and preset starting hands."""

from __future__ import annotations

import tomllib
from pathlib import Path

from .game import Game

DATA = Path(__file__).with_name("data") / "first_game.toml"


def preset_count() -> int:
    """How many players the preset hands are for."""
    return len(tomllib.loads(DATA.read_text(encoding="utf-8"))["start"])


def preset_start(game: Game, starts: list[int]) -> tuple[list[int], list[list[int]]]:
    """Start world per player and their preset hands, as card numbers of this game."""
    setups = tomllib.loads(DATA.read_text(encoding="utf-8"))["start"][: game.config.players]
    free = list(range(len(game.design)))
    taken: set[int] = set()

    def take(name: str) -> int:
        for n in free:
            if n not in taken and game.design[n].name == name:
                taken.add(n)
                return n
        raise ValueError(f"first game: no card named {name!r} in the deck")

    worlds = [take(s["world"]) for s in setups]
    hands = [[take(name) for name in s["hand"]] for s in setups]
    return worlds, hands
