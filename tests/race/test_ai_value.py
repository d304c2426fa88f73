"""The AI's learned judgement against the solitaire robot (`ai_value`, `ai_features`) and its
training (`tools/train_ai.py`): what it reads of a position is the seat's own view,
points scored count in full, the shipped weights value an engine early and nothing of it at
the end, the fit recovers known weights, and the search levels' answers do not depend on the
cards they cannot see."""

from __future__ import annotations

import json

import pytest

from rftg_cli.race.engine import GameConfig
from rftg_cli.race.engine.scoring import score
from rftg_cli.race.ai import value as ai_value
from rftg_cli.race.ai.features import NAMES, TRAITS, card_traits, features
from rftg_cli.race.ai.heuristic import rivals
from rftg_cli.race.ai.search import WIN_BONUS
from rftg_cli.race.ai.levels import ai_seat
from rftg_cli.players.why import why_lines
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng
from tools.fitting import ridge
from tools.train_ai import named

from tests.helpers import registry, train_ai
from tests.race.test_ai_robot import public, solo_at, swap_pile_with_deck
from tests.expansions.test_robot_prestige import bow_solo


def card(game, name: str) -> int:
    return next(i for i, c in enumerate(game.design) if c.name == name)


def trait(game, name: str, what: str) -> float:
    return card_traits(game.design[card(game, name)])[TRAITS.index(what)]


def test_card_traits_read_the_card_data():
    game = new_game(GameConfig(players=2), 1, registry=registry(), record=False)
    assert trait(game, "Spice World", "produce") == 1
    assert trait(game, "Spice World", "produce_price") == 2      # a novelty good
    assert trait(game, "Comet Zone", "draw_produce") == 1
    assert trait(game, "Comet Zone", "produce_price") == 3       # a rare good
    assert trait(game, "Consumer Markets", "consume_vp") == 3    # 1 VP a novelty, 3 times
    assert trait(game, "Consumer Markets", "consume_goods") == 3
    assert trait(game, "Mining Robots", "settle_reduce") == 1
    assert trait(game, "Space Marines", "military") == 2
    assert trait(game, "Investment Credits", "develop_reduce") == 1
    assert trait(game, "Galactic Renaissance", "six_dev") == 1
    assert trait(game, "Asteroid Belt", "windfall") == 1
    assert trait(game, "Asteroid Belt", "produce") == 0


def test_prestige_earned_by_powers_is_a_trait():
    """Federation Capital: 1 prestige for each 6-cost development placed after it, and a
    good for 1 VP and 1 prestige in Consume; Imperium Capital: 1 for each Rebel military
    world it conquers, and a good for 2 VP and 2 prestige (a trait of 2 and 3). An icon
    gives its prestige once, when placed, so it is no trait of the tableau."""
    game, _, _ = bow_solo()
    assert trait(game, "Federation Capital", "prestige_gain") == 2
    assert trait(game, "Imperium Capital", "prestige_gain") == 3
    assert trait(game, "Spice World", "prestige_gain") == 0


def test_the_judgement_reads_prestige_both_sides_and_the_unspent_prestige_search_card():
    game, robot, _ = bow_solo()
    me, at = game.players[0], ai_value.NAMES_ALL.index
    now, before = ai_value.inputs(game, 0)
    assert before[at("once_per_game_unused")] == 1     # the Prestige/Search card
    assert before[at("prestige")] == before[at("opp_prestige")] == 0
    me.prestige = 3
    robot.prestige = 2
    me.spent = frozenset({"prestige_search"})
    me.hand.append(card(game, "Pan-Galactic Affluence"))     # a card with the icon
    left = before[at("left")]
    _, after = ai_value.inputs(game, 0)
    assert after[at("prestige")] == 3 and after[at("prestige_x_left")] == 3 * left
    assert after[at("opp_prestige")] == 2
    assert after[at("once_per_game_unused")] == 0
    assert after[at("hand_prestige")] == before[at("hand_prestige")] + 1


def test_without_the_brink_of_war_the_prestige_features_read_nothing():
    """So the judgement of a game without prestige is what it was before they came."""
    game = solo_at(2, 30, "hard")
    _, x = ai_value.inputs(game, 0)
    for name in ("prestige", "hand_prestige", "once_per_game_unused", "prestige_gain",
                 "prestige_gain_x_left", "prestige_x_left", "opp_prestige"):
        assert x[ai_value.NAMES_ALL.index(name)] == 0, name


def test_the_shipped_model_values_prestige_and_fears_the_robot_s():
    """Its prestige weights were learned from games with The Brink of War (`--only`)."""
    w = dict(zip(ai_value.NAMES_ALL, ai_value.weights("robot")))
    assert w["prestige_x_left"] > 0 and w["hand_prestige"] > 0
    assert w["once_per_game_unused"] > 0 and w["opp_prestige"] < 0
    [refit] = ai_value.model("robot")["refits"]
    assert "prestige" in refit["expansions"]
    assert refit["weights"] == named(("prestige", "once_per_game"))


def test_an_engine_counts_by_the_rounds_left():
    game = solo_at(3, 6)
    p = game.players[0]
    p.tableau.append(card(game, "Consumer Markets"))
    early, late = features(game, 0, 6.0), features(game, 0, 1.0)
    at = NAMES.index("consume_vp_x_left")
    assert early[at] == 6 * late[at] >= 6 * 3
    assert len(early) == len(NAMES)


def test_the_judgement_reads_only_what_the_seat_sees():
    game = solo_at(4, 8)
    other = swap_pile_with_deck(game, Rng(9))
    assert public(other) == public(game)
    assert ai_value.inputs(game, 0) == ai_value.inputs(other, 0)
    assert ai_value.margin(game, 0) == ai_value.margin(other, 0)


def test_points_scored_count_in_full():
    """Chips taken now are kept whatever comes: the promised margin grows by at least them
    (chips are also a feature: a seat that scores has an engine that scores)."""
    game = solo_at(5, 6)
    richer = game.copy()
    richer.players[0].vp += 3
    assert score(richer, 0).total == score(game, 0).total + 3
    gained = ai_value.margin(richer, 0) - ai_value.margin(game, 0)
    chips = ai_value.weights("robot")[NAMES.index("chips")]
    assert gained == pytest.approx(3 + 3 * chips)


def test_the_model_applies_to_one_seat_against_the_robot_only():
    solo = solo_at(1, 2)
    assert ai_value.applies(solo) and [r.kind for r in rivals(solo)] == ["robot"]
    duel = new_game(GameConfig(players=2), 1, registry=registry(), record=False)
    assert not ai_value.applies(duel)


def test_the_shipped_model_values_a_consume_engine_early_more_than_late():
    """Consumer Markets and two novelty worlds: worth more with many rounds to play."""
    game = solo_at(2, 4)
    p = game.players[0]
    p.tableau += [card(game, "Consumer Markets"), card(game, "Spice World"),
                  card(game, "Spice World")]
    with_engine = features(game, 0, 6.0)
    p.tableau[-3:] = []
    without = features(game, 0, 6.0)
    w = ai_value.weights("robot")
    gain = sum(wi * (a - b) for wi, a, b in zip(w, with_engine, without))
    p.tableau += [card(game, "Consumer Markets"), card(game, "Spice World"),
                  card(game, "Spice World")]
    late_gain = sum(wi * (a - b) for wi, a, b in zip(w, features(game, 0, 0.5), without))
    assert gain > 2.0
    assert gain > late_gain + 2.0


def test_ridge_recovers_known_weights():
    rng = Rng(1)
    rows = [[1.0, rng.random(), 10 * rng.random()] for _ in range(400)]
    targets = [3 + 2 * a - 0.5 * b for _, a, b in rows]
    assert ridge(rows, targets, 1e-6) == pytest.approx([3, 2, -0.5], abs=1e-3)


@pytest.mark.slow     # a training run
def test_train_ai_writes_a_model_the_judgement_reads(tmp_path, capsys):
    out = tmp_path / "model.json"
    code, printed = train_ai(capsys, "--robot", "--difficulty", "all", "--games", "3",
                             "--seed", "3", "--out", str(out))
    assert code == 0, printed
    model = json.loads(out.read_text())
    assert set(model["weights"]) == set(ai_value.NAMES_ALL)
    assert model["games"] == 3 and model["rows"] >= 3
    assert [s.split(",")[0] for s in model["settings"]] == ["easy", "medium", "hard"]
    assert ai_value.model_path("robot").name == "value_robot.json"


@pytest.mark.slow     # a training run
def test_train_ai_only_refits_the_weights_named_and_keeps_the_others(tmp_path, capsys):
    out = tmp_path / "model.json"
    out.write_text(ai_value.model_path("robot").read_text())
    before = json.loads(out.read_text())
    code, printed = train_ai(capsys, "--robot", "--bow", "--games", "2", "--seed", "5",
                             "--only", "prestige", "--out", str(out))
    assert code == 0, printed
    after = json.loads(out.read_text())
    changed = {n for n in ai_value.NAMES_ALL if after["weights"][n] != before["weights"][n]}
    assert changed and all("prestige" in n for n in changed)
    assert after["spread"] == before["spread"] and after["rows"] == before["rows"]
    assert after["refits"][-1]["games"] == 2 and after["refits"][-1]["seed"] == 5
    assert after["refits"][:-1] == before["refits"]


@pytest.mark.parametrize("args", [["--robot", "--games", "0"], ["--games", "2"],
                                  ["--robot", "--ai-level", "fast"],
                                  ["--robot", "--only", "no_such_feature"],
                                  ["--robot", "--only", "prestige", "--out", "missing.json"]])
def test_train_ai_refuses_what_it_cannot_learn_from_in_one_line(args, capsys):
    """No games, no automated opponent (a two-seat game), a level that does not search, a
    word no feature's name holds, no model whose other weights `--only` would keep."""
    code, printed = train_ai(capsys, *args)
    assert code == 2
    assert len(printed.strip().splitlines()) == 1


@pytest.mark.parametrize("level", ["normal", "strong"])
@pytest.mark.parametrize("seed", [0, 3])
def test_search_levels_answer_the_same_whatever_the_robot_pile_holds(level, seed):
    game = solo_at(seed, 3 + seed, "hard")
    other = swap_pile_with_deck(game, Rng(seed + 50))
    assert public(other) == public(game)
    assert ai_seat(7, level).choose(game, game.pending) == \
        ai_seat(7, level).choose(other, other.pending)


def test_why_tells_what_the_foreseen_margin_is_made_of():
    """In a solo game `why` names the parts of the learned judgement of the chosen option:
    the margin now, the seat's engine, hand, goods, chips and prestige, the opponent's
    prospect and the pace of the game, in VP."""
    game = solo_at(6, 5, "hard")
    while game.pending.kind != "action":
        game.apply(game.pending.options[0] if game.pending.count is None
                   else tuple(game.pending.options[:game.pending.count[0]]))
    seat = ai_seat(4, "normal")
    seat.choose(game, game.pending)
    lines = why_lines(game, seat.last_why, "AI")
    said = next(line for line in lines if line.startswith("  Its choice, on average where"))
    numbers = [float(part.rsplit(" ", 1)[1]) for part in said.rstrip(".").split(": ")[1]
               .split("; ")]
    assert [p.rsplit(" ", 1)[0] for p in said.rstrip(".").split(": ")[1].split("; ")] == \
        list(ai_value.PARTS)
    chosen = next(line for line in lines if line.startswith("  chose "))
    value = float(chosen.split(": ")[1].split(",")[0])
    # The value shown adds the win bonus times the chance to win: at most WIN_BONUS more.
    assert sum(numbers) - 0.1 * len(numbers) <= value <= sum(numbers) + WIN_BONUS + 0.1
