"""The search levels of the AI seat: Monte Carlo look-ahead over imagined deals.

For a decision worth searching (action cards, which world or development to place, how to
use goods, which cards to keep, pay with or discard) the seat takes every distinct candidate
(action cards with the same effect are one candidate; other decisions: the ones its quick
play, `ai_policy`, rates best), then spends a fixed budget of simulated games on them in
rounds of *successive halving*: each round plays every surviving candidate in a few new
imagined deals (`imagine`: the cards it cannot see dealt anew, the other seats' secret action
cards guessed from what they hold and from the ones they showed in earlier rounds, `Habits`),
every seat answering with the quick play (an automated opponent plays by its own rules), to
the end of the round (of the game when it is near: the last rounds are judged by the final
scores), judges the position reached and keeps the better half by mean value. Against an
automated opponent the judgement is learned (`ai_value`: the final margin foreseen, and a
bonus for winning by its chance); between seats it is `evaluate` with `promising_worth` (VP
ahead of the best other player, engines valued by the rounds left, the best cards in hand by
what they promise); a finished game counts its final scores, plus a bonus for winning; a
lead far from even counts for less (`judged`), and the rounds until the end a leading play
should bring count against it (`waited`: a won game is ended, not farmed). Every candidate meets the same deals and the
same future shuffles, so the comparison measures the candidate, not the luck of its games.
The budget is a count of simulated games (the normal level's capped by the decisions they
simulate, `Level.play_work`), never a clock, so the answer depends only on the seed and what
the seat sees.

`last_why` keeps what the last decision considered and the value it gave each option.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import tanh

from rftg_cli.decision import Decision
from ..engine.determinize import determinize as engine_determinize
from ..engine.game import Game
from ..engine.scoring import score
from rftg_cli.rng import Rng
from rftg_cli.race.ai import value as ai_value
from .lookahead import advised
from .heuristic import (
    SEAT_DRAIN,
    SEAT_GROWTH,
    evaluate,
    guess_action,
    picks_cards,
    player_worth,
    rivals,
    rounds_left,
)
from .policy import (
    bonus_to_come,
    discard_worth,
    keep_worth,
    policy_answer,
    ranked_actions,
)
from rftg_cli.players.halving import halving
from rftg_cli.players.why import QUICK, Why

WIN_BONUS = 8.0            # a simulated game won is worth this many points of margin
LEAD_SCALE = 20.0          # margins far beyond this many VP are worth little more (`judged`)
ROLLOUT_LIMIT = 400        # safety net: decisions played in one simulated stretch
SEARCHED = ("action", "develop", "settle", "consume", "trade", "upgrade", "windfall",
            "develop_way", "produce_order")


@dataclass(frozen=True)
class Level:
    """A search level: how many simulated stretches a decision may cost."""

    name: str
    action_games: int      # budget for an action-card decision (in 2-seat games: `budget`)
    other_games: int       # budget for other searched decisions (the same)
    shortlist: int         # candidates of other decisions kept from the quick ranking
    min_deals: int = 2     # deals each candidate meets in each round, at least
    horizon: int = 1       # rounds simulated before judging the position (alone)
    # ... between seats: two rounds let a good produced meet the Consume that takes it, and
    # its seat call Produce and Consume as Keldon's AI does (with goods judged by what they
    # consume for, `ai_heuristic.GOOD_CONSUMED`: +2.3 VP of margin over 300 games against
    # it, docs/ai.md). Alone, where answers are not capped (`play_work`), one round: two
    # would double the time to answer for a margin measured no different.
    seats_horizon: int = 1
    near_end: float = 2.5  # rounds left (`rounds_left`) below which it plays to the end
    end_horizon: int = 3   # ... of the game, at most this many rounds
    # Discards searched (`discard_shortlist`): Explore's, payments, the start, the hand limit
    # (+1.3 VP of margin in 400 solo games at the highest level, seeds 1000 and 3000).
    discards: tuple[str, ...] = ("explore", "pay", "start_discard", "hand_limit")
    learned: bool = True   # judge by the learned judgement where it applies (`ai_value`)
    # Decisions a simulated play of two seats may cost on average (each judgement counted
    # as one) in a game between seats: a costlier position (the last rounds, played to the
    # end of the game; more seats than `budget` allows for) gets proportionally fewer plays,
    # so that it takes about as long to answer as the others. 0: no limit. (Alone against an
    # automated opponent a play is one seat's decisions, and answers come within half a
    # second without a limit, which would cost 0.4 VP a game there.)
    play_work: float = 0.0
    # A round more before the game should end (`ends`) costs this much, times how sure the
    # lead is (`waited`), when the search ranks a play that leads: far ahead, where a
    # bigger lead is worth almost nothing more (`judged`), a win this round beats the same
    # win a round later, which the next round would put off again, and a card placed now
    # beats a good consumed for a lead it does not need (at 0.1 a round, counted over the
    # rounds simulated only, a game against a player who only presses Enter ran past 2,000
    # rounds, and seed 11 past 260).
    delay: float = 2.0


LEVELS = {
    "normal": Level("normal", action_games=900, other_games=48, shortlist=6, play_work=7.0,
                    seats_horizon=2),
    "strong": Level("strong", action_games=2700, other_games=144, shortlist=10, min_deals=4,
                    seats_horizon=2),
}


def margin(game: Game, player: int) -> tuple[float, float]:
    """A finished game's worth to `player`: its final score less the best other score (seats
    and automated opponents), and the bonus for winning (half of it for a tie)."""
    mine = score(game, player).total
    others = [score(game, i).total for i in range(len(game.players)) if i != player]
    others += [r.result(game).score for r in rivals(game)]
    best = max(others, default=0)
    return mine - best, WIN_BONUS if mine > best else WIN_BONUS / 2 if mine == best else 0.0


def judged(lead: float) -> float:
    """A lead as the search counts it: about the lead in a close game, saturating far from
    it. So a game won now by 60 VP is worth more than an unfinished lead of 80 (the win
    bonus comes only with the end): far ahead, the search ends the game instead of growing a
    lead it never cashes (against a seat that only explores it kept exploring for hundreds
    of rounds)."""
    return LEAD_SCALE * tanh(lead / LEAD_SCALE)


def waited(lead: float, rounds: float, delay: float) -> float:
    """What playing `rounds` more rounds costs a play that leads by `lead`: `delay` a
    round, times how sure the lead is (nothing when even, all of it far ahead, where a
    bigger lead is worth almost nothing more but a round is a round)."""
    return delay * rounds * max(0.0, tanh(lead / LEAD_SCALE))


def ends(game: Game, left: float, start: float) -> float:
    """The round a game played on from a position with `left` rounds left (`rounds_left`)
    and `start` progress (`nearer_end`) should end in: its last round when over, else
    the rounds left then less the progress made since."""
    if game.over:
        return game.round
    return game.round + max(0.0, left - (nearer_end(game) - start))


def nearer_end(game: Game) -> float:
    """How many rounds nearer its end the game has come, at the pace `rounds_left` assumes
    (a round places `SEAT_GROWTH` cards, takes `SEAT_DRAIN` VP chips a seat): every card
    placed and chip taken so far, by any seat, brings the end closer."""
    cards = sum(len(p.tableau) for p in game.players)
    chips = game.rules.vp_per_player * len(game.players) - game.pool
    return cards / SEAT_GROWTH + chips / (SEAT_DRAIN * len(game.players))


HEURISTIC_UNIT = ("its judgement of the position reached (VP ahead of the best other player, "
                  "engine and hand included; a lead far from even counts for less when it "
                  "chooses)")
LEARNED_UNIT = ("the final margin over its automated opponent it foresees from the position "
                "reached (its judgement learned from whole games: the margin then, plus what "
                "its engine, hand and goods and the opponent's prospect should still bring; "
                f"plus {WIN_BONUS:.0f} VP times its chance to win; a lead far from even counts "
                "for less when it chooses)")
# VP per VP of promise of the best cards in hand, tuned in play: between seats 0.1, 0.22, 0.4
# and 0.6 won 40%, 50%, 46% and 37% of 200 two-player games against 0.3 (bench/research/levels.py).
HAND_QUALITY = 0.3
BEST_KEPT = 4              # the cards in hand whose promise counts
HABIT_PRIOR = 2.0          # rounds of a seat's own choices the quick guess is worth
BUDGET_SEATS = 2           # a level's budgets are simulated games of this many seats


def budget(game: Game, games: int) -> int:
    """A level's budget of `games` for this game: every seat plays each simulated round, so
    a game of more seats gets proportionally fewer simulated games, for about the same time
    to answer (one seat against an automated opponent: the whole budget)."""
    return games * BUDGET_SEATS // max(BUDGET_SEATS, len(game.players))


def promising_worth(game: Game, player: int, left: float) -> float:
    """A seat's worth (`ai_heuristic.player_worth`: score, engine by the rounds left, hand
    size, goods, tableau) plus what the best cards in its hand promise and what its 6-cost
    developments should still gain (counted for a card in hand, so for a card placed too:
    else holding one would look better than placing it)."""
    p = game.players[player]
    hand = len(p.hand)
    promise = sorted((keep_worth(game, player, c, hand, left) for c in p.hand), reverse=True)
    to_come = sum(bonus_to_come(game, player, c, left) for c in p.tableau
                  if game.design[c].vp_rules)
    # Cards in hand promise only what can still be placed: little in the last round.
    return player_worth(game, player, left) + to_come + HAND_QUALITY * min(1.0, left) * sum(
        v for v in promise[:BEST_KEPT] if v > 0)


def play_out(game: Game, rng: Rng, end_round: int, guess=None, me: int = -1) -> None:
    """Answer with the quick play until round `end_round` begins or the game is over; the
    other seats' action cards by `guess(game, seat, options, rng)` if given."""
    for _ in range(ROLLOUT_LIMIT):
        if game.over or game.round >= end_round:
            return
        decision = game.pending
        assert decision is not None   # a game not over waits for an answer
        if guess is not None and decision.kind == "action" and decision.player != me:
            game.apply(guess(game, decision.player, decision.options, rng))
        else:
            # Legal by construction (tests/race/test_ai_policy_legal.py): not checked again.
            game.apply(policy_answer(game, decision, rng), trusted=True)


class Habits:
    """The action cards each other seat chose in the rounds so far (public once revealed,
    `PlayerState.shown`), to guess its next ones: a seat that always explores will not call
    the Develop phase this seat hoped to share. Read from the game, not remembered: the
    play loop asks a fresh seat each decision (and a resumed game has no memory), and a
    seat that forgot them imagined a player who only explores settling and developing
    with it, and waited for those phases for hundreds of rounds."""

    def __init__(self) -> None:
        self.seen: dict[int, dict[int, tuple]] = {}     # seat -> round -> actions

    def observe(self, game: Game, me: int) -> None:
        self.seen = {i: {r: tuple(sorted(a)) for r, a in enumerate(p.shown, 1) if a}
                     for i, p in enumerate(game.players) if i != me and p.shown}

    def guess(self, game: Game, seat: int, options, rng: Rng):
        """One of the seat's past choices, more likely the more rounds were seen (still
        legal), else the quick guess (`ai_heuristic.guess_action`)."""
        past = list(self.seen.get(seat, {}).values())
        if past and rng.random() * (len(past) + HABIT_PRIOR) < len(past):
            pick = rng.choice(past)
            for option in options:
                if tuple(sorted(option)) == pick:
                    return option
        return guess_action(game, seat, options, rng)


def distinct_actions(game: Game, options) -> list:
    """The action options with different effects, in the order given: choosing Develop
    (second) without Develop is choosing Develop (the same bonus, the same phase)."""
    index = game.rules.action_index()
    seen, out = set(), []
    for option in options:
        ids = option if isinstance(option, tuple) else (option,)
        table = game.rules.bonuses(tuple(ids))
        key = (tuple(sorted(table.items())),
               tuple(sorted(a for a in ids if a in index and index[a].once_per_game)))
        if key not in seen:
            seen.add(key)
            out.append(option)
    return out


def discard_shortlist(game: Game, decision: Decision, most: int) -> list[tuple]:
    """The answers to a discard (Explore's, a payment, the start or the hand limit) most
    worth a look-ahead: the `most` that discard the cards the quick play values least
    (its own answer first)."""
    n = decision.bounds[0]
    worth = discard_worth(game, decision)
    ranked = sorted(decision.options, key=lambda c: (worth[c], c))
    pool = ranked[:n + 3]          # a discard among the n + 3 least worth keeping
    out = sorted(combinations(pool, n), key=lambda d: (sum(worth[c] for c in d), d))
    return [tuple(sorted(d)) for d in out[:most]]


class SearchSeat:
    """An AI seat that searches; deterministic per seed, sees only its own seat."""

    kind = "ai"

    def __init__(self, seed: int = 0, level: str = "normal") -> None:
        self.seed = seed
        self.level = LEVELS[level]
        self.rng = Rng(seed)
        self.last_why: Why | None = None
        self.habits = Habits()

    def choose(self, game: Game, decision: Decision):
        self.habits.observe(game, decision.player)
        if decision.kind in self.level.discards and decision.is_pick \
                and decision.bounds[0] and picks_cards(decision):
            keeps = discard_shortlist(game, decision, self.level.shortlist)
            if len(keeps) > 1:
                return self._search(game, decision, keeps, self.level.other_games)
        if decision.count is not None or decision.kind not in SEARCHED \
                or len(decision.options) == 1:
            answer = policy_answer(game, decision, self.rng)
            self.last_why = Why(decision.player, decision.kind, QUICK, [(answer, None, 0)],
                                answer)
            return answer
        if decision.kind == "action":
            allowed = set(advised(game, decision))
            ranked = distinct_actions(game, [o for _, o in ranked_actions(game, decision)
                                             if o in allowed])
            return self._search(game, decision, ranked, self.level.action_games)
        first = policy_answer(game, decision, self.rng)
        ranked = [first] + [o for o in decision.options if o != first]
        return self._search(game, decision, ranked[:self.level.shortlist],
                            self.level.other_games, skipped=ranked[self.level.shortlist:])

    def imagine(self, game: Game, player: int) -> tuple[Game, Rng]:
        """One imagined deal: the game with the cards this seat cannot see dealt anew (the
        other seats' action cards guessed by their habits), and the randomness of its
        future (every candidate meets the same)."""
        return engine_determinize(game, player, self.rng, self.habits.guess), self.rng.spawn()

    def _search(self, game: Game, decision: Decision, candidates: list, games: int,
                skipped=()):
        """The best of `candidates` by successive halving, over a level's budget of `games`
        (`budget`; `Level.play_work` caps the work they may cost)."""
        player = decision.player
        level = self.level
        parts = [[0.0] * len(ai_value.PARTS) for _ in candidates]   # learned judgement's
        judged_by = [0] * len(candidates)     # ... summed over the positions it judged
        left = rounds_left(game)
        seats = len(game.players) > 1
        horizon = level.seats_horizon if seats else level.horizon
        # Near the end, judge by the final scores: a point grabbed now may win the game.
        end = game.round + (level.end_horizon if left <= level.near_end else horizon)

        start = nearer_end(game)
        work = [0]                            # decisions simulated, and judgements
        capped = level.play_work > 0 and seats

        def judge(dealt: tuple[Game, Rng], k: int) -> tuple[float, float]:
            """Candidate k played in one imagined deal: (its `judged` lead, which ranks it;
            the same in VP, for `last_why`)."""
            world, future = dealt
            trial = world.copy()
            trial.rng = future.copy()
            trial.apply(candidates[k])
            play_out(trial, future.copy(), end, self.habits.guess, player)
            work[0] += len(trial.history) - len(world.history) + 1
            if trial.over:
                lead, bonus = margin(trial, player)
            elif level.learned and ai_value.applies(trial):
                lead, chance, seen = ai_value.judge(trial, player)
                bonus = WIN_BONUS * chance
                parts[k] = [a + b for a, b in zip(parts[k], seen)]
                judged_by[k] += 1
            else:
                lead, bonus = evaluate(trial, player, left - (trial.round - game.round),
                                       promising_worth), 0.0
            late = waited(lead, ends(trial, left, start) - game.round, level.delay)
            return judged(lead) + bonus - late, lead + bonus

        best, shown, counts = halving(len(candidates), budget(game, games), level.min_deals,
                                      lambda: self.imagine(game, player), judge,
                                      (lambda: work[0]) if capped else None,
                                      games * level.play_work)
        played = sum(counts)
        until = ("game (it is near)" if end > game.round + horizon else
                 {1: "round", 2: "next round"}.get(horizon, f"round {horizon - 1} rounds on"))
        self.last_why = Why(
            player, decision.kind,
            f"imagined {played} plays of the options to the end of the {until}, the cards it "
            "cannot see dealt anew each time, keeping the better half after each pass",
            [(candidates[k], shown[k] / counts[k] if counts[k] else None, counts[k])
             for k in range(len(candidates))] + [(o, None, 0) for o in skipped],
            candidates[best],
            unit=LEARNED_UNIT if level.learned and ai_value.applies(game) else HEURISTIC_UNIT,
            parts=ai_value.parts_text([v / judged_by[best] for v in parts[best]])
            if judged_by[best] else "")
        return candidates[best]
