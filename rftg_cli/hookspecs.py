"""The pluggy hook specifications: the only door into the engine (documented in
docs/plugins.md, which a test keeps in step with this file).

The base game is itself a plugin on these hooks (`rftg_cli.race.base_game`). A plugin is a module
(or object) with functions named after these hooks; the `@hookimpl` marker is optional and
only needed for ordering (`tryfirst`, `trylast`). A function whose name starts with `rftg_`
but is not a hook below, or that asks for an argument its hook does not give, stops the
plugin from loading (reported in one line by `rftg expansions`).

Hooks run when the plugins are loaded (register) and when a game is created (validate, then
configure); the engine's hot path then calls plain functions stored in `Rules`, so plugins
cost nothing per move.
"""

from __future__ import annotations

import pluggy

PROJECT = "rftg"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def rftg_register_expansions(register):
    """Declare expansions, once, when the plugins are loaded.

    Call `register(Expansion(...))` once per expansion this plugin provides: name, flag,
    one-line description, card sets, player-count limits, requires/excludes. Returns nothing.
    A name or flag already taken, a flag not shaped `--name`, or an exception here unloads
    the plugin and reports it.
    """


@hookspec
def rftg_validate_config(config, expansions):
    """Check a configuration before a game is created (after the declared limits passed).

    `config` is the `GameConfig`; `expansions` the set of enabled expansion names. Return a
    list of one-line problems, empty (or None) when the configuration is fine; the first
    problem of any plugin becomes the `ConfigError` the player sees.
    """


@hookspec
def rftg_configure_rules(config, rules):
    """Shape the `Rules` of a new game, once, when it is created (and when a save is
    resumed): card sets, action cards, picks per round, VP pool, hand limit, setup/round/
    phase/score/end steps. Mutate `rules` in place; the return value is ignored.

    Called for every plugin, the base game first; an expansion plugin acts only when its own
    name is in `config.expansions` (a plugin that declares no expansion acts in every game).
    """


@hookspec
def rftg_register_rulesets(register):
    """Declare whole games (rulesets), once, when the plugins are loaded.

    Call `register(Ruleset(...))` (`rftg_cli.ruleset.Ruleset`) once per ruleset: its name,
    description, `create(config, seed, registry)` and its screen. The base game registers
    "race", the card game. An expansion switches a game to a ruleset by declaring
    `Expansion(ruleset="name")`. A name already taken unloads the plugin and reports it.
    """
