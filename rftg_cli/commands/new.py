"""`rftg new`: a table from the command line (seats, expansions, options), a deal, and the
game played; at its end, another game at the same table."""

from __future__ import annotations

import secrets
from datetime import datetime
from pathlib import Path

from .. import saves
from ..errors import UsageError
from ..savelock import SaveBusy, SaveLock
from ..saves import Save
from ..ui.escape import has_controls, printable, shown
from .common import HUMAN_NAME, fail, save_dir_of, save_name
from .play import SaveWriteError, Table, make_seat, run_game, seat_table

# Far more seats than any ruleset allows (the rules refuse the count with their own reason);
# the bound only keeps `--ai 100000000` from building a hundred million seats first.
MAX_AI = 99
MAX_PLAYER_NAME = 40
# TOML integers are 64-bit: a seed outside this range could not be saved and read back.
MAX_SEED = 2**63 - 1


def expansion_names_from_flags(args: list[str], registry) -> list[str]:
    """Map extra `--<flag>` arguments to expansion names through each expansion's flag."""
    return list(table_args(args, registry).expansions)


def table_args(args: list[str], registry, strays: list[str] | None = None):
    """The expansions and options the extra arguments ask for (`ExtraArgs`); plain
    arguments go to `strays` when it is given."""
    from .expansions import ExpansionFlagError, UnknownSwitch, parse_extra_args

    try:
        return parse_extra_args(args, registry, strays)
    except UnknownSwitch as exc:
        known = ", ".join(exc.flags) or "none installed"
        raise UsageError(f"unknown option {exc.switch!r} (expansion flags: {known})") from None
    except ExpansionFlagError as exc:
        raise UsageError(exc.message) from None


def table_config(ai: int | None, expansions: list[str], player: str, registry,
                 options: tuple[tuple[str, str], ...] = ()):
    """The GameConfig and seat kinds for a human against `ai` AI seats, or, when `ai` is
    None, against the opponent an installed expansion brings by default (one AI seat when
    none can join the chosen expansions)."""
    from rftg_cli.config import GameConfig
    from ..errors import ConfigError
    from ..plugins import with_implied
    from .expansions import ExpansionFlagError, check_options

    expansions = list(with_implied(expansions, registry))

    def solo() -> bool:
        """A chosen expansion is for one player, or the game is of a ruleset that brings
        its own opponent: the opponent is no seat."""
        from ..plugins import ruleset_of

        if any(registry.expansions[n].max_players == 1 for n in expansions
               if n in registry.expansions):
            return True
        try:
            return ruleset_of(GameConfig(expansions=tuple(expansions)), registry).solo
        except ConfigError:
            return False

    if ai is None and not solo():
        default = registry.default_opponent(expansions)
        if default is not None:
            expansions = list(with_implied((*expansions, default.name), registry))
    if ai is None and solo():
        seats = ["human"]
    else:
        seats = ["human"] + ["ai"] * (1 if ai is None else ai)
    try:
        check_options(options, expansions, registry)
    except ExpansionFlagError as exc:
        raise UsageError(exc.message) from None
    ais = len(seats) - 1
    names = [player] + (["AI"] if ais == 1 else [f"AI {i}" for i in range(1, ais + 1)])
    config = GameConfig(players=len(seats), names=tuple(names[: len(seats)]),
                        expansions=tuple(expansions), options=tuple(options))
    return config, seats


def check_ai_level(level: str | None, config, registry) -> str | None:
    """The level `rftg new --ai-level` asked for, or the ruleset's default."""
    from ..plugins import ConfigError, ruleset_of

    try:
        return ruleset_of(config, registry).ai_level_for(level)
    except ConfigError:
        return level      # the game itself fails later, with its own message
    except ValueError as exc:
        raise UsageError(printable(str(exc))) from None


def learning(config, registry):
    """A first game (`rftg new --learn`): the rulebook's preset hands, and each enabled
    expansion's learning value (`ExpansionOption.learn`) of an option not given."""
    from dataclasses import replace

    given = dict(config.options)
    added = tuple((o.key, o.learn) for name in config.expansions
                  if name in registry.expansions for o in registry.expansions[name].options
                  if o.learn and o.key not in given)
    return replace(config, first_game=True, options=config.options + added)


def run_new(*, ai: int | None, seed: int | None, name: str | None, save_dir: Path | None,
            player: str, expansions: list[str], extra: list[str], source=None,
            registry=None, ai_level: str | None = None, plain: bool = False,
            learn: bool = False) -> int:
    from ..plugins import ConfigError, default_registry, new_game
    from rftg_cli.ui.console import make_console

    registry = registry or default_registry()
    try:
        asked = table_args(extra, registry)
        names = list(expansions) + list(asked.expansions)
        if ai is not None and ai < 0:
            raise UsageError(f"--ai must be 0 or more, not {ai}")
        if ai is not None and ai > MAX_AI:
            raise UsageError(f"--ai {ai} is far more players than any game allows")
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise UsageError(f"--seed must be a number from 0 to {MAX_SEED}")
        check_player_name(player)
        name = save_name(name)
        config, kinds = table_config(ai, names, player or HUMAN_NAME, registry, asked.options)
        if learn:
            config = learning(config, registry)
        for kind in kinds[1:]:
            make_seat(kind, 0)
        level = check_ai_level(ai_level, config, registry) if "ai" in kinds else None
    except UsageError as exc:
        return fail(f"new: {exc}")
    private = seed is None
    # Every save is sealed with the player's key, and a deal rftg chooses is kept from the
    # player with it while the game runs: the key must be there before anything is played.
    from ..hidden import HiddenError, player_key

    try:
        player_key()
    except HiddenError as exc:
        return fail(f"new: {exc}" + ("; or choose the deal yourself with --seed N"
                                     if private else ""))
    if private:
        seed = choose_seed()
    try:
        game = new_game(config, seed, registry=registry)
    except ConfigError as exc:
        return fail(f"new: {exc}")
    folder = save_dir_of(save_dir)
    name = name or new_name(folder)
    path = saves.save_path(folder, name)
    try:
        lock = SaveLock(path).acquire()
    except SaveBusy as exc:
        return fail(f"new: {exc}")
    except OSError as exc:
        return fail(f"new: cannot write in {folder} ({exc.strerror})")
    try:
        # Checked under the lock: two `new --name x` at once cannot both create x.
        if path.exists() or path.is_symlink():
            return fail(f"new: a save named {name!r} already exists ({path}); "
                        f"use `rftg resume {name}` or another --name")
        saves.clean_temp(folder, name)
        console = make_console()
        # The AI level is part of the table: a resumed game plays on with the same AI.
        save = Save(name=name, config={**config.to_dict(), **(
            {"ai_level": level} if level is not None else {}), **(
            {"learn": True} if learn else {})}, seats=kinds, seed=seed,
            private=private)
        table = seat_table(game, save, path, console, source, registry, [], plain)
        try:
            table.write()
        except SaveWriteError as exc:
            return fail(f"new: {exc}")
        deal = f"game {save.game_id}" if private else f"seed {seed}"
        console.print(f"New game {name!r} ({deal}), saved in {printable(path)}. Type "
                      "`help` at any prompt.", markup=False)
        return play_and_offer(table)
    finally:
        lock.release()


def play_and_offer(table) -> int:
    """Play the game; once it is over, offer another at the same table."""
    code = run_game(table)
    return offer_new_game(table) if code == 0 and table.game.over else code


def same_table(save: Save) -> dict:
    """What `rftg new` needs for another game at the same table (a new deal)."""
    config = save.config
    ais = sum(1 for kind in save.seats if kind != "human")
    names = config.get("names", [])
    human = save.seats.index("human") if "human" in save.seats else 0
    return {"ai": ais or None, "expansions": [str(e) for e in config.get("expansions", [])],
            "extra": [a for key, value in dict(config.get("options", {})).items()
                      for a in ("--option", f"{key}={value}")],
            "player": str(names[human]) if human < len(names) else HUMAN_NAME,
            "ai_level": str(config["ai_level"]) if "ai_level" in config else None}


def again_args(table: dict) -> list[str]:
    args = ["--ai", str(table["ai"])] if table["ai"] else []
    args += [a for name in table["expansions"] for a in ("-e", name)] + table["extra"]
    args += ["--ai-level", table["ai_level"]] if table.get("ai_level") else []
    return args + (["--player", table["player"]] if table["player"] != HUMAN_NAME else [])


def offer_new_game(table: Table) -> int:
    """The last screen offers another game: the command for it, and on a terminal a
    question (any answer but yes ends here)."""
    import shlex

    from ..ui.prompts import PromptSource

    again = same_table(table.save)
    table.console.print(printable("Play again at the same table: rftg new "
                                  + " ".join(map(shlex.quote, again_args(again)))).rstrip(),
                        markup=False, soft_wrap=True)
    source = getattr(table.human, "source", None)
    if not isinstance(source, PromptSource):
        return 0
    try:
        answer = source.ask("Start that new game now? [y/N]>", [("yes", ""), ("no", "")])
    except EOFError:
        return 0
    if answer.strip().casefold() not in ("y", "yes"):
        return 0
    return run_new(seed=None, name=None, save_dir=table.path.parent, source=source,
                   registry=table.registry, **again)


def new_name(save_dir: Path) -> str:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    name, n = f"game-{stamp}", 1
    while saves.save_path(save_dir, name).exists():
        n += 1
        name = f"game-{stamp}-{n}"
    return name


def choose_seed() -> int:
    """A deal nobody can guess: 63 random bits, far too many to find by trying every seed
    against the cards you hold."""
    return secrets.randbelow(MAX_SEED + 1)


def check_player_name(player: str | None) -> None:
    """Player names are printed on every screen: printable and short, or refused."""
    if not player:
        return
    if not player.strip() or has_controls(player) or len(player) > MAX_PLAYER_NAME:
        raise UsageError(f"bad player name {shown(player, 50)}: 1 to {MAX_PLAYER_NAME} printable "
                         "characters")
