"""One arena game: the referee's game (`referee.Bridge`) and our engine's in lockstep. Our
engine is dealt the referee's start worlds, goals and hands and draws the very cards the
referee drew; every seat's answers go to both engines, and every decision is asked of both
(`mapping.Mapping` pairs them; `records.Records` records where they differ)."""

from __future__ import annotations

import sys
from collections import deque

from mapping import (
    AFTER_CONSUME,
    AUTO_CONSUME,
    BONUS_CARD,
    DONE,
    FOLLOW_UP,
    KELDON_AI,
    KNOWN_PRODUCE,
    SPENT_POWER,
    PLACE_PHASES,
    POWER_GOODS,
    PRODUCE_DECISIONS,
    PRODUCING,
    Mapping,
    _bonus_ask,
    _for_power,
    _forced,
    _placing_step,
)
from protocol import Answer, CardMap, Question, Record
from records import Records
from referee import TRACE, ArenaStop, Bridge, Paused
from report import score_parts

from rftg_cli.decision import IllegalChoice
from rftg_cli.race.cards.model import GOODS
from rftg_cli.race.engine.produce import SKIP

OORT_KIND = 24          # Keldon's CHOICE_OORT_KIND: the kind of a good on a world of any kind
GOOD_CODES = {"novelty": 2, "rare": 3, "gene": 4, "alien": 5}   # Keldon's GOOD_* numbers

# Keldon's expansion levels as our engine's expansions and options.
EXPANSIONS = {0: (), 1: ("tgs",), 2: ("tgs", "rvi"),
              3: ("tgs", "rvi", "bow", "prestige", "search")}
OPTIONS = {0: (), 1: (("goals", "on"),), 2: (("goals", "on"), ("takeovers", "on")),
           3: (("goals", "on"), ("takeovers", "on"))}

_ARENAS: dict = {}      # id of a refereed game -> its Arena


def _refereed(cls, steps: dict):
    """Our game class whose real game draws what the referee drew (`Arena._draw`), and the
    rules steps that tell the arena how each world was placed (`Arena.ways`: the referee's
    payment answer names the powers used); a copy (our AI's lookahead) has neither."""
    table = dict(steps)
    settled = table["settled"]

    def settled_told(game, player, world, how, bonus=True, powers=()):
        _ARENAS[id(game)].ways[player] = (world, how, powers)
        settled(game, player, world, how, bonus, powers)

    table["settled"] = settled_told
    settle_way = table["settle_way"]

    def settle_way_told(game, answer, player):
        # Known before the payment: the referee's payment question may come first (Galactic
        # Scavengers' save asked between them).
        _ARENAS[id(game)].ways[player] = answer
        settle_way(game, answer, player)

    table["settle_way"] = settle_way_told
    develop_way = table["develop_way_chosen"]

    def develop_way_told(game, answer, player):
        _ARENAS[id(game)].ways[player] = (answer[0], "develop", answer[1])
        develop_way(game, answer, player)

    table["develop_way_chosen"] = develop_way_told
    if "search_reveal" in table:
        search_reveal = table["search_reveal"]

        def search_reveal_told(game):
            _ARENAS[id(game)]._stack_search(game)
            search_reveal(game)

        table["search_reveal"] = search_reveal_told
    traded = table["traded"]

    def traded_told(game, answer, player):
        _ARENAS[id(game)].forced_trades.append(player)
        traded(game, answer, player)

    table["traded"] = traded_told

    class Refereed(cls):
        __slots__ = ()

        def draw(self, count: int) -> list[int]:
            return _ARENAS[id(self)]._draw(count)

        def copy(self, **kwargs):
            new = super().copy(**kwargs)
            new.__class__ = cls         # a copy (our AI's lookahead) draws from its own deck
            new.steps = steps
            return new

    return Refereed, table


TAKEOVER_TIMING = ("known difference: Keldon's engine asks a seat's takeover in its turn of "
                   "the Settle phase, ours once every world is placed")

# Our engine's functions that draw a good, and their local naming the world it goes on.
GOOD_WORLD = {"put_good": "world", "place_card": "card"}


def _drawing() -> tuple[int, str, str, int]:
    """Which seat our engine draws for, whether into hand ("hand": drawn to hand or
    explored), flipped (a lucky draw) or as a good, why, and the world a good goes on (-1
    when not known): read from the engine's calling frames, which name the seat `player`."""
    frame = sys._getframe(2)
    to, world = "good", -1
    while frame is not None:
        code = frame.f_code
        if code.co_name == "draw_to_hand" or code.co_filename.endswith("explore.py"):
            to = "hand"
        elif code.co_name in ("lucky_draw", "ante"):
            to = "flip"
        elif code.co_name in GOOD_WORLD and world == -1:
            world = frame.f_locals.get(GOOD_WORLD[code.co_name], -1)
        player = frame.f_locals.get("player")
        if isinstance(player, int):
            return player, to, frame.f_locals.get("why") or code.co_name, world
        frame = frame.f_back
    raise ArenaStop("our engine draws a card for no seat the arena can tell")


class Arena(Mapping, Records):
    """One game: Keldon's AI in seat `keldon`, our AI in the other."""

    def __init__(self, bridge_path: str, seed: int, ours: int, level: str,
                 expansion: int = 0, until: int | None = None, players: int = 2) -> None:
        from rftg_cli.config import GameConfig
        from rftg_cli.plugins import new_game
        from rftg_cli.race.ai.levels import ai_seat

        self.ours, self.players = ours, players     # every other seat is Keldon's AI
        self.settings = {"seed": seed, "our_seat": ours, "level": level, "players": players,
                         "expansion": expansion}
        self.until = until          # pause before our engine's answer number `until`
        self.bridge = Bridge(bridge_path, seed, ours, expansion, players)
        self.game = new_game(GameConfig(players=players, expansions=EXPANSIONS[expansion],
                                        options=OPTIONS[expansion]), seed, record=False)
        self.bridge.round = lambda: self.game.round
        self.seat = ai_seat(seed, level)
        self.records: list[Record] = []      # the discrepancies found
        self.ahead: deque = deque()      # (kind, answer) our seat gave the referee early
        self.hand_mark: list[int] = []   # our seat's hand after its last placement
        self.consume_answer = None       # our seat's last consume answer (its goods)
        self.owed: list[tuple] = []    # (seat, stand-in good, world) (`_draw`)
        self.good_later = None       # our seat's good paid, for the referee's next good question
        self.elsewhere: dict[int, int] = {}  # good -> the referee's world it drew it for
        self.ways: dict[int, tuple] = {}   # seat -> (world, how, powers) it last placed
        self.keldon_power: dict = {}  # seat -> the consume power Keldon's AI just used
        self.forced_trades: list[int] = []  # seats whose Trade action our engine did unasked
        self.extra_world = None      # the world our seat places with a power placing one more
        self.produce_world = None    # the windfall world our seat discards a card to produce on
        self.keldon_discard = None   # the card Keldon's AI discards to produce on a windfall
        self.start_kept = None       # the start world our seat keeps (a start-world choice)
        self.start_more: tuple = ()  # its start discards the referee asks later (Ancient Race)
        self.told_later: dict = {}   # our produce answers decided ahead, by power (`_produce_ahead`)
        self.takeover_boosts: dict = {}  # target -> the boosts our seat's takeover commits
        self.takeover_hand: list[int] = []  # our seat's hand when it declared its takeover
        self.upgrade_answer = None   # our seat's worlds replaced, for the referee's question
        self.upgrade_later = None    # ... chosen before the referee asks its power (a takeover first)
        self.consumed = False        # our seat's prestige Trade bonus discarded (`_bonus_discard`)
        self.defence_discards: dict = {}  # seat -> the cards Keldon's AI discards to defend
        b = self.bridge
        while not (b.asks or b.keldon or b._kask):
            b.pump()
        self.cards = CardMap(b.cards, [c.name for c in self.game.design])
        self._deal()
        _ARENAS[id(self.game)] = self
        self.game.__class__, self.game.steps = _refereed(type(self.game), self.game.steps)

    def _name(self, seat: int) -> str:
        """The referee's name for a seat (its lines name seats so)."""
        return "ours" if seat == self.ours else f"keldon{seat}"

    def _deal(self) -> None:
        """Give our engine the referee's start worlds (with goods) and hands, or the two
        start worlds each seat chooses from (Rebel vs Imperium, The Brink of War)."""
        from rftg_cli.race.engine.round import start_keep, timing_order

        g, b = self.game, self.bridge
        pairs = self._start_pairs() if g.pending.kind == "start_world" else None
        used = set()
        for p in range(self.players):   # start worlds first: a windfall one's good at once
            player = g.players[p]
            if pairs:
                player.start_worlds = list(pairs[p])
                used.update(pairs[p])
                continue
            start = self.cards.ours(b.starts[self._name(p)])
            player.tableau, player.placed, player.goods = [start], [start], {}
            if g.design[start].windfall and g.design[start].good:
                player.goods[start] = self.cards.ours(self._referee_draw(self._name(p),
                                                                         "good")[0])
            used.update(player.tableau, player.goods.values())
        for p in range(self.players):
            player = g.players[p]
            player.hand = [self.cards.ours(self._referee_draw(self._name(p), "hand")[0])
                           for _ in range(6)]
            used.update(player.hand)
        # A start world picked at random shows as a card moved: no draw of ours.
        b.draws = deque(e for e in b.draws if e[2] != "moved")
        g.deck = [n for n in self.cards.to_theirs if n not in used]
        g.discard_pile = []
        pending = g.pending     # the first start question, asked before the deal above
        if pairs:
            pending.options = tuple(g.players[pending.player].start_worlds)
        else:
            g.order = timing_order([g.design[g.players[p].tableau[0]].start_number or 0
                                    for p in range(self.players)])
            pending.options = tuple(g.players[pending.player].hand)
            n = len(pending.options) - start_keep(g, pending.player)   # Ancient Race keeps 3
            pending.count = (n, n)
        if b.goals:             # the referee's goals, drawn at random there too
            from rftg_cli.expansions.cardsets.goals import KEY, GoalsState
            g.extra[KEY] = GoalsState(tuple(b.goals))

    def _start_pairs(self) -> dict[int, tuple[int, int]]:
        """Each seat's two start worlds to choose from, as the referee's start questions
        name them (asked of every seat before any answer is read)."""
        b, pairs = self.bridge, {}
        while len(pairs) < self.players:
            for q in [q for q, _ in b.keldon] + list(b.asks):
                if q.kind == "start":
                    pairs[self.ours if q.ours else q.seat] = tuple(map(self.cards.ours,
                                                                       q.special))
            if len(pairs) < self.players:
                b.pump()
        return pairs

    def _draw(self, count: int) -> list[int]:
        """Our engine draws the cards the referee drew for the same seat and the same use
        (hand or good), in the order it drew them: the engines may resolve a phase's seats
        in another order, which the rules allow (each seat's draws are its own)."""
        g, b, out = self.game, self.bridge, []
        seat, to, why, world = _drawing()
        if TRACE:
            print(f"ours: draws {count} for seat {seat} to {to} ({why}, world {world})",
                  file=sys.stderr)
        seat_name = self._name(seat)
        for _ in range(count):
            self._settle_goods()        # a stand-in's own good first, if it came
            while not (found := self._referee_draw(seat_name, to, world, b.blocked)):
                if b.blocked and self._answer_unasked():
                    continue
                if b.blocked and to == "hand" and b.asks[0].kind in PRODUCING:
                    raise ArenaStop(f"round {g.round}: our engine draws a Produce card for our "
                                    f"seat where the referee asks its {b.asks[0].kind} "
                                    f"question first ({KNOWN_PRODUCE})")
                if b.blocked and to == "hand" and b.asks[0].kind == "takeover":
                    raise ArenaStop(f"round {g.round}: our engine draws a card to seat {seat}'s "
                                    f"hand ({why}) before our seat's takeover, which the "
                                    f"referee asks first ({TAKEOVER_TIMING})")
                if b.blocked and to == "hand" and why == "Produce powers" and \
                        self._paid_to_produce(seat):
                    raise ArenaStop(f"round {g.round}: our engine draws a Produce card for seat "
                                    f"{seat} after paying to produce; the referee drew its "
                                    f"draws before, when nothing could pay ({KNOWN_PRODUCE})")
                if b.blocked and to == "hand":
                    raise ArenaStop(
                        f"round {g.round}: our engine draws a card to seat {seat}'s hand "
                        f"({why}) that the referee has not drawn; it waits for our seat's "
                        f"{b.asks[0].kind} answer")
                if b.blocked and to == "good" and (g.deck or g.discard_pile):
                    # The referee draws this good after our seat's pending answer: a stand-in
                    # face down until then (`_settle_goods`); no seat sees a good's face.
                    out.append((g.deck or g.discard_pile).pop())
                    self.owed.append((seat, out[-1], world))
                    break
                b.pump()
                self._settle_goods()    # a stand-in's own good, before another world's
            else:
                out.append(self._take(found[0]))
                self.elsewhere.pop(out[-1], None)     # drawn again since
                if to == "good" and world >= 0 and found[3] != self.cards.theirs(world):
                    self.elsewhere[out[-1]] = found[3]
        return out

    def _paid_to_produce(self, seat: int) -> bool:
        """Did the seat produce this phase with a power paid with a card (Damaged Alien
        Factory)? Keldon's engine uses every Produce draw power at once while no such
        power can be paid for (an empty hand), ours lets a draw's card pay first."""
        g = self.game
        paid = {c for c, _, _, _ in g.power_handlers(seat, "produce", "paid")}
        return any(w in paid for w in g.players[seat].produced)

    def _auto(self, idx: int) -> bool:
        """Whether our engine uses the card's consume power unasked, first thing in the
        phase (draw cards, gain VP), where the referee asks it among the others."""
        return idx != BONUS_CARD and any(p.phase == "consume" and p.kind in AUTO_CONSUME
                   for p in self.game.design[self.cards.ours(idx)].powers)

    def _auto_first(self, q: Question) -> Answer | None:
        """The referee offers our seat a power our engine used unasked: use it there too."""
        if q.kind != "consume":
            return None
        spot = next((j for j, c in enumerate(q.items) if c >= 0 and self._auto(c)), None)
        return None if spot is None else Answer(q.type, 0, (q.items[spot],), (q.special[spot],))

    def _answer_unasked(self, past: bool = False) -> bool:
        """Inside one step of our engine, answer the referee's pending question for our
        seat that our engine settles without asking (one answer, a payment it made, the
        goods of our seat's consume answer, a power placing one more world our engine does
        not offer, when it is `past` our seat's placing); False when it is none of those."""
        b, q = self.bridge, self.bridge.asks[0]
        if self._auto_first(q) is not None:
            answer = self._auto_first(q)
        elif (known := self._known_answer(q)) is not None:
            answer = known()
        elif q.kind == "payment" and self._placed(q):
            answer = self._paid(self.game)
        elif q.kind == "produce" and self._drawn_first(q) is not None:
            answer = self._drawn_first(q)
        elif q.kind in ("windfall", "discard_produce") and \
                self._asked_power(q) in self.told_later:
            answer = self._told_produce(q)
        elif q.kind == "produce" and self.told_later:     # the order: a power decided
            card = next(iter(self.told_later))
            answer = self._power_spot(q, card, -1)
        elif q.kind == "settle_power" and past:
            if q.items:
                self._unoffered(q, self.ours)
            answer = Answer(q.type, 0)
        else:
            return False
        self._next_ask(None)
        b.answer(answer)
        return True

    def _known_answer(self, q: Question):
        """The referee's question for our seat that needs no new answer of our AI, at any
        point of our engine: one told before (`_told_before`), one with one answer only, the
        goods of our last consume answer, the world a power placing one more placed, a
        consume power's discard our engine made with the whole hand, the kind of a good on a
        world of any kind. A function giving that answer, or None."""
        if (told := self._told_before(q)) is not None:
            return told
        if q.kind == "place" and self.extra_world is not None:
            return lambda: self._extra_world_answer(q)
        if _forced(q) is not None:
            return lambda: _forced(q)
        if self._goods_pending(q):
            return lambda: self._goods_answer(q)
        if self._hand_used(q, self.ours) is not None:
            return lambda: self._hand_used(q, self.ours)
        if q.type == OORT_KIND:
            return lambda: self._oort_kind(q)
        return None

    def _told_before(self, q: Question):
        """The referee's question for our seat that our engine answered earlier, at a step
        of its own: a function giving that answer (and clearing what held it), or None. A
        takeover's payment, the power replacing a world and the worlds replaced, the good a
        power is paid with (asked before the payment here, after it there), done consuming
        after the prestige Trade bonus's discard, the one card an ante kept."""
        def popped(name: str, make=lambda a: a):
            answer = make(getattr(self, name))
            setattr(self, name, None)
            return answer

        if q.kind == "payment" and q.args[0] in self.takeover_boosts:
            return lambda: self._takeover_paid(q)
        if q.kind == "upgrade" and self.upgrade_answer is not None:
            return lambda: popped("upgrade_answer")
        if q.kind == "settle_power" and self.upgrade_later is not None:
            return lambda: popped("upgrade_later", lambda a: self._upgrade_to_theirs(q, a))
        if q.kind == "good" and self.good_later is not None \
                and self.cards.theirs(self.good_later) in q.items:
            return lambda: popped("good_later",
                                  lambda a: Answer(q.type, 0, (self.cards.theirs(a),)))
        if q.kind == "consume" and self.consumed:
            return lambda: popped("consumed", lambda a: Answer(q.type, 0))
        hand = self.game.players[self.ours].hand
        if q.kind == "keep" and any(self.cards.ours(c) in hand for c in q.items):
            return lambda: self._kept(q, self.ours)     # kept unasked: in hand already
        return None

    def _extra_world_answer(self, q: Question) -> Answer:
        """The world our seat chose to place with a power placing one more, for the
        referee's question that follows the power's."""
        world, self.extra_world = self.extra_world, None
        if self.cards.theirs(world) not in q.items:
            self._discrepancy(f"round {self.game.round}, seat {self.ours}: our engine lets "
                              f"{self.game.name(world)} be placed with a power where the "
                              "referee does not", q)
        return Answer(q.type, self.cards.theirs(world))

    def _goods_pending(self, q: Question) -> bool:
        """Is the referee's question for our seat the goods of its last consume answer:
        which goods, or which good to trade with a consume power that trades?"""
        if not self.consume_answer or q.kind not in POWER_GOODS:
            return False
        card, idx = self.consume_answer[:2]
        return FOLLOW_UP.get(self.game.design[card].powers[idx].kind, "good") == q.kind

    def _goods_answer(self, q: Question) -> Answer:
        """The goods of our seat's consume answer, for the referee's goods question (the
        number named, for a lucky draw)."""
        (card, idx, goods), self.consume_answer = self.consume_answer, None
        kind = self.game.design[card].powers[idx].kind if card >= 0 else "stop"
        if kind == "stop" and q.kind == "ante":
            return Answer(q.type, -1)       # the ante is optional: none
        if FOLLOW_UP.get(kind, "good") != q.kind or (q.kind != "good" and not goods):
            raise ArenaStop(f"round {self.game.round}: our seat answers {kind} where the "
                            f"referee asks our seat a {q.kind} question")
        if q.kind == "lucky":
            return Answer(q.type, goods[0])
        if q.kind == "ante":
            return Answer(q.type, self.cards.theirs(goods[0]))
        return Answer(q.type, 0, tuple(map(self.cards.theirs, goods)))

    def _referee_draw(self, seat_name: str, to: str, world: int = -1, other: bool = True):
        """The referee's first draw for `seat_name` and `to` ("hand", "good", or "flip": a
        card flipped, kept in hand or not), taken off its list. A lucky flip the referee
        kept is no card drawn to hand: a draw power our engine uses before the flip takes
        the referee's own draw, not the flip's card. A good goes on the same
        world (`world`, ours), or on `other` one when the referee drew none for it: the
        engines may produce a seat's goods in another order, and a good consumed must be
        the same card in both."""
        if to == "flip":    # the referee's flip first (a kept one shows as "flip")
            fits = lambda e: e[1:3] == (seat_name, "flip") or e[2] == "moved"
            if not any(map(fits, self.bridge.draws)):
                fits = lambda e: e[1:3] == (seat_name, "hand")
        else:
            fits = lambda e: e[1:3] == (seat_name, to)
        found = None
        if to == "good" and world >= 0:
            on = self.cards.theirs(world)
            found = next((e for e in self.bridge.draws if fits(e) and e[3] == on), None)
        if found is None and (other or world < 0 or to != "good"):
            found = next((e for e in self.bridge.draws if fits(e)), None)
        if found:
            self.bridge.draws.remove(found)
        return found

    def _take(self, idx: int) -> int:
        """Take the referee's drawn card out of our deck or discard pile, or off a world
        where our engine put it as a stand-in good (`_draw`), which another card replaces."""
        g, card = self.game, self.cards.ours(idx)
        if any(c == card for _, c, _ in self.owed):
            pending = {self.cards.ours(e[0]) for e in self.bridge.draws}
            pile = g.deck or g.discard_pile
            new = next((c for c in reversed(pile) if c not in pending), None)
            if new is not None:
                pile.remove(new)
                self._place_of(card)(new)
                self.owed = [(s, new if c == card else c, w) for s, c, w in self.owed]
                return card
        pile = g.deck if card in g.deck else g.discard_pile
        if card not in pile:
            raise ArenaStop(f"the referee drew {g.name(card)}, which our engine does not "
                            "have in its deck or discard pile")
        pile.remove(card)
        return card

    def _settle_goods(self) -> None:
        """Swap each stand-in good for the card the referee drew, once it has told it: the
        real card comes out of the deck or discard pile, or off another stand-in's place."""
        done: list[tuple] = []      # read again after each swap, which renames a stand-in
        while (entry := next((e for e in self.owed if e not in done), None)) is not None:
            seat, stand_in, on = entry
            found = self._referee_draw(self._name(seat), "good", on,
                                       on < 0)     # the good of that very world
            if not found:
                if not self._swap_elsewhere(entry):
                    done.append(entry)
                continue
            self.owed.remove(entry)
            real = self.cards.ours(found[0])
            if real == stand_in:
                continue        # the stand-in was the very card
            put_real, put_stand_in = self._place_of(stand_in), self._place_of(real, free=True)
            put_real(real)
            put_stand_in(stand_in)
            self.owed = [(s, stand_in if c == real else c, w) for s, c, w in self.owed]

    def _swap_elsewhere(self, entry: tuple) -> bool:
        """A stand-in on world `on` whose good our engine already took, for another world
        the referee had not drawn for yet: once the referee draws that other world's good,
        the good taken goes on `on`, where the referee put it, and the new one on the other
        world; the stand-in goes back where the new one lay. False when not so."""
        seat, stand_in, on = entry
        goods, theirs = self.game.players[seat].goods, self.cards.theirs(on)
        for taken, world in list(self.elsewhere.items()):
            other = next((w for w, c in goods.items() if c == taken), None)
            if world != theirs or other is None:
                continue
            found = self._referee_draw(self._name(seat), "good", other, False)
            if not found:
                continue
            real = self.cards.ours(found[0])
            put_stand_in = None if real == stand_in else self._place_of(real, free=True)
            goods[other], goods[on] = real, taken
            if put_stand_in:
                put_stand_in(stand_in)
            del self.elsewhere[taken]
            self.owed.remove(entry)
            self.owed = [(s, stand_in if c == real else c, w) for s, c, w in self.owed]
            return True
        return False

    def _place_of(self, card: int, free: bool = False):
        """A setter for where `card` lies: a good, the deck, the discard pile (`free`: a
        card the referee drew, so not a good of our engine unless a stand-in)."""
        g = self.game
        stand_ins = {c for _, c, _ in self.owed}
        for player in g.players:
            world = next((w for w, c in player.goods.items() if c == card), None)
            if world is not None and (not free or card in stand_ins):
                return lambda new, goods=player.goods, world=world: goods.__setitem__(world, new)
        for pile in (g.deck, g.discard_pile):
            if card in pile:
                at = pile.index(card)
                return lambda new, pile=pile, at=at: pile.__setitem__(at, new)
        raise ArenaStop(f"the referee drew {g.name(card)}, which our engine does not have in "
                        "its deck or discard pile")

    # ------------------------------------------------------------------ one game

    def play(self) -> dict:
        g, b = self.game, self.bridge
        while not g.over:
            self._settle_goods()
            if self.until is not None and len(g.history) >= self.until:
                raise Paused
            d = g.decision()
            answer = self._good_paid(d) if d.kind == "good_paid" else None
            if answer is None:
                answer = self._ours(d) if d.player == self.ours else self._keldons(d)
            if answer is None:
                continue        # the referee's question was settled without `d`
            if TRACE:
                print(f"ours: seat {d.player} {d.kind} {d.options} -> {answer}", file=sys.stderr)
            if d.player == self.ours and d.kind in ("develop", "settle") \
                    and not _placing_step(d):
                placed = answer[0] if isinstance(answer, tuple) else answer
                self.hand_mark = [c for c in g.players[self.ours].hand if c != placed]
                self.ways.pop(self.ours, None)
            try:
                g.apply(answer)
                if d.kind == "trade" and d.player in self.forced_trades:   # asked
                    self.forced_trades.remove(d.player)
            except IllegalChoice as exc:
                who = "our seat" if d.player == self.ours else "Keldon's AI"
                raise ArenaStop(f"round {g.round}: our engine rejects {who}'s {d.kind} answer "
                                f"{self._names(answer)}: {exc}") from None
        for q, kans in list(b.keldon):
            self._paid_alike(q, kans)   # a payment not yet read may tell why ours ended
            self._hand_used_alike(q, kans)
        while len(b.ends) < self.players:
            if not (b.blocked and self._answer_unasked(past=True)):
                b.pump()
        for q, kans in list(b.keldon):   # told after our engine's end
            self._hand_used_alike(q, kans)
        self._settle_goods()
        return self._result()

    def _ours(self, d):
        """Our seat's answer to our engine's decision `d` (told to the referee too), or None
        when the referee's pending question was answered without it."""
        g, b = self.game, self.bridge
        if self.ahead:
            return self._answered_ahead(d)
        if _placing_step(d):
            return self.seat.choose(g, d)       # told the referee once placed (`_paid`)
        if d.kind == "start_world":     # told with our start discards (`_to_theirs`)
            self.start_kept = self.seat.choose(g, d)
            return self.start_kept
        while not b.asks:
            b.pump()
        if d.kind == "produce_order":
            return self._our_order(d)
        if b.asks[0].kind == "produce":         # which produce power first: ours asks it
            q = self._next_ask(None)
            b.answer(self._power_spot(q, *self._produce_power(d)))
            return None
        if b.asks[0].kind in ("windfall", "discard_produce") and d.kind in PRODUCE_DECISIONS \
                and d.kind != "produce_discard" and _forced(b.asks[0]) is None \
                and self._asked_power(b.asks[0]) != self._produce_power(d)[0]:
            self._produce_ahead(b.asks[0])      # the referee uses that power first
            return None
        if _bonus_ask(b.asks[0], d):
            return self._bonus_discard(d)
        if d.kind == "windfall" and SKIP in d.options and any(
                self._produced_on(w, self.ours) for w in d.options if w >= 0):
            return SKIP     # the referee filled that world free (the Produce bonus), unasked
        if d.kind == "upgrade" and b.asks[0].kind == "takeover":
            # The referee asks our seat's takeover first, the world replaced after it.
            self.upgrade_later = self.seat.choose(g, d)
            return self.upgrade_later
        if d.kind == "military_discard" and b.asks[0].kind == "payment" \
                and b.asks[0].args[0] in self.takeover_boosts:
            return self._takeover_discard(d)
        if self._auto_first(b.asks[0]) is not None:
            b.answer(self._auto_first(self._next_ask(None)))
            return None
        if (told := self._told_before(b.asks[0])) is not None:
            answer = told()                 # before `_next_ask`: it may read the question
            self._next_ask(None)
            b.answer(answer)
            return None
        if self._not_asked_there(b.asks[0], d) or self._unasked(b.asks[0], d, g):
            return None
        q = self._next_ask(g)
        answer = self.seat.choose(g, d)
        self._compare(q, d)
        told = self._to_theirs(q, d, answer)
        if told is not None:        # None: the question waits for our next answer
            b.answer(told)
        return answer

    def _takeover_discard(self, d) -> tuple:
        """Our seat's cards discarded for military in its takeover (Uplift Mercenary
        Force), which the referee asks with the powers committed, as one payment."""
        q = self._next_ask(None)
        answer = self.seat.choose(self.game, d)
        self.bridge.answer(self._takeover_paid(q, answer))
        return answer

    def _bonus_discard(self, d) -> tuple:
        """Our seat's prestige Trade bonus discard: the referee asks first whether to use
        the bonus (a consume power), then the cards."""
        b, q = self.bridge, self._next_ask(None)
        answer = self.seat.choose(self.game, d)
        if not answer:
            b.answer(Answer(q.type, 0))
            return answer
        at = q.items.index(BONUS_CARD)
        b.answer(Answer(q.type, 0, (BONUS_CARD,), q.special[at:at + 1]))
        while not b.asks:
            b.pump()
        q = self._next_ask(None)
        if q.kind != "consume_hand":
            raise ArenaStop(f"the referee asks {q.kind} after the prestige Trade bonus")
        b.answer(Answer(q.type, 0, tuple(map(self.cards.theirs, answer))))
        self.consumed = True        # our seat is done consuming: the referee may ask again
        return answer

    def _await_keldon(self, d) -> None:
        """Read the referee until Keldon's AI has answered a question our engine has not
        applied yet (`d` is our engine's pending decision for its seat)."""
        b = self.bridge
        while b.keldon.first(d.player) is None:
            if b.blocked and not self._answer_unasked(past=True):
                self._answer_ahead(d)
            elif not b.blocked:
                b.pump()

    def _keldon_produce(self, d):
        """Keldon's answer for the produce power our engine asks about now (`d`), read from
        the goods the referee drew for its seat (each names its world): the referee lets its
        AI choose the order of its produce powers, our engine orders them itself (specific
        windfalls first), so the questions do not pair one for one, but the worlds filled
        are the same; the card discarded to produce is in its discard_produce answer."""
        b, seen = self.bridge, self.bridge.questions
        worlds = [self.game.resume[1][1]] if d.kind == "produce_pay" else \
            [w for w in d.options if w >= 0]
        # Until the referee drew a good on one of them, or asks the round's last questions.
        while (produced := next((w for w in worlds if self._produced_on(w, d.player)),
                                None)) is None:
            if b.blocked and not self._answer_unasked():
                self._answer_ahead(d)   # our seat produces first there
            elif b.questions > seen and b.last_kind in ("action", "discard") or len(b.ends) == 2:
                break           # the round is over there
            elif not b.blocked:
                b.pump()
        if d.kind == "produce_pay":
            self._drew_nothing_first(d.player)
        card = self._produce_discard(produced, d.player)
        if card is not None and card not in self.game.players[d.player].hand:
            raise ArenaStop(
                f"round {self.game.round}: Keldon's AI discards {self.game.name(card)} to "
                "produce, a card it drew with a Produce power first that our engine draws "
                f"later ({KNOWN_PRODUCE})")
        if d.kind == "produce_pay":
            return () if produced is None or card is None else (card,)
        if produced is None or card is None and d.kind == "windfall" and SKIP in d.options:
            return self._skip(d)    # none, or one a free power made (asked next here)
        self.keldon_discard = card
        return produced

    def _drew_nothing_first(self, seat: int) -> None:
        """Stop where Keldon's AI, before the payment our engine asks now, used a Produce
        draw power our engine has not used: one that drew nothing yet, and that our engine
        leaves until after the payment, which can only raise it (`produce_next`)."""
        g, used = self.game, self.game.players[seat].used
        draws = {self.cards.theirs(c): c for c, i, _, _ in g.power_handlers(seat, "produce", "draw")
                 if (c, i) not in used}
        for q, kans in self.bridge.keldon:
            if q.seat == seat and q.kind == "produce" and kans.items and kans.items[0] in draws:
                raise ArenaStop(f"round {g.round}: Keldon's AI draws with "
                                f"{g.name(draws[kans.items[0]])}, nothing yet, before paying to "
                                f"produce, which our engine does first ({KNOWN_PRODUCE})")

    def _produced_on(self, world: int, seat: int) -> bool:
        """Has the referee drawn a good for `seat` on `world` (ours) that our engine has not?"""
        on = self.cards.theirs(world)
        return any(e[1:] == (self._name(seat), "good", on) for e in self.bridge.draws)

    def _produce_discard(self, world: int | None, seat: int) -> int | None:
        """The card Keldon's AI discarded to produce on `world`, its answer taken off."""
        b = self.bridge
        for q, kans in list(b.keldon):
            if q.seat == seat and q.kind == "discard_produce" and kans.items and world is not None \
                    and self.cards.ours(kans.special[0]) == world:
                b.keldon.remove((q, kans))
                return self.cards.ours(kans.items[0])
        return None

    def _asked_power(self, q: Question) -> int:
        """The card whose produce power a referee question is for (-1: the Produce bonus)."""
        return self.cards.ours(q.args[0]) if q.args[0] >= 0 else -1

    def _produce_ahead(self, q: Question) -> None:
        """The referee uses a produce power of our seat first (the Produce bonus, a windfall
        of any kind) where our engine asks another first: our seat's answers, in our
        engine's order, come from a copy of it up to that power's; the referee is told
        that power's now and each other one's when it asks (`told_later`)."""
        sim, target, found = self.game.copy(), self._asked_power(q), []
        while not sim.over and (sd := sim.decision()).player == self.ours \
                and sd.kind in PRODUCE_DECISIONS:
            power = found[-1][1] if sd.kind == "produce_discard" else \
                self._produce_power(sd, sim)[0]
            if sd.kind != "produce_discard" and target in [f[1] for f in found]:
                break           # the power the referee asks is decided
            answer = self.seat.choose(sim, sd)
            found.append((sd.kind, power, answer))
            sim.apply(answer)
        self.ahead.extend((kind, answer) for kind, _, answer in found)
        for power in dict.fromkeys(f[1] for f in found):
            self.told_later[power] = [(kind, answer) for kind, p, answer in found if p == power]
        if target not in self.told_later:   # our engine played it unasked: one world left
            self.told_later[target] = [("windfall", self._filled(sim, q, found))]
        self._next_ask(None)
        self.bridge.answer(self._told_produce(q))

    def _filled(self, sim, q: Question, found) -> int:
        """The world a produce power our engine played unasked filled in the copy `sim`:
        one the referee offers, with a good there and not here, that no answer names."""
        now, named = self.game.players[self.ours].goods, {f[2] for f in found}
        filled = [w for w in sim.players[self.ours].goods if w not in now and w not in named
                  and self.cards.theirs(w) in q.items]
        if len(filled) != 1:
            raise ArenaStop(f"round {self.game.round}: the referee asks our seat's produce "
                            f"power of {self._names(self._asked_power(q))} that our engine "
                            "does not ask")
        return filled[0]

    def _told_produce(self, q: Question) -> Answer:
        """The referee's produce question for a power whose answers our seat decided ahead:
        the world produced on (and the card discarded for it), or nothing."""
        power = self._asked_power(q)
        answers = dict(self.told_later.pop(power))
        world = answers.get("windfall", power if "produce_pay" in answers else -1)
        card = answers.get("produce_discard", answers.get("produce_pay", ()))
        card = card[0] if card else None
        if q.kind == "windfall":
            return Answer(q.type, 0, () if world < 0 else (self.cards.theirs(world),))
        if card is None or (world < 0 and "windfall" in answers):
            return Answer(q.type, 0)
        return Answer(q.type, 0, (self.cards.theirs(card),), (self.cards.theirs(world),))

    # ------------------------------------------------------------ the Produce order
    # Our engine asks a seat which Produce power comes next (`produce_order`: a draw whose
    # cards a paid power's good would raise, or a paid power) where the referee asks its
    # CHOICE_PRODUCE ("produce": cards and their power numbers). The referee lists more:
    # every draw-per-good power, even one no payment raises, which our engine draws first
    # unasked (`_drawn_first`); and it asks nothing where one power is left to use.

    def _order_option(self, d, q: Question, card: int, power: int):
        """Our engine's `produce_order` option for the power (its card, its power number
        there) chosen in the referee's produce question `q`, or None when our engine offers
        none of that card's (drawn first). A card's powers pair in printed order."""
        options = sorted(o for o in d.options if o[0] == self.cards.ours(card))
        if len(options) <= 1:
            return options[0] if options else None
        theirs = sorted(s for c, s in zip(q.items, q.special) if c == card)
        return options[min(theirs.index(power), len(options) - 1)]

    def _our_order(self, d):
        """Our seat's next Produce power: our AI's choice, told to the referee's produce
        question; where the referee asks none (one power left there), the power it asks
        about now is our engine's answer too."""
        b, g = self.bridge, self.game
        q = b.asks[0]
        if q.kind == "produce":
            q = self._next_ask(None)
            answer = self.seat.choose(g, d)
            b.answer(self._power_spot(q, *answer))
            return answer
        if q.kind in ("windfall", "discard_produce"):
            option = next((o for o in d.options if o[0] == self._asked_power(q)), None)
            if option is not None:
                return option   # the referee's question is that power's: paired next
        raise ArenaStop(f"round {g.round}: our engine asks our seat's Produce order "
                        f"({self._names(d.options)}) where the referee asks {q.kind}")

    def _drawn_first(self, q: Question) -> Answer | None:
        """The referee asks our seat which Produce power comes next and offers a draw our
        engine has made unasked, as it makes first every draw no payment raises: that
        one, in the referee's terms (None: no such draw)."""
        g, used = self.game, self.game.players[self.ours].used
        for card, idx, _, _ in g.power_handlers(self.ours, "produce", "draw"):
            if (card, idx) in used and self.cards.theirs(card) in q.items:
                return self._power_spot(q, card, idx)
        return None

    def _keldon_order(self, d):
        """Keldon's AI's next Produce power for our engine's `produce_order` (`d`): its
        answer to the referee's produce question (a draw our engine made unasked is
        passed over), or the paid power the referee asks it to pay for, unasked (one
        power left there)."""
        b, seen, g = self.bridge, self.bridge.questions, self.game
        while True:
            entry = next(((q, k) for q, k in b.keldon if q.seat == d.player
                          and q.kind in ("produce", "discard_produce")), None)
            if entry is not None and entry[0].kind == "produce":
                b.keldon.remove(entry)
                option = self._order_option(d, entry[0], entry[1].items[0],
                                            entry[1].special[0])
                if option is not None:
                    return option
                continue        # a draw our engine made first: the next answer
            if entry is not None:
                option = next((o for o in d.options
                               if o[0] == self.cards.ours(entry[0].args[0])), None)
                if option is None:
                    raise ArenaStop(f"round {g.round}: Keldon's AI pays to produce with "
                                    f"{self.bridge.cards[entry[0].args[0]]}'s power, which "
                                    f"our engine's Produce order does not offer")
                return option   # its discard answer is read with the power's (`_keldon_produce`)
            if b.blocked and not self._answer_unasked():
                self._answer_ahead(d)   # our seat produces first there
            elif b.questions > seen and b.last_kind in ("action", "discard") \
                    or len(b.ends) == self.players:
                raise ArenaStop(f"round {g.round}: our engine asks seat {d.player}'s Produce "
                                "order where the referee asks Keldon's AI none")
            elif not b.blocked:
                b.pump()

    def _stack_search(self, game) -> None:
        """Before our engine reveals a search's cards from the top of its deck: put there
        the cards the referee revealed (at random) for the same search, in its order,
        once it has asked its next question (a keep question, or what follows the
        search)."""
        b, seat = self.bridge, game.extra["search"].player
        seen = b.questions
        while b.questions == seen and len(b.ends) < self.players and not b.blocked:
            b.pump()
        name, shown = self._name(seat), []
        for e in b.draws:       # up to the card the search ends with, kept in hand
            if e[2] == "moved" or e[1:3] == (name, "hand"):
                shown.append(e)
                if e[2] == "hand":
                    break       # later draws to that hand are another step's (Explore)
        for e in shown:
            b.draws.remove(e)
        for card in reversed([self.cards.ours(e[0]) for e in shown]):
            for pile in (game.deck, game.discard_pile):
                if card in pile:
                    pile.remove(card)
            game.deck.append(card)

    def _produce_power(self, d, game=None) -> tuple[int, int]:
        """The produce power (card, power number; -1 when not known) our engine's produce
        decision `d` is for: read from the task it resumes."""
        _, args = (game or self.game).resume
        if d.kind == "produce_pay":
            return args[1], -1          # (player, world): the world's own power
        if d.kind == "windfall":
            return args[1], args[2]     # (player, card, power number)
        raise ArenaStop(f"round {self.game.round}: the referee asks which produce power to "
                        f"use where our engine asks {d.kind!r}")

    def _power_spot(self, q: Question, card: int, idx: int) -> Answer:
        """The referee's spot (card, power number) for our engine's power of `card`."""
        spots = [j for j, c in enumerate(q.items) if c == self.cards.theirs(card)]
        if not spots:
            raise ArenaStop(f"round {self.game.round}: the referee does not offer "
                            f"{self.game.name(card)}'s produce power our engine uses")
        if len(spots) > 1 and idx >= 0:     # a card's powers matched in printed order
            ours = sorted({i for i, p in enumerate(self.game.design[card].powers)
                           if p.phase == "produce"})
            spots = [spots[min(ours.index(idx), len(spots) - 1)]] if idx in ours else spots
        return Answer(q.type, 0, (q.items[spots[0]],), (q.special[spots[0]],))

    def _keldons(self, d):
        """Keldon's AI's answer to our engine's decision `d` for its seat, or None when its
        answer was to a question our engine does not ask."""
        b = self.bridge
        if d.kind == "produce_order":
            return self._keldon_order(d)
        if d.kind == "military_discard" and d.player in self.defence_discards:
            return self.defence_discards.pop(d.player)  # told with its defence (`_to_ours`)
        if d.kind in ("produce_pay", "windfall"):
            return self._keldon_produce(d)
        if d.kind == "produce_discard":
            return (self.keldon_discard,)
        self._await_keldon(d)
        if d.kind == "consume" and DONE in d.options \
                and b.keldon.first(d.player)[0].kind in AFTER_CONSUME:
            return DONE         # it stopped consuming (an optional power left unused)
        if d.kind == "consume_hand" and self.game.resume[0] == "discarded_vp" \
                and b.keldon.first(d.player)[0].kind in AFTER_CONSUME:
            return ()           # its done answer declined the prestige Trade bonus's discard
        q, kans = b.keldon.take(d.player)
        if _bonus_ask(q, d):            # the prestige Trade bonus: used, then its cards
            q, kans = self._past_used_powers(q, kans, d)
            if not kans.items:
                return ()
            if kans.items[0] != BONUS_CARD:
                raise ArenaStop(f"round {self.game.round}: Keldon's AI consumes with "
                                f"{self.bridge.cards[kans.items[0]]}, which our engine does not "
                                "offer before the prestige Trade bonus's discard")
            self._await_keldon(d)
            return tuple(sorted(map(self.cards.ours, b.keldon.take(d.player)[1].items)))
        if d.kind == "start_world" and q.kind == "start":
            b.keldon.put_back((q, kans))        # its discards, for our start discard next
            return self.cards.ours(kans.special[0])
        power = self.keldon_power.pop(d.player, None)
        if q.kind == "trade" and d.player in self.forced_trades:
            self.forced_trades.remove(d.player)
            return None         # the Trade action our engine did unasked (one good only)
        if power is not None and _for_power(q, power):
            return None         # its goods for the power just used, one way only in ours
        if q.kind in ("good", "trade") and _forced(q) and not any(
                self.cards.ours(w) in self.game.players[d.player].goods for w in q.items):
            return None         # the one power left, used unasked in both: ours is past it
        if q.kind == "payment" and _placing_step(d):
            if d.kind != "pay":     # the last step: else for the next, then `_paid_alike`
                b.keldon.put_back((q, kans))
            return self._payment_to_ours(kans, d)
        if q.kind == "consume" and kans.items and self._auto(kans.items[0]):
            return None         # our engine used that power unasked at the start
        if q.kind == "discard_produce" and kans.items:
            raise ArenaStop(f"round {self.game.round}: Keldon's AI discards a card to produce "
                            f"on {self.bridge.cards[kans.special[0]]}, which our engine does "
                            f"not ask there ({KNOWN_PRODUCE})")
        if q.kind in PRODUCING:
            return None         # read from its goods (`_keldon_produce`) or nothing left
        if not self._matches(q, d):
            if _forced(q) or self._paid_alike(q, kans) or self._hand_used_alike(q, kans):
                return None     # our engine does not ask what has one answer
            if q.type == OORT_KIND:
                return None     # the kind of a good produced on a world of any kind
            if q.kind == "keep":
                self._kept(q, d.player, kans.value)
                return None     # our engine's ante had one card to keep
            if q.kind == "defend" and not kans.special and not kans.items:
                return None     # no temporary military, which our engine did not offer
            if q.kind == "defend":
                raise ArenaStop(self._defence_unasked(q, kans, d.player))
            if q.kind == "takeover" and kans.value >= 0 and not any(
                    self.cards.ours(kans.value) in p.tableau for p in self.game.players):
                raise ArenaStop(f"round {self.game.round}: Keldon's AI declares a takeover of "
                                f"{self.bridge.cards[kans.value]}, which left its tableau "
                                f"here before our engine asks takeovers ({TAKEOVER_TIMING})")
            if q.kind == "consume" and not kans.items:
                return None     # done consuming, where our engine is past consuming
            if q.kind == "settle_power" and d.kind == "takeover" and kans.items:
                return None     # its second placement for the takeover it declares next,
                #                 which our engine's declaration uses up (`may_declare`)
            if q.kind == "settle_power" and not kans.items:
                if q.items:
                    self._unoffered(q, d.player)
                return None     # a power placing one more world, not used
            if q.kind == "place" and kans.value == -1:
                self._unoffered(q, d.player)
                return None
            if self._not_asked_there(q, d):
                b.keldon.put_back((q, kans))      # it answers a later question
                return None
            raise ArenaStop(self._unmapped(q, d))
        self._compare(q, d)
        answer = self._to_ours(q, kans, d)
        if b.asks and not self._goods_pending(b.asks[0]):
            self._answer_ahead(d, answer)   # before our engine draws past it
        return answer

    def _answer_ahead(self, pending, first=None) -> None:
        """The referee asks our seat before our engine asks Keldon's seat's `pending` (a
        decision both take at once, asked in another order): answer it from a copy where
        Keldon's seat's hidden answers are stand-ins, which our seat's view does not show."""
        b, sim = self.bridge, self.game.copy()
        if first is not None:
            sim.apply(first)        # Keldon's seat's real answer
        d = None if sim.over else sim.decision()
        for _ in range(20):
            if d is not None and d.player == self.ours and d.kind == "start_world" \
                    and first is None:      # kept with the discards the referee asks
                self.start_kept = self.seat.choose(sim, d)
                self.ahead.append((d.kind, self.start_kept))
                sim.apply(self.start_kept)
                d = sim.decision()
                continue
            if d is None or d.player == self.ours:
                break
            sim.apply(sim.legal_answers(1)[0])
            d = None if sim.over else sim.decision()
        if (d is None or d.player != self.ours) and b.asks[0].kind == "payment":
            self._next_ask(None)            # paid unasked, and no decision of ours after
            b.answer(self._paid(sim))
            return
        if d is None or d.player != self.ours:
            if first is not None:
                return                      # early try only: our engine may ask it later
            raise ArenaStop(f"the referee asks our seat's {b.asks[0].kind} while our engine "
                            f"asks Keldon's seat {pending.kind!r} and then no decision of ours")
        if first is not None and (d.kind == "start_world" or _placing_step(d)):
            return          # early try only: answered when our engine asks it
        if self._unasked(b.asks[0], d, sim):
            return
        q = self._next_ask(sim)
        answer = self.seat.choose(sim, d)
        self._compare(q, d)
        b.answer(self._to_theirs(q, d, answer))
        self.ahead.append((d.kind, answer))

    def _not_asked_there(self, q: Question, d) -> bool:
        """Our engine offers a seat a placement the referee does not ask (it asks a later
        question already): record it and pass, as the referee's seat does."""
        if d.kind not in PLACE_PHASES.values() or q.kind in ("place", "payment", "good") \
                or self._matches(q, d):
            return False
        passes = [o for o in d.options if o == -1 or (isinstance(o, tuple) and o[0] == -1)]
        if not passes:
            return False
        self._discrepancy(
            f"round {self.game.round}, seat {d.player}: our engine offers "
            f"{self._names(tuple(o[0] if isinstance(o, tuple) else o for o in d.options))} to "
            f"{d.kind} where the referee asks nothing", q, d)
        self.game.apply(passes[0])
        return True

    def _unasked(self, q: Question, d, game) -> bool:
        """Answer a referee question our engine did not ask because it has one answer
        (True), or say nothing (False) when `d` is that question. A payment our engine made
        without asking is the cards it discarded since our seat's placement."""
        if self._matches(q, d):
            return False
        if q.kind == "discard" and self.start_more:
            answer, self.start_more = Answer(q.type, 0, tuple(map(self.cards.theirs,
                                                                 self.start_more))), ()
        elif (known := self._known_answer(q)) is not None:
            answer = known()
        elif q.kind == "defend":        # our engine offers no temporary military
            answer = Answer(q.type, 0)
        elif q.kind == "settle_power":  # our engine offers no further world
            if q.items:
                self._unoffered(q, self.ours)
            answer = Answer(q.type, 0)
        elif q.kind == "place":         # our engine offered nothing to place: a pass
            self._unoffered(q, self.ours)
            answer = Answer(q.type, -1)
        elif q.kind == "payment":
            answer = self._paid(game)
        else:
            answer = None
        if answer is None:
            raise ArenaStop(self._unmapped(q, d))
        self._next_ask(None)             # our engine is past this question already
        self.bridge.answer(answer)
        return True

    def _kept(self, q: Question, seat: int, chosen: int | None = None) -> Answer:
        """The card a seat kept from an ante our engine let it keep unasked (the one flipped
        card costing more than the ante), for the referee's keep question; a discrepancy
        where the referee offers more (Keldon's RFTG: any card flipped), a stop where
        Keldon's AI kept another."""
        hand = self.game.players[seat].hand
        kept = [c for c in q.items if self.cards.ours(c) in hand]
        if len(q.items) > 1:
            self._discrepancy(f"round {self.game.round}, seat {seat}: the referee lets an ante "
                              f"keep any of {self._question_names(q)}, our engine only "
                              f"{self._names(tuple(map(self.cards.ours, kept)))}", q)
        if len(kept) != 1 or chosen not in (None, kept[0]):
            raise ArenaStop(f"round {self.game.round}: seat {seat} keeps another card of its "
                            "ante in the referee than in our engine")
        return Answer(q.type, kept[0])

    def _paid_alike(self, q: Question, kans: Answer) -> bool:
        """Keldon's AI paid where our engine paid without asking (one way only): the
        cards it paid must have left our engine's hand too, or the engines differ."""
        if q.kind != "payment":
            return False
        b = self.bridge
        since = {c for c, seat in b.drawn[b.answered_at.get(id(kans), len(b.drawn)):]
                 if seat == self._name(q.seat)}      # drawn again after paying (reshuffled)
        hand = self._hand_kept(q.seat)
        player = self.game.players[q.seat]
        kept = [self.game.name(c) for c in map(self.cards.ours, kans.items)
                if c in hand and self.cards.theirs(c) not in since]
        if kept:
            raise ArenaStop(f"round {self.game.round}: Keldon's AI paid with {kept}, which "
                            "our engine, paying without asking, kept in hand")
        spent = [self.game.name(c) for c in map(self.cards.ours, kans.special)
                 if c in player.tableau and any(p.one_shot for p in self.game.design[c].powers)]
        if spent:
            raise ArenaStop(f"round {self.game.round}: Keldon's AI discards {spent} in a "
                            f"payment our engine makes without it ({SPENT_POWER})")
        self._no_counter_spent(kans, q.seat)
        return True

    def _past_used_powers(self, q: Question, kans: Answer, d) -> tuple[Question, Answer]:
        """Keldon's AI consumes with a power our engine already used unasked (the one power
        left, on the one good: Outlaw World; one our engine uses first thing, Galactic
        Salon's VP) before our engine asks the prestige Trade bonus's discard: its answer
        and the good it names pass, up to its next consume answer (the bonus, or done)."""
        b = self.bridge
        used = {c for c, _ in self.game.players[d.player].used}
        while kans.items and kans.items[0] != BONUS_CARD \
                and (self.cards.ours(kans.items[0]) in used or self._auto(kans.items[0])):
            used.discard(self.cards.ours(kans.items[0]))     # once for each use
            self._await_keldon(d)
            if b.keldon.first(d.player)[0].kind == "good":
                b.keldon.take(d.player)
                self._await_keldon(d)
            q, kans = b.keldon.take(d.player)
            if q.kind != "consume":
                raise ArenaStop(f"round {self.game.round}: Keldon's AI answers a {q.kind} "
                                "question after a consume power our engine used unasked")
        return q, kans

    def _oort_kind(self, q: Question) -> Answer:
        """The kind of the good our seat produced on a world of any kind (Alien Oort Cloud
        Refinery), which Keldon's engine asks (CHOICE_OORT_KIND) when a windfall power of
        any kind produces there, for that Produce phase's powers; our engine asks nothing
        (the world counts as each kind): the kind our seat's Produce draw powers name, if
        they name one, else Novelty."""
        kinds = {pw.good for c in self.game.players[self.ours].tableau
                 for pw in self.game.design[c].powers
                 if pw.phase == "produce" and pw.kind.startswith("draw_") and pw.good in GOODS}
        if len(kinds) > 1:
            raise ArenaStop(f"round {self.game.round}: the referee asks the kind of our seat's "
                            f"good on a world of any kind, which our engine counts as each of "
                            f"{sorted(kinds)} for its Produce powers")
        return Answer(q.type, GOOD_CODES[kinds.pop() if kinds else "novelty"])

    def _good_paid(self, d):
        """The good a power paid with a good discards (Golden Age of Terraforming, Rebel
        Fuel Refinery): the referee asks it only when several goods fit (a "good" question
        after the payment), our engine always: one good is answered here unasked; several
        pair with the referee's question, which follows its payment question, where our
        engine asks it before the payment (`good_later`). None: not that question (asked
        otherwise)."""
        if len(d.options) == 1:
            return d.options[0]
        b = self.bridge
        if d.player == self.ours:
            if self.ahead:
                return None
            while not b.asks:
                b.pump()
            if b.asks[0].kind == "payment":     # a step of the placing: the good after it
                self.good_later = self.seat.choose(self.game, d)
                return self.good_later
            if b.asks[0].kind != "good":
                return None
            q = self._next_ask(self.game)
            answer = self.seat.choose(self.game, d)
            b.answer(Answer(q.type, 0, (self.cards.theirs(answer),)))
            return answer
        self._await_keldon(d)
        entry = b.keldon.first(d.player)
        if entry[0].kind == "payment":      # the referee asks the good after the payment
            while (entry := next(((q, k) for q, k in b.keldon if q.seat == d.player
                                  and q.kind == "good"), None)) is None:
                if b.blocked and not self._answer_unasked():
                    return None
                if not b.blocked:
                    b.pump()
        q, kans = entry
        if q.kind != "good" or len(kans.items) != 1 or self.cards.ours(kans.items[0]) \
                not in d.options:
            return None
        b.keldon.remove(entry)
        return self.cards.ours(kans.items[0])

    def _hand_used(self, q: Question, seat: int) -> Answer | None:
        """A consume power's discard from hand that our engine made without asking (the
        hand held just the cards the power takes, « défausser 2 cartes de sa main »): the
        cards the referee offers that left our engine's hand, for its question."""
        if q.kind != "consume_hand" or not q.items:
            return None
        hand = self.game.players[seat].hand
        if any(self.cards.ours(c) in hand for c in q.items):
            return None
        return Answer(q.type, 0, q.items)

    def _hand_used_alike(self, q: Question, kans: Answer) -> bool:
        """Keldon's AI answered a consume power's discard our engine made unasked with the
        whole hand (`_hand_used`): the same cards pass; fewer, which Keldon's engine ignores
        (it gives nothing for them, ours gave the power's reward), stop as the known limit of
        Keldon's AI (it tries up to the power's uses in cards)."""
        used = self._hand_used(q, q.seat)
        if used is None:
            return False
        if set(kans.items) != set(used.items):
            raise ArenaStop(
                f"round {self.game.round}: Keldon's AI discards {len(kans.items)} card of "
                f"{len(used.items)} for a power whose use takes them all, which Keldon's engine "
                f"ignores where our engine used it with the whole hand unasked ({KELDON_AI}: "
                "it tries up to the power's uses in cards)")
        return True

    def _next_ask(self, game) -> Question:
        """The referee's next question for our seat; the game stops where our seat's hand
        differs between the engines (the draws no longer match)."""
        b = self.bridge
        q, (theirs, tableaus) = b.asks.popleft(), b.ask_hands.popleft()
        if q.kind != "consume":
            self.consumed = False       # the referee asked no more consume powers
        if q.kind in POWER_GOODS or q.kind == "consume_hand":
            self.consume_answer = None      # answered: the next goods are another power's
        if q.kind == "trade" and self.ours in self.forced_trades:
            self.forced_trades.remove(self.ours)
        if game is None or q.kind not in ("action", "discard", "place"):
            return q        # only where both engines stand at the same point
        player = game.players[self.ours]
        ours = len(player.hand) + len(player.explore_seen)     # the referee explores into hand
        placing = player.placing[0] if isinstance(player.placing, tuple) else player.placing
        if placing in player.hand:      # ours keeps a card being placed in hand until paid for
            ours -= 1
        if ours != theirs:
            raise ArenaStop(f"round {self.game.round}: our seat holds {theirs} cards for the "
                            f"referee's {q.kind} question, {ours} in our engine")
        here = {self._name(p): len(game.players[p].tableau) for p in range(self.players)}
        if q.kind == "action" and here != tableaus:
            for kq, kans in self.bridge.keldon:     # a takeover defended there, not here
                if kq.kind == "defend" and (kans.special or kans.items):
                    raise ArenaStop(self._defence_unasked(kq, kans, kq.seat))
            raise ArenaStop(f"round {self.game.round}: the seats' tableaux hold {tableaus} "
                            f"cards at the referee, {here} in our engine")
        return q

    def _paid(self, game) -> Answer:
        """How our seat paid for its placement, in the referee's terms: the cards that left
        its hand since it chose what to place (paid, or discarded for military), and the
        cards whose powers it used to place a world (New Military Tactics, Contact
        Specialist...): the referee applies only the powers named."""
        hand = self._hand_kept(self.ours, game)
        powers = self.ways.get(self.ours, (None, None, ()))[2]
        return Answer(6, 0, tuple(self.cards.theirs(c) for c in self.hand_mark
                                  if c not in hand),
                      tuple(dict.fromkeys(self.cards.theirs(c) for c, _ in powers)))

    def _hand_kept(self, seat: int, game=None) -> list[int]:
        """A seat's hand less the cards of a payment still in it while our engine asks which
        one to save (Galactic Scavengers), which leave it once saved."""
        game = game or self.game
        d = game.pending
        saving = d.options if d is not None and d.kind == "save_card" and d.player == seat \
            else ()
        return [c for c in game.players[seat].hand if c not in saving]

    def _placed(self, q: Question) -> bool:
        """Whether our engine has placed the card the referee's payment question is for."""
        return self.cards.ours(q.args[0]) in self.game.players[self.ours].tableau

    def _unoffered(self, q: Question, seat: int) -> None:
        what = "the powers of" if q.kind == "settle_power" else "to place (phase " \
            f"{q.args[0]})"
        self._discrepancy(
            f"round {self.game.round}, seat {seat}: the referee offers {what} "
            f"{sorted(self.bridge.cards[i] for i in q.items)} where our engine offers nothing",
            q)

    def _answered_ahead(self, d):
        """Our seat's early answer, now that our engine asks it (ArenaStop if it no longer
        fits: Keldon's seat's real answer changed our position)."""
        from rftg_cli.decision import IllegalChoice

        kind, answer = self.ahead.popleft()
        try:
            if kind != d.kind:
                raise IllegalChoice(f"our engine now asks {d.kind!r}")
            return d.check(answer)
        except IllegalChoice as exc:
            raise ArenaStop(f"our seat's early {kind} answer {answer!r} does not fit: {exc}")

    def _result(self) -> dict:
        """Our seat's result by the referee's scores: its win (shared with the other
        winners: ties split) and its margin over the best of Keldon's seats."""
        out, ends = self.game.outcome(), self.bridge.ends
        referee = {p: ends[self._name(p)][0] for p in range(self.players)}
        ours = {p: out.results[p].score for p in range(self.players)}
        if referee != ours:
            self._discrepancy(f"final scores by seat: referee {referee}, our engine {ours}")
        winners = [p for p in range(self.players) if ends[self._name(p)][1]]
        rival = max((p for p in range(self.players) if p != self.ours), key=referee.get)
        win = 1 / len(winners) if self.ours in winners else 0.0
        return {"ours": referee[self.ours], "keldon": referee[rival], "win": win,
                "margin": referee[self.ours] - referee[rival],
                "parts": {k: v - score_parts(out.results[rival])[k]
                          for k, v in score_parts(out.results[self.ours]).items()}}

