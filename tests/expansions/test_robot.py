"""The solitaire robot: every worked example of the spec (shared/rules/solo-robot.md) and
each start world's marker, in constructed positions."""

import pytest
from rftg_cli.expansions.robot import phases, robot_result, robot_status, solo_result
from rftg_cli.expansions.robot.data import load_data
from rftg_cli.expansions.robot.dice import human_cells, place_dice, robot_actions

from rftg_cli.race.engine.scoring import score
from rftg_cli.plugins import ConfigError, new_game

from tests.helpers import registry
from tests.robot_helpers import (
    ALL_SETS,
    Dice,
    assert_cards_in_one_place,
    dev_not_six,
    make_game,
    military,
    named,
    non_dev_world,
    put_on_deck,
    reset_robot,
    set_pile,
    six_dev,
    solo_config,
    take,
)

# ---------------------------------------------------------------------- §4.3 dice placement

def test_rulebook_example_consume_x2_produce_develop_star():
    human = human_cells(("consume2", "produce"))
    assert human == ("Cx2", "P")
    assert place_dice(human, ("develop", "star")) == ("D1", "P")


def test_rulebook_example_both_explores_produce_star():
    human = human_cells(("explore5", "explore11"))
    assert human == ("E1", "E2")
    assert place_dice(human, ("produce", "star")) == ("P", "E1")


def test_star_goes_under_your_other_marker_when_the_die_is_under_one():
    assert place_dice(("D1", "P"), ("develop", "star")) == ("D1", "P")
    assert place_dice(("D1", "P"), ("produce", "star")) == ("P", "D1")


def test_two_stars_copy_both_markers_and_stars_slide_left():
    assert place_dice(("S1", "S2"), ("star", "star")) == ("S1", "S2")
    assert place_dice(("E1", "C$"), ("star", "star")) == ("E1", "C$")
    # Settle twice, one star: rightmost marker S2, slides to the free S1.
    assert place_dice(("S1", "S2"), ("star", "produce")) == ("S1", "P")
    # ... but not if a robot die already holds S1.
    assert place_dice(("S1", "S2"), ("star", "settle")) == ("S2", "S1")


def test_pairs_fill_left_then_right_and_single_cells_collapse():
    assert place_dice(("P", "C$"), ("develop", "develop")) == ("D1", "D2")
    assert place_dice(("P", "C$"), ("explore", "settle")) == ("E1", "S1")
    assert place_dice(("E1", "P"), ("produce", "produce")) == ("P", "P")
    assert robot_actions(("P", "P")) == ("produce",)
    assert robot_actions(("D2", "D1")) == ("develop", "develop2")


def test_your_single_develop_is_on_d1_whichever_card():
    assert human_cells(("develop2", "settle2")) == ("D1", "S1")
    assert human_cells(("develop", "develop2")) == ("D1", "D2")


def test_robot_face_means_the_robot_marker_and_the_plan_follows_the_dice():
    game = make_game(3)
    st = reset_robot(game, "Old Earth")       # Robot = Trade
    game.players[0].actions = ("consume2", "produce")
    game.rng = Dice(["robot", "star"])
    assert phases.select(game) == ("trade", "produce")
    assert st.faces == ("trade", "star") and st.cells == ("C$", "P")
    status = robot_status(game)
    assert [d["cell"] for d in status["dice"]] == ["C$", "P"]
    assert status["dice"][0]["face"] == "robot" and status["dice"][0]["means"] == "trade"
    assert "rolls Robot (= Consume-Trade) on Consume: Trade" in status["log"][0]


# ---------------------------------------------------------------------- §6 Explore

@pytest.mark.parametrize("cells,drawn,credits", [(("E1",), 1, 2), (("E1", "E2"), 3, 2),
                                                  (("P",), 1, 1)])
def test_explore_action_double_and_response(cells, drawn, credits):
    game = make_game(4)
    st = reset_robot(game)
    st.credits, before = 1, len(st.pile)
    st.cells = cells
    phases.phase_hook(game, "explore", 0)
    assert len(st.pile) == before + drawn
    assert st.credits == credits
    assert_cards_in_one_place(game)


def test_explore_credit_is_capped_at_4():
    game = make_game(4)
    st = reset_robot(game)
    st.credits = 4
    st.cells = ("E1",)
    phases.phase_hook(game, "explore", 0)
    assert st.credits == 4


# ---------------------------------------------------------------------- §6 Develop

def test_develop_example_action_places_a_non_six_development_free():
    game = make_game(5)
    st = reset_robot(game)
    st.credits = 1
    dev = take(game, dev_not_six)
    other = take(game, non_dev_world, 2)
    set_pile(game, st, [other[0], dev[0]])
    put_on_deck(game, [other[1]])                    # the card it draws is flipped first
    st.cells = ("D1", "P")
    phases.phase_hook(game, "develop", 0)
    assert st.tableau[-1] == dev[0]
    assert st.credits == 1 and len(st.pile) == 1
    assert game.discard_pile[-1] == other[1]
    assert_cards_in_one_place(game)


def test_develop_example_tile_then_response():
    game = make_game(6)
    st = reset_robot(game)
    assert st.tiles_left == 2
    st.credits = 4
    two_cost = take(game, lambda d: d.is_development and d.cost == 2)
    worlds = take(game, non_dev_world, 4)
    set_pile(game, st, [worlds[0], worlds[1], two_cost[0], worlds[2], worlds[3]])
    game.players[0].actions = ("develop", "develop2")
    st.cells = place_dice(human_cells(game.players[0].actions), ("develop", "explore"))
    assert st.cells == ("D1", "E1")
    size = len(st.tableau)
    phases.phase_hook(game, "develop", 0)            # robot action: tile
    assert (st.credits, st.tiles_left, st.tiles_placed) == (2, 1, 1)
    assert len(st.tableau) == size and len(st.pile) == 5
    phases.phase_hook(game, "develop", 1)            # response: 2 < 3 credits, search
    assert st.tableau[-1] == two_cost[0]
    assert st.credits == 1 and len(st.pile) == 2 and st.tiles_left == 1
    assert st.tableau_size == size + 2
    assert_cards_in_one_place(game)


def test_develop_action_with_no_credit_skips_six_cost_developments():
    game = make_game(7)
    st = reset_robot(game)
    st.credits = 0
    six, dev = take(game, six_dev), take(game, dev_not_six)
    set_pile(game, st, [dev[0], six[0]])
    put_on_deck(game, take(game, non_dev_world))
    st.cells = ("D1",)
    phases.phase_hook(game, "develop", 0)
    assert st.tableau[-1] == dev[0] and six[0] in game.discard_pile
    assert st.credits == 0


def test_develop_action_pays_one_credit_for_a_six_cost_development():
    game = make_game(7)
    st = reset_robot(game)
    st.credits, st.tiles_left = 1, 0
    six = take(game, six_dev)
    set_pile(game, st, six)
    put_on_deck(game, take(game, non_dev_world))
    st.cells = ("D1",)
    phases.phase_hook(game, "develop", 0)
    assert st.tableau[-1] == six[0] and st.credits == 0


def test_develop_response_without_credits_does_nothing():
    game = make_game(8)
    st = reset_robot(game)
    st.credits = 0
    pile = list(st.pile)
    st.cells = ()
    phases.phase_hook(game, "develop", 0)
    assert st.pile == pile and len(st.tableau) == 1
    assert "no credits, does nothing" in st.lines[-1]


# ---------------------------------------------------------------------- §6 Settle

def test_settle_example_response_with_no_credits_does_nothing():
    game = make_game(9)
    st = reset_robot(game)
    st.credits = 0
    pile = list(st.pile)
    st.cells = ("E1",)
    phases.phase_hook(game, "settle", 0)
    assert st.pile == pile and len(st.tableau) == 1


@pytest.mark.parametrize("found", [False, True])
def test_settle_example_twice_star_on_s1(found):
    game = make_game(10)
    st = reset_robot(game)
    game.players[0].actions = ("settle", "settle2")
    st.cells = place_dice(human_cells(game.players[0].actions), ("star", "produce"))
    assert st.cells == ("S1", "P")
    st.credits = 2
    world = take(game, non_dev_world)
    devs = take(game, dev_not_six, 5)
    set_pile(game, st, [devs[0], world[0]])
    put_on_deck(game, devs[1:4])
    phases.phase_hook(game, "settle", 0)             # action: draw 3, 4th flip placed
    assert st.tableau[-1] == world[0] and len(st.pile) == 1 and st.credits == 2
    second = take(game, non_dev_world) if found else take(game, dev_not_six)
    put_on_deck(game, [devs[4], second[0]])
    phases.phase_hook(game, "settle", 1)             # response: draw 2, search
    if found:
        assert st.tableau[-1] == second[0] and st.credits == 1 and len(st.pile) == 1
    else:
        assert st.pile == [] and st.credits == 2 and st.tableau[-1] == world[0]
    assert_cards_in_one_place(game)


def test_settle_never_places_a_military_world_on_the_standard_mat():
    game = make_game(11)
    st = reset_robot(game, "Old Earth")
    set_pile(game, st, take(game, military, 2))
    put_on_deck(game, take(game, military, 3))
    st.cells = ("S1",)
    phases.phase_hook(game, "settle", 0)
    assert st.pile == [] and len(st.tableau) == 1


# ---------------------------------------------------------------------- §6 Consume, Produce

def test_consume_example_trade_action_caps_credits():
    game = make_game(12)
    st = reset_robot(game)
    st.credits, st.economy = 3, 1
    game.players[0].actions = ("consume2", "explore5")
    st.cells = ("C$",)
    pool = game.pool
    phases.phase_hook(game, "consume", 0)
    assert (st.credits, st.economy, st.vp, game.pool) == (4, 1, 1, pool - 1)


@pytest.mark.parametrize("cells,vp,credits,economy", [
    (("Cx2",), 4, 1, 3), (("C$", "Cx2"), 4, 3, 3), (("P",), 2, 1, 2), (("C$",), 2, 3, 2)])
def test_consume_x2_both_and_response(cells, vp, credits, economy):
    game = make_game(12)
    st = reset_robot(game)
    st.credits, st.economy = 1, 2
    st.cells = cells
    phases.phase_hook(game, "consume", 0)
    assert (st.vp, st.credits, st.economy) == (vp, credits, economy)


def test_economy_is_capped_at_5():
    game = make_game(12)
    st = reset_robot(game)
    st.economy = 5
    st.cells = ("Cx2", "P")
    phases.phase_hook(game, "consume", 0)
    phases.phase_hook(game, "produce", 0)
    assert st.economy == 5 and st.vp == 10


def test_produce_example():
    game = make_game(13)
    st = reset_robot(game)
    st.economy = 0
    st.cells = ("P",)
    phases.phase_hook(game, "produce", 0)
    assert st.economy == 1
    st.cells = ("E1",)
    phases.phase_hook(game, "produce", 0)
    assert st.economy == 1
    st.economy = 2
    game.players[0].actions = ("produce", "explore5")
    st.cells = place_dice(human_cells(game.players[0].actions), ("produce", "settle"))
    phases.phase_hook(game, "produce", 0)
    assert st.economy == 3


# ---------------------------------------------------------------------- §3, §7 start worlds

@pytest.mark.parametrize("world,credits,economy,hand", [
    ("Old Earth", 1, 0, 4), ("Epsilon Eridani", 1, 1, 4), ("Alpha Centauri", 2, 0, 4),
    ("New Sparta", 1, 0, 4), ("Earth's Lost Colony", 1, 1, 4), ("Ancient Race", 0, 0, 3),
    ("Galactic Scavengers", 2, 0, 3), ("Uplift Mercenary Force", 1, 0, 4),
    ("Rebel Freedom Fighters", 1, 0, 4)])
def test_start_values(world, credits, economy, hand):
    game = make_game(20, sets=ALL_SETS)
    if game.name(game.players[0].tableau[0]) == world:
        game = make_game(21, sets=ALL_SETS)
    st = reset_robot(game, world)
    assert (st.credits, st.economy, len(st.pile)) == (credits, economy, hand)
    assert game.name(st.tableau[0]) == world
    assert_cards_in_one_place(game)


@pytest.mark.parametrize("level,tiles", [("easy", 1), ("normal", 2), ("hard", 3)])
def test_difficulty_tiles(level, tiles):
    game = make_game(1, difficulty=level)
    assert game.extra["robot"].tiles_left == tiles


def test_old_earth_robot_is_trade_until_its_first_trade_action():
    game = make_game(22)
    st = reset_robot(game, "Old Earth")
    assert st.robot_equals == "trade"
    st.cells = ("Cx2",)
    phases.phase_hook(game, "consume", 0)
    assert st.robot_equals == "trade"
    st.cells = ("C$",)
    phases.phase_hook(game, "consume", 0)
    assert st.robot_equals == "consume2"
    phases.phase_hook(game, "consume", 0)
    assert st.robot_equals == "consume2"


def test_damaged_alien_factory_marker_flips():
    """The marker starts on its Trade side (ZH-GS: the translator's note to the flip rule says
    the Produce side does not carry the number 7, so the numbered setup side is Trade; this
    test said Produce, the spec's [?] guess) and flips after each matching action."""
    game = make_game(23, sets=ALL_SETS)
    st = reset_robot(game, "Damaged Alien Factory")
    assert st.robot_equals == "trade"
    st.cells = ("P",)
    phases.phase_hook(game, "produce", 0)           # shows Trade: a Produce does not flip it
    assert st.robot_equals == "trade"
    st.cells = ("C$",)
    phases.phase_hook(game, "consume", 0)
    assert st.robot_equals == "produce"
    phases.phase_hook(game, "consume", 0)
    assert st.robot_equals == "produce"
    st.cells = ("P",)
    phases.phase_hook(game, "produce", 0)
    assert st.robot_equals == "trade"


def test_doomed_world_first_settle_action_searches_the_deck_once():
    game = make_game(24, sets=ALL_SETS)
    st = reset_robot(game, "Doomed World")
    doomed = st.tableau[0]
    pile = list(st.pile)
    rich = take(game, lambda d: non_dev_world(d) and d.vp >= 3)
    poor = take(game, lambda d: non_dev_world(d) and d.vp < 3)
    put_on_deck(game, [rich[0], poor[0]])
    st.cells = ("S1",)
    phases.phase_hook(game, "settle", 0)
    assert st.tableau == [rich[0]] and st.pile == pile
    assert (st.credits, st.economy) == (3, 1)
    assert doomed in game.discard_pile and poor[0] in game.discard_pile
    assert_cards_in_one_place(game)
    # The second Settle action is the standard one.
    world = take(game, non_dev_world)
    put_on_deck(game, [world[0]] + take(game, dev_not_six, 2))
    phases.phase_hook(game, "settle", 0)
    assert st.tableau[-1] in pile + [world[0]]
    assert robot_result(game)["cards"] == sum(game.design[c].vp for c in st.tableau)


def test_epsilon_eridani_settles_military_worlds_free_without_credits():
    game = make_game(25)
    if game.name(game.players[0].tableau[0]) == "Epsilon Eridani":
        game = make_game(26)
    st = reset_robot(game, "Epsilon Eridani")
    st.credits = 0
    mil, world = take(game, military), take(game, non_dev_world)
    set_pile(game, st, [mil[0], world[0]])
    put_on_deck(game, take(game, dev_not_six, 2))
    st.cells = ()
    phases.phase_hook(game, "settle", 0)
    assert st.tableau[-1] == mil[0] and st.credits == 0 and world[0] in game.discard_pile


def test_new_sparta_settle_action_draws_four_military():
    game = make_game(27)
    if game.name(game.players[0].tableau[0]) == "New Sparta":
        game = make_game(28)
    st = reset_robot(game, "New Sparta")
    set_pile(game, st, [])
    mil = take(game, military)
    put_on_deck(game, take(game, dev_not_six, 3) + mil)
    st.cells = ("S1",)
    phases.phase_hook(game, "settle", 0)
    assert st.tableau[-1] == mil[0] and st.pile == []


def test_uplift_mercenary_force_draws_four_plus_uplift_worlds():
    game = make_game(29, sets=ALL_SETS)
    st = reset_robot(game, "Uplift Mercenary Force")
    set_pile(game, st, [])
    put_on_deck(game, take(game, dev_not_six, 10))
    st.cells = ("S1",)
    deck = len(game.deck)
    phases.phase_hook(game, "settle", 0)
    assert deck - len(game.deck) == 5                # 4 + itself (an Uplift world)


def test_alien_research_team_trade_and_x2():
    game = make_game(30, sets=ALL_SETS)
    st = reset_robot(game, "Alien Research Team")
    st.credits, st.economy = 0, 1
    st.cells = ("C$",)
    phases.phase_hook(game, "consume", 0)
    assert st.credits == 3
    st.cells = ("Cx2",)
    phases.phase_hook(game, "consume", 0)
    # « un monde Alien » is a world of Alien goods [FR-BOW]: the team itself (an ALIEN card
    # without goods) is not one (this test used to count it), so no prestige yet.
    assert st.economy == 1 and st.prestige == 0
    st.tableau += take(game, lambda d: d.is_world and d.good == "alien"
                       and not d.is_start_world)
    phases.phase_hook(game, "consume", 0)
    assert st.economy == 1 and st.prestige == 1


def test_galactic_scavengers_credit_on_produce():
    game = make_game(31, sets=ALL_SETS)
    st = reset_robot(game, "Galactic Scavengers")
    st.cells = ()
    phases.phase_hook(game, "produce", 0)
    assert (st.credits, st.economy) == (3, 0)
    st.cells = ("P",)
    phases.phase_hook(game, "produce", 0)
    assert (st.credits, st.economy) == (4, 1)


def test_rebel_freedom_fighters_never_places_imperium_cards():
    game = make_game(32, sets=ALL_SETS)
    st = reset_robot(game, "Rebel Freedom Fighters")
    imp = take(game, lambda d: d.is_world and d.military and d.has_keyword("imperium"))
    set_pile(game, st, imp)
    put_on_deck(game, take(game, dev_not_six, 4))
    st.cells = ("S1",)
    phases.phase_hook(game, "settle", 0)
    assert imp[0] in game.discard_pile and len(st.tableau) == 1


# ---------------------------------------------------------------------- §8 scoring

def test_robot_score_values_six_cost_and_tiles_by_difficulty():
    for level, per in (("normal", 6), ("hard", 9)):
        game = make_game(40, difficulty=level)
        st = reset_robot(game, None)
        six = take(game, six_dev)
        world = take(game, lambda d: non_dev_world(d) and d.vp == 2)
        st.tableau += six + world
        st.tiles_placed, st.vp, st.credits, st.economy = 1, 5, 2, 3
        result = robot_result(game)
        assert result["six_cost_developments"] == per and result["tiles"] == per
        assert result["total"] == 5 + 2 + 2 * per
        assert result["tie_break"] == 5


def test_planet_buster_is_not_a_six_cost_development():
    game = make_game(40, sets=ALL_SETS)      # a deal that leaves the Planet Buster in the deck
    st = reset_robot(game, None)
    buster = named(game, "Imperium Planet Buster")
    st.tableau.append(buster)
    assert robot_result(game)["cards"] == game.design[buster].vp
    assert robot_result(game)["six_cost_developments"] == 0


def test_winner_and_tie_break():
    game = make_game(42)
    st = reset_robot(game, None)
    mine = score(game, 0).total
    st.vp = mine
    st.credits, st.economy = 0, 0
    hand = len(game.players[0].hand) + len(game.players[0].goods)
    assert solo_result(game)["winner"] == ("human" if hand > 0 else "tie")
    st.credits, st.economy = 4, 5
    assert hand < 9 and solo_result(game)["winner"] == "robot"
    st.vp = mine + 1
    assert solo_result(game)["winner"] == "robot"
    st.vp = 0
    if mine > 0:
        assert solo_result(game)["winner"] == "human"


def test_tiles_count_as_cards_for_the_game_end():
    game = make_game(43)
    st = reset_robot(game, None)
    assert not phases.end_check(game)
    st.tableau += take(game, non_dev_world, 9)
    st.tiles_placed = 3
    assert phases.end_check(game)


# ---------------------------------------------------------------------- config and rules

def test_solo_rules():
    game = new_game(solo_config(), 1, registry=registry())
    rules = game.rules
    assert rules.picks_per_round == 2 and len(rules.actions) == 9
    assert game.pool == 24 and rules.min_players == rules.max_players == 1
    assert game.pending.kind == "start_discard"
    assert registry().expansions["robot"].flag == "--solo"
    from rftg_cli.config import GameConfig
    from rftg_cli.plugins import with_implied

    # BoW solitaire: « Prenez 5 PV de plus (29 au total) », the prestige rules' 5-VP chip.
    bow = GameConfig(players=1, expansions=with_implied(("robot", "bow"), registry()))
    assert new_game(bow, 1, registry=registry()).pool == 29


def test_bad_configs_are_refused():
    from rftg_cli.config import GameConfig

    with pytest.raises(ConfigError, match="difficulty"):
        new_game(solo_config("insane"), 1, registry=registry())
    with pytest.raises(ConfigError):
        new_game(GameConfig(players=2, expansions=("robot",)), 1, registry=registry())


def test_data_file_keeps_the_spec_defaults():
    data = load_data()
    assert data.dice[0].count("robot") == 2 and "robot" not in data.dice[1]
    assert all("star" in die for die in data.dice)
    assert data.marker("Old Earth").robot == "trade"
    assert data.marker("New Sparta").robot == "settle"
    assert data.marker("Ancient Race").robot == "trade"
    assert data.marker("").mat["settle"]["action_draw"] == 3


def test_state_copy_is_independent_and_in_the_digest():
    game = make_game(44)
    copy = game.copy()
    assert copy.digest() == game.digest()
    copy.extra["robot"].credits += 1
    copy.extra["robot"].pile.append(-5)
    assert game.extra["robot"].pile[-1] != -5
    assert copy.digest() != game.digest()
