"""The game a bench script's expansion flags and options ask for, as `rftg simulate` reads
them (`--bow`, `--goals off`, ...; each option's default where none is given)."""

from __future__ import annotations

import sys

from rftg_cli.commands.simulate import game_configs
from rftg_cli.plugins import make_registry, ruleset_of


def game_setup(players: int, extra_args: list[str]):
    """(the registry, the game's config, a label such as '4 players, bow tgs rvi ...')."""
    registry = make_registry(plugins_dir=False)
    config = game_configs([], extra_args, players, registry)[0]
    label = f"{players} players" + (", " + " ".join(config.expansions)
                                    if config.expansions else "")
    return registry, config, label


def ai_seats(config, registry, *asked: str | None) -> tuple:
    """(the game's AI seat factory `(seed, level)`, each level asked: None for the default).
    A level the game's AI does not have: its one-line reason, exit code 2."""
    ruleset = ruleset_of(config, registry)
    try:
        levels = tuple(ruleset.ai_level_for(level) for level in asked)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        raise SystemExit(2) from None
    return ruleset.part("ai_seat"), levels
