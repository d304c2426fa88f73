"""The arena's mapping between Keldon's referee and our engine (bench/arena/mapping.py and
lockstep.py), on constructed positions of our engine: which powers a payment names, which
of our engine's questions are steps of one referee payment, which referee question gives a
consume power's goods. No Keldon code is needed."""

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.powers_helpers import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "arena"))

import lockstep
import mapping
from protocol import Answer, CardMap, Question


@pytest.fixture
def arena_over():
    """An arena without a referee over a Table's game (our seat `ours`): Keldon's card
    indexes are ours reversed, so a number left unmapped shows."""
    made = []

    def build(t: Table, ours: int) -> lockstep.Arena:
        arena = lockstep.Arena.__new__(lockstep.Arena)
        arena.game, arena.ours, arena.players = t.game, ours, 2
        arena.ways, arena.hand_mark = {}, list(t.p(ours).hand)
        arena.defence_discards = {}
        names = [c.name for c in t.game.design]
        arena.cards = CardMap({len(names) - 1 - n: name for n, name in enumerate(names)}, names)
        t.game.__class__, t.game.steps = lockstep._refereed(type(t.game), t.game.steps)
        lockstep._ARENAS[id(t.game)] = arena
        made.append(t.game)
        return arena

    yield build
    for game in made:
        lockstep._ARENAS.pop(id(game), None)


def test_our_payment_names_new_military_tactics_when_our_engine_used_it(arena_over):
    """Seed 5 of the first arena run: our seat conquered Outlaw World (defense 1, military
    0) by discarding New Military Tactics, which our engine does without asking (the one
    way); the payment told the referee named no power, so the referee kept the card in our
    tableau and later offered Rebel Warrior Race to settle. The answer names it now."""
    t = Table()
    t.tableau(0, "Earth's Lost Colony", "New Military Tactics")
    [nmt] = t.p(0).tableau[1:]
    t.tableau(1, "Old Earth")
    [outlaw] = t.hand(0, "Outlaw World", extra=1)
    arena = arena_over(t, 0)
    arena.hand_mark.remove(outlaw)      # as the arena marks it when our seat chooses it
    t.start("settle", {1: ("settle",)})
    t.settle((outlaw, "conquer", ((nmt, 0),)))
    t.finish()
    assert outlaw in t.p(0).tableau and nmt not in t.p(0).tableau
    assert arena.ways[0] == (outlaw, "conquer", ((nmt, 0),))
    assert arena._paid(t.game) == Answer(6, 0, (), (arena.cards.theirs(nmt),))


def test_keldons_payment_picks_our_engines_way_by_the_powers_it_names(arena_over):
    """The referee asks one payment question (cards, powers used); our engine asks how to
    place the world (with or without New Military Tactics) and then the cards: Keldon's
    answer settles each step, the powers it names choosing the way."""
    t = Table()
    t.tableau(1, "New Sparta", "New Military Tactics")
    [nmt] = t.p(1).tableau[1:]
    t.tableau(0, "Old Earth")
    [penal] = t.hand(1, "Former Penal Colony")
    arena = arena_over(t, 0)
    ways = SimpleNamespace(kind="settle", options=((penal, "conquer", ()),
                                                   (penal, "conquer", ((nmt, 0),))), info={})
    assert mapping._placing_step(ways)
    with_nmt = Answer(6, 0, (), (arena.cards.theirs(nmt),))
    assert arena._payment_to_ours(with_nmt, ways) == (penal, "conquer", ((nmt, 0),))
    assert arena._payment_to_ours(Answer(6, 0), ways) == (penal, "conquer", ())
    face_down = SimpleNamespace(kind="settle", options=((penal, "place", ()), mapping.PASS))
    assert not mapping._placing_step(face_down)


def test_a_goods_question_follows_the_consume_power_it_names():
    """Seed 98: Keldon's AI used Gambling World's lucky draw, then its VP power; the goods
    question of the second (card 105, power 0) is not the first's. A trade question follows
    only a power that trades (seed 62: Black Market Trading World after Galactic Resort)."""
    goods_vp = Question(False, 15, (1, 1, 0), (19, 113), (105, 0))
    assert mapping._for_power(goods_vp, (105, 0, "consume"))
    assert not mapping._for_power(goods_vp, (105, 1, "draw_lucky"))
    trade = Question(False, 12, (512, 0, 0), (28, 2), ())
    assert mapping._for_power(trade, (7, 1, "trade_action"))
    assert not mapping._for_power(trade, (61, 0, "consume"))
    lucky = Question(False, 16, (0, 0, 0), (), ())
    assert mapping._for_power(lucky, (105, 1, "draw_lucky"))


def test_keldons_payment_counts_the_cards_it_discards_for_military(arena_over):
    """Seed 7 at level 1: the referee names Space Mercenaries in a payment even when no
    card is discarded for military, and lists the cards discarded; our engine names the
    power once per card discarded. Two cards: the way with it twice; none: the way
    without it (here with New Military Tactics)."""
    t = Table(sets=("tgs", "rvi"))
    t.tableau(1, "New Sparta", "Space Mercenaries", "New Military Tactics")
    merc, nmt = t.p(1).tableau[1:]
    t.tableau(0, "Old Earth")
    [warship] = t.hand(1, "Lost Alien Warship")
    a, b = t.pad(1, 2)
    arena = arena_over(t, 0)
    twice = (warship, "conquer", ((merc, 1), (merc, 1)))
    tactics = (warship, "conquer", ((nmt, 0),))
    ways = SimpleNamespace(kind="settle", options=(twice, tactics), info={})
    theirs = arena.cards.theirs
    with_cards = Answer(6, 0, (theirs(a), theirs(b)), (theirs(merc),))
    assert arena._payment_to_ours(with_cards, ways) == twice
    named_unused = Answer(6, 0, (), (theirs(merc), theirs(nmt)))
    assert arena._payment_to_ours(named_unused, ways) == tactics


def test_our_takeover_names_its_target_and_power_then_the_military_it_commits(arena_over):
    """Our engine's takeover declaration (world, powers: the takeover power first, then
    temporary military committed) is the referee's takeover question (the target, the
    power) and then its payment question for that world (the military)."""
    t = Table(sets=("tgs", "rvi"))
    [alliance, nmt] = t.tableau(0, "Rebel Alliance", "New Military Tactics")
    [target] = t.tableau(1, "Rebel Warrior Race")
    arena = arena_over(t, 0)
    arena.takeover_boosts = {}
    theirs = arena.cards.theirs
    q = Question(True, 8, (0, 0, 0), (theirs(target),), (theirs(alliance),))
    told = arena._takeover_to_theirs(q, (target, ((alliance, 0), (nmt, 0))))
    assert told == Answer(8, theirs(target), (), (theirs(alliance),))
    assert arena.takeover_boosts == {theirs(target): (theirs(nmt),)}
    assert arena._takeover_to_theirs(q, (-1, ())) == Answer(8, -1)


def test_a_whole_hand_discard_made_unasked_pairs_with_keldons_answer(arena_over):
    """Level-3 seed 148: Keldon's seat, 2 cards in hand, used Pan-Galactic Security
    Council (« défausser 2 cartes de sa main » for 1 prestige); our engine discards both
    without asking (one way), the referee asks which, and Keldon's AI named 1 card, which
    Keldon's engine ignores (no prestige): the final scores differed by 1 VP. Both cards
    pass; fewer stop as the explained limit of Keldon's AI."""
    t = Table(sets=("bow",))
    t.tableau(1, "Pan-Galactic Security Council")
    t.tableau(0, "Old Earth")
    cards = t.pad(1, 2)
    arena = arena_over(t, 0)
    t.start("consume", {1: ("consume",)})
    council = next(o for o in t.pending.options if o[0] == t.p(1).tableau[0])
    t.answer(council)
    assert t.p(1).prestige == 1 and t.p(1).hand == []
    theirs = tuple(arena.cards.theirs(c) for c in cards)
    q = Question(False, 14, (arena.cards.theirs(council[0]), 2, 0), theirs, (), seat=1)
    assert arena._hand_used(q, 1) == Answer(14, 0, theirs)
    assert arena._hand_used_alike(q, Answer(14, 0, theirs[::-1]))
    with pytest.raises(lockstep.ArenaStop, match="explained"):
        arena._hand_used_alike(q, Answer(14, 0, theirs[:1]))


def test_a_world_placed_by_a_power_placing_one_more_is_paired_with_that_power():
    """Level-3 seeds 73, 110, 176: Keldon's AI placed Uplift Revolt World with Rebel Sneak
    Attack (named in its settle_power answer), and its payment named only Uplift Mercenary
    Force or nothing; our engine's ways name Sneak Attack's power: the payment is compared
    with the placing power added, once."""
    pay = Answer(6, 0, (), (181,))
    assert mapping._with_placing_power(pay, Answer(7, 0, (213,), (1,))).special == (181, 213)
    assert mapping._with_placing_power(Answer(6, 0, (), (213,)),
                                       Answer(7, 0, (213,), (1,))).special == (213,)


def test_the_kind_of_our_good_on_a_world_of_any_kind_follows_our_produce_draws(arena_over):
    """Keldon's engine asks the kind of a good a windfall power of any kind produces on
    Alien Oort Cloud Refinery (its question 24, CHOICE_OORT_KIND: the good's kind for that
    Produce phase's powers, the rulebook's « Durant cette phase Produire, la ressource était
    du type Rare pour les pouvoirs se rapportant à la production »); our engine asks none:
    the arena answers the kind our seat's Produce draw powers name (Consumer Markets:
    Novelty), Keldon's GOOD_* number, and stops where they name two."""
    t = Table(sets=("bow",))
    t.tableau(0, "Old Earth", "Consumer Markets")
    t.tableau(1, "Alpha Centauri")
    arena = arena_over(t, 0)
    q = Question(True, 24, (0, 0, 0), (), ())
    assert arena._oort_kind(q) == Answer(24, 2)
    t.tableau(0, "Mining Conglomerate")
    with pytest.raises(lockstep.ArenaStop, match="each of"):
        arena._oort_kind(q)


def test_military_powers_that_cost_something_to_use_are_named_by_their_data():
    """4 players, level 3, seed 10: Keldon's AI named Rebel Fuel Refinery (+2 military for
    a Rare good) in the payment for a world it placed without conquering; the referee spent
    the good, so its Trade offered one good fewer than our engine's. A power paid with a
    good, like one paid with a prestige or one-shot, is the explained difference."""
    t = Table(sets=("bow",))
    design = {c.name: c for c in t.game.design}
    costs = {name: any(mapping._spent_to_conquer(p) for p in design[name].powers)
             for name in ("Rebel Fuel Refinery", "Alien Booby Trap", "New Military Tactics",
                          "Uplift Mercenary Force", "Imperium Warlord", "Lifeforms, Inc",
                          "Golden Age of Terraforming")}
    assert costs == {"Rebel Fuel Refinery": True, "Alien Booby Trap": True,
                     "New Military Tactics": True, "Uplift Mercenary Force": False,
                     "Imperium Warlord": False, "Lifeforms, Inc": False,
                     "Golden Age of Terraforming": False}


def _produce_table():
    """Two players with The Gathering Storm, rules edition 2 (the player orders its Produce
    powers); player 1 calls Produce."""
    from rftg_cli.config import GameConfig

    t = Table(config=GameConfig(players=2, expansions=("tgs",), options=(("goals", "off"),),
                                edition=2))
    t.tableau(1, "New Sparta")
    return t


def _produce_power(t: Table, card: int) -> tuple[int, int]:
    return card, next(i for i, power in enumerate(t.game.design[card].powers)
                      if power.phase == "produce")


def _order_position(t: Table, seat: int):
    """« Le joueur a cependant le choix de l'ordre dans lequel utiliser ses pouvoirs »:
    Alien Robotic Factory's free Alien good makes Research Labs draw, Damaged Alien Factory
    may be paid with a card from hand; our engine asks `seat` which comes next."""
    factory, _, labs = t.tableau(seat, "Damaged Alien Factory", "Alien Robotic Factory",
                                 "Research Labs")
    t.pad(seat, 1)
    t.start("produce", {1: ("produce",)})
    assert t.pending.kind == "produce_order" and t.pending.player == seat
    return _produce_power(t, factory), _produce_power(t, labs)


def _produce_question(arena, seat: int, *powers) -> Question:
    """The referee's CHOICE_PRODUCE (type 20) for `seat` (-1: ours): cards, power numbers."""
    theirs = arena.cards.theirs
    return Question(seat < 0, 20, (0, 0, 0), tuple(theirs(c) for c, _ in powers),
                    tuple(i for _, i in powers), seat)


def test_our_produce_order_answers_the_referees_produce_question(arena_over):
    """Our engine's `produce_order` is the referee's produce question for our seat: our
    AI's power is told as the referee's spot (card, power number)."""
    from collections import deque

    t = _produce_table()
    factory, labs = _order_position(t, 0)
    arena = arena_over(t, 0)
    q = _produce_question(arena, -1, factory, labs)
    told = []
    arena.bridge = SimpleNamespace(asks=deque([q]), ask_hands=deque([(1, {})]),
                                   answer=told.append)
    arena.seat = SimpleNamespace(choose=lambda game, d: labs)
    assert arena._our_order(t.pending) == labs
    assert told == [Answer(20, 0, (arena.cards.theirs(labs[0]),), (labs[1],))]


def test_our_produce_order_follows_a_referee_asking_one_power_to_pay(arena_over):
    """Where the referee asks no order (one power left there) and asks our seat to pay for
    a power, that power is our engine's answer; the referee's question waits for it."""
    from collections import deque

    t = _produce_table()
    factory, labs = _order_position(t, 0)
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    pay = Question(True, 21, (theirs(factory[0]), factory[1], 0), (theirs(t.p(0).hand[0]),),
                   (theirs(factory[0]),))
    arena.bridge = SimpleNamespace(asks=deque([pay]))
    assert arena._our_order(t.pending) == factory
    assert list(arena.bridge.asks) == [pay]


def test_a_draw_our_engine_made_first_answers_the_referees_produce_question(arena_over):
    """Consumer Markets draws 1 card for Artist Colony's Novelty whatever Damaged Alien
    Factory does: our engine draws it first, unasked, and asks the payment; the referee
    lists it in its produce question (every draw-per-good power): the arena answers it with
    that draw, which the referee then makes too."""
    t = _produce_table()
    factory, markets, _ = t.tableau(0, "Damaged Alien Factory", "Consumer Markets",
                                    "Artist Colony")
    t.pad(0, 1)
    t.start("produce", {1: ("produce",)})
    assert t.pending.kind == "produce_pay" and len(t.p(0).hand) == 2
    arena = arena_over(t, 0)
    drawn = _produce_power(t, markets)
    q = _produce_question(arena, -1, _produce_power(t, factory), drawn)
    assert arena._drawn_first(q) == Answer(20, 0, (arena.cards.theirs(markets),), (drawn[1],))
    assert arena._drawn_first(_produce_question(arena, -1, _produce_power(t, factory))) is None


def test_keldons_produce_answer_orders_its_seat_in_our_engine(arena_over):
    """Keldon's AI's answer to the referee's produce question for its seat is our engine's
    `produce_order` answer for that seat: a draw first (then it may discard the card drawn
    to produce); a draw our engine made unasked is passed over, and a payment the referee
    asks with no order question (one power left there) names the paid power."""
    from referee import KeldonAnswers

    t = _produce_table()
    factory, labs = _order_position(t, 0)
    arena = arena_over(t, 1)
    theirs = arena.cards.theirs
    q = _produce_question(arena, 0, factory, labs)
    chose_labs = Answer(20, 0, (theirs(labs[0]), theirs(factory[0])), (labs[1], factory[1]))
    arena.bridge = SimpleNamespace(keldon=KeldonAnswers([(q, chose_labs)]), questions=0)
    assert arena._keldon_order(t.pending) == labs
    assert not arena.bridge.keldon
    [other] = t.tableau(1, "Consumer Markets")
    passed = _produce_question(arena, 0, factory, _produce_power(t, other))
    pay = Question(False, 21, (theirs(factory[0]), factory[1], 0), (), (), 0)
    arena.bridge.keldon = KeldonAnswers([
        (passed, Answer(20, 0, (theirs(other),), (passed.special[1],))), (pay, Answer(21, 0))])
    assert arena._keldon_order(t.pending) == factory
    assert list(arena.bridge.keldon) == [(pay, Answer(21, 0))]     # read with the payment


def test_keldons_takeover_with_one_way_reads_the_military_its_payment_commits(arena_over):
    """Seeds 17, 29, 37 (4 players, level 2): our engine offers one way to take a world over
    (the takeover power and New Military Tactics, the attack short without it); Keldon's AI
    names the power, then commits the tactics in its payment question for that world (with
    Space Mercenaries named, no card discarded): that payment is read for one way too."""
    from referee import KeldonAnswers

    t = Table(sets=("tgs", "rvi"))
    alliance, nmt, merc = t.tableau(1, "Rebel Alliance", "New Military Tactics",
                                    "Space Mercenaries")
    [target] = t.tableau(0, "Rebel Warrior Race")
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    way = (target, ((alliance, 1), (nmt, 0)))
    d = SimpleNamespace(kind="takeover", player=1, options=((-1, ()), way))
    pay = Question(False, 6, (theirs(target), 0, theirs(alliance)), (), (), 1)
    arena.bridge = SimpleNamespace(keldon=KeldonAnswers(
        [(pay, Answer(6, 0, (), (theirs(nmt), theirs(merc))))]))
    assert arena._takeover_to_ours(Answer(8, theirs(target), (), (theirs(alliance),)), d) == way
    assert not arena.bridge.keldon


def test_keldons_defence_counts_its_hand_powers_by_the_cards_it_discards(arena_over):
    """Seed 23 (4 players, level 2): the referee names each power discarding cards from
    hand for military once in a defence (Rebel Convict Mines: 1 card, Space Mercenaries: up
    to 2) and lists the cards discarded; our engine names a power once per card."""
    t = Table(sets=("tgs", "rvi"))
    mines, merc = t.tableau(1, "Rebel Convict Mines", "Space Mercenaries")
    a, b, c = t.pad(1, 3)
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    once, twice = ((mines, 0), (merc, 1)), ((mines, 0), (merc, 1), (merc, 1))
    d = SimpleNamespace(kind="takeover_defense", player=1, options=(once, twice, ()))
    hand = tuple(map(theirs, (a, b, c)))
    q = Question(False, 9, (0, 0, 0), hand, (theirs(mines), theirs(merc)), 1)
    named = (theirs(mines), theirs(merc))
    assert arena._to_ours(q, Answer(9, 0, hand[:2], named), d) == once
    assert arena._to_ours(q, Answer(9, 0, hand, named), d) == twice
    assert arena.defence_discards == {1: (a, b, c)}     # our engine's military_discard next


def test_a_defence_our_engine_does_not_ask_is_explained_by_a_used_up_hand_power(arena_over):
    """Seed 28 (4 players, level 2): Keldon's seat conquered a world discarding a card with
    Primitive Rebel World (one card a phase), then defends that world with the same power
    again, which Keldon's engine allows; our engine asks no defence."""
    t = Table(sets=("tgs", "rvi"))
    [prw] = t.tableau(1, "Primitive Rebel World")
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    q = Question(False, 9, (theirs(prw), 0, 0), (), (theirs(prw),), 1)
    kans = Answer(9, 0, (0,), (theirs(prw),))
    assert "not explained" in arena._defence_unasked(q, kans, 1)
    arena.ways[1] = (0, "conquer", ((prw, 0),))
    assert mapping.HAND_MILITARY_AGAIN in arena._defence_unasked(q, kans, 1)


def test_a_lucky_flip_kept_is_not_the_card_a_draw_power_draws(monkeypatch):
    """The referee's Keldon seat flips with a lucky draw (kept: drawn to hand) before it
    draws with a Draw power, which our engine uses first, unasked: our draw takes the Draw
    power's card and our flip the flipped one (seed 473, base game: our engine had lost the
    card drawn after the flip)."""
    import io

    import referee

    lines = ["KASK keldon0 13 0 0 0 2 105 95 2 1 0", "KANS keldon0 13 0 1 105 1 1",
             "KASK keldon0 16 0 0 0 0 0", "KANS keldon0 16 2 0 0", "DRAW 30 keldon0 hand",
             "KASK keldon0 13 0 0 0 1 95 1 0", "KANS keldon0 13 0 1 95 1 0",
             "DRAW 69 keldon0 hand", "DRAW 12 keldon0 hand"]
    proc = SimpleNamespace(stdout=io.StringIO("".join(f"{x}\n" for x in lines)))
    monkeypatch.setattr(referee.Bridge, "_start", staticmethod(lambda *a: proc))
    bridge = referee.Bridge("bridge", 1, 1)
    for _ in lines:
        bridge.pump()
    arena = lockstep.Arena.__new__(lockstep.Arena)
    arena.bridge = bridge
    assert arena._referee_draw("keldon0", "hand")[0] == 69
    assert arena._referee_draw("keldon0", "flip")[0] == 30
    assert arena._referee_draw("keldon0", "flip")[0] == 12   # no flip told: a hand draw
    assert [c for c, _ in bridge.drawn] == [30, 69, 12]


def test_a_good_paid_military_power_named_to_pay_for_a_civil_world_is_explained(arena_over):
    """Keldon's AI names Rebel Fuel Refinery (+2 military for a Rare good) in its payment of
    4 cards for Tourist World, not conquered (level 3 seed 213): none of our engine's ways
    names it, and the referee spends the good: the explained stop, not 'no options'."""
    t = Table(sets=("tgs", "rvi", "bow"))
    [refinery] = t.tableau(0, "Rebel Fuel Refinery")
    t.tableau(1, "Old Earth")
    [tourist] = t.hand(0, "Tourist World", extra=4)
    arena = arena_over(t, 1)
    way = (tourist, "pay", ())
    ways = SimpleNamespace(kind="settle", player=0, options=(way,), info={"costs": {way: 4}})
    paid = Answer(6, 0, tuple(map(arena.cards.theirs, t.p(0).hand[1:])),
                  (arena.cards.theirs(refinery),))
    with pytest.raises(lockstep.ArenaStop, match="not conquered .explained"):
        arena._payment_to_ours(paid, ways)
    assert arena._payment_to_ours(Answer(6, 0, paid.items), ways) == way


def _goods_arena(arena_over, draws=()):
    """Our seat 0 with Artist Colony and Earth's Lost Colony, an arena whose referee has
    told the good draws `draws` (Keldon's card, seat, "good", Keldon's world)."""
    from collections import deque

    t = Table()
    worlds = t.tableau(0, "Artist Colony", "Earth's Lost Colony")
    arena = arena_over(t, 0)
    arena.owed, arena.elsewhere = [], {}
    arena.bridge = SimpleNamespace(draws=deque(draws))
    return t, arena, worlds


def test_a_good_taken_for_another_world_goes_back_where_the_referee_put_it(arena_over):
    """Seeds 16, 242, 445, 544 of the normal level: the referee drew our seat's good for
    Artist Colony first; our engine, producing Earth's Lost Colony first, took it there and
    put a face-down stand-in on Artist Colony. When the referee draws Earth's Lost Colony's
    good, that one goes there and the first back on Artist Colony: both engines then hold
    the same card on each world and the stand-in is in the deck again (the arena had kept
    it on a world, and stopped when the referee drew it)."""
    t, arena, (artist, elc) = _goods_arena(arena_over)
    first, stand_in, second = t.filler(3)
    t.game.deck.append(second)
    t.p(0).goods.update({elc: first, artist: stand_in})
    arena.elsewhere[first] = arena.cards.theirs(artist)
    arena.owed.append((0, stand_in, artist))
    arena.bridge.draws.append((arena.cards.theirs(second), "ours", "good",
                               arena.cards.theirs(elc)))
    arena._settle_goods()
    assert t.p(0).goods == {artist: first, elc: second}
    assert stand_in in t.game.deck and second not in t.game.deck
    assert not arena.owed and not arena.bridge.draws and not arena.elsewhere


def test_a_card_the_referee_draws_off_a_stand_in_is_replaced_there(arena_over):
    """Seed 544: our engine's stand-in good on Artist Colony is the very card the referee
    draws for Earth's Lost Colony: our engine takes it off Artist Colony, where another
    face-down card (not one the referee drew and our engine has not taken) stands in."""
    t, arena, (artist, elc) = _goods_arena(arena_over)
    stand_in, pending = t.filler(2)
    t.game.deck.append(pending)
    t.p(0).goods[artist] = stand_in
    arena.owed.append((0, stand_in, artist))
    arena.bridge.draws.append((arena.cards.theirs(pending), "ours", "good", 0))
    assert arena._take(arena.cards.theirs(stand_in)) == stand_in
    new = t.p(0).goods[artist]
    assert new not in (stand_in, pending) and new not in t.game.deck
    assert arena.owed == [(0, new, artist)] and pending in t.game.deck


def _bridge_told(monkeypatch, lines, players=2):
    """A referee bridge that has read `lines` (no bridge process)."""
    import io

    import referee

    proc = SimpleNamespace(stdout=io.StringIO("".join(f"{x}\n" for x in lines)))
    monkeypatch.setattr(referee.Bridge, "_start", staticmethod(lambda *a: proc))
    bridge = referee.Bridge("bridge", 1, 1, players=players)
    for _ in lines:
        bridge.pump()
    return bridge


def test_the_referee_ending_the_game_stops_only_an_engine_that_plays_on(monkeypatch):
    """Seed 97 of level 2 (and 202 of level 3): the referee tells the final scores while
    our engine still has the round's last steps to play; those go on, and only our engine
    asking the referee for more (a card it draws, a question) stops the game. It stopped
    at the scores before, while our engine was about to end the game too."""
    import referee

    bridge = _bridge_told(monkeypatch, ["END ours 28 0", "END keldon0 36 1"])
    assert bridge.ends == {"ours": (28, 0), "keldon0": (36, 1)}
    with pytest.raises(referee.ArenaStop, match="ended the game .* where our engine plays on"):
        bridge.pump()


def test_a_good_paid_before_the_referees_payment_answers_its_good_question_after(arena_over):
    """Level 3 seed 202: our seat settles Deserted Alien Library with Golden Age of
    Terraforming (-3 for a Genes good), two Genes goods to choose from. Our engine asks
    the good first, the referee its payment first (the power named), then the good: the
    arena told the payment before our engine had paid, naming no power. The good chosen
    now waits for the referee's good question."""
    from collections import deque

    t = Table(sets=("tgs", "rvi", "bow"))
    gat, w1, w2 = t.tableau(0, "Golden Age of Terraforming", "Plague World", "Distant World")
    arena = arena_over(t, 0)
    arena.ahead, arena.good_later = deque(), None
    arena.seat = SimpleNamespace(choose=lambda game, d: d.options[-1])
    payment = Question(True, 6, (7, 0, 0), (3, 4), (arena.cards.theirs(gat),))
    arena.bridge = SimpleNamespace(asks=deque([payment]), pump=None)
    d = SimpleNamespace(kind="good_paid", player=0, options=(w1, w2))
    assert arena._good_paid(d) == w2 and arena.good_later == w2
    assert list(arena.bridge.asks) == [payment]     # answered once our engine has paid


def test_keldons_draw_that_draws_nothing_yet_before_its_payment_is_a_known_difference(
        arena_over):
    """Level 2 seed 97: Keldon's AI used Research Labs (a card per Alien good produced)
    before paying a card to Damaged Alien Factory, so drew nothing; our engine pays first
    unasked (the order that can only give more) and drew one card the referee did not."""
    t = Table(sets=("tgs",))
    t.tableau(1, "Damaged Alien Factory", "Research Labs")
    labs = t.p(1).tableau[1]
    t.p(1).active = tuple(t.p(1).tableau)       # the Produce phase has begun
    arena = arena_over(t, 0)
    produce = Question(False, 20, (0, 0, 0), (arena.cards.theirs(labs),), (2,), 1)
    arena.bridge = SimpleNamespace(keldon=[(produce, Answer(20, 0, produce.items, (2,)))])
    with pytest.raises(lockstep.ArenaStop, match="draws with Research Labs, nothing yet"):
        arena._drew_nothing_first(1)


def test_tableaux_apart_after_a_defence_our_engine_did_not_ask_name_that_defence(arena_over):
    """Level 3 seeds 124 and 478: Keldon's seat defended a takeover with Rebel Troops used
    up conquering this Settle phase (the explained difference above), so the takeover
    failed there and not here; our seat's next action question, where the arena compares
    the tableaux, stops on that defence, not on the tableaux apart."""
    from collections import deque

    import referee

    t = Table(sets=("tgs", "rvi", "bow"))
    [troops] = t.tableau(1, "Rebel Troops")
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    arena.ways[1] = (0, "conquer", ((troops, 1),))
    defend = Question(False, 9, (0, 0, 0), (5,), (theirs(troops),), 1)
    action = Question(True, 0, (0, 0, 0), (), ())
    arena.bridge = SimpleNamespace(
        asks=deque([action]), ask_hands=deque([(0, {"ours": 0, "keldon1": 2})]),
        keldon=referee.KeldonAnswers([(defend, Answer(9, 0, (5,), (theirs(troops),)))]))
    arena.forced_trades = []
    with pytest.raises(referee.ArenaStop, match=r"defends with \['Rebel Troops'\].*explained"):
        arena._next_ask(t.game)


def test_keldons_good_paid_is_read_after_its_payment_answer(arena_over):
    """Level 3 seed 136: Keldon's seat develops Galactic Renaissance with Golden Age of
    Terraforming (-2 for a Rare good), two Rare goods to choose from: the referee asks its
    payment first, then the good; our engine asks the good first, and the arena read the
    payment as the answer to it. The good comes from Keldon's good answer, the payment
    stays for our engine's payment."""
    import referee

    t = Table(sets=("tgs", "rvi", "bow"))
    gat, depot, mine = t.tableau(1, "Golden Age of Terraforming", "Imperium Fuel Depot",
                                 "Bio-Hazard Mining World")
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    pay = (Question(False, 6, (7, 0, 0), (3, 4), (theirs(gat),), 1),
           Answer(6, 0, (3, 4), (theirs(gat),)))
    good = (Question(False, 15, (1, 1, 0), (theirs(depot), theirs(mine)), (), 1),
            Answer(15, 0, (theirs(mine),)))
    arena.bridge = SimpleNamespace(keldon=referee.KeldonAnswers([pay, good]), blocked=False)
    d = SimpleNamespace(kind="good_paid", player=1, options=(depot, mine))
    assert arena._good_paid(d) == mine
    assert list(arena.bridge.keldon) == [pay]


def test_a_good_keldons_free_power_made_is_not_paid_for_with_a_card(arena_over):
    """Level 3 seed 107: Keldon's seat produced on Alien Toy Shop, its one empty windfall
    world, with the Produce bonus (free, no question); our engine asks first Alien Booby
    Trap's windfall, paid with a card: no discard of Keldon's AI names that world, so our
    engine skips that power and the bonus it asks next fills the world (the arena had taken
    the good for the paid power, and found no card discarded for it)."""
    from collections import deque

    t = Table(sets=("tgs", "rvi", "bow"))
    trap, toys = t.tableau(1, "Alien Booby Trap", "Alien Toy Shop")
    arena = arena_over(t, 0)
    arena.bridge = SimpleNamespace(draws=deque([(7, "keldon1", "good", arena.cards.theirs(toys))]),
                                   keldon=[], questions=0, blocked=False, ends={})
    paid = SimpleNamespace(kind="windfall", player=1, options=(toys, -1))
    assert arena._keldon_produce(paid) == -1
    free = SimpleNamespace(kind="windfall", player=1, options=(toys,))
    assert arena._keldon_produce(free) == toys


def test_a_discard_of_every_card_offered_is_answered_unasked():
    """Level 3 seed 359: Information Hub drew our seat's one card, then its discard of one:
    our engine discards it unasked (one answer), the referee asks; a discard with a choice
    is no such question."""
    one = Question(True, 2, (1, 0, 0), (171,), ())
    assert mapping._forced(one) == Answer(2, 0, (171,))
    assert mapping._forced(Question(True, 2, (1, 0, 0), (171, 12), ())) is None


def test_a_consume_power_our_engine_used_unasked_answers_the_referee_first(arena_over):
    """Level 2 seed 318: our seat's Galactic Salon (gain 1 VP) is used unasked first thing
    in the Consume phase; the referee offers it (and Dying Colony's, with no good to
    consume) after our engine has moved on to the next round's action: the arena answers
    it with Galactic Salon before pairing that action (it stopped: no mapping)."""
    from collections import deque

    t = Table(sets=("tgs", "rvi"))
    salon, dying = t.tableau(0, "Galactic Salon", "Dying Colony")
    arena = arena_over(t, 0)
    theirs, told = arena.cards.theirs, []
    consume = Question(True, 13, (0, 0, 0), (theirs(salon), theirs(dying)), (0, 0))
    arena.ahead, arena.consumed, arena.forced_trades = deque(), False, []
    arena.bridge = SimpleNamespace(asks=deque([consume]), ask_hands=deque([(0, {})]),
                                   answer=told.append)
    action = SimpleNamespace(kind="action", player=0, options=(("explore5",),))
    assert arena._ours(action) is None
    assert told == [Answer(13, 0, (theirs(salon),), (0,))]


def test_a_produce_card_drawn_after_paying_to_produce_is_the_known_order_difference(
        arena_over):
    """Level 1 seed 6: with an empty hand Keldon's engine uses every Produce draw power
    at once (Research Labs drawing nothing), then Damaged Alien Factory's payment with the
    card drawn; ours pays first with Diversified Economy's card and Research Labs then
    draws for the Alien good: the arena tells that known difference by the paid world
    produced on."""
    t = Table(sets=("tgs",))
    factory, _ = t.tableau(0, "Damaged Alien Factory", "Research Labs")
    t.p(0).active = tuple(t.p(0).tableau)
    arena = arena_over(t, 0)
    assert not arena._paid_to_produce(0)
    t.p(0).produced.append(factory)
    assert arena._paid_to_produce(0)


def test_a_takeover_prevented_names_its_world_and_power_both_ways(arena_over):
    """Level 3 seed 434: Pan-Galactic Security Council lets its owner cancel a declared
    takeover (1 prestige); the referee asks it (CHOICE_TAKEOVER_PREVENT: the targets, and
    the takeover powers, which it matches by power), our engine as `prevent_takeover`
    (the world, or pass): each answer reads in the other's terms."""
    t = Table(sets=("tgs", "rvi", "bow"))
    council, = t.tableau(0, "Pan-Galactic Security Council")
    lair, buster = t.tableau(1, "Smuggling Lair", "Imperium Planet Buster")
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    q = Question(True, 10, (0, 0, 0), (theirs(lair),), (theirs(buster),))
    d = SimpleNamespace(kind="prevent_takeover", player=0, options=(lair, -1))
    assert arena._options_theirs(q, d) == {theirs(lair)}
    assert arena._to_theirs(q, d, lair) == Answer(10, 0, (theirs(lair),), (theirs(buster),))
    assert arena._to_theirs(q, d, -1) == Answer(10, 0)
    assert arena._to_ours(q, Answer(10, 0), d) == -1
    assert arena._to_ours(q, Answer(10, 0, (theirs(lair),), (theirs(buster),)), d) == lair


def test_our_takeovers_payment_names_the_cards_discarded_for_military(arena_over):
    """Level 3 seed 434: our seat's takeover with Uplift Mercenary Force's +1 for a card
    discarded: with one card in hand our engine discards it unasked; the referee's payment
    question must name it beside the power (the arena named the power alone, which the
    referee counted as nothing, and the takeover failed there only)."""
    t = Table(sets=("tgs", "rvi", "bow"))
    buster, force = t.tableau(0, "Imperium Planet Buster", "Uplift Mercenary Force")
    [card] = t.pad(0, 1)
    lair, = t.tableau(1, "Smuggling Lair")
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    arena.takeover_boosts = {}
    arena._takeover_to_theirs(Question(True, 8, (0, 0, 0), (theirs(lair),), (theirs(buster),)),
                              (lair, ((buster, 1), (force, 2))))
    t.p(0).hand.remove(card)            # discarded by our engine, unasked
    pay = Question(True, 6, (theirs(lair), 0, theirs(buster)), (theirs(card),), (theirs(force),))
    assert arena._takeover_paid(pay) == Answer(6, 0, (theirs(card),), (theirs(force),))


def test_keldons_takeover_of_a_world_replaced_here_first_is_the_known_timing(arena_over):
    """Level 3 seed 369: Keldon's seat declares a takeover of our Uplift Mercenary Force
    in its turn of the Settle phase, before our seat replaces that world with Terraforming
    Engineers; our engine asks takeovers once every world is placed, when it is gone."""
    import referee

    t = Table(sets=("tgs", "rvi", "bow"))
    buster, = t.tableau(0, "Imperium Planet Buster")
    force = t.take("Uplift Mercenary Force")    # replaced: in no tableau
    arena = arena_over(t, 1)
    theirs = arena.cards.theirs
    takeover = Question(False, 8, (0, 0, 0), (theirs(force),), (theirs(buster),), 0)
    arena.bridge = SimpleNamespace(
        keldon=referee.KeldonAnswers([(takeover, Answer(8, theirs(force), (), (theirs(buster),)))]),
        cards={theirs(force): "Uplift Mercenary Force"})
    arena.keldon_power, arena.forced_trades = {}, []
    action = SimpleNamespace(kind="action", player=0, options=(("explore5",),))
    with pytest.raises(referee.ArenaStop, match="known difference: Keldon's engine asks a seat's"):
        arena._keldons(action)


def test_our_world_replaced_waits_for_the_referees_question_after_our_takeover(arena_over):
    """Level 3 seed 163: our engine asks Terraforming Engineers' replacement, the referee
    our seat's takeover first: the replacement is chosen now and told when the referee asks
    its power (then the worlds), after the takeover."""
    from collections import deque

    t = Table(sets=("tgs", "rvi", "bow"))
    engineers, plague = t.tableau(0, "Terraforming Engineers", "Plague World")
    [designers] = t.hand(0, "Gene Designers")
    arena = arena_over(t, 0)
    theirs = arena.cards.theirs
    arena.ahead, arena.upgrade_later, arena.upgrade_answer = deque(), None, None
    arena.seat = SimpleNamespace(choose=lambda game, d: d.options[0])
    takeover = Question(True, 8, (0, 0, 0), (5,), (6,))
    arena.bridge = SimpleNamespace(asks=deque([takeover]))
    d = SimpleNamespace(kind="upgrade", player=0, options=((designers, plague), (-1, -1)))
    assert arena._ours(d) == (designers, plague)
    power = Question(True, 7, (0, 0, 0), (theirs(engineers),), (2,))
    told = arena._upgrade_to_theirs(power, arena.upgrade_later)
    assert told == Answer(7, 0, (theirs(engineers),), (2,))
    assert arena.upgrade_answer == Answer(11, 0, (theirs(designers),), (theirs(plague),))


def test_an_ante_kept_unasked_answers_the_referees_keep_question_inside_a_step(arena_over):
    """Level 3 seeds 444, 466: our seat's Gambling World ante flips a dearer card, which
    our engine keeps unasked, then goes on drawing (the Trade of Keldon's seat) while the
    referee waits for our keep answer: the arena answers it there too, as between
    decisions (one place for what our engine answered at a step of its own)."""
    t = Table(sets=("tgs", "rvi"))
    [kept] = t.pad(0, 1)
    arena = arena_over(t, 0)
    arena.takeover_boosts, arena.upgrade_answer, arena.upgrade_later = {}, None, None
    arena.consumed = False
    keep = Question(True, 18, (0, 0, 0), (arena.cards.theirs(kept),), ())
    told = arena._told_before(keep)
    assert told is not None and told() == Answer(18, arena.cards.theirs(kept))
    assert arena._told_before(Question(True, 6, (1, 0, 0), (), ())) is None


def test_a_good_paid_reduction_named_where_it_saves_nothing_is_explained(arena_over):
    """Level 3 seed 174: Keldon's AI develops Deficit Spending, free already (Develop's
    bonus, Investment Credits), naming Golden Age of Terraforming's -2 for a Rare good:
    the referee spends the good, our engine offers that power only where it lowers the
    cost and paid nothing, unasked."""
    import referee

    t = Table(sets=("tgs", "rvi", "bow"))
    gat, = t.tableau(1, "Golden Age of Terraforming")
    arena = arena_over(t, 0)
    with pytest.raises(referee.ArenaStop, match=mapping.SPENT_REDUCTION):
        arena._no_counter_spent(Answer(6, 0, (), (arena.cards.theirs(gat),)), 1)
    arena.ways[1] = (0, "develop", ((gat, 0),))
    arena._no_counter_spent(Answer(6, 0, (), (arena.cards.theirs(gat),)), 1)  # used here too


def test_our_paid_windfall_is_skipped_where_the_referee_filled_the_world_free(arena_over):
    """Level 3 seeds 112, 470: our seat's Produce bonus fills Alien Toy Shop, its one empty
    windfall world, free and unasked at the referee; our engine asks Alien Booby Trap's
    windfall (a card discarded) first: skipped, the bonus asked next fills the world."""
    from collections import deque

    t = Table(sets=("tgs", "rvi", "bow"))
    trap, toys = t.tableau(0, "Alien Booby Trap", "Alien Toy Shop")
    arena = arena_over(t, 0)
    arena.ahead = deque()
    action = Question(True, 0, (0, 0, 0), (1, -1), ())
    arena.bridge = SimpleNamespace(asks=deque([action]),
                                   draws=deque([(7, "ours", "good", arena.cards.theirs(toys))]))
    d = SimpleNamespace(kind="windfall", player=0, options=(toys, -1))
    assert arena._ours(d) == -1


def test_the_way_a_world_is_placed_is_known_before_its_payment(arena_over):
    """Level 3 seed 311: our engine asks Galactic Scavengers' save (a card paid) before
    the world is placed; the referee's payment question, answered then, must name the
    powers of the way chosen (there Lifeforms, Inc's -3), which the arena read only once
    the world was placed."""
    t = Table(sets=("bow",))
    t.tableau(0, "Galactic Scavengers")
    t.tableau(1, "Old Earth")
    [earth] = t.hand(0, "New Earth", extra=6)
    arena = arena_over(t, 0)
    t.start("settle", {1: ("settle",)})
    t.answer((earth, "place", ()))      # one way to place it: paid with cards, asked next
    assert t.pending.kind == "pay" and earth not in t.p(0).tableau
    assert arena.ways[0] == (earth, "pay", ())


def test_keldons_done_consuming_declines_the_prestige_trade_bonus_discard(arena_over):
    """Level 3 seed 132: Keldon's AI stops consuming where the referee offers the prestige
    Trade bonus's discard among its consume powers; our engine asks that discard after the
    consume powers: nothing discarded, its next answer (the hand limit) left for later."""
    import referee

    t = Table(sets=("tgs", "rvi", "bow"))
    t.pad(1, 3)
    arena = arena_over(t, 0)
    limit = (Question(False, 2, (1, 0, 0), (4, 5, 6), (), 1), Answer(2, 0, (4,)))
    arena.bridge = SimpleNamespace(keldon=referee.KeldonAnswers([limit]), blocked=False)
    t.game.resume = ("discarded_vp", (1, 2))
    d = SimpleNamespace(kind="consume_hand", player=1, options=tuple(t.p(1).hand), count=(0, 2))
    assert arena._keldons(d) == ()
    assert list(arena.bridge.keldon) == [limit]
