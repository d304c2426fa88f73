"""The dice game's searching AI (levels `normal` and `strong`): Monte Carlo look-ahead over
imagined deals, with the rule-of-thumb seat (`ai.RollAI`, the level `fast`) as its quick
play.

For a decision with more than one distinct answer worth a look (`candidates`), the seat
spends a fixed budget of simulated games in rounds of successive halving (`players.halving`)
over imagined deals (`view.determinize`: the tiles it cannot see dealt anew from the bag,
the other players' dice rolled again behind their screens, the generator reseeded). Each
candidate is played on, every seat (and the bot, by its own rules) answering with the quick
play, to the start of the next round (of the round after at strong: `RollLevel.horizon`),
where the learned judgement (`judge`) foresees the final margin over the best other score
and the chance of a win; when the game should end within `END_LEFT` rounds, to its end,
where the margin is counted. A win adds a bonus. The budget is a count of games, never a
clock: the answer depends only on the seed and on what the seat sees. `last_why` keeps
what the last decision considered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rftg_cli.decision import Decision
from rftg_cli.players.halving import halving
from rftg_cli.players.why import QUICK, Why
from rftg_cli.rng import Rng

from . import judge
from .ai import KEEP, RollAI
from .data import PHASES
from .text import legal_answers

if TYPE_CHECKING:
    from .state import RollGame

WIN_BONUS = 5.0        # a simulated game won counts this many VP of margin more
MOST_PICKS = 8         # a pick (recruit, recall, ...) with more distinct answers: quick play
END_LEFT = 2.0         # with this many rounds foreseen left or fewer, play to the end
UNIT = ("its final score less the best other score (the bot's in a solo game), plus "
        f"{WIN_BONUS:.0f} for a win: as foreseen at a round's start from what every seat has "
        "built (the bonus by the chance of a win), or near the end as counted at the end "
        "of the game")
HORIZON_TEXT = {1: "the next round", 2: "the round after next"}
BUDGET_SEATS = 2       # a level's budget is in simulated games of this many seats


@dataclass(frozen=True)
class RollLevel:
    name: str
    games: int          # simulated games a searched decision may cost (`budget`)
    most: int           # candidates of one decision at most (the quick answer first)
    min_deals: int = 2  # deals each candidate meets in each round, at least
    horizon: int = 1    # rounds begun in a play-out before the position is judged


LEVELS = {"normal": RollLevel("normal", games=800, most=8),
          "strong": RollLevel("strong", games=1600, most=12, min_deals=4, horizon=2)}


def budget(game: RollGame, games: int) -> int:
    """A level's budget of `games` for this game: every seat plays each simulated game, so
    a game of more seats gets proportionally fewer, for about the same time to answer (one
    seat against the bot: the whole budget)."""
    return games * BUDGET_SEATS // max(BUDGET_SEATS, len(game.players))


def margin(game: RollGame, player: int) -> float:
    """A finished game's worth to `player`: its score less the best other, plus the win
    bonus (shared in a tie the tie-break does not settle)."""
    out = game.outcome()
    mine = out.results[player]
    best = max(r.score for k, r in enumerate(out.results) if k != player)
    won = WIN_BONUS / len(out.winners) if mine.name in out.winners else 0.0
    return mine.score - best + won


class _Horizon(Exception):
    """The look-ahead reached the round where the position is judged."""


def play_out(game: RollGame, quick: RollAI, until_round: int | None = None) -> None:
    """Every seat answers with the quick play until the game is over or, with
    `until_round`, until that round's first decision."""
    def seat(g: RollGame, decision: Decision):
        if until_round is not None and g.round >= until_round:
            raise _Horizon
        return quick.choose(g, decision)

    try:
        game.run([(seat, True)] * len(game.players))
    except _Horizon:
        pass        # the copy stops here, its decision pending: it is judged, then dropped


def worth(game: RollGame, player: int) -> float:
    """A simulated game's worth to `player` where its look-ahead stopped: the margin and
    win bonus if it is over, else as the judgement foresees them."""
    return margin(game, player) if game.over else judge.judge(game, player, WIN_BONUS)


def candidates(game: RollGame, decision: Decision, quick_answer, most: int) -> list:
    """The distinct answers worth a look-ahead, the quick answer first, at most `most`."""
    if decision.count is not None:
        answers = legal_answers(decision, MOST_PICKS + 1)
        if len(answers) > MOST_PICKS:
            return [quick_answer]
    elif decision.kind == "assign":
        answers = _assign_candidates(game, decision)
    else:
        answers = list(decision.options)
    out = [quick_answer]
    for answer in answers:
        if answer not in out and len(out) < most:
            out.append(answer)
    return out


def _assign_candidates(game: RollGame, decision: Decision) -> list:
    """Before selecting: for each phase, the select that takes the die the column can spare
    best; after: `done` and, for each phase, the first move of each kind into it (a wild
    die, Dictate, a Reassign power)."""
    p = game.players[decision.player]
    options = decision.options
    if p.selection is None:
        count = {ph: len(p.columns[ph]) for ph in PHASES}
        out = []
        for phase in PHASES:
            picks = [o for o in options if o[0] == "select" and o[1] == phase]
            if picks:
                out.append(max(picks, key=lambda o: (count[o[3]], o[3] != phase,
                                                     -KEEP.index(o[2]))))
        return out + [o for o in options if o[0] == "wild"]
    out, seen = [("done",)], set()
    for o in options:
        key = (o[0], o[-1])         # the kind of move, the column it fills
        if o[0] != "done" and key not in seen:
            seen.add(key)
            out.append(o)
    return out


class RollSearch:
    """The searching AI seat; deterministic per seed, sees only its own seat."""

    kind = "ai"

    def __init__(self, seed: int = 0, level: str | RollLevel = "normal") -> None:
        self.level = LEVELS[level] if isinstance(level, str) else level
        self.rng = Rng(seed)
        self.quick = RollAI(seed)
        self.last_why: Why | None = None

    def choose(self, game: RollGame, decision: Decision):
        answer = self.quick.choose(game, decision)
        ranked = candidates(game, decision, answer, self.level.most)
        if len(ranked) < 2:
            self.last_why = Why(decision.player, decision.kind, QUICK, [(answer, None, 0)],
                                answer)
            return answer
        return self._search(game, decision, ranked)

    def _search(self, game: RollGame, decision: Decision, ranked: list):
        player = decision.player
        to_end = judge.rounds_left(game) <= END_LEFT
        until = None if to_end else game.round + self.level.horizon

        def value(world: RollGame, k: int) -> tuple[float, float]:
            trial = world.copy()
            trial.apply(ranked[k], trusted=True)
            play_out(trial, self.quick, until)
            v = worth(trial, player)
            return v, v

        best_k, totals, counts = halving(len(ranked), budget(game, self.level.games),
                                         self.level.min_deals,
                                         lambda: game.determinize(player, self.rng), value)
        best = ranked[best_k]
        how = ("to the end of the game" if to_end else
               f"to the start of {HORIZON_TEXT.get(self.level.horizon, 'a later round')}, "
               "judged there by what every seat has built")
        self.last_why = Why(
            player, decision.kind,
            f"imagined {sum(counts)} plays of the options {how}, the tiles and rolls it "
            "cannot see dealt anew each time, keeping the better half after each pass",
            [(ranked[k], totals[k] / counts[k] if counts[k] else None, counts[k])
             for k in range(len(ranked))], best, unit=UNIT)
        return best
