"""`rftg new`, `rftg resume`, `rftg saves`, `rftg show`: start, continue and list games.

Every command returns its exit code: 0, or 2 after one line on stderr for a usage error
(bad flags, an impossible configuration, a save that cannot be used). A save that cannot be
used is never written to.
"""

from __future__ import annotations

import json
import secrets
import signal
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .. import saves
from ..savelock import SaveBusy, SaveLock
from ..saves import Save, SaveError
from ..errors import UsageError
from ..ui.escape import has_controls, printable, shown
from ..words import plural

HUMAN_NAME = "You"
# Far more seats than any ruleset allows (the rules refuse the count with their own reason);
# the bound only keeps `--ai 100000000` from building a hundred million seats first.
MAX_AI = 99
MAX_PLAYER_NAME = 40
# TOML integers are 64-bit: a seed outside this range could not be saved and read back.
MAX_SEED = 2**63 - 1


class SaveWriteError(Exception):
    """The save could not be written (disk full, size limit, permission); one line."""


def fail(message: str) -> int:
    # Messages quote names and paths from outside: escaped, they stay one inert line.
    print(f"rftg: {printable(message)}", file=sys.stderr)
    return 2


# ---------------------------------------------------------------------- configuration

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


def make_seat(kind: str, seed: int, ruleset=None):
    """A computer seat: the ruleset's AI seat (imported when first used) at the ruleset's
    `ai_level`, or random seats for a ruleset that has no AI; `ruleset` None checks only
    that the kind exists."""
    from ..players.seat import RandomSeat

    if kind == "ai":
        factory = ruleset.part("ai_seat") if ruleset is not None else None
        if factory is None:
            return RandomSeat(seed)
        return factory(seed, ruleset.ai_level) if ruleset.ai_levels else factory(seed)
    if kind == "random":
        return RandomSeat(seed)
    raise UsageError(f"this rftg cannot play a {kind!r} seat")


def at_save_level(config: dict, ruleset):
    """The ruleset with its AI at the level a save names (`config.ai_level`); a save from
    before levels plays the weakest, the AI it was played with."""
    from dataclasses import replace

    levels = ruleset.ai_levels
    if not levels:
        return ruleset
    level = config.get("ai_level", levels[0])
    if level not in levels:
        raise SaveError(f"the AI level {printable(str(level))!r} is not one of "
                        f"{', '.join(levels)}")
    return replace(ruleset, ai_level=level)


def check_ai_level(level: str | None, config, registry) -> str | None:
    """The level `rftg new --ai-level` asked for, or the ruleset's default."""
    from ..plugins import ConfigError, ruleset_of

    try:
        return ruleset_of(config, registry).ai_level_for(level)
    except ConfigError:
        return level      # the game itself fails later, with its own message
    except ValueError as exc:
        raise UsageError(printable(str(exc))) from None


class ComputerSeat:
    """A computer seat seeded afresh for every decision (from the game seed and how many
    answers came before), so a resumed game plays on exactly as an unbroken one would.
    After each decision `why` holds the lines that explain it (`why` at a prompt) to the
    `viewer` seat: during a game they name no card that seat cannot see."""

    def __init__(self, kind: str, seed: int, ruleset=None, name: str = "",
                 viewer: int | None = None) -> None:
        self.kind = kind
        self.seed = seed
        self.ruleset = ruleset
        self.name = name or kind
        self.viewer = viewer
        self.why: list[str] = []
        make_seat(kind, seed, ruleset)   # fail early on an unknown kind

    def choose(self, game, decision):
        from ..players.why import why_lines

        seed = (self.seed * 1_000_003 + len(game.history) * 7919 + decision.player) % 2**63
        seat = make_seat(self.kind, seed, self.ruleset)
        answer = seat.choose(game, decision)
        why = getattr(seat, "last_why", None)
        level = getattr(self.ruleset, "ai_level", "")
        who = self.name + (f" ({level} level)" if level and self.kind == "ai"
                           else f" ({self.kind})")
        self.why = why_lines(game, why, who, self.viewer) if why is not None else [
            f"{who} answered at random."]
        return answer


# ---------------------------------------------------------------------- playing

@dataclass
class Table:
    game: object
    save: Save
    path: Path
    seats: list
    console: object
    registry: object = None
    movers: list[int] = field(default_factory=list)
    ruleset: object = None
    why: list[str] = field(default_factory=list)   # the last computer decision explained
    learn: bool = False            # a game that teaches (`rftg new --learn`)
    teach_first: bool = False      # the loop teaches before asking (the full-screen table)
    taught: int = -1               # the decision (answers given) last taught
    told: set = field(default_factory=set)          # the rules topics taught so far

    @property
    def human(self):
        return next(s for s in self.seats if getattr(s, "kind", "") == "human")

    def write(self, durable: bool = False) -> None:
        from ..hidden import HiddenError

        try:
            saves.record(self.save, self.game, self.path, durable=durable)
        except (OSError, HiddenError) as exc:
            # The write is atomic: the failed one left the previous save as it was.
            reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
            raise SaveWriteError(f"cannot save the game to {self.path} ({reason}); the last "
                                 "good save is intact: free some space or fix the folder, "
                                 f"then `rftg resume {self.save.name}`") from None


def answer_source(console, source=None):
    from ..ui.prompts import LineSource, PromptSource

    if source is not None:
        return source
    if sys.stdin is None:     # started with stdin closed (`<&-`): input has already ended
        import io

        return LineSource(io.StringIO(""), console)
    if sys.stdin.isatty() and sys.stdout is not None and sys.stdout.isatty():
        return PromptSource()
    return LineSource(sys.stdin, console)


def seat_table(game, save: Save, path: Path, console, source, registry, movers,
               plain: bool = True) -> Table:
    """The game with its seats: the human at the full-screen table (unless `plain`, or
    not on a terminal), else the ruleset's terminal seat (or the generic one); computer
    seats for the rest."""
    from ..players.text_seat import TextSeat
    from ..plugins import ruleset_of
    from ..table import run

    ruleset = ruleset_of(game.config, registry)
    table = Table(game, save, path, [], console, registry, movers, ruleset,
                  learn=bool(save.config.get("learn")))
    on_save = lambda: saved_note(table, "Saved")  # noqa: E731
    on_why = lambda: table.why or opponents_why(table) or [  # noqa: E731
        "No computer seat has decided since the game was started or resumed."]
    on_hint = lambda game, decision: hint(table, game, decision)  # noqa: E731
    # A learning game: a line-mode seat teaches after the news, before your options; at
    # the full-screen table the lesson goes to the log pane before the decision.
    teaching = {"on_teach": lambda game, decision: teach(table, game, decision)} \
        if table.learn else {}
    make_human = ruleset.part("human_seat")
    if source is None and run.wanted(ruleset, plain):
        human = run.sit(table, on_save=on_save, on_why=on_why, on_hint=on_hint)
        table.teach_first = table.learn
    elif make_human:
        human = make_human(answer_source(console, source), console, on_save=on_save,
                           on_why=on_why, on_hint=on_hint, **teaching)
    else:
        human = TextSeat(answer_source(console, source), console, ruleset.part("screen"),
                         on_save=on_save, on_why=on_why, on_hint=on_hint, **teaching)
    leveled = at_save_level(save.config, ruleset)
    names = [str(n) for n in save.config.get("names", [])]
    viewer = save.seats.index("human") if "human" in save.seats else None
    for i, kind in enumerate(save.seats):
        table.seats.append(human if kind == "human" else ComputerSeat(
            kind, save.seed, leveled, names[i] if i < len(names) else "", viewer))
    return table


def hint(table: Table, game, decision) -> list[str]:
    """`hint` at a prompt: the default-level AI's answer for this seat, from its own view;
    every hint asked is recorded in the save (sealed) and counted apart by `rftg stats`."""
    from ..players.hint import hint_lines

    lines = hint_lines(game, decision.player, table.ruleset)
    table.save.hints.append(len(game.history))
    table.write()
    return lines


def teach(table: Table, game, decision) -> list[str]:
    """A learning game, at each of your decisions (once): the rules of a phase the first
    time it comes, then the hint (counted like any hint)."""
    from ..rulebook import lesson

    if table.taught == len(game.history):
        return []
    table.taught = len(game.history)
    phase = game.view(decision.player).get("phase")
    return lesson(phase, table.ruleset, table.told) + [
        hint(table, game, decision)[0],
        "  (`hint`: the AI's reasons; `help`: the commands; `rules TOPIC`: the rules)"]


def opponents_why(table: Table) -> list[str]:
    """Why the opponents that are not seats (a solo game's bot) made their last move, as
    the ruleset's screen tells it (`why`), if it does."""
    screen = table.ruleset.part("screen")
    return screen.why(table.game) if hasattr(screen, "why") else []


def saved_note(table: Table, verb: str) -> None:
    table.write(durable=True)
    name = printable(table.save.name)
    table.console.print(f"{verb} game {name!r} to {printable(table.path)}. "
                        f"Resume with: rftg resume {name}", markup=False, soft_wrap=True)


def undo(table: Table) -> None:
    """Back to this seat's previous decision: replay the answers before it."""
    mine = [k for k, who in enumerate(table.movers) if table.seats[who] is table.human]
    if not mine:
        table.console.print("Nothing to undo: this is your first decision.", markup=False)
        return
    k = mine[-1]
    restored = saves.replay(table.game.config, table.save.seed, table.game.history[:k],
                            registry=table.registry)
    table.game, table.movers = restored.game, restored.movers
    table.human.forget_log(table.game)
    # The same deal replays, so what you saw after this point comes again: every undo is
    # recorded in the save (sealed) and counted by `rftg show`, never silent.
    table.save.undos.append(k)
    table.write()
    round_ = getattr(table.game, "round", None)
    table.console.print("Undone: back to your previous decision"
                        + (f" in round {round_}." if round_ is not None else "."), markup=False)


def run_game(table: Table) -> int:
    """Play to the end or to a quit; 0, or 2 after one line when the save cannot be written
    (the game stops there: playing on unsaved would lose what follows). At the full-screen
    table the loop runs beside the screen (`rftg_cli.table.run`)."""
    from ..table import run

    if isinstance(table.human, run.TableSeat):
        return run.play(table, play_loop)
    return play_loop(table)


def play_loop(table: Table) -> int:
    try:
        with quit_key_interrupts():
            return play_on(table)
    except SaveWriteError as exc:
        table.console.file.flush()
        return fail(str(exc))
    except KeyboardInterrupt:
        # Ctrl-C away from a prompt (a computer seat thinking, a save being written) may
        # have cut a move in half: nothing is written, the last save is whole and the
        # computer moves since are replayed exactly on resume.
        table.console.file.flush()
        print(f"\nrftg: interrupted; the game is saved as of your last decision. Resume "
              f"with: rftg resume {printable(table.save.name)}", file=sys.stderr)
        return 130


@contextmanager
def quit_key_interrupts():
    """Ctrl-\\ (SIGQUIT) during a game is Ctrl-C: save and quit at a prompt, keep the last
    save elsewhere, with the same words (issue 41: the process died of SIGQUIT, silent)."""
    quit_signal = getattr(signal, "SIGQUIT", None)
    if quit_signal is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(quit_signal, interrupt)
    try:
        yield
    finally:
        signal.signal(quit_signal, previous)


def play_on(table: Table) -> int:
    from rftg_cli.decision import IllegalChoice
    from rftg_cli.players.seat import Quit, Undo

    while not table.game.over:
        game = table.game
        decision = game.pending
        seat = table.seats[decision.player]
        try:
            if table.teach_first and seat is table.human:
                for line in teach(table, game, decision):
                    table.console.print(printable(line), markup=False, highlight=False)
            answer = seat.choose(game, decision)
            if seat is not table.human:
                table.why = seat.why
        except Undo:
            undo(table)
            continue
        except Quit:
            saved_note(table, "\nSaved")
            return 0
        try:
            game.apply(answer)
        except IllegalChoice as exc:
            if seat is not table.human:
                raise
            seat.reject(str(exc))
            continue
        table.movers.append(decision.player)
        moved = getattr(table.human, "moved", None)    # the full-screen table redraws
        if moved is not None:
            moved(game)
        # Saved after each of your decisions and before each prompt: the computer seats'
        # answers in between are reseeded per decision, so replaying them is exact anyway.
        if game.over or seat is table.human or table.seats[game.pending.player] is table.human:
            table.write()
    human = table.human
    me = table.seats.index(human)
    screen = table.ruleset.part("screen")
    lines = screen.log(table.game, me, human.seen) if hasattr(screen, "log") else \
        table.game.public_events(me)[human.seen:]
    for line in lines:
        table.console.print("  " + line, markup=False, style="dim")
    if screen is not None:
        table.console.print(screen.final(table.game, table.console))
    else:
        for r in table.game.outcome(table.save.seats).results:
            table.console.print(f"{r.name}: {r.score}", markup=False)
    # Said once: a screen whose final table says the game is over (and why) declares it.
    said = "Game saved" if getattr(screen, "says_game_over", False) else \
        "The game is over; saved"
    table.console.print(f"{said} as finished in {printable(table.path)}"
                        f"{undo_note(table.save)}.", markup=False)
    return offer_new_game(table)


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


def undo_note(save: Save) -> str:
    """' (with 1 undo, 3 hints)': the help a game had, as the save records it."""
    used = [plural(len(used), word) for used, word in ((save.undos, "undo"),
                                                      (save.hints, "hint")) if used]
    return f" (with {', '.join(used)})" if used else ""


# ---------------------------------------------------------------------- commands

def save_dir_of(save_dir: Path | None) -> Path:
    return Path(save_dir) if save_dir else saves.default_save_dir()


def new_name(save_dir: Path) -> str:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    name, n = f"game-{stamp}", 1
    while saves.save_path(save_dir, name).exists():
        n += 1
        name = f"game-{stamp}-{n}"
    return name


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
        return run_game(table)
    finally:
        lock.release()


def learning(config, registry):
    """A first game (`rftg new --learn`): the rulebook's preset hands, and each enabled
    expansion's learning value of an option not given (the solitaire robot: easy)."""
    from dataclasses import replace

    given = dict(config.options)
    added = tuple((o.key, o.learn) for name in config.expansions
                  if name in registry.expansions for o in registry.expansions[name].options
                  if o.learn and o.key not in given)
    return replace(config, first_game=True, options=config.options + added)


def choose_seed() -> int:
    """A deal nobody can guess: 63 random bits, far too many to find by trying every seed
    against the cards you hold."""
    return secrets.randbelow(MAX_SEED + 1)


def save_name(name: str | None) -> str | None:
    """The save name `--name` gives (`x.toml` means `x`); UsageError if it cannot be one."""
    if name is None:
        return None
    name = name.removesuffix(".toml")
    # fullmatch: `$` would let a trailing newline through, and make a file named so. A name
    # ending in .toml could not be resumed by name (`resume x.toml` reads a file: issue 41).
    if not saves.NAME_RE.fullmatch(name) or name.endswith(".toml"):
        raise UsageError(f"bad save name {shown(name, 70)}: 1 to 64 letters, digits, '-', '_' and "
                         "'.', starting with a letter or digit")
    return name


def check_player_name(player: str | None) -> None:
    """Player names are printed on every screen: printable and short, or refused."""
    if not player:
        return
    if not player.strip() or has_controls(player) or len(player) > MAX_PLAYER_NAME:
        raise UsageError(f"bad player name {shown(player, 50)}: 1 to {MAX_PLAYER_NAME} printable "
                         "characters")


def find_save(save_dir: Path | None, name: str | None) -> Path:
    """The file NAME refers to; SaveError when even asking the file system fails (a name
    too long for a file name, a folder without permission)."""
    try:
        path = saves.locate(save_dir_of(save_dir), name)
        path.is_file()
    except OSError as exc:
        raise SaveError(f"{shown(name or str(save_dir_of(save_dir)), 70)}: cannot look the "
                        f"save up ({exc.strerror})") from None
    return path


def load_checked(save_dir: Path | None, name: str | None, registry=None):
    """(path, save, restored) for NAME, or SaveError with one line."""
    path = find_save(save_dir, name)
    save = saves.read(path)
    check_names(save, path)
    return path, save, saves.restore(save, registry=registry)


def check_names(save: Save, path: Path) -> None:
    """Player names are drawn on every screen of a game: one that would drive the terminal
    (an edited save) is refused in one line rather than printed."""
    for name in save.config.get("names", ()) if isinstance(save.config, dict) else ():
        if isinstance(name, str) and has_controls(name):
            raise SaveError(f"{path}: player name {name!r} has control characters "
                            "(the file was edited)")


def run_resume(*, name: str | None, save_dir: Path | None, source=None, registry=None,
               plain: bool = False) -> int:
    from ..plugins import default_registry

    registry = registry or default_registry()
    try:
        path = find_save(save_dir, name)
        if not path.is_file():
            raise SaveError(f"{path}: no such save")
        lock = SaveLock(path).acquire()
    except (SaveError, SaveBusy) as exc:
        return fail(f"resume: {exc}")
    except OSError as exc:
        return fail(f"resume: cannot lock the save ({exc.strerror})")
    try:
        saves.clean_temp(path.parent, path.stem)
        return resume_locked(path, source, registry, plain)
    finally:
        lock.release()


def resume_locked(path: Path, source, registry, plain: bool = False) -> int:
    from ..plugins import ruleset_of
    from rftg_cli.ui.console import make_console

    try:
        save = saves.read(path)
        check_names(save, path)
        restored = saves.restore(save, registry=registry)
        if save.status == saves.FINISHED:
            raise SaveError(f"{path}: this game is finished; see `rftg show {save.name}`")
        if save.foreign:
            # Resumed, it would be sealed anew with this key: an edit would pass as yours.
            raise SaveError(f"{path}: sealed with another key than yours (a game shared with "
                            "you, or your key was replaced): `rftg show` and `rftg replay` "
                            "check it by replay, but it is resumed only where it was sealed")
        if save.seats.count("human") != 1:
            raise SaveError(f"{path}: needs exactly one human seat, has {save.seats}")
        for kind in save.seats:
            if kind != "human":
                make_seat(kind, 0)
        at_save_level(save.config, ruleset_of(restored.game.config, registry))
    except (SaveError, UsageError) as exc:
        return fail(f"resume: {exc}")
    console = make_console()
    table = seat_table(restored.game, save, path, console, source, registry, restored.movers,
                       plain)
    table.human.forget_log(restored.game)
    where = saves.public_status(restored.game).get("round", "?")
    console.print(f"Resuming {printable(save.name)!r}: round {where}, "
                  f"{len(save.answers)} answers replayed.", markup=False)
    return run_game(table)


def opponents(save: Save) -> str:
    """Who you play against: the computer seats, and the opponents that are not seats."""
    names = save.config.get("names", [])
    seats = [f"{n} ({k})" for n, k in zip(names, save.seats) if k != "human"]
    # The standings list the seats first, then the opponents that are not seats.
    others = [f"{p.get('name')} ({p.get('kind')})"
              for p in save.summary.get("players", [])[len(save.seats):]]
    return ", ".join(seats + others) or "-"


def listing(path: Path, save) -> dict:
    if isinstance(save, SaveError):
        return {"name": path.stem, "file": str(path), "status": "unreadable",
                "error": str(save)}
    summary = save.summary
    return {
        "name": save.name, "game": save.game_id, "file": str(path), "status": save.status,
        "opponents": opponents(save), "expansions": save.config.get("expansions", []),
        "undos": len(save.undos), "hints": len(save.hints),
        "round": summary.get("round"),
        "scores": {p.get("name"): p.get("score") for p in summary.get("players", [])},
        "last_played": save.updated,
    }


def run_saves(*, save_dir: Path | None, as_json: bool) -> int:
    folder = save_dir_of(save_dir)
    try:
        listed = saves.list_saves(folder)
    except SaveError as exc:
        return fail(f"saves: {exc}")
    rows = [listing(path, save) for path, save in listed]
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    from rich.table import Table as RichTable
    from rich.text import Text

    from rftg_cli.ui.console import make_console

    console = make_console()
    if not rows:
        console.print(f"No saves in {printable(folder)}. Start a game with `rftg new`.",
                      markup=False)
        return 0
    # One line a save at 80 columns: no column wraps; the game (opponents; expansions) and
    # the scores are short forms, cut with "…" where the width runs out.
    table = RichTable(title=Text(f"Saves in {printable(folder)}"), box=None,
                      title_justify="left", padding=(0, 1), pad_edge=False,
                      header_style="bold")
    table.add_column("Name", no_wrap=True, max_width=22, overflow="ellipsis")
    table.add_column("Game", no_wrap=True, overflow="ellipsis", min_width=10)
    table.add_column("Rnd", justify="right", no_wrap=True, min_width=3)
    table.add_column("Score", no_wrap=True, overflow="ellipsis", max_width=9)
    table.add_column("Status", no_wrap=True)
    table.add_column("Played", no_wrap=True)
    for row, (_, save) in zip(rows, listed):
        # Every cell is text from a file someone may have edited: escaped, never obeyed.
        if row["status"] == "unreadable":
            table.add_row(Text(printable(row["name"])), "", "", "", "unreadable", "")
            continue
        score = "-".join(str(v) for v in row["scores"].values())
        status = str(row["status"]).replace("_", " ")
        cells = [row["name"], game_text(save, row["expansions"]), str(row["round"]), score,
                 status, str(row["last_played"])[5:16].replace("T", " ")]
        table.add_row(*(Text(printable(cell)) for cell in cells))   # Text: never markup
    console.print(table)
    for row in rows:
        if row["status"] == "unreadable":
            console.print(printable(row["error"]), markup=False, soft_wrap=True)
    return 0


def game_text(save: Save, expansions: list) -> str:
    """The game in a few words: `2 AI; base`, `3 AI; tgs, rvi`: the opponents by kind, then
    the expansions (an expansion that is an opponent's kind is said once)."""
    kinds = [k for k in save.seats if k != "human"] + [
        str(p.get("kind")) for p in save.summary.get("players", [])[len(save.seats):]]
    counts = dict.fromkeys(kinds, 0)
    for kind in kinds:
        counts[kind] += 1
    shown = {kind: "AI" if kind == "ai" else kind for kind in counts}
    against = ", ".join(shown[k] if n == 1 else f"{n} {shown[k]}" for k, n in counts.items())
    others = [str(e) for e in expansions if e not in counts]
    return f"{against or '-'}; {', '.join(others) or 'base'}"


def run_delete(*, name: str, save_dir: Path | None) -> int:
    """`rftg saves --delete NAME`: remove one save of the save folder, by name, once it is
    seen to be an rftg save (refused while it is being played). A path, or a file that is not
    a save, is refused: `--delete pyproject.toml` removed that file (issue 41)."""
    try:
        name = save_name(name)
        path = saves.save_path(save_dir_of(save_dir), name)
        saves.check_is_save(path)
        lock = SaveLock(path).acquire()
    except UsageError as exc:
        return fail(f"saves --delete: {exc} (a save's name, as `rftg saves` lists it)")
    except (SaveError, SaveBusy) as exc:
        return fail(f"saves --delete: {exc}")
    except OSError as exc:
        return fail(f"saves --delete: cannot lock the save ({exc.strerror})")
    try:
        saves.check_is_save(path)          # again under the lock: still that save
        path.unlink()
    except SaveError as exc:
        return fail(f"saves --delete: {exc}")
    except OSError as exc:
        return fail(f"saves --delete: cannot delete {path} ({exc.strerror})")
    finally:
        lock.release()
    print(printable(f"Deleted save {name!r} ({path})."))
    return 0


def show_data(save: Save, game, path: Path) -> dict:
    outcome = game.outcome(save.seats)
    players = [{"name": r.name, "kind": r.kind, "score": r.score, "breakdown": r.breakdown,
                **r.details} for r in outcome.results]
    out = {
        "name": save.name, "game": save.game_id, "file": str(path), "status": save.status,
        **saves.public_status(game), "expansions": list(game.config.expansions),
        "created": save.created, "last_played": save.updated, "undos": len(save.undos),
        "hints": len(save.hints),
        "sealed_with_your_key": not save.unkeyed,
        "players": players, **outcome.public,
    }
    if outcome.finished:
        out["winners"] = list(outcome.winners)
        out["reason"] = outcome.reason
        out["seed"] = save.seed
    return out


UNKEYED_NOTE = ("Not sealed with your key (another player's, or an older rftg's): checked by "
                "replaying every answer to the saved position, not by who played them.")


def run_show(*, name: str, save_dir: Path | None, as_json: bool, registry=None) -> int:
    from ..plugins import default_registry

    try:
        path, save, restored = load_checked(save_dir, name, registry)
    except SaveError as exc:
        return fail(f"show: {exc}")
    game = restored.game
    if as_json:
        print(json.dumps(show_data(save, game, path), indent=2))
        return 0
    from ..plugins import ruleset_of
    from rftg_cli.ui.console import make_console

    console = make_console()
    me = save.seats.index("human") if "human" in save.seats else 0
    console.print(printable(f"{save.name} (game {save.game_id}) — "
                            f"{save.status.replace('_', ' ')}, last played {save.updated}"
                            f"{undo_note(save)}"), markup=False)
    if save.unkeyed:
        console.print(UNKEYED_NOTE, markup=False)
    screen = ruleset_of(game.config, registry or default_registry()).part("screen")
    if hasattr(screen, "show"):
        for part in screen.show(game, me, console):
            console.print(part)
    else:
        console.print(screen.status(game, me), markup=False)
        console.print(screen.final(game, console) if game.over else
                      screen.board(game, me, console, None))
    return 0
