"""The five phases (rulebook, "Phases"; our summary 3.4). In each phase every worker of the
column does one task, one at a time, the player deciding each as he goes; a worker that did
a task goes to the citizenry, one that could do nothing goes back to the cup. Temporary
workers (Alien Research Ship, Major Research Labs, Space Docks, Organic Shipyards) act like
extra dice of their colour for that phase and then vanish.
"""

from __future__ import annotations

from rftg_cli.decision import Decision

from . import powers
from .data import Side, choices
from .round import play_order
from .state import Player, RollGame, task
from .words import agrees, counted


def _spend_worker(p: Player, phase: str, colour: str, to: str = "citizenry") -> None:
    """A worker of this colour has done its task: a temporary one vanishes, a die goes on."""
    if colour in p.temps:
        p.temps.remove(colour)
        return
    column = p.columns[phase]
    for flag in (False, True):
        if (colour, flag) in column:
            column.remove((colour, flag))
            break
    else:
        raise ValueError(f"no {colour} worker in {phase}")
    if to == "citizenry":
        p.citizenry.append(colour)
    elif to == "cup":
        p.cup.append(colour)


def _worker_colours(p: Player, phase: str) -> list[str]:
    return sorted(set(p.workers(phase)) | set(p.temps))


# ================================================================= Explore


@task("explore")
def explore(game: RollGame, pi: int) -> None:
    game.push(("explore_worker", pi))


def logistics_moves(game: RollGame, p: Player) -> list[tuple]:
    """Advanced Logistics: put a construction tile on top of its stack, or turn one over. A
    phase power needs no worker (FAQ, Pouvoirs: "Ai-je besoin d'un travailleur [...] ?
    Non."), and it may be used "autant de fois que vous le souhaitez lors de l'Exploration"
    (clarification, Advanced Logistics): before, between and after the explorers."""
    if not game.owned(p, "rearrange_construction"):
        return []
    moves = []
    for kind in ("development", "world"):
        stack = p.stack(kind)
        for t in stack:
            moves.append(("logistics", "flip", t))
            if t != stack[0]:
                moves.append(("logistics", "top", t))
    return moves


@task("explore_worker")
def explore_worker(game: RollGame, pi: int) -> None:
    """The next explorer's task, or an Advanced Logistics move; with no explorer left, the
    owner of Advanced Logistics may still move tiles until `done` (before Alien Research
    Team's draw, which comes at the end of the phase)."""
    p = game.players[pi]
    colours = _worker_colours(p, "explore")
    moves = logistics_moves(game, p)
    if colours:
        options = [("stock", c) for c in colours]
        if game.bag or game.abandoned or _crowded(game):
            options += [("scout", c) for c in colours]
        prompt = "Explore: stock or scout" + (", or move a tile (Advanced Logistics)"
                                              if moves else "") + "?"
        game.ask(Decision("explore", pi, tuple(options + moves), prompt=prompt,
                          info={"phase": "explore"}), "explore_answer", pi)
    elif moves:
        game.ask(Decision("logistics", pi, (("done",), *moves),
                          prompt="Advanced Logistics: put a tile on top, turn one over, or done"),
                 "logistics", pi)


@task("logistics")
def logistics(game: RollGame, answer: tuple, pi: int) -> None:
    """Move one tile. The dice waiting at the top of a stack stay there (rulebook,
    Explorer)."""
    if answer == ("done",):
        return
    p = game.players[pi]
    _, how, tile = answer
    kind = "development" if tile in p.dev_stack else "world"
    p.stack(kind).remove(tile)
    if how == "flip":
        p.stack("world" if kind == "development" else "development").insert(0, tile)
    else:
        p.stack(kind).insert(0, tile)
    game.push(("explore_worker", pi))


@task("explore_answer")
def explore_answer(game: RollGame, answer: tuple, pi: int) -> None:
    if answer[0] == "logistics":
        logistics(game, answer, pi)
        return
    p = game.players[pi]
    verb, colour = answer
    _spend_worker(p, "explore", colour)
    game.push(("explore_worker", pi))
    if verb == "stock":
        amount = powers.stock_credits(game, p, colour)
        game.note(p, "explore", "stock", f" with {colour} (+${amount})")
        game.gain_credits(p, amount)
        return
    if colour == "yellow":
        p.scouted_yellow = True
    tiles = tuple(p.dev_stack + p.world_stack)
    game.ask(Decision("scout_discard", pi, tiles, count=(0, len(tiles)),
                      prompt="Scout: discard tiles from your construction zone first "
                             "(one more draw each)?"), "scout_discard", pi)


@task("scout_discard")
def scout_discard(game: RollGame, answer: tuple, pi: int) -> None:
    """Discarded tiles go under the Explore phase tile; then one tile more than discarded
    is drawn, all seen before any is placed (rulebook, Explorer)."""
    p = game.players[pi]
    for t in answer:
        (p.dev_stack if t in p.dev_stack else p.world_stack).remove(t)
        game.abandoned.append(t)
    game.note(p, "explore", "scout",
              f", discarding {counted(len(answer), 'tile')}" if answer else "")
    game.push(("scout_draw", pi, 1 + len(answer)))


def _crowded(game: RollGame) -> list[int]:
    """Players holding 3 or more construction tiles (FAQ, Explore: an empty bag)."""
    least = choices()["empty_bag_give_back_from"]
    return [i for i in play_order(game)
            if len(game.players[i].dev_stack) + len(game.players[i].world_stack) >= least]


@task("scout_draw")
def scout_draw(game: RollGame, pi: int, count: int) -> None:
    """Draw `count` tiles. When the bag and the abandoned tiles run out (FAQ, Explore, "très
    rare"): the tiles drawn so far are placed, every player with 3 or more construction
    tiles puts one back in the bag, and the draw goes on; with nobody to give one back, the
    draw stops short."""
    p = game.players[pi]
    while count:
        tile = game.draw_tile()
        if tile is None:
            break
        p.scouted.append(tile)
        count -= 1
    if not count:
        game.push(("scout_place", pi))
        return
    game.push(("scout_place", pi), ("give_back", pi, count))


@task("give_back")
def give_back(game: RollGame, pi: int, count: int) -> None:
    crowded = _crowded(game)
    if not crowded:
        return
    game.push(*[("give_back_one", i) for i in crowded], ("scout_draw", pi, count))


@task("give_back_one")
def give_back_one(game: RollGame, i: int) -> None:
    p = game.players[i]
    tiles = tuple(p.dev_stack + p.world_stack)
    game.ask(Decision("give_back", i, tiles, prompt="The bag is empty: which of your "
                      "construction tiles goes back into it?"), "give_back_answer", i)


@task("give_back_answer")
def give_back_answer(game: RollGame, answer: int, i: int) -> None:
    p = game.players[i]
    (p.dev_stack if answer in p.dev_stack else p.world_stack).remove(answer)
    game.bag.append(answer)
    game.bag.sort()


@task("scout_place")
def scout_place(game: RollGame, pi: int) -> None:
    """Each drawn tile, in any order, goes under the stack of the side chosen (Improved
    Reconnaissance: or on top)."""
    p = game.players[pi]
    if not p.scouted:
        return
    wheres = ("bottom", "top") if game.owned(p, "scout_on_top") else ("bottom",)
    options = tuple((t, kind, where) for t in p.scouted for kind in ("development", "world")
                    for where in wheres)
    tiles = game.data.tiles
    drawn = "; ".join(f"{tiles[t].development.name} ({tiles[t].development.cost}) / "
                      f"{tiles[t].world.name} ({tiles[t].world.color} {tiles[t].world.cost})"
                      for t in p.scouted)
    game.ask(Decision("scout_place", pi, options, prompt=f"Place the tiles drawn: {drawn}",
                      info={"tiles": tuple(p.scouted)}), "scout_place_answer", pi)


@task("scout_place_answer")
def scout_place_answer(game: RollGame, answer: tuple, pi: int) -> None:
    p = game.players[pi]
    tile, kind, where = answer
    p.scouted.remove(tile)
    stack = p.stack(kind)
    if where == "top":
        stack.insert(0, tile)
    else:
        stack.append(tile)
    game.push(("scout_place", pi))


@task("research_team")
def research_team(game: RollGame, pi: int, name: str) -> None:
    """Alien Research Team: at the end of Explore one more tile (+$1 after a yellow scout)."""
    p = game.players[pi]
    side = game.side(name)
    if p.scouted_yellow:
        game.gain_credits(p, side.power.get("yellow_scout_credit", 0), name)
    game.push(("scout_draw", pi, side.power["tiles"]))


# ================================================================= Develop and Settle


@task("develop")
def develop(game: RollGame, pi: int) -> None:
    game.push(("build", pi, "develop"))


@task("settle")
def settle(game: RollGame, pi: int) -> None:
    game.push(("build", pi, "settle"))


KIND_OF = {"develop": "development", "settle": "world"}


@task("build")
def build(game: RollGame, pi: int, phase: str) -> None:
    """Workers go one by one on the top tile of the stack; when they reach its cost the tile
    is completed and the next workers go on the next tile (rulebook, Développer/Coloniser;
    FAQ: every worker must be placed while a tile is there). Dice already waiting at the top
    of the stack count first."""
    p = game.players[pi]
    kind = KIND_OF[phase]
    stack = p.stack(kind)
    if not stack:
        return
    workers = p.workers(phase)
    side = game.data.tiles[stack[0]].side(kind)
    need = powers.build_cost(game, p, side) - len(p.building[kind])
    if need <= 0:
        game.push(("complete", pi, phase))
        return
    if not workers:
        return
    if len(workers) <= need or len(set(workers)) == 1:
        _place(game, p, phase, sorted(workers)[:need])
        return
    options = tuple((c, i) for c in sorted(set(workers)) for i in range(workers.count(c)))
    game.ask(Decision("build", pi, options, count=(need, need), prompt=(
        f"{phase.capitalize()}: which {counted(need, 'die')} {agrees(need == 1, 'complete')} "
        f"{side.name}?"),
        info={"phase": phase}), "build_answer", pi, phase)


@task("build_answer")
def build_answer(game: RollGame, answer: tuple, pi: int, phase: str) -> None:
    _place(game, game.players[pi], phase, [c for c, _ in answer])


def _place(game: RollGame, p: Player, phase: str, dice: list[str]) -> None:
    for c in dice:
        _spend_worker(p, phase, c, to="")
        p.building[KIND_OF[phase]].append(c)
    game.push(("build", game.player_index(p), phase))


@task("complete")
def complete(game: RollGame, pi: int, phase: str) -> None:
    """The top tile is complete. If more dice wait than it needs (a cheaper tile came on
    top), the player chooses which complete it; the rest wait for the next tile (rulebook,
    Développer: "en choisissant quels développeurs retournent dans la citizenry")."""
    p = game.players[pi]
    kind = KIND_OF[phase]
    side = game.data.tiles[p.stack(kind)[0]].side(kind)
    waiting = sorted(p.building[kind])
    cost = powers.build_cost(game, p, side)
    if len(waiting) > cost and len(set(waiting)) > 1:
        options = tuple((c, i) for c in sorted(set(waiting)) for i in range(waiting.count(c)))
        game.ask(Decision("complete_with", pi, options, count=(cost, cost), prompt=(
            f"Which {cost} of the waiting dice {agrees(cost == 1, 'complete')} {side.name}?")),
            "complete_with", pi, phase)
        return
    _complete(game, pi, phase, waiting[:cost])


@task("complete_with")
def complete_with(game: RollGame, answer: tuple, pi: int, phase: str) -> None:
    _complete(game, pi, phase, [c for c, _ in answer])


def _complete(game: RollGame, pi: int, phase: str, dice: list[str]) -> None:
    p = game.players[pi]
    kind = KIND_OF[phase]
    tile = p.stack(kind).pop(0)
    side = game.data.tiles[tile].side(kind)
    for c in dice:
        p.building[kind].remove(c)
    p.tableau.append(side.name)
    game.note(p, phase, "complete", f" {side.name} ({side.cost})")
    steps: list[tuple] = [("workers_home", pi, phase, tuple(dice), side.name)]
    steps += [("on_complete", pi, side.name)]
    if side.is_world:
        steps.append(("world_effect", pi, side.name))
    elif side.kind == "on_build":
        steps.append(("on_build", pi, side.name))
    steps.append(("build", pi, phase))
    game.push(*steps)


@task("workers_home")
def workers_home(game: RollGame, pi: int, phase: str, dice: tuple, built: str) -> None:
    """The workers that completed a tile go to the citizenry, except those the tableau sends
    back to the cup: New Galactic Order (every red settler), Galactic Exchange (up to two
    settlers), Galactic Federation (up to two developers of a *later* development: never
    those that completed it). The player picks which when the colours differ; 'up to' is
    always taken in full (a die in the cup is never worse)."""
    p = game.players[pi]
    kind = "settlers_to_cup" if phase == "settle" else "developers_to_cup"
    p.citizenry += dice
    rest = list(dice)
    limit = 0
    for side in game.owned(p, kind):
        if side.name == built:
            continue
        power = side.power
        if power.get("which") == "red_only":
            for c in [c for c in rest if c == "red"]:
                _citizen_to_cup(p, c)
            rest = [c for c in rest if c != "red"]
        else:
            limit += power["count"]
    limit = min(limit, len(rest))
    if limit and len(set(rest)) > 1:
        options = tuple((c, i) for c in sorted(set(rest)) for i in range(rest.count(c)))
        game.ask(Decision("to_cup", pi, options, count=(limit, limit), prompt=(
            f"Which {limit} of the workers {agrees(limit == 1, 'go')} back to your cup?")),
            "to_cup", pi)
        return
    for c in rest[:limit]:
        _citizen_to_cup(p, c)


def _citizen_to_cup(p: Player, colour: str) -> None:
    p.citizenry.remove(colour)
    p.cup.append(colour)


@task("to_cup")
def to_cup(game: RollGame, answer: tuple, pi: int) -> None:
    p = game.players[pi]
    for c, _ in answer:
        _citizen_to_cup(p, c)


@task("on_complete")
def on_complete(game: RollGame, pi: int, name: str) -> None:
    p = game.players[pi]
    built = game.side(name)
    for source in game.owned(p, "credits_on_complete"):
        game.gain_credits(p, powers.complete_credits(game, p, built, source), source.name)


@task("world_effect")
def world_effect(game: RollGame, pi: int, name: str) -> None:
    """A world's immediate effect: remove a die first where stated, then credits and dice
    from the supply (to the cup, the citizenry, or onto the world as a good)."""
    side = game.side(name)
    gains = [(g.die, g.to, g.count) for g in side.gain]
    game.push(("gain", pi, name, side.credits, tuple(gains)))
    if side.remove_die:
        game.push(("remove_die", pi, name))


@task("on_build")
def on_build(game: RollGame, pi: int, name: str) -> None:
    """Conscription, Information Tech, Space Marines: remove one of your dice, then gain."""
    power = game.side(name).power
    gains = tuple((g["color"], g["to"], g["count"]) for g in power.get("gain", ()))
    game.push(("gain", pi, name, power.get("credits", 0), gains))
    if power.get("remove_die"):
        game.push(("remove_die", pi, name))


def removable(p: Player) -> list[tuple[str, str]]:
    """(where, colour) of every die a 'remove one of your dice' may take (FAQ: any of them)."""
    out = {("cup", c) for c in p.cup} | {("citizenry", c) for c in p.citizenry}
    for ph, col in p.columns.items():
        out |= {(ph, c) for c, _ in col}
    for kind, dice in p.building.items():
        out |= {(f"stack {kind}", c) for c in dice}
    for world, goods in p.goods.items():
        out |= {(f"good {world}", c) for c in goods}
    return sorted(out)


@task("remove_die")
def remove_die(game: RollGame, pi: int, name: str) -> None:
    p = game.players[pi]
    options = tuple(removable(p))
    if not options:
        return
    game.ask(Decision("remove_die", pi, options, prompt=f"{name}: which of your dice goes "
                      "back to the supply?"), "remove_die_answer", pi)


@task("remove_die_answer")
def remove_die_answer(game: RollGame, answer: tuple, pi: int) -> None:
    """The die removed goes back to the supply, where anyone may gain it again (rulebook,
    Coloniser: "remettez-le au centre de la table")."""
    p = game.players[pi]
    where, colour = answer
    if where == "cup":
        p.cup.remove(colour)
    elif where == "citizenry":
        p.citizenry.remove(colour)
    elif where.startswith("stack "):
        p.building[where[6:]].remove(colour)
    elif where.startswith("good "):
        world = where[5:]
        p.goods[world].remove(colour)
        if not p.goods[world]:
            del p.goods[world]
    else:
        _spend_worker(p, where, colour, to="")
    game.supply[colour] += 1
    game.note(p, game.phase, "return", f" a {colour} die to the supply")


@task("gain")
def gain(game: RollGame, pi: int, name: str, credits: int, gains: tuple) -> None:
    p = game.players[pi]
    game.gain_credits(p, credits, name)
    for colour, to, count in gains:
        for _ in range(count):
            if not game.take_supply(colour):
                break    # the supply has no die of that colour left
            if to == "cup":
                p.cup.append(colour)
            elif to == "citizenry":
                p.citizenry.append(colour)
            else:
                p.goods.setdefault(name, []).append(colour)


# ================================================================= Produce


def free_worlds(game: RollGame, p: Player) -> list[Side]:
    cap = powers.good_capacity(game, p)
    return [w for w in game.worlds(p)
            if w.color != "gray" and len(p.goods.get(w.name, ())) < cap]


@task("produce")
def produce(game: RollGame, pi: int) -> None:
    """Each producer becomes a good on a non-gray world of the tableau with room for it;
    any colour may produce anywhere (FAQ)."""
    p = game.players[pi]
    workers = p.workers("produce")
    worlds = free_worlds(game, p)
    if not workers or not worlds:
        return
    colours = sorted(set(workers))
    cap = powers.good_capacity(game, p)
    room = sum(cap - len(p.goods.get(w.name, ())) for w in worlds)
    if len(colours) == 1 and room <= len(workers):
        for w in worlds:
            while len(p.goods.get(w.name, ())) < cap:
                _produce(game, p, colours[0], w.name)
        return
    options = tuple((c, w.name) for c in colours for w in worlds)
    game.ask(Decision("produce", pi, options, prompt="Produce: which die on which world?"),
             "produce_answer", pi)


@task("produce_answer")
def produce_answer(game: RollGame, answer: tuple, pi: int) -> None:
    colour, world = answer
    _produce(game, game.players[pi], colour, world)
    game.push(("produce", pi))


def _produce(game: RollGame, p: Player, colour: str, world: str) -> None:
    _spend_worker(p, "produce", colour, to="")
    p.goods.setdefault(world, []).append(colour)
    game.note(p, "produce", "produce", f" {colour} on {world}")


# ================================================================= Ship


@task("ship")
def ship(game: RollGame, pi: int) -> None:
    """Each shipper takes one good and trades it (credits by the world's colour) or consumes
    it (VP); the good and the shipper go to the citizenry (rulebook, Expédier)."""
    p = game.players[pi]
    shippers = _worker_colours(p, "ship")
    if not shippers or not p.goods:
        return
    options = []
    for world in sorted(p.goods):
        for good in sorted(set(p.goods[world])):
            for c in shippers:
                options += [("trade", world, good, c), ("consume", world, good, c)]
    game.ask(Decision("ship", pi, tuple(options), prompt="Ship: trade or consume which good?"),
             "ship_answer", pi)


@task("ship_answer")
def ship_answer(game: RollGame, answer: tuple, pi: int) -> None:
    p = game.players[pi]
    verb, world_name, good, shipper = answer
    world = game.side(world_name)
    _spend_worker(p, "ship", shipper)
    p.goods[world_name].remove(good)
    if not p.goods[world_name]:
        del p.goods[world_name]
    p.citizenry.append(good)
    game.push(("ship", pi))
    if verb == "trade":
        amount = powers.trade_credits(game, p, world)
        game.note(p, "ship", "trade", f" {good} from {world_name} (+${amount})")
        game.gain_credits(p, amount)
        if game.owned(p, "trade_buy_vp") and p.credits >= 1:
            game.ask(Decision("bankers", pi, (False, True), prompt=(
                "Galactic Bankers: pay $1 for 1 VP?")), "bankers", pi)
        return
    vp = powers.consume_vp(game, p, world, good, shipper)
    game.note(p, "ship", "consume", f" {good} from {world_name} with {shipper} ({vp} VP)")
    game.gain_vp(p, vp)
    game.gain_credits(p, powers.consume_credits(game, p, world), "consume bonus")


@task("bankers")
def bankers(game: RollGame, answer: bool, pi: int) -> None:
    if answer:
        p = game.players[pi]
        p.credits -= 1
        game.gain_vp(p, 1, "Galactic Bankers")
