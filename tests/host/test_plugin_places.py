"""An empty or relative configuration location never loads the current directory by
accident (issue 41): `rftg expansions --plugins-dir ""` loaded `.`, and with `HOME=.` and no
XDG_CONFIG_HOME a non-editable install loaded `./.config/rftg/plugins`."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rftg_cli import userdirs
from tests.cli_helpers import one_line_error, rftg
from tests.host.test_plugin_trust import INSTALLED, evil_plugin, installed_copy


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_plugins_dir_is_refused_not_the_current_directory(tmp_path, monkeypatch,
                                                                   empty):
    marker = tmp_path / "ran"
    evil_plugin(tmp_path / "cwd", marker)
    monkeypatch.chdir(tmp_path / "cwd")
    assert "--plugins-dir is empty" in one_line_error(rftg("expansions", "--plugins-dir",
                                                           empty))
    assert not marker.exists()


def test_a_relative_plugins_dir_is_the_folder_named(tmp_path, monkeypatch):
    marker = tmp_path / "ran"
    evil_plugin(tmp_path / "mine", marker)
    monkeypatch.chdir(tmp_path)
    result = rftg("expansions", "--json", "--plugins-dir", "mine")
    assert result.exit_code == 0 and marker.exists()      # named by the player: loaded


def test_a_relative_home_gives_no_folder_in_the_current_directory(tmp_path):
    """A non-editable install with `HOME=.` and no XDG_CONFIG_HOME: the plugins under
    `./.config/rftg/plugins` are not loaded."""
    site = installed_copy(tmp_path)
    marker = tmp_path / "evil-ran"
    evil_plugin(tmp_path / ".config" / "rftg" / "plugins", marker)
    env = {k: v for k, v in os.environ.items()
           if k not in ("RFTG_PLUGINS_DIR", "XDG_CONFIG_HOME")}
    env.update(PYTHONPATH=str(site), HOME=".")
    result = subprocess.run([sys.executable, "-c", INSTALLED, "expansions"], cwd=tmp_path,
                            env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    folder = result.stdout.splitlines()[1]
    assert folder == "None" or os.path.isabs(folder), folder
    assert not marker.exists()


@pytest.mark.parametrize("variable, value", [("HOME", "."), ("HOME", "rel/home"),
                                             ("XDG_CONFIG_HOME", "."),
                                             ("XDG_CONFIG_HOME", "cfg")])
def test_the_player_folders_are_absolute_or_none(monkeypatch, variable, value):
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("RFTG_DATA_DIR", raising=False)
    monkeypatch.setenv(variable, value)
    for folder in (userdirs.config_dir(), userdirs.data_dir()):
        assert folder is None or folder.is_absolute(), folder


def test_today_s_variables_still_name_the_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    monkeypatch.delenv("RFTG_DATA_DIR")
    assert userdirs.config_dir() == tmp_path / "c" / "rftg"
    assert userdirs.data_dir() == tmp_path / "d" / "rftg"
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path / "portable"))
    assert userdirs.data_dir() == tmp_path / "portable"
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert userdirs.config_dir() == tmp_path / "home" / ".config" / "rftg"
