"""The base game, registered as a plugin on the same hooks every expansion uses."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from rftg_cli.errors import ConfigError
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Registry, call_hook, validate, with_implied
from rftg_cli.words import verb


@hookimpl(tryfirst=True)
def rftg_configure_rules(config, rules):
    from .engine import consume, develop, explore, goods_paid, notation, produce, round, saved
    from .engine import settle, start_worlds
    from .ai.heuristic import register_answers

    rules.card_sets.add("base")
    for phase in (explore, develop, settle, consume, produce):
        rules.powers.add(*phase.POWERS)
    for phase in (settle, consume, produce):
        rules.powers.add_flags(phase.FLAGS)
    for module in (round, start_worlds, explore, develop, settle, goods_paid, saved, consume,
                   produce):
        rules.tasks.add_module(module)
    register_answers(rules)
    notation.add(rules, *notation.BASE)


@hookimpl
def rftg_validate_config(config, expansions):
    return []


@hookimpl
def rftg_register_rulesets(register):
    from rftg_cli.ruleset import Ruleset

    register(Ruleset(name="race", description="Race for the Galaxy, the card game",
                     create=_create_race, players=(1, 6), screen="rftg_cli.race.render:SCREEN",
                     human_seat="rftg_cli.race.human:HumanSeat",
                     table="rftg_cli.race.table_view:make_table",
                     ai_seat="rftg_cli.race.ai.levels:ai_seat",
                     ai_levels=("fast", "normal", "strong"), ai_level="normal",
                     players_note=flags_for_players, rules="rftg_cli.race:rules.md",
                     catalog="rftg_cli.race.catalog:CATALOG",
                     calculator="rftg_cli.race.calculator:CALCULATOR"))


def _create_race(config, seed, registry, *, record=True):
    from rftg_cli.errors import ConfigError

    from .cards.loader import CardDataError
    from .engine import Game
    from .engine.first_game import preset_count

    if config.first_game and config.players > preset_count():
        raise ConfigError(f"the first game's preset hands are for 1 to {preset_count()} "
                          "players")
    try:
        db = shipped_cards(registry)
    except CardDataError as exc:
        raise ConfigError(f"card data is broken: {exc}") from exc
    return Game(config, seed, build_rules(config, registry), db, record=record)


def every_expansion(registry=None):
    """The `Rules` of the card game with every installed expansion on: their power kinds
    (`rules.powers`) are the vocabulary of the card files of their card sets
    (`rules.card_sets`) and the text of every card outside a game (`rftg cards`). Made once
    per plugin registry, by the plugins' own `rftg_configure_rules`, like a game's; never
    played (no player count is checked)."""
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import call_hook, default_registry

    from .engine.rules import Rules

    registry = registry or default_registry()
    names = tuple(sorted(n for n, exp in registry.expansions.items() if not exp.ruleset))
    key = ("every expansion", names)
    made = registry.rules_made.get(key)
    if made is None:
        made = registry.rules_made[key] = Rules()
        for name in names:
            made.card_sets.update(registry.expansions[name].card_sets)
        call_hook(registry, "rftg_configure_rules", config=GameConfig(expansions=names),
                  rules=made)
    return made


def every_power_kind(registry=None):
    """The power kinds of every installed expansion (a `PowerRegistry`, with their flags)."""
    return every_expansion(registry).powers


def shipped_cards(registry=None):
    """The shipped cards (loaded once), with the power kinds and the other words plugins add
    (flags, keywords, counters) of the installed card sets' cards checked against those
    every installed plugin declares: a word none declares is a typo in a card file
    (`CardDataError`). The sets of expansions not installed are never dealt, so their cards
    are not checked."""
    from .cards.loader import check_kinds, check_words, load_cards

    rules = every_expansion(registry)
    db = load_cards()
    sets = frozenset(rules.card_sets)
    check_kinds(db, rules.powers, sets=sets)
    check_words(db, rules, sets=sets)
    return db


def build_rules(config, registry: Registry):
    """Let every plugin shape the `Rules` of a card game (the config is validated): the
    plugins shape them once per config, each call gets its own copy."""
    made = registry.rules_made.get(config)
    if made is None:
        rules = _shaped_rules(config, registry)
        if not rules.min_players <= config.players <= rules.max_players:
            lo, hi = rules.min_players, rules.max_players
            raise ConfigError(f"this game is for {lo} to {hi} players, not {config.players}"
                              + flags_for_players(config, registry))
        made = registry.rules_made[config] = rules
    return made.copy()


def _shaped_rules(config, registry: Registry):
    from .engine.rules import Rules

    rules = Rules()
    for name in config.expansions:
        rules.card_sets.update(registry.expansions[name].card_sets)
    call_hook(registry, "rftg_configure_rules", config=config, rules=rules)
    return rules


def flags_for_players(config, registry: Registry) -> str:
    """What to add to a refused player count of the card game: ` (--tgs allows 5)`, the
    fewest more expansions (one or two) that seat `config.players`, or ` (at most 6, with
    --tgs --rvi)` when none does."""
    extra = _more_players(config, registry, config.players)
    if extra:
        flags = " ".join(registry.expansions[n].flag for n in extra)
        return f" ({flags} {verb(len(extra), 'allows', 'allow')} {config.players})"
    most = next((n for n in range(config.players - 1, 0, -1)
                 if _more_players(config, registry, n) is not None), None)
    if most is None:
        return ""
    extra = _more_players(config, registry, most)
    return f" (at most {most}" + (", with " + " ".join(registry.expansions[n].flag
                                                       for n in extra) if extra else "") + ")"


def _more_players(config, registry: Registry, players: int) -> tuple[str, ...] | None:
    """The fewest expansions (none, one or two) to add to the card game's `config` to seat
    `players`; None if no such choice does."""
    others = [n for n, exp in registry.expansions.items()
              if n not in config.expansions and not exp.ruleset]
    for size in (0, 1, 2):
        for extra in combinations(others, size):
            trial = replace(config, players=players, expansions=with_implied(
                (*config.expansions, *extra), registry))
            try:
                validate(trial, registry)
                rules = _shaped_rules(trial, registry)
            except ConfigError:
                continue
            if rules.min_players <= players <= rules.max_players:
                return extra
    return None
