"""A test-only expansion that uses every engine registration, with no edit to the core.

`--survey-corps` adds: a development with a new power kind (explore `survey`: draw 2 extra
cards per Survey Outpost power value), a new action card for every player (Survey: Develop
at -2 and draw 1 after), a step before every Produce phase (each player with an outpost
gets a survey token), its own state (tokens, public; one face-down dossier card per player,
seen only by its owner; a hidden cache of cards no seat sees) and a once-per-game action card
per player (Charter: Settle with +3 military).
"""

from __future__ import annotations

from rftg_cli.race.cards.model import Card, Power
from rftg_cli.race.engine.actions import Action, Bonus
from rftg_cli.race.engine.powers import PowerKind
from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion

NAME = "survey-corps"
KEY = "survey"
OUTPOST = Card(id=90_001, name="Survey Outpost", set="base", type="development", cost=2, vp=1,
               copies=2, powers=(Power("explore", "survey", value=1),))
SURVEY = Action("survey", "Survey", "develop", "-2 to the development, draw 1 after",
                Bonus(discount=2, draw_after=1), repeats=True)
CHARTER = Action("charter", "Charter", "settle", "once per game: +3 military",
                 Bonus(military=3), repeats=True, once_per_game=True)
CACHE = 3


class SurveyState:
    def __init__(self, players: int) -> None:
        self.tokens = [0] * players
        self.dossiers: list[int] = []      # one face-down card per player, its owner sees it
        self.cache: list[int] = []         # face-down cards nobody sees

    def copy(self) -> SurveyState:
        new = SurveyState(0)
        new.tokens, new.dossiers, new.cache = self.tokens.copy(), self.dossiers.copy(), \
            self.cache.copy()
        return new

    def digest_part(self) -> str:
        return repr((self.tokens, self.dossiers, self.cache))

    def view(self, player: int) -> dict:
        return {"tokens": list(self.tokens), "my_dossier": self.dossiers[player],
                "cache_size": len(self.cache)}

    def hidden_card_lists(self) -> list[list[int]]:
        return [self.cache]

    def cards(self) -> list[int]:
        return self.dossiers + self.cache


def _survey_draw(game, player, card, power) -> int:
    return 2 * power.value


def setup(game) -> None:
    state = SurveyState(game.config.players)
    state.cache = game.draw(CACHE)
    state.dossiers = game.draw(game.config.players)
    game.extra[KEY] = state


def before_phase(game, phase: str, instance: int) -> None:
    if phase != "produce":
        return
    state = game.extra[KEY]
    for i, p in enumerate(game.players):
        if any(game.design[c].name == OUTPOST.name for c in p.tableau):
            state.tokens[i] += 1


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(name=NAME, flag="--survey-corps",
                       description="Test expansion using every engine registration"))


@hookimpl
def rftg_configure_rules(config, rules):
    if NAME not in config.expansions:
        return
    rules.powers.add(PowerKind("explore", "survey", "draw 2 extra cards per `value`",
                               {"draw": _survey_draw},
                               text="draw 2 extra cards per {value} when exploring"))
    rules.extra_cards.append((OUTPOST, OUTPOST.copies))
    rules.actions = (*rules.actions, SURVEY)
    rules.player_actions.append(lambda game, player: (CHARTER,))
    rules.known_actions.append(CHARTER)
    rules.setup_steps.append(setup)
    rules.phase_start_steps.append(before_phase)
