"""`rftg score CARD... [--chips N] [--goods N] [--NAME VALUE]... [--json]`: score a physical
tableau with the calculator of the ruleset a game without expansions plays
(`Ruleset.calculator`: the card game's). The options other than --chips and --goods are the
calculator's plugins' (`calculator_inputs`). Exit codes: 0, 2 for bad input.
"""

from __future__ import annotations

import json
import sys

from rftg_cli.errors import UsageError


def calculator():
    """The calculator of the default ruleset (`UsageError` when it has none)."""
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import default_registry, ruleset_of

    ruleset = ruleset_of(GameConfig(), default_registry())
    found = ruleset.part("calculator")
    if found is None:
        raise UsageError(f"{ruleset.description} has no calculator")
    return found


def calculator_inputs() -> dict:
    """The options plugins give the calculator: name -> `CalculatorInput`."""
    try:
        return calculator().inputs()
    except UsageError:
        return {}


def score_tableau(words: list[str], chips: int, goods: int, as_json: bool,
                  inputs: dict | None = None) -> int:
    """The breakdown of the tableau `words` names, printed; `inputs`: name -> the values
    given to a plugin's calculator input (`rftg score --NAME`)."""
    try:
        calc = calculator()
        data = calc.score(words, chips, goods, inputs or {})
    except UsageError as exc:
        print(f"rftg score: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(data))
        return 0
    from rftg_cli.ui.console import make_console

    make_console().print(calc.show(data))
    return 0
