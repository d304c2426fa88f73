"""The mapping between the referee's questions and our engine's decisions, per decision
kind: which question is which decision, our options in the referee's terms (compared for
discrepancies), and each side's answer in the other's terms."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from protocol import Answer, Question, action_code, action_name
from referee import ArenaStop

from rftg_cli.race.cards.model import ANY_KIND

# Our decision kinds that are Keldon's "discard" question (answered with the cards discarded).
DISCARD_KINDS = ("start_discard", "explore", "discard", "hand_limit", "draw_discard")

# The referee's questions and the decision kinds of our engine that are the same question.
MATCHES = {"discard": DISCARD_KINDS, "place": ("develop", "settle"),
           "action": ("action",), "trade": ("trade",), "windfall": ("windfall",),
           "consume": ("consume",), "consume_hand": ("consume_hand",),
           "discard_prestige": ("consume_hand",),
           "discard_produce": ("produce_pay", "windfall", "produce_discard"),
           "start": ("start_discard",), "save": ("save_card",), "keep": ("ante_keep",),
           "takeover": ("takeover",), "defend": ("takeover_defense",),
           "prevent": ("prevent_takeover",),
           "search_type": ("search_category",), "search_keep": ("search_take",)}
PLACE_PHASES = {2: "develop", 3: "settle"}
PASS = (-1, "pass", ())     # our engine's pass on a world
NO_UPGRADE = (-1, -1)       # and on replacing one (Terraforming Engineers)
START_DISCARDS = 2          # the referee's start-world choice discards 2 cards at once
KELDON_LAST_ROUND = 30      # Keldon's engine ends a game after this round
AUTO_CONSUME = ("draw", "vp")      # consume powers our engine uses unasked
# The referee's question after a consume power of these kinds (our engine's option names its
# answer): the good to trade, the number named; "good" (which goods) after the others.
FOLLOW_UP = {"trade_action": "trade", "draw_lucky": "lucky", "ante_card": "ante"}
POWER_GOODS = ("good", "trade", "lucky", "ante")
PRODUCE_DECISIONS = ("produce_pay", "windfall", "produce_discard")     # our engine's
# The rulebook lets a player order its Produce powers (« Le joueur a cependant le choix de
# l'ordre dans lequel utiliser ses pouvoirs »): our engine asks it (`produce_order`, rules
# edition 2) only where the order can change what the player gets; Keldon's engine also lets
# a draw that gives nothing yet go before a payment that would raise it, and uses every
# draw power at once while no card in hand can pay one (an empty hand: Research Labs drew
# nothing before Damaged Alien Factory's payment with Diversified Economy's card); a game of
# rules edition 1 keeps the fixed order (draws after producing).
KNOWN_PRODUCE = ("known difference: the order of Produce powers where our engine's is "
                 "fixed")
KELDON_AI = "explained: a limit of Keldon's AI"
ANY_KIND_SHORT = ("explained: Keldon's engine lets a consume power of one kind take one good "
                  "fewer, any of them, where a good lies on a world of any kind; the rules "
                  "use it to its maximum for the kind its owner names")
HAND_MILITARY_AGAIN = ("explained: Keldon's engine lets a defender use again a military-from-"
                       "hand power it used up this Settle phase; the card allows its cards "
                       "once a phase")
SPENT_POWER = ("explained: the referee applies a one-shot, prestige-paid or good-paid military "
               "power named in any payment; our engine offers it to conquer only")
SPENT_REDUCTION = ("explained: the referee spends the good of a cost reduction named in a "
                   "payment it lowers no further; our engine offers it where it lowers the cost")
PRODUCING = ("produce", "windfall", "discard_produce")    # the referee's produce questions
AFTER_CONSUME = ("action", "discard", *PRODUCING)   # questions only after a Consume phase
DONE = (-1, -1, ())         # our engine's end of consuming
# Kinds whose options are cards the referee lists as they are (a world, a card in hand).
ONE_CARD = ("trade", "windfall")
# The referee's "card" of the prestige Trade bonus's discard for VP (« défausser jusqu'à
# deux cartes de sa main pour 1PV par carte »), offered as one more consume power; our
# engine asks it after the consume powers, as the rulebook lists it (`consume_hand`).
BONUS_CARD = -1
BONUS_ORDER = ("explained: Keldon's engine offers the prestige Trade bonus's discard "
               "among the consume powers, the rulebook after them (« puis consommer les "
               "ressources restantes [...] et, éventuellement, défausser »)")


def _bonus_ask(q: Question, d) -> bool:
    """Is the referee's consume question `q` the prestige Trade bonus's discard our engine
    asks as `d`, after the consume powers (those the referee still offers, optional, are
    left unused)?"""
    return q.kind == "consume" and BONUS_CARD in q.items and d.kind == "consume_hand"


def _for_power(q: Question, power: tuple[int, int, str]) -> bool:
    """Is Keldon's question `q` the goods for the consume `power` just used (its card and
    number at the referee, its kind in our engine): which goods, which good to trade
    (Black Market Trading World), the number named (Gambling World)?"""
    follow = FOLLOW_UP.get(power[2], "good")
    return q.kind == follow and (follow != "good" or q.special[:2] == power[:2])


def _placing_step(d) -> bool:
    """Is our engine's decision `d` a step of placing a card already chosen (how to place a
    world, cards discarded for military, the cards paid)? The referee asks them all as one
    payment question, after them."""
    return d.kind in ("pay", "military_discard", "develop_way") or (
        d.kind == "settle" and PASS not in d.options)


def _more_step(d) -> bool:
    """Is `d` our engine's offer of one more world after placing one (Improved Logistics,
    Rebel Sneak Attack): each way to place each world, face up, or pass?"""
    return d.kind == "settle" and PASS in d.options and any(
        o[1] in ("pay", "conquer") for o in d.options)


def _forced(q: Question) -> Answer | None:
    """The answer to a referee question with one answer only, which our engine never asks:
    placing with nothing placeable (pass), trading the only good, consuming every good,
    discarding every card offered."""
    if q.kind == "place" and not q.items:
        return Answer(q.type, -1)
    if q.kind in ("trade", "windfall") and len(q.items) == 1:
        return Answer(q.type, 0, q.items)
    if q.kind == "good" and q.args[0] == q.args[1] == len(q.items):
        return Answer(q.type, 0, q.items)      # every good offered must go
    if q.kind == "discard" and q.items and q.args[0] == len(q.items):
        return Answer(q.type, 0, q.items)      # every card offered (Information Hub's one)
    return None


def _spent_to_conquer(power) -> bool:
    """A settle power that costs something when used: one-shot (New Military Tactics), or
    paid with a prestige (Alien Booby Trap), or temporary military paid with a good (Rebel
    Fuel Refinery: a Rare good; not a cost reduction paid with one, Lifeforms, Inc)."""
    return power.phase == "settle" and (
        power.one_shot or power.pay_with == "prestige"
        or (power.kind == "military" and power.pay_with.startswith("consume_")))


def _good_paid_reduction(power) -> bool:
    """A cost reduction paid with a good (Golden Age of Terraforming's Rare good for -2 to
    develop), which our engine offers only where it lowers the cost."""
    return power.phase in ("develop", "settle") and power.kind == "reduce" \
        and power.pay_with.startswith("consume_")


def _with_placing_power(pay: Answer, more: Answer) -> Answer:
    """Keldon's payment for a world placed by a power placing one more (Rebel Sneak
    Attack: its settle_power answer names the card) does not name that power again; our
    engine's ways to place the world name it (Improved Logistics' they do not): the payment
    with it, to compare, where they do."""
    return replace(pay, special=pay.special + tuple(c for c in more.items
                                                    if c not in pay.special))


def _categories():
    from rftg_cli.expansions.search.categories import all_categories

    return all_categories()


class Mapping:
    """The mapping's part of `lockstep.Arena` (its game, bridge, seats and cards)."""

    def _matches(self, q: Question, d) -> bool:
        """Whether the referee's question and our engine's decision are the same one (a
        goods question is our consume decision when the referee asked no power first)."""
        if q.kind == "trade" and (self.ours if q.ours else q.seat) in self.forced_trades:
            return False        # the Trade action, done unasked in our engine
        if q.kind in POWER_GOODS and d.kind == "consume":
            return not q.ours or self.consume_answer is None
        if q.kind == "place":           # its first argument is the phase: 2 develop, 3 settle
            return d.kind == PLACE_PHASES.get(q.args[0]) and not _more_step(d)
        if q.kind == "settle_power":    # a power placing one more world (Improved Logistics)
            return _more_step(d) or d.kind == "upgrade"     # or replacing one (Terraforming
        if q.kind == "upgrade":                             # Engineers): its world next
            return False
        return d.kind in MATCHES.get(q.kind, ())


    def _options_theirs(self, q: Question, d) -> set:
        """Our decision's legal options in the referee's terms, for comparison."""
        if q.kind in ("discard", "start") and d.kind in DISCARD_KINDS:
            return {self.cards.theirs(c) for c in d.options}
        if q.kind == "place" and d.kind in ("develop", "settle"):
            cards = {o[0] if isinstance(o, tuple) else o for o in d.options}
            return {self.cards.theirs(c) for c in cards if c != -1}
        if (q.kind, d.kind) in (("payment", "pay"), ("consume_hand", "consume_hand"),
                                ("discard_prestige", "consume_hand"),
                                ("save", "save_card"), ("keep", "ante_keep")):
            return {self.cards.theirs(c) for c in d.options}
        if q.kind in ONE_CARD and d.kind == q.kind or q.kind == "prevent":
            return {self.cards.theirs(c) for c in d.options if c >= 0}
        if (q.kind, d.kind) in (("action", "action"), ("consume", "consume"),
                                ("settle_power", "settle"), ("settle_power", "upgrade"),
                                ("takeover", "takeover"),
                                ("defend", "takeover_defense"),
                                ("search_type", "search_category"),
                                ("search_keep", "search_take")) \
                or q.kind == "discard_produce" or (
                q.kind in POWER_GOODS and d.kind == "consume"):
            return None     # compared by answer: the powers are numbered differently
        raise ArenaStop(self._unmapped(q, d))

    def _compare(self, q: Question, d) -> None:
        ours = self._options_theirs(q, d)
        if ours is not None and ours != set(q.items):
            self._discrepancy(
                f"round {self.game.round}, {d.kind} for seat {d.player}: the referee offers "
                f"{sorted(self.bridge.cards[i] for i in q.items)}, our engine "
                f"{sorted(self.bridge.cards[i] for i in ours)}", q, d)

    def _to_theirs(self, q: Question, d, answer) -> Answer:
        if q.kind == "discard":
            return Answer(q.type, 0, tuple(self.cards.theirs(c) for c in answer))
        if q.kind == "start":           # the discards and the start world kept
            # Ancient Race keeps 3: the referee asks its third discard later.
            answer, self.start_more = answer[:START_DISCARDS], answer[START_DISCARDS:]
            return Answer(q.type, 0, tuple(self.cards.theirs(c) for c in answer),
                          (self.cards.theirs(self.start_kept),))
        if q.kind == "payment":
            return Answer(q.type, 0, tuple(self.cards.theirs(c) for c in answer))
        if q.kind == "settle_power" and d.kind == "upgrade":
            return self._upgrade_to_theirs(q, answer)
        if q.kind == "settle_power":
            return self._more_to_theirs(q, answer)
        if q.kind == "discard_produce":
            return self._produce_discard_to_theirs(q, d, answer)
        if q.kind == "place":
            card = answer[0] if isinstance(answer, tuple) else answer
            return Answer(q.type, -1 if card == -1 else self.cards.theirs(card))
        if q.kind in ONE_CARD and d.kind == q.kind:
            return Answer(q.type, 0, () if answer < 0 else (self.cards.theirs(answer),))
        if q.kind == "consume":
            self.consume_answer = answer
            return self._consume_to_theirs(q, d, answer)
        if q.kind in POWER_GOODS:       # the referee asked no power: it had one only
            self.consume_answer = answer
            return self._goods_answer(q)
        if q.kind in ("consume_hand", "discard_prestige"):
            return Answer(q.type, 0, tuple(map(self.cards.theirs, answer)))
        if q.kind == "action":
            chosen = [action_code(a) for a in answer]
            return Answer(q.type, 0, tuple(chosen + [-1] * (len(q.items) - len(chosen))))
        if q.kind == "save":
            return Answer(q.type, 0, tuple(map(self.cards.theirs, answer)))
        if q.kind == "keep":
            return Answer(q.type, self.cards.theirs(answer))
        if q.kind == "takeover":
            return self._takeover_to_theirs(q, answer)
        if q.kind == "search_type":     # Keldon numbers the categories in our order
            return Answer(q.type, [c.key for c in _categories()].index(answer))
        if q.kind == "search_keep":
            return Answer(q.type, int(answer >= 0))
        if q.kind == "prevent":         # the takeover cancelled: its world and power
            if answer < 0:
                return Answer(q.type, 0)
            at = q.items.index(self.cards.theirs(answer))
            return Answer(q.type, 0, q.items[at:at + 1], q.special[at:at + 1])
        if q.kind == "defend":          # temporary military, named by its cards
            return Answer(q.type, 0, (), tuple(dict.fromkeys(
                self.cards.theirs(c) for c, _ in answer)))
        raise ArenaStop(f"no mapping for our answer {answer!r} to the referee's {q.kind}")

    def _to_ours(self, q: Question, kans: Answer, d):
        if q.kind == "settle_power" and d.kind == "upgrade":
            if not kans.items:
                return NO_UPGRADE
            self._await_keldon(d)
            _, chosen = self.bridge.keldon.take(d.player)   # the world replaced, and by which
            if not chosen.items:
                return NO_UPGRADE   # it used the power, then replaced nothing
            return (self.cards.ours(chosen.items[0]), self.cards.ours(chosen.special[0]))
        if q.kind == "settle_power":
            return self._more_to_ours(kans, d)
        if q.kind == "start" and d.count[0] > len(kans.items):    # Ancient Race keeps 3
            self._await_keldon(d)
            kans = Answer(q.type, 0, kans.items + self.bridge.keldon.take(d.player)[1].items)
        if q.kind == "consume_hand" and 0 < len(kans.items) < d.count[0]:
            raise ArenaStop(
                f"round {self.game.round}: Keldon's AI discards {len(kans.items)} card for "
                f"a power whose use takes {d.count[0]} (Alien Guardian), which Keldon's "
                f"engine ignores ({KELDON_AI}: it tries up to the power's uses in cards)")
        if q.kind == "discard" and d.kind == "draw_discard" and len(kans.items) > d.count[1]:
            # One discard per « Piocher puis défausser » power, asked at once by the
            # referee, one power at a time by our engine: the rest for its next question.
            first, rest = kans.items[:d.count[1]], kans.items[d.count[1]:]
            self.bridge.keldon.put_back((replace(q, items=tuple(
                c for c in q.items if c not in first)), Answer(kans.type, 0, rest)))
            kans = Answer(kans.type, 0, first)
        if q.kind in ("discard", "payment", "consume_hand", "start", "discard_prestige"):
            return tuple(sorted(self.cards.ours(c) for c in kans.items))
        if q.kind == "action":
            return tuple(action_name(a) for a in kans.items if a >= 0)
        if q.kind == "save":            # the card saved first (the AI leaves the rest)
            return tuple(map(self.cards.ours, kans.items[:1]))
        if q.kind == "keep":
            return self.cards.ours(kans.value)
        if q.kind == "takeover":
            return self._takeover_to_ours(kans, d)
        if q.kind == "search_type":
            return _categories()[kans.value].key
        if q.kind == "search_keep":         # keep the card, or go on (not counting it)
            keep = [o for o in d.options if o >= 0]
            return keep[0] if kans.value else min(o for o in d.options if o < 0)
        if q.kind == "defend":
            used = set(map(self.cards.ours, kans.special))    # and the cards discarded
            if kans.items:      # our engine asks them next (`military_discard`)
                self.defence_discards[d.player] = tuple(map(self.cards.ours, kans.items))
            return self._pick(d, lambda o: self._same_powers(o, kans),
                              f"defends with {sorted(map(self.game.name, used))}")
        if q.kind == "place":
            if kans.value == -1:
                return next(o for o in d.options if o == -1 or (isinstance(o, tuple)
                                                               and o[0] == -1))
            card = self.cards.ours(kans.value)
            fits = [o for o in d.options if o == card or (isinstance(o, tuple) and o[0] == card)]
            if len(fits) != 1:
                raise ArenaStop(f"Keldon's AI places {self.game.name(card)}: our engine offers "
                                f"{len(fits)} ways to place it: {fits}")
            return fits[0]
        if q.kind in ONE_CARD and d.kind == q.kind or q.kind == "prevent":
            return self.cards.ours(kans.items[0]) if kans.items else self._skip(d)
        if q.kind == "consume" or q.kind in POWER_GOODS:
            return self._consume_to_ours(q, kans, d)
        raise ArenaStop(f"no mapping for Keldon's answer to {q.kind}")

    def _payment_to_ours(self, kans: Answer, d):
        """Keldon's payment answer, for each step of placing the card in our engine: the way
        to place a world (the powers it names), cards discarded for military, then paid."""
        if d.kind == "settle":
            return self._way_paid(kans, d)
        if d.kind == "develop_way":     # the powers it names (R&D Crash Program...)
            used = {self.cards.ours(c) for c in kans.special}
            return self._pick(d, lambda o: {c for c, _ in o[1]} == used,
                              f"develops with {sorted(map(self.game.name, used))}")
        self._no_spent_power(kans, d.player)
        hand = [c for c in map(self.cards.ours, kans.items) if c in d.options]
        if len(hand) < d.count[0]:
            raise ArenaStop(f"round {self.game.round}: Keldon's AI pays {len(hand)} cards "
                            f"where our engine asks {d.count[0]} ({d.kind})")
        return tuple(sorted(hand[:d.count[0]]))

    def _no_spent_power(self, kans: Answer, seat: int, placing: int | None = None) -> None:
        """Keldon's AI names a one-shot military power (New Military Tactics) or one paid
        with prestige (Alien Booby Trap) in the payment for a world it does not conquer: the
        referee applies it (the card leaves the tableau, the prestige is spent, for
        nothing), our engine offers it to conquer only. `placing`: the world (else the
        seat's world being placed), named by our engine's ways to place it that match none
        (Rebel Fuel Refinery named to pay 4 cards for Tourist World, level 3 seed 213), or
        a military world paid for (New Military Tactics beside Contact Specialist, seed 420)."""
        player = self.game.players[seat]
        if placing is None:
            placing = player.placing[0] if isinstance(player.placing, tuple) else player.placing
        if placing is None or placing < 0 or self.game.design[placing].military and not any(
                self._pays_for_military(c) for c in map(self.cards.ours, kans.special)):
            return      # a military world paid for (Contact Specialist named) is not conquered
        spent = [self.game.name(c) for c in map(self.cards.ours, kans.special)
                 if c in player.tableau and any(_spent_to_conquer(p)
                                                for p in self.game.design[c].powers)]
        if spent:
            raise ArenaStop(f"round {self.game.round}: Keldon's AI spends {spent} in the "
                            f"payment for {self.game.name(placing)}, not conquered "
                            f"({SPENT_POWER})")

    def _pays_for_military(self, card: int) -> bool:
        """Has the card a power paying cards for a military world (Contact Specialist)?"""
        registry = self.game.rules.powers
        return any(registry.handler("settle", p.kind, "pay_military") is not None
                   for p in self.game.design[card].powers)

    def _no_counter_spent(self, kans: Answer, seat: int) -> None:
        """Keldon's AI names a power paid with prestige or a good (Alien Booby Trap, Rebel
        Fuel Refinery: temporary military; Golden Age of Terraforming: a cost reduction) in
        a payment our engine made without it: the referee spends the prestige or the good
        for nothing, our engine offers the power to conquer only, or where it lowers the
        cost (level 3 seed 174: Deficit Spending, free already)."""
        used = {c for c, _ in self.ways.get(seat, (None, None, ()))[2]}
        named = [c for c in map(self.cards.ours, kans.special) if c not in used]
        for test, why in ((lambda p: _spent_to_conquer(p) and not p.one_shot, SPENT_POWER),
                          (_good_paid_reduction, SPENT_REDUCTION)):
            spent = [self.game.name(c) for c in named
                     if any(map(test, self.game.design[c].powers))]
            if spent:
                raise ArenaStop(f"round {self.game.round}: Keldon's AI names {spent} in a "
                                f"payment our engine makes without it, and the referee spends "
                                f"what it costs ({why})")

    def _way_paid(self, kans: Answer, d):
        """Our engine's way to place a world that Keldon's payment answer names (the
        powers used, the cards discarded for military)."""
        used = {self.cards.ours(c) for c in kans.special}
        costs = d.info.get("costs", {})
        fits = lambda o: self._same_powers(o[2], kans, costs.get(o, 0))
        worlds = {o[0] for o in d.options if isinstance(o, tuple)}
        if len(worlds) == 1 and not any(map(fits, d.options)):  # a power spent for nothing?
            self._no_spent_power(kans, d.player, worlds.pop())
        return self._pick(d, fits,
                          f"places a world with {sorted(map(self.game.name, used))} and "
                          f"{len(kans.items)} cards")

    def _same_powers(self, powers, kans: Answer, cost: int = 0) -> bool:
        """Do our engine's `powers` (card, power number) name what the referee's payment
        answer does? Its cards beyond the `cost` paid are discards for military (Space
        Mercenaries), which our engine names once per card and the referee with the
        power (named even when unused)."""
        used = {self.cards.ours(c) for c in kans.special}
        hand = {c for c in used if any(self._hand_military(c, i) for i in
                                       range(len(self.game.design[c].powers)))}
        from_hand = [c for c, _ in powers if c in hand]
        return {c for c, _ in powers} - hand == used - hand and \
            len(from_hand) == len(kans.items) - cost

    def _produce_discard_to_theirs(self, q: Question, d, answer):
        """The referee asks the card discarded and the world produced on at once: our
        engine asks the world (a windfall power that costs a card) and then the card, or
        the card for a world's own power (`produce_pay`)."""
        if d.kind == "windfall":
            if answer == -1:
                return Answer(q.type, 0)
            self.produce_world = answer
            b = self.bridge         # the question stays: answered with the card
            b.asks.appendleft(q)
            b.ask_hands.appendleft((0, {}))
            return None
        world = self.produce_world if d.kind == "produce_discard" else self.game.resume[1][1]
        if not answer:
            return Answer(q.type, 0)
        return Answer(q.type, 0, (self.cards.theirs(answer[0]),), (self.cards.theirs(world),))

    def _upgrade_to_theirs(self, q: Question, answer) -> Answer:
        """Our seat's world replaced (Terraforming Engineers): the referee asks the power
        first, then the worlds (`upgrade_answer`)."""
        if answer == NO_UPGRADE:
            return Answer(q.type, 0)
        new, old = answer
        self.upgrade_answer = Answer(11, 0, (self.cards.theirs(new),), (self.cards.theirs(old),))
        j = next((j for j, c in enumerate(q.items)
                  if any(p.kind == "upgrade" for p in self.game.design[self.cards.ours(c)].powers
                         if p.phase == "settle")), 0)
        return Answer(q.type, 0, (q.items[j],), (q.special[j],))

    def _takeover_to_theirs(self, q: Question, answer) -> Answer:
        """Our seat's takeover declaration (world, powers): the referee asks the target and
        the takeover power, then (when it has some to offer) the temporary military
        committed, as a payment question (`takeover_boosts`)."""
        world, powers = answer
        if world == -1:
            return Answer(q.type, -1)
        target = self.cards.theirs(world)
        self.takeover_boosts[target] = tuple(dict.fromkeys(
            self.cards.theirs(c) for c, _ in powers[1:]))
        self.takeover_hand = list(self.game.players[self.ours].hand)    # its discards next
        return Answer(q.type, target, (), (self.cards.theirs(powers[0][0]),))

    def _takeover_paid(self, q: Question, discarded=None) -> Answer:
        """The referee's payment question for our seat's takeover: the powers committed,
        and the cards discarded for military (Uplift Mercenary Force), `discarded` or
        those that left our seat's hand since the declaration (its one way, unasked)."""
        if discarded is None:
            hand = self.game.players[self.ours].hand
            discarded = [c for c in self.takeover_hand if c not in hand]
        return Answer(q.type, 0, tuple(map(self.cards.theirs, discarded)),
                      self.takeover_boosts.pop(q.args[0]))

    def _takeover_to_ours(self, kans: Answer, d):
        """Keldon's takeover declaration: the world and power it names, and the temporary
        military its payment question for that world commits (none when not asked)."""
        if kans.value == -1:
            return next(o for o in d.options if o[0] == -1)
        world, power = self.cards.ours(kans.value), self.cards.ours(kans.special[0])
        ways = [o for o in d.options if o[0] == world and o[1] and o[1][0][0] == power]
        paid = Answer(6, 0)
        if len(ways) > 1:   # its payment for that world: the temporary military it commits
            self._await_keldon(d)
        first = self.bridge.keldon.first(d.player)
        if first is not None and first[0].kind == "payment" and first[0].args[0] == kans.value:
            paid = self.bridge.keldon.take(d.player)[1]
        if len(ways) == 1:
            return ways[0]  # the one way (its payment read when told already)
        return self._pick(SimpleNamespace(kind=d.kind, options=ways),
                          lambda o: self._same_powers(o[1][1:], paid),
                          f"takes over {self.game.name(world)} with {self.game.name(power)}")

    def _more_to_theirs(self, q: Question, answer) -> Answer:
        """Our seat's world placed with a power placing one more, as the referee asks it:
        the power first (its card named in our answer, or the one the referee offers),
        then the world (`extra_world`), then its payment (`_paid`)."""
        if answer == PASS:
            return Answer(q.type, 0)
        named = {self.cards.theirs(c) for c, _ in answer[2]}
        j = next((j for j, c in enumerate(q.items) if c in named), 0)
        self.extra_world = answer[0]
        self.hand_mark = [c for c in self.game.players[self.ours].hand if c != answer[0]]
        self.ways.pop(self.ours, None)
        return Answer(q.type, 0, (q.items[j],), (q.special[j],))

    def _more_to_ours(self, kans: Answer, d):
        """Keldon's power placing one more world, then the world (its place answer), then
        the way to place it (the powers its payment names): our engine's one decision."""
        if not kans.items:
            return PASS
        b = self.bridge
        self._await_keldon(d)
        place_q, place = b.keldon.take(d.player)
        if place_q.kind != "place":
            raise ArenaStop(f"round {self.game.round}: Keldon's AI uses a power placing one "
                            f"more world, then answers a {place_q.kind} question")
        if place.value == -1:
            return PASS         # it used the power, then placed nothing
        world = self.cards.ours(place.value)
        ways = [o for o in d.options if o[0] == world]
        if len(ways) > 1:
            self._await_keldon(d)
            pay_q, pay = b.keldon.first(d.player)   # left for the payment steps
            if pay_q.kind == "payment":
                placing = {self.cards.ours(c) for c in kans.items}
                if any(c in placing for o in ways for c, _ in o[2]):
                    pay = _with_placing_power(pay, kans)    # our ways name it (Sneak Attack)
                return self._way_paid(pay, SimpleNamespace(kind="settle", options=ways,
                                                           info=d.info))
            ways = [o for o in ways if not o[2]]
        return self._pick(SimpleNamespace(kind=d.kind, options=ways), lambda o: True,
                          f"places {self.game.name(world)} with a power")

    def _hand_military(self, card: int, idx: int) -> bool:
        """Is the card's power one that discards cards from hand for military?"""
        kind = self.game.design[card].powers[idx].kind
        return self.game.rules.powers.handler("settle", kind, "hand_military") is not None

    def _defence_unasked(self, q: Question, kans: Answer, seat: int) -> str:
        """Why Keldon's AI defends (temporary military) where our engine asks no defence:
        explained when each power it names discards cards from hand for military and was
        used for all its cards in the seat's last placement (`ways`), this Settle phase:
        Keldon's `defend_takeover` makes such a power usable again (it compares the power's
        value with the cards of a power partly used, 0 after a full use)."""
        design = self.game.design
        placed = list(self.ways.get(seat, (None, None, ()))[2])     # its last placement's
        spent = [c for c in map(self.cards.ours, kans.special) if any(
            self._hand_military(c, i) and placed.count((c, i)) >= design[c].powers[i].value
            for i in range(len(design[c].powers)))]
        named = sorted(self.game.name(c) for c in map(self.cards.ours, kans.special))
        why = HAND_MILITARY_AGAIN if kans.special and len(spent) == len(kans.special) else \
            "not explained"
        return (f"round {self.game.round}: Keldon's AI defends with {named} where our engine "
                f"asks seat {seat} no defence ({why})")

    def _skip(self, d):
        skips = [o for o in d.options if isinstance(o, int) and o < 0]
        if len(skips) != 1:
            raise ArenaStop(f"Keldon's AI skips a {d.kind} our engine does not let it skip")
        return skips[0]

    def _consume_to_theirs(self, q: Question, d, answer) -> Answer:
        """Our consume answer (card, power, goods) as the referee's power choice."""
        card = answer[0]
        if card == -1 and BONUS_CARD in q.items and self.game.players[self.ours].hand:
            self.bridge.asks.appendleft(q)      # our engine asks the bonus's discard next:
            self.bridge.ask_hands.appendleft((0, {}))     # answered there (`_bonus_discard`)
            return None
        if card == -1:
            return Answer(q.type, 0)            # done consuming
        theirs = self.cards.theirs(card)
        power = {v: k for k, v in self._powers_matched(q, d, theirs).items()}[answer[1]]
        return Answer(q.type, 0, (theirs,), (power,))

    def _powers_matched(self, q: Question, d, card: int) -> dict[int, int]:
        """The referee's numbers for the consume powers of its `card` it offers, and our
        engine's for the same powers: matched in order, as both number a card's powers in
        the order printed."""
        theirs = sorted(q.special[j] for j, c in enumerate(q.items) if c == card)
        ours = sorted({o[1] for o in d.options if o[0] == self.cards.ours(card)})
        if len(theirs) != len(ours):
            raise ArenaStop(f"round {self.game.round}: the referee offers {len(theirs)} consume "
                            f"powers of {self.bridge.cards[card]}, our engine {len(ours)}")
        return dict(zip(theirs, ours))

    def _consume_to_ours(self, q: Question, kans: Answer, d):
        """Keldon's power choice, and its goods when our engine's options need them."""
        b = self.bridge
        if q.kind in POWER_GOODS:       # the referee asked no power: it had one only
            kind = next(k for k, v in FOLLOW_UP.items() if v == q.kind) \
                if q.kind != "good" else None
            goods = self._power_goods(q, kans) if q.kind in ("lucky", "ante") else \
                sorted(self.cards.ours(w) for w in kans.items)
            if q.kind == "good" and not goods:      # none: a good of any kind kept
                return self._pick(d, lambda o: o[0] == -1, "consumes no good")
            return self._pick(d, lambda o: o[0] >= 0 and sorted(o[2]) == goods and (
                self.game.design[o[0]].powers[o[1]].kind == kind if kind else
                o[0] == self.cards.ours(q.special[0])), f"consumes {goods}")
        if not kans.items:
            return self._pick(d, lambda o: o[0] == -1, "stops consuming")
        if kans.items[0] == BONUS_CARD:
            raise ArenaStop(f"round {self.game.round}: Keldon's AI uses the prestige Trade "
                            f"bonus's discard before consume powers left ({BONUS_ORDER})")
        card = self.cards.ours(kans.items[0])
        power = self._powers_matched(q, d, kans.items[0])[kans.special[0]]
        fits = [o for o in d.options if o[:2] == (card, power)]
        used = self.keldon_power[d.player] = (*kans.items[:1], *kans.special[:1],
                                              self.game.design[card].powers[power].kind)
        what = f"consumes with {self.game.name(card)}"
        if len(fits) > 1:
            self._await_keldon(d)
            good_q, good = b.keldon.first(d.player)
            if _for_power(good_q, used):
                b.keldon.take(d.player)
                goods = self._power_goods(good_q, good) if good_q.kind in ("lucky", "ante") else \
                    sorted(self.cards.ours(w) for w in good.items)
                self._any_kind_short(d, card, power, goods)
                return self._pick(d, lambda o: o[:2] == (card, power)
                                  and sorted(o[2]) == goods, what)
        return self._pick(d, lambda o: o[:2] == (card, power), what)

    def _any_kind_short(self, d, card: int, power: int, goods: list[int]) -> None:
        """Stop, explained, where Keldon's AI consumes with a power of one kind a set of
        goods our engine does not offer, holding a good on a world of any kind: Keldon's
        engine lets such a power take one good fewer, whichever goods (the minimum it
        asks for, less one); the rules use it to its maximum for the kind
        the owner names the world (a Rare good stays only with the world named Rare)."""
        g = self.game
        if any(o[:2] == (card, power) and sorted(o[2]) == goods for o in d.options):
            return
        if any(g.design[w].good == ANY_KIND for w in g.players[d.player].goods):
            raise ArenaStop(f"round {g.round}: Keldon's AI consumes {self._names(tuple(goods))} "
                            f"with {g.name(card)}, one good fewer than that power's use "
                            f"({ANY_KIND_SHORT})")

    def _power_goods(self, q: Question, kans: Answer) -> list[int]:
        """Keldon's answer naming one number as our engine's option names it: the number
        named (Gambling World's lucky draw), the card anted (Rebel vs Imperium's)."""
        if kans.value < 0:
            raise ArenaStop(f"round {self.game.round}: Keldon's AI uses a {q.kind} power and "
                            "then names nothing (explained: Keldon's engine asks the card after "
                            "the power, and none may be named; our engine asks them as one)")
        return [kans.value if q.kind == "lucky" else self.cards.ours(kans.value)]

    def _pick(self, d, fits, what: str):
        found = [o for o in d.options if fits(o)]
        if len(found) != 1:
            raise ArenaStop(f"round {self.game.round}: Keldon's AI {what}: our engine has "
                            f"{len(found)} options for it (of {d.kind} {d.options[:6]})")
        return found[0]

