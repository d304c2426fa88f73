"""Plugins run only from where the player says (issues 14 and 16, docs/plugins.md "The trust
model"): entry points, --plugins-dir, RFTG_PLUGINS_DIR, the source checkout's plugins/ or
the player's own configuration folder; never the current directory, never a `plugins/`
beside an installed package."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import rftg_cli
from rftg_cli.cli import app
from rftg_cli.plugins import checkout_plugins_dir, default_plugins_dir

CHECKOUT = Path(rftg_cli.__file__).resolve().parent.parent


def evil_plugin(folder: Path, marker: Path) -> Path:
    """A plugin file that, if anything imports it, leaves `marker` behind."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "evil.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\n")
    return folder


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "RFTG_PLUGINS_DIR"}
    return {**env, **extra}


# Every command, run in a fresh interpreter whose current directory holds plugins/evil.py.
EVERY_COMMAND = """
from typer.testing import CliRunner
from rftg_cli.cli import app
runs = [["--help"], ["expansions"], ["expansions", "--json"], ["cards", "old earth"],
        ["score", "Old Earth"], ["simulate", "-n", "1", "--seats", "random,random", "--json"],
        ["new", "--seed", "1", "--name", "g"], ["saves"], ["show", "g"], ["resume", "g"],
        ["new", "--ai", "1", "--expert", "--name", "h"]]
for args in runs:
    result = CliRunner().invoke(app, args, input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result)
print("ran", len(runs))
"""


def test_a_plugins_folder_in_the_current_directory_is_never_loaded(tmp_path):
    marker = tmp_path / "evil-ran"
    evil_plugin(tmp_path / "plugins", marker)
    result = subprocess.run([sys.executable, "-c", EVERY_COMMAND], cwd=tmp_path,
                            env=clean_env(RFTG_SAVE_DIR=str(tmp_path / "saves")),
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "ran 11" in result.stdout
    assert not marker.exists()


INSTALLED = """
import sys
from typer.testing import CliRunner
import rftg_cli, rftg_cli.plugins as p
from rftg_cli.cli import app
print(rftg_cli.__file__)
print(p.default_plugins_dir())
print(sorted(p.make_registry().expansions))
print(CliRunner().invoke(app, sys.argv[1:]).output)
"""


def installed_copy(tmp_path: Path) -> Path:
    """rftg_cli as a normal (non-editable) install puts it: in a site-packages folder."""
    site = tmp_path / "lib" / "site-packages"
    shutil.copytree(CHECKOUT / "rftg_cli", site / "rftg_cli",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(CHECKOUT / "expansions", site / "rftg_cli" / "expansions",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return site


def run_installed(site: Path, tmp_path: Path, *args: str) -> list[str]:
    env = clean_env(PYTHONPATH=str(site), XDG_CONFIG_HOME=str(tmp_path / "config"))
    result = subprocess.run([sys.executable, "-c", INSTALLED, *args], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_a_plugins_folder_beside_an_installed_package_is_never_loaded(tmp_path):
    """A normal (non-editable) install: rftg_cli sits in site-packages, and a plugins/
    beside it belongs to nobody; the default is the player's own configuration folder."""
    site = installed_copy(tmp_path)
    marker = tmp_path / "evil-ran"
    evil_plugin(site / "plugins", marker)
    where, folder, expansions, *_ = run_installed(site, tmp_path)
    assert where.startswith(str(site))          # the copy ran, not the checkout
    assert folder == str(tmp_path / "config" / "rftg" / "plugins")
    assert "robot" in expansions
    assert not marker.exists()


def test_the_per_user_folder_is_made_by_expansions_listed_and_loaded(tmp_path):
    site = installed_copy(tmp_path)
    mine = tmp_path / "config" / "rftg" / "plugins"
    assert run_installed(site, tmp_path, "--help")[1] == str(mine)
    assert not mine.exists()                    # no command but `expansions` makes it
    listing = run_installed(site, tmp_path, "expansions")
    assert mine.is_dir() and f"Plugin files: {mine}" in "".join(listing)
    marker = tmp_path / "mine-ran"
    evil_plugin(mine, marker)
    run_installed(site, tmp_path, "expansions", "--json")
    assert marker.exists()


def test_the_checkout_is_recognised_by_its_pyproject(tmp_path):
    assert default_plugins_dir() == CHECKOUT / "plugins"
    fake = tmp_path / "other"
    (fake / "rftg_cli").mkdir(parents=True)
    (fake / "plugins").mkdir()
    assert checkout_plugins_dir(fake / "rftg_cli") is None          # no pyproject
    (fake / "pyproject.toml").write_text('[project]\nname = "something-else"\n')
    assert checkout_plugins_dir(fake / "rftg_cli") is None          # not rftg's
    (fake / "pyproject.toml").write_text("not [ toml")
    assert checkout_plugins_dir(fake / "rftg_cli") is None
    (fake / "pyproject.toml").write_text('[project]\nname = "rftg"\n')
    assert checkout_plugins_dir(fake / "rftg_cli") == fake / "plugins"
    site = tmp_path / "site-packages"
    shutil.copytree(fake, site)
    assert checkout_plugins_dir(site / "rftg_cli") is None


def test_a_named_folder_is_loaded(tmp_path, monkeypatch):
    marker = tmp_path / "ran"
    folder = evil_plugin(tmp_path / "mine", marker)
    result = CliRunner().invoke(app, ["expansions", "--plugins-dir", str(folder)])
    assert result.exit_code == 0 and marker.exists()
    marker.unlink()
    monkeypatch.setenv("RFTG_PLUGINS_DIR", str(folder))
    assert default_plugins_dir() == folder


def test_the_help_says_what_the_code_does():
    text = " ".join(CliRunner().invoke(app, ["expansions", "--help"]).output.split())
    assert "./plugins" not in text and "current" in text
    for said in ("RFTG_PLUGINS_DIR", "source checkout", "configuration folder",
                 "never site-packages"):
        assert said in text.replace("│ ", "").replace(" │", ""), said


def test_plugin_names_and_errors_are_escaped(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "e\x1b[31mvil.py").write_text('raise RuntimeError("\\x1b[2Jboom")\n')
    result = CliRunner().invoke(app, ["expansions", "--plugins-dir", str(folder)])
    assert result.exit_code == 0
    assert "\x1b" not in result.output and "e\\x1b[31mvil" in result.output
    too_long = CliRunner().invoke(app, ["expansions", "--plugins-dir", "x" * 5000])
    assert too_long.exit_code == 0 and "cannot be read" in too_long.output
