"""The 2-player expert game (rulebook, "Variante expert pour 2 joueurs"), rule by rule.

Each test builds a constructed position with the rules the `expert` plugin makes, then plays
one whole round through the engine: both seats choose two action cards, the engine reveals
them, plans the phases and runs them. Decisions are recorded with the phase instance they
were asked in, so the tests read like the rulebook.
"""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.expansions.expert import EXPERT_ACTIONS
from rftg_cli.plugins import ConfigError, new_game
from rftg_cli.race.base_game import build_rules

from tests.helpers import registry
from tests.powers_helpers import Table, default_answer

EXPERT = GameConfig(players=2, expansions=("expert",))
ORDER = [a.id for a in EXPERT_ACTIONS]


def expert_table() -> Table:
    t = Table(players=2)
    t.game.config = EXPERT
    t.game.rules = build_rules(EXPERT, registry())
    t.game.pool = t.game.rules.vp_per_player * 2
    return t


def play_round(t: Table, picks: dict[int, tuple[str, str]], policy=None) -> list[tuple]:
    """Play one whole round: seat i chooses `picks[i]`; other decisions go to `policy`
    (None -> pass / lowest cards). Returns (phase, instance, decision) for each decision."""
    g = t.game
    g.tasks.clear()
    g.pending = None
    g.over = False
    g.push(("round_start",))
    g.run()
    first = g.round
    asked = []
    while g.pending is not None and not (g.pending.kind == "action" and g.round > first):
        d = g.pending
        asked.append((g.phase, g.instance, d))
        if d.kind == "action":
            answer = tuple(sorted(picks[d.player], key=ORDER.index))
        else:
            answer = policy(d) if policy else None
        g.apply(default_answer(d) if answer is None else answer)
    return asked


def bonus_events(t: Table, player: int, why: str) -> int:
    name = t.p(player).name
    return sum(1 for who, text in t.game.events
               if who == -1 and text.startswith(f"{name} draws") and f"({why})" in text)


# ---------------------------------------------------------------------- the plugin itself

def test_expert_rules_have_nine_action_cards_and_two_picks():
    rules = build_rules(EXPERT, registry())
    assert len(rules.actions) == 9 and rules.picks_per_round == 2
    game = new_game(EXPERT, 3, registry=registry())
    while game.pending.kind != "action":
        game.apply(default_answer(game.pending))
    options = game.pending.options
    assert ("develop", "develop2") in options and ("explore5", "explore11") in options
    assert all(len(set(o)) == 2 for o in options)
    assert len(options) == 36   # any two of the nine cards


def test_base_game_keeps_seven_cards_and_one_pick():
    rules = build_rules(GameConfig(players=2), registry())
    assert len(rules.actions) == 7 and rules.picks_per_round == 1


@pytest.mark.parametrize("players", [3, 4])
def test_expert_needs_exactly_two_players(players):
    with pytest.raises(ConfigError) as err:
        new_game(GameConfig(players=players, expansions=("expert",)), 1, registry=registry())
    message = str(err.value)
    assert message == f"--expert is for exactly 2 players, not {players}"
    assert "\n" not in message


# ---------------------------------------------------------------------- Explore

@pytest.mark.parametrize("powers, drawn", [((), 8), (("Expedition Force",), 9)])
def test_both_explores_make_one_explore_drawing_8_keeping_2(powers, drawn):
    t = expert_table()
    t.tableau(0, *powers)
    asked = play_round(t, {0: ("explore5", "explore11"), 1: ("develop", "settle")})
    assert [(ph, i) for ph, i in t.game.bonus_phases] == [
        ("explore", 0), ("develop", 0), ("settle", 0)]
    explores = {d.player: d for ph, _, d in asked if d.kind == "explore"}
    assert len(explores[0].info["seen"]) == drawn and explores[0].info["keep"] == 2
    assert explores[0].count == (drawn - 2, drawn - 2)
    # The other player did not choose Explore: the plain 2 drawn, 1 kept.
    assert len(explores[1].info["seen"]) == 2 and explores[1].info["keep"] == 1
    assert len(t.p(0).hand) == 2


# ---------------------------------------------------------------------- Develop twice

def test_develop_twice_runs_two_phases_and_single_develop_gets_bonus_only_in_first():
    t = expert_table()
    credits, marines = t.hand(0, "Investment Credits", "Space Marines", extra=4)
    (robots,) = t.hand(1, "Mining Robots", extra=4)

    def policy(d):
        if d.kind == "develop" and d.player == 0 and credits in d.options:
            return credits
        return None

    asked = play_round(t, {0: ("develop", "develop2"), 1: ("develop", "produce")}, policy)
    assert t.game.bonus_phases == [("develop", 0), ("develop", 1), ("produce", 0)]
    costs = {(i, d.player): d.info["costs"] for ph, i, d in asked
             if ph == "develop" and d.kind == "develop"}
    # First Develop: both players chose Develop, both get the -1.
    assert costs[0, 0][credits] == 0 and costs[0, 0][marines] == 1
    assert costs[0, 1][robots] == 1
    # Second Develop: only the player who chose both cards keeps the bonus ...
    assert costs[1, 1][robots] == 2
    # ... and Investment Credits, placed in the first Develop, already works (-1 -1).
    assert costs[1, 0][marines] == 0
    assert credits in t.p(0).tableau


def test_second_develop_card_alone_gives_its_bonus_in_the_single_develop():
    t = expert_table()
    (marines,) = t.hand(0, "Space Marines", extra=3)
    asked = play_round(t, {0: ("develop2", "produce"), 1: ("explore5", "produce")})
    assert t.game.bonus_phases == [("explore", 0), ("develop", 0), ("produce", 0)]
    (cost,) = [d.info["costs"] for ph, _, d in asked if d.kind == "develop" and d.player == 0]
    assert cost[marines] == 1


# ---------------------------------------------------------------------- Settle twice

def test_settle_twice_bonus_in_both_for_chooser_first_only_for_the_other():
    t = expert_table()
    t.tableau(0, "Expedition Force")                 # +1 military
    destroyed, belt = t.hand(1, "Destroyed World", "Asteroid Belt")   # before any padding
    blaster, penal = t.hand(0, "Blaster Gem Mines", "Former Penal Colony", extra=4)
    t.pad(1, 4)
    settle_options = {}

    def policy(d):
        if d.kind == "pay":
            n = d.count[0]
            return tuple(sorted(c for c in d.options if c not in (penal, belt))[:n])
        if d.kind != "settle":
            return None
        wanted = {(0, 0): (blaster, "pay", ()), (1, 0): (penal, "conquer", ()),
                  (0, 1): (destroyed, "pay", ()), (1, 1): (belt, "pay", ())}
        option = wanted[t.game.instance, d.player]
        if "ways" not in d.info:         # after the reveal: how to place the world
            return option
        # Face down: the world; every way each world could be placed is in its info.
        settle_options[t.game.instance, d.player] = tuple(
            way for ways in d.info["ways"].values() for way in ways)
        return (option[0], "place", ())

    play_round(t, {0: ("settle", "settle2"), 1: ("settle", "produce")}, policy)
    assert t.game.bonus_phases == [("settle", 0), ("settle", 1), ("produce", 0)]
    # Blaster Gem Mines (+1 military), settled in the first Settle, lets the second one
    # conquer Former Penal Colony (defense 2): 1 + 1.
    assert (penal, "conquer", ()) not in settle_options[0, 0]
    assert (penal, "conquer", ()) in settle_options[1, 0]
    assert {blaster, penal} <= set(t.p(0).tableau)
    assert {destroyed, belt} <= set(t.p(1).tableau)
    assert bonus_events(t, 0, "Settle bonus") == 2
    assert bonus_events(t, 1, "Settle bonus") == 1


# ---------------------------------------------------------------------- Consume

def test_both_consumes_trade_first_then_double_vp():
    t = expert_table()
    markets, gem, penal = t.tableau(0, "Consumer Markets", "Gem World", "Former Penal Colony")
    t.good(0, gem)
    t.good(0, penal)
    asked = play_round(t, {0: ("trade", "consume2"), 1: ("produce", "explore5")},
                       lambda d: gem if d.kind == "trade" else None)
    kinds = [d.kind for ph, _, d in asked if ph == "consume" and d.player == 0]
    assert kinds == ["trade"]            # the consume that follows is forced
    assert t.game.bonus_phases == [("explore", 0), ("consume", 0), ("produce", 0)]
    sold = [text for who, text in t.game.events if "trades the good on Gem World" in text]
    gained = [text for who, text in t.game.events if "gains 2 VP (Consumer Markets)" in text]
    assert sold and gained
    assert t.game.events.index((-1, sold[0])) < t.game.events.index((-1, gained[0]))
    assert t.p(0).vp == 2                # one novelty good, 1 VP, doubled


def test_consume_x2_alone_does_not_trade():
    t = expert_table()
    markets, gem = t.tableau(0, "Consumer Markets", "Gem World")
    t.good(0, gem)
    asked = play_round(t, {0: ("consume2", "explore5"), 1: ("produce", "explore5")})
    assert not [d for _, _, d in asked if d.kind == "trade"]
    assert t.p(0).vp == 2
