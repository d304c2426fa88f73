"""The Brink of War's prestige powers, and the prestige icon (« Gagner du Prestige »).

Prestige gained for placing a card comes from the placement itself (`rules.place_steps`):
a card that changes tableau some other way (a takeover) gives none (« Un monde qui procure 1
Prestige quand il est posé ne procure pas de Prestige s'il est conquis »).
"""

from __future__ import annotations

from rftg_cli.race.cards.text import PER_TEXT
from rftg_cli.decision import Decision
from rftg_cli.race.engine.game import task
from rftg_cli.race.engine.powers import PowerKind


ICON = "prestige"          # the card keyword of the prestige icon
# The flag of a conquering power that earns prestige (`conquest`), with its note.
FLAGS = {"gain_prestige": "gain prestige when you do"}
# « Remplacer un monde: On peut remplacer gratuitement un monde non militaire [...] pour
# gagner 1 Prestige. »
REPLACED = 1
CONQUEST = 2


def placed(game, player: int, card: int, how: str) -> None:
    """A card with the prestige icon gives 1 prestige « quand elles sont posées pour la
    première fois »; Pan-Galactic Mediator's kind: 1 more after paying for a military world;
    a world replaced, 1. (The 2 prestige of a civil world conquered with Imperium Invasion
    Fleet come with the conquest itself, `conquest`: a takeover with it earns them too.)"""
    design = game.design[card]
    if design.has_keyword(ICON):
        game.add_prestige(player, 1, game.name(card))
    if how == "pay" and design.military:
        for c, _, power, fn in game.power_handlers(player, "settle", "pay_prestige"):
            game.add_prestige(player, fn(game, player, c, power), game.name(c))
    if how == "replace":
        game.add_prestige(player, REPLACED, "replacing a world")


def _gain_if(test):
    """A `placed` role: `value` prestige after placing a card that passes `test`."""
    def gain(game, player: int, card: int, power, placed: int) -> None:
        if test(game.design[placed]):
            game.add_prestige(player, power.value, game.name(card))
    return gain


def _discard_for_prestige(game, player: int, card: int, power) -> None:
    if game.players[player].hand:
        game.push(("ask_discard_prestige", player, card, power.value))


@task("ask_discard_prestige")
def ask_discard_prestige(game, player: int, card: int, value: int) -> None:
    hand = game.players[player].hand
    if hand:
        game.ask(Decision("consume_hand", player, tuple(hand), (0, 1),
                          f"{game.name(card)}: discard a card for {value} prestige, or nothing"),
                 "discarded_prestige", player, card, value)


@task("discarded_prestige")
def discarded_prestige(game, answer: tuple, player: int, card: int, value: int) -> None:
    if answer:
        game.discard_from_hand(player, answer)
        game.add_prestige(player, value, game.name(card))


def _if_produced(game, player: int, card: int, power) -> None:
    if card in game.players[player].produced:
        game.add_prestige(player, power.value, game.name(card))


def conquest(game, player: int, world: int, powers) -> None:
    """`rules.placement_reward_steps`: 2 prestige for a world placed with a conquering power
    marked `gain_prestige` (Imperium Invasion Fleet: « poser un monde non militaire comme un
    monde militaire et gagner 2 Prestiges »; its `value` is the military it adds), whether
    the world is settled or taken over."""
    for c, i in dict.fromkeys(powers):
        if "gain_prestige" in game.design[c].powers[i].flags:
            game.add_prestige(player, CONQUEST, game.name(c))


def _if_most(game, player: int, card: int, power) -> None:
    """Ravaged Uplift World: `value` prestige if its owner has more worlds of the keyword
    `per` than anyone else."""
    def worlds(p) -> int:
        return sum(1 for c in p.tableau
                   if game.design[c].is_world and game.design[c].has_keyword(power.per))
    mine = worlds(game.players[player])
    if all(mine > worlds(p) for i, p in enumerate(game.players) if i != player):
        game.add_prestige(player, power.value, game.name(card))


POWERS = (
    PowerKind("develop", "prestige", "gain `value` prestige after placing a development",
              {"placed": _gain_if(lambda d: True)},
              text="gain {value} prestige when you develop"),
    PowerKind("develop", "prestige_six",
              "gain `value` prestige after placing a 6-cost development",
              {"placed": _gain_if(lambda d: d.is_six_cost)},
              text="gain {value} prestige when you develop a 6-cost development"),
    PowerKind("develop", "prestige_rebel",
              "gain `value` prestige after placing a Rebel development",
              {"placed": _gain_if(lambda d: d.has_keyword("rebel"))},
              text="gain {value} prestige when you develop a Rebel card"),
    PowerKind("settle", "prestige_rebel",
              "gain `value` prestige after placing a Rebel military world",
              {"placed": _gain_if(lambda d: d.has_keyword("rebel") and d.military)},
              text="gain {value} prestige when you settle a Rebel military world"),
    PowerKind("settle", "produce_prestige",
              "gain `value` prestige after placing a production world",
              {"placed": _gain_if(lambda d: d.produces)},
              text="gain {value} prestige when you settle a production world"),
    PowerKind("settle", "pay_prestige",
              "gain `value` prestige after paying for a military world with a power",
              {"pay_prestige": lambda game, player, card, power: power.value},
              text="gain {value} prestige when you pay cards for a military world"),
    PowerKind("explore", "discard_prestige",
              "at the start of Explore, may discard a card from hand for `value` prestige",
              {"start": _discard_for_prestige},
              text="may discard a card from your hand to gain {value} prestige"),
    PowerKind("produce", "prestige_if_produced", "gain `value` prestige if this world produced",
              {"after": _if_produced},
              text="gain {value} prestige if this world produced"),
    PowerKind("produce", "prestige_if_most",
              "gain `value` prestige with more worlds of the keyword `per` than anyone",
              {"after": _if_most},
              text=lambda power, card: f"gain {power.value} prestige if you have the most "
                                       f"{PER_TEXT[power.per].removesuffix(' you have')}s"),
)
