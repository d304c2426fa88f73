"""Helpers for power tests: build a constructed position, then run one phase of it.

A `Table` wraps a fresh game whose cards have all been put back in the deck: tests then
give players the exact hands, tableaux and goods they need (by card name), stack the top of
the deck, set the action cards chosen and run one phase through the engine's task stack,
answering its decisions. (This module holds no tests.)
"""

from __future__ import annotations

from rftg_cli.config import GameConfig
from rftg_cli.expansions.expert import EXPERT_ACTIONS
from rftg_cli.plugins import new_game

from tests.helpers import registry


def sets_config(*sets: str, players: int = 2, takeovers: bool = False) -> GameConfig:
    """A game with these card sets, goals off (built by others), takeovers off unless
    asked for."""
    return GameConfig(players=players, expansions=sets,
                      options=(("goals", "off"), ("takeovers", "on" if takeovers else "off")))


# Power kinds that other branches build (takeovers, when they are on); a position that
# holds those cards but does not test them registers them inert (`allow_unplayed`).
NOT_UNDER_TEST = "not under test"


class Table:
    def __init__(self, players: int = 2, seed: int = 1, expert: bool = False,
                 config: GameConfig | None = None, plugins=None,
                 sets: tuple[str, ...] = (), takeovers: bool = False) -> None:
        """`config` and `plugins` (a registry): a position in a game with those expansions;
        `sets`: with those card sets (goals off; takeovers off unless `takeovers`)."""
        if sets:
            game = _game_with_sets(sets, players, seed, plugins or registry(), takeovers)
        else:
            game = new_game(config or GameConfig(players=players), seed,
                            registry=plugins or registry())
        if expert:
            game.rules.actions = EXPERT_ACTIONS
            game.rules.picks_per_round = 2
        game.pending = None
        game.resume = None
        game.tasks.clear()
        everything = list(game.deck) + list(game.discard_pile)
        for p in game.players:
            everything += p.hand + p.tableau + list(p.goods.values()) + p.explore_seen + \
                p.start_worlds
            p.hand, p.tableau, p.goods, p.explore_seen, p.start_worlds = [], [], {}, [], []
            p.active, p.placed, p.produced, p.used = (), [], [], set()
            p.vp = 0
        game.discard_pile = []
        # A fixed deck order: known filler cards on top unless a test stacks its own.
        game.deck = sorted(everything, reverse=True)
        game.pool = game.rules.vp_per_player * players
        game.round = 1
        # Timing order by seat: the position is constructed, not the start worlds the seed dealt.
        game.order = tuple(range(players))
        game.over = False
        game.events = []
        self.game = game

    # ------------------------------------------------------------------ cards

    def take(self, name: str) -> int:
        """A physical copy of the named card, taken out of the deck."""
        g = self.game
        for c in g.deck:
            if g.design[c].name == name:
                g.deck.remove(c)
                return c
        raise KeyError(f"no copy of {name!r} left in the deck")

    def filler(self, n: int = 1) -> list[int]:
        """Cards from the deck used as plain cards (hand padding, goods): powerless cards
        first, so a test's named cards stay available."""
        g = self.game
        out = []
        for _ in range(n):
            plain = [c for c in g.deck if not g.design[c].powers and not g.design[c].vp_rules]
            c = plain[0] if plain else g.deck[0]
            g.deck.remove(c)
            out.append(c)
        return out

    def hand(self, player: int, *names: str, extra: int = 0) -> list[int]:
        """Add the named cards (returned) and `extra` plain cards to a hand."""
        cards = [self.take(n) for n in names]
        self.game.players[player].hand.extend(cards + self.filler(extra))
        return cards

    def pad(self, player: int, n: int) -> list[int]:
        """Add n plain cards to a hand; returns them."""
        cards = self.filler(n)
        self.game.players[player].hand.extend(cards)
        return cards

    def tableau(self, player: int, *names: str) -> list[int]:
        cards = [self.take(n) for n in names]
        self.game.players[player].tableau.extend(cards)
        return cards

    def good(self, player: int, world: int) -> int:
        """Put a face-down good on a world of this player's tableau."""
        good = self.filler(1)[0]
        self.game.players[player].goods[world] = good
        return good

    def stack(self, *names: str) -> list[int]:
        """Put these cards on top of the deck; the first name is drawn first."""
        cards = [self.take(n) for n in names]
        self.game.deck.extend(reversed(cards))
        return cards

    # ------------------------------------------------------------------ running phases

    def start(self, phase: str, actions=None, instances: int = 1) -> None:
        """Start `phase` (Explore..Produce) with these action cards chosen per player, and
        run until the first decision (or the end of the phase)."""
        g = self.game
        actions = actions or {}
        for i, p in enumerate(g.players):
            p.actions = tuple(actions.get(i, ()))
        g.pending = None
        g.tasks.clear()
        g.over = False
        g.push(*[("phase", phase, i) for i in range(instances)])
        g.run()

    def answer(self, *answers) -> None:
        for a in answers:
            self.game.apply(a)

    def settle(self, option) -> None:
        """Settle as the rulebook plays it: the world face down, then, once revealed, the way
        `option` says (`(world, how, powers)`; the engine plays a world's only way itself)."""
        world = option[0]
        self.answer(option if world == -1 else (world, "place", ()))
        d = self.game.pending
        if world != -1 and d is not None and d.kind == "settle" and option in d.options:
            self.answer(option)

    def finish(self, policy=None) -> None:
        """Answer every decision left with `policy(decision)` or the default: pass on
        develop/settle, the first legal choice, the lowest cards for a pick."""
        g = self.game
        while g.pending is not None:
            d = g.pending
            answer = policy(d) if policy else None
            if answer is None:
                answer = default_answer(d)
            g.apply(answer)

    def run(self, phase: str, actions=None, policy=None, instances: int = 1) -> None:
        self.start(phase, actions, instances)
        self.finish(policy)

    @property
    def pending(self):
        return self.game.pending

    def p(self, i: int):
        return self.game.players[i]

    def names(self, cards) -> list[str]:
        return sorted(self.game.design[c].name for c in cards)


def _game_with_sets(sets, players, seed, plugins, takeovers=False):
    from rftg_cli.race.cards.loader import load_cards
    from rftg_cli.race.engine import Game
    from rftg_cli.race.engine.game import deck_designs
    from rftg_cli.plugins import with_implied
    from rftg_cli.race.base_game import build_rules

    config = sets_config(*with_implied(sets, plugins), players=players, takeovers=takeovers)
    rules = build_rules(config, plugins)
    rules.powers.allow_unplayed(deck_designs(load_cards(), rules), NOT_UNDER_TEST)
    return Game(config, seed, rules, load_cards())


def default_answer(decision):
    if decision.count is None:
        for passing in ((-1, "pass", ()), -1, (-1, -1, ())):
            if passing in decision.options:
                return passing
        return decision.options[0]
    low, _ = decision.count
    return tuple(sorted(decision.options)[:low])
