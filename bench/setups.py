"""The game a bench script's expansion flags and options ask for, as `rftg simulate` reads
them (`--bow`, `--goals off`, ...; each option's default where none is given)."""

from __future__ import annotations

from rftg_cli.commands.simulate import option_runs, resolve_expansions
from rftg_cli.engine import GameConfig
from rftg_cli.plugins import make_registry


def game_setup(players: int, extra_args: list[str]):
    """(the registry, the game's config, a label such as '4 players, bow tgs rvi ...')."""
    registry = make_registry(plugins_dir=False)
    asked = resolve_expansions([], extra_args, registry)
    options = option_runs(asked.expansions, asked.options, registry)[0]
    config = GameConfig(players=players, expansions=asked.expansions, options=options)
    label = f"{players} players" + (", " + " ".join(asked.expansions) if asked.expansions else "")
    return registry, config, label
