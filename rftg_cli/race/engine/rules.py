"""The rule set the plugins build from a game's configuration (`rftg_cli.config`).

`Rules` is what the enabled plugins made of the `GameConfig` the player asked for, computed
once when the game is created and shared by copies.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from ..cards.model import PHASES, Card
from rftg_cli.driver import TaskTable
from rftg_cli.ruleset import Opponent
from .actions import BASE_ACTIONS, Action, Bonus, bonus_table
from .powers import PowerRegistry


@dataclass(frozen=True)
class CalculatorInput:
    """An option of `rftg score` a plugin adds: `apply(game, player, values)` puts the values
    given into the calculator's one-player position (raising KeyError or ValueError with a
    message for a bad one); `help` and `metavar` are its line of `rftg score --help`; a
    `number` is one whole number (`values` holds it), else a text given once per value."""

    apply: Callable
    help: str
    metavar: str = "NAME"
    number: bool = False


@dataclass
class Rules:
    """What the plugins decided for this game. Mutated only while it is being built."""

    card_sets: set[str] = field(default_factory=lambda: {"base"})
    # Card designs a plugin adds to the deck beyond its card sets: (design, copies).
    extra_cards: list[tuple[Card, int]] = field(default_factory=list)
    # Every power kind of the game with its handlers (`engine.powers`).
    powers: PowerRegistry = field(default_factory=PowerRegistry)
    # The rules steps of the game by name, the task stack's (`rftg_cli.driver`).
    tasks: TaskTable = field(default_factory=lambda: TaskTable("race"))
    # Decision kind -> the text form of its answers (`engine.notation.Notation`, registered
    # with `notation.add`); a kind without one is written as `answer` and JSON.
    notations: dict[str, Any] = field(default_factory=dict)
    actions: tuple[Action, ...] = BASE_ACTIONS
    # (game, player) -> more action cards this player may choose from (once-per-game cards).
    player_actions: list[Callable] = field(default_factory=list)
    known_actions: list[Action] = field(default_factory=list)
    # (game, player, options) -> options: the action choices an AI seat weighs this round (a
    # plugin's rule for when its once-per-game card is worth using); applied in order.
    action_advice: list[Callable] = field(default_factory=list)
    # Decision kind -> the AI's quick answer to it, answer(game, decision, rng) (its simulated
    # rounds play them: `ai.heuristic.greedy_answer`); a kind with none gets the first option.
    greedy: dict[str, Callable] = field(default_factory=dict)
    # The phases of a round, in order; phase X runs the task "X_phase" (one per instance).
    phases: tuple[str, ...] = PHASES
    picks_per_round: int = 1              # action cards each player chooses per round
    vp_per_player: int = 12               # VP chips in the pool per player
    hand_limit: int = 10
    game_end_tableau: int = 12
    # Each player is dealt one red and one blue start world and keeps one (the rulebook's
    # « Mondes de départ pour joueurs expérimentés »; the standard setup of the later sets).
    start_world_choice: bool = False
    min_players: int = 2
    max_players: int = 4
    # Called in order at the points named; each receives the Game.
    setup_steps: list[Callable] = field(default_factory=list)
    round_start_steps: list[Callable] = field(default_factory=list)
    # step(game, phase, instance), before the players act in a phase instance / after.
    phase_start_steps: list[Callable] = field(default_factory=list)
    phase_end_steps: list[Callable] = field(default_factory=list)
    # step(game, phase, instance), each run as its own task once the players have acted in a
    # phase instance, before `phase_end_steps`: it may ask decisions (push tasks), and the
    # phase's temporary military still holds (a plugin's conflicts resolved after settling).
    phase_finish_steps: list[Callable] = field(default_factory=list)
    round_end_steps: list[Callable] = field(default_factory=list)   # before the hand limit
    game_end_steps: list[Callable] = field(default_factory=list)    # once, when it ends
    # step(game, player, card, how): a card was just placed by a player in Develop ("develop"),
    # Settle (how it was settled: "pay", "conquer") or as a replacement ("replace"); not at
    # setup, nor a card that changes tableau some other way.
    place_steps: list[Callable] = field(default_factory=list)
    # step(game, player, world, powers): what a world placed with the (card, index) `powers`
    # earns, first among its rewards (`settle.placement_rewards`), whether it was settled or
    # came into the tableau some other way a plugin counts as placing.
    placement_reward_steps: list[Callable] = field(default_factory=list)
    # Per-player counters a plugin registers: name -> the steps(game, player, amount) run
    # when a player's counter just changed by `amount` (gained > 0, spent < 0) through
    # `Game.add_count` (or `game.add_NAME`). Each player starts at 0; the first registered
    # takes the place in `Game.digest` that saves have always had for it.
    counters: dict[str, list[Callable]] = field(default_factory=dict)
    # Card keywords a plugin adds to those the base game reads (`cards.model.KEYWORDS`), each
    # with its label in `rftg cards` (an icon's, "... icon"); checked like power flags.
    keywords: dict[str, str] = field(default_factory=dict)
    # (game, player) -> list of (label, points) lines added to the score breakdown.
    score_steps: list[Callable] = field(default_factory=list)
    # (game, me) -> lines of public state a plugin shows on the board, under the tableaux
    # (a plugin's tiles and who holds them), as seat `me` sees it.
    board_lines: list[Callable] = field(default_factory=list)
    # (game) -> [(name, line)]: what `card NAME` looks up besides cards (a plugin's tiles),
    # each by its name and a line saying what it is.
    lookups: list[Callable] = field(default_factory=list)
    # (game) -> a dict of public facts a plugin adds to `game.outcome().public`, which
    # `rftg show --json` prints.
    show_parts: list[Callable] = field(default_factory=list)
    # (game, player) -> VP an AI may expect that the score does not hold yet (a tile nearly won).
    prospect_steps: list[Callable] = field(default_factory=list)
    # `rftg score --NAME VALUE`: name -> its `CalculatorInput`, putting what the player gave
    # (the tiles held) into the calculator's one-player position.
    calculator_inputs: dict[str, CalculatorInput] = field(default_factory=dict)
    # game -> bool, or a str saying why the game ends: extra end-of-game conditions.
    end_checks: list[Callable] = field(default_factory=list)
    # Opponents that are not card players plug their phase behaviour here:
    # (game, phase, instance) -> None, run after the players act in each phase instance.
    phase_hooks: list[Callable] = field(default_factory=list)
    # (game) -> list of action ids chosen by opponents that are not seats this round.
    extra_selectors: list[Callable] = field(default_factory=list)
    # Those opponents themselves: their standing in `game.outcome()` and on the screen.
    opponents: list[Opponent] = field(default_factory=list)
    _index: tuple = field(default=((), 0, {}, {}, {}), repr=False, compare=False)

    def copy(self) -> Rules:
        """A copy whose lists, sets, dicts, power registry and task table are its own (the
        steps, cards and handlers they hold are shared): a game may change its copy alone."""
        new = copy.copy(self)
        for name in _CONTAINERS:
            setattr(new, name, getattr(self, name).copy())
        new.powers = self.powers.copy()
        new.tasks = self.tasks.copy()
        return new

    def action_index(self) -> dict[str, Action]:
        """Every action card of the game by id: everyone's, then the per-player cards, which
        a plugin lists in `known_actions` so that ids in answers and logs can be read."""
        return self._cached()[2]

    def bonuses(self, actions: tuple[str, ...]) -> dict[tuple[str, int], Bonus]:
        """(phase, instance) -> the selector's bonus for one seat's chosen cards (memoized:
        the engine asks this at every cost it computes)."""
        memo = self._cached()[3]
        table = memo.get(actions)
        if table is None:
            table = memo[actions] = bonus_table(actions, self.action_index())
        return table

    def memo(self, name: str) -> dict:
        """A dict in which the engine memoizes, under `name`, what depends only on the
        action cards (the choices they offer); emptied when they change, as `bonuses`."""
        cached = self._index
        if cached[0] is not self.actions or cached[1] != len(self.known_actions):
            cached = self._cached()     # `_cached`'s test, made here first: one call less
        found = cached[4].get(name)
        if found is None:
            found = cached[4][name] = {}
        return found

    def _cached(self) -> tuple:
        cached = self._index
        if cached[0] is not self.actions or cached[1] != len(self.known_actions):
            # Every game builds its own Rules: games with the same action cards share the
            # index and the memos (they depend on nothing else).
            key = (self.actions, tuple(self.known_actions), self.phases, self.picks_per_round)
            shared = _SHARED.get(key)
            if shared is None:
                if len(_SHARED) >= 64:
                    _SHARED.clear()
                index = {a.id: a for a in (*self.actions, *self.known_actions)}
                shared = _SHARED[key] = (index, {}, {})
            cached = self._index = (self.actions, len(self.known_actions), *shared)
        return cached


# `Rules._cached`'s index and memos, by the action cards (and the phases they call, and the
# cards chosen a round) they were made for.
_SHARED: dict[tuple, tuple] = {}

# The fields of `Rules` holding a list, set or dict (`Rules.copy`).
_CONTAINERS = tuple(f.name for f in fields(Rules)
                    if isinstance(getattr(Rules(), f.name), (list, set, dict)))
