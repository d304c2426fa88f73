"""Every number on the command line is range-checked before a command runs (issue 41:
`simulate --players 99999999999999999999` ended in OverflowError, `--players 1000000000`
in MemoryError): one line naming the option, exit 2, through the real entry point."""

from __future__ import annotations

import sys

import pytest

from rftg_cli import cli

HUGE = "9" * 30

CASES = [
    ("simulate", "-n", "1", "--players", HUGE), ("simulate", "-n", "1", "--players", "-3"),
    ("simulate", "-n", "1", "--players", "1000000000"), ("simulate", "--games", HUGE),
    ("simulate", "--seed", HUGE), ("simulate", "--seed", "-1"),
    ("score", "Old Earth", "--chips", HUGE),
    ("score", "Old Earth", "--goods", HUGE), ("score", "Old Earth", "--prestige", HUGE),
    ("new", "--ai", HUGE), ("new", "--ai", "-1"), ("new", "--seed", HUGE),
    ("new", "--seed", "-1"), ("replay", "x", "--step", HUGE), ("replay", "x", "--step", "0"),
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a)[:40] for a in CASES])
def test_a_number_out_of_range_is_one_line_and_exit_2(args, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["rftg", *args])
    with pytest.raises(SystemExit) as done:
        cli.main()
    out = capsys.readouterr()
    assert done.value.code == 2 and out.out == ""
    lines = out.err.splitlines()
    assert len(lines) == 1 and f"{args[0]}: invalid value for '{args[-2]}'" in lines[0], lines
    assert "than or equal to" in lines[0] or "range" in lines[0], lines[0]


@pytest.mark.parametrize("args, says", [
    (("simulate", "--games", "0"), "--games must be at least 1"),
    (("simulate", "--games", "-5"), "--games must be at least 1"),
    (("score", "Old Earth", "--chips", "-1"), "cannot be negative"),
])
def test_below_one_or_zero_the_command_says_why(args, says, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["rftg", *args])
    with pytest.raises(SystemExit) as done:
        cli.main()
    lines = capsys.readouterr().err.splitlines()
    assert done.value.code == 2 and len(lines) == 1 and says in lines[0], lines
