"""Galactic Prestige (The Brink of War): prestige from cards and powers, the Prestige leader
tile and its bonus, the Prestige bonus of the Prestige/Search card, the end at 15 prestige
and 1 VP per prestige at the end.

On with `--bow` (which plays it), and a variant with any card sets (`--prestige`). Prestige
is a per-player counter of the card game (`rules.counters`): it changes only through
`game.add_prestige`, and the tile hears each change.
"""

from __future__ import annotations

from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion
from rftg_cli.race.engine.rules import CalculatorInput

from . import bonus, leader, powers
from .card import CARD, show_unused
from .state import COUNTER, KEY, PrestigeState

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
    rules.tasks.add_module(powers)
    rules.powers.add_flags(powers.FLAGS)
    rules.keywords[powers.ICON] = "prestige icon"
    rules.place_steps.append(powers.placed)
    rules.placement_reward_steps.append(powers.conquest)
    cards = bonus.prestige_actions(rules.actions)
    rules.player_actions.append(bonus.offered(cards))
    rules.known_actions.extend(cards)
    rules.setup_steps.append(leader.setup)
    rules.round_start_steps.append(leader.round_start)
    rules.phase_start_steps.extend((bonus.pay, leader.phase_start))
    rules.phase_end_steps.append(leader.phase_end)
    rules.counters.setdefault(COUNTER, []).append(leader.on_prestige)
    rules.end_checks.append(leader.end_check)
    rules.score_steps.append(leader.score)
    rules.action_advice.append(bonus.advice)
    rules.board_lines.insert(0, leader.board_line)
    rules.calculator_inputs[NAME] = CalculatorInput(
        hold_prestige, "Prestige held (The Brink of War): 1 VP each.", metavar="N", number=True)
    show_unused(rules)


def hold_prestige(game, player: int, values: list[int]) -> None:
    """`rftg score --prestige N`: the table-side calculator's player holds N prestige (1 VP
    each at the end, and what the cards that count prestige give)."""
    (amount,) = values
    if amount < 0:
        raise ValueError("prestige cannot be negative")
    game.add_prestige(player, amount, "held at the end")
