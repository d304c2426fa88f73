"""What a dice game is played with, built when it is created: its rules steps, registered by
the modules that own them (importing a module registers nothing), so that a game holds only
what its rules were built from."""

from __future__ import annotations

from dataclasses import dataclass, field

from rftg_cli.driver import TaskTable


@dataclass
class RollRules:
    # The rules steps by name, the task stack's (`rftg_cli.driver`).
    tasks: TaskTable = field(default_factory=lambda: TaskTable("roll"))


def build_rules() -> RollRules:
    """The dice game's rules: the steps of its rules modules."""
    from . import assign, bot, manage, phases, round

    rules = RollRules()
    for module in (round, assign, phases, manage, bot):
        rules.tasks.add_module(module)
    return rules
