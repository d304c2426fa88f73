"""What the robot should still gain over the rounds left: its `Opponent.prospect`, read by an
AI seat's judgement so that the robot's economy, credits, tiles and pile count as the AI's own
engine does, and the game's end is foreseen from how fast the robot drains the VP pool and
fills its tableau.

A Markov chain over the robot's tracks (economy, credits, tiles left): each round every pair
of die faces is rolled with its odds, your two markers are drawn from a prior (the cards an AI
seat chooses against the robot), and the robot's action or response in each phase moves its
tracks by its own mat (`data/robot.toml`), its searches finding a card with the odds of the
game's cards. The expected VP, chips and tableau cards over k rounds from every state are
tabled once per (mat, "Robot =", difficulty, card set) and then looked up.
"""

from __future__ import annotations

from rftg_cli.ruleset import Prospect

from .data import load_data
from .dice import human_cells, place_dice, translate
from .state import KEY, RobotState

# Your markers: how often an AI seat chooses each action card against the robot (measured
# over 60 games, rounded). The stars copy them, and your Consume gives a response.
YOUR_CARDS = {"explore5": 0.05, "explore11": 0.25, "develop": 0.06, "develop2": 0.02,
              "settle": 0.22, "settle2": 0.03, "trade": 0.08, "consume2": 0.1,
              "produce": 0.19}
HORIZON = 16          # rounds tabled; a game rarely has more left
PILE_AT_SEARCH = 6    # cards typically waiting in its pile when a search starts (measured)
PILE_CARD_SHARE = 0.2  # a card in its pile beyond that: this share of a found card's chance

_TABLES: dict[tuple, tuple] = {}
_ROUNDS: dict[tuple, list] = {}


_KNOWN: dict[tuple, Prospect] = {}     # every prospect asked, by what it depends on


def robot_prospect(game, rounds: float) -> Prospect:
    """The robot's expected gain over `rounds` more rounds (`Opponent.prospect`)."""
    st: RobotState = game.extra[KEY]
    rounds = max(0.0, min(float(rounds), HORIZON))
    if rounds == 0.0:
        return Prospect()
    # An AI seat asks again and again in its look-ahead (the end of the game is foreseen
    # round by round); the answer depends on these alone.
    key = (st.marker, st.robot_equals, st.difficulty, id(game.design), st.economy,
           st.credits, st.tiles_left, len(st.pile), rounds)
    found = _KNOWN.get(key)
    if found is None:
        if len(_KNOWN) >= 100_000:
            _KNOWN.clear()
        found = _KNOWN[key] = _prospect(game, st, rounds)
    return found


def _prospect(game, st: RobotState, rounds: float) -> Prospect:
    table, pile_card = _tables(game, st)
    data = load_data()
    state = (min(st.economy, data.rules["max_economy"]),
             min(st.credits, data.rules["max_credits"]), st.tiles_left)
    low = int(rounds)
    frac = rounds - low
    below = table[low][state]
    above = table[min(low + 1, HORIZON)][state] if frac else below
    vp, chips, cards = (b + frac * (a - b) for b, a in zip(below, above))
    pile = len(st.pile) * pile_card * min(1.0, rounds)
    return Prospect(vp=vp + pile, chips=chips, cards=cards)


def _tables(game, st: RobotState) -> tuple[list[dict], float]:
    """(value over k rounds from each state, for k = 0..HORIZON; a pile card's VP)."""
    key = (st.marker, st.robot_equals, st.difficulty, id(game.design))
    found = _TABLES.get(key)
    if found is None or found[0] is not game.design:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        found = _TABLES[key] = (game.design, *_build(game, st))
    return found[1], found[2]


def _kind_odds(game, kind: str, exclude: str, tile_vp: int) -> tuple[float, float, float]:
    """(share of the game's cards a search of `kind` takes, their mean VP to the robot, the
    share of those that are 6-cost developments)."""
    from .phases import matches

    probe = RobotState()
    hits = [c for c in game.design
            if not c.is_start_world and matches(game, probe, c, kind, exclude)]
    if not hits:
        return 0.0, 0.0, 0.0
    six = sum(1 for c in hits if c.is_six_cost)
    vp = sum(tile_vp if c.is_six_cost else c.vp for c in hits) / len(hits)
    total = sum(1 for c in game.design if not c.is_start_world)
    return len(hits) / total, vp, six / len(hits)


def _found(odds: float, cards: int) -> float:
    """The chance a search over `cards` drawn cards (plus the usual pile) finds its kind."""
    return 1.0 - (1.0 - odds) ** (cards + PILE_AT_SEARCH)


class _Mat:
    """One robot's mat as moves of its tracks: each phase maps (economy, credits, tiles
    left) to its outcomes [(chance, economy, credits, tiles, VP, chips, cards placed)]."""

    def __init__(self, game, st: RobotState) -> None:
        data = load_data()
        self.mat = data.marker(st.marker).mat
        level = data.difficulty[st.difficulty]
        self.tiles, self.tile_vp = level["tiles"], level["tile_vp"]
        self.max_c, self.max_e = data.rules["max_credits"], data.rules["max_economy"]
        dev, sett = self.mat["develop"], self.mat["settle"]
        self.any_dev = _kind_odds(game, "development", dev["exclude_keyword"], self.tile_vp)
        self.plain_dev = _kind_odds(game, "development_not_six", dev["exclude_keyword"],
                                    self.tile_vp)
        self.world = {role: _kind_odds(game, sett[f"{role}_search"], sett["exclude_keyword"],
                                       self.tile_vp) for role in ("action", "response")}

    def credits(self, c: int, n: int) -> int:
        return max(0, min(self.max_c, c + n))

    def explore(self, e: int, c: int, t: int, dice: int) -> list[tuple]:
        mat = self.mat["explore"]
        gain = mat["double_credits"] if dice >= 2 else mat["action_credits"] if dice else 0
        return [(1.0, e, self.credits(c, gain), t, 0.0, 0.0, 0.0)]

    def develop(self, e: int, c: int, t: int, action: bool) -> list[tuple]:
        dev = self.mat["develop"]
        cost = dev["tile_cost_action" if action else "tile_cost_response"]
        if t > 0 and c >= cost:          # the tile check comes first (§6 Develop)
            return [(1.0, e, c - cost, t - 1, float(self.tile_vp), 0.0, 1.0)]
        if action:
            odds, _, six = self.any_dev if c >= 1 else self.plain_dev
            p = _found(odds, dev["action_draw"])
            paid = c - min(c, dev["action_six_cost_price"])
            return [(p * six, e, paid, t, float(self.tile_vp), 0.0, 1.0),
                    (p * (1 - six), e, c, t, self.plain_dev[1], 0.0, 1.0),
                    (1.0 - p, e, c, t, 0.0, 0.0, 0.0)]
        if c < dev["response_min_credits"]:
            return [(1.0, e, c, t, 0.0, 0.0, 0.0)]
        odds, vp, _ = self.any_dev
        p = _found(odds, dev["response_draw"])
        return [(p, e, self.credits(c, -dev["response_cost"]), t, vp, 0.0, 1.0),
                (1.0 - p, e, c, t, 0.0, 0.0, 0.0)]

    def settle(self, e: int, c: int, t: int, action: bool) -> list[tuple]:
        sett = self.mat["settle"]
        role = "action" if action else "response"
        if not action and c < sett["response_min_credits"]:
            return [(1.0, e, c, t, 0.0, 0.0, 0.0)]
        odds, vp, _ = self.world[role]
        p = _found(odds, sett[f"{role}_draw"])
        return [(p, e, self.credits(c, -sett[f"{role}_cost"]), t, vp, 0.0, 1.0),
                (1.0 - p, e, c, t, 0.0, 0.0, 0.0)]

    def consume(self, e: int, c: int, t: int, trade: bool, x2: bool) -> list[tuple]:
        con = self.mat["consume"]
        if x2:
            chips = con["x2_vp_per_economy"] * e
            e = min(self.max_e, e + con["x2_economy"])
        else:
            chips = con["trade_vp_per_economy" if trade else "response_vp_per_economy"] * e
        if trade:
            c = self.credits(c, con["trade_credits"])
        return [(1.0, e, c, t, float(chips), float(chips), 0.0)]

    def produce(self, e: int, c: int, t: int, action: bool) -> list[tuple]:
        pro = self.mat["produce"]
        which = "action" if action else "response"
        return [(1.0, min(self.max_e, e + pro[f"{which}_economy"]),
                 self.credits(c, pro[f"{which}_credits"]), t, 0.0, 0.0, 0.0)]


def _build(game, st: RobotState) -> tuple[list[dict], float]:
    """The expected (VP, chips, cards) over k rounds from every state of its tracks."""
    mat = _Mat(game, st)
    states = [(e, c, t) for e in range(mat.max_e + 1) for c in range(mat.max_c + 1)
              for t in range(mat.tiles + 1)]
    moves: dict[tuple, list] = {}       # state -> [(next state, chance)] after one round
    gains: dict[tuple, tuple] = {}      # state -> expected (vp, chips, cards) in one round
    for s in states:
        spread: dict[tuple, float] = {}
        vp = chips = cards = 0.0
        for chance, ops in _round_ops(game, st.robot_equals):
            branches = [(chance, s)]
            for op in ops:
                after = []
                for p, (e, c, t) in branches:
                    for q, e2, c2, t2, v, ch, n in getattr(mat, op[0])(e, c, t, *op[1:]):
                        if q > 0.0:
                            vp, chips, cards = vp + p * q * v, chips + p * q * ch, \
                                cards + p * q * n
                            after.append((p * q, (e2, c2, t2)))
                branches = after
            for p, s2 in branches:
                spread[s2] = spread.get(s2, 0.0) + p
        moves[s] = list(spread.items())
        gains[s] = (vp, chips, cards)
    table = [dict.fromkeys(states, (0.0, 0.0, 0.0))]
    for _ in range(HORIZON):
        last, now = table[-1], {}
        for s in states:
            v, ch, n = gains[s]
            for s2, p in moves[s]:
                later = last[s2]
                v, ch, n = v + p * later[0], ch + p * later[1], n + p * later[2]
            now[s] = (v, ch, n)
        table.append(now)
    odds, vp, _ = mat.world["action"]
    return table, PILE_CARD_SHARE * odds * vp


def _round_ops(game, robot_equals: str) -> list:
    """[(chance, the robot's phases this round)]: every roll of its dice and pair of your
    markers, with the same phases merged. A phase is ("explore", robot dice on it),
    ("develop" / "settle", its action?) per instance, ("consume", trade?, x2?),
    ("produce", its action?)."""
    data = load_data()
    index = game.rules.action_index()
    phase_of = {a: index[a].phase for a in YOUR_CARDS}
    key = (robot_equals, data.rules["your_single_marker"], data.rules["doubled_single_cell"],
           tuple(phase_of.values()))
    found = _ROUNDS.get(key)
    if found is not None:
        return found
    cards = list(YOUR_CARDS)
    weight = sum(YOUR_CARDS[a] * YOUR_CARDS[b] for i, a in enumerate(cards)
                 for b in cards[i + 1:])
    rolls = [(fa, fb) for fa in data.dice[0] for fb in data.dice[1]]
    merged: dict[tuple, float] = {}
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            w = YOUR_CARDS[a] * YOUR_CARDS[b] / weight / len(rolls)
            yours = human_cells((a, b), data.rules["your_single_marker"])
            phases = [phase_of[a], phase_of[b]]
            for roll in rolls:
                faces = tuple(translate(f, robot_equals) for f in roll)
                ops = _ops(place_dice(yours, faces), phases,
                           data.rules["doubled_single_cell"] == "twice")
                merged[ops] = merged.get(ops, 0.0) + w
    found = _ROUNDS[key] = [(p, ops) for ops, p in merged.items()]
    return found


def _ops(cells: tuple[str, ...], yours: list[str], twice: bool) -> tuple:
    """The robot's phases for its dice on `cells` and your markers' phases `yours`; `twice`:
    two dice on one single cell act twice (`doubled_single_cell`)."""
    robot = set(cells)
    ops: list[tuple] = []
    n = len(robot & {"E1", "E2"})
    if n or "explore" in yours:
        ops.append(("explore", n))
    for phase, letter in (("develop", "D"), ("settle", "S")):
        mine = sum(1 for c in robot if c[0] == letter)
        for i in range(max(mine, yours.count(phase))):
            ops.append((phase, f"{letter}{i + 1}" in robot))
    trade, x2 = "C$" in robot, "Cx2" in robot
    if trade or x2 or "consume" in yours:
        times = max(cells.count("C$"), cells.count("Cx2")) if twice else 1
        ops += [("consume", trade, x2)] * max(1, times)
    if "P" in robot or "produce" in yours:
        times = cells.count("P") if twice else 1
        ops += [("produce", "P" in robot)] * max(1, times)
    return tuple(ops)
