"""The games `rftg simulate --robot --difficulty D` plays, for the benches that play them
again with another seat or look inside them."""

from __future__ import annotations

from rftg_cli.commands.simulate import option_runs, resolve_expansions
from rftg_cli.engine import GameConfig


def robot_configs(difficulty: str, registry) -> dict[str, GameConfig]:
    """One game config per difficulty asked ("all": each), by the difficulty's name."""
    asked = resolve_expansions(["robot"], ["--difficulty", difficulty], registry)
    return {", ".join(v for _, v in options):
            GameConfig(players=1, expansions=asked.expansions, options=options)
            for options in option_runs(asked.expansions, asked.options, registry)}
