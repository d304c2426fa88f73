"""The official solitaire robot (The Gathering Storm; spec: shared/rules/solo-robot.md).

One human seat plays the expert action set (choose 2 of 9 actions per round) against a robot
that is not a card player: its state lives in `game.extra["robot"]`, it acts through the
engine's `extra_selectors` (its dice) and `phase_hooks` (its action or response), and it is
an `Opponent` of the rules: its standing in `game.outcome()` and its panel on the screen.
The host knows none of this: `rftg new` seats it because the expansion declares itself the
default opponent, and `--difficulty` is its declared option.
"""

from __future__ import annotations

from rftg_cli.expansions.expert import with_second_cards
from rftg_cli.expansions.prestige.state import OFFER_LEADER_BONUS, OFFER_PRESTIGE
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion, ExpansionOption
from rftg_cli.ruleset import Opponent

from . import phases
from .data import DEFAULT_LEVEL, load_data
from .explain import robot_why
from .prospect import robot_prospect
from .scoring import KIND, robot_result, robot_status, solo_result, standing, status_lines
from .scoring import NAME as SHOWN
from .state import KEY, RobotState

NAME = "robot"
# The solitaire game already plays the 9 expert action cards, 2 a round.
EXPERT = "expert"

__all__ = [
    "KEY",
    "NAME",
    "RobotState",
    "robot_cards",
    "robot_prospect",
    "robot_result",
    "robot_status",
    "solo_result",
]


def robot_cards(game) -> list[int]:
    """Every card the robot holds (pile and tableau): for 'every card in one place' checks."""
    st = game.extra.get(KEY)
    return [] if st is None else st.cards()


@hookimpl
def rftg_register_expansions(register):
    levels = tuple(load_data().difficulty)
    register(Expansion(
        name=NAME, flag="--solo", aliases=("--robot",),
        description="Solitaire against the official robot (2 of 9 expert actions per round)",
        card_sets=(), min_players=1, max_players=1, excludes=(EXPERT,),
        options=(ExpansionOption(
            "difficulty", "the robot's level: its tiles and what they score",
            choices=levels, default=DEFAULT_LEVEL, learn="easy",
            aliases=tuple(load_data().aliases.items())),),
        # The official solitaire game comes in The Gathering Storm's box, and its markers
        # for start worlds 5-8 are for that set's cards: its deck unless sets are named.
        default_sets=("tgs",), default_opponent=True))


@hookimpl
def rftg_validate_config(config, expansions):
    if NAME not in expansions:
        return []
    if "goals" in expansions:
        return ["the solitaire game is played without goals: drop --goals"]
    return []


@hookimpl(trylast=True)
def rftg_configure_rules(config, rules):
    if NAME not in config.expansions:
        return
    data = load_data()
    rules.actions = with_second_cards(rules.actions)
    rules.picks_per_round = 2
    rules.min_players = rules.max_players = 1
    # With prestige the pool gets its extra 5-VP chip from the prestige rules (29 in all).
    rules.vp_per_player = data.rules["vp_pool"]
    rules.setup_steps.append(phases.setup)
    rules.extra_selectors.append(phases.select)
    rules.phase_hooks.append(phases.phase_hook)
    rules.end_checks.append(phases.end_check)
    rules.opponents.append(Opponent(name=SHOWN, kind=KIND, result=standing,
                                    status=status_lines, prospect=robot_prospect,
                                    offers={OFFER_PRESTIGE: phases.prestige,
                                            OFFER_LEADER_BONUS: phases.leader_bonus},
                                    explain=robot_why))
