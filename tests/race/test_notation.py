"""Answers as text (`rftg_cli.race.engine.notation`): every answer of every decision reads back,
the texts read like the game, name cards rather than card numbers, and a text that names no
legal answer is refused with one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rftg_cli.race.cards.model import CardDb
from rftg_cli.config import GameConfig
from rftg_cli.decision import IllegalChoice
from rftg_cli.race.engine.notation import MAX_TEXT
from rftg_cli.plugins import make_registry, new_game
from rftg_cli.rng import Rng

from tests.helpers import random_answer, registry
from tests.powers_helpers import Table

CONFIGS = [
    pytest.param(2, (), id="base-2"),
    pytest.param(3, (), id="base-3"),
    pytest.param(4, (), id="base-4"),
    pytest.param(2, ("expert",), id="expert"),
    pytest.param(1, ("robot",), id="robot"),
    pytest.param(3, ("tgs", "rvi"), id="tgs-rvi-3"),
    pytest.param(1, ("robot", "tgs", "rvi"), id="robot-tgs-rvi"),
]
CARD_SETS = {"tgs", "rvi", "bow"}       # played with goals and takeovers off until built


def play_checking_texts(players: int, expansions: tuple, seed: int, check) -> object:
    """A seeded random game; `check(game)` at every decision before it is answered."""
    options = (("goals", "off"), ("takeovers", "off")) if CARD_SETS & set(expansions) else ()
    game = new_game(GameConfig(players=players, expansions=expansions, options=options), seed,
                    registry=registry(), record=False)
    rng = Rng(seed * 31 + 7)
    while not game.over:
        check(game, rng)
        game.apply(random_answer(game.pending, rng))
    return game


def round_trip(game, rng) -> None:
    decision = game.pending
    if decision.count is None:
        answers = list(decision.options)
    else:
        answers = [game.sample_answer(rng) for _ in range(4)] + game.legal_answers(limit=20)
    for answer in answers:
        text = game.answer_text(answer)
        assert "\n" not in text and text == text.strip()
        assert game.parse_answer(text) == decision.check(answer), (decision.kind, text)


@pytest.mark.parametrize("players, expansions", CONFIGS)
def test_every_answer_reads_back_in_seeded_random_games(players, expansions):
    for seed in range(8):
        game = play_checking_texts(players, expansions, seed, round_trip)
        assert game.over


def test_a_plugin_s_action_cards_and_cards_read_back():
    """The test-only plugin's own action card, once-per-game card and new card."""
    plugins = make_registry(plugins_dir=Path(__file__).parents[1] / "plugin_fixtures")
    seen = set()

    def check(game, rng):
        round_trip(game, rng)
        if game.pending.kind == "action":
            seen.update(game.answer_text(o) for o in game.pending.options)

    for seed in range(6):
        game = new_game(GameConfig(players=2, expansions=("survey-corps",)), seed,
                        registry=plugins, record=False)
        rng = Rng(seed)
        while not game.over:
            check(game, rng)
            game.apply(random_answer(game.pending, rng))
    assert {"action survey", "action charter"} <= seen


def test_texts_name_cards_not_card_numbers(monkeypatch):
    """The same seed gives the same texts (and the same game) when the card data is read in
    another order: the texts hold names and copy ordinals, never deck indexes."""
    def texts_of_a_game():
        texts = []

        def note(game, rng):
            texts.append(game.answer_text(game.pending.options[0]) if game.pending.count is None
                         else game.answer_text(game.legal_answers(1)[0]))
        game = play_checking_texts(3, (), 11, note)
        hands = [sorted(game.name(c) for c in p.hand) for p in game.players]
        return texts, game.digest(), hands

    before = texts_of_a_game()
    original = CardDb.deck_copies
    monkeypatch.setattr(CardDb, "deck_copies", lambda db, sets: original(db, sets)[::-1])
    assert texts_of_a_game() == before


# ---------------------------------------------------------------------- pinned examples

def texts(t: Table) -> list[str]:
    game = t.game
    decision = game.pending
    if decision.count is None:
        return [game.answer_text(o) for o in decision.options]
    return [game.answer_text(a) for a in game.legal_answers()]


def developing():
    """Develop, with Colony Ship and two copies of Investment Credits in hand: (table,
    colony, first copy, second copy)."""
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    cards = t.hand(0, "Colony Ship", "Investment Credits", "Investment Credits", extra=1)
    t.start("develop", {1: ("develop",)})
    return t, *cards


def test_develop_names_the_card_and_tells_copies_apart():
    t, colony, ic1, ic2 = developing()
    assert texts(t) == ['develop "Colony Ship"', 'develop "Investment Credits"#1',
                        'develop "Investment Credits"#2', "pass"]
    game = t.game
    assert game.parse_answer("develop investment credits") == ic1   # bare: the first copy
    assert game.parse_answer('DEVELOP "Investment Credits"#2') == ic2
    assert game.parse_answer("  develop   Colony   Ship ") == colony
    assert game.parse_answer("pass") == -1
    t.answer(colony)
    # Paying: two copies named by their copy ordinal; typed bare, they take copies in turn.
    assert game.pending.kind == "pay"
    assert 'pay "Investment Credits"#1, "Investment Credits"#2' in texts(t)
    assert game.parse_answer('pay "Investment Credits", "Investment Credits"') == \
        tuple(sorted((ic1, ic2)))


def test_the_prompt_reads_part_of_a_name_in_the_text_form_and_a_save_does_not():
    """One answer grammar (issue 36): a typed answer in the text form saves write is read
    by the same notation, with the prompt's shorthand for a card (a part of its name that
    fits one card); a save's text names every card in full."""
    from rftg_cli.race.options import parse_answer

    t, colony, ic1, _ = developing()
    game, decision = t.game, t.game.pending
    assert parse_answer("develop invest", game, decision) == ic1     # the first copy
    assert parse_answer("DEVELOP ship", game, decision) == colony
    with pytest.raises(IllegalChoice, match='"n" could mean "Colony Ship" or '
                                            '"Investment Credits": type more'):
        parse_answer("develop n", game, decision)
    with pytest.raises(IllegalChoice, match='no card "invest"'):
        game.parse_answer("develop invest")


def test_settle_pay_and_conquer_name_the_powers_used():
    t = Table()
    t.tableau(0, "Old Earth", "Contact Specialist", "New Military Tactics")
    t.tableau(1, "New Sparta")
    [cache] = t.hand(0, "Rebel Fuel Cache", extra=2)
    t.start("settle", {1: ("settle",)})
    # Face down, the world alone (its powers are decided after the reveal, rulebook
    # « POUVOIRS DES CARTES » and « TIMING »).
    shown = texts(t)
    assert 'settle "Rebel Fuel Cache"' in shown and shown[-1] == "pass"
    t.answer(t.game.parse_answer('settle "Rebel Fuel Cache"'))
    shown = texts(t)
    assert 'settle "Rebel Fuel Cache" pay "Contact Specialist"' in shown
    assert 'conquer "Rebel Fuel Cache" with "New Military Tactics"' in shown
    assert "pass" not in shown
    game = t.game
    paid = game.parse_answer('settle "Rebel Fuel Cache" pay "Contact Specialist"')
    assert paid[0] == cache and paid[1] == "pay" and len(paid[2]) == 1
    assert game.parse_answer("conquer rebel fuel cache with new military tactics")[1] == \
        "conquer"


def test_explore_is_written_as_the_cards_kept():
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    *_, spice = t.stack("Galactic Trendsetters", "Alien Robot Sentry", "Spice World")
    t.start("explore", {0: ("explore11",)})   # draw 3, keep 2
    assert texts(t) == ['keep "Galactic Trendsetters", "Spice World"',
                        'keep "Alien Robot Sentry", "Spice World"',
                        'keep "Galactic Trendsetters", "Alien Robot Sentry"']
    game = t.game
    assert game.parse_answer('keep "Alien Robot Sentry", "Galactic Trendsetters"') == (spice,)
    with pytest.raises(IllegalChoice, match="keep 2, not 1"):
        game.parse_answer('keep "Spice World"')


def test_consume_names_the_power_and_what_it_consumes():
    t = Table()
    spice, trend, _, league, _ = t.tableau(
        0, "Spice World", "Galactic Trendsetters", "Gambling World", "Trade League",
        "Deficit Spending")
    t.good(0, spice)
    t.pad(0, 2)
    t.tableau(1, "New Sparta")
    t.start("consume")
    shown = texts(t)
    assert 'consume "Galactic Trendsetters" goods "Spice World"' in shown
    assert 'consume "Trade League" trade "Spice World"' in shown
    assert 'consume "Gambling World" lucky 3' in shown
    assert 'consume "Deficit Spending" hand' in shown
    game = t.game
    assert game.parse_answer("consume gambling world lucky 7")[2] == (7,)
    assert game.parse_answer('consume "Trade League" trade "Spice World"')[0] == league
    assert game.parse_answer('consume "Galactic Trendsetters" goods "Spice World"') == \
        next(o for o in game.pending.options if o[0] == trend)
    t.answer(game.parse_answer('consume "Deficit Spending" hand'))
    assert game.pending.kind == "consume_hand"
    assert texts(t)[0] == "discard nothing"
    assert game.parse_answer("discard nothing") == ()


def test_actions_by_id_or_printed_name():
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.game.push(("ask_action", 0))
    t.game.run()
    game = t.game
    assert texts(t)[:3] == ["action explore5", "action explore11", "action develop"]
    assert game.parse_answer('action "Explore +5"') == ("explore5",)
    assert game.parse_answer("action Explore +1/+1") == ("explore11",)
    assert game.parse_answer("action consume: trade") == ("trade",)


def test_expert_actions_are_a_pair():
    t = Table(expert=True)
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.game.push(("ask_action", 0))
    t.game.run()
    game = t.game
    assert game.answer_text(("explore5", "settle")) == "actions explore5 settle"
    assert game.parse_answer("actions settle, explore5") == ("explore5", "settle")
    assert game.parse_answer('actions "Develop" "Develop (second)"') == ("develop", "develop2")
    with pytest.raises(IllegalChoice, match="choose 2 action cards, not 1"):
        game.parse_answer("actions settle")


def test_windfall_and_skip():
    t = Table()
    t.tableau(0, "Old Earth", "Rebel Fuel Cache", "Alien Robot Sentry")
    t.tableau(1, "New Sparta")
    t.start("produce", {0: ("produce",)})
    assert texts(t) == ['produce "Rebel Fuel Cache"', 'produce "Alien Robot Sentry"']


# ---------------------------------------------------------------------- refusals

def develop_position() -> Table:
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.hand(0, "Colony Ship", "Investment Credits", "Investment Credits", extra=1)
    t.start("develop", {1: ("develop",)})
    return t


@pytest.mark.parametrize("text, words", [
    ("", "starts with a word"),
    ("settle \"Colony Ship\"", "does not answer this decision"),
    ('develop "Colony Ship', "no closing quote"),
    ('develop "Old Earth"', 'no card "Old Earth" to develop'),
    ('develop "No Such Card"', 'no card "No Such Card"'),
    ('develop "Investment Credits"#3', "only 2 copies"),
    ('develop "Investment Credits"#0', "a number from 1"),
    ('develop "Colony Ship" now', "unexpected 'now'"),
    ("develop", "card name is missing"),
    ("develop \x1b[31m\u2028", 'no card "\\u001b[31m"'),
    ("x" * (MAX_TEXT + 1), "too long"),
])
def test_unreadable_text_is_refused_in_one_line(text, words):
    game = develop_position().game
    with pytest.raises(IllegalChoice) as caught:
        game.parse_answer(text)
    message = str(caught.value)
    assert words in message
    assert len(message.splitlines()) == 1 and "\x1b" not in message


def test_no_text_when_no_decision_is_pending():
    game = play_checking_texts(2, (), 3, lambda game, rng: None)
    with pytest.raises(IllegalChoice, match="over"):
        game.parse_answer("pass")
    with pytest.raises(IllegalChoice, match="over"):
        game.answer_text(-1)


def decisions_of_a_game(seed: int) -> list:
    found = []
    play_checking_texts(2, ("expert",), seed, lambda game, rng: found.append(game.copy()))
    return found


DECISIONS = decisions_of_a_game(5)
WORDS = ["develop", "settle", "conquer", "pay", "with", "keep", "discard", "consume", "goods",
         "trade", "lucky", "hand", "done", "pass", "skip", "produce", "actions", "nothing",
         ",", "#", "@", '"', "Old Earth", "#2", "@1", "\\", "7", "\u00b2", "\x00"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(DECISIONS) - 1),
       text=st.one_of(st.text(max_size=80),
                      st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)))
def test_any_text_is_a_legal_answer_or_one_line_of_reason(index, text):
    game = DECISIONS[index]
    try:
        answer = game.parse_answer(text)
    except IllegalChoice as exc:
        assert len(str(exc).splitlines()) == 1
        return
    assert game.pending.check(answer) == answer
