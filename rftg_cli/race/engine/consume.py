"""Phase IV, Consume: trade (for its selector), then consume powers until none can be used.

Rulebook: a player who chose Consume: Trade *must* trade one good first; consume powers
*must* be used while possible and to their maximum, in the order the player picks; each
power once per phase; "x2" doubles the VP of consume powers (not of discarding cards).

A consume option is `(card, power index, detail)`: `detail` is the goods (worlds) to consume,
the number named for a lucky draw, or () for discarding cards from hand (a pick follows).
`DONE` ends the player's consuming when every usable power left is optional.
"""

from __future__ import annotations

from itertools import combinations

from ..cards.kinds import CONSUME_INPUTS
from ..cards.model import ANY_KIND, GOODS, TRADE_PRICE, Power, count_kinds, is_kind
from rftg_cli.words import plural

from ..cards.text import article, per_phrase
from rftg_cli.decision import Decision
from .game import Game, task
from .powers import PowerKind
from .settle import per_count

DONE = (-1, -1, ())
# The first rules edition (`GameConfig.edition`) in which a good on a world of any kind need
# not go to a consume power of one kind: before, it counted as each kind, so it had to.
NAMED_KIND = 4


def good_kind(game: Game, world: int) -> str:
    return game.design[world].good


def tradeable(game: Game, player: int) -> list[int]:
    """Worlds whose good may be traded (some cards forbid trading their good)."""
    p = game.players[player]
    banned = {c for c, _, pw, fn in game.power_handlers(player, "consume", "no_trade")
              if fn(game, player, c, pw)} if ("consume", "no_trade") in game.dealt else ()
    return [w for w in p.tableau if w in p.goods and w not in banned]


def trade_value(game: Game, player: int, world: int, with_bonus: bool = True) -> int:
    value = TRADE_PRICE.get(good_kind(game, world), 0)
    if with_bonus:
        value += game.power_total(player, "consume", "trade_value", world)
    return value


def _trade_bonus(game: Game, player: int, card: int, power: Power, world: int) -> int:
    kind = good_kind(game, world)
    if power.good == "any" or is_kind(kind, power.good) or (power.good == "this"
                                                            and card == world):
        return power.value + (per_count(game, player, power.per) if power.per else 0)
    return 0


def trade(game: Game, player: int, world: int, with_bonus: bool = True) -> None:
    p = game.players[player]
    cards = trade_value(game, player, world, with_bonus)
    game.discard_pile.append(p.goods.pop(world))
    if game.record:
        game.log(-1, f"{p.name} trades the good on {game.name(world)}.")
    game.draw_to_hand(player, cards, "trade")


def vp_factor(game: Game, player: int) -> int:
    """Consume x2 (and any card like it): the multiplier of consume powers' VP."""
    return game.bonus(player, "consume", game.instance).vp_factor


# ---------------------------------------------------------------------- options

def goods_options(game: Game, player: int, card: int, power: Power) -> list[tuple]:
    """The legal sets of goods for one use of a consume power, used to its maximum."""
    p = game.players[player]
    held = p.goods
    if not held:
        return []
    what = power.consume
    if what == "this":
        return [(card,)] if card in held and (
            not power.good or is_kind(good_kind(game, card), power.good)) else []
    # The goods in tableau order (goods lie only on tableau worlds: a lone one is found).
    goods = list(held) if len(held) == 1 else [w for w in p.tableau if w in held]
    if what == "all":
        return [tuple(goods)] if goods else []
    if what == "three_kinds":
        return [combo for combo in combinations(goods, 3)
                if count_kinds(good_kind(game, w) for w in combo) == 3
                and sum(good_kind(game, w) == ANY_KIND for w in combo) <= 1]
    if what == "n_kinds":
        kinds: dict[str, list[int]] = {}
        for w in goods:
            kinds.setdefault(good_kind(game, w), []).append(w)
        if not kinds:
            return []
        out: list[tuple] = [()]
        real = [k for k in kinds if k != ANY_KIND]
        for kind, worlds in kinds.items():
            if kind == ANY_KIND:
                # It counts as a kind the others lack, if one is left (one such world).
                if len(real) >= len(GOODS):
                    continue
                worlds = worlds[:1]
            out = [o + (w,) for o in out for w in worlds]
        return out[: 64]
    design = game.design
    matching = _matching(game, goods, what)
    per_use = power.goods_per_use
    uses = min(max(power.times, 1), len(matching) // per_use)
    if uses == 0:
        return []
    out = list(combinations(matching, uses * per_use))
    fewer = _uses_without_any_kind(game, player, power, matching)
    if fewer and fewer < uses:      # a good of any kind named another kind stays
        real = [w for w in matching if design[w].good != ANY_KIND]
        out += combinations(real, fewer * per_use)
    return out


def _matching(game: Game, goods, what: str) -> list[int]:
    """The worlds among `goods` whose good a power consuming `what` may take."""
    return list(goods) if what == "any" else [w for w in goods
                                              if is_kind(game.design[w].good, what)]


def _uses_without_any_kind(game: Game, player: int, power: Power, matching) -> int | None:
    """The uses of a consume power of one kind left when the player names each world of
    any kind among `matching` another kind (Alien Oort Cloud Refinery: « peut être changé
    n'importe quand par son propriétaire »): None where that changes nothing."""
    if game.config.edition < NAMED_KIND or power.consume not in GOODS or not any(
            game.design[w].good == ANY_KIND for w in matching):
        return None
    real = sum(game.design[w].good != ANY_KIND for w in matching)
    return min(max(power.times, 1), real // power.goods_per_use)


def consume_options(game: Game, player: int) -> tuple[list[tuple], bool]:
    """(options, whether the player may stop now)."""
    used = game.players[player].used
    options: list[tuple] = []
    mandatory = False
    for card, idx, power, fn in game.power_handlers(player, "consume", "use"):
        if used and (card, idx) in used:
            continue
        details, must = fn(game, player, card, idx, power)
        if details:
            for d in details:
                options.append((card, idx, d))
            mandatory = mandatory or must
    return options, not mandatory


def _consume_uses(game: Game, player: int, card: int, idx: int, power: Power):
    """Rulebook: consume powers must be used while possible; discarding from hand is
    optional ("Ce pouvoir est optionnel"), and so is spending a counter (The Brink of War:
    « On peut dépenser 1 [jeton] pour piocher 3 cartes », Galactic Power Brokers)."""
    if power.consume == "hand":     # a use discards `goods_per_use` cards
        return ([()] if len(game.players[player].hand) >= power.goods_per_use else []), False
    if power.consume in game.rules.counters:
        return ([()] if game.players[player].count(power.consume) >= 1 else []), False
    held = _matching(game, game.players[player].goods, power.consume)
    return goods_options(game, player, card, power), \
        _uses_without_any_kind(game, player, power, held) != 0


def _trade_uses(game: Game, player: int, card: int, idx: int, power: Power):
    # A power without "may" must be used (rulebook).
    return [(w,) for w in tradeable(game, player)], True


def _lucky_uses(game: Game, player: int, card: int, idx: int, power: Power):
    return [(n,) for n in range(1, 8)], True


ANTE_COSTS = range(1, 7)


def _ante_uses(game: Game, player: int, card: int, idx: int, power: Power):
    """Gambling World (Rebel vs Imperium): « may » ante a card of cost 1 to 6 from hand."""
    hand = game.players[player].hand
    return [(c,) for c in dict.fromkeys(hand) if game.design[c].cost in ANTE_COSTS], False


def ante(game: Game, player: int, card: int) -> None:
    """Flip as many cards as the ante costs; if one costs more than the ante, the player
    keeps the ante and one of the cards flipped, any one (« keep one of them »: Keldon's
    engine and Board Game Arena both offer every card flipped), the rest are discarded;
    otherwise the ante is lost with them."""
    p = game.players[player]
    cost = game.design[card].cost
    flipped = game.draw(cost)
    game.log(-1, f"{p.name} antes {game.name(card)} and flips "
                 + ", ".join(game.name(c) for c in flipped) + ".")
    if not any(game.design[c].cost > cost for c in flipped):
        game.discard_pile.extend(flipped)
        game.discard_from_hand(player, [card])
        game.log(-1, f"{p.name} loses the ante.")
        return
    p.explore_seen = list(flipped)     # face up, waiting for the player's choice
    game.ask(Decision("ante_keep", player, tuple(flipped), None,
                      f"You win the ante of {game.name(card)}: choose a card to keep"),
             "ante_kept", player)


@task("ante_kept")
def ante_kept(game: Game, answer: int, player: int) -> None:
    p = game.players[player]
    p.hand.append(answer)
    game.discard_pile.extend(c for c in p.explore_seen if c != answer)
    p.explore_seen = []
    game.log(-1, f"{p.name} wins the ante and keeps {game.name(answer)}.")


# ---------------------------------------------------------------------- the phase

@task("consume_phase")
def consume_phase(game: Game, instance: int) -> None:
    game.push_seats("consume_player", game.order)


@task("consume_player")
def consume_player(game: Game, player: int) -> None:
    bonus = game.bonus(player, "consume", game.instance)
    if not bonus.trade and not bonus.discard_vp:
        consume_start(game, player)
        ask_consume(game, player)
        return
    # The sale comes « avant d'utiliser leurs pouvoirs de Consommation » (« $: Vente »).
    steps = [("ask_trade", player)] if bonus.trade else []
    after = [("ask_discard_vp", player, bonus.discard_vp)] if bonus.discard_vp else []
    game.push(*steps, ("consume_start", player), ("ask_consume", player), *after)


@task("consume_start")
def consume_start(game: Game, player: int) -> None:
    """The Consume powers that just give something: draw cards, VP (doubled by x2)."""
    game.power_effects(player, "consume", "start")


@task("ask_trade")
def ask_trade(game: Game, player: int) -> None:
    worlds = tradeable(game, player)
    extra = game.bonus(player, "consume", game.instance).trade_cards
    if worlds:
        game.ask(Decision("trade", player, tuple(worlds), None, "Trade: choose a good to sell",
                          {"values": {w: trade_value(game, player, w) + extra
                                      for w in worlds}}),
                 "traded", player)


@task("traded")
def traded(game: Game, answer: int, player: int) -> None:
    trade(game, player, answer)
    game.draw_to_hand(player, game.bonus(player, "consume", game.instance).trade_cards,
                      "Trade bonus")


@task("ask_discard_vp")
def ask_discard_vp(game: Game, player: int, n: int) -> None:
    """A bonus's « défausser jusqu'à N cartes de sa main pour 1 PV par carte »."""
    hand = game.players[player].hand
    if hand:
        game.ask(Decision("consume_hand", player, tuple(hand), (0, min(n, len(hand))),
                          f"Consume bonus: discard up to {plural(n, 'card')} from hand for 1 VP "
                          "each"),
                 "discarded_vp", player)


@task("discarded_vp")
def discarded_vp(game: Game, answer: tuple, player: int) -> None:
    game.discard_from_hand(player, answer)
    game.gain_vp(player, len(answer), "Consume bonus")


@task("ask_consume")
def ask_consume(game: Game, player: int) -> None:
    options, may_stop = consume_options(game, player)
    if not options:
        return
    if may_stop:
        options.append(DONE)
    game.ask(Decision("consume", player, tuple(options), None,
                      "Consume: choose a power (and goods) to use"),
             "consumed", player)


@task("consumed")
def consumed(game: Game, answer: tuple, player: int) -> None:
    card, idx, detail = answer
    if card == -1:
        return
    game.players[player].used.add((card, idx))
    power = game.design[card].powers[idx]
    game.push(("ask_consume", player))
    game.rules.powers.handler("consume", power.kind, "apply")(  # type: ignore[misc]
        game, player, card, idx, power, detail)


def _consume(game: Game, player: int, card: int, idx: int, power: Power, detail: tuple) -> None:
    p = game.players[player]
    if power.consume == "hand":
        uses = min(max(power.times, 1), len(p.hand) // power.goods_per_use)
        game.push(("ask_consume_hand", player, card, idx, uses * power.goods_per_use))
        return
    if power.consume in game.rules.counters:
        game.add_count(power.consume, player, -1, game.name(card))
        reward(game, player, power, 1, card)
        return
    for w in detail:
        game.discard_pile.append(p.goods.pop(w))
    if power.consume == "all":
        game.gain_vp(player, max(0, len(detail) - 1) * vp_factor(game, player),
                     game.name(card))
        return
    uses = len(detail) // power.goods_per_use
    if power.consume == "n_kinds":
        uses = len(detail)
    if power.consume == "three_kinds":
        uses = 1
    if game.record:
        game.log(-1, f"{p.name} consumes {plural(len(detail), 'good')} with {game.name(card)}.")
    reward(game, player, power, uses, card)


def reward(game: Game, player: int, power: Power, uses: int, card: int) -> None:
    if power.vp:
        game.gain_vp(player, power.vp * uses * vp_factor(game, player), game.name(card))
    if power.cards:
        game.draw_to_hand(player, power.cards * uses, game.name(card))
    for name in game.rules.counters:
        gained = power.count(name)
        if gained:
            game.add_count(name, player, gained * uses, game.name(card))


@task("ask_consume_hand")
def ask_consume_hand(game: Game, player: int, card: int, idx: int, n: int) -> None:
    """Discard up to `n` cards from hand; a power whose use takes several cards is used
    with that many at least (Alien Guardian: « On peut défausser 2 cartes de sa main pour
    gagner 1 [jeton] », not 1 card for nothing)."""
    hand = game.players[player].hand
    per_use = game.design[card].powers[idx].goods_per_use
    low = per_use if per_use > 1 else 0
    game.ask(Decision("consume_hand", player, tuple(hand), (low, n),
                      f"{game.name(card)}: discard {'up to ' if low < n else ''}"
                      f"{plural(n, 'card')} from hand"),
             "consumed_hand", player, card, idx)


@task("consumed_hand")
def consumed_hand(game: Game, answer: tuple, player: int, card: int, idx: int) -> None:
    power = game.design[card].powers[idx]
    game.discard_from_hand(player, answer)
    uses = len(answer) // power.goods_per_use
    # Rulebook: VP for discarded cards are not doubled by x2.
    game.gain_vp(player, power.vp * uses, game.name(card))
    game.draw_to_hand(player, power.cards * uses, game.name(card))
    if uses:
        for name in game.rules.counters:
            game.add_count(name, player, power.count(name) * uses, game.name(card))


def lucky_draw(game: Game, player: int, number: int) -> None:
    """Name a cost; flip the top card; keep it if its cost (or defense) matches."""
    flipped = game.draw(1)
    if not flipped:
        return
    card = flipped[0]
    name = game.players[player].name
    if game.design[card].cost == number:
        game.players[player].hand.append(card)
        game.log(-1, f"{name} names {number}, flips {game.name(card)} and keeps it.")
    else:
        game.discard_pile.append(card)
        game.log(-1, f"{name} names {number}, flips {game.name(card)} and discards it.")


# ---------------------------------------------------------------------- what players read

def _rewards(power: Power) -> str:
    parts = []
    if power.vp:
        parts.append(f"{power.vp} VP")
    if power.cards:
        parts.append(plural(power.cards, "card"))
    parts += [f"{n} {name}" for name, n in power.counts if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _goods(n: int, kind: str) -> str:
    """'1 good of any kind', '2 rare goods'."""
    if kind == "any":
        return f"{plural(n, 'good')} of any kind"
    return f"{n} {kind} {'good' if n == 1 else 'goods'}"


def _this_good(power: Power, card) -> str:
    """The good on the world that holds the power: its own kind, or the power's filter."""
    if power.good:
        return f"{power.good} good"
    if card is None or not card.good or card.good == "any":
        return "good"
    return f"{card.good} good"


def _discard_text(power: Power, rewards: str) -> str:
    each = power.times > 1
    if power.goods_per_use > 1:
        what = f"discard {plural(power.goods_per_use, 'card')} from your hand"
    elif each:
        what = f"discard up to {plural(power.times, 'card')} from your hand"
    else:
        what = "discard 1 card from your hand"
    return f"{what} for {rewards}{' each' if each else ''}"


def _consume_text(power: Power, card) -> str:
    rewards = _rewards(power)
    what = power.consume
    if what == "hand":
        return _discard_text(power, rewards)
    if what not in CONSUME_INPUTS:          # a counter a plugin registers (`Rules.counters`)
        return f"spend {power.goods_per_use} {what} for {rewards}"
    if what == "this":
        return f"consume the {_this_good(power, card)} on this world for {rewards}"
    if what == "three_kinds":
        return f"consume 3 goods of different kinds for {rewards}"
    if what == "n_kinds":
        return f"consume 1 to 4 goods of different kinds for {rewards} per good"
    if what == "all":
        return f"consume all your goods for {rewards} per good after the first"
    if power.times > 1:
        per = "each" if power.goods_per_use == 1 else f"per {power.goods_per_use}"
        return f"consume up to {_goods(power.times * power.goods_per_use, what)} for " \
               f"{rewards} {per}"
    return f"consume {_goods(power.goods_per_use, what)} for {rewards}"


def _trade_bonus_text(power: Power, card) -> str:
    if power.good == "this":
        what = "the good from this world"
    elif power.good in ("", "any"):
        what = "any good"
    else:
        what = article(f"{power.good} good")
    if power.per:
        return f"+{plural(max(power.value, 1), 'card')}{per_phrase(power)} when trading {what}"
    return f"+{plural(power.value, 'card')} when trading {what}"


# The flag of consume powers these rules read, with the note it adds to a power's text.
FLAGS = {"trade_no_bonus": "no trade bonuses"}

POWERS = (
    PowerKind("consume", "consume", "consume goods (or cards, a counter) for VP, cards, counters",
              {"use": _consume_uses, "apply": _consume}, text=_consume_text),
    # A Consume power, not a Trade one: the rulebook lists Black Market Trading World's and
    # Trade League's « Des cartes au prix de Vente » under « IV: CONSOMMER ».
    PowerKind("consume", "trade_action", "trade a good without the Trade action", {
        "use": _trade_uses,
        "apply": lambda game, player, card, idx, power, detail: trade(
            game, player, detail[0], with_bonus="trade_no_bonus" not in power.flags)},
        text="may trade a good without choosing Trade"),
    PowerKind("consume", "draw_lucky", "name a cost and flip a card: keep it if it matches", {
        "use": _lucky_uses,
        "apply": lambda game, player, card, idx, power, detail: lucky_draw(
            game, player, detail[0])},
        text="name a cost and flip the top card of the deck: keep it if its cost matches"),
    PowerKind("consume", "ante_card",
              "ante a card from hand for a chance at a dearer one",
              {"use": _ante_uses,
               "apply": lambda game, player, card, idx, power, detail: ante(
                   game, player, detail[0])},
              text="may ante a card costing 1 to 6 from your hand and flip that many cards: "
                   "if one costs more, keep one of them and the ante"),
    PowerKind("consume", "trade_bonus", "+`value` cards when trading a good of kind `good`",
              {"trade_value": _trade_bonus}, trade=True, text=_trade_bonus_text),
    PowerKind("consume", "no_trade", "the good on this world cannot be traded",
              {"no_trade": lambda game, player, card, power: True}, trade=True,
              text="the good on this world cannot be traded"),
    PowerKind("consume", "draw", "draw `value` cards", {
        "start": lambda game, player, card, power:
            game.draw_to_hand(player, power.value, game.name(card))},
        text=lambda power, card: f"draw {plural(power.value, 'card')}"),
    PowerKind("consume", "vp", "gain `value` VP (doubled by x2)", {
        "start": lambda game, player, card, power:
            game.gain_vp(player, power.value * vp_factor(game, player), game.name(card))},
        text="gain {value} VP"),
)
