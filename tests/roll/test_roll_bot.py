"""The solo credit bot, on the worked examples of shared/rules/roll-solo-bot.md section 14."""

from __future__ import annotations

from collections import Counter

import pytest
from rftg_cli.expansions.roll.bot import BotState, bot_roll_phases, bot_rules
from rftg_cli.expansions.roll.data import PHASES

from rftg_cli.rng import Rng
from tests.roll.roll_helpers import blank, new_game, run_task


def solo(**options):
    g = blank(1, **options)
    g.bot = BotState()
    return g


def put(g, where: list, *names: str) -> None:
    for name in names:
        tile = g.side(name).tile
        g.bag.remove(tile)
        where.append(tile)


def bot_phase(g, phase: str, rolled: tuple[str, ...]) -> None:
    g.bot.phases = rolled
    run_task(g, "bot_phase", phase)


def test_t1_setup_cheaper_world_to_the_world_stack():
    g = new_game(1, 4)
    g.apply(g.pending.options[0])
    bot = g.bot
    tiles = g.data.tiles
    world, dev = bot.world_stack[0], bot.dev_stack[0]
    assert tiles[world].world.color != "gray"      # replaced if gray (spec 4)
    assert len(bot.dev_stack) == 1 and dev != world
    assert bot.credits == 1 and bot.tableau == []
    assert g.pool == 24


def test_t3_round_with_explore_settle_produce():
    g = solo()
    put(g, g.bot.world_stack, "Radioactive World")
    put(g, g.bot.dev_stack, "Space Tourism")
    bot_phase(g, "explore", ("explore", "produce"))
    assert g.bot.credits == 3 and len(g.bot.world_stack) == 2   # a tie goes to worlds
    bot_phase(g, "settle", ("explore", "produce"))              # weak: the human's phase
    assert g.bot.tableau == ["Radioactive World"] and g.bot.credits == 1
    bot_phase(g, "produce", ("explore", "produce"))
    assert g.bot.goods == ["Radioactive World"]


def test_t4_a_shift_chain_ends_in_a_weak_ship():
    g = solo()
    g.bot.credits = 1
    g.bot.tableau = ["Radioactive World"]
    g.bot.goods = ["Radioactive World"]
    put(g, g.bot.world_stack, "Galactic Resort")
    put(g, g.bot.dev_stack, "Space Tourism")
    bot_phase(g, "develop", ("develop", "ship"))
    assert g.bot.credits == 5 and g.bot.goods == []
    bot_phase(g, "ship", ("develop", "ship"))                   # no goods: weak Explore
    assert g.bot.credits == 6 and len(g.bot.world_stack) == 2


def test_t6_strong_ship_trades_the_best_and_consumes_the_next():
    for difficulty, vp in (("normal", 2), ("advanced", 2), ("expert", 3), ("professional", 3)):
        g = solo(difficulty=difficulty)
        g.bot.credits = 2
        g.bot.tableau = ["Radioactive World", "Galactic Resort"]
        g.bot.goods = ["Radioactive World", "Galactic Resort"]
        bot_phase(g, "ship", ("produce", "ship"))
        assert g.bot.credits == 6 and g.bot.vp == vp


def test_t7_weak_action_impossible_does_nothing():
    g = solo()
    g.bot.credits = 2
    put(g, g.bot.dev_stack, "Investment Credits")
    bot_phase(g, "develop", ("explore", "ship"))
    assert g.bot.credits == 2 and g.bot.tableau == []


def test_t8_t9_weak_ship_cap_and_consume_at_ten():
    g = solo()
    g.bot.credits = 9
    g.bot.tableau = ["Lost Alien Warship", "Plague World", "Galactic Resort"]
    g.bot.goods = list(g.bot.tableau)
    bot_phase(g, "ship", ("explore", "develop"))
    assert g.bot.credits == 10 and sorted(g.bot.goods) == ["Galactic Resort", "Plague World"]
    bot_phase(g, "ship", ("explore", "develop"))
    assert g.bot.goods == ["Plague World"] and g.bot.vp == 2      # the second-highest


def test_t10_strong_ship_at_ten_consumes_two():
    g = solo(difficulty="advanced")
    g.bot.credits = 10
    g.bot.tableau = ["Lost Alien Warship", "Plague World", "Galactic Resort"]
    g.bot.goods = list(g.bot.tableau)
    bot_phase(g, "ship", ("produce", "ship"))
    assert g.bot.vp == 9 and g.bot.goods == ["Galactic Resort"]


def test_t11_strong_produce_ranks_worlds():
    g = solo()
    g.bot.tableau = ["Lost Alien Warship", "Spice World", "Plague World", "Asteroid Belt",
                     "Fifth Column"]
    g.bot.goods = ["Plague World"]
    bot_phase(g, "produce", ("produce", "ship"))
    assert sorted(g.bot.goods) == ["Asteroid Belt", "Lost Alien Warship", "Plague World"]


def test_t13_double_settle_and_the_floor():
    g = solo()
    g.bot.credits = 5
    put(g, g.bot.dev_stack, "Mining League")
    put(g, g.bot.world_stack, "Galactic Resort", "Spice World")
    bot_phase(g, "develop", ("develop", "settle"))
    bot_phase(g, "settle", ("develop", "settle"))
    assert g.bot.tableau == ["Galactic Resort", "Spice World"] and g.bot.credits == 0
    run_task(g, "bot_manage")
    assert g.bot.credits == bot_rules().raw["credit_floor"]


def test_t14_scoring_bonuses_only_at_professional():
    for difficulty, total in (("normal", 30), ("professional", 34)):
        g = solo(difficulty=difficulty)
        g.bot.tableau = ["Mining League", "Space Tourism", "Radioactive World",
                         "Asteroid Belt", "Galactic Resort"]
        g.bot.vp = 14
        bot = g.outcome().by_name()["Bot"]
        assert bot.score == total and bot.kind == "robot" and bot.seat is None


def test_t15_phase_roll_statistics():
    g = solo()
    g.rng = Rng(7)
    counts: Counter = Counter()
    n = 20000
    for _ in range(n):
        counts[bot_roll_phases(g)] += 1
    for pair, count in counts.items():
        expected = 0.15 if "explore" in pair else 1 / 15
        assert abs(count / n - expected) < 0.012, pair
    assert len(counts) == 10


def test_unknown_difficulty_is_refused():
    from rftg_cli.errors import ConfigError
    with pytest.raises(ConfigError):
        new_game(1, 1, difficulty="heroic")


def test_the_bot_phases_happen_for_the_human():
    g = new_game(1, 2)
    while g.round < 2:
        options = g.pending.options
        g.apply(("done",) if ("done",) in options else options[0])
        if g.phase not in ("assign", "setup") and g.round == 1:
            break
    assert len(g.bot.phases) == 2
    assert set(g.bot.phases) <= set(g.selected) <= set(PHASES)


class FirstTile:
    """A stand-in generator that always draws the first tile of the (sorted) bag."""

    def randbelow(self, n):
        return 0


def test_t2_a_gray_starting_world_is_replaced():
    g = solo()
    rest = [t for t in g.bag if t not in (9, 17, 28)]
    g.bag = [9, 17, 28]
    g.rng = FirstTile()
    run_task(g, "bot_setup")
    assert g.bot.world_stack == [28] and g.bot.dev_stack == [17]   # Distant World, Export Duties
    assert g.bag == [9]
    g.bag += rest


def test_t16_chips_past_an_empty_pool_still_count_and_end_the_game():
    g = solo()
    g.pool = 2
    g.bot.vp = 12
    g.bot.credits = 10
    g.bot.tableau = ["Lost Alien Warship", "Plague World"]
    g.bot.goods = list(g.bot.tableau)
    bot_phase(g, "ship", ("produce", "ship"))
    assert g.bot.vp == 12 + 3 + 3 and g.pool == -4
    g.players[0].cup = ["white"]
    run_task(g, "round_end")
    assert g.over and "VP pool" in g.end_reason
