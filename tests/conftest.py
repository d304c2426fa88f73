"""Every test: a fresh plugin registry, and the user's data folder (default saves, prompt
history, the key that hides a running game's deal) in a temporary folder, so no test, its
subprocesses included, reads or writes the real home."""

from __future__ import annotations

import pytest

from rftg_cli import plugins
from tests import helpers


@pytest.fixture(autouse=True)
def fresh_user(monkeypatch, tmp_path_factory):
    data = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("RFTG_DATA_DIR", str(data / "rftg"))
    monkeypatch.delenv("RFTG_SAVE_DIR", raising=False)
    plugins.forget_default_registries()
    monkeypatch.setattr(helpers, "REGISTRY", None)
    yield
    plugins.forget_default_registries()
