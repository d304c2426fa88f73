"""Every development power of Roll for the Galaxy in a constructed position (the tile names
are the rulebook's; each assertion is what the player sees on the table)."""

from __future__ import annotations

import pytest
from rftg_cli.expansions.roll.data import load_data
from rftg_cli.expansions.roll.powers import build_cost, check_kinds
from rftg_cli.expansions.roll.rules import build_rules

from tests.roll.roll_helpers import (
    blank,
    dice,
    give,
    good,
    run_phase,
    run_task,
    say,
    stack,
    texts,
    tile_id,
    workers,
)


def test_every_power_kind_has_a_handler():
    kinds = build_rules().powers
    assert check_kinds(load_data(), kinds) == []
    used = {s.kind for s in load_data().sides.values() if not s.is_world}
    assert used == set(kinds)


# ---------------------------------------------------------------- end-of-phase gains

@pytest.mark.parametrize("tile, phase, gain", [
    ("Free Trade Association", "ship", 2),
    ("Galactic Investors", "develop", 2),
    ("Robot Surveyors", "settle", 2),
    ("Merchant Guild", "produce", 2),
])
def test_credits_at_the_end_of_the_phase(tile, phase, gain):
    g = blank()
    give(g, 0, tile)
    run_phase(g, phase)
    assert g.players[0].credits == 1 + gain


def test_the_gain_does_not_come_in_another_phase():
    g = blank()
    give(g, 0, "Merchant Guild")
    run_phase(g, "ship")
    assert g.players[0].credits == 1


def test_galactic_investors_pays_in_the_phase_it_is_completed():
    g = blank()
    stack(g, 0, "Galactic Investors")
    workers(g, 0, "develop", "red red red red red")
    run_phase(g, "develop")
    assert "Galactic Investors" in g.players[0].tableau
    assert g.players[0].credits == 3


def test_space_tourism_extra_credit_with_a_world_of_the_highest_cost():
    g = blank()
    give(g, 0, "Space Tourism", "Alien Sentinels")       # a 6-cost world
    give(g, 1, "Deserted Alien Library")                 # another 6: a tie still pays
    run_phase(g, "ship")
    assert g.players[0].credits == 3
    g = blank()
    give(g, 0, "Space Tourism", "Spice World")
    give(g, 1, "Alien Sentinels")
    run_phase(g, "ship")
    assert g.players[0].credits == 2


def test_space_tourism_text_says_a_tie_pays():
    """Issue 38 item 15. The rulebook's clarification "Space Tourism": "S'il y a une égalité
    entre plusieurs mondes pour le coût le plus élevé, vous obtenez 1$ en plus seulement si
    vous possédez l'un d'entre eux" (a tie pays, as the rule above plays it): the tile's
    text must not say "alone", and says printed cost."""
    text = blank().side("Space Tourism").text
    assert "alone" not in text
    assert "world of the highest printed cost" in text and "a tie pays too" in text


def test_galactic_salon_takes_a_chip_at_the_end_of_ship():
    g = blank()
    give(g, 0, "Galactic Salon")
    pool = g.pool
    run_phase(g, "ship")
    assert g.players[0].vp == 1 and g.pool == pool - 1


def test_mining_league_and_consumer_markets_count_goods_on_their_colour():
    g = blank()
    give(g, 0, "Mining League", "Consumer Markets", "Asteroid Belt", "Radioactive World",
         "Spice World")
    good(g, 0, "Asteroid Belt", "brown")
    good(g, 0, "Radioactive World", "cyan")
    good(g, 0, "Spice World", "green")
    run_phase(g, "produce")
    assert g.players[0].credits == 1 + 2 + 1        # two goods on brown worlds, one on blue


def test_genetics_lab_counts_green_dice_as_goods_anywhere():
    g = blank()
    give(g, 0, "Genetics Lab", "Spice World", "Asteroid Belt")
    good(g, 0, "Spice World", "green")
    good(g, 0, "Asteroid Belt", "brown")
    run_phase(g, "produce")
    assert g.players[0].credits == 3


def test_galactic_religion_pays_per_cyan_in_the_citizenry():
    g = blank()
    give(g, 0, "Galactic Religion")
    g.players[0].citizenry = ["cyan", "cyan", "white"]
    run_phase(g, "develop")
    assert g.players[0].credits == 3


def test_space_piracy_rounds_up_per_two_red_dice():
    g = blank()
    give(g, 0, "Space Piracy")
    g.players[0].citizenry = ["red", "red", "red"]
    run_phase(g, "ship")
    assert g.players[0].credits == 3         # 1.5 rounds up to 2 (rulebook FAQ)


def test_technology_unions_needs_a_strict_lead_in_developments():
    g = blank()
    give(g, 0, "Technology Unions", "Space Docks")
    give(g, 1, "Public Works")
    run_phase(g, "explore")
    assert g.players[0].credits == 2
    give(g, 1, "Export Duties")
    run_phase(g, "produce")
    assert g.players[0].credits == 2


# ---------------------------------------------------------------- Explore

def test_alien_archaeology_stocks_four_with_a_yellow_explorer():
    g = blank()
    give(g, 0, "Alien Archaeology")
    workers(g, 0, "explore", "yellow white")
    run_phase(g, "explore")
    say(g, "stock with yellow")
    assert g.players[0].credits == 5
    say(g, "stock")
    assert g.players[0].credits == 7


@pytest.mark.parametrize("tile, temps", [
    ("Alien Research Ship", ["white", "yellow"]), ("Major Research Labs", ["white"])])
def test_temporary_explorers(tile, temps):
    g = blank()
    give(g, 0, tile)
    run_phase(g, "explore")
    for _ in temps:
        say(g, "stock with " + g.players[0].temps[0])
    assert g.players[0].credits == 1 + 2 * len(temps)
    assert g.players[0].citizenry == []        # temporary dice vanish


def test_improved_reconnaissance_may_place_on_top():
    g = blank()
    give(g, 0, "Improved Reconnaissance")
    stack(g, 0, "Spice World")
    workers(g, 0, "explore", "white")
    run_phase(g, "explore")
    say(g, "scout")
    say(g, "discard nothing")
    assert "scout: world side on top" in texts(g)
    say(g, "scout: world side on top")
    assert g.players[0].world_stack[1] == tile_id(g, "Spice World")


def test_without_it_tiles_go_to_the_bottom():
    g = blank()
    stack(g, 0, "Spice World")
    workers(g, 0, "explore", "white")
    run_phase(g, "explore")
    say(g, "scout")
    say(g, "discard nothing")
    assert texts(g) == ["scout: development side", "scout: world side"]
    say(g, "scout: development side")
    assert len(g.players[0].dev_stack) == 1


def test_advanced_logistics_reorders_and_turns_tiles_over():
    g = blank()
    give(g, 0, "Advanced Logistics")
    stack(g, 0, "Spice World", "Asteroid Belt", "Export Duties")
    workers(g, 0, "explore", "white")
    run_phase(g, "explore")
    say(g, "put Asteroid Belt on top")
    say(g, "turn over Export Duties")
    say(g, "stock")
    say(g, "done")
    p = g.players[0]
    assert p.world_stack[:2] == [tile_id(g, "Silicon World"), tile_id(g, "Asteroid Belt")]
    assert p.dev_stack == []


def test_advanced_logistics_needs_no_explorer():
    """Issue 38 item 13. FAQ, Pouvoirs des développements: "Ai-je besoin d'un travailleur
    affecté à une phase pour déclencher les pouvoirs qui se déroulent lors de celle-ci ?
    R : Non." (BGA also seats the owner in Explore without dice.)"""
    g = blank()
    give(g, 0, "Advanced Logistics")
    stack(g, 0, "Spice World", "Asteroid Belt")
    run_phase(g, "explore")
    assert "put Asteroid Belt on top" in texts(g)
    say(g, "put Asteroid Belt on top")
    say(g, "done")
    assert g.players[0].world_stack == [tile_id(g, "Asteroid Belt"), tile_id(g, "Spice World")]


def test_advanced_logistics_between_and_after_the_explorers():
    """Issue 38 item 13. Clarification "Advanced logistics": "Utilisez ce pouvoir autant de
    fois que vous le souhaitez lors de l'Exploration" (not only before the first explorer):
    a tile scouted by the last explorer can still be turned over."""
    g = blank()
    give(g, 0, "Advanced Logistics")
    stack(g, 0, "Spice World")
    workers(g, 0, "explore", "white white")
    run_phase(g, "explore")
    say(g, "stock")
    assert "turn over Spice World" in texts(g)          # between two explorers
    say(g, "scout")
    say(g, "discard nothing")
    say(g, "scout: world side")
    p = g.players[0]
    drawn = g.data.tiles[p.world_stack[1]].world.name
    assert f"turn over {drawn}" in texts(g)             # after the last explorer
    say(g, f"turn over {drawn}")
    say(g, "done")
    assert g.pending is None and len(p.dev_stack) == 1


def test_alien_research_team_draws_a_tile_and_pays_after_a_yellow_scout():
    g = blank()
    give(g, 0, "Alien Research Team")
    workers(g, 0, "explore", "yellow")
    run_phase(g, "explore")
    say(g, "scout")                       # nothing to discard: not asked
    say(g, "scout: world side")
    say(g, "scout: world side")
    p = g.players[0]
    assert len(p.world_stack) == 2 and p.credits == 2


# ---------------------------------------------------------------- building

def test_cost_reductions():
    g = blank()
    p = g.players[0]
    side = g.side
    give(g, 0, "Investment Credits")
    assert build_cost(g, p, side("Galactic Exchange")) == 5
    assert build_cost(g, p, side("Public Works")) == 1           # never below 1
    give(g, 0, "Biological Adaptation")
    assert build_cost(g, p, side("Nanotechnology")) == 3          # reassign: -1 -1
    assert build_cost(g, p, side("Export Duties")) == 1
    assert build_cost(g, p, side("Backup Planning")) == 1
    give(g, 0, "Free Trade Zone")
    assert build_cost(g, p, side("Trading World")) == 2           # gray 3 -> 2
    assert build_cost(g, p, side("Galactic Trendsetters")) == 4   # gray 6 -> 4
    give(g, 0, "Replicant Robots")
    assert build_cost(g, p, side("Trading World")) == 1           # FAQ: with Replicant, 1
    assert build_cost(g, p, side("Spice World")) == 1
    give(g, 0, "Alien Uplift Blueprints")
    assert build_cost(g, p, side("Alien Sentinels")) == 4         # yellow 6 -1 -1


def test_free_trade_zone_alone():
    g = blank()
    p = g.players[0]
    give(g, 0, "Free Trade Zone")
    assert build_cost(g, p, g.side("Galactic Trendsetters")) == 4
    assert build_cost(g, p, g.side("Fifth Column")) == 1          # never more than printed
    assert build_cost(g, p, g.side("Spice World")) == 2           # not gray


def test_alien_uplift_blueprints():
    g = blank()
    give(g, 0, "Alien Uplift Blueprints")
    assert build_cost(g, g.players[0], g.side("Plague World")) == 2
    assert build_cost(g, g.players[0], g.side("Spice World")) == 2


@pytest.mark.parametrize("tile, world, gain", [
    ("Galactic Recycling", "Spice World", 1), ("Terraforming Robots", "Spice World", 1),
    ("Terraforming Robots", "Asteroid Belt", 2), ("Public Works", "Spice World", 0)])
def test_credits_when_a_world_is_completed(tile, world, gain):
    g = blank()
    give(g, 0, tile)
    stack(g, 0, world)
    workers(g, 0, "settle", "red red")
    run_phase(g, "settle")
    assert world in g.players[0].tableau
    p = g.players[0]
    assert p.credits == 1 + gain


def test_public_works_pays_for_later_developments_not_itself():
    g = blank()
    stack(g, 0, "Public Works", "Jumpdrive Research")
    workers(g, 0, "develop", "red red")
    run_phase(g, "develop")
    p = g.players[0]
    assert p.tableau[-2:] == ["Public Works", "Jumpdrive Research"]
    assert p.credits == 2


@pytest.mark.parametrize("tile, gained", [
    ("Information Tech", ["cyan", "cyan"]), ("Conscription", ["red", "red"]),
    ("Space Marines", ["red"])])
def test_developments_that_remove_a_die_then_gain(tile, gained):
    g = blank()
    stack(g, 0, tile)
    cost = g.side(tile).cost
    workers(g, 0, "develop", " ".join(["white"] * cost))
    g.players[0].cup = ["purple"]
    g.supply["purple"] -= 1
    purples = g.supply["purple"]
    run_phase(g, "develop")
    say(g, "remove purple")
    p = g.players[0]
    assert sorted(p.cup) == sorted(gained)
    assert g.supply["purple"] == purples + 1       # back to the supply (issue 38 item 14)
    assert p.credits == (2 if tile == "Space Marines" else 1)


def test_galactic_federation_sends_two_developers_back_to_the_cup():
    g = blank()
    give(g, 0, "Galactic Federation")
    stack(g, 0, "Export Duties")
    workers(g, 0, "develop", "red white")
    run_phase(g, "develop")
    p = g.players[0]
    assert sorted(p.cup) == ["red", "white"] and p.citizenry == []


def test_galactic_federation_asks_which_when_colours_differ():
    g = blank()
    give(g, 0, "Galactic Federation")
    stack(g, 0, "Space Marines")
    workers(g, 0, "develop", "red white brown")
    run_phase(g, "develop")
    say(g, "to the cup: red, brown")
    p = g.players[0]
    assert sorted(p.cup) == ["brown", "red"] and p.citizenry == ["white"]


def test_new_galactic_order_sends_every_red_settler_to_the_cup():
    g = blank()
    give(g, 0, "New Galactic Order")
    stack(g, 0, "Rebel Hideout")
    workers(g, 0, "settle", "red white")
    run_phase(g, "settle")
    p = g.players[0]
    assert p.cup == ["red"] and p.citizenry.count("white") == 1


def test_galactic_exchange_sends_up_to_two_settlers_to_the_cup():
    g = blank()
    give(g, 0, "Galactic Exchange")
    stack(g, 0, "Lost Species Ark World")
    workers(g, 0, "settle", "green green green green green")
    run_phase(g, "settle")
    p = g.players[0]
    assert p.cup == ["green", "green"] and p.citizenry.count("green") == 3


# ---------------------------------------------------------------- Produce and Ship

def test_galactic_reserves_lets_a_world_hold_two_goods():
    g = blank()
    give(g, 0, "Galactic Reserves", "Spice World")
    workers(g, 0, "produce", "cyan cyan cyan")
    run_phase(g, "produce")
    p = g.players[0]
    assert p.goods == {"Spice World": ["cyan", "cyan"]} and p.cup == ["cyan"]


@pytest.mark.parametrize("tile, world, colour, credits", [
    ("Export Duties", "Spice World", "cyan", 1 + 3 + 1),
    ("Jumpdrive Research", "Asteroid Belt", "brown", 1 + 4 + 1),
    ("Jumpdrive Research", "Spice World", "cyan", 1 + 3),
    ("Galactic Demand", "Spice World", "cyan", 1 + 3 + 2),
])
def test_trade_bonuses(tile, world, colour, credits):
    g = blank()
    give(g, 0, tile, world)
    good(g, 0, world, colour)
    workers(g, 0, "ship", "white")
    run_phase(g, "ship")
    say(g, f"trade {world}")
    assert g.players[0].credits == credits


def test_galactic_bankers_buys_a_chip_for_a_credit_after_trading():
    g = blank()
    give(g, 0, "Galactic Bankers", "Spice World")
    good(g, 0, "Spice World", "cyan")
    workers(g, 0, "ship", "white")
    run_phase(g, "ship")
    say(g, "trade Spice World")
    say(g, "buy 1 VP for $1")
    p = g.players[0]
    assert p.credits == 3 and p.vp == 1


@pytest.mark.parametrize("tile, world, vp, credits", [
    ("New Economy", "Spice World", 3, 1 + 2),
    ("Trade Levies", "Spice World", 3, 1 + 1),
    ("Mining Industry", "Asteroid Belt", 3, 1 + 1),
    ("Mining Industry", "Spice World", 3, 1),
    ("Galactic Renaissance", "Spice World", 4, 1),
    ("Space Refineries", "Asteroid Belt", 4, 1),
    ("Space Refineries", "Spice World", 3, 1),
    ("Minor Research Labs", "Plague World", 4, 1),
    ("Minor Research Labs", "Spice World", 3, 1),
])
def test_consume_bonuses(tile, world, vp, credits):
    g = blank()
    give(g, 0, tile, world)
    good(g, 0, world, "purple")          # a purple good matches every world: 1 + 1
    workers(g, 0, "ship", "purple")      # and so does a purple shipper: + 1
    run_phase(g, "ship")
    say(g, f"consume {world}")
    assert g.players[0].vp == vp and g.players[0].credits == credits


@pytest.mark.parametrize("tile, temps", [
    ("Organic Shipyards", ["white", "green"]), ("Space Docks", ["white"])])
def test_temporary_shippers(tile, temps):
    g = blank()
    give(g, 0, tile, "Spice World", "Plague World")
    good(g, 0, "Spice World", "cyan")
    good(g, 0, "Plague World", "green")
    run_phase(g, "ship")
    assert {o[3] for o in g.pending.options} == set(temps)
    say(g, "consume green from Plague World with " + temps[-1])
    vp = 3 if temps[-1] == "green" else 2
    assert g.players[0].vp == vp
    assert g.players[0].citizenry == ["green"]          # the good; the shipper vanished


# ---------------------------------------------------------------- Reassign powers

def _assign_position(tile: str, columns: dict[str, str], selected: str = "develop"):
    g = blank()
    give(g, 0, tile)
    for phase, colours in columns.items():
        workers(g, 0, phase, colours)
    g.players[0].selection = (selected, "white")
    g.supply["white"] -= 1
    run_task(g, "assign", 0)
    return g


@pytest.mark.parametrize("tile, columns, legal, illegal", [
    ("Nanotechnology", {"explore": "red brown"}, "Nanotechnology: red to ship",
     "Nanotechnology: red to explore"),
    ("Isolation Policy", {"explore": "red", "settle": "cyan"}, "Isolation Policy: red to ship",
     "Isolation Policy: cyan to ship"),
    ("Space Mercenaries", {"explore": "red cyan"}, "Space Mercenaries: red to produce",
     "Space Mercenaries: cyan to produce"),
    ("Operations Affinity", {"ship": "cyan"}, "Operations Affinity: cyan to produce",
     "Operations Affinity: cyan to settle"),
    ("Local Subsidies", {"ship": "white cyan"}, "Local Subsidies: white to settle",
     "Local Subsidies: cyan to settle"),
    ("System Diversification", {"ship": "white cyan"}, "System Diversification: cyan to settle",
     "System Diversification: white to settle"),
    ("Homeworld Patriotism", {"ship": "white cyan"}, "Homeworld Patriotism: white to develop",
     "Homeworld Patriotism: white to settle"),
    ("Diversification", {"explore": "white", "ship": "white"}, "Diversification: white to ship",
     "Diversification: white from ship to explore"),
    ("Propaganda Campaign", {"ship": "cyan"}, "Propaganda Campaign: cyan to develop",
     "Propaganda Campaign: cyan to settle"),
    ("Hydroponics Guild", {"ship": "cyan red"}, "Hydroponics Guild: cyan to settle",
     "Hydroponics Guild: red to settle"),
    ("Colonial Affinity", {"ship": "cyan"}, "Colonial Affinity: cyan to settle",
     "Colonial Affinity: cyan to develop"),
    ("Shipping Affinity", {"explore": "cyan"}, "Shipping Affinity: cyan to ship",
     "Shipping Affinity: cyan to develop"),
    ("Galactic Influence", {"explore": "cyan"}, "Galactic Influence: cyan to produce",
     "Galactic Influence: cyan from ship to produce"),
    ("Technology Affinity", {"explore": "cyan"}, "Technology Affinity: cyan to develop",
     "Technology Affinity: cyan to settle"),
    ("Executive Power", {"explore": "cyan red", "ship": "white"},
     "Executive Power: cyan to develop", "Executive Power: white to develop"),
])
def test_reassign_powers(tile, columns, legal, illegal):
    g = _assign_position(tile, columns)
    options = texts(g)
    assert legal in options
    assert illegal not in options
    say(g, legal)
    assert tile in g.players[0].used


def test_a_two_die_power_sends_both_to_the_same_column():
    g = _assign_position("Nanotechnology", {"explore": "red brown"})
    say(g, "Nanotechnology: red to ship")
    assert texts(g) == ["stop", "also brown"]       # FAQ: no second column
    say(g, "also brown")
    assert sorted(c for c, _ in g.players[0].columns["ship"]) == ["brown", "red"]
    assert not any("Nanotechnology" in t for t in texts(g))   # once per round


def test_a_power_moving_several_dice_says_they_go_to_one_phase():
    """Official FAQ: "Un pouvoir de Réassignation qui assigne plusieurs travailleurs peut-il les
    assigner à différentes colonnes ? R : Non." (issue 38 item 15): the text says so too."""
    from rftg_cli.expansions.roll.data import load_data

    names = {"Nanotechnology", "Isolation Policy", "Mad Scientists", "System Diversification",
             "Galactic Mandate"}
    texts = [side.text for side in load_data().sides.values() if side.name in names]
    assert len(texts) == 5
    assert all("to one phase (all to the same one)" in t and "(s)" not in t for t in texts)


def test_executive_power_moves_exactly_two_from_one_column():
    g = _assign_position("Executive Power", {"explore": "cyan red"})
    say(g, "Executive Power: cyan to develop")      # the second die is forced: not asked
    assert g.players[0].columns["explore"] == []
    assert sorted(c for c, _ in g.players[0].columns["develop"]) == ["cyan", "red"]


def test_executive_power_needs_two_dice_in_one_column():
    g = _assign_position("Executive Power", {"explore": "cyan red white"})
    say(g, "Executive Power: cyan to develop")
    assert texts(g) == ["also red", "also white"]


@pytest.mark.parametrize("blue_mine, blue_other, count", [(2, 1, 2), (1, 1, 1), (0, 0, 1),
                                                          (0, 1, 0)])
def test_mad_scientists_reassigns_by_the_most_blue_worlds(blue_mine, blue_other, count):
    g = blank()
    give(g, 0, "Mad Scientists", *["Spice World", "Gem World"][:blue_mine])
    give(g, 1, *["Space Port", "New Vinland"][:blue_other])
    workers(g, 0, "explore", "red brown")
    g.players[0].selection = ("develop", "white")
    run_task(g, "assign", 0)
    moves = [t for t in texts(g) if t.startswith("Mad Scientists")]
    assert bool(moves) == (count > 0)
    if count:
        say(g, "Mad Scientists: red to ship")
        more = [t for t in texts(g) if t.startswith("also")]
        assert bool(more) == (count == 2)


def test_backup_planning_dictates_again_and_galactic_mandate_moves_three():
    g = blank()
    give(g, 0, "Backup Planning", "Galactic Mandate")
    workers(g, 0, "explore", "red red red white white cyan")
    g.players[0].selection = ("develop", "white")
    run_task(g, "assign", 0)
    say(g, "dictate red to settle")
    say(g, "pay with cyan")
    say(g, "also red")
    say(g, "also red")
    p = g.players[0]
    assert sorted(c for c, _ in p.columns["settle"]) == ["red", "red", "red"]
    assert p.dictate == ["cyan"]
    assert any(t.startswith("dictate") for t in texts(g))     # Backup Planning: again


def test_galactic_federation_does_not_send_its_own_developers_to_the_cup():
    """Issue 38 item 12. The tile: "Whenever you complete a *later* development, up to two
    of the developers that completed it go back into your cup" (tile text, data/roll.toml;
    BGA gives the power only once the tile is in the tableau)."""
    g = blank()
    stack(g, 0, "Galactic Federation", "Export Duties")
    workers(g, 0, "develop", "red red red red red red")
    run_phase(g, "develop")
    p = g.players[0]
    assert p.tableau == ["Galactic Federation"]
    assert p.cup == [] and p.citizenry == ["red"] * 6


def test_a_removed_die_goes_back_to_the_supply():
    """Issue 38 item 14. Rulebook, Coloniser: "Si un effet immédiat concerne le retrait de
    l'un de vos dés, remettez-le au centre de la table" (the supply, not the box): the
    last purple die of the supply, removed, can be gained again."""
    g = blank()
    g.supply["purple"] = 1
    stack(g, 0, "Space Marines")
    workers(g, 0, "develop", "white white white")
    g.players[0].cup = dice(g, "purple")
    assert g.supply["purple"] == 0
    run_phase(g, "develop")
    assert "Space Marines: which of your dice goes back to the supply?" == g.pending.prompt
    say(g, "remove purple")
    assert g.supply["purple"] == 1
    assert any("a purple die to the supply" in text for _, text in g.events)
    assert "return one of your dice to the supply" in g.side("Space Marines").text
