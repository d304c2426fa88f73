"""The solo game's credit bot (shared/rules/roll-solo-bot.md): no dice, no powers; it buys
tiles with credits, rolls two phases a round and does a strong action in the phases it rolled,
a weak one in the human's; a strong action it cannot do shifts to the next phase's weak one.
Its [P]/[?] choices are values in `data/bot.toml`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .data import PHASES, Side
from .state import RollGame, task

BOT_DATA = Path(__file__).parent / "data" / "bot.toml"


@dataclass(frozen=True)
class BotRules:
    raw: dict

    def level(self, name: str) -> dict:
        return self.raw["level"][name]

    def level_name(self, option: str) -> str:
        """A level by name or number ('expert' or '3'); '' is the default."""
        option = (option or self.raw["default_difficulty"]).strip().lower()
        for name, level in self.raw["level"].items():
            if option in (name, str(level["number"])):
                return name
        raise ValueError(f"unknown difficulty {option!r}: use " + ", ".join(self.raw["level"]))


@cache
def bot_rules() -> BotRules:
    return BotRules(tomllib.loads(BOT_DATA.read_text(encoding="utf-8")))


class BotState:
    __slots__ = (
        "credits",
        "dev_stack",
        "did",
        "goods",
        "name",
        "phases",
        "tableau",
        "vp",
        "world_stack",
    )

    def __init__(self) -> None:
        self.name = bot_rules().raw["name"]
        self.credits = 1
        self.world_stack: list[int] = []
        self.dev_stack: list[int] = []
        self.tableau: list[str] = []          # side names, in the order built
        self.goods: list[str] = []            # worlds holding a good (one each)
        self.vp = 0
        self.phases: tuple[str, ...] = ()
        self.did: dict[str, list[str]] = {}

    def copy(self) -> BotState:
        new = BotState.__new__(BotState)
        new.name = self.name
        new.credits = self.credits
        new.world_stack = self.world_stack.copy()
        new.dev_stack = self.dev_stack.copy()
        new.tableau = self.tableau.copy()
        new.goods = self.goods.copy()
        new.vp = self.vp
        new.phases = self.phases
        new.did = {k: v.copy() for k, v in self.did.items()}
        return new

    def key(self) -> tuple:
        return (self.credits, self.world_stack, self.dev_stack, self.tableau,
                sorted(self.goods), self.vp, self.phases)

    def all_dice(self) -> list[str]:
        return []     # the bot owns no dice; its goods are markers (data/bot.toml)

    def tiles(self) -> list[int]:
        from .data import load_data
        sides = load_data().sides
        return self.world_stack + self.dev_stack + [sides[n].tile for n in self.tableau]

    def worlds(self, game: RollGame) -> list[Side]:
        return [game.side(n) for n in self.tableau if game.side(n).is_world]

    def developments(self, game: RollGame) -> list[Side]:
        return [game.side(n) for n in self.tableau if not game.side(n).is_world]

    def tile_count(self) -> int:
        return len(self.tableau)


def level(game: RollGame) -> dict:
    rules = bot_rules()
    return rules.level(rules.level_name(game.options.get("difficulty", "")))


@task("bot_setup")
def bot_setup(game: RollGame) -> None:
    """Two tiles: the cheaper world goes on the world stack, the other tile development side
    up; a gray starting world is replaced (roll-solo-bot.md 4)."""
    bot, rules, tiles = game.bot, bot_rules().raw, game.data.tiles
    a, b = game.draw_tile(), game.draw_tile()
    drawn = [t for t in (a, b) if t is not None]
    drawn.sort(key=lambda t: (tiles[t].world.cost, t))
    world, dev = drawn[0], drawn[1]
    # A gray world goes back to the bag and another tile is drawn; the gray ones are set
    # aside until a world that is not gray comes, so the draw always ends.
    aside: list[int] = []
    while rules["no_gray_start"] and tiles[world].world.color == "gray":
        aside.append(world)
        replacement = game.draw_tile()
        if replacement is None:
            world = aside.pop()
            break
        world = replacement
    game.bag.extend(aside)
    game.bag.sort()
    bot.world_stack.append(world)
    bot.dev_stack.append(dev)


def bot_roll_phases(game: RollGame) -> tuple[str, ...]:
    """Two different phases: two white dice, one rerolled while they match (the rules), or a
    uniform pair (the helper); chosen in data/bot.toml."""
    bot = game.bot
    rng = game.rng
    if bot_rules().raw["phase_dice"] == "uniform":
        first, second = rng.sample(PHASES, 2)
    else:
        faces = game.data.dice["white"].faces
        first = rng.choice(faces)
        second = rng.choice(faces)
        while second == first:
            second = rng.choice(faces)
    bot.phases = tuple(ph for ph in PHASES if ph in (first, second))
    bot.did = {}
    game.log(-1, f"{bot.name} rolls {' and '.join(p.capitalize() for p in bot.phases)}.")
    return bot.phases


def _ranked_goods(game: RollGame) -> list[str]:
    rank = bot_rules().raw["rank"]
    bot = game.bot
    return sorted(bot.goods, key=lambda w: (rank.index(game.side(w).color),
                                            bot.tableau.index(w)))


def possible(game: RollGame, phase: str) -> bool:
    bot = game.bot
    if phase == "explore":
        return True
    if phase in ("develop", "settle"):
        stack = bot.dev_stack if phase == "develop" else bot.world_stack
        kind = "development" if phase == "develop" else "world"
        return bool(stack) and bot.credits >= game.data.tiles[stack[0]].side(kind).cost
    if phase == "produce":
        return bool(_free_worlds(game))
    return bool(bot.goods)


def _free_worlds(game: RollGame) -> list[Side]:
    rank = bot_rules().raw["rank"]
    bot = game.bot
    worlds = [w for w in bot.worlds(game) if w.color != "gray" and w.name not in bot.goods]
    return sorted(worlds, key=lambda w: (rank.index(w.color), bot.tableau.index(w.name)))


def act(game: RollGame, phase: str, strong: bool, slot: str) -> None:
    bot, rules = game.bot, bot_rules().raw
    did = bot.did.setdefault(slot, [])
    cap = game.data.rules["credit_max"]
    if phase == "explore":
        tile = game.draw_tile()
        if tile is not None:
            to_world = len(bot.world_stack) <= len(bot.dev_stack)
            (bot.world_stack if to_world else bot.dev_stack).append(tile)
        gain = rules["explore"]["strong" if strong else "weak"]
        bot.credits = min(cap, bot.credits + gain)
        did.append(f"explores (+${gain})")
    elif phase in ("develop", "settle"):
        stack = bot.dev_stack if phase == "develop" else bot.world_stack
        kind = "development" if phase == "develop" else "world"
        side = game.data.tiles[stack.pop(0)].side(kind)
        bot.credits -= side.cost
        bot.tableau.append(side.name)
        did.append(f"buys {side.name} (${side.cost})")
    elif phase == "produce":
        for w in _free_worlds(game)[: rules["produce"]["strong" if strong else "weak"]]:
            bot.goods.append(w.name)
            did.append(f"produces on {w.name}")
    else:
        _ship(game, strong, did)
    for text in did:
        game.log(-1, f"{bot.name} {text}.")


def _ship(game: RollGame, strong: bool, did: list[str]) -> None:
    bot = game.bot
    goods = _ranked_goods(game)
    full = bot.credits >= game.data.rules["credit_max"]    # tested before shipping (spec 8)
    if strong:
        plan = [("consume", g) for g in goods[:2]] if full else (
            [("trade", goods[0])] + [("consume", g) for g in goods[1:2]])
    elif full:
        plan = [("consume", goods[1] if len(goods) > 1 else goods[0])]
    else:
        plan = [("trade", goods[0])]
    vp_table = level(game)["consume"]
    for verb, world in plan:
        bot.goods.remove(world)
        colour = game.side(world).color
        if verb == "trade":
            gain = game.data.trade[colour]
            bot.credits = min(game.data.rules["credit_max"], bot.credits + gain)
            did.append(f"trades from {world} (+${gain})")
        else:
            vp = vp_table[colour]
            bot.vp += vp
            game.pool -= vp
            did.append(f"consumes from {world} ({vp} VP)")


@task("bot_phase")
def bot_phase(game: RollGame, phase: str) -> None:
    """The bot's action in a phase that happens: strong if it rolled the phase, else weak; a
    phase it rolled but cannot act in shifts, round the strip, to the next possible weak
    action in the same slot; one it did not roll and cannot do is lost (spec 7)."""
    bot = game.bot
    if phase in bot.phases:
        if possible(game, phase):
            act(game, phase, True, phase)
            return
        target = phase
        while True:
            target = PHASES[(PHASES.index(target) + 1) % len(PHASES)]
            if possible(game, target):
                act(game, target, False, phase)
                return
    elif possible(game, phase):
        act(game, phase, False, phase)


@task("bot_manage")
def bot_manage(game: RollGame) -> None:
    floor = bot_rules().raw["credit_floor"]
    game.bot.credits = max(game.bot.credits, floor)
