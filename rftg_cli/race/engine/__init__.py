"""The rules engine: pure, deterministic, no I/O. Importing it registers nothing: the base
game registers its rules steps and power kinds per game (`race.base_game`)."""

from . import consume, develop, explore, produce, round, settle, start_worlds  # noqa: F401
from rftg_cli.decision import Decision, IllegalChoice
from .game import Game
from rftg_cli.config import GameConfig
from .rules import Rules

__all__ = ["Decision", "Game", "GameConfig", "IllegalChoice", "Rules"]
