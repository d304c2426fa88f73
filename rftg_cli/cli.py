"""The `rftg` command line. Each command imports its heavy modules lazily, so `rftg --help`
starts fast; the work of every command lives in its own module."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="rftg",
    help="Race for the Galaxy in your terminal.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def main() -> None:
    app()
