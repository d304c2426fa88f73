"""The game a bench script's expansion flags and options ask for, as `rftg simulate` reads
them (`--bow`, `--goals off`, ...; each option's default where none is given)."""

from __future__ import annotations

import sys
from dataclasses import fields, is_dataclass, replace
from functools import cache

from rftg_cli.commands.simulate import game_configs
from rftg_cli.race.ai import search as ai_search
from rftg_cli.plugins import make_registry, ruleset_of


def game_setup(players: int, extra_args: list[str]):
    """(the registry, the game's config, a label such as '4 players, bow tgs rvi ...')."""
    registry = make_registry(plugins_dir=False)
    config = game_configs([], extra_args, players, registry)[0]
    label = f"{players} players" + (", " + " ".join(config.expansions)
                                    if config.expansions else "")
    return registry, config, label


@cache
def worker_setup(players: int, extra_args: tuple[str, ...]):
    """`game_setup`, made once per process: a worker playing many games of one setup."""
    return game_setup(players, list(extra_args))


def ai_seats(config, registry, *asked: str | None) -> tuple:
    """(the game's AI seat factory `(seed, level)`, each level asked: None for the default).
    A level the game's AI does not have: its one-line reason, exit code 2."""
    ruleset = ruleset_of(config, registry)
    try:
        levels = tuple(ruleset.ai_level_for(level) for level in asked)
    except ValueError as exc:
        usage(str(exc))
    return ruleset.part("ai_seat"), levels


def usage(message: str) -> None:
    """A usage error: its one line, exit code 2."""
    print(message, file=sys.stderr)
    raise SystemExit(2)


def changed(seat, changes: dict):
    """`seat` with the fields `changes` names of its level (`ai_search.Level`, or the dice
    game's `RollLevel`) changed."""
    if changes:
        seat.level = replace(seat.level, **changes)
    return seat


def variant_seat(level: str, changes: dict, seed: int) -> ai_search.SearchSeat:
    """A seat of `level` with its `Level` fields changed."""
    return changed(ai_search.SearchSeat(seed, level), changes)


def parse_set(seat, items: list[str]) -> dict:
    """`--set NAME=VALUE` items as changes of the level of `seat` (a searching seat of
    either game), each read as the kind of value the field holds (a tuple: comma-separated)."""
    if not items:
        return {}
    if not is_dataclass(getattr(seat, "level", None)):
        usage("--set changes a searching level's fields, and this seat does not search")
    shipped = seat.level
    names = [f.name for f in fields(shipped) if f.name != "name"]
    out: dict = {}
    for item in items:
        name, _, text = item.partition("=")
        if name not in names:
            usage(f"no Level field {name!r}: " + ", ".join(names))
        now = getattr(shipped, name)
        out[name] = (text.lower() == "true" if isinstance(now, bool)
                     else tuple(text.split(",")) if isinstance(now, tuple)
                     else type(now)(text))
    return out
