"""The Prestige bonus (The Brink of War, « Bonus de Prestige »): once per game, a player
spends 1 prestige when the actions are revealed and gets, in the phase they name, its
Prestige bonus on top of the normal bonus.

Each action card has a Prestige twin, a once-per-game use of the player's Prestige/Search
card (`CARD`): choosing "Prestige bonus Settle" is placing Settle with that card. In the
expert game (2 actions a round) it is chosen with the card of the other phase.
"""

from __future__ import annotations

from rftg_cli.race.engine.actions import Action, Bonus

from .card import CARD
from .state import KEY

PREFIX = "prestige_"

# The Prestige bonus of each action card, added to its own (« Les bonus de Prestige sont »).
BONUSES = {
    # « piocher +6, garder +1, combiner les cartes tirées avec sa main, puis défausser »
    "explore5": (Bonus(draw=6, keep=1, mix=True), "draw 6 more, keep 1 more, mix with hand"),
    "explore11": (Bonus(draw=6, keep=1, mix=True), "draw 6 more, keep 1 more, mix with hand"),
    # « Défausser 3 cartes de moins (au total) »: 3 in all, the Develop bonus's 1 included.
    "develop": (Bonus(discount=2), "-3 in total to the development's cost"),
    # « Défausser 3 cartes de moins pour payer un monde et/ou gagner +2 en force militaire »
    "settle": (Bonus(discount=3, military=2), "-3 more to the world's cost, +2 military"),
    # « Vendre une ressource en piochant 3 cartes de plus ; puis consommer [...] en doublant
    # le nombre de PV [...] et [...] défausser jusqu'à deux cartes [...] pour 1PV par carte »
    "trade": (Bonus(trade_cards=3, vp_factor=2, discard_vp=2),
              "3 more cards for the trade, x2 VP, discard up to 2 cards for 1 VP each"),
    # « Tripler (au lieu de doubler) le nombre de jetons de PV (seulement) »
    "consume2": (Bonus(vp_factor=3), "x3 VP instead of x2"),
    # « Piocher 3 cartes et produire jusqu'à deux trouvailles »: two windfalls in all, the
    # Produce bonus's one included.
    "produce": (Bonus(draw=3, windfall=1), "draw 3 cards, produce on up to 2 windfalls in all"),
}


def prestige_actions(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The Prestige twin of each action card that has a Prestige bonus."""
    out = []
    for a in actions:
        if a.id in BONUSES:
            bonus, text = BONUSES[a.id]
            out.append(Action(PREFIX + a.id, f"Prestige bonus {a.name}", a.phase,
                              f"{a.text}; Prestige bonus (1 prestige): {text}",
                              a.bonus + bonus, repeats=a.repeats, once_per_game=True,
                              card=CARD, base=a.id))
    return tuple(out)


def offered(cards: tuple[Action, ...]):
    """`rules.player_actions`: the Prestige bonus needs 1 prestige to spend."""
    def source(game, player: int) -> tuple[Action, ...]:
        return cards if game.players[player].prestige >= 1 else ()
    return source


def pay(game, phase: str, instance: int) -> None:
    """« Le joueur dépense alors immédiatement 1 Prestige »: when the actions are revealed,
    before the round's first phase."""
    st = game.extra[KEY]
    if st.paid_round == game.round:
        return
    st.paid_round = game.round
    for i, p in enumerate(game.players):
        if any(a.startswith(PREFIX) for a in p.actions):
            game.add_prestige(i, -1, "Prestige bonus")


def advice(game, player: int, options: tuple) -> tuple:
    """`rules.action_advice`, the AI's rule: weigh the Prestige bonus only with 2 prestige
    or more (the spending keeps it in the race for the tile) or in the last rounds (the
    prestige is worth only 1 VP at the end); otherwise keep the card."""
    from rftg_cli.race.ai.heuristic import rounds_left

    if game.players[player].prestige >= 2 or rounds_left(game) <= 2:
        return options
    kept = tuple(o for o in options if not any(a.startswith(PREFIX) for a in o))
    return kept or options
