"""The search use of the Prestige/Search card: an action of its own that calls the search
step (« en déclarant « rechercher » au moment où les cartes action sont révélées »).

The card is placed as the player's action, as it is for a Prestige bonus (« soit juste la
carte Prestige/rechercher »): a search selects no phase (« À l'inverse des phases,
rechercher n'a lieu que pour les joueurs qui le déclarent »); in the expert game it is one
of the two cards.
"""

from rftg_cli.race.engine.actions import Action
from rftg_cli.expansions.prestige.card import CARD

SEARCH = Action("search", "Search", "search",
                "once per game: search the deck for a card of a category",
                once_per_game=True, card=CARD)
