"""The base game, registered as a plugin on the same hooks every expansion uses."""

from __future__ import annotations

from rftg_cli.hookspecs import hookimpl


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
    from rftg_cli.ruleset import Ruleset

    register(Ruleset(name="race", description="Race for the Galaxy, the card game",
                     create=_create_race, players=(1, 6), screen="rftg_cli.race.render:SCREEN",
                     human_seat="rftg_cli.race.human:HumanSeat",
                     ai_seat="rftg_cli.race.ai.levels:ai_seat",
                     ai_levels=("fast", "normal", "strong"), ai_level="normal"))


def _create_race(config, seed, registry, *, record=True):
    from .cards.loader import load_cards
    from .engine import Game

    return Game(config, seed, build_rules(config, registry), load_cards(), record=record)


def build_rules(config, registry):
    """Let every plugin shape the `Rules` of a card game (the config is validated): the
    plugins shape them once per config, each call gets its own copy."""
    from rftg_cli.errors import ConfigError
    from rftg_cli.plugins import call_hook

    from .engine.rules import Rules

    made = registry.rules_made.get(config)
    if made is None:
        rules = Rules()
        for name in config.expansions:
            rules.card_sets.update(registry.expansions[name].card_sets)
        call_hook(registry, "rftg_configure_rules", config=config, rules=rules)
        if not rules.min_players <= config.players <= rules.max_players:
            lo, hi = rules.min_players, rules.max_players
            raise ConfigError(f"this game is for {lo} to {hi} players, not {config.players}")
        made = registry.rules_made[config] = rules
    return made.copy()
