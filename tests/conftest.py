"""Shared test setup."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def own_data_folder(tmp_path_factory):
    """A game whose deal rftg chooses keeps a key in the player's data folder
    (`rftg_cli.hidden`): the tests, their subprocesses included, use a throw-away one."""
    patch = pytest.MonkeyPatch()
    patch.setenv("RFTG_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    yield
    patch.undo()
