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


def ai_levels(config, registry) -> tuple:
    """(the game's AI seat factory `(seed, level)`, its levels weakest first, the default)."""
    ruleset = ruleset_of(config, registry)
    return ruleset.part("ai_seat"), ruleset.ai_levels, ruleset.ai_level_for(None)


def check_levels(levels: tuple, *asked: str) -> None:
    """Exit with a usage error (2) for a level the game's AI does not have."""
    for level in asked:
        if level not in levels:
            print(f"no AI level {level!r} in this game: choose from {', '.join(levels)}",
                  file=sys.stderr)
            raise SystemExit(2)
