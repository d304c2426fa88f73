"""The example plugin (`plugins/bigger_pool.py`) works as docs/plugins.md says, and the page
documents every hook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.plugins import HOOKS, ConfigError, make_registry, new_game
from rftg_cli.rng import Rng
from tests.helpers import random_answer

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "plugins.md").read_text()
EXAMPLE = ROOT / "plugins" / "bigger_pool.py"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, re.S)


@pytest.fixture
def registry(monkeypatch):
    monkeypatch.delenv("RFTG_PLUGINS_DIR", raising=False)
    return make_registry()


def config(players=2, **options):
    return GameConfig(players=players, expansions=("bigger-pool",),
                      options=tuple(sorted(options.items())))


def test_every_hook_is_documented():
    documented = re.findall(r"^### `(rftg_\w+)\(", DOC, re.M)
    assert sorted(documented) == sorted(HOOKS)


def test_walk_through_quotes_the_example_file():
    text = EXAMPLE.read_text()
    assert BLOCKS[-1] == text, "docs/plugins.md 'The whole file' differs from the example"
    for block in BLOCKS[:-2]:            # each step of the walk-through is in the file
        assert block in text


def test_documented_check_runs(registry, monkeypatch):
    exec(BLOCKS[-2], {})                 # step 5, as printed


def test_example_plugin_is_loaded_from_the_checkout(registry):
    exp = registry.expansions["bigger-pool"]
    assert (exp.flag, exp.source) == ("--bigger-pool", "local file")


@pytest.mark.parametrize("players, options, pool", [
    (2, {}, 26), (3, {}, 39), (2, {"extra_chips": "3"}, 30), (4, {"extra_chips": "10"}, 88)])
def test_bigger_pool(registry, players, options, pool):
    assert new_game(config(players, **options), 1, registry=registry).pool == pool


def test_off_unless_enabled(registry):
    assert new_game(GameConfig(players=2), 1, registry=registry).pool == 24


@pytest.mark.parametrize("value", ["0", "eleven", "11"])
def test_bad_option_is_one_line_config_error(registry, value):
    with pytest.raises(ConfigError) as err:
        new_game(config(extra_chips=value), 1, registry=registry)
    assert str(err.value) == (f"--bigger-pool: option extra_chips must be a number from 1 "
                              f"to 10, not {value!r}")


def test_combines_with_expert_in_a_whole_game(registry):
    game = new_game(GameConfig(players=2, expansions=("expert", "bigger-pool")), 9,
                    registry=registry, record=False)
    assert game.pool == 26 and game.rules.picks_per_round == 2
    rng = Rng(9)
    while not game.over:
        game.apply(random_answer(game.pending, rng))
        assert game.pool >= 0


def test_example_power_kind_draws_per_chip_when_exploring(registry):
    """Long Range Survey (value 3): 1 more card per VP chip held, at most 3."""
    from tests.powers_helpers import Table

    for chips, extra in ((0, 0), (2, 2), (5, 3)):
        t = Table(config=config(), plugins=registry)
        t.tableau(0, "Old Earth", "Long Range Survey")
        t.tableau(1, "New Sparta")
        t.p(0).vp = chips
        t.start("explore", {0: ("explore5",), 1: ("explore5",)})
        assert len(t.p(0).explore_seen) == 2 + 5 + extra


def test_example_action_card_has_its_own_bonus(registry):
    """Prospect: Explore, 3 more cards drawn and 1 more kept."""
    from tests.powers_helpers import Table

    t = Table(config=config(), plugins=registry)
    assert [a.id for a in t.game.rules.actions][-1] == "prospect"
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.start("explore", {0: ("prospect",), 1: ("develop",)})
    decision = t.game.pending
    assert decision.player == 0 and len(decision.info["seen"]) == 5
    assert decision.info["keep"] == 2
