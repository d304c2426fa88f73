"""Plugin discovery and the plugin-manager factory; `new_game` builds a game from a config.

Built-in expansions are found through the `rftg` entry-point group, exactly like a
third-party package; loose `.py` files in a plugins folder are loaded too. A plugin that
fails to load is recorded (name + one-line reason) and the rest of rftg keeps working.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path

import pluggy

from . import base_game, hookspecs
from .hookspecs import PROJECT

ENTRY_POINT_GROUP = "rftg"


class ConfigError(ValueError):
    """A game configuration that cannot be played; the message is one line for the user."""


@dataclass(frozen=True)
class Expansion:
    name: str
    flag: str
    description: str
    card_sets: tuple[str, ...] = ()
    min_players: int | None = None
    max_players: int | None = None
    requires: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    source: str = "built-in"


@dataclass
class PluginReport:
    name: str
    source: str            # "built-in", "package", or "local file"
    loaded: bool
    error: str = ""


@dataclass
class Registry:
    pm: pluggy.PluginManager
    expansions: dict[str, Expansion] = field(default_factory=dict)
    reports: list[PluginReport] = field(default_factory=list)


def default_plugins_dir() -> Path | None:
    env = os.environ.get("RFTG_PLUGINS_DIR")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent.parent / "plugins"
    return here if here.is_dir() else None


def _load_local(pm: pluggy.PluginManager, folder: Path, reports: list[PluginReport]) -> None:
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("_"):
            continue
        name = f"rftg_local_{path.stem}"
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
            pm.register(module, name=f"local:{path.stem}")
            reports.append(PluginReport(path.stem, f"local file {path}", True))
        except Exception as exc:  # a broken plugin must not break rftg
            sys.modules.pop(name, None)
            reports.append(PluginReport(path.stem, f"local file {path}", False,
                                        f"{type(exc).__name__}: {exc}".splitlines()[0]))


def make_registry(*, entry_points_enabled: bool = True,
                  plugins_dir: Path | None | bool = None) -> Registry:
    """A fresh plugin manager with the base game, installed plugins and local plugin files.

    `plugins_dir=False` loads no local files; None uses RFTG_PLUGINS_DIR or ./plugins.
    """
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(base_game, name="base")
    reports: list[PluginReport] = []
    if entry_points_enabled:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            builtin = ep.value.startswith("rftg_cli.")
            source = "built-in" if builtin else f"package {ep.dist.name if ep.dist else '?'}"
            try:
                pm.register(ep.load(), name=ep.name)
                reports.append(PluginReport(ep.name, source, True))
            except Exception as exc:
                reports.append(PluginReport(ep.name, source, False,
                                            f"{type(exc).__name__}: {exc}".splitlines()[0]))
    folder = default_plugins_dir() if plugins_dir is None else plugins_dir
    if folder:
        _load_local(pm, Path(folder), reports)
    registry = Registry(pm, reports=reports)
    sources = {r.name: r.source for r in reports}

    def register(expansion: Expansion) -> None:
        source = sources.get(expansion.name, expansion.source)
        registry.expansions[expansion.name] = Expansion(**{**expansion.__dict__,
                                                          "source": source})

    try:
        pm.check_pending()
        pm.hook.rftg_register_expansions(register=register)
    except Exception as exc:
        reports.append(PluginReport("?", "hook", False, f"{type(exc).__name__}: {exc}"))
    return registry


_default: Registry | None = None


def default_registry() -> Registry:
    global _default
    if _default is None:
        _default = make_registry()
    return _default


def validate(config, registry: Registry) -> None:
    """Raise ConfigError with a one-line reason if this configuration cannot be played."""
    enabled = set(config.expansions)
    for name in enabled:
        if name not in registry.expansions:
            known = ", ".join(sorted(registry.expansions)) or "none"
            raise ConfigError(f"unknown expansion {name!r} (known: {known})")
    for name in sorted(enabled):
        exp = registry.expansions[name]
        for other in exp.requires:
            if other not in enabled:
                raise ConfigError(f"{name} needs {other}")
        for other in exp.excludes:
            if other in enabled:
                raise ConfigError(f"{name} cannot be combined with {other}")
        if exp.min_players is not None and config.players < exp.min_players or \
                exp.max_players is not None and config.players > exp.max_players:
            lo, hi = exp.min_players, exp.max_players
            need = f"exactly {lo}" if lo == hi else f"{lo or 1} to {hi or 6}"
            raise ConfigError(f"{name} is for {need} players, not {config.players}")
    problems = [p for found in registry.pm.hook.rftg_validate_config(
        config=config, expansions=enabled) for p in found]
    if problems:
        raise ConfigError(problems[0])


def build_rules(config, registry: Registry):
    from .engine.rules import Rules

    validate(config, registry)
    rules = Rules()
    for name in config.expansions:
        rules.card_sets.update(registry.expansions[name].card_sets)
    registry.pm.hook.rftg_configure_rules(config=config, rules=rules)
    if not rules.min_players <= config.players <= rules.max_players:
        lo, hi = rules.min_players, rules.max_players
        raise ConfigError(f"this game is for {lo} to {hi} players, not {config.players}")
    return rules


def new_game(config, seed: int, *, registry: Registry | None = None, record: bool = True):
    """Create a game: validate the config, build its rules through the plugins, deal."""
    from .cards.loader import load_cards
    from .engine import Game

    registry = registry or default_registry()
    rules = build_rules(config, registry)
    return Game(config, seed, rules, load_cards(), record=record)
