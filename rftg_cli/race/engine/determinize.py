"""Determinization: a copy of the game as one seat could imagine it.

Everything the seat cannot see (other hands and explore draws, the deck, the discard pile,
the goods, which lie face down, the hidden card lists of expansion state) is dealt anew from
the same hidden cards, each place keeping its count; the copy's RNG is reseeded (future
shuffles are unknown too); the face-down choices other seats have made and the seat has not
seen (action cards before the reveal, a development or world chosen face down) are replaced
by guesses. What the seat sees is unchanged, so an answer computed on such copies depends
only on the seat's own information.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rftg_cli.rng import Rng
from .game import Game


def hidden_cards(game: Game, player: int) -> list[int]:
    """Every card `player` cannot see, sorted (so the result does not leak their order)."""
    cards = list(game.deck) + list(game.discard_pile)
    for i, p in enumerate(game.players):
        cards.extend(p.goods.values())
        if i != player:
            cards.extend(p.hand)
            cards.extend(p.explore_seen)
            cards.extend(p.start_worlds)
    for hidden in game.extra.hidden_card_lists():
        cards.extend(hidden)
    cards.sort()
    return cards


def revealed_in_hand(game: Game, player: int) -> dict[int, int]:
    """Seat -> the development or world it chose face down, once every choice is revealed
    (it is still in that hand until placed, but every seat has seen it)."""
    decision = game.pending
    if decision is not None and decision.player == player and (
            decision.kind == "develop" or (decision.kind == "settle" and "ways" in decision.info)):
        return {}           # face down: earlier seats' choices are guessed instead
    out = {}
    for i, p in enumerate(game.players):
        placing = p.placing if isinstance(p.placing, int) else p.placing[0]
        if i != player and placing >= 0 and placing in p.hand:
            out[i] = placing
    return out


def _guess_start_worlds(game: Game, player: int, pool: list[int]) -> dict[int, list[int]]:
    """Seat -> the start worlds it holds face down (start-world choice), guessed among the
    hidden start worlds and taken out of `pool` (shuffled): a red and a blue one while it
    chooses, then any one (cards after it are ordinary hidden cards). Pairs are guessed
    first, so every colour suffices."""
    design = game.design
    guesses: dict[int, list[int]] = {}
    choosing = [i for i, p in enumerate(game.players) if i != player and _is_pair(game, p)]
    chosen = [i for i, p in enumerate(game.players)
              if i != player and p.start_worlds and i not in choosing]
    for i in choosing + chosen:
        wanted = ("red", "blue") if i in choosing else ("",)
        guesses[i] = []
        for color in wanted:
            at = next(k for k, c in enumerate(pool) if design[c].is_start_world
                      and (not color or design[c].start_color == color))
            guesses[i].append(pool.pop(at))
    return guesses


def _is_pair(game: Game, p) -> bool:
    """Still choosing: the two start worlds dealt (one of each colour), none kept yet."""
    worlds = p.start_worlds
    return len(worlds) == 2 and all(game.design[c].is_start_world for c in worlds) and \
        game.design[worlds[0]].start_color != game.design[worlds[1]].start_color


def uniform_action_guess(game: Game, seat: int, options: Sequence, rng: Rng) -> Any:
    return rng.choice(options)


def determinize(game: Game, player: int, rng: Rng,
                action_guess: Callable = uniform_action_guess) -> Game:
    """A copy of `game` in which what `player` cannot see is dealt anew at random;
    `action_guess(game, seat, options, rng)` guesses another seat's secret action cards."""
    known = revealed_in_hand(game, player)
    pool = hidden_cards(game, player)
    for card in known.values():
        pool.remove(card)
    rng.shuffle(pool)
    starts = _guess_start_worlds(game, player, pool)
    new = game.copy()
    new.history = []
    new.rng = rng.spawn()
    at = 0

    def deal(n: int) -> list[int]:
        nonlocal at
        out = pool[at:at + n]
        at += n
        return out

    new.deck = deal(len(new.deck))
    new.discard_pile = deal(len(new.discard_pile))
    for i, p in enumerate(new.players):
        for world in sorted(p.goods):
            p.goods[world] = deal(1)[0]
        if i != player:
            p.hand = deal(len(p.hand) - (i in known)) + ([known[i]] if i in known else [])
            p.explore_seen = deal(len(p.explore_seen))
            p.kept = ()         # which of its cards it kept is its own secret
            if p.start_worlds:
                kept = starts[i]
                p.start_worlds = kept + deal(len(p.start_worlds) - len(kept))
    for hidden in new.extra.hidden_card_lists():
        hidden[:] = deal(len(hidden))
    _guess_secret_choices(new, player, rng, action_guess)
    return new


def _guess_secret_choices(game: Game, player: int, rng: Rng, action_guess: Callable) -> None:
    """Replace the face-down choices already made by seats asked before `player` (their
    action cards, or the development / world they chose, passing included) by guesses."""
    from .develop import PASS as DEVELOP_PASS
    from .develop import can_develop
    from .round import action_options
    from .settle import face_down_options

    decision = game.pending
    kind, info = "", {}
    if decision is not None and decision.player == player:
        kind, info = decision.kind, decision.info
    for i, p in enumerate(game.players):
        if i == player:
            continue
        if kind == "action" and p.actions and i not in info.get("seen", {}):
            p.actions = tuple(action_guess(game, i, action_options(game, i), rng))
        elif kind == "develop" and i < player:
            options = [c for c in p.hand if can_develop(game, i, c)] + [DEVELOP_PASS]
            p.placing = rng.choice(options)
        elif kind == "settle" and "ways" in info and i < player:
            # Only the face-down choice is secret: after the reveal every world is public.
            p.placing = rng.choice(face_down_options(game, i)[0])
            p.settle_ways = None    # its ways are found at its reveal
