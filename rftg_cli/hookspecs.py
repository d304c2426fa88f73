"""The pluggy hook specifications: the only door into the engine.

The base game is itself a plugin on these hooks (`rftg_cli.base_game`). Hooks are called
once, when a game is created, to build its `Rules`; the engine's hot path then calls plain
functions, so plugins cost nothing per move.
"""

from __future__ import annotations

import pluggy

PROJECT = "rftg"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def rftg_register_expansions(register):
    """Declare expansions: call `register(Expansion(...))` once per expansion this plugin
    provides (name, flag, description, card sets, player-count limits, requires/excludes)."""


@hookspec
def rftg_validate_config(config, expansions):
    """Return a list of one-line problems with this configuration (empty if it is fine).
    `expansions` is the set of enabled expansion names."""


@hookspec
def rftg_configure_rules(config, rules):
    """Shape the `Rules` of a new game: card sets, action cards, picks per round, VP pool,
    setup/round/phase/score/end steps. Called for every plugin, base game first; an
    expansion plugin acts only when its own name is in `config.expansions`."""
