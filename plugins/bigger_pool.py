"""House rule: a bigger VP pool, so the game runs a little longer.

The example local plugin (see docs/plugins.md). Any `.py` file in this folder is loaded as a
plugin; this one declares the expansion `bigger-pool` (flag `--bigger-pool`) and, when a
game turns it on, puts 1 more VP chip per player in the pool (or `extra_chips` more, when the
game's options set it, from 1 to 10). To show the engine's registrations end to end, it also
adds a development with a power kind of its own (Long Range Survey: draw 1 more card when
exploring per VP chip you hold, at most 3) and an action card with its own bonus (Prospect:
Explore, draw 3 more and keep 1 more).
"""

from rftg_cli.race.cards.model import Card, Power
from rftg_cli.race.engine.actions import Action, Bonus
from rftg_cli.race.engine.powers import PowerKind
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion, ExpansionOption

NAME = "bigger-pool"
OPTION = "extra_chips"


def extra_chips(config) -> str:
    return config.option(OPTION, "1")


SURVEY = Card(id=80_001, name="Long Range Survey", set="base", type="development", cost=3,
              vp=1, copies=2, powers=(Power("explore", "draw_per_chip", value=3),))
PROSPECT = Action("prospect", "Explore: Prospect", "explore", "draw 3 more, keep 1 more",
                  Bonus(draw=3, keep=1))


def draw_per_chip(game, player, card, power) -> int:
    """Explore role `draw`: 1 card per VP chip held, at most `value`."""
    return min(power.value, game.players[player].vp)


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(
        name=NAME,
        flag="--bigger-pool",
        description="House rule: 1 more VP chip per player in the pool (a longer game)",
        options=(ExpansionOption(OPTION, "VP chips added per player, 1 to 10", default="1"),),
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
        rules.powers.add(PowerKind("explore", "draw_per_chip",
                                   "draw 1 more card per VP chip, at most `value`",
                                   {"draw": draw_per_chip},
                                   text="draw 1 more card per VP chip you hold, at most "
                                        "{value}, when exploring"))
        rules.extra_cards.append((SURVEY, SURVEY.copies))
        rules.actions = (*rules.actions, PROSPECT)
