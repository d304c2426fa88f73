"""Plugin discovery, the plugin-manager factory, and building a game's rules from a config.

Where plugins come from (every one reported with its source):

* **built-in**: our own expansions, declared in the `rftg` entry-point group of rftg's
  pyproject exactly like a third-party package's (an editable install older than one of
  them finds it in the checkout's pyproject.toml);
* **package**: any installed distribution with an `rftg` entry point;
* **local file**: each `*.py` in the plugins folder (`--plugins-dir DIR`, `RFTG_PLUGINS_DIR`,
  `plugins/` of the source checkout rftg runs from, else the player's own configuration
  folder; never the current directory, never beside an installed package: see
  `default_plugins_dir`).

A plugin that fails to import, names an unknown `rftg_*` hook, gives a hook arguments it does
not have, or raises while declaring its expansions is unregistered and recorded in one line
(`PluginReport`); the rest of rftg keeps working. Every call builds a fresh plugin manager
(`make_registry`), so tests never share plugin state.
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import os
import sys
import tomllib
from dataclasses import dataclass, field, replace
from importlib.metadata import EntryPoint, PackageNotFoundError, distribution, entry_points
from pathlib import Path

import pluggy

from . import hookspecs
from .errors import ConfigError
from .hookspecs import PROJECT

ENTRY_POINT_GROUP = "rftg"
DISTRIBUTION = "rftg"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
# The card game, the ruleset every registry holds (`make_registry`), named as an entry point
# names a plugin: the host imports no ruleset by itself.
BASE_GAME = "rftg_cli.race.base_game"
HOOKS = tuple(name for name in dir(hookspecs) if name.startswith("rftg_"))

BUILT_IN, PACKAGE, LOCAL_FILE = "built-in", "package", "local file"


class PluginError(ConfigError):
    """A plugin broke while a game was being built; the message names the plugin."""


@dataclass(frozen=True)
class ExpansionOption:
    """A setting an expansion reads from `GameConfig.options`, given on the command line as
    `--option KEY=VALUE` or `--KEY VALUE`. With `choices`, any other value is refused when
    the game is created (and `rftg simulate` accepts `all`: one run per choice)."""

    key: str
    help: str                                # one line for `rftg expansions`
    choices: tuple[str, ...] = ()            # the accepted values; empty: any text
    default: str = ""                        # the value the expansion uses when none is given
    learn: str = ""                          # the value for a first game (`rftg new --learn`)
    aliases: tuple[tuple[str, str], ...] = ()   # (other name, the choice it means)

    def canonical(self, value: str) -> str | None:
        """The choice `value` names, in any case or by an alias; None if none (any text is
        its own choice when there are no choices)."""
        if not self.choices:
            return value
        folded = value.strip().casefold()
        for name, choice in tuple((c, c) for c in self.choices) + self.aliases:
            if name.casefold() == folded:
                return choice
        return None


@dataclass(frozen=True)
class Expansion:
    """What an expansion declares about itself (through `rftg_register_expansions`)."""

    name: str                                # used in configs and saves
    flag: str                                # the command-line switch: "--name"
    description: str                         # one line for `rftg expansions`
    card_sets: tuple[str, ...] = ()          # card sets it adds to the deck ("tgs", ...)
    min_players: int | None = None
    max_players: int | None = None
    requires: tuple[str, ...] = ()           # other expansions it needs
    implies: tuple[str, ...] = ()            # other expansions the command line turns on with it
    # Expansions the command line turns on with it when none of those chosen adds cards
    # (an opponent that is played with the cards of the box it comes in).
    default_sets: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()           # expansions it cannot be combined with
    ruleset: str = ""                        # the ruleset it switches the game to ("roll")
    aliases: tuple[str, ...] = ()            # other switches that turn it on ("--name2")
    options: tuple[ExpansionOption, ...] = ()
    # `rftg new` without --ai plays against the opponent this expansion brings (at most one
    # installed expansion should say so; it is skipped when the chosen ones exclude it).
    default_opponent: bool = False
    source: str = BUILT_IN                   # filled in by the registry
    plugin: str = ""                         # the plugin that registered it (filled in)

    def switches(self) -> tuple[str, ...]:
        return (self.flag, *self.aliases)

    def option(self, key: str) -> ExpansionOption | None:
        return next((o for o in self.options if o.key == key), None)


@dataclass
class PluginReport:
    name: str              # entry-point name or file stem
    source: str            # "built-in", "package", or "local file"
    loaded: bool
    error: str = ""        # one line when not loaded
    origin: str = ""       # module path, distribution name or file path
    doc: str = ""          # first line of the plugin's docstring
    expansions: list[str] = field(default_factory=list)
    key: str = ""          # its name in the plugin manager


@dataclass
class Registry:
    pm: pluggy.PluginManager
    expansions: dict[str, Expansion] = field(default_factory=dict)
    rulesets: dict = field(default_factory=dict)      # name -> rftg_cli.ruleset.Ruleset
    reports: list[PluginReport] = field(default_factory=list)
    # The configs found valid, and the `Rules` the plugins made of each (`validate`,
    # `build_rules`): the plugins are asked once per config.
    valid: set = field(default_factory=set, repr=False, compare=False)
    rules_made: dict = field(default_factory=dict, repr=False, compare=False)

    def flags(self) -> dict[str, str]:
        """Command-line switch (flag or alias) -> expansion name."""
        return {switch: e.name for e in self.expansions.values() for switch in e.switches()}

    def options(self) -> dict[str, list[Expansion]]:
        """Option key -> the expansions that declare it (several may share a key)."""
        out: dict[str, list[Expansion]] = {}
        for exp in self.expansions.values():
            for option in exp.options:
                out.setdefault(option.key, []).append(exp)
        return out

    def default_opponent(self, chosen: list[str] | tuple[str, ...]) -> Expansion | None:
        """The expansion whose opponent `rftg new` seats when no --ai is given, if one is
        installed and can join the chosen expansions."""
        for exp in self.expansions.values():
            if exp.default_opponent and exp.name not in chosen and \
                    self._compatible(exp, chosen):
                return exp
        return None

    def _compatible(self, exp: Expansion, chosen) -> bool:
        others = [self.expansions[n] for n in chosen if n in self.expansions]
        if any(o.name in exp.excludes or exp.name in o.excludes for o in others):
            return False
        lo = max(e.min_players or 1 for e in (exp, *others))
        his = [e.max_players for e in (exp, *others) if e.max_players is not None]
        return not his or lo <= min(his)

    def problems(self) -> list[str]:
        """One line per plugin that did not load."""
        return [f"plugin {r.name} ({r.source} {r.origin}) not loaded: {r.error}"
                for r in self.reports if not r.loaded]


class _PluginManager(pluggy.PluginManager):
    """Any function named `rftg_*` in a plugin is a hook implementation, marked or not, so a
    misspelt hook name is caught (`check_pending`) instead of silently ignored."""

    def parse_hookimpl_opts(self, plugin, name):
        opts = super().parse_hookimpl_opts(plugin, name)
        if opts is None and name.startswith("rftg_") and callable(getattr(plugin, name, None)):
            opts = {"wrapper": False, "hookwrapper": False, "optionalhook": False,
                    "tryfirst": False, "trylast": False, "specname": None}
        return opts


def one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _doc(plugin) -> str:
    lines = (getattr(plugin, "__doc__", None) or "").strip().splitlines()
    return lines[0] if lines else ""


def _required_args(fn) -> list[str]:
    params = inspect.signature(fn).parameters.values()
    return [p.name for p in params if p.default is p.empty
            and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _misuse(pm: pluggy.PluginManager, plugin) -> str:
    """What is wrong with a plugin's hook functions, in one line ("" when nothing)."""
    for attr in dir(plugin):
        try:
            opts = pm.parse_hookimpl_opts(plugin, attr)
        except Exception:
            continue
        if opts is None:
            continue
        hook = opts.get("specname") or attr
        if hook not in HOOKS:
            return f"unknown hook {hook} (hooks are: {', '.join(HOOKS)})"
        given = _required_args(getattr(hookspecs, hook))
        wanted = _required_args(getattr(plugin, attr))
        if any(a not in given for a in wanted):
            return (f"{attr}({', '.join(wanted)}) asks for arguments the hook does not give: "
                    f"{hook} gives ({', '.join(given)})")
    return ""


def _register(pm: pluggy.PluginManager, plugin, report: PluginReport) -> None:
    """Register one plugin; on any misuse unregister it and record why."""
    try:
        problem = _misuse(pm, plugin)
        if problem:
            report.loaded, report.error = False, problem
            return
        pm.register(plugin, name=report.key)
        unknown = sorted(c.name for c in pm.get_hookcallers(plugin) or () if not c.has_spec())
        if unknown:
            pm.unregister(plugin)
            raise pluggy.PluginValidationError(
                plugin, f"unknown hook {unknown[0]} (hooks are: {', '.join(HOOKS)})")
    except Exception as exc:
        if pm.is_registered(plugin):
            pm.unregister(plugin)
        report.loaded, report.error = False, one_line(exc)
        return
    report.loaded, report.doc = True, _doc(plugin)


def _local_plugins(pm, folder: Path, reports: list[PluginReport]) -> None:
    try:
        paths = sorted(folder.glob("*.py")) if folder.is_dir() else None
    except OSError as exc:    # a name too long, a folder without permission
        paths, problem = None, f"plugins folder cannot be read ({exc.strerror})"
    else:
        problem = "plugins folder not found"
    if paths is None:
        reports.append(PluginReport(folder.name[:60], LOCAL_FILE, False, problem,
                                    str(folder), key=str(folder)))
        return
    for path in paths:
        if path.name.startswith("_"):
            continue
        report = PluginReport(path.stem, LOCAL_FILE, False, origin=str(path),
                              key=f"local:{path.stem}")
        reports.append(report)
        module_name = f"rftg_local_plugin_{path.stem}"
        try:
            spec = importlib.util.spec_from_file_location(module_name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            spec.loader.exec_module(module)
        except BaseException as exc:  # a broken plugin (even a sys.exit) must not break rftg
            sys.modules.pop(module_name, None)
            report.error = one_line(exc)
            continue
        _register(pm, module, report)


def builtin_entry_points() -> dict[str, str]:
    """Our own plugins, `name -> module`: the entry points of the installed rftg distribution,
    plus those the checkout's pyproject.toml declares that an older editable install lacks."""
    found: dict[str, str] = {}
    try:
        found.update((ep.name, ep.value) for ep in distribution(DISTRIBUTION).entry_points
                     if ep.group == ENTRY_POINT_GROUP)
    except PackageNotFoundError:
        pass
    if PYPROJECT.is_file():
        try:
            project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8")).get("project", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            project = {}
        declared = project.get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
        if project.get("name") == DISTRIBUTION:
            for name, value in declared.items():
                found.setdefault(name, value)
    return found


def _load_entry_point(pm, load, report: PluginReport, reports: list[PluginReport]) -> None:
    reports.append(report)
    try:
        plugin = load()
    except BaseException as exc:  # a broken plugin (even a sys.exit) must not break rftg
        report.error = one_line(exc)
        return
    _register(pm, plugin, report)


def _packaged_plugins(pm, builtins: bool, third_party: bool,
                      reports: list[PluginReport]) -> None:
    ours = builtin_entry_points()
    if builtins:
        for name, value in ours.items():
            _load_entry_point(pm, EntryPoint(name, value, ENTRY_POINT_GROUP).load,
                              PluginReport(name, BUILT_IN, False, origin=value, key=name),
                              reports)
    if not third_party:
        return
    seen = set(ours)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        dist = ep.dist.name if ep.dist else ""
        # Ours are loaded above (or switched off); a distribution seen twice on sys.path
        # comes once.
        if ep.name in seen or dist.lower() == DISTRIBUTION:
            continue
        seen.add(ep.name)
        _load_entry_point(pm, ep.load,
                          PluginReport(ep.name, PACKAGE, False, origin=f"{dist} ({ep.value})",
                                       key=ep.name), reports)


def default_plugins_dir() -> Path | None:
    """RFTG_PLUGINS_DIR, else `plugins/` of the source checkout rftg runs from, else the
    per-user folder (`user_plugins_dir`; None only on a system without a home folder).

    Local plugin files run with the player's rights, so they come only from a folder the
    player named, the checkout they are working in or their own configuration folder: never
    from the current directory (a downloaded folder could carry a `plugins/`), and never
    from beside an installed package (`site-packages/plugins/` is shared by every package of
    the environment)."""
    env = os.environ.get("RFTG_PLUGINS_DIR")
    if env and env.strip():
        return Path(env).absolute()      # a relative one is the player's, resolved once
    return _own_checkout_plugins_dir() or user_plugins_dir()


@functools.cache
def _own_checkout_plugins_dir() -> Path | None:
    """`checkout_plugins_dir` of the installed package, read once a process: every game
    created asks for the default registry (a simulation creates thousands)."""
    return checkout_plugins_dir(Path(__file__).resolve().parent)


def user_plugins_dir() -> Path | None:
    """`plugins/` in the player's rftg configuration folder (`~/.config/rftg/plugins` on
    Linux): made by `rftg expansions` when it is the folder in use, and until then simply
    empty."""
    from .userdirs import config_dir

    base = config_dir()
    return base / "plugins" if base else None


def checkout_plugins_dir(package_dir: Path) -> Path | None:
    """`plugins/` beside `package_dir` when that is rftg's own source checkout: its parent
    holds the pyproject.toml of the distribution `rftg` (an installed package's parent is
    `site-packages`, which has none)."""
    import tomllib

    root = package_dir.parent
    if any(part in ("site-packages", "dist-packages") for part in root.parts):
        return None
    try:
        project = tomllib.loads((root / "pyproject.toml").read_text("utf-8")).get("project")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    if not isinstance(project, dict) or project.get("name") != DISTRIBUTION:
        return None
    folder = root / "plugins"
    return folder if folder.is_dir() else None


def make_registry(*, entry_points_enabled: bool = True, builtins_enabled: bool = True,
                  plugins_dir: Path | str | None | bool = None) -> Registry:
    """A fresh plugin manager: the base game, built-in expansions (unless
    `builtins_enabled=False`: the base game alone), installed packages' plugins (unless
    `entry_points_enabled=False`) and local plugin files.

    `plugins_dir=False` loads no local files; None uses `default_plugins_dir()`.
    """
    pm = _PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(importlib.import_module(BASE_GAME), name="base")
    reports: list[PluginReport] = []
    _packaged_plugins(pm, builtins_enabled, entry_points_enabled, reports)
    folder = default_plugins_dir() if plugins_dir is None else plugins_dir
    # The per-user folder not made yet holds no plugin: nothing to load, nothing to report.
    if folder and (Path(folder) != user_plugins_dir() or Path(folder).is_dir()):
        _local_plugins(pm, Path(folder), reports)
    registry = Registry(pm, reports=reports)
    by_key = {r.key: r for r in reports}
    for impl in pm.hook.rftg_register_expansions.get_hookimpls():
        report = by_key.get(impl.plugin_name)
        source = report.source if report else BUILT_IN
        declared: list[Expansion] = []

        def register(expansion: Expansion, _into=declared) -> None:
            if not isinstance(expansion, Expansion):
                raise TypeError(f"register() takes an Expansion, not {type(expansion).__name__}")
            _into.append(expansion)

        try:
            impl.function(**{a: register for a in impl.argnames})
            for exp in declared:
                _check_new(registry, exp, source)
        except Exception as exc:
            if report is None:
                raise
            pm.unregister(name=impl.plugin_name)
            report.loaded, report.error = False, one_line(exc)
            continue
        for exp in declared:
            registry.expansions[exp.name] = replace(exp, source=source, plugin=impl.plugin_name)
            if report:
                report.expansions.append(exp.name)
    _collect_rulesets(registry, by_key)
    return registry


def _collect_rulesets(registry: Registry, by_key: dict[str, PluginReport]) -> None:
    from .ruleset import Ruleset

    pm = registry.pm
    for impl in pm.hook.rftg_register_rulesets.get_hookimpls():
        report = by_key.get(impl.plugin_name)
        declared: list[Ruleset] = []

        def register(ruleset: Ruleset, _into=declared) -> None:
            if not isinstance(ruleset, Ruleset):
                raise TypeError(f"register() takes a Ruleset, not {type(ruleset).__name__}")
            if ruleset.name in registry.rulesets or any(r.name == ruleset.name for r in _into):
                raise ValueError(f"ruleset {ruleset.name!r} is already registered")
            _into.append(ruleset)

        try:
            impl.function(**{a: register for a in impl.argnames})
        except Exception as exc:
            if report is None:
                raise
            pm.unregister(name=impl.plugin_name)
            report.loaded, report.error = False, one_line(exc)
            for name in report.expansions:
                registry.expansions.pop(name, None)
            continue
        for ruleset in declared:
            registry.rulesets[ruleset.name] = ruleset


def ruleset_name(config, registry: Registry) -> str:
    """The ruleset a configuration plays: the one an enabled expansion declares, else race."""
    chosen = {registry.expansions[n].ruleset for n in config.expansions
              if n in registry.expansions and registry.expansions[n].ruleset}
    if len(chosen) > 1:
        raise ConfigError("these expansions are different games: " + ", ".join(sorted(chosen)))
    return chosen.pop() if chosen else "race"


def _is_word(text: str) -> bool:
    return bool(text) and text.replace("-", "").replace("_", "").isalnum()


def ruleset_of(config, registry: Registry):
    """The registered `Ruleset` a configuration plays."""
    name = ruleset_name(config, registry)
    if name not in registry.rulesets:
        raise ConfigError(f"no plugin provides the ruleset {name!r}")
    return registry.rulesets[name]


def _check_new(registry: Registry, exp: Expansion, source: str) -> None:
    if not _is_word(exp.name):
        raise ValueError(f"expansion name {exp.name!r} must be letters, digits, - or _")
    for switch in exp.switches():
        if not switch.startswith("--") or not _is_word(switch[2:]):
            raise ValueError(f"expansion {exp.name}: flag {switch!r} must look like --name")
    other = registry.expansions.get(exp.name)
    if other:
        raise ValueError(f"expansion {exp.name!r} is already provided by plugin {other.plugin}")
    taken = registry.flags()
    keys = {f"--{key}" for key in registry.options()}
    for switch in exp.switches():
        if switch in taken:
            raise ValueError(f"flag {switch} is already used by expansion {taken[switch]!r}")
        if switch in keys:
            raise ValueError(f"flag {switch} is already an option's switch")
    for option in exp.options:
        if not isinstance(option, ExpansionOption) or not _is_word(option.key):
            raise ValueError(f"expansion {exp.name}: options must be ExpansionOption(key=...) "
                             "with a key of letters, digits, - or _")
        if f"--{option.key}" in taken:
            raise ValueError(f"option {option.key} clashes with the flag --{option.key}")


_defaults: dict[str, Registry] = {}


def default_registry() -> Registry:
    """The registry of this process for the current plugins folder (built once per folder),
    for callers that do not pass their own."""
    key = str(default_plugins_dir())
    if key not in _defaults:
        _defaults[key] = make_registry()
    return _defaults[key]


def forget_default_registries() -> None:
    """Drop the registries `default_registry` built, so the next call builds a fresh one
    (each test starts from one)."""
    _defaults.clear()


def registry_for(plugins_dir: Path | str | None = None) -> Registry:
    """The registry a command uses: the shared default, or a fresh one for `--plugins-dir`."""
    return default_registry() if plugins_dir is None else make_registry(plugins_dir=plugins_dir)


def _culprit(pm: pluggy.PluginManager, exc: BaseException) -> str:
    """The plugin whose code raised `exc` (the deepest of its frames in the traceback)."""
    modules = {getattr(plugin, "__name__", None): name for name, plugin in pm.list_name_plugin()}
    found = "?"
    tb = exc.__traceback__
    while tb is not None:
        name = modules.get(tb.tb_frame.f_globals.get("__name__"))
        if name is not None:
            found = name
        tb = tb.tb_next
    return found.removeprefix("local:")


def call_hook(registry: Registry, hook: str, **kwargs) -> list:
    """Call a hook on every plugin; a plugin that raises becomes a one-line PluginError."""
    try:
        return getattr(registry.pm.hook, hook)(**kwargs)
    except ConfigError:
        raise
    except Exception as exc:
        who = _culprit(registry.pm, exc)
        raise PluginError(f"plugin {who} failed in {hook}: {one_line(exc)}") from exc


def validate(config, registry: Registry) -> None:
    """Raise ConfigError with a one-line reason if this configuration cannot be played."""
    if config in registry.valid:
        return
    enabled = list(dict.fromkeys(config.expansions))
    for name in enabled:
        if name not in registry.expansions:
            known = ", ".join(sorted(registry.expansions)) or "none"
            raise ConfigError(f"unknown expansion {name!r}: known expansions are {known} "
                              "(see `rftg expansions`)")
    for name in enabled:
        exp = registry.expansions[name]
        for other in (*exp.requires, *exp.implies):
            if other not in enabled:
                flag = registry.expansions[other].flag if other in registry.expansions else other
                raise ConfigError(f"{exp.flag} needs {flag} too")
        for other in exp.excludes:
            if other in enabled:
                raise ConfigError(f"{exp.flag} cannot be combined with "
                                  f"{registry.expansions[other].flag}")
        lo, hi = exp.min_players, exp.max_players
        if (lo is not None and config.players < lo) or (hi is not None and config.players > hi):
            need = (f"exactly {lo}" if lo == hi else f"at most {hi}" if lo is None
                    else f"at least {lo}" if hi is None else f"{lo} to {hi}")
            noun = "player" if lo == hi == 1 else "players"
            raise ConfigError(f"{exp.flag} is for {need} {noun}, not {config.players}")
        for option in exp.options:
            value = config.option(option.key, option.default)
            if option.canonical(value) is None:
                raise ConfigError(f"unknown {option.key} {value!r} for {exp.flag}: choose "
                                  f"from {', '.join(option.choices)}")
    problems: list[str] = []
    for found in call_hook(registry, "rftg_validate_config", config=config,
                           expansions=set(enabled)):
        problems.extend([found] if isinstance(found, str) else found or ())
    if problems:
        raise ConfigError(str(problems[0]).splitlines()[0])
    registry.valid.add(config)


def with_implied(names, registry: Registry) -> tuple[str, ...]:
    """The expansions named, then those they imply (`Expansion.implies`), without repeats;
    when none of them adds cards, first the `default_sets` they declare."""
    out = list(dict.fromkeys(names))
    known = [registry.expansions[n] for n in out if n in registry.expansions]
    if not any(exp.card_sets for exp in known):
        out.extend(n for exp in known for n in exp.default_sets if n not in out)
    for name in out:                          # grows while it runs: implied ones imply too
        exp = registry.expansions.get(name)
        out.extend(n for n in (exp.implies if exp else ()) if n not in out)
    return tuple(out)


def new_game(config, seed: int, *, registry: Registry | None = None, record: bool = True):
    """Create a game of the ruleset the config plays: validate, then let it deal."""
    registry = registry or default_registry()
    validate(config, registry)
    ruleset = ruleset_of(config, registry)
    lo, hi = ruleset.players
    if not lo <= config.players <= hi:
        note = ruleset.part("players_note")
        raise ConfigError(f"{ruleset.description} is for {lo} to {hi} players, "
                          f"not {config.players}" + (note(config, registry) if note else ""))
    name = ruleset.name
    try:
        return ruleset.create(config, seed, registry, record=record)
    except ConfigError:
        raise
    except Exception as exc:
        who = _culprit(registry.pm, exc)
        raise PluginError(f"plugin {who} failed creating a {name} game: {one_line(exc)}") \
            from exc
