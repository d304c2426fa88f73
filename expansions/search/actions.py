"""The search use of the Prestige/Search card: an action of its own that calls the search
step (« en déclarant « rechercher » au moment où les cartes action sont révélées »)."""

from rftg_cli.engine.actions import Action
from rftg_cli.expansions.prestige.card import CARD

SEARCH = Action("search", "Search", "search",
                "once per game: search the deck for a card of a category",
                once_per_game=True, card=CARD)
