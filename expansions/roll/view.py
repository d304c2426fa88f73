"""What a seat may see, and determinization.

Hidden from a seat: the bag's contents beyond its count, the tiles under the top of another
player's construction stacks (scouted tiles go to the bottom unseen), another player's
assignment before Reveal (the screens are up), and the generator's future.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import PHASES
from .round import roll

if TYPE_CHECKING:
    from .state import Player, RollGame



def _player(game: RollGame, p: Player, own: bool) -> dict:
    hidden = game.phase == "assign" and not own
    top = (lambda s: s[:1]) if not own else (lambda s: list(s))
    return {
        "name": p.name,
        "credits": p.credits,
        "vp": p.vp,
        "cup": len(p.cup) if hidden else sorted(p.cup),
        "citizenry": sorted(p.citizenry),
        "columns": None if hidden else {ph: sorted(c for c, _ in p.columns[ph]) for ph in PHASES},
        "selection": None if hidden else p.selection,
        "dictate": None if hidden else sorted(p.dictate),
        "dev_stack": top(p.dev_stack), "dev_stack_size": len(p.dev_stack),
        "world_stack": top(p.world_stack), "world_stack_size": len(p.world_stack),
        "building": {k: sorted(d) for k, d in p.building.items()},
        "scouted": list(p.scouted) if own else len(p.scouted),
        "tableau": list(p.tableau),
        "goods": {w: sorted(g) for w, g in p.goods.items()},
        "tiles": game.tile_count(p),
    }


def player_view(game: RollGame, player: int) -> dict:
    out = {
        "ruleset": "roll",
        "round": game.round,
        "phase": game.phase,
        "selected": list(game.selected),
        "white_die": game.white_die,
        "pool": game.pool,
        "bag": len(game.bag),
        "me": player,
        "players": [_player(game, p, i == player) for i, p in enumerate(game.players)],
    }
    if game.bot:
        b = game.bot
        out["bot"] = {"name": b.name, "credits": b.credits, "vp": b.vp,
                      "phases": list(b.phases), "tableau": list(b.tableau),
                      "goods": list(b.goods), "world_stack": b.world_stack[:1],
                      "dev_stack": b.dev_stack[:1]}
    return out


def determinize(game: RollGame, player: int, rng):
    """A copy in which what `player` cannot see is dealt anew from what it can: the tiles
    under the tops of the other players' (and the bot's) stacks are swapped with the bag;
    before Reveal, the other players' dice are rolled again, their assignments undone (they
    assign again); and the generator is reseeded. What is dealt depends only on what
    `player` sees and on `rng`: the hidden tiles are pooled in sorted order, the dice by
    colour."""
    from .rng import make_rng

    new = game.copy()
    new.rng = make_rng(rng.randbelow(2 ** 63))
    hidden: list[tuple[object, str, int]] = []
    holders = [p for i, p in enumerate(new.players) if i != player]
    if new.bot:
        holders.append(new.bot)
    for p in holders:
        for kind in ("dev_stack", "world_stack"):
            stack = getattr(p, kind)
            hidden += [(p, kind, j) for j in range(1, len(stack))]
    pool = sorted(list(new.bag) + [getattr(p, k)[j] for p, k, j in hidden])
    rng.shuffle(pool)
    for p, kind, j in hidden:
        getattr(p, kind)[j] = pool.pop()
    new.bag = sorted(pool)
    if new.phase == "assign":
        _reroll_others(new, player)
    return new


def _reroll_others(game: RollGame, player: int) -> None:
    """Behind the screens: the other players' dice (their colours were public before the
    roll) rolled again from the reseeded generator, each player to assign anew."""
    waiting = {entry[1] for entry in game.tasks if entry[0] == "assign"}
    if game.pending is not None and game.pending.kind == "assign":
        waiting.add(game.pending.player)
    for i, p in enumerate(game.players):
        if i == player:
            continue
        dice = [c for ph in PHASES for c, _ in p.columns[ph]] + p.dictate
        if p.selection:
            dice.append(p.selection[1])
        if not dice:
            continue
        p.dictate.clear()
        p.cup = sorted(dice)
        roll(game, p)
        if i not in waiting:
            game.tasks.append(("assign", i))
