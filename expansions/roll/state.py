"""The dice game's state: players' dice and tiles, the bag, the supply, the VP pool.

The rules run as tasks on the shared driver (`rftg_cli.driver`): the steps of the game's rules
(`rules.RollRules.tasks`), which the modules `round`, `assign`, `phases`, `manage` and `bot`
mark. Dice are identified by colour only (the rules never tell two dice of one colour apart);
a die sits in exactly one place: the supply (where a die removed by an immediate effect goes
back), or one player's cup, phase columns (workers; a wild face is marked), selection slot,
Dictate area, citizenry, construction zone (on a tile) or a world (a good).
"""

from __future__ import annotations

import hashlib
from collections import Counter

from rftg_cli.driver import TaskDriver, task  # noqa: F401  (the rules modules mark steps)

from .data import PHASES, RollData, Side
from .rng import copy_rng, make_rng
from .rules import RollRules
from .words import says, third_person


class Player:
    __slots__ = (
        "building",
        "citizenry",
        "columns",
        "credits",
        "cup",
        "dev_stack",
        "dictate",
        "dictates",
        "did",
        "faction",
        "goods",
        "home",
        "name",
        "scouted",
        "scouted_yellow",
        "selection",
        "tableau",
        "temps",
        "used",
        "vp",
        "world_stack",
    )

    def __init__(self, name: str) -> None:
        self.name = name
        self.cup: list[str] = []
        self.citizenry: list[str] = []
        # phase -> workers as (colour, wild); a wild die may still be moved freely (Assign)
        self.columns: dict[str, list[tuple[str, bool]]] = {ph: [] for ph in PHASES}
        self.selection: tuple[str, str] | None = None    # (phase, colour of the die on it)
        self.dictate: list[str] = []
        self.dictates = 0                                # Dictates used this round
        self.used: set[str] = set()                      # Reassign powers used this round
        self.dev_stack: list[int] = []                   # tile ids, top first
        self.world_stack: list[int] = []
        # dice waiting at the top of each construction stack ("development", "world"): they
        # stay there whatever tile is on top (rulebook, Explorer)
        self.building: dict[str, list[str]] = {"development": [], "world": []}
        self.scouted: list[int] = []                     # tiles drawn, not yet placed
        self.tableau: list[str] = []                     # side names, in the order built
        self.goods: dict[str, list[str]] = {}            # world name -> good dice
        self.credits = 0
        self.vp = 0
        self.faction = 0
        self.home = 0
        self.temps: list[str] = []                       # temporary workers of this phase
        self.did: dict[str, list[str]] = {}              # phase -> what was done (screen)
        self.scouted_yellow = False

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.name = self.name
        new.cup = self.cup.copy()
        new.citizenry = self.citizenry.copy()
        new.columns = {ph: col.copy() for ph, col in self.columns.items()}
        new.selection = self.selection
        new.dictate = self.dictate.copy()
        new.dictates = self.dictates
        new.used = set(self.used)
        new.dev_stack = self.dev_stack.copy()
        new.world_stack = self.world_stack.copy()
        new.building = {t: d.copy() for t, d in self.building.items()}
        new.tableau = self.tableau.copy()
        new.goods = {w: g.copy() for w, g in self.goods.items()}
        new.credits = self.credits
        new.vp = self.vp
        new.faction = self.faction
        new.home = self.home
        new.temps = self.temps.copy()
        new.did = {ph: d.copy() for ph, d in self.did.items()}
        new.scouted_yellow = self.scouted_yellow
        new.scouted = self.scouted.copy()
        return new

    def stack(self, kind: str) -> list[int]:
        return self.dev_stack if kind == "development" else self.world_stack

    def workers(self, phase: str) -> list[str]:
        return [c for c, _ in self.columns[phase]]

    def all_dice(self) -> list[str]:
        """Every die this player has anywhere (for the die count and 'dice you own')."""
        out = self.cup + self.citizenry + self.dictate
        for col in self.columns.values():
            out += [c for c, _ in col]
        if self.selection:
            out.append(self.selection[1])
        for dice in self.building.values():
            out += dice
        for goods in self.goods.values():
            out += goods
        return out


class RollGame(TaskDriver):
    __slots__ = (
        "abandoned",
        "bag",
        "bot",
        "config",
        "data",
        "end_reason",
        "events",
        "options",
        "phase",
        "players",
        "pool",
        "record",
        "rng",
        "round",
        "rules",
        "selected",
        "supply",
        "white_die",
    )   # and the driver's (`TaskDriver`)

    def __init__(self, config, seed: int, data: RollData, rules: RollRules, *,
                 record: bool = True) -> None:
        from .bot import BotState

        self.rules = rules
        self.steps = rules.tasks.steps
        self.data = data
        self.config = config
        self.rng = make_rng(seed)
        self.bag: list[int] = sorted(data.tiles)
        self.abandoned: list[int] = []
        self.supply: dict[str, int] = {c: d.count for c, d in data.dice.items()}
        self.players = [Player(n) for n in config.player_names()]
        self.bot: BotState | None = BotState() if config.players == 1 else None
        seats = config.players + (1 if self.bot else 0)
        self.pool = data.rules["vp_per_player"] * seats
        self.round = 0
        self.phase = "setup"
        self.selected: tuple[str, ...] = ()
        self.white_die = ""
        self.tasks: list[tuple] = []
        self.pending = None
        self.resume: tuple | None = None
        self.history: list = []
        self.events: list[tuple[int, str]] = []
        self.record = record
        self.over = False
        self.end_reason = ""
        self.options = dict(config.options)
        self.tasks.append(("setup",))
        self.run()

    # ------------------------------------------------------------------ copies

    def copy(self, *, record: bool = False) -> RollGame:
        new = RollGame.__new__(RollGame)
        new.rules = self.rules
        new.data = self.data
        new.config = self.config
        new.rng = copy_rng(self.rng)
        new.bag = self.bag.copy()
        new.abandoned = self.abandoned.copy()
        new.supply = dict(self.supply)
        new.players = [p.copy() for p in self.players]
        new.bot = self.bot.copy() if self.bot else None
        new.pool = self.pool
        new.round = self.round
        new.phase = self.phase
        new.selected = self.selected
        new.white_die = self.white_die
        self.copy_driver(new)
        new.events = self.events.copy() if record else []
        new.record = record
        new.end_reason = self.end_reason
        new.options = self.options
        return new

    def digest(self) -> str:
        h = hashlib.sha256()
        h.update(repr((sorted(self.bag), self.abandoned, sorted(self.supply.items()),
                       self.pool, self.round, self.phase,
                       self.selected, self.white_die, self.over, self.tasks)).encode())
        for p in self.players:
            h.update(repr((sorted(p.cup), sorted(p.citizenry),
                           [sorted(p.columns[ph]) for ph in PHASES], p.selection,
                           sorted(p.dictate), p.dev_stack, p.world_stack,
                           sorted(p.building.items()), p.tableau, sorted(p.goods.items()),
                           p.credits, p.vp, sorted(p.used), p.dictates, p.scouted)).encode())
        if self.bot:
            h.update(repr(self.bot.key()).encode())
        return h.hexdigest()[:16]

    # ------------------------------------------------------------------ tiles

    def side(self, name: str) -> Side:
        return self.data.sides[name]

    def top(self, player: Player, kind: str) -> Side | None:
        stack = player.stack(kind)
        return self.data.tiles[stack[0]].side(kind) if stack else None

    def owned(self, player: Player, kind: str) -> list[Side]:
        """The player's tableau sides whose power is of `kind`."""
        names = self.data.by_power.get(kind)
        if not names:
            return []
        sides = self.data.sides
        return [sides[n] for n in player.tableau if n in names]

    def worlds(self, player: Player) -> list[Side]:
        sides = self.data.sides
        return [sides[n] for n in player.tableau if sides[n].is_world]

    def developments(self, player: Player) -> list[Side]:
        sides = self.data.sides
        return [sides[n] for n in player.tableau if not sides[n].is_world]

    def draw_tile(self) -> int | None:
        """One tile from the bag. When the bag runs dry, the tiles abandoned so far this
        phase go back in and the draw goes on (rulebook FAQ, Explore)."""
        if not self.bag and self.abandoned:
            self.bag.extend(self.abandoned)
            self.abandoned.clear()
            self.bag.sort()
        if not self.bag:
            return None
        return self.bag.pop(self.rng.randbelow(len(self.bag)))

    # ------------------------------------------------------------------ dice and money

    def take_supply(self, colour: str) -> bool:
        if self.supply.get(colour, 0) <= 0:
            return False
        self.supply[colour] -= 1
        return True

    def gain_credits(self, player: Player, amount: int, why: str = "") -> None:
        """Credits never exceed the cap; gains above it are lost (rulebook, Credits)."""
        if amount <= 0:
            return
        cap = self.data.rules["credit_max"]
        player.credits = min(cap, player.credits + amount)
        self.log(-1, f"{player.name} {says(player.name, 'gain')} ${amount}"
                 + (f" ({why})" if why else "") + f": ${player.credits}.")

    def gain_vp(self, player: Player, amount: int, why: str = "") -> None:
        """VP chips from the pool; chips earned once it is empty still count (the game ends
        after this round)."""
        if amount <= 0:
            return
        player.vp += amount
        self.pool -= amount
        self.log(-1, f"{player.name} {says(player.name, 'gain')} {amount} VP"
                 + (f" ({why})" if why else "") + ".")

    def tile_count(self, player: Player) -> int:
        """Tiles toward the 12-tile end: every side in the tableau counts one, so the
        double-width faction tile counts two and the home world one (rulebook, end)."""
        return len(player.tableau)

    def log(self, who: int, text: str) -> None:
        if self.record:
            self.events.append((who, text))

    def note(self, player: Player, phase: str, verb: str, rest: str = "") -> None:
        """What a player did in a phase this round: on the screen ('stocks with white'),
        and in the log as a sentence ('You stock with white.', 'Ann stocks with white.')."""
        player.did.setdefault(phase, []).append(third_person(verb) + rest)
        self.log(-1, f"{player.name} {says(player.name, verb)}{rest}.")

    def player_index(self, player: Player) -> int:
        return self.players.index(player)

    # ------------------------------------------------------------------ the protocol

    def view(self, player: int) -> dict:
        from .view import player_view
        return player_view(self, player)

    def public_events(self, player: int) -> list[str]:
        return [text for who, text in self.events if who in (-1, player)]

    def answer_text(self, answer) -> str:
        from .text import answer_text
        return answer_text(self, self.pending, answer)

    def parse_answer(self, text: str):
        from .text import parse_answer
        return parse_answer(self, self.pending, text)

    def legal_answers(self, limit: int = 1000) -> list:
        from .text import legal_answers
        return legal_answers(self.pending, limit)

    def sample_answer(self, rng):
        from .text import sample_answer
        return sample_answer(self.pending, rng)

    def determinize(self, player: int, rng) -> RollGame:
        from .view import determinize
        return determinize(self, player, rng)

    def outcome(self, seats: list[str] | None = None):
        from .scoring import outcome
        return outcome(self, seats)

    # ------------------------------------------------------------------ checks

    def dice_census(self) -> Counter:
        """Every die by colour, wherever it is: 111 in all (the property tests' invariant)."""
        count: Counter = Counter(self.supply)
        for p in self.players:
            count.update(p.all_dice())
        if self.bot:
            count.update(self.bot.all_dice())
        return count

    def tile_places(self) -> list[int]:
        """Every game tile id wherever it is (bag, abandoned, stacks, tableaus)."""
        out = list(self.bag) + list(self.abandoned)
        sides = self.data.sides
        for p in self.players:
            out += p.dev_stack + p.world_stack + p.scouted
            out += [sides[n].tile for n in p.tableau if sides[n].tile]
        if self.bot:
            out += self.bot.tiles()
        return out
