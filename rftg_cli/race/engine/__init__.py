"""The rules engine: pure, deterministic, no I/O. Importing it registers every rules step."""

# Importing each rules module registers its tasks.
from . import consume, develop, explore, produce, round, settle, start_worlds  # noqa: F401
from rftg_cli.decision import Decision, IllegalChoice
from .game import Game
from rftg_cli.config import GameConfig
from .rules import Rules

__all__ = ["Decision", "Game", "GameConfig", "IllegalChoice", "Rules"]
