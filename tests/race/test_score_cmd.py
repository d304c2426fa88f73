"""`rftg score`: a physical tableau scored by the rules, and clear errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from rftg_cli.cli import app

runner = CliRunner()


def score_json(*args: str) -> dict:
    result = runner.invoke(app, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_galactic_federation_tableau():
    # Rulebook: Galactic Federation scores 2 VP per 6-cost development (itself included)
    # and 1 VP per other development. Investment Credits and Mining Robots print 1 VP each,
    # Old Earth 2 VP: cards 4, bonus 2 + 1 + 1 = 4, chips 5 -> 13.
    data = score_json("Galactic Federation", "Investment Credits", "Mining Robots",
                      "Old Earth", "--chips", "5")
    assert data["cards"] == 4
    assert data["chips"] == 5
    assert data["bonuses"] == {"Galactic Federation": 4}
    assert data["total"] == 13


def test_names_may_be_unquoted_and_any_case():
    data = score_json("galactic", "federation", "Investment", "Credits")
    assert data["tableau"] == ["Galactic Federation", "Investment Credits"]
    assert data["total"] == 1 + 2 + 1


def test_new_galactic_order_counts_military():
    # New Galactic Order (+2 military) and Space Marines (+2 military): 4 VP of bonus.
    data = score_json("New Galactic Order", "Space Marines")
    assert data["bonuses"] == {"New Galactic Order": 4}


def test_goods_sit_on_worlds_and_count_for_the_tie_break():
    data = score_json("Old Earth", "Rebel Fuel Cache", "--goods", "1")
    assert data["goods"] == 1 and data["tie_break"] == 1


def test_unknown_card_is_one_line_and_exit_2():
    result = runner.invoke(app, ["score", "Galactic Federation", "Death Star"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Death" in lines[0]


def test_too_many_goods_and_duplicate_development_are_errors():
    assert runner.invoke(app, ["score", "Old Earth", "--goods", "2"]).exit_code == 2
    result = runner.invoke(app, ["score", "Galactic Federation", "Galactic Federation"])
    assert result.exit_code == 2


def test_table_output():
    result = runner.invoke(app, ["score", "Galactic Federation", "--chips", "3"])
    assert result.exit_code == 0
    assert "total" in result.stdout and "Galactic Federation bonus" in result.stdout


def test_a_name_two_designs_share_scores():
    """Issue 13: `rftg score "Gambling World"` was refused because the calculator's deck
    (every set) drops the base copy that Rebel vs Imperium replaces. Both designs print
    1 VP; naming it twice lays the base copy and the Rebel vs Imperium one."""
    assert score_json("Gambling World")["total"] == 1
    data = score_json("Gambling World", "Gambling World")
    assert data["tableau"] == ["Gambling World", "Gambling World"] and data["total"] == 2
    result = runner.invoke(app, ["score", "Gambling World", "Gambling World", "Gambling World"])
    assert result.exit_code == 2 and "more times than it has copies" in result.output


def test_every_design_of_every_set_is_scorable():
    """Every card design the card files hold scores alone, with its printed VP at least
    (variable VP may add to it)."""
    from rftg_cli.race.cards.loader import load_cards
    from rftg_cli.race.calculator import breakdown

    for design in load_cards().cards:
        data = breakdown([design], 0, 0)
        assert data["tableau"] == [design.name]
        assert data["cards"] == design.vp, design.name


def test_prestige_held_scores_one_vp_each_and_counts_for_the_cards_that_read_it():
    """The Brink of War, « Les points »: each prestige is 1 VP at the end, and Federation
    Capital scores 1 VP per prestige (its hexagon shows the prestige symbol)."""
    data = score_json("Federation Capital", "Old Earth", "--prestige", "4")
    assert data["extras"] == {"prestige": 4}
    assert data["bonuses"] == {"Federation Capital": 4}
    assert data["total"] == data["cards"] + 4 + 4
    without = score_json("Federation Capital", "Old Earth")
    assert without["total"] == data["total"] - 8


def test_a_negative_prestige_is_one_line_and_exit_2():
    result = runner.invoke(app, ["score", "Old Earth", "--prestige", "-1"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "rftg score: --prestige: prestige cannot be negative"


def test_the_cards_setup_deals_are_free_to_name_with_goals_or_prestige():
    """With `--goal` or `--prestige` the card sets' rules are on and setup deals the one
    player a pair of start worlds (seed 0: Galactic Developers and Uplift Mercenary Force);
    the calculator's position holds only the cards named, so each of them may be named (it
    was refused, « named more times than it has copies », before issue 38)."""
    for extra in (["--prestige", "0"], ["--goal", "Galactic Riches"]):
        data = score_json("Galactic Developers", "Uplift Mercenary Force", *extra)
        assert data["tableau"] == ["Galactic Developers", "Uplift Mercenary Force"]
        plain = score_json("Galactic Developers", "Uplift Mercenary Force")
        assert data["cards"] == plain["cards"]


def test_a_tied_most_goal_scores_three_in_json_and_text():
    """`--tied-goal NAME`: a "most" goal the player is tied for at the end without its tile
    scores 3 VP (The Gathering Storm's goals; Keldon's rftg, bnordli/rftg issue #56: « Red
    would only score 3 points for this goal »), beside the goals held."""
    data = score_json("Old Earth", "--goal", "Greatest Military", "--tied-goal",
                      "largest industry")
    assert data["extras"] == {"Greatest Military": 5, "Largest Industry (tied)": 3}
    assert data["total"] == data["cards"] + 5 + 3
    result = runner.invoke(app, ["score", "Old Earth", "--tied-goal", "Largest Industry"])
    assert result.exit_code == 0
    assert "Largest Industry (tied)" in result.stdout and "│  3 │" in result.stdout


def test_a_tied_goal_must_be_a_most_goal_named_once():
    for args, message in (
            (["--tied-goal", "Galactic Riches"],
             'Galactic Riches is a "first" goal: only a "most" goal is tied'),
            (["--goal", "Largest Industry", "--tied-goal", "Largest Industry"],
             "Largest Industry is named twice: a goal is held or tied, once")):
        result = runner.invoke(app, ["score", "Old Earth", *args])
        assert result.exit_code == 2
        assert result.stderr.strip() == f"rftg score: --tied-goal: {message}"
