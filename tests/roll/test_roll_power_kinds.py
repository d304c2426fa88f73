"""The dice game's tile power kinds are registered per game, through its rules (issue 36),
and its tiles are checked against them when a game is created: a tile naming a kind the game
does not know is refused in one line, as the card game refuses such a card."""

from __future__ import annotations

import pytest

from rftg_cli.expansions import roll
from rftg_cli.config import GameConfig
from rftg_cli.errors import ConfigError
from rftg_cli.expansions.roll.data import DATA, load_data, parse
from rftg_cli.expansions.roll.powers import PowerKind
from rftg_cli.plugins import make_registry, new_game

CONFIG = GameConfig(players=2, expansions=("roll",))


def test_a_tile_naming_an_unknown_power_kind_is_refused_when_the_game_is_created(monkeypatch):
    text = DATA.read_text(encoding="utf-8")
    assert text.count('kind = "credits_end_of_phase"') >= 1
    typo = parse(text.replace('kind = "credits_end_of_phase"', 'kind = "credits_end_of_phaze"',
                              1))
    tile = next(name for name, side in typo.sides.items() if side.kind == "credits_end_of_phaze")
    monkeypatch.setattr(roll, "load_data", lambda: typo)
    with pytest.raises(ConfigError) as info:
        new_game(CONFIG, 1, registry=make_registry(plugins_dir=False))
    assert str(info.value) == (f"tile data is broken: {DATA}: tile {tile!r}: unknown power "
                               "kind 'credits_end_of_phaze'")


def test_a_games_power_kinds_are_its_own():
    registry = make_registry(plugins_dir=False)
    one, other = new_game(CONFIG, 1, registry=registry), new_game(CONFIG, 2, registry=registry)
    used = {side.kind for side in load_data().sides.values() if not side.is_world}
    assert set(one.rules.powers) == used
    one.rules.add_powers(PowerKind("house_rule", "never"))
    assert "house_rule" in one.copy().rules.powers
    assert "house_rule" not in other.rules.powers
    with pytest.raises(ValueError, match="power kind 'house_rule' is already registered"):
        one.rules.add_powers(PowerKind("house_rule", "always"))
