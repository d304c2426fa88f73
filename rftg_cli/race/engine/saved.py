"""Cards saved (tucked face down) under a tableau card: Galactic Scavengers (The Brink of
War, « Sauver une carte d'un paiement »: after reductions, one card of a payment goes under
it; « Piocher les cartes sauvées »: in Produce its owner takes them all into hand; « Si ce
monde est défaussé du tableau, les cartes sauvées sont défaussées »).

The cards live in `game.extra["saved"]` (an `engine.extra` state): their number is public,
their faces hidden, so a determinization deals them anew like any hidden card.
"""

from __future__ import annotations

from rftg_cli.words import plural
from rftg_cli.decision import Decision
from .game import Game, task

KEY = "saved"


class SavedCards:
    def __init__(self) -> None:
        self.under: dict[int, list[int]] = {}      # tableau card -> cards saved under it

    def copy(self) -> SavedCards:
        new = SavedCards()
        new.under = {w: cards.copy() for w, cards in self.under.items()}
        return new

    def digest_part(self) -> str:
        return repr(sorted(self.under.items()))

    def view(self, player: int) -> dict:
        return {"saved": {w: len(cards) for w, cards in sorted(self.under.items())}}

    def hidden_card_lists(self) -> list[list[int]]:
        return [self.under[w] for w in sorted(self.under)]

    def cards(self) -> list[int]:
        return [c for w in sorted(self.under) for c in self.under[w]]


def saved_under(game: Game, card: int) -> list[int]:
    state = game.extra.get(KEY)
    return [] if state is None else list(state.under.get(card, ()))


def save(game: Game, card: int, saved: int) -> None:
    state = game.extra.get(KEY)
    if state is None:
        state = game.extra[KEY] = SavedCards()
    state.under.setdefault(card, []).append(saved)


def take_saved(game: Game, player: int, card: int) -> None:
    """The owner takes every card saved under `card` into hand."""
    state = game.extra.get(KEY)
    cards = [] if state is None else state.under.pop(card, [])
    if cards:
        game.players[player].hand.extend(cards)
        game.log(-1, f"{game.players[player].name} takes the {plural(len(cards), 'card')} saved "
                     f"under {game.name(card)}.")


def discard_saved(game: Game, card: int) -> None:
    """A card leaves its tableau: the cards saved under it are discarded."""
    state = game.extra.get(KEY)
    if state is not None and card in state.under:
        game.discard_pile.extend(state.under.pop(card))


def ask_save(game: Game, player: int, card: int, candidates, then_discard, why: str) -> None:
    """Ask which one of `candidates` (cards in hand) to save under `card`; the rest of
    `then_discard` is discarded after. The save is not optional: « mettre 1 carte du
    paiement d'un développement sous ce monde » (as Keldon's engine plays it: one card paid
    is saved unasked), and so the start power's card from the hand."""
    game.ask(Decision("save_card", player, tuple(candidates), (1, 1),
                      f"{game.name(card)}: save one of the cards {why} under it"),
             "card_saved", player, card, tuple(then_discard))


@task("card_saved")
def card_saved(game: Game, answer: tuple, player: int, card: int, then_discard: tuple) -> None:
    p = game.players[player]
    for c in answer:
        p.hand.remove(c)
        save(game, card, c)
        game.log(-1, f"{p.name} saves a card under {game.name(card)}.")
    game.discard_from_hand(player, [c for c in then_discard if c not in answer])
