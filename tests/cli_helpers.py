"""Driving the `rftg` command line in tests: run it, read its one-line refusals, and play
its computer seats as uniform random ones (quick; the saves are the same code)."""

from __future__ import annotations

from typer.testing import CliRunner

from rftg_cli.cli import app
from rftg_cli.commands import play
from rftg_cli.players.seat import RandomSeat


def rftg(*args: str, input: str = ""):
    return CliRunner().invoke(app, list(args), input=input)


def one_line_error(result) -> str:
    """The refusal's only line (exit 2, no traceback)."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.stderr
    return lines[0]


def random_seats_saving_in(monkeypatch, folder) -> None:
    monkeypatch.setattr(play, "make_seat", lambda kind, seed, ruleset=None: RandomSeat(seed))
    monkeypatch.setenv("RFTG_SAVE_DIR", str(folder))
