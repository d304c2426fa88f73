"""House rule: a bigger VP pool, so the game runs a little longer.

The example local plugin (see docs/plugins.md). Any `.py` file in this folder is loaded as a
plugin; this one declares the expansion `bigger-pool` (flag `--bigger-pool`) and, when a
game turns it on, puts 1 more VP chip per player in the pool (or `extra_chips` more, when the
game's options set it, from 1 to 10).
"""

from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion

NAME = "bigger-pool"
OPTION = "extra_chips"


def extra_chips(config) -> str:
    return config.option(OPTION, "1")


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(
        name=NAME,
        flag="--bigger-pool",
        description="House rule: 1 more VP chip per player in the pool (a longer game)",
    ))


@hookimpl
def rftg_validate_config(config, expansions):
    if NAME in expansions:
        value = extra_chips(config)
        if not value.isdigit() or not 1 <= int(value) <= 10:
            return [f"--bigger-pool: option {OPTION} must be a number from 1 to 10, "
                    f"not {value!r}"]
    return []


@hookimpl
def rftg_configure_rules(config, rules):
    if NAME in config.expansions:
        rules.vp_per_player += int(extra_chips(config))
