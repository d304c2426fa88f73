"""Helpers for the robot tests: build solo games, rig the robot's pile and the deck top."""

from __future__ import annotations

from rftg_cli.expansions.robot import phases

from rftg_cli.race.cards.loader import load_cards
from rftg_cli.config import GameConfig
from rftg_cli.race.engine import Game
from rftg_cli.race.base_game import build_rules

from tests.helpers import every_card_place, registry

ALL_SETS = ("tgs", "rvi", "bow")


def solo_config(difficulty: str = "normal") -> GameConfig:
    return GameConfig(players=1, expansions=("robot",), options=(("difficulty", difficulty),))


def make_game(seed: int = 1, difficulty: str = "normal", sets=(), record: bool = True) -> Game:
    """A solo game; `sets` adds card sets for the robot's own rules (its start-world markers,
    how it treats their cards). Their power kinds that no plugin handles yet are registered
    here as inert, so these tests exercise the robot, not those powers."""
    config = solo_config(difficulty)
    rules = build_rules(config, registry())
    rules.card_sets |= set(sets)
    db = load_cards()
    rules.powers.allow_unplayed(db.cards, "inert in robot tests")
    return Game(config, seed, rules, db, record=record)


def all_places(game: Game) -> list[int]:
    """every_card_place, which counts the robot's pile and tableau too."""
    return every_card_place(game)


def assert_cards_in_one_place(game: Game) -> None:
    assert sorted(all_places(game)) == list(range(len(game.design))), \
        "a card is lost or in two places"


def take(game: Game, pred, n: int = 1, exclude=()) -> list[int]:
    """Take n cards matching pred(card design) out of the deck (refilled from the discard
    pile if needed)."""
    out = []
    for pile in (game.deck, game.discard_pile):
        for c in list(pile):
            if len(out) == n:
                break
            if c not in exclude and pred(game.design[c]):
                pile.remove(c)
                out.append(c)
    assert len(out) == n, "not enough matching cards"
    return out


def named(game: Game, name: str) -> int:
    return take(game, lambda d: d.name == name)[0]


def reset_robot(game: Game, world: str | None = "Old Earth"):
    """Give the robot's cards back to the deck and set it up again with `world`."""
    st = game.extra["robot"]
    game.deck.extend(st.pile + st.tableau)
    st.pile.clear()
    st.tableau.clear()
    human = game.players[0]
    for i, c in enumerate(human.tableau):
        if game.name(c) == world:            # the human has it: give the human another one
            other = take(game, lambda d: d.is_start_world and d.name != world
                         and not d.windfall)[0]
            human.tableau[i] = other
            if c in human.goods:
                game.discard_pile.append(human.goods.pop(c))
            game.deck.append(c)
    for i, c in enumerate(human.hand):
        if game.name(c) == world:            # dealt to the human: swap it for a deck card
            human.hand[i] = take(game, lambda d: d.name != world)[0]
            game.deck.append(c)
    card = named(game, world) if world else None
    return phases.start(game, card)


def set_pile(game: Game, st, cards: list[int]) -> None:
    """The robot's pile becomes exactly `cards` (the last one is flipped first)."""
    game.deck.extend(st.pile)
    st.pile[:] = cards


def put_on_deck(game: Game, cards: list[int]) -> None:
    """Put these cards (already out of every other place) on top of the deck; the last one
    is drawn first."""
    game.deck.extend(cards)


class Dice:
    """Stands in for game.rng in `select`: returns the given faces in order."""

    def __init__(self, faces):
        self.faces = list(faces)

    def choice(self, seq):
        face = self.faces.pop(0)
        assert face in seq
        return face


# Card predicates
def non_dev_world(d):
    return d.is_world and not d.military and not d.is_start_world


def military(d):
    return d.is_world and d.military and not d.is_start_world


def dev_not_six(d):
    return d.is_development and not d.is_six_cost


def six_dev(d):
    return d.is_six_cost
