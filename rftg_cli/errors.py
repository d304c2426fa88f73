"""Errors every layer may raise and the host reports in one line."""


class ConfigError(ValueError):
    """A game configuration that cannot be played; the message is one line for the user."""


class UsageError(ValueError):
    """A bad command line or option value: one line for the user, exit code 2."""
