"""The `rftg` command line. Each command imports its heavy modules lazily, so `rftg --help`
starts fast; the work of every command lives in its own module."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

# The commands in the order a player meets them; any other (a later one) follows.
USE_ORDER = ("rules", "new", "resume", "saves", "show", "replay", "stats", "score", "cards",
             "expansions", "simulate", "train-ai")


class InUseOrder(TyperGroup):
    def list_commands(self, ctx) -> list[str]:
        names = super().list_commands(ctx)
        return sorted(names, key=lambda n: USE_ORDER.index(n) if n in USE_ORDER
                      else len(USE_ORDER))


def _flags_take_no_type() -> None:
    """typer's help gives a flag the type of its value (`--version <bool>`); a flag takes
    no value, so it shows none."""
    shown = getattr(TyperOption, "display_type_rich", None)
    if shown is None or getattr(shown, "for_flags", False):
        return

    def display_type_rich(self, ctx):
        return None if self.is_flag and self.metavar is None else shown(self, ctx)

    display_type_rich.for_flags = True
    TyperOption.display_type_rich = display_type_rich


_flags_take_no_type()

# Every number on the command line is checked for its range before any command runs (issue
# 41: `--players 99999999999999999999` overflowed, `--players 1000000000` filled the memory),
# as the one-line usage error of any bad value. The bounds are far beyond any real use; the
# commands and the rules refuse what is merely impossible with their own reasons (a count of
# games below 1, negative chips: no lower bound is set here for those).
MAX_SEED = 2**63 - 1        # a seed is saved as a TOML integer (64-bit)
MAX_COUNT = 10**9           # games to play (simulate plays them one at a time)
MAX_SEATS = 99              # players: the rules name the real limit
MAX_TOKENS = 10**6          # VP chips, goods or a counter of a tableau
SEED = {"min": 0, "max": MAX_SEED}

app = typer.Typer(
    name="rftg",
    cls=InUseOrder,
    help="Race for the Galaxy in your terminal.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
    # RFTG_ASCII=1: plain help, without the boxes of rich's panels.
    rich_markup_mode=None if os.environ.get("RFTG_ASCII") else "rich",
)


def _version(value: bool) -> None:
    if value:
        from rftg_cli.saves import program_version

        typer.echo(f"rftg {program_version()}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print rftg's version and exit."),
) -> None:
    """Race for the Galaxy in your terminal."""
    # A callback keeps `rftg` a command group even while it has a single command.


class WithExpansionFlags(TyperCommand):
    """A command whose help ends with the installed expansions' flags, read from the plugins
    only when the help is asked for (so `rftg --help` stays fast)."""

    def format_help(self, ctx, formatter) -> None:
        from rftg_cli.commands.expansions import expansion_help
        from rftg_cli.plugins import default_registry

        self.epilog = f"{EXTRA_HELP}\n\n{expansion_help(default_registry())}"
        super().format_help(ctx, formatter)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def cards(
    ctx: typer.Context,
    query: str | None = typer.Argument(
        None, metavar="QUERY",
        help="Part of a card name (case-insensitive); an exact name picks that card."),
    card_set: str | None = typer.Option(
        None, "--set", metavar="SET", help="Only this set: base, tgs, rvi, bow or promo."),
    card_type: str | None = typer.Option(
        None, "--type", metavar="TYPE",
        help="Only this type: world or development (a dice game: tile, faction, home, die)."),
    as_json: bool = typer.Option(False, "--json",
                                 help="Print a JSON list, one object per card or tile."),
) -> None:
    """Look cards up: one match shows the whole card, several show a table. With the flag of
    an expansion that is another game (e.g. a dice game), look up that game's pieces instead."""
    from rftg_cli.commands.cards import run

    # Unknown options (expansion flags) stay arguments; one before QUERY takes its place.
    raise typer.Exit(run(None, card_set, card_type, as_json, ([query] if query else [])
                         + list(ctx.args)))


@app.command()
def expansions(
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object each."),
    # Text, not Path: typer reads "" as Path("."), the current directory (issue 41).
    plugins_dir: str | None = typer.Option(
        None, "--plugins-dir", metavar="DIR",
        help="Load local plugin files from DIR (default: RFTG_PLUGINS_DIR, else the plugins/ "
             "folder of rftg's source checkout when run from one, else plugins/ in your rftg "
             "configuration folder, e.g. ~/.config/rftg/plugins, made on first listing; "
             "never the current directory, never site-packages)."),
) -> None:
    """List every expansion and plugin: flag, description, source, and whether it loaded."""
    from rftg_cli.commands.expansions import run

    raise typer.Exit(run(as_json, plugins_dir))


EXTRA_HELP = ("Expansion flags and options (see `rftg expansions`) are accepted too: "
              "options as --option KEY=VALUE or --KEY VALUE.")


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
             cls=WithExpansionFlags)
def simulate(
    ctx: typer.Context,
    games: int = typer.Option(100, "--games", "-n", max=MAX_COUNT,
                              help="How many games to play."),
    players: int | None = typer.Option(
        None, "--players", "-p", min=1, max=MAX_SEATS,
        help="Players per game (default 2, or the number an expansion is for)."),
    seed: int = typer.Option(0, "--seed", **SEED,
                             help="Seed of the whole run: same seed, same results."),
    seats: str | None = typer.Option(
        None, "--seats", metavar="KIND,KIND,...",
        help="One seat kind per player: ai or random (default: ai, then random)."),
    expansion: list[str] = typer.Option(
        [], "--expansion", "-e", metavar="NAME", help="Enable an expansion (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object, no progress bar."),
    option: list[str] = typer.Option(
        [], "--option", "-o", metavar="KEY=VALUE",
        help="An expansion's option (repeatable); the value all plays each of its choices "
             "on the same deals."),
    ai_level: str | None = typer.Option(
        None, "--ai-level", metavar="LEVEL",
        help="How well the ai seats play: fast, normal (the default) or strong (slower)."),
    why: str | None = typer.Option(
        None, "--why", metavar="FILE",
        help="Write to FILE what each AI decision considered and the value of each option."),
) -> None:
    """Play seat-against-seat games (or one seat against an expansion's solo opponent):
    wins, mean scores, mean rounds, games per second."""
    from rftg_cli.commands.simulate import run

    raise typer.Exit(run(games, players, seed, seats, as_json, expansion,
                         options_args(option) + list(ctx.args), ai_level, why))


def options_args(options: list[str]) -> list[str]:
    """`--option` values back into extra arguments, parsed with the expansion flags."""
    return [arg for value in options for arg in ("--option", value)]


class WithCalculatorInputs(TyperCommand):
    """`rftg score`, with an option for each input the plugins give the calculator (the
    tiles a player holds), read from them only when the command is parsed or its help shown
    (so `rftg --help` stays fast). Their values reach the command in `ctx.meta`."""

    INPUT = "input_"      # the prefix of those options' parameter names

    def get_params(self, ctx):
        params = super().get_params(ctx)
        if not hasattr(self, "_inputs"):
            from rftg_cli.commands.score import calculator_inputs

            self._inputs = input_params(calculator_inputs(), self.INPUT)
        at = next(i for i, p in enumerate(params) if p.name == "as_json")
        return params[:at] + self._inputs + params[at:]

    def invoke(self, ctx):
        given = {}
        for param in self._inputs:
            value = ctx.params.pop(param.name)
            if value is not None and value != []:
                given[param.opts[0].removeprefix("--")] = value if param.multiple else [value]
        ctx.meta["inputs"] = given
        return super().invoke(ctx)


def input_params(inputs: dict, prefix: str) -> list:
    """The options of `inputs` (name -> `CalculatorInput`), made by typer as it makes those of
    a command's signature: a number is one whole number up to MAX_TOKENS, a text repeats."""
    import inspect

    def option(name: str, given) -> inspect.Parameter:
        if given.number:
            default = typer.Option(None, f"--{name}", metavar=given.metavar, max=MAX_TOKENS,
                                   help=given.help)
        else:
            default = typer.Option([], f"--{name}", metavar=given.metavar, help=given.help)
        return inspect.Parameter(prefix + name.replace("-", "_"), inspect.Parameter.KEYWORD_ONLY,
                                 default=default,
                                 annotation=int | None if given.number else list[str])

    def options(**values) -> None:
        """The calculator's inputs."""

    options.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [option(name, given) for name, given in inputs.items()])
    holder = typer.Typer(add_completion=False)
    holder.command()(options)
    return list(typer.main.get_command(holder).params)


@app.command(cls=WithCalculatorInputs)
def score(
    ctx: typer.Context,
    cards: list[str] = typer.Argument(
        ..., metavar="CARD...", help="The cards of the tableau (quote names with spaces)."),
    chips: int = typer.Option(0, "--chips", max=MAX_TOKENS, help="VP chips."),
    goods: int = typer.Option(0, "--goods", max=MAX_TOKENS,
                              help="Goods on the tableau's worlds."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Final score of a physical tableau, with its breakdown (card VP, chips, 6-cost bonuses,
    and what the expansions' options add)."""
    from rftg_cli.commands.score import score_tableau

    raise typer.Exit(score_tableau(cards, chips, goods, as_json, ctx.meta["inputs"]))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
             cls=WithExpansionFlags)
def new(
    ctx: typer.Context,
    ai: int | None = typer.Option(
        None, "--ai", metavar="N", min=0, max=MAX_SEATS,
        help="Play against N AI seats (default: the expansions' solo opponent, else one AI)."),
    ai_level: str | None = typer.Option(
        None, "--ai-level", metavar="LEVEL",
        help="How well the AI seats play: fast, normal (the default) or strong (slower)."),
    seed: int | None = typer.Option(None, "--seed", **SEED, help="Seed: same seed, same deal."),
    name: str | None = typer.Option(None, "--name", help="Name of the save (default: dated)."),
    player: str = typer.Option("You", "--player", help="Your name at the table."),
    save_dir: Path | None = typer.Option(
        None, "--save-dir", metavar="DIR",
        help="Where saves go (default: RFTG_SAVE_DIR, else rftg's folder in your user "
             "data directory, the same from every directory)."),
    expansion: list[str] = typer.Option(
        [], "--expansion", "-e", metavar="NAME", help="Enable an expansion (repeatable)."),
    option: list[str] = typer.Option(
        [], "--option", "-o", metavar="KEY=VALUE", help="An expansion's option (repeatable)."),
    plain: bool = typer.Option(
        False, "--plain", help="Line mode: one answer per line, no full-screen table (screen "
        "readers, dumb terminals; the default when input is not a terminal)."),
    learn: bool = typer.Option(
        False, "--learn", help="A first game that teaches: the rulebook's preset hands, each "
        "phase explained the first time it comes, and a hint before each of your decisions "
        "(the solo opponent at its learning level, unless --ai N)."),
) -> None:
    """Start a game: solo against the opponent an installed expansion offers by default
    unless --ai N is given (expansion flags switch expansions on). Saved after every
    decision; end of input saves and quits."""
    from rftg_cli.commands.new import run_new

    raise typer.Exit(run_new(ai=ai, seed=seed, name=name, save_dir=save_dir, player=player,
                             expansions=expansion, extra=options_args(option) + list(ctx.args),
                             ai_level=ai_level, plain=plain, learn=learn))


@app.command()
def resume(
    name: str | None = typer.Argument(
        None, metavar="[NAME]", help="Save name or file (default: the latest unfinished game)."),
    save_dir: Path | None = typer.Option(None, "--save-dir", metavar="DIR", help="Save folder."),
    plain: bool = typer.Option(
        False, "--plain", help="Line mode: one answer per line, no full-screen table (screen "
        "readers, dumb terminals; the default when input is not a terminal)."),
) -> None:
    """Carry on a saved game: its choices are replayed and checked against the save."""
    from rftg_cli.commands.resume import run_resume

    raise typer.Exit(run_resume(name=name, save_dir=save_dir, plain=plain))


@app.command()
def saves(
    save_dir: Path | None = typer.Option(None, "--save-dir", metavar="DIR", help="Save folder."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object per save."),
    delete: str | None = typer.Option(
        None, "--delete", metavar="NAME", help="Delete the save NAME (not while it is played)."),
) -> None:
    """List saves: name, opponents, expansions, round, scores, status, last played."""
    from rftg_cli.commands.listing import run_delete, run_saves

    if delete is not None:
        raise typer.Exit(run_delete(name=delete, save_dir=save_dir))
    raise typer.Exit(run_saves(save_dir=save_dir, as_json=as_json))


@app.command()
def show(
    name: str = typer.Argument(..., metavar="NAME", help="Save name or file."),
    save_dir: Path | None = typer.Option(None, "--save-dir", metavar="DIR", help="Save folder."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """A saved game's state, or its final result."""
    from rftg_cli.commands.show import run_show

    raise typer.Exit(run_show(name=name, save_dir=save_dir, as_json=as_json))


@app.command()
def rules(
    topic: str | None = typer.Argument(
        None, metavar="[TOPIC]", help="A topic: overview, round, explore, ... (see --list)."),
    list_: bool = typer.Option(False, "--list", help="List the topics."),
) -> None:
    """The rules, by topic, in short: start with `rftg rules overview`."""
    from rftg_cli.commands.rules import run

    raise typer.Exit(run(topic, list_))


@app.command()
def stats(
    save_dir: Path | None = typer.Option(None, "--save-dir", metavar="DIR", help="Save folder."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Your record from your finished saves: games and win rate per opponent and expansions,
    margins, your scores over time (games where undo was used counted apart)."""
    from rftg_cli.commands.stats import run

    raise typer.Exit(run(save_dir=save_dir, as_json=as_json))


@app.command()
def replay(
    name: str = typer.Argument(..., metavar="NAME", help="Save name or file."),
    save_dir: Path | None = typer.Option(None, "--save-dir", metavar="DIR", help="Save folder."),
    step: int | None = typer.Option(None, "--step", metavar="N", min=1, max=MAX_COUNT,
                                    help="Show decision N only, then exit."),
    open_: bool = typer.Option(False, "--open",
                               help="Show every hand and answer (finished games only)."),
    plain: bool = typer.Option(
        False, "--plain", help="Line mode: one step per line typed, no full-screen table."),
) -> None:
    """Step through a saved game decision by decision, forward and back, as you saw it."""
    from rftg_cli.commands.replay import run

    raise typer.Exit(run(name=name, save_dir=save_dir, step=step, open_=open_, plain=plain))


def usage_line(exc) -> str:
    """A command-line usage error (a bad value, an unknown option) as the one line every
    other refusal is: `rftg new: invalid value for '--seed': ... (rftg new --help)`."""
    from rftg_cli.ui.escape import printable

    where = exc.ctx.command_path if exc.ctx is not None else "rftg"
    message = " ".join(printable(exc.format_message()).split())
    return f"{where}: {message[:1].lower()}{message[1:]} (see {where} --help)"


def _click_error(name: str) -> type:
    """click's exception class `name`, reached through typer's `BadParameter` (typer may
    bundle its own copy of click, so `import click` is not the same module everywhere)."""
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == name)


def main() -> None:
    usage_error, click_error = _click_error("UsageError"), _click_error("ClickException")
    try:
        code = app(standalone_mode=False)
    except usage_error as exc:
        print(usage_line(exc), file=sys.stderr)
        sys.exit(2)
    except click_error as exc:
        print(f"rftg: {' '.join(exc.format_message().split())}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except typer.Abort:
        sys.exit(130)
    except OSError as exc:
        # The output refused a write (a full disk or a file-size limit where it is redirected,
        # a closed pipe): one line, not a traceback. Saves are written before each prompt,
        # so a game goes on from the last decision with `rftg resume`.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush
        if not isinstance(exc, BrokenPipeError):
            where = f" ({exc.filename})" if exc.filename else ""
            print(f"rftg: cannot write: {exc.strerror or exc}{where}; any game is saved as of "
                  "your last decision", file=sys.stderr)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)
