"""A test-only plugin (tests/plugin_fixtures/survey_corps.py) uses every engine registration
with no edit to the core: a new power kind on a new card, a new action card with its own
bonus, a step before a phase, its own typed state, a once-per-game action card; it plays
whole seeded games. Also: a deck holding a power kind nothing handles is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.errors import ConfigError
from rftg_cli.plugins import make_registry, new_game
from rftg_cli.race.ai.lookahead import determinize
from rftg_cli.rng import Rng

from tests.helpers import check_invariants, random_answer
from tests.powers_helpers import Table

FIXTURES = Path(__file__).parents[1] / "plugin_fixtures"
CONFIG = GameConfig(players=2, expansions=("survey-corps",))


@pytest.fixture(scope="module")
def registry():
    reg = make_registry(plugins_dir=FIXTURES)
    assert "survey-corps" in reg.expansions, reg.problems()
    return reg


def game_of(registry, seed=1):
    return new_game(CONFIG, seed, registry=registry)


def run_until(game, rng, predicate, limit=5000):
    for _ in range(limit):
        if game.over or predicate(game):
            return game
        game.apply(random_answer(game.pending, rng))
    raise AssertionError("the situation never came up")


def test_whole_seeded_games_keep_every_invariant(registry):
    for seed in range(12):
        game = game_of(registry, seed)
        rng = Rng(seed)
        while not game.over:
            check_invariants(game)
            game.apply(random_answer(game.pending, rng))
        check_invariants(game)
        assert game.phase == "over"


def test_the_new_card_is_in_the_deck_with_its_new_power(registry):
    game = game_of(registry)
    outposts = [c for c, d in enumerate(game.design) if d.name == "Survey Outpost"]
    assert len(outposts) == 2
    assert ("explore", "survey") in game.rules.powers


def test_new_power_kind_acts_in_its_phase(registry):
    """Survey Outpost (value 1) draws 2 more cards when its owner explores."""
    t = Table(config=CONFIG, plugins=registry)
    t.tableau(0, "Old Earth", "Survey Outpost")
    t.tableau(1, "New Sparta")
    t.start("explore", {0: ("explore5",), 1: ("explore5",)})
    assert len(t.p(0).explore_seen) == 2 + 5 + 2
    assert len(t.p(1).explore_seen) == 2 + 5


def test_new_action_card_gives_its_bonus(registry):
    """Survey calls Develop at -2 (and draws 1 after placing)."""
    t = Table(config=CONFIG, plugins=registry)
    assert "survey" in [a.id for a in t.game.rules.actions]
    [dev] = t.hand(0, "Investment Credits", extra=3)    # cost 1: free with -2
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.start("develop", {0: ("survey",), 1: ("explore5",)})
    t.answer(dev)
    assert dev in t.p(0).tableau
    assert len(t.p(0).hand) == 3 + 1          # paid nothing, drew 1 after placing


def test_once_per_game_card_is_offered_until_used(registry):
    game = game_of(registry, 3)
    rng = Rng(3)
    run_until(game, rng, lambda g: g.pending.kind == "action")
    me = game.pending.player
    assert any("charter" in o for o in game.pending.options)
    game.apply(next(o for o in game.pending.options if "charter" in o))
    assert "charter" in game.players[me].spent
    run_until(game, rng, lambda g: g.pending.kind == "action" and g.pending.player == me
              and g.round > 1)
    assert not any("charter" in o for o in game.pending.options)


def test_step_before_produce_and_state_copied_digested_hidden(registry):
    game = game_of(registry, 5)
    state = game.extra["survey"]
    assert len(state.cache) == 3 and len(state.dossiers) == 2
    copy = game.copy()
    copy.extra["survey"].tokens[0] += 1
    assert state.tokens[0] == 0, "a copy shares nothing with the original"
    assert copy.digest() != game.digest(), "the state is in the digest"
    view0, view1 = game.view(0)["extra"]["survey"], game.view(1)["extra"]["survey"]
    assert view0["my_dossier"] == state.dossiers[0] and view1["my_dossier"] == state.dossiers[1]
    assert "cache" not in view0 and view0["cache_size"] == 3
    world = determinize(game, 0, Rng(1))
    assert len(world.extra["survey"].cache) == 3
    # The step: a player with an outpost gets a token before each Produce phase. Seeded
    # random games are played until one reaches it (which seed does depends on the deal).
    has_outpost = lambda g: any(g.design[c].name == "Survey Outpost"  # noqa: E731
                                for p in g.players for c in p.tableau)
    for seed in range(5, 45):
        game = game_of(registry, seed)
        run_until(game, Rng(seed), lambda g: has_outpost(g) and g.phase == "produce")
        if not game.over:
            break
    assert not game.over
    assert sum(game.extra["survey"].tokens) >= 1


def test_state_without_the_protocol_is_refused(registry):
    game = game_of(registry)
    with pytest.raises(TypeError, match="copy|digest_part"):
        game.extra["bad"] = [1, 2, 3]


def test_deck_with_an_unhandled_power_kind_is_refused(tmp_path):
    """No power ever silently does nothing: a card set whose kinds no plugin handles."""
    (tmp_path / "odd.py").write_text(
        "from rftg_cli.race.cards.model import Card, Power\n"
        "from rftg_cli.plugins import Expansion\n"
        "ODD = Card(id=90_100, name='Odd Relay', set='base', type='development', cost=1, "
        "vp=0, copies=1, powers=(Power('develop', 'teleport', value=1),))\n"
        "def rftg_register_expansions(register):\n"
        "    register(Expansion(name='odd', flag='--odd', description='odd'))\n"
        "def rftg_configure_rules(config, rules):\n"
        "    if 'odd' in config.expansions:\n"
        "        rules.extra_cards.append((ODD, 1))\n")
    reg = make_registry(plugins_dir=tmp_path)
    with pytest.raises(ConfigError, match="Odd Relay has the develop power 'teleport'"):
        new_game(GameConfig(players=2, expansions=("odd",)), 1, registry=reg)
    new_game(GameConfig(players=2), 1, registry=reg)       # the base game still plays


def test_every_shipped_set_is_either_handled_or_refused():
    """Sets whose power kinds are not all handled yet are refused in one line."""
    from rftg_cli.race.cards.loader import load_cards
    from rftg_cli.race.engine import Game, Rules
    from rftg_cli.race.base_game import build_rules

    reg = make_registry(plugins_dir=False)
    db = load_cards()
    for card_set in ("base", "tgs", "rvi", "bow", "promo"):
        rules = build_rules(GameConfig(players=2), reg)
        rules.card_sets.add(card_set)
        missing = rules.powers.unhandled(db.in_sets(rules.card_sets))
        if missing:
            with pytest.raises(ConfigError, match="which no plugin of this game handles"):
                Game(GameConfig(players=2), 1, rules, db)
        else:
            Game(GameConfig(players=2), 1, rules, db)
