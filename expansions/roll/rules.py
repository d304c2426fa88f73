"""What a dice game is played with, built when it is created: its rules steps and its tile
power kinds, each registered by the module that owns them (importing a module registers
nothing), so that a game holds only what its rules were built from."""

from __future__ import annotations

from dataclasses import dataclass, field

from rftg_cli.driver import TaskTable

from .powers import PowerKind


@dataclass
class RollRules:
    # The rules steps by name, the task stack's (`rftg_cli.driver`).
    tasks: TaskTable = field(default_factory=lambda: TaskTable("roll"))
    # Every tile power kind of the game by name; a tile of another kind is refused when the
    # game is created (`powers.check_kinds`).
    powers: dict[str, PowerKind] = field(default_factory=dict)

    def add_powers(self, *kinds: PowerKind) -> None:
        for kind in kinds:
            if self.powers.get(kind.name, kind) != kind:
                raise ValueError(f"roll: power kind {kind.name!r} is already registered")
            self.powers[kind.name] = kind


def build_rules() -> RollRules:
    """The dice game's rules: the steps of its rules modules and its power kinds."""
    from . import assign, bot, manage, phases, powers, round

    rules = RollRules()
    for module in (round, assign, phases, manage, bot):
        rules.tasks.add_module(module)
    rules.add_powers(*powers.POWERS)
    return rules
