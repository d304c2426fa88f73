"""The rules of Roll for the Galaxy, step by step, in constructed positions (rulebook
references are to shared/rules/roll-for-the-galaxy.fr.txt and our summary)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rftg_cli.expansions.roll.data import DATA, load_data
from rftg_cli.expansions.roll.scoring import Holdings, bonus_breakdown
from tools import roll_tiles

from tests.helpers import missing_reference
from tests.roll.roll_helpers import (
    blank,
    give,
    good,
    new_game,
    run_phase,
    run_task,
    say,
    stack,
    texts,
    workers,
)



def _reference() -> Path:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "reference" / "roll"
        if candidate.is_dir():
            return candidate
    missing_reference("shared/reference/roll not found above the checkout: the shipped data "
                      "cannot be checked against the reference facts")


def test_the_converter_regenerates_the_shipped_data(tmp_path):
    roll_tiles.write(roll_tiles.convert(_reference()), tmp_path)
    assert (tmp_path / "roll.toml").read_text(encoding="utf-8") == DATA.read_text(
        encoding="utf-8")


def test_the_components():
    data = load_data()
    assert data.total_dice() == 111
    assert len(data.tiles) == 55 and len(data.factions) == 9 and len(data.homes) == 9
    assert len({s.name for s in data.sides.values()}) == 55 * 2 + 9 * 2 + 9


# ---------------------------------------------------------------- setup

@pytest.mark.parametrize("seed", range(6))
def test_setup(seed):
    """3 white dice in the cup, 2 in the citizenry, $1 (Doomed World $8), the faction and
    home world built with their immediate effects, one tile on each stack (rulebook, Mise
    en place)."""
    g = new_game(3, seed)
    data = load_data()
    while g.pending.kind == "start":
        say(g, texts(g)[0])
    for p in g.players:
        rolled = [c for col in p.columns.values() for c, _ in col]
        home = next(h for h in data.homes if h.number == p.home)
        faction = next(f for f in data.factions if f.number == p.faction)
        assert p.tableau == [home.side.name] + [s.name for s in faction.sides]
        assert p.credits == home.start_credits
        cup, cit, goods = ["white"] * 3, ["white"] * 2, []
        for side in (home.side, *faction.sides):
            for gain in side.gain:
                {"cup": cup, "citizenry": cit, "good": goods}[gain.to].extend(
                    [gain.die] * gain.count)
        assert sorted(rolled) == sorted(cup) and sorted(p.citizenry) == sorted(cit)
        assert sorted(d for gs in p.goods.values() for d in gs) == sorted(goods)
        assert len(p.dev_stack) == len(p.world_stack) == 1
        assert g.tile_count(p) == 3           # the faction tile counts 2, the home world 1


@pytest.mark.parametrize("name", [h.side.name for h in load_data().homes]
                         + [s.name for f in load_data().factions for s in f.sides
                            if s.is_world])
def test_every_starting_world_effect(name):
    g = blank()
    side = g.side(name)
    g.players[0].tableau.append(name)
    run_task(g, "world_effect", 0, name)
    p = g.players[0]
    for gain in side.gain:
        where = {"cup": p.cup, "citizenry": p.citizenry,
                 "good": p.goods.get(name, [])}[gain.to]
        assert where.count(gain.die) >= gain.count
    assert len(p.all_dice()) == sum(gain.count for gain in side.gain)


def test_the_start_tiles_are_chosen_by_side():
    g = new_game(2, 3)
    a, b = g.pending.options[0]
    tiles = load_data().tiles
    say(g, f"develop {tiles[b].development.name}, settle {tiles[a].world.name}")
    assert g.players[0].dev_stack == [b] and g.players[0].world_stack == [a]


# ---------------------------------------------------------------- roll, assign, reveal

def test_the_roll_sorts_dice_into_columns_and_wild_dice_into_explore():
    g = new_game(2, 5)
    while g.pending.kind == "start":
        say(g, texts(g)[0])
    p = g.players[0]
    dice = sum(len(c) for c in p.columns.values())
    assert dice >= 3 and p.cup == []
    for phase, column in p.columns.items():
        for colour, wild in column:
            assert (phase == "explore") if wild else True


def test_select_then_dictate_then_done():
    g = blank()
    workers(g, 0, "explore", "white white")
    workers(g, 0, "ship", "cyan")
    run_task(g, "assign", 0)
    assert "done" not in texts(g)                      # a phase must be selected
    assert not any(t.startswith("dictate") for t in texts(g))   # FAQ: select first
    say(g, "select develop with white")
    say(g, "dictate cyan to produce")          # the one other die pays: not asked
    p = g.players[0]
    assert p.selection == ("develop", "white") and p.dictate == ["white"]
    assert p.columns["produce"] == [("cyan", False)]
    assert g.pending is None        # nothing left to move: 'done' is forced, never asked


def test_wild_dice_move_freely():
    g = blank()
    workers(g, 0, "explore", "green", wild=True)
    workers(g, 0, "explore", "white")
    run_task(g, "assign", 0)
    say(g, "wild green to settle")
    say(g, "wild green to ship")
    assert g.players[0].columns["ship"] == [("green", True)]


def test_reveal_two_players_adds_the_white_die():
    g = blank(2)
    g.players[0].selection = ("ship", "white")
    g.players[1].selection = ("ship", "red")
    g.supply["white"] -= 1
    g.supply["red"] -= 1
    workers(g, 0, "develop", "red")
    run_task(g, "reveal")
    assert g.white_die in ("explore", "develop", "settle", "produce", "ship")
    assert set(g.selected) == {"ship", g.white_die}
    if g.white_die != "develop":
        assert g.players[0].cup == ["red"]            # unselected phase: back to the cup
    assert g.players[0].columns["ship"] == [("white", False)]


def test_reveal_three_players_has_no_extra_die():
    g = blank(3)
    for i, p in enumerate(g.players):
        p.selection = (("explore", "ship", "ship")[i], "white")
    run_task(g, "reveal")
    assert g.selected == ("explore", "ship") and g.white_die == ""


# ---------------------------------------------------------------- the phases

def test_explore_stock_gives_two_credits_capped_at_ten():
    g = blank()
    g.players[0].credits = 9
    workers(g, 0, "explore", "white")
    run_phase(g, "explore")
    say(g, "stock")
    p = g.players[0]
    assert p.credits == 10 and p.citizenry == ["white"]


def test_scout_discards_then_draws_one_more_each():
    g = blank()
    stack(g, 0, "Spice World", "Export Duties")
    workers(g, 0, "explore", "white")
    run_phase(g, "explore")
    say(g, "scout")
    say(g, "discard Spice World, Export Duties")
    drawn = list(g.players[0].scouted)
    assert len(drawn) == 3                     # all drawn and seen before placing
    for tile in reversed(drawn):               # placed in any order
        say(g, f"scout: world side {g.data.tiles[tile].world.name}")
    assert g.players[0].world_stack == drawn[::-1]
    p = g.players[0]
    assert len(p.world_stack) == 3 and p.dev_stack == []
    assert g.abandoned == [] and len(g.bag) == 55 - 3   # abandoned tiles back in the bag


def test_develop_completes_and_continues_on_the_next_tile():
    g = blank()
    stack(g, 0, "Export Duties", "Public Works")
    workers(g, 0, "develop", "red red red red")
    run_phase(g, "develop")
    p = g.players[0]
    assert p.tableau == ["Export Duties", "Public Works"]
    assert p.citizenry == ["red"] * 3 and p.cup == ["red"]   # nothing left to build: cup


def test_developers_wait_on_an_unfinished_tile_across_rounds():
    g = blank()
    stack(g, 0, "Galactic Salon")
    workers(g, 0, "develop", "red red")
    run_phase(g, "develop")
    p = g.players[0]
    assert p.building == {"development": ["red", "red"], "world": []}
    workers(g, 0, "develop", "red red")
    run_phase(g, "develop")
    assert "Galactic Salon" in p.tableau and p.citizenry.count("red") == 4


def test_develop_asks_which_dice_complete_when_colours_differ():
    g = blank()
    stack(g, 0, "Export Duties")
    workers(g, 0, "develop", "red white brown")
    run_phase(g, "develop")
    say(g, "build with red, brown")
    p = g.players[0]
    assert sorted(p.citizenry) == ["brown", "red"] and p.cup == ["white"]


def test_settle_applies_the_world_effect():
    g = blank()
    stack(g, 0, "Former Penal Colony")
    workers(g, 0, "settle", "white")
    whites = g.supply["white"]
    run_phase(g, "settle")                     # the settler is the only die to remove
    p = g.players[0]
    assert "Former Penal Colony" in p.tableau
    # issue 38 item 14: the removed die goes back to the supply, not to the box
    assert p.cup == ["red"] and g.supply["white"] == whites + 1


def test_produce_on_worlds_without_goods_and_never_on_gray():
    g = blank()
    give(g, 0, "Spice World", "Fifth Column", "Plague World")
    good(g, 0, "Plague World", "green")
    workers(g, 0, "produce", "cyan cyan")
    run_phase(g, "produce")
    p = g.players[0]
    assert p.goods == {"Spice World": ["cyan"], "Plague World": ["green"]}
    assert p.cup == ["cyan"]


def test_ship_trade_and_consume():
    g = blank()
    give(g, 0, "Plague World", "Asteroid Belt")
    good(g, 0, "Plague World", "green")
    good(g, 0, "Asteroid Belt", "cyan")
    workers(g, 0, "ship", "green white")
    run_phase(g, "ship")
    say(g, "consume green from Plague World with green")
    assert g.players[0].vp == 3                # 1 + good matches + shipper matches
    say(g, "trade Asteroid Belt")
    p = g.players[0]
    assert p.credits == 5 and p.goods == {}
    assert sorted(p.citizenry) == ["cyan", "green", "green", "white"]


# ---------------------------------------------------------------- Manage Empire

def test_recruit_is_compulsory_and_the_floor_is_one():
    g = blank()
    p = g.players[0]
    p.citizenry = ["white", "white", "white"]
    p.credits = 2
    run_task(g, "recruit", 0)
    assert p.cup == ["white", "white"] and p.credits == 1


def test_recruit_asks_which_dice_when_credits_are_short():
    g = blank()
    p = g.players[0]
    p.citizenry = ["white", "red", "cyan"]
    p.credits = 1
    run_task(g, "recruit", 0)
    say(g, "recruit red")
    assert p.cup == ["red"] and p.credits == 1


def test_recall_is_optional_unless_the_cup_is_empty():
    g = blank()
    give(g, 0, "Spice World")
    good(g, 0, "Spice World", "cyan")
    p = g.players[0]
    p.cup = ["white"]
    run_task(g, "recall", 0)
    say(g, "recall nothing")
    assert p.goods == {"Spice World": ["cyan"]}
    p.cup = []
    run_task(g, "recall", 0)                  # the only die to recall: not asked
    assert p.cup == ["cyan"] and p.goods == {}
    give(g, 0, "Plague World")
    good(g, 0, "Spice World", "cyan")
    good(g, 0, "Plague World", "green")
    p.cup = []
    run_task(g, "recall", 0)
    with pytest.raises(ValueError):
        say(g, "recall nothing")
    say(g, "recall green good on Plague World")
    assert p.cup == ["green"]


def test_dictated_dice_return_to_the_cup_at_reveal():
    g = blank(3)
    p = g.players[0]
    p.dictate = ["red"]
    run_task(g, "reveal")
    assert p.cup == ["red"] and p.dictate == []


def test_dice_waiting_stay_at_the_top_of_the_stack_when_its_tile_is_discarded():
    """Rulebook, Explorer: the developers and settlers in the construction zone stay at the
    top of their stack, even if it is emptied by abandoning tiles."""
    g = blank()
    stack(g, 0, "Galactic Salon")
    p = g.players[0]
    p.building["development"] = ["red", "red"]
    workers(g, 0, "explore", "white")
    run_phase(g, "explore")
    say(g, "scout")
    say(g, "discard Galactic Salon")
    say(g, "scout: development side " + g.data.tiles[p.scouted[0]].development.name)
    say(g, "scout: development side")
    assert p.building["development"] == ["red", "red"] and len(p.dev_stack) == 2


# ---------------------------------------------------------------- the end

def test_the_game_ends_when_the_pool_is_empty():
    g = blank()
    g.pool = 0
    run_task(g, "round_end")
    assert g.over and "VP pool" in g.end_reason


def test_the_game_ends_at_twelve_tiles_counting_the_faction_tile_twice():
    g = blank()
    give(g, 0, "Space Piracy", "Hidden Fortress", "New Sparta")
    names = [t.world.name for t in load_data().tiles.values()][:9]
    give(g, 0, *names)
    run_task(g, "round_end")
    assert g.over and "12 tiles" in g.end_reason


def test_the_game_goes_on_below_twelve():
    g = blank()
    give(g, 0, *[t.world.name for t in load_data().tiles.values()][:11])
    g.players[0].cup = ["white"]
    run_task(g, "round_end")
    assert not g.over and g.round == 2


def test_scores_and_the_tie_break():
    g = blank()
    give(g, 0, "Spice World")          # 2
    give(g, 1, "Fifth Column", "Secluded World")   # 1 + 1
    g.players[0].cup, g.players[0].credits = ["white"], 1
    g.players[1].cup, g.players[1].credits = ["white", "red"], 1
    g.over = True
    out = g.outcome()
    assert [r.score for r in out.results] == [2, 2]
    assert out.winners == ("Player 2",)         # most dice in the cup + credits
    g.players[1].cup = ["white"]
    assert g.outcome().winners == ("Player 1", "Player 2")   # still tied: shared


def _holdings(devs, worlds=(), dice=(), vp=0, goods=0):
    d = load_data().sides
    return Holdings([d[n] for n in devs], [d[n] for n in worlds], list(dice), vp, goods)


@pytest.mark.parametrize("devs, worlds, dice, vp, goods, tile, bonus", [
    (["New Galactic Order"], [], ["red"] * 4, 0, 0, "New Galactic Order", 4),
    (["Galactic Exchange"], [], ["red", "white", "red", "cyan"], 0, 0, "Galactic Exchange", 3),
    (["Galactic Federation", "Public Works"], [], [], 0, 0, "Galactic Federation", 3),
    (["Galactic Bankers", "Public Works", "Space Piracy"], [], [], 0, 0,
     "Galactic Bankers", 3),
    (["Free Trade Association"], ["Spice World", "Secluded World", "Asteroid Belt"], [], 0, 0,
     "Free Trade Association", 2),
    (["Mining League"], ["Asteroid Belt", "Radioactive World", "Spice World"], [], 0, 0,
     "Mining League", 4),
    (["Galactic Renaissance"], [], [], 6, 0, "Galactic Renaissance", 3),
    (["Galactic Renaissance"], [], [], 9, 0, "Galactic Renaissance", 3),
    (["New Economy", "Nanotechnology", "Public Works"], [], [], 0, 0, "New Economy", 2),
    (["Galactic Reserves"], [], [], 0, 3, "Galactic Reserves", 3),
    (["System Diversification", "Nanotechnology", "Backup Planning"], [], [], 0, 0,
     "System Diversification", 6),
])
def test_six_cost_development_bonuses(devs, worlds, dice, vp, goods, tile, bonus):
    assert bonus_breakdown(_holdings(devs, worlds, dice, vp, goods))[tile] == bonus


def test_doomed_world_starts_with_eight_credits():
    for seed in range(100):
        g = new_game(5, seed)
        doomed = [p for p in g.players if g.data.homes[p.home - 1].side.name == "Doomed World"]
        if doomed:
            assert doomed[0].credits == 8
            assert all(p.credits == 1 for p in g.players if p not in doomed)
            return
    pytest.fail("no seed dealt Doomed World")


def test_players_act_from_the_lowest_faction_number():
    from rftg_cli.expansions.roll.round import play_order
    g = new_game(4, 2)
    order = play_order(g)
    factions = [g.players[i].faction for i in order]
    assert factions[0] == min(factions) and sorted(order) == [0, 1, 2, 3]
    assert order == [(order[0] + k) % 4 for k in range(4)]


def test_an_empty_bag_makes_crowded_construction_zones_give_a_tile_back():
    """FAQ, Explore ("très rare"): with the bag and the abandoned tiles empty, every player
    with 3 or more construction tiles puts one back, and the scout draws it."""
    g = blank()
    stack(g, 1, "Spice World", "Plague World", "Export Duties")
    rest = list(g.bag)
    g.bag.clear()
    workers(g, 0, "explore", "white")
    run_phase(g, "explore")
    say(g, "scout")
    assert g.pending.kind == "give_back" and g.pending.player == 1
    say(g, "give back Export Duties")
    say(g, "scout: world side")
    p0 = g.players[0]
    assert p0.world_stack == [g.side("Export Duties").tile]
    assert len(g.players[1].dev_stack) == 0
    g.bag.extend(rest)       # the other tiles were set aside only for this position


def test_more_dice_waiting_than_needed_the_player_picks_which_complete():
    g = blank()
    stack(g, 0, "Jumpdrive Research", "Export Duties")     # costs 1, then 2
    g.players[0].building["development"] = ["red", "white", "brown"]
    run_phase(g, "develop")
    say(g, "complete with white")            # the two left complete the next: not asked
    p = g.players[0]
    assert p.tableau == ["Jumpdrive Research", "Export Duties"]
    assert sorted(p.citizenry) == ["brown", "red", "white"]
    assert p.building["development"] == []


# ---------------------------------------------------------------- the open points, as data

def test_the_open_points_are_values_that_change_the_rules(monkeypatch):
    from rftg_cli.expansions.roll.data import choices
    g = blank()
    give(g, 0, "Space Tourism", "Alien Sentinels")
    give(g, 1, "Deserted Alien Library")                  # both hold a 6-cost world
    monkeypatch.setitem(choices(), "space_tourism_tie_pays", False)   # BGA's reading
    run_phase(g, "ship")
    assert g.players[0].credits == 2
    g = blank()
    give(g, 0, "Technology Unions")
    give(g, 1, "Public Works")
    monkeypatch.setitem(choices(), "technology_unions_strict", False)
    run_phase(g, "produce")
    assert g.players[0].credits == 2
    g = blank()
    give(g, 0, "Spice World", "Plague World")
    good(g, 0, "Spice World", "cyan")
    good(g, 0, "Plague World", "green")
    monkeypatch.setitem(choices(), "recall_one_when_cup_empty", False)
    run_task(g, "recall", 0)
    say(g, "recall nothing")
    assert g.players[0].cup == []


def test_enter_plays_the_first_answer_and_it_makes_progress():
    """A terminal seat plays the first legal answer on Enter: select the fullest column's
    phase, then done; whole games end that way."""
    g = new_game(1, 9)
    while not g.over:
        g.apply(g.legal_answers(1)[0])
        assert g.round < 60
    assert g.outcome().finished


def test_counts_and_verbs_agree_in_the_messages():
    """Issue 38 item 17: "which 1 dice", "1 tiles" (one rule for every message: words.py)."""
    import io

    from rich.console import Console

    from rftg_cli.expansions.roll.screen import SCREEN

    g = blank()
    stack(g, 0, "Public Works")                       # costs 1: one of two dice completes it
    workers(g, 0, "develop", "red white")
    run_phase(g, "develop")
    assert g.pending.prompt == "Develop: which 1 die completes Public Works?"
    g = blank(1)
    g.bot.tableau.append("Public Works")
    out = io.StringIO()
    Console(file=out, width=120, no_color=True).print(SCREEN.board(g, 0, Console(), None))
    assert "0 VP chips  1 tile  rolled" in out.getvalue()

    from rftg_cli.expansions.roll.words import counted, says

    assert [counted(1, "die"), counted(2, "die"), counted(1, "tile"), counted(0, "tile")] == [
        "1 die", "2 dice", "1 tile", "0 tiles"]
    assert [says("You", "have"), says("Ann", "have"), says("Ann", "go")] == [
        "have", "has", "goes"]
