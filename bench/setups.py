"""The game a bench script's expansion flags and options ask for, as `rftg simulate` reads
them (`--bow`, `--goals off`, ...; each option's default where none is given)."""

from __future__ import annotations

from rftg_cli.commands.simulate import game_configs
from rftg_cli.plugins import make_registry


def game_setup(players: int, extra_args: list[str]):
    """(the registry, the game's config, a label such as '4 players, bow tgs rvi ...')."""
    registry = make_registry(plugins_dir=False)
    config = game_configs([], extra_args, players, registry)[0]
    label = f"{players} players" + (", " + " ".join(config.expansions)
                                    if config.expansions else "")
    return registry, config, label
