"""Every power kind, consume shape and VP rule used by the cards of every set is exercised
by a constructed-position test.

The list is derived from the tests, not kept by hand: the power tests
(tests/race/test_powers_<phase>.py) and the scoring tests (tests/race/test_rules_scoring.py)
are run here with every power handler and every variable-VP card's scoring recorded, and what
the cards use must be among what those tests made act. A card file that gains a power kind
fails this test until a test makes that kind act.
"""

from __future__ import annotations

import functools
import importlib

from rftg_cli.race.cards.loader import load_cards
from rftg_cli.race.cards.model import Power
from rftg_cli.race.engine import scoring
from rftg_cli.race.engine.game import Game
from rftg_cli.race.engine.powers import PowerRegistry

TEST_MODULES = ("race.test_powers_explore", "race.test_powers_develop", "race.test_powers_settle",
                "race.test_powers_consume", "race.test_powers_produce", "race.test_rules_scoring",
                "race.test_powers_settle_sets", "race.test_powers_sets",
                "race.test_rules_scoring_sets", "race.test_powers_bow", "expansions.test_takeovers",
                "expansions.test_powers_prestige")

SETS = ("base", "tgs", "rvi", "bow", "promo")


class Exercised:
    """What the tests made act: power kinds, consume shapes and VP rules."""

    def __init__(self) -> None:
        self.kinds: set[tuple[str, str]] = set()
        self.shapes: set[str] = set()
        self.vp_rules: set[str] = set()

    def wrap(self, fn, phase: str, kind: str):
        @functools.wraps(fn)
        def recorded(*args, **kwargs):
            self.kinds.add((phase, kind))
            for arg in args:
                if isinstance(arg, Power) and arg.kind == "consume":
                    self.shapes.add(arg.consume)
            return fn(*args, **kwargs)
        return recorded


def exercised(monkeypatch) -> Exercised:
    """Run every test of TEST_MODULES with the engine's power lookups recording."""
    seen = Exercised()
    handlers, lookups, handler, variable_vp = Game.power_handlers, Game._lookups, \
        PowerRegistry.handler, scoring.variable_vp

    def recording(found):
        for c, idx, power, fn in found:
            yield c, idx, power, seen.wrap(fn, power.phase, power.kind)

    def power_handlers(self, *args, **kwargs):
        yield from recording(handlers(self, *args, **kwargs))

    def recorded_lookups(self, p):
        # A tableau's lookups are made here, then kept (`PlayerState.handlers`) and read by
        # every power call of the phase.
        found = {key: tuple(recording(found)) for key, found in lookups(self, p).items()}
        p.handlers = (p.active, found)
        return found

    def registry_handler(self, phase, kind, role):
        fn = handler(self, phase, kind, role)
        return None if fn is None else seen.wrap(fn, phase, kind)

    def scored(game, player, card, *args):
        seen.vp_rules.update(rule.match for rule in card.vp_rules)
        return variable_vp(game, player, card, *args)

    monkeypatch.setattr(Game, "power_handlers", power_handlers)
    monkeypatch.setattr(Game, "_lookups", recorded_lookups)
    monkeypatch.setattr(PowerRegistry, "handler", registry_handler)
    monkeypatch.setattr(scoring, "variable_vp", scored)
    for name in TEST_MODULES:
        module = importlib.import_module(f"tests.{name}")
        tests = [getattr(module, t) for t in dir(module) if t.startswith("test_")]
        assert tests, f"{name} holds no tests"
        for test in tests:
            test()
    return seen


def set_cards():
    return [c for c in load_cards().cards if c.set in SETS]


def test_every_power_kind_consume_shape_and_vp_rule_is_exercised(monkeypatch):
    seen = exercised(monkeypatch)
    cards = set_cards()
    kinds = {(p.phase, p.kind) for c in cards for p in c.powers}
    shapes = {p.consume for c in cards for p in c.powers if p.kind == "consume"}
    vp_rules = {r.match for c in cards for r in c.vp_rules}
    assert kinds - seen.kinds == set(), "power kinds no test makes act"
    assert shapes - seen.shapes == set(), "consume shapes no test makes act"
    assert vp_rules - seen.vp_rules == set(), "VP rules no test scores"


def test_the_recording_sees_only_what_the_tests_make_act(monkeypatch):
    """Running the Explore tests alone records Explore powers, no Produce power and no VP
    rule: the list comes from the tests that ran, not from the cards."""
    monkeypatch.setattr(f"{__name__}.TEST_MODULES", ("race.test_powers_explore",))
    seen = exercised(monkeypatch)
    assert ("explore", "draw") in seen.kinds
    assert not any(phase == "produce" for phase, _ in seen.kinds)
    assert seen.vp_rules == set()
