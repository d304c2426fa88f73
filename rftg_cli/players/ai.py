"""The AI seat: one-ply look-ahead over determinized copies of the game.

For a decision it (1) *determinizes*: copies the game and deals the cards it cannot see
(other hands, the deck, the discard pile, goods, other seats' face-down choices) anew among
those hidden places, keeping every count, so its answer depends only on its own view;
(2) tries each candidate answer on such a copy and plays on with the greedy answers of
`ai_heuristic` (to the end of the round for action cards, to the end of the phase otherwise);
(3) keeps the answer whose outcome `evaluate`s best. Picks (which cards to discard) are
answered greedily: the look-ahead adds little there and costs much.
"""

from __future__ import annotations

from ..engine.decision import Decision
from ..engine.game import Game
from ..rng import Rng
from .ai_heuristic import evaluate, greedy_answer, guess_action, rounds_left

ACTION_SAMPLES = 3        # determinizations per action-card decision
ACTION_HORIZON = 2        # rounds played out after an action-card choice (the next with greedy
                          # action cards: what the choice sets up matters, not just its round)
MAX_OPTIONS = 10          # candidate answers tried for other choices
ROLLOUT_LIMIT = 200       # safety net: decisions played in one simulated stretch


def extra_hidden_lists(game: Game) -> list[list[int]]:
    """The hidden card lists held by expansion state in `game.extra`: every value that has a
    `hidden_card_lists()` method (e.g. an opponent's face-down pile) gives the list
    objects whose contents and order are hidden (their sizes are public). In key order, so a
    copy of the game gives its lists in the same order."""
    return game.extra.hidden_card_lists()


def hidden_cards(game: Game, player: int) -> list[int]:
    """Every card `player` cannot see, sorted (so the result does not leak their order)."""
    cards = list(game.deck) + list(game.discard_pile)
    for i, p in enumerate(game.players):
        cards.extend(p.goods.values())
        if i != player:
            cards.extend(p.hand)
            cards.extend(p.explore_seen)
    for hidden in extra_hidden_lists(game):
        cards.extend(hidden)
    cards.sort()
    return cards


def determinize(game: Game, player: int, rng: Rng) -> Game:
    """A copy of `game` in which what `player` cannot see is dealt anew at random.

    Other hands, other seats' explore draws, the deck, the discard pile, the goods (face
    down for everyone) and the hidden card lists of expansion state (`extra_hidden_lists`:
    an opponent's pile) get a random arrangement of the same hidden cards, each place keeping
    its count. The copy's RNG is reseeded (future shuffles are unknown too), and other seats'
    secret choices (action cards before the reveal, the development or world chosen face down)
    are replaced by a guess from the new hands.
    """
    pool = hidden_cards(game, player)
    rng.shuffle(pool)
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
            p.hand = deal(len(p.hand))
            p.explore_seen = deal(len(p.explore_seen))
    for hidden in extra_hidden_lists(new):
        hidden[:] = deal(len(hidden))
    _guess_secret_choices(new, player, rng)
    return new


def _guess_secret_choices(game: Game, player: int, rng: Rng) -> None:
    """Replace the face-down choices already made by seats asked before `player` (their
    action cards, or the development / world they chose, passing included) by guesses."""
    from ..engine.develop import PASS as DEVELOP_PASS
    from ..engine.develop import can_develop
    from ..engine.round import action_options
    from ..engine.settle import face_down_options

    decision = game.pending
    kind = decision.kind if decision is not None and decision.player == player else ""
    for i, p in enumerate(game.players):
        if i == player:
            continue
        if kind == "action" and p.actions:
            p.actions = tuple(guess_action(game, i, action_options(game), rng))
        elif kind == "develop" and i < player:
            options = [c for c in p.hand if can_develop(game, i, c)] + [DEVELOP_PASS]
            p.placing = rng.choice(options)
        elif kind == "settle" and "ways" in decision.info and i < player:
            # Only the face-down choice is secret: after the reveal every world is public.
            p.placing = rng.choice(face_down_options(game, i)[0])


def rollout(game: Game, rng: Rng, until) -> None:
    """Answer greedily until `until(game)` holds or the game is over."""
    for _ in range(ROLLOUT_LIMIT):
        if game.over or until(game):
            return
        decision = game.pending
        game.apply(greedy_answer(game, decision, rng))


class AISeat:
    """A look-ahead AI that sees only its own seat's information. Deterministic per seed."""

    kind = "ai"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    def choose(self, game: Game, decision: Decision):
        if decision.count is not None or len(decision.options) == 1:
            return greedy_answer(game, decision, self.rng)
        if decision.kind == "action":
            return self._best(game, decision, decision.options, ACTION_SAMPLES, _round_over)
        options = list(decision.options)
        if len(options) > MAX_OPTIONS:
            keep = greedy_answer(game, decision, self.rng)
            options = [keep] + self.rng.sample([o for o in options if o != keep],
                                               MAX_OPTIONS - 1)
        return self._best(game, decision, options, 1, _phase_over)

    def _best(self, game: Game, decision: Decision, options, samples: int, until_factory):
        player = decision.player
        left = rounds_left(game)
        totals = [0.0] * len(options)
        for _ in range(samples):
            world = determinize(game, player, self.rng)
            stop = until_factory(world)
            # Every option meets the same future (same shuffles, same greedy tie-breaks), so
            # the comparison measures the option and not the luck of its rollout.
            future = self.rng.spawn()
            for k, option in enumerate(options):
                trial = world.copy()
                trial.rng = future.copy()
                trial.apply(option)
                rollout(trial, future.copy(), stop)
                totals[k] += evaluate(trial, player, left - (trial.round - game.round))
        best = max(range(len(options)), key=lambda k: totals[k])
        return options[best]


def _round_over(game: Game):
    end = game.round + ACTION_HORIZON
    return lambda g: g.round >= end


def _phase_over(game: Game):
    start = (game.round, game.phase, game.instance)
    return lambda g: (g.round, g.phase, g.instance) != start
