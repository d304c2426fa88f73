"""The search (The Brink of War, « RECHERCHER », « Procédure »).

A search step comes before any phase, for the players who declared it only, one after the
other from the lowest start world clockwise (the game's timing order). The player names a
category and reveals cards from the deck one by one, setting them aside; at the first match
they take it or go on, and then must take the second. A card the searcher may count or
not (Alien Oort Cloud Refinery for Alien worlds) may also be ignored (`IGNORE`). An exhausted deck is replaced once by
the discard pile, shuffled; if that runs out too the search fails: no card, and the player
keeps the Prestige/Search card. The cards set aside then go to the discard pile.
"""

from __future__ import annotations

from rftg_cli.decision import Decision
from rftg_cli.race.engine.game import task
from rftg_cli.expansions.prestige.card import CARD
from rftg_cli.words import plural

from .categories import all_categories, matches, optional

KEY = "search"
PHASE = "search"
PASS = -1
IGNORE = -2      # not counted as a match (« peut choisir que [...] corresponde »)


class SearchState:
    """The search under way: who, for what, the cards set aside (public)."""

    __slots__ = ("player", "category", "aside", "passed", "reshuffled")

    def __init__(self) -> None:
        self.player = -1
        self.category = ""
        self.aside: list[int] = []
        self.passed = False          # the first match was passed: the second is taken
        self.reshuffled = False      # the discard pile already became the deck

    def copy(self) -> SearchState:
        new = SearchState.__new__(SearchState)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(new, name, value.copy() if isinstance(value, list) else value)
        return new

    def digest_part(self) -> str:
        return repr(tuple(getattr(self, name) for name in self.__slots__))

    def view(self, player: int) -> dict:
        return {"player": self.player, "category": self.category, "aside": list(self.aside)}

    def hidden_card_lists(self) -> list[list[int]]:
        return []

    def cards(self) -> list[int]:
        return list(self.aside)


def setup(game) -> None:
    game.extra[KEY] = SearchState()


def offered_categories(game) -> tuple:
    from rftg_cli.expansions.cardsets import takeovers_on

    return tuple(c for c in all_categories()
                 if not c.needs_takeovers or takeovers_on(game.config))


@task("search_phase")
def search_phase(game, instance: int) -> None:
    from .actions import SEARCH

    game.push(*[("ask_search", p) for p in game.order
                if SEARCH.id in game.players[p].actions])


@task("ask_search")
def ask_search(game, player: int) -> None:
    options = offered_categories(game)
    game.ask(Decision("search_category", player, tuple(c.key for c in options), None,
                      "Search: name a category",
                      {"labels": {c.key: c.name for c in options}}),
             "search_named", player)


@task("search_named")
def search_named(game, answer: str, player: int) -> None:
    st = game.extra[KEY]
    st.player, st.category, st.aside, st.passed, st.reshuffled = player, answer, [], False, \
        False
    name = next(c.name for c in all_categories() if c.key == answer)
    game.log(-1, f"{game.players[player].name} searches for a {name}.")
    game.push(("search_reveal",))


def _reveal(game, st: SearchState) -> int | None:
    """The next card of the deck, set aside; None when the search fails."""
    if not game.deck:
        if st.reshuffled or not game.discard_pile:
            return None
        st.reshuffled = True
        game.reshuffle()
    card = game.deck.pop()
    st.aside.append(card)
    return card


def _say_revealed(game, st: SearchState, start: int) -> None:
    """The cards this search revealed since `start`, in one line."""
    shown = st.aside[start:]
    if shown:
        game.log(-1, f"Search reveals {plural(len(shown), 'card')}: "
                     + ", ".join(game.name(c) for c in shown) + ".")


@task("search_reveal")
def search_reveal(game) -> None:
    st = game.extra[KEY]
    category = next(c for c in all_categories() if c.key == st.category)
    start = len(st.aside)
    while (card := _reveal(game, st)) is not None:
        design = game.design[card]
        maybe = optional(design, category)
        if not maybe and not matches(design, category):
            continue
        _say_revealed(game, st, start)
        if st.passed and not maybe:
            _end(game, st, card)
            return
        options = (card,) + (() if st.passed else (PASS,)) + ((IGNORE,) if maybe else ())
        game.ask(Decision("search_take", st.player, options, None,
                          f"Search: take {game.name(card)}"
                          + ("" if st.passed else ", or pass to take the next match")
                          + (", or do not count it" if maybe else ""),
                          {"labels": {IGNORE: "ignore (do not count it)"}}),
                 "search_taken")
        return
    _say_revealed(game, st, start)
    _end(game, st, None)


@task("search_taken")
def search_taken(game, answer: int) -> None:
    st = game.extra[KEY]
    if answer in (PASS, IGNORE):
        st.passed = st.passed or answer == PASS
        game.push(("search_reveal",))
        return
    _end(game, st, answer)


def _end(game, st: SearchState, found: int | None) -> None:
    p = game.players[st.player]
    game.discard_pile.extend(c for c in st.aside if c != found)
    if found is None:
        # « la recherche échoue : le joueur ne prend pas de carte mais conserve sa carte »
        p.spent = p.spent - {CARD}
        game.log(-1, f"{p.name}'s search fails; the Prestige/Search card is kept.")
    else:
        p.hand.append(found)
        game.log(-1, f"{p.name} takes {game.name(found)} from the search.")
    st.player, st.category, st.aside, st.passed, st.reshuffled = -1, "", [], False, False
