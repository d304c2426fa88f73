"""Every package folder is installed (pyproject lists packages explicitly)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set()
    for top, name in (("rftg_cli", "rftg_cli"), ("expansions", "rftg_cli.expansions")):
        for init in (ROOT / top).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / top).parts
            found.add(".".join((name, *rel)))
    assert found == listed


def test_training_and_converters_are_tools_not_installed():
    """The trainers and the reference-data converters live in tools/, which no installed
    package lists, and the product's command line has no `train-ai`: refitting the AI is
    not a player's feature (`python tools/train_ai.py`)."""
    import importlib.util

    from typer.testing import CliRunner

    from rftg_cli.cli import app

    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    assert not [name for name in listed if name.split(".")[0] == "tools"]
    for gone in ("rftg_cli.race.ai.train", "rftg_cli.race.cards.keldon",
                 "rftg_cli.expansions.roll.train", "rftg_cli.expansions.roll.convert"):
        assert importlib.util.find_spec(gone) is None, gone
    for tool in ("train_ai.py", "train_roll.py", "keldon_cards.py", "roll_tiles.py"):
        assert (ROOT / "tools" / tool).is_file(), tool
    result = CliRunner().invoke(app, ["train-ai", "--robot"])
    assert result.exit_code == 2 and "train-ai" in result.output


def test_ci_runs_the_readme_test_commands():
    """CI runs exactly the README's test command (from its first lines), then the long tests
    the README names; the default run leaves out only what is marked slow."""
    readme = (ROOT / "README.md").read_text()
    first = readme.split("```", 2)[1]
    assert "&& python -m pytest   #" in first
    assert "`python -m pytest -m slow`" in readme
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.startswith("python -m pytest")]
    assert ci == ["python -m pytest", "python -m pytest -m slow"]
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "-m 'not slow'" in options["addopts"]
    assert any(m.startswith("slow:") for m in options["markers"])
