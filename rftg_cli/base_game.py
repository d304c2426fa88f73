"""The base game, registered as a plugin on the same hooks every expansion uses."""

from __future__ import annotations

from .hookspecs import hookimpl


@hookimpl(tryfirst=True)
def rftg_configure_rules(config, rules):
    from .engine import consume, develop, explore, produce, settle

    rules.card_sets.add("base")
    for phase in (explore, develop, settle, consume, produce):
        rules.powers.add(*phase.POWERS)


@hookimpl
def rftg_validate_config(config, expansions):
    return []


@hookimpl
def rftg_register_rulesets(register):
    from .ruleset import Ruleset

    register(Ruleset(name="race", description="Race for the Galaxy, the card game",
                     create=_create_race, players=(1, 6), screen="rftg_cli.ui.render:SCREEN",
                     human_seat="rftg_cli.players.human:HumanSeat",
                     table="rftg_cli.ui.table_view:make_table",
                     ai_seat="rftg_cli.players.levels:ai_seat",
                     ai_levels=("fast", "normal", "strong"), ai_level="normal"))


def _create_race(config, seed, registry, *, record=True):
    from .cards.loader import load_cards
    from .engine import Game
    from .plugins import build_rules

    return Game(config, seed, build_rules(config, registry), load_cards(), record=record)
