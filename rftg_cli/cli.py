"""The `rftg` command line. Each command imports its heavy modules lazily, so `rftg --help`
starts fast; the work of every command lives in its own module."""

from __future__ import annotations

from pathlib import Path

import typer

app = typer.Typer(
    name="rftg",
    help="Race for the Galaxy in your terminal.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Race for the Galaxy in your terminal."""
    # A callback keeps `rftg` a command group even while it has a single command.


@app.command()
def cards(
    query: str | None = typer.Argument(
        None, metavar="QUERY",
        help="Part of a card name (case-insensitive); an exact name picks that card."),
    card_set: str | None = typer.Option(
        None, "--set", metavar="SET", help="Only this set: base, tgs, rvi, bow or promo."),
    card_type: str | None = typer.Option(
        None, "--type", metavar="world|development", help="Only worlds or developments."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object per card."),
) -> None:
    """Look cards up: one match shows the whole card, several show a table."""
    from rftg_cli.commands.cards import run

    raise typer.Exit(run(query, card_set, card_type, as_json))


@app.command()
def expansions(
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object each."),
    plugins_dir: Path | None = typer.Option(
        None, "--plugins-dir", metavar="DIR",
        help="Load local plugin files from DIR (default: RFTG_PLUGINS_DIR or ./plugins)."),
) -> None:
    """List every expansion and plugin: flag, description, source, and whether it loaded."""
    from rftg_cli.commands.expansions import run

    raise typer.Exit(run(as_json, plugins_dir))


def main() -> None:
    app()
