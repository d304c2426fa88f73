"""Goals (The Gathering Storm, with the tiles Rebel vs Imperium and The Brink of War add).

The tiles are data (`data/goals.toml`); this module counts what a tile asks for, draws 4
"first" and 2 "most" goals at setup and checks them:
- at the end of every phase (The Gathering Storm: goals are claimed at the end of a phase);
- at the start of a round, after every other plugin's round-start steps: Budget Surplus is
  met by discarding for the hand limit at the end of the round, and « les objectifs
  concernant les jetons de PV peuvent être revendiqués grâce aux PV » of the Prestige
  leader's start-of-round bonus « même si ce n'est pas la fin d'une phase » (The Brink of
  War rulebook);
- at the end of the game, which also settles the ties of "most" goals.
A goal is claimed only at the checks its tile shows (`checked`: Greatest Infrastructure
after Develop; Keldon's RFTG engine, `check_goals`); a "most" goal is lost at any check.

"First" goals: every player who meets one at the check where it is first met shares it,
each for its VP; then it is gone. "Most" goals (The Gathering Storm rules; see
tests/expansions/test_goals.py for the sources): the one player with more than every other
player, and at least the threshold, claims the tile, taking it from its holder; ties go to
the holder; the holder loses it when below the threshold or when others have more (tied among
themselves, the tile goes back to the middle); at the end of the game each player tied for
the most who does not hold the tile scores 3 VP.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

from rftg_cli.expansions.prestige.state import COUNTER as PRESTIGE
from rftg_cli.race.cards.model import count_kinds, is_kind
from rftg_cli.race.engine.rules import CalculatorInput
from rftg_cli.race.engine.settle import military_strength

KEY = "goals"            # game.extra[KEY]
FIRST, MOST = "first", "most"
# The checks besides the end of each phase (`Goal.checked`); "any" is every check.
ROUND_START, GAME_END, ANY = "round_start", "game_end", "any"
FIRST_DRAWN, MOST_DRAWN = 4, 2
TIED_VP = 3              # a player tied for a "most" goal at the end, without its tile
# The attack powers of takeovers (Peace/War Leader's « pouvoir de conquête »): the defence
# powers do not attack (BGG thread 515525, "Peace/War Leader goal").
TAKEOVER_ATTACKS = ("takeover_rebel", "takeover_imperium", "takeover_military",
                    "takeover_prestige")
# Innovation Leader's phases: Trade ($) counts as a phase of its own.
POWER_PHASES = ("explore", "develop", "settle", "trade", "consume", "produce")


@dataclass(frozen=True)
class Test:
    """One count of a goal and its bound: met at `at_least` or more (or `at_most` or less)."""

    what: str
    filters: tuple[tuple[str, object], ...] = ()
    at_least: int | None = None
    at_most: int | None = None

    def met(self, value: int) -> bool:
        if self.at_most is not None:
            return value <= self.at_most
        return value >= (self.at_least or 0)


@dataclass(frozen=True)
class Goal:
    name: str
    short: str
    set: str
    kind: str
    vp: int
    text: str
    threshold: int | None                      # None: a goal of several tests (`any`)
    alternatives: tuple[tuple[Test, ...], ...]  # met when every test of one of them is met
    checked: tuple[str, ...] = (ANY,)          # the checks at which it may be claimed

    def claimable(self, when: str) -> bool:
        return when in self.checked or ANY in self.checked


WHATS = ("vp_chips", "prestige", "goods", "military", "end_discards", "good_kinds",
         "power_phases", "cards")
PLAYER_COUNTS = ("vp_chips", "prestige", "goods", "end_discards")   # not the tableau's
FILTERS = ("type", "keyword", "military", "production", "goods", "cost", "variable_vp",
           "power")


def _test(data: dict, at_least: int | None = None) -> Test:
    data = dict(data)
    what = data.pop("what")
    low, high = data.pop("at_least", at_least), data.pop("at_most", None)
    unknown = [k for k in data if k not in FILTERS]
    if what not in WHATS or unknown or (what != "cards" and data):
        raise ValueError(f"goal count {what!r} {sorted(data)} is not one goals.py counts")
    filters = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in data.items()))
    return Test(what, filters, low, high)


def load_goals() -> tuple[Goal, ...]:
    text = resources.files(__package__).joinpath("data/goals.toml").read_text("utf-8")
    out = []
    for g in tomllib.loads(text)["goal"]:
        if "any" in g:
            alts = tuple(tuple(_test(t) for t in alt) for alt in g["any"])
        else:
            alts = ((_test(g["count"], g["threshold"]),),)
        out.append(Goal(g["name"], g["short"], g["set"], g["kind"], g["vp"], g["text"],
                        g.get("threshold"), alts, tuple(g["checked"])))
    return tuple(out)


GOALS = load_goals()
BY_NAME = {g.name: g for g in GOALS}


def goal_named(name: str) -> Goal:
    """The goal of this name, in any case (KeyError if none)."""
    found = [g for g in GOALS if g.name.casefold() == name.strip().casefold()]
    if not found:
        raise KeyError(name)
    return found[0]


# ---------------------------------------------------------------------- counting

def _card_matches(game, card, filters, takeovers: bool) -> bool:
    for key, want in filters:
        if key == "type" and card.type != want:
            return False
        if key == "keyword" and not card.has_keyword(want):
            return False
        if key == "military" and card.military != want:
            return False
        if key == "production" and bool(card.is_world and card.good and not card.windfall) != want:
            return False
        if key == "goods" and not (card.is_world and any(is_kind(card.good, k) for k in want)):
            return False
        if key == "cost" and card.cost != want:
            return False
        if key == "variable_vp" and card.variable_vp != want:
            return False
        if key == "power" and want not in power_phases(game, card, takeovers):
            return False
    return True


def power_phases(game, card, takeovers: bool) -> set[str]:
    """The phases a card has powers in, "trade" for a Trade power (Innovation Leader, and
    Prosperity Lead which ignores Trade powers), "takeover" for a takeover attack; powers
    that act only in takeovers are ignored when takeovers are off (The Brink of War: « si
    l'on joue en interdisant les conquêtes [...] les pouvoirs de conquête sont ignorés »)."""
    from . import TAKEOVER_KINDS

    out = set()
    for power in card.powers:
        if power.kind in TAKEOVER_KINDS and not takeovers:
            continue
        if power.kind in TAKEOVER_ATTACKS:
            out.add("takeover")
        trade = power.phase == "consume" and game.rules.powers.is_trade(power)
        out.add("trade" if trade else power.phase)
    return out


class Tally:
    """One player's counts as they are now. What the tableau alone decides is computed once
    into `memo` (a check asks the same counts of several goals; `standing` keeps a memo per
    tableau); the player's chips, prestige, goods and end-of-round discards are read."""

    def __init__(self, game, player: int, memo: dict[tuple, int] | None = None) -> None:
        from . import takeovers_on

        self.game, self.player = game, player
        self.cards = [game.design[c] for c in game.players[player].tableau]
        self.takeovers = takeovers_on(game.config)
        self.memo: dict[tuple, int] = {} if memo is None else memo

    def __call__(self, test: Test) -> int:
        what = test.what
        if what in PLAYER_COUNTS:
            p = self.game.players[self.player]
            return (p.vp if what == "vp_chips" else p.count(PRESTIGE) if what == PRESTIGE
                    else len(p.goods) if what == "goods" else p.discarded_at_end)
        key = (what, test.filters)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._count(test)
        return found

    def _count(self, test: Test) -> int:
        game = self.game
        what = test.what
        if what == "military":
            return military_strength(game, self.player, None, whole_tableau=True)
        if what == "good_kinds":
            return count_kinds(c.good for c in self.cards if c.is_world and c.good)
        if what == "power_phases":
            found = set().union(*(power_phases(game, c, self.takeovers) for c in self.cards))
            return len(found & set(POWER_PHASES))
        return sum(1 for c in self.cards
                   if _card_matches(game, c, test.filters, self.takeovers))


def count(game, player: int, test: Test) -> int:
    """What a test counts for a player, on the tableau as it is now."""
    return Tally(game, player)(test)


def reached(goal: Goal, tally: Tally) -> tuple[int, int, bool]:
    """(how far, out of what, met) toward a goal: the count and threshold of a one-count
    goal, else the tests met of its nearest alternative and how many it has; met when every
    test of one alternative is."""
    if goal.threshold is not None:
        test = goal.alternatives[0][0]
        found = tally(test)
        return found, goal.threshold, test.met(found)
    best, met = (-1, 0), False
    for alt in goal.alternatives:
        done = sum(t.met(tally(t)) for t in alt)
        best = max(best, (done, len(alt)))
        met = met or done == len(alt)
    return best[0], best[1], met


def progress(game, player: int, goal: Goal, tally: Tally | None = None) -> tuple[int, int]:
    return reached(goal, tally or Tally(game, player))[:2]


def meets(game, player: int, goal: Goal, tally: Tally | None = None) -> bool:
    return reached(goal, tally or Tally(game, player))[2]


# ---------------------------------------------------------------------- state

@dataclass
class GoalsState:
    """The goals in play, who holds each, each player's progress at the last check and, at
    the end, who scores a tied "most" goal. Public: every seat sees all of it."""

    names: tuple[str, ...]                                  # first goals, then most goals
    holders: dict[str, tuple[int, ...]] = field(default_factory=dict)
    progress: dict[str, tuple[int, ...]] = field(default_factory=dict)
    tied: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # What the goals in play make of a player's counts (`standing`), and the counts each
    # tableau gives (`Tally.memo`), shared by the game's copies: goals are checked after
    # every phase, and the AI's simulated games meet the same tableaus again and again.
    # Never part of the state: caches.
    seen: dict[tuple, tuple] = field(default_factory=dict, compare=False, repr=False)
    tableaus: dict[tuple, dict] = field(default_factory=dict, compare=False, repr=False)
    # The standings of the last check: a check that finds them again changes nothing.
    last: tuple = field(default=(), compare=False, repr=False)

    def goals(self) -> tuple[Goal, ...]:
        found = _GOALS_OF.get(self.names)
        if found is None:
            found = _GOALS_OF[self.names] = tuple(BY_NAME[n] for n in self.names)
        return found

    def held_by(self, player: int) -> list[Goal]:
        return [g for g in self.goals() if player in self.holders.get(g.name, ())]

    def copy(self) -> GoalsState:
        return GoalsState(self.names, dict(self.holders), dict(self.progress), dict(self.tied),
                          self.seen, self.tableaus, self.last)

    def digest_part(self) -> str:
        return repr((self.names, sorted(self.holders.items()), sorted(self.progress.items()),
                     sorted(self.tied.items())))

    def view(self, player: int) -> dict:
        return {"goals": [{"name": g.name, "kind": g.kind, "vp": g.vp, "text": g.text,
                           "threshold": g.threshold,
                           "holders": list(self.holders.get(g.name, ())),
                           "progress": list(self.progress.get(g.name, ())),
                           "tied": list(self.tied.get(g.name, ()))}
                          for g in self.goals()]}

    def hidden_card_lists(self) -> list[list[int]]:
        return []


_GOALS_OF: dict[tuple[str, ...], tuple[Goal, ...]] = {}     # `GoalsState.goals`, by names


def state(game) -> GoalsState | None:
    return game.extra.get(KEY)


def goal_pool(expansions) -> tuple[list[Goal], list[Goal]]:
    """The tiles of the sets in play: (first goals, most goals)."""
    pool = [g for g in GOALS if g.set in expansions]
    return [g for g in pool if g.kind == FIRST], [g for g in pool if g.kind == MOST]


def draw_goals(game) -> None:
    """Setup: 4 "first" and 2 "most" goals at random from the sets' tiles (The Gathering
    Storm; The Brink of War: « choisissez, comme avant, deux des objectifs « le plus » et
    quatre des objectifs « premier » »)."""
    firsts, mosts = goal_pool(game.config.expansions)
    drawn = (game.rng.sample(firsts, min(FIRST_DRAWN, len(firsts)))
             + game.rng.sample(mosts, min(MOST_DRAWN, len(mosts))))
    game.extra[KEY] = GoalsState(tuple(g.name for g in drawn))
    game.log(-1, "Goals: " + ", ".join(g.name for g in drawn) + ".")


# ---------------------------------------------------------------------- checks

SEEN_MOST = 4096         # standings `GoalsState.seen` keeps before it starts again


def standing(game, st: GoalsState, player: int) -> tuple[tuple[int, int, bool], ...]:
    """(how far, out of what, met) toward each goal in play (`reached`), from
    what a `Tally` counts of the player: its tableau (the cards, their goods kinds, powers
    and military), goods, VP chips, prestige and end-of-round discards."""
    p = game.players[player]
    tableau = tuple(p.tableau)
    key = (tableau, len(p.goods), p.vp, p.count(PRESTIGE), p.discarded_at_end)
    found = st.seen.get(key)
    if found is None:
        if len(st.seen) >= SEEN_MOST:
            st.seen.clear()
            st.tableaus.clear()
        memo = st.tableaus.get(tableau)
        if memo is None:
            memo = st.tableaus[tableau] = {}
        tally = Tally(game, player, memo)
        found = st.seen[key] = tuple(reached(g, tally) for g in st.goals())
    return found


def check_goals(game, when: str = ROUND_START) -> None:
    """Claim and lose goals on the position as it is now, at the check `when` (a phase,
    ROUND_START or GAME_END): a goal is claimed only at the checks it names."""
    st = state(game)
    if st is None:
        return
    standings = tuple(standing(game, st, p) for p in range(len(game.players)))
    claimable = tuple(goal.claimable(when) for goal in st.goals())
    if (claimable, standings) == st.last:
        return                                   # the same standings: the same claims
    st.last = (claimable, standings)
    for i, goal in enumerate(st.goals()):
        if goal.kind == FIRST and st.holders.get(goal.name):
            continue                             # claimed: gone for everyone else
        st.progress[goal.name] = tuple(s[i][0] for s in standings)
        if goal.kind == FIRST:
            if claimable[i]:
                _check_first(game, st, goal,
                             tuple(p for p, s in enumerate(standings) if s[i][2]))
        else:
            _check_most(game, st, goal, claimable[i])


def _check_first(game, st: GoalsState, goal: Goal, claim: tuple[int, ...]) -> None:
    if claim:
        st.holders[goal.name] = claim
        for p in claim:
            game.log(-1, f"{game.players[p].name} claims the goal {goal.name} "
                         f"({goal.vp} VP).")


def _check_most(game, st: GoalsState, goal: Goal, claimable: bool) -> None:
    counts = st.progress[goal.name]
    top = max(counts)
    leaders = [p for p, c in enumerate(counts) if c == top]
    holder = st.holders.get(goal.name, ())
    if top >= goal.threshold and any(p in leaders for p in holder):
        return                                   # ties go to the holder
    new = (leaders[0],) if (claimable and top >= goal.threshold
                            and len(leaders) == 1) else ()
    if holder and new != holder:
        game.log(-1, f"{game.players[holder[0]].name} loses the goal {goal.name}.")
    if new:
        game.log(-1, f"{game.players[new[0]].name} claims the goal {goal.name} "
                     f"({goal.vp} VP).")
    st.holders[goal.name] = new


def settle_ties(game) -> None:
    """The end of the game: a last check, then each player tied with another for the most
    of a "most" goal (at least its threshold) who does not hold its tile scores 3 VP (one
    alone with the most, too late to claim it, scores nothing)."""
    check_goals(game, GAME_END)
    st = state(game)
    if st is None:
        return
    for goal in st.goals():
        if goal.kind != MOST:
            continue
        counts = st.progress[goal.name]
        top = max(counts)
        holder = st.holders.get(goal.name, ())
        leaders = [p for p, c in enumerate(counts) if c == top and top >= goal.threshold]
        tied = tuple(p for p in leaders if p not in holder) if len(leaders) > 1 else ()
        if tied:
            st.tied[goal.name] = tied
            for p in tied:
                game.log(-1, f"{game.players[p].name} is tied for the goal {goal.name} "
                             f"({TIED_VP} VP).")


def goal_score(game, player: int) -> list[tuple[str, int]]:
    """Score lines: each goal held, and each "most" goal tied at the end."""
    st = state(game)
    if st is None:
        return []
    lines = [(g.name, g.vp) for g in st.held_by(player)]
    lines += [(f"{name} (tied)", TIED_VP) for name, who in st.tied.items() if player in who]
    return lines


# ---------------------------------------------------------------------- the board and the AI

def nearness(done: int, of: int) -> float:
    """How near a progress of `done` out of `of` is to a goal, from 0 to 1."""
    return max(0.0, min(1.0, done / of)) if of > 0 else 0.0


def closeness(game, player: int, goal: Goal, tally: Tally | None = None) -> float:
    return nearness(*progress(game, player, goal, tally))


BOARD_WIDTH = 80


def board_lines(game, me: int) -> list[str]:
    """Each goal with who holds it (`*`), or who is closest and how far (`-`: nobody has
    started it), in as few lines of 80 columns as they take."""
    st = state(game)
    if st is None:
        return []
    names = [p.name for p in game.players]
    tallies = [Tally(game, p) for p in range(len(names))]
    out = []
    for kind, title in ((FIRST, "First goals:"), (MOST, "Most goals:")):
        parts = []
        for goal in st.goals():
            if goal.kind != kind:
                continue
            holder = st.holders.get(goal.name, ())
            if holder:
                parts.append(f"{goal.name} {'+'.join(names[p] for p in holder)}*")
                continue
            best = max(range(len(names)), key=lambda p: closeness(game, p, goal, tallies[p]))
            done, of = progress(game, best, goal, tallies[best])
            parts.append(f"{goal.name} {done}/{of} {names[best]}" if done > 0 and of > 0
                         else f"{goal.name} -")
        line = title
        for part in parts:
            if len(line) + 3 + len(part) > BOARD_WIDTH and line != title:
                out.append(line)
                line = " "
            line += ("" if line in (title, " ") else " |") + " " + part
        if parts:
            out.append(line)
    return out


def goal_lookups(game) -> list[tuple[str, str]]:
    """`card NAME` on a goal of this game: what it asks and what it is worth."""
    st = state(game)
    if st is None:
        return []
    return [(goal.name, f"{goal.kind} goal, {goal.vp} VP: {goal.text}") for goal in st.goals()]


def goal_prospects(game, player: int) -> float:
    """VP the AI may expect from goals it does not hold yet: a share of each goal still
    open to it, by how near it is (held goals are in the score already)."""
    st = state(game)
    if st is None:
        return 0.0
    value = 0.0
    for goal, (done, of, _) in zip(st.goals(), standing(game, st, player)):
        holder = st.holders.get(goal.name, ())
        if player in holder or (goal.kind == FIRST and holder):
            continue
        value += 0.5 * goal.vp * nearness(done, of) ** 2
    return value


def public_goals(game) -> list[dict]:
    """`rftg show --json`: each goal, who holds it and, while open, each player's progress."""
    st = state(game)
    if st is None:
        return []
    names = [p.name for p in game.players]
    out = []
    for goal in st.goals():
        holder = st.holders.get(goal.name, ())
        entry = {"name": goal.name, "kind": goal.kind, "vp": goal.vp, "text": goal.text,
                 "held_by": [names[p] for p in holder]}
        if goal.kind == MOST or not holder:
            entry["progress"] = {names[p]: dict(zip(("count", "of"), progress(game, p, goal)))
                                 for p in range(len(names))}
        if st.tied.get(goal.name):
            entry["tied"] = [names[p] for p in st.tied[goal.name]]
        out.append(entry)
    return out


def hold_goals(game, player: int, names: list[str]) -> None:
    """`rftg score --goal NAME`: the table-side calculator's player holds these goals."""
    _calculator_goals(game, player, held=_named(names))


def tie_goals(game, player: int, names: list[str]) -> None:
    """`rftg score --tied-goal NAME`: the calculator's player is tied at the end for these
    "most" goals without their tiles (3 VP each, `TIED_VP`)."""
    goals = _named(names)
    for g in goals:
        if g.kind != MOST:
            raise ValueError(f"{g.name} is a \"first\" goal: only a \"most\" goal is tied")
    _calculator_goals(game, player, tied=goals)


def _named(names: list[str]) -> list[Goal]:
    goals = []
    for name in names:
        try:
            goals.append(goal_named(name))
        except KeyError:
            raise KeyError(f"unknown goal {name!r}: the goals are "
                           + ", ".join(g.name for g in GOALS)) from None
    return goals


def _calculator_goals(game, player: int, held=(), tied=()) -> None:
    """The calculator's goals: those named so far (held or tied; setup's random draw, which
    nobody holds, is dropped) and these."""
    st = state(game)
    held = [n for n, who in (st.holders.items() if st else ()) if who] + [g.name for g in held]
    tied = list(st.tied if st else ()) + [g.name for g in tied]
    twice = [n for i, n in enumerate(held + tied) if n in (held + tied)[:i]]
    if twice:
        raise ValueError(f"{twice[0]} is named twice: a goal is held or tied, once")
    game.extra[KEY] = GoalsState(tuple(held + tied), holders={n: (player,) for n in held},
                                 tied={n: (player,) for n in tied})


def configure(rules) -> None:
    """Register the goals' steps (called last among the plugins, so that the round-start
    check sees every other plugin's round-start step first)."""
    rules.setup_steps.append(draw_goals)
    rules.phase_end_steps.append(lambda game, phase, instance: check_goals(game, phase))
    rules.round_start_steps.append(check_goals)
    rules.game_end_steps.append(settle_ties)
    rules.score_steps.append(goal_score)
    rules.board_lines.append(board_lines)
    rules.lookups.append(goal_lookups)
    rules.show_parts.append(lambda game: {"goals": public_goals(game)})
    rules.prospect_steps.append(goal_prospects)
    rules.calculator_inputs["goal"] = CalculatorInput(
        hold_goals, "A goal tile the player holds (repeat for each).")
    rules.calculator_inputs["tied-goal"] = CalculatorInput(
        tie_goals, "A \"most\" goal the player is tied for at the end without its tile: 3 VP "
                   "(repeat for each).")
