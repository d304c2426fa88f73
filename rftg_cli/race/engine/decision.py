"""Decisions are shared by every ruleset: see `rftg_cli.decision`."""

from rftg_cli.decision import Decision, IllegalChoice

__all__ = ["Decision", "IllegalChoice"]
