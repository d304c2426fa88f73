"""The robot's data values drive its behaviour (issue 13): every rule of `robot.toml`'s
[rules] is read by the code, each choice the spec leaves open is a value there, and the
rulings on Alien worlds, Damaged Alien Factory, Doomed World and the level names (spec
`shared/rules/solo-robot.md`, [FR-BOW] `shared/rules/brink-of-war-prestige-search.fr.txt`)."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest
from rftg_cli.expansions.robot import phases, robot_status, scoring
from rftg_cli.expansions.robot.data import load_data
from rftg_cli.expansions.robot.dice import human_cells

from rftg_cli.race.engine.scoring import score
from rftg_cli.plugins import ConfigError, new_game

from tests.helpers import registry
from tests.robot_helpers import (
    ALL_SETS,
    Dice,
    assert_cards_in_one_place,
    make_game,
    named,
    non_dev_world,
    put_on_deck,
    reset_robot,
    set_pile,
    solo_config,
    take,
)


@pytest.fixture
def rule(monkeypatch):
    """Set one value of the data's [rules] for this test, as an edit of robot.toml would."""
    def set_rule(key: str, value) -> None:
        data = load_data()
        changed = dataclasses.replace(data, rules=MappingProxyType({**data.rules, key: value}))
        for module in (phases, scoring):
            monkeypatch.setattr(module, "load_data", lambda: changed)
    return set_rule


# ---------------------------------------------------------------------- [rules] values

@pytest.mark.parametrize("value,economy", [("once", 1), ("twice", 2)])
def test_doubled_single_cell_decides_how_often_two_dice_on_produce_act(rule, value, economy):
    """Spec §4.3 [P]: two dice on one single cell ($, x2, Produce) are one action ("once");
    the data may say "twice"."""
    rule("doubled_single_cell", value)
    game = make_game(60)
    st = reset_robot(game, None)
    st.economy = 0
    st.cells = ("P", "P")
    phases.phase_hook(game, "produce", 0)
    assert st.economy == economy


@pytest.mark.parametrize("value,winner", [("shared", "tie"), ("robot", "robot")])
def test_tie_still_tied_decides_the_result(rule, value, winner):
    """Spec §8 [P]: still tied after the tie-break, a shared result by default; the data may
    give it to the robot. The game's outcome says the same as `solo_result`."""
    rule("tie_still_tied", value)
    game = make_game(61)
    st = reset_robot(game, None)
    me = game.players[0]
    st.vp = score(game, 0).total
    st.credits, st.economy = len(me.hand) + len(me.goods), 0
    assert scoring.solo_result(game)["winner"] == winner
    game.over = True
    winners = game.outcome().winners
    assert winners == ("Robot",) if winner == "robot" else len(winners) == 2


@pytest.mark.parametrize("value,cells", [("left", ("S1", "D1")), ("right", ("S1", "S2"))])
def test_your_single_marker_goes_on_the_cell_the_data_names(rule, value, cells):
    """Spec §4.3 [P]: the rules say where a single die goes, not your marker: left by
    default. You chose Develop and Settle; the robot rolls Settle and a star. Left: its Settle
    die sits under your S1 marker, so the star copies your other one (Develop). Right: your
    markers are on D2 and S2, no robot die is under one, so the star goes under your
    rightmost (S2) and stays there (S1 holds a robot die): the robot settles twice."""
    rule("your_single_marker", value)
    game = make_game(60)
    st = reset_robot(game, None)
    game.players[0].actions = ("develop", "settle")
    game.rng = Dice(["settle", "star"])
    phases.select(game)
    assert st.cells == cells
    assert human_cells(("develop", "settle"), value) == (
        ("D1", "S1") if value == "left" else ("D2", "S2"))


def test_robot_draws_reshuffle_the_discard_pile_or_wait(rule):
    """Spec §5 [P]: the robot's draws reshuffle the discard pile as any draw does
    (rulebook: « remélangez immédiatement »); with `robot_draw_reshuffles = false` it takes
    only what the deck holds and the reshuffle waits."""
    for reshuffles, drawn in ((True, 3), (False, 1)):
        rule("robot_draw_reshuffles", reshuffles)
        game = make_game(62)
        st = reset_robot(game, None)
        rest = game.deck[:-1]
        game.discard_pile.extend(rest)
        del game.deck[:-1]
        pile = len(st.pile)
        assert phases.draw(game, st, 3) == drawn and len(st.pile) == pile + drawn
        assert_cards_in_one_place(game)


@pytest.mark.parametrize("limit", ["deck", "deck_and_discard"])
def test_doomed_world_search_never_flips_a_card_twice(rule, limit):
    """Doomed World's first Settle action searches the draw deck [V ZH-GS]; the discarded
    flips wait beside it until the search ends, so the reshuffle that follows an empty
    deck (« remélangez immédiatement ») cannot bring one back. With nothing to find, every
    card is flipped at most once: the deck only, or the deck and then the discard pile."""
    rule("search_deck_limit", limit)
    game = make_game(63, sets=ALL_SETS)
    st = reset_robot(game, "Doomed World")
    doomed = st.tableau[0]
    # No world worth 3+ VP anywhere the search can reach.
    set_pile(game, st, [])
    wanted = lambda d: non_dev_world(d) and d.vp >= 3
    rich = take(game, wanted, n=sum(wanted(game.design[c])
                                    for c in game.deck + game.discard_pile))
    deck, discard = len(game.deck), len(game.discard_pile)
    kept = game.deck + game.discard_pile
    st.tableau += rich            # out of reach; counted by the one-place check
    st.cells = ("S1",)
    phases.phase_hook(game, "settle", 0)
    flips = deck + (discard if limit == "deck_and_discard" else 0)
    assert any(f"discards {flips}, finds nothing" in line for line in st.lines)
    # Every flipped card is back, once; Doomed World leaves the tableau as its marker says.
    assert sorted(game.deck + game.discard_pile) == sorted(kept + [doomed])
    assert_cards_in_one_place(game)


def test_every_rules_value_is_checked_when_the_data_loads():
    """A value no code understands is refused by name, not ignored."""
    from rftg_cli.expansions.robot.data import RULE_VALUES

    data = load_data()
    assert set(RULE_VALUES) <= set(data.rules)
    for key, values in RULE_VALUES.items():
        assert data.rules[key] in values


# ---------------------------------------------------------------------- rulings

def test_alien_research_team_settles_worlds_of_alien_goods_only():
    """[FR-BOW] Alien Research Team: « Lors de son action Coloniser, il pose seulement des
    mondes Alien » (the Alien goods icon), as the search category « mondes trouvaille ou
    producteurs Alien. Ignorez les autres cartes ALIEN » reads: Alien Rosetta Stone World
    (ALIEN, no Alien goods) is discarded, Alien Robot Sentry (Alien goods) placed."""
    game = make_game(64, sets=ALL_SETS)
    st = reset_robot(game, "Alien Research Team")
    rosetta = named(game, "Alien Rosetta Stone World")
    sentry = named(game, "Alien Robot Sentry")
    set_pile(game, st, [sentry, rosetta])
    put_on_deck(game, take(game, lambda d: d.is_development, 3))
    st.cells = ("S1",)
    phases.phase_hook(game, "settle", 0)
    assert sentry in st.tableau and rosetta in game.discard_pile
    assert any("world of Alien goods" in line for line in st.lines)
    assert_cards_in_one_place(game)


def test_damaged_alien_factory_starts_on_its_trade_side():
    """[V ZH-GS] the translator's note to the flip rule: the Produce side of the marker does
    not carry the number 7, so the numbered setup side is Trade ($)."""
    game = make_game(65, sets=ALL_SETS)
    st = reset_robot(game, "Damaged Alien Factory")
    assert st.robot_equals == "trade"
    assert load_data().marker("Damaged Alien Factory").robot == "trade"


@pytest.mark.parametrize("typed", ["medium", "Medium", "NORMAL", "normal"])
def test_the_middle_level_is_medium_and_normal_is_its_alias(typed):
    """The Gathering Storm names its levels easy, medium and hard; "normal" (the name this
    program used) is kept as an alias; any case is accepted."""
    game = new_game(solo_config(typed), 1, registry=registry())
    st = game.extra["robot"]
    assert st.difficulty == "medium" and st.tiles_left == 2
    assert registry().expansions["robot"].option("difficulty").default == "medium"


def test_hard_in_any_case_and_unknown_levels_refused():
    assert new_game(solo_config("HARD"), 1, registry=registry()).extra["robot"].tiles_left == 3
    with pytest.raises(ConfigError, match="difficulty"):
        new_game(solo_config("insane"), 1, registry=registry())


def test_the_robot_tableau_and_its_count_out_of_the_limit_are_shown():
    """Its tableau is public (spec §5): the status the screen draws lists it with its count
    out of the game-end limit (tiles count as cards, spec §8), and its view gives the
    cards and the count."""
    game = make_game(66)
    st = reset_robot(game, "Old Earth")
    st.tiles_placed = 1
    status = robot_status(game)
    assert status["tableau_names"] == ["Old Earth"]
    assert status["tableau_size"] == 2 and status["tableau_limit"] == 12
    assert status["tableau_cards"] == [{"name": "Old Earth", "vp": game.design[st.tableau[0]].vp,
                                        "six_cost": False}]
    _, lines = scoring.status_lines(game)
    assert any(line.startswith("Tableau 2/12: Old Earth") for line in lines)
    view = game.extra.views(0)["robot"]
    assert view["tableau"] == st.tableau and view["tableau_size"] == 2
