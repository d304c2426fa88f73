"""The dice game's AI seat: a heuristic player that reads only its own view of the table.

It works out what each phase could do for it this round (the *need* of a phase: workers the
top tiles still want, free worlds to produce on, goods to ship, credits or tiles wanted from
Explore), sends wild dice and the selection to the phase where its dice do the most, spends
Dictate and Reassign powers only to move dice from a column with nothing to do into the
selected phase, then plays each task for credits early and VP once its economy runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rftg_cli.decision import Decision
from rftg_cli.rng import Rng

from . import powers
from .data import PHASES
from .phases import free_worlds
from .text import canonical

if TYPE_CHECKING:
    from .state import Player, RollGame


# Which dice the AI would rather keep in play (recruit, send to the cup) - best first.
KEEP = ("yellow", "purple", "green", "cyan", "brown", "red", "white")
# What a die in a phase is worth to it, and credits against VP when shipping: tuned by
# coordinate search on 1,500 solo games against the credit bot, checked on other deals
# (docs/roll-ai.md).
WEIGHT = {"explore": 0.7, "develop": 1.0, "settle": 1.1, "produce": 0.675, "ship": 1.5}
POOR = 5                   # below these credits a trade is worth more
TRADE_WORTH = {"late": 0.2, "poor": 0.7, "rich": 0.4}     # per credit traded
CONSUME_WORTH = 1.3        # per VP consumed


class RollAI:
    kind = "ai"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # ------------------------------------------------------------------ planning

    def need(self, game: RollGame, p: Player, phase: str) -> int:
        if phase == "explore":
            return 2 if p.credits < 3 else 1
        if phase in ("develop", "settle"):
            kind = "development" if phase == "develop" else "world"
            stack = p.stack(kind)
            total = -len(p.building[kind])
            for tile in stack[:2]:
                total += powers.build_cost(game, p, game.data.tiles[tile].side(kind))
            return max(0, total)
        if phase == "produce":
            return len(free_worlds(game, p))
        return sum(len(g) for g in p.goods.values())

    def counts(self, p: Player) -> dict[str, int]:
        out = {ph: len(p.columns[ph]) for ph in PHASES}
        if p.selection:
            out[p.selection[0]] += 1
        return out

    def best_phase(self, game: RollGame, p: Player) -> str:
        count = self.counts(p)
        scores = {}
        for ph in PHASES:
            need = self.need(game, p, ph)
            scores[ph] = min(count[ph] + 1, need) * WEIGHT[ph] + 0.01 * count[ph]
        return max(PHASES, key=lambda ph: scores[ph])

    # ------------------------------------------------------------------ decisions

    def choose(self, game: RollGame, decision: Decision):
        handler = getattr(self, "_" + decision.kind, None)
        p = game.players[decision.player]
        if handler is None:
            return decision.options[0] if decision.count is None else canonical(
                decision, decision.options[: decision.count[0]])
        return handler(game, p, decision)

    def _start(self, game: RollGame, p: Player, decision: Decision):
        tiles = game.data.tiles
        return min(decision.options, key=lambda o: (tiles[o[1]].world.cost, o))

    def _assign(self, game: RollGame, p: Player, decision: Decision):
        options = decision.options
        count = self.counts(p)
        need = {ph: self.need(game, p, ph) for ph in PHASES}
        surplus = {ph: count[ph] - need[ph] for ph in PHASES}
        wild = [o for o in options if o[0] == "wild" and surplus[o[2]] > 0
                and need[o[3]] - count[o[3]] > 0]
        if wild:
            return max(wild, key=lambda o: WEIGHT[o[3]])
        if p.selection is None:
            target = self.best_phase(game, p)
            picks = [o for o in options if o[0] == "select" and o[1] == target]
            return max(picks, key=lambda o: (surplus[o[3]], o[3] != target, -KEEP.index(o[2])))
        sel = p.selection[0]
        if need[sel] - count[sel] <= 0:
            return ("done",)
        moves = [o for o in options if o[0] == "reassign" and o[4] == sel and surplus[o[3]] > 0]
        if moves:
            return moves[0]
        dictates = [o for o in options if o[0] == "dictate" and o[3] == sel
                    and surplus[o[2]] > 1]
        if dictates:
            return dictates[0]
        return ("done",)

    def _dictate_pay(self, game: RollGame, p: Player, decision: Decision):
        count = self.counts(p)
        return max(decision.options, key=lambda o: (
            count[o[1]] - self.need(game, p, o[1]), -KEEP.index(o[0])))

    def _reassign_more(self, game: RollGame, p: Player, decision: Decision):
        count = self.counts(p)
        moves = [o for o in decision.options if o[0] == "more"
                 and count[o[3]] > self.need(game, p, o[3])]
        dst_phase = decision.options[0][4] if decision.options[0][0] == "more" else None
        if moves and dst_phase and self.need(game, p, dst_phase) > count[dst_phase]:
            return moves[0]
        return ("stop",) if ("stop",) in decision.options else decision.options[0]

    def _logistics(self, game: RollGame, p: Player, decision: Decision):
        return ("done",)

    def _explore(self, game: RollGame, p: Player, decision: Decision):
        tiles = len(p.dev_stack) + len(p.world_stack)
        scout = [o for o in decision.options if o[0] == "scout"]
        stock = [o for o in decision.options if o[0] == "stock"]
        # Scouting for want of tiles (an empty stack) cost more than it brought: it scouts
        # only with credits to spare.
        if scout and p.credits >= 5 and tiles < 4:
            return scout[0]
        return max(stock, key=lambda o: powers.stock_credits(game, p, o[1]))

    def _scout_discard(self, game: RollGame, p: Player, decision: Decision):
        return ()

    def _scout_place(self, game: RollGame, p: Player, decision: Decision):
        def value(option):
            tile, kind, where = option
            side = game.data.tiles[tile].side(kind)
            length = len(p.stack(kind))
            v = -0.8 * side.cost - 1.5 * length
            if side.is_world:
                v += 0.5 * len(side.gain) + (1 if side.color != "gray" else 0)
            return v + (0.5 if where == "bottom" else 0)

        return max(decision.options, key=value)

    def _build(self, game: RollGame, p: Player, decision: Decision):
        low = decision.count[0]
        ranked = sorted(decision.options, key=lambda o: -KEEP.index(o[0]))
        return canonical(decision, ranked[:low])

    def _complete_with(self, game: RollGame, p: Player, decision: Decision):
        return self._build(game, p, decision)

    def _to_cup(self, game: RollGame, p: Player, decision: Decision):
        low = decision.count[0]
        ranked = sorted(decision.options, key=lambda o: KEEP.index(o[0]))
        return canonical(decision, ranked[:low])

    def _recruit(self, game: RollGame, p: Player, decision: Decision):
        return self._to_cup(game, p, decision)

    def _recall(self, game: RollGame, p: Player, decision: Decision):
        low = decision.count[0]
        return canonical(decision, decision.options[:low])

    def _remove_die(self, game: RollGame, p: Player, decision: Decision):
        return max(decision.options, key=lambda o: (KEEP.index(o[1]), o[0] == "citizenry"))

    def _produce(self, game: RollGame, p: Player, decision: Decision):
        def value(option):
            colour, world = option
            side = game.side(world)
            return game.data.trade[side.color] + (
                2 if game.data.dice[colour].matches in ("any", side.color) else 0)
        return max(decision.options, key=value)

    def _ship(self, game: RollGame, p: Player, decision: Decision):
        room = 10 - p.credits
        late = game.pool < 6 * len(game.players) or max(
            game.tile_count(q) for q in game.players) >= 10

        def value(option):
            verb, world, good, shipper = option
            side = game.side(world)
            if verb == "trade":
                gain = min(powers.trade_credits(game, p, side), room)
                return gain * TRADE_WORTH["late" if late else "poor" if p.credits < POOR
                                          else "rich"]
            vp = powers.consume_vp(game, p, side, good, shipper)
            return vp * CONSUME_WORTH + 0.1 * KEEP.index(shipper)
        return max(decision.options, key=value)

    def _give_back(self, game: RollGame, p: Player, decision: Decision):
        def cost(tile):
            kind = "development" if tile in p.dev_stack else "world"
            return game.data.tiles[tile].side(kind).cost
        return max(decision.options, key=lambda t: (cost(t), t))

    def _bankers(self, game: RollGame, p: Player, decision: Decision):
        return p.credits >= 4
