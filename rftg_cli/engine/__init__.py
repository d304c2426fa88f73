"""The rules engine: pure, deterministic, no I/O. Importing it registers every rules step."""

from . import consume, develop, explore, produce, round, settle  # noqa: F401  (register tasks)
from .decision import Decision, IllegalChoice
from .game import Game
from .rules import GameConfig, Rules

__all__ = ["Decision", "Game", "GameConfig", "IllegalChoice", "Rules"]
