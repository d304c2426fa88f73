"""Roll for the Galaxy, the dice game, as a whole ruleset (issue 12).

`--roll` switches a game to the ruleset "roll": 2 to 5 players, or 1 against the credit bot
(`--difficulty normal|advanced|expert|professional`). Rules: shared/rules/roll-for-the-galaxy.*;
the decisions we made where the rulebook is silent are in docs/roll.md.
"""

from __future__ import annotations

from rftg_cli.errors import ConfigError
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion, ExpansionOption
from rftg_cli.ruleset import Ruleset

from .bot import bot_rules
from .data import DATA, load_data
from .powers import check_kinds
from .rules import build_rules
from .state import RollGame

NAME = "roll"

__all__ = ["NAME", "RollGame", "create"]


def create(config, seed: int, registry=None, *, record: bool = True) -> RollGame:
    """A new game of Roll for the Galaxy for this configuration, its tiles checked against
    the power kinds of its rules (a kind none knows is a typo in the tile file)."""
    data = load_data()
    rules = build_rules()
    problems = check_kinds(data, rules.powers)
    if problems:
        raise ConfigError(f"tile data is broken: {DATA}: " + "; ".join(problems))
    if not 1 <= config.players <= 5:
        raise ConfigError(f"Roll for the Galaxy is for 1 to 5 players, not {config.players}")
    try:
        bot_rules().level_name(config.option("difficulty"))
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    return RollGame(config, seed, data, rules, record=record)


def _ai_seat(seed: int, level: str = "fast"):
    """The AI seat of a level: `fast` the rule of thumb (`ai.RollAI`, the only AI before
    levels, so a save that names none plays on with it), `normal` and `strong` its
    Monte Carlo search (`search.RollSearch`)."""
    if level == "fast":
        from .ai import RollAI
        return RollAI(seed)
    from .search import RollSearch
    return RollSearch(seed, level)


def _screen():
    from .screen import SCREEN
    return SCREEN


class _LazyScreen:
    """The rich screen, imported only when a game is shown (keeps `rftg --help` fast)."""

    def __getattr__(self, name: str):
        return getattr(_screen(), name)


@hookimpl
def rftg_register_expansions(register):
    levels = bot_rules().raw["level"]
    register(Expansion(
        name=NAME, flag="--roll",
        description="Roll for the Galaxy, the dice game (2 to 5 players, or 1 against the "
                    "credit bot)",
        ruleset=NAME, min_players=1, max_players=5,
        # A whole other game: the card game's expansions (and its solo robot, which the
        # host seats by default) do not apply to it.
        excludes=("robot", "expert"),
        options=(ExpansionOption(
            "difficulty", "the solo credit bot's level: VP per consumed good, 6-cost bonuses",
            choices=tuple(levels), default=bot_rules().raw["default_difficulty"]),)))


@hookimpl
def rftg_register_rulesets(register):
    register(Ruleset(name=NAME, description="Roll for the Galaxy, the dice game",
                     create=create, screen=_LazyScreen(), ai_seat=_ai_seat, players=(1, 5),
                     ai_levels=("fast", "normal", "strong"), ai_level="normal", solo=True,
                     rules=f"{__name__}:rules.md", catalog=f"{__name__}.catalog:CATALOG",
                     table="rftg_cli.expansions.roll.table_view:make_table"))
