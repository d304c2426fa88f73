"""The 2-player expert game (rulebook: "Variante expert pour 2 joueurs").

Each player has all 9 action cards (a second Develop and a second Settle) and chooses two
every round. The engine already knows what two cards mean (`engine.round.phase_counts`,
`explore.explore_counts`, `consume.consume_player`): both Explores make one Explore with both
bonuses; Develop or Settle chosen twice runs that phase twice and the other player's single
card gets its bonus only in the first; both Consumes trade first, then double the VP. So this
plugin only declares itself and swaps the action cards and the number of picks.
"""

from __future__ import annotations

from rftg_cli.engine.actions import EXPERT_ACTIONS
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion

NAME = "expert"


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(
        name=NAME,
        flag="--expert",
        description="2-player expert game: 9 action cards, choose two each round",
        min_players=2,
        max_players=2,
    ))


@hookimpl
def rftg_configure_rules(config, rules):
    if NAME not in config.expansions:
        return
    rules.actions = EXPERT_ACTIONS
    rules.picks_per_round = 2
