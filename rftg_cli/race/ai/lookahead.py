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

from rftg_cli.decision import Decision
from ..engine.game import Game
from ..engine.determinize import determinize as engine_determinize
from ..engine.determinize import hidden_cards  # noqa: F401  (part of the AI's API)
from rftg_cli.rng import Rng
from .heuristic import evaluate, greedy_answer, guess_action, rounds_left
from rftg_cli.players.why import Why
from rftg_cli.words import plural

ACTION_SAMPLES = 3        # determinizations per action-card decision
ACTION_HORIZON = 2        # rounds played out after an action-card choice (the next with greedy
                          # action cards: what the choice sets up matters, not just its round)
MAX_OPTIONS = 10          # candidate answers tried for other choices
ROLLOUT_LIMIT = 200       # safety net: decisions played in one simulated stretch
RULED = ("start_world",)  # answered by their rule (`ai_start`): before any phase, nothing to
                          # play out


def extra_hidden_lists(game: Game) -> list[list[int]]:
    """The hidden card lists of expansion state (`engine.extra`), in key order."""
    return game.extra.hidden_card_lists()


def determinize(game: Game, player: int, rng: Rng) -> Game:
    """The engine's determinization (`engine.determinize`), with the other seats' secret
    action cards guessed the way this AI plays rather than uniformly."""
    return engine_determinize(game, player, rng, action_guess=guess_action)


def advised(game: Game, decision: Decision) -> tuple:
    """The action choices worth weighing: the plugins' rules for their once-per-game cards
    (`rules.action_advice`) narrow them."""
    options = decision.options
    for advice in game.rules.action_advice:
        options = advice(game, decision.player, options)
    return options


def rollout(game: Game, rng: Rng, until) -> None:
    """Answer greedily until `until(game)` holds or the game is over."""
    for _ in range(ROLLOUT_LIMIT):
        if game.over or until(game):
            return
        decision = game.pending
        assert decision is not None   # a game not over waits for an answer
        game.apply(greedy_answer(game, decision, rng))


class AISeat:
    """A look-ahead AI that sees only its own seat's information. Deterministic per seed."""

    kind = "ai"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.last_why: Why | None = None    # what the last decision considered (`why`)

    def choose(self, game: Game, decision: Decision):
        if decision.count is not None or len(decision.options) == 1 or \
                decision.kind in RULED:
            answer = greedy_answer(game, decision, self.rng)
            self.last_why = Why(decision.player, decision.kind, "a quick rule of thumb",
                                [(answer, None, 0)], answer)
            return answer
        if decision.kind == "action":
            return self._best(game, decision, advised(game, decision), ACTION_SAMPLES,
                              _round_over)
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
        horizon = "the end of the next round" if samples > 1 else "the end of the phase"
        self.last_why = Why(player, decision.kind,
                            f"played each option on to {horizon} in "
                            f"{plural(samples, 'imagined deal')}, judged the position reached",
                            [(o, totals[k] / samples, samples) for k, o in enumerate(options)],
                            options[best], unit="its rough position value (VP ahead of "
                                                "the best other player)")
        return options[best]


def _round_over(game: Game):
    end = game.round + ACTION_HORIZON
    return lambda g: g.round >= end


def _phase_over(game: Game):
    start = (game.round, game.phase, game.instance)
    return lambda g: (g.round, g.phase, g.instance) != start
