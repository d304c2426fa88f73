"""Errors every layer may raise and the host reports in one line."""


class ConfigError(ValueError):
    """A game configuration that cannot be played; the message is one line for the user."""
