"""The card sets of the three expansions of the first arc, and the promo start worlds.

Each set is an expansion switched on by its flag: its cards join the deck (the card data
says which base copies a set adds or replaces), and the rules it brings are options that
are on by default with it: goals (The Gathering Storm and later sets) and takeovers (Rebel
vs Imperium and later). The Brink of War is "for the base game and its first two
expansions" (its rulebook), so `--bow` turns on `--tgs` and `--rvi` too, and its prestige
and search rules (the `prestige` and `search` plugins).
"""

from __future__ import annotations

from dataclasses import replace

from rftg_cli.hookspecs import hookimpl
from rftg_cli.plugins import Expansion, ExpansionOption

from . import takeovers

TGS, RVI, BOW, PROMO = "tgs", "rvi", "bow", "promo"
PRESTIGE, SEARCH = "prestige", "search"   # The Brink of War's own rules, their own plugins
ROBOT = "robot"                  # the solitaire game: played without goals and takeovers

GOALS = ExpansionOption("goals", "goal tiles: 4 'first' and 2 'most' drawn at random",
                        choices=("on", "off"), default="on")
TAKEOVERS = ExpansionOption("takeovers", "takeovers of other players' worlds",
                            choices=("on", "off"), default="on")

# The power kinds that act only in a takeover; with takeovers off they do nothing (the
# cards still say what they would do).
TAKEOVER_KINDS = tuple(pk.kind for pk in takeovers.POWERS)
TAKEOVERS_OFF = tuple(replace(pk, description="acts only in takeovers, which are off", roles={})
                      for pk in takeovers.POWERS)


@hookimpl
def rftg_register_expansions(register):
    register(Expansion(
        name=TGS, flag="--tgs", card_sets=(TGS,), options=(GOALS,),
        description="The Gathering Storm: its cards, goals, up to 5 players"))
    register(Expansion(
        name=RVI, flag="--rvi", card_sets=(RVI,), options=(GOALS, TAKEOVERS),
        description="Rebel vs Imperium: its cards, goals, takeovers, up to 6 players"))
    register(Expansion(
        name=BOW, flag="--bow", card_sets=(BOW,), options=(GOALS, TAKEOVERS),
        implies=(TGS, RVI, PRESTIGE, SEARCH),
        description="The Brink of War: its cards (turns on --tgs and --rvi, which it is "
                    "played with, and its --prestige and --search rules)"))
    register(Expansion(
        name=PROMO, flag="--promo", card_sets=(PROMO,),
        description="The six promo start worlds"))


def goals_on(config) -> bool:
    """Goals are in play: The Gathering Storm's, with the later sets' added to the pool; not
    turned off, not the solitaire game. Rebel vs Imperium without The Gathering Storm has
    none: « If you are not using it, ignore the supplied goals » (its rulebook, Overview)."""
    return (TGS in config.expansions
            and config.option(GOALS.key, GOALS.default) == "on"
            and ROBOT not in config.expansions)


def takeovers_on(config) -> bool:
    """Takeovers are in play: a set that has them, not turned off, not the solitaire game."""
    return (any(s in config.expansions for s in (RVI, BOW))
            and config.option(TAKEOVERS.key, TAKEOVERS.default) == "on"
            and ROBOT not in config.expansions)


def start_world_choice_on(config) -> bool:
    """Each player chooses between a red and a blue start world: Rebel vs Imperium's setup,
    which « assume[s] that the first expansion, The Gathering Storm, is being used » and
    says, when it is not, to « ignore [...] the start world setup change » (its rulebook,
    Overview). Not in the solitaire game, whose setup deals you one start world (The
    Gathering Storm, solitaire setup). The promo start worlds alone do not bring it: no
    rulebook says so; with the choice on they join the colour they print."""
    return (TGS in config.expansions and RVI in config.expansions
            and ROBOT not in config.expansions)


def six_players_refused(config) -> bool:
    """A sixth player needs both sets: The Gathering Storm brings the fifth player's cards and
    Rebel vs Imperium, which « assume[s] that the first expansion [...] is being used » (its
    rulebook, Overview), the sixth's."""
    return config.players >= 6 and RVI in config.expansions and TGS not in config.expansions


@hookimpl
def rftg_validate_config(config, expansions):
    if six_players_refused(config):
        return ["6 players need --tgs too: the sixth player's cards come with The Gathering "
                "Storm and Rebel vs Imperium together (or play with 5)"]
    return []


@hookimpl
def rftg_configure_rules(config, rules):
    if TGS in config.expansions or RVI in config.expansions:
        rules.max_players = max(rules.max_players, 5)
    if TGS in config.expansions and RVI in config.expansions:
        rules.max_players = max(rules.max_players, 6)
    if start_world_choice_on(config):
        rules.start_world_choice = True
    if takeovers_on(config):
        takeovers.configure(rules)
    else:
        rules.powers.add(*TAKEOVERS_OFF)
    rules.powers.add_flags(takeovers.FLAGS)     # the cards say them, takeovers on or off


@hookimpl(specname="rftg_configure_rules", trylast=True)
def configure_goals(config, rules):
    """Goals, registered after every other plugin's steps: the round-start check must see the
    Prestige leader's bonus VP (The Brink of War)."""
    if goals_on(config):
        from .goals import configure
        configure(rules)
