"""The work of each `rftg` command, one module per command; `cli.py` only declares them and
imports these lazily, so `rftg --help` stays fast."""
