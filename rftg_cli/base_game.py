"""The base game, registered as a plugin on the same hooks every expansion uses."""

from __future__ import annotations

from .hookspecs import hookimpl


@hookimpl(tryfirst=True)
def rftg_configure_rules(config, rules):
    rules.card_sets.add("base")


@hookimpl
def rftg_validate_config(config, expansions):
    return []
