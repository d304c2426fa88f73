"""Phase V, Produce: goods on production worlds, windfall powers, then draw powers.

The player chooses the order in which it uses its powers (rulebook « Le joueur a cependant
le choix de l'ordre dans lequel utiliser ses pouvoirs »). The order matters only when a
power paid with a card from hand (Damaged Alien Factory, a paid windfall) meets a power that
draws cards: only then is the player asked which power comes next (`produce_order`), and
only where the order changes what it gets. Elsewhere a fixed order, without asking:
production worlds, windfall powers of a specific kind before "any kind" ones, the Produce
bonus; draw powers once everyone has produced, except that a player with a paid power draws
the cards no payment changes first (it loses nothing: paying is optional).
"Most produced" powers compare players, so they act at the end of the phase (rulebook:
« Piochez 2 cartes à la fin de la phase de Production si vous avez produit [...] »).
"""

from __future__ import annotations

from itertools import product

from ..cards.model import ANY_KIND, GOODS, Power, count_kinds, is_kind
from rftg_cli.words import plural

from ..cards.text import article, per_phrase, to_cost
from rftg_cli.decision import Decision
from .game import Game, task
from .powers import PowerKind
from .saved import take_saved
from .settle import per_count

SKIP = -1
# The first edition of the rules (`GameConfig.edition`) in which the player orders its
# Produce powers: a game begun before replays in the fixed order it was played in, as
# drawing a card earlier changes which cards become goods.
ORDERED = 2
# The first edition in which a good produced on a world of any kind has one kind for the
# phase's Produce powers (`fix_kinds`); before, it counted as each kind for each power.
ONE_KIND = 3
# `PlayerState.used` holds this once the cards of the Produce bonus are drawn.
BONUS_DRAW = (-1, "draw")


def empty_windfalls(game: Game, player: int, good: str, exclude: int = -1) -> list[int]:
    p, design = game.players[player], game.design
    return [w for w in p.tableau
            if design[w].windfall and w != exclude and w not in p.goods
            and design[w].good and (good == "any" or is_kind(design[w].good, good))]


def put_good(game: Game, player: int, world: int, kind: str = "") -> None:
    """Produce a good on `world`; `kind`: the kind a good on a world of any kind has for
    this phase's Produce powers, where the power producing it names one."""
    got = game.draw(1)
    if got:
        p = game.players[player]
        p.goods[world] = got[0]
        p.produced.append(world)
        if kind:
            p.produced_as[world] = kind


@task("produce_phase")
def produce_phase(game: Game, instance: int) -> None:
    game.push_seats("produce_draws", game.order)
    game.push_seats("produce_player", game.order)


@task("produce_player")
def produce_player(game: Game, player: int) -> None:
    lookups = game.lookups(player)
    for c, _, pw, fn in lookups.get(("produce", "produce"), ()):
        fn(game, player, c, pw)
    paid = [(c, i) for c, i, pw, fn in lookups.get(("produce", "paid"), ())
            if fn(game, player, c, pw)]
    windfalls = [(c, i, fn(game, player, c, i, pw)) for c, i, pw, fn
                 in lookups.get(("produce", "windfall"), ())]
    # Specific kinds first, so a flexible power is never wasted on a world a specific one needs.
    if len(windfalls) > 1:
        windfalls.sort(key=lambda e: e[2][0] == "any")
    ordered = (paid or any(w[2][2] for w in windfalls)) and _draws_to_order(game, player)
    steps: list[tuple] = [("ask_windfall", player, c, i) for c, i, way in windfalls
                          if not (ordered and way[2])]
    steps += [("ask_windfall", player, -1, -1)] * game.bonus(player, "produce",
                                                               game.instance).windfall
    if ordered:         # the free powers first (they cost nothing), then the player's order
        steps.append(("produce_next", player))
    else:
        steps[:0] = [("ask_produce_pay", player, c) for c, _ in paid]
    if game.record:                 # the line saying what was produced, once it is
        steps.append(("produced_log", player))
    if steps:
        game.push(*steps)


def _draws_to_order(game: Game, player: int) -> bool:
    """Whether this player, holding a power paid with a card from hand, may draw cards in
    this phase before paying (a power of its own or the Produce bonus)."""
    return game.config.edition >= ORDERED and (
        bool(game.power_handlers(player, "produce", "draw"))
        or game.bonus(player, "produce", game.instance).draw > 0)


@task("produce_next")
def produce_next(game: Game, player: int) -> None:
    """The next power of a player that orders its powers: drawing a number of cards that no
    paid power changes comes first (paying is optional, so it never costs a thing); then,
    while a paid power and a draw that producing would raise are both left, the player
    chooses; the paid powers left then act in the fixed order, the draws at the end."""
    paid = _paid_left(game, player)
    if not paid:
        return
    p = game.players[player]
    draws: dict[tuple[int, int], int] = {}      # the draws to order -> cards they give now
    first, now = 0, []                          # the cards and the draws no payment raises
    for c, i, pw, fn in game.power_handlers(player, "produce", "draw"):
        n = fn(game, player, c, pw) if (c, i) not in p.used else 0
        if n and _grows(game, player, fn, c, pw, n, paid):
            draws[(c, i)] = n
        elif n:
            first += n
            now.append((c, i))
    if now:         # the kinds these were counted with, before they are marked used
        fix_kinds(game, player)
        p.used.update(now)
    bonus = game.bonus(player, "produce", game.instance).draw
    if bonus and BONUS_DRAW not in p.used:
        p.used.add(BONUS_DRAW)
    else:
        bonus = 0
    if first or bonus:
        game.draw_to_hand(player, first, "Produce powers")
        game.draw_to_hand(player, bonus, "Produce bonus")
        game.push(("produce_next", player))
    elif draws and p.hand:
        options = tuple(draws) + tuple(pair for pair, _, _ in paid)
        game.ask(Decision("produce_order", player, options, None,
                          "Produce: which power do you use next?", {"draws": draws}),
                 "produce_use", player)
    elif draws:         # nothing in hand to pay with: only a draw can give a card
        produce_use(game, next(iter(draws)), player)
    else:
        game.push(*(step for _, _, step in paid))


def _paid_left(game: Game, player: int) -> list[tuple[tuple[int, int], list[int], tuple]]:
    """((card, power index), the worlds it could produce on, the step asking what to pay)
    for each power paid with a card from hand not used yet that has a world to produce on,
    in the fixed order (paid production, then windfalls: specific kinds first)."""
    used = game.players[player].used
    out = [((c, i), [c], ("ask_produce_pay", player, c)) for c, i, pw, fn
           in game.power_handlers(player, "produce", "paid")
           if (c, i) not in used and fn(game, player, c, pw)]
    windfalls = []
    for c, i, pw, fn in game.power_handlers(player, "produce", "windfall"):
        good, exclude, optional = fn(game, player, c, i, pw)
        worlds = empty_windfalls(game, player, good, exclude) if optional else []
        if worlds and (c, i) not in used:
            windfalls.append((good == "any", ((c, i), worlds, ("ask_windfall", player, c, i))))
    return out + [entry for _, entry in sorted(windfalls, key=lambda e: e[0])]


def _grows(game: Game, player: int, fn, card: int, power: Power, now: int, paid) -> bool:
    """Whether a paid power producing on one of its worlds would make this draw bigger:
    only then does the order of the two change what the player gets."""
    produced = game.players[player].produced
    for _, worlds, _ in paid:
        for world in worlds:
            produced.append(world)      # as if it produced there, undone at once
            more = fn(game, player, card, power) > now
            produced.pop()
            if more:
                return True
    return False


@task("produce_use")
def produce_use(game: Game, answer: tuple[int, int], player: int) -> None:
    card, idx = answer
    paid = {pair: step for pair, _, step in _paid_left(game, player)}
    if answer not in paid:
        fix_kinds(game, player)     # with this draw counted, before it is marked used
    game.players[player].used.add(answer)
    if answer in paid:
        game.push(paid[answer], ("produce_next", player))
        return
    power = game.design[card].powers[idx]
    draw = game.rules.powers.handler("produce", power.kind, "draw")
    game.draw_to_hand(player, draw(game, player, card, power), game.name(card))  # type: ignore[misc]
    game.push(("produce_next", player))


@task("ask_produce_pay")
def ask_produce_pay(game: Game, player: int, world: int) -> None:
    hand = game.players[player].hand
    if not hand:
        return
    game.ask(Decision("produce_pay", player, tuple(hand), (0, 1),
                      f"{game.name(world)}: discard a card from hand to produce on it, "
                      "or discard nothing"),
             "produce_paid", player, world)


@task("produce_paid")
def produce_paid(game: Game, answer: tuple, player: int, world: int) -> None:
    if answer and world not in game.players[player].goods:
        game.discard_from_hand(player, answer)
        put_good(game, player, world)


@task("ask_windfall")
def ask_windfall(game: Game, player: int, card: int, idx: int) -> None:
    if card == -1:
        good, exclude, optional, why = "any", -1, False, "Produce bonus"
    else:
        power = game.design[card].powers[idx]
        windfall = game.rules.powers.handler("produce", power.kind, "windfall")
        good, exclude, optional = windfall(game, player, card, idx, power)  # type: ignore[misc]
        why = game.name(card)
    targets = empty_windfalls(game, player, good, exclude)
    if optional and not game.players[player].hand:
        targets = []
    if not targets:
        return
    options = tuple(targets) + ((SKIP,) if optional else ())
    prompt = f"{why}: choose an empty windfall world to produce on"
    if optional:
        prompt += " (discarding a card from hand), or skip"
    game.ask(Decision("windfall", player, options, None, prompt),
             "windfall_chosen", player, card, idx)


@task("windfall_chosen")
def windfall_chosen(game: Game, answer: int, player: int, card: int, idx: int) -> None:
    if answer == SKIP:
        return
    # A windfall power of one kind produces a good of that kind on a world of any kind
    # (The Brink of War: produced by a Rare windfall power, « la ressource était du type
    # Rare pour les pouvoirs se rapportant à la production »).
    kind = game.design[card].powers[idx].good if card != -1 else ""
    kind = kind if kind in GOODS and game.design[answer].good == ANY_KIND else ""
    if card != -1 and game.rules.powers.handler(  # type: ignore[misc]
            "produce", game.design[card].powers[idx].kind, "windfall")(
            game, player, card, idx, game.design[card].powers[idx])[2]:
        game.push(("ask_produce_discard", player), ("put_good", player, answer, kind))
        return
    put_good(game, player, answer, kind)


@task("ask_produce_discard")
def ask_produce_discard(game: Game, player: int) -> None:
    hand = game.players[player].hand
    game.ask(Decision("produce_discard", player, tuple(hand), (1, 1),
                      "Choose a card to discard"), "paid", player)


@task("put_good")
def put_good_task(game: Game, player: int, world: int, kind: str = "") -> None:
    put_good(game, player, world, kind)


@task("produced_log")
def produced_log(game: Game, player: int) -> None:
    p = game.players[player]
    if game.record:
        names = ", ".join(game.name(w) for w in p.produced) or "nothing"
        game.log(-1, f"{p.name} produces on {names}.")


def produced_kinds(game: Game, player: int) -> list[str]:
    """The kinds of the goods this player produced this phase, as its Produce powers count
    them: a good on a world of any kind has one kind for all of them (The Brink of War: « Le
    type [...] peut être changé n'importe quand par son propriétaire », yet « Durant cette
    phase Produire, la ressource était du type Rare pour les pouvoirs se rapportant à la
    production »): the kind fixed for it (`fix_kinds`), else the one its owner would fix."""
    p, design = game.players[player], game.design
    kinds = [design[w].good for w in p.produced]
    if ANY_KIND not in kinds or game.config.edition < ONE_KIND:
        return kinds
    chosen = {**best_kinds(game, player), **p.produced_as}
    return [chosen.get(w, k) if k == ANY_KIND else k for w, k in zip(p.produced, kinds)]


def _free_worlds(game: Game, player: int) -> list[int]:
    """The worlds of any kind this player produced on whose good has no kind fixed yet."""
    p = game.players[player]
    return [w for w in p.produced if game.design[w].good == ANY_KIND and w not in p.produced_as]


def best_kinds(game: Game, player: int) -> dict[int, str]:
    """The kinds for the goods of `_free_worlds` that draw this player the most cards with
    its Produce powers (the owner chooses; no player wants fewer cards), the first in
    `GOODS` order on a tie. Each is tried fixed in turn, and undone."""
    free = _free_worlds(game, player)
    if not free:
        return {}
    p = game.players[player]
    best, most = {}, -1
    for kinds in product(GOODS, repeat=len(free)):
        tried = dict(zip(free, kinds))
        p.produced_as.update(tried)
        drawn = _draws_left(game, player, "draw") + _draws_left(game, player, "most")
        for w in free:
            del p.produced_as[w]
        if drawn > most:
            best, most = tried, drawn
    return best


def fix_kinds(game: Game, player: int) -> None:
    """Fix, once, the kind of each good produced on a world of any kind that has none yet,
    before this player draws with its Produce powers: every power of the phase counts it so."""
    if game.config.edition < ONE_KIND:
        return
    chosen = best_kinds(game, player)
    if not chosen:
        return
    game.players[player].produced_as.update(chosen)
    if game.record:
        for w, kind in chosen.items():
            game.log(-1, f"{game.players[player].name} counts the good on {game.name(w)} as "
                         f"{article(kind + ' good')} for this phase's Produce powers.")


@task("produce_draws")
def produce_draws(game: Game, player: int) -> None:
    if ("produce", "after") in game.dealt:
        game.power_effects(player, "produce", "after")
    fix_kinds(game, player)
    # The draws a player ordering its powers has not used yet (`produce_next`).
    drawn = _draws_left(game, player, "draw") + _draws_left(game, player, "most")
    if drawn:
        game.draw_to_hand(player, drawn, "Produce powers")
    drawn = game.bonus(player, "produce", game.instance).draw
    if drawn and BONUS_DRAW not in game.players[player].used:
        game.draw_to_hand(player, drawn, "Produce bonus")


def _draws_left(game: Game, player: int, role: str) -> int:
    """The cards this player's Produce powers acting in `role` ("draw", or "most": those
    comparing players) give now, less those already used this phase."""
    if role == "most" and ("produce", "most") not in game.dealt:
        return 0
    used = game.players[player].used
    return sum(fn(game, player, c, pw) for c, i, pw, fn
               in game.power_handlers(player, "produce", role) if (c, i) not in used)


def _production(game: Game, player: int, card: int, power: Power) -> None:
    p = game.players[player]
    if not power.pay_with and card not in p.goods and card in p.tableau:
        put_good(game, player, card)


def _paid_production(game: Game, player: int, card: int, power: Power) -> bool:
    """Damaged Alien Factory: « discard a card from hand to produce » on this empty world
    (once the player has a card: `ask_produce_pay`)."""
    p = game.players[player]
    return power.pay_with == "hand" and card not in p.goods and card in p.tableau


def _windfall(game: Game, player: int, card: int, idx: int, power: Power):
    """(goods kind, a world it may not use, whether a card from hand pays for it)."""
    return power.good, card if "not_this" in power.flags else -1, power.pay_with == "hand"


def _most_produced(game: Game, player: int, card: int, power: Power) -> int:
    mine = _count(produced_kinds(game, player), power.good)
    others = [_count(produced_kinds(game, o), power.good)
              for o in range(len(game.players)) if o != player]
    return power.value if mine > 0 and all(mine > n for n in others) else 0


def _draw(count) -> dict:
    return {"draw": lambda game, player, card, power: power.value * count(
        game, player, card, power)}


def _world_count(game: Game, player: int, card: int, power: Power) -> int:
    return sum(1 for w in game.players[player].tableau
               if game.design[w].is_world and is_kind(game.design[w].good, power.good))


# ---------------------------------------------------------------------- what players read

def _produce_text(power: Power, card) -> str:
    good = "a good of any kind" if card is None or card.good in ("", "any") \
        else article(f"{card.good} good")
    effect = f"produce {good} on this world"
    return to_cost(power, effect) if power.pay_with else effect


def _windfall_text(power: Power, card) -> str:
    kind = "" if power.good in ("", "any") else f"{power.good} "
    effect = f"put a good on one of your empty {kind}windfall worlds"
    return to_cost(power, effect) if power.pay_with else effect


def _kind_produced(power: Power) -> str:
    """The goods a power counts: 'good', or 'rare good'."""
    return "good" if power.good in ("", "any") else f"{power.good} good"


def _draws(rest: str):
    """The text of a power drawing `value` cards, `rest` (a template of the power's fields)
    saying when or per what."""
    return lambda power, card: f"draw {plural(power.value, 'card')}" + rest.format(
        good=_kind_produced(power), world=_kind_produced(power).replace("good", "production"),
        per=per_phrase(power))


# The flag of produce powers these rules read, with the note it adds to a power's text.
FLAGS = {"not_this": "not on this world"}

POWERS = (
    PowerKind("produce", "produce", "produce a good on this world (or discard a card to)",
              {"produce": _production, "paid": _paid_production}, text=_produce_text),
    PowerKind("produce", "take_saved", "take the cards saved under this card into hand",
              {"produce": lambda game, player, card, power: take_saved(game, player, card)},
              text="take all cards tucked under this card into your hand"),
    PowerKind("produce", "windfall", "put a good on an empty windfall world (of kind `good`)",
              {"windfall": _windfall}, text=_windfall_text),
    PowerKind("produce", "draw", "draw `value` cards", _draw(lambda g, pl, c, pw: 1),
              text=_draws("")),
    PowerKind("produce", "draw_if_produced", "draw `value` cards if this world produced",
              _draw(lambda g, pl, c, pw: c in g.players[pl].produced),
              text=_draws(" if this world produced")),
    PowerKind("produce", "draw_per_good_produced", "draw `value` per good of kind `good` produced",
              _draw(lambda g, pl, c, pw: _count(produced_kinds(g, pl), pw.good)),
              text=_draws(" per {good} you produced")),
    PowerKind("produce", "draw_per_kind_produced", "draw `value` per kind of good produced",
              _draw(lambda g, pl, c, pw: count_kinds(produced_kinds(g, pl))),
              text=_draws(" per kind of good you produced")),
    PowerKind("produce", "draw_per_world", "draw `value` per production world of kind `good`",
              _draw(_world_count), text=_draws(" per {world} world you have")),
    PowerKind("produce", "draw_if_most_produced",
              "draw `value` if you produced the most goods (of kind `good`)",
              {"most": _most_produced}, text=_draws(" if you produced the most {good}s")),
    PowerKind("produce", "draw_per", "draw `value` per `per` card in your tableau",
              _draw(lambda g, pl, c, pw: per_count(g, pl, pw.per)), text=_draws("{per}")),
)


def _count(kinds: list[str], good: str) -> int:
    return len(kinds) if good == "any" else sum(is_kind(k, good) for k in kinds)
