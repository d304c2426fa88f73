"""The quick play (`ai_policy`) in constructed positions where it used to err: it values
Settle and Develop by what it can really place, keeps the cards a later phase of the round
needs, and games with every seat on the quick play end."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.ai.policy import action_values, option_value, policy_answer
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import registry
from tests.powers_helpers import Table


def ask_action(t: Table, player: int):
    t.game.push(("ask_action", player))
    t.game.run()
    assert t.pending.kind == "action" and t.pending.player == player
    return t.pending


def test_a_reduction_for_alien_worlds_does_not_make_a_plain_world_affordable():
    """Alien Rosetta Stone World lowers only Alien worlds' cost: with New Vinland (cost 2)
    alone in hand nothing can be settled, so the quick play calls no Settle (it used to,
    round after round, and the game never ended: base game, 2 players, seed 92)."""
    t = Table()
    t.tableau(0, "Earth's Lost Colony", "Alien Rosetta Stone World", "Mining Conglomerate")
    t.tableau(1, "Old Earth")
    t.hand(0, "New Vinland")
    assert action_values(t.game, 0)["settle"] == 0
    decision = ask_action(t, 0)
    assert policy_answer(t.game, decision, Rng(1)) != ("settle",)
    # With two cards to pay with, New Vinland can be placed and Settle is worth it.
    t.pad(0, 2)
    assert action_values(t.game, 0)["settle"] > 0


def test_a_military_world_beyond_the_tableau_military_is_not_counted_for_settle():
    """Rebel Warrior Race needs 3 military (and can't be paid for with cards): with none,
    Settle brings nothing; with Space Marines (+2) and New Military Tactics' +3, it does."""
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "Alpha Centauri")
    t.hand(0, "Rebel Warrior Race", extra=3)
    assert action_values(t.game, 0)["settle"] == 0
    t.tableau(0, "Space Marines", "New Military Tactics")
    p = t.game.players[0]
    p.active = tuple(p.tableau)        # its powers act from the next phase on
    assert action_values(t.game, 0)["settle"] > 0


def test_a_development_is_not_paid_with_the_world_a_later_settle_places():
    """Chose Develop and Settle (advanced two-player cards): Research Labs costs 3 (the
    Develop bonus), paid from Pilgrimage World (cost 0, 2 VP) and three cards. The quick
    play used to pay with Pilgrimage World, leaving nothing to settle; it keeps it for its
    Settle and places both."""
    t = Table(expert=True)
    t.tableau(0, "Old Earth")
    t.tableau(1, "Alpha Centauri")
    labs, pilgrimage = t.hand(0, "Research Labs", "Pilgrimage World", "Galactic Federation",
                              "New Economy", "Alien Tech Institute")[:2]
    actions = {0: ("develop", "settle"), 1: ()}
    game = t.game

    def quick(decision):
        return policy_answer(game, decision, Rng(1))
    t.run("develop", actions, policy=quick)
    assert labs in game.players[0].tableau and pilgrimage in game.players[0].hand
    t.run("settle", actions, policy=quick)
    assert pilgrimage in game.players[0].tableau


def test_a_produce_called_with_a_consume_counts_the_worlds_the_consume_empties():
    """Consume comes before Produce: a seat with full production worlds and a consume power
    values Produce more when it also calls the Consume that empties them."""
    t = Table(expert=True)
    t.tableau(0, "Old Earth", "Mining World", "Consumer Markets")
    t.tableau(1, "Alpha Centauri")
    world = t.game.players[0].tableau[1]
    t.good(0, world)
    values = action_values(t.game, 0)
    assert option_value(values, ("explore5", "produce")) == option_value(values, ("explore5",))
    assert option_value(values, ("consume2", "produce")) > option_value(values, ("consume2",))
    assert option_value(values, ("consume2",)) > 0


def test_develop_and_settle_are_valued_together_from_one_hand():
    """Three cards: Mining Robots costs 1 (the Develop bonus), New Vinland 2. Either can be
    placed, not both (1 + 2 cards paid and the two placed: 5 cards): Develop and Settle
    together bring what the better of them brings alone, not the sum."""
    t = Table(expert=True)
    t.tableau(0, "Old Earth")
    t.tableau(1, "Alpha Centauri")
    t.hand(0, "Mining Robots", "New Vinland", extra=1)
    values = action_values(t.game, 0)
    develop = option_value(values, ("develop",))
    settle = option_value(values, ("settle",))
    assert develop > 0 and settle > 0
    assert option_value(values, ("develop", "settle")) == max(develop, settle)
    t.pad(0, 2)            # five cards: both are placed
    values = action_values(t.game, 0)
    assert option_value(values, ("develop", "settle")) == pytest.approx(
        option_value(values, ("develop",)) + option_value(values, ("settle",)))


def test_cards_traded_for_are_worth_nothing_to_a_full_hand():
    """Trading a good brings cards: worth something to a hand of two, nothing to a hand of
    ten (the round ends with discarding down to 10)."""
    t = Table(expert=True)
    t.tableau(0, "Old Earth", "Mining World")
    t.tableau(1, "Alpha Centauri")
    t.good(0, t.game.players[0].tableau[1])
    t.pad(0, 2)
    assert option_value(action_values(t.game, 0), ("trade",)) > 0
    t.pad(0, 8)
    assert option_value(action_values(t.game, 0), ("trade",)) == 0


def test_a_six_cost_development_few_cards_feed_is_not_kept_over_one_every_world_feeds():
    """Explore (draw 2, keep 1) shows Galactic Renaissance and Galactic Survey: SETI, both
    6-cost developments scoring nothing extra yet. Renaissance's bonus grows only with three
    named developments (Research Labs, Galactic Trendsetters, Artist Colony: 3 VP each) and
    the VP chips; SETI's with every world and every card with an Explore power. The quick
    play valued the bonus still to come by a card's best points (3 a card) and kept
    Renaissance; it now counts what the game's cards score on each, and keeps SETI."""
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "Alpha Centauri")
    t.pad(0, 3)
    renaissance, seti = t.stack("Galactic Renaissance", "Galactic Survey: SETI")
    game = t.game
    t.run("explore", {1: ("explore",)}, policy=lambda d: policy_answer(game, d, Rng(1)))
    assert seti in game.players[0].hand and renaissance not in game.players[0].hand


STALLED = [("base-2p", GameConfig(players=2), 92),
           ("bow-2p", GameConfig(players=2, expansions=("bow", "tgs", "rvi", "prestige",
                                                        "search"),
                                 options=(("goals", "on"), ("takeovers", "on"))), 49)]


@pytest.mark.parametrize("config,seed", [(c, s) for _, c, s in STALLED],
                         ids=[n for n, _, _ in STALLED])
def test_games_with_every_seat_on_the_quick_play_end(config, seed):
    """The deals on which every seat kept choosing Settle with no world it could place
    (the game never ended) now end within 40 rounds."""
    game = new_game(config, seed, registry=registry(), record=False)
    rng = Rng(seed)
    while not game.over and game.round <= 40:
        game.apply(policy_answer(game, game.pending, rng))
    assert game.over and game.round <= 40
