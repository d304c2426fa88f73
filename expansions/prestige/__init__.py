"""Galactic Prestige (The Brink of War): prestige from cards and powers, the Prestige leader
tile and its bonus, the Prestige bonus of the Prestige/Search card, the end at 15 prestige
and 1 VP per prestige at the end.

On with `--bow` (which plays it), and a variant with any card sets (`--prestige`). Prestige
changes only through `game.add_prestige`; the tile hears each change (`prestige_steps`).
"""

from __future__ import annotations

from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion

from . import bonus, leader, powers
from .card import CARD, show_unused
from .state import KEY, PrestigeState

NAME = "prestige"

__all__ = ["CARD", "KEY", "NAME", "PrestigeState"]


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(
        name=NAME, flag="--prestige",
        description="Galactic Prestige (The Brink of War): prestige, the Prestige leader, "
                    "the once-per-game Prestige bonus"))


@hookimpl
def rftg_configure_rules(config, rules):
    if NAME not in config.expansions:
        return
    rules.powers.add(*powers.POWERS)
    rules.place_steps.append(powers.placed)
    cards = bonus.prestige_actions(rules.actions)
    rules.player_actions.append(bonus.offered(cards))
    rules.known_actions.extend(cards)
    rules.setup_steps.append(leader.setup)
    rules.round_start_steps.append(leader.round_start)
    rules.phase_start_steps.extend((bonus.pay, leader.phase_start))
    rules.phase_end_steps.append(leader.phase_end)
    rules.prestige_steps.append(leader.on_prestige)
    rules.end_checks.append(leader.end_check)
    rules.score_steps.append(leader.score)
    rules.action_advice.append(bonus.advice)
    rules.board_lines.insert(0, leader.board_line)
    show_unused(rules)
