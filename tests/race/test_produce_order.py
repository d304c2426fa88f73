"""Phase V: the player chooses the order in which it uses its Produce powers (rulebook
« Le joueur a cependant le choix de l'ordre dans lequel utiliser ses pouvoirs »): a card
drawn by one power may pay for a power that discards a card from hand to produce.

The positions are constructed (`tests.powers_helpers`); a game begun before the rule was
made exact (a save without a rules edition) replays in the fixed order it was played in."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from rftg_cli import saves
from rftg_cli.config import EDITION, GameConfig
from rftg_cli.decision import IllegalChoice
from rftg_cli.players.seat import RandomSeat, play
from rftg_cli.plugins import new_game
from rftg_cli.race.ai.lookahead import determinize
from rftg_cli.race.ai.search import SearchSeat
from rftg_cli.rng import Rng
from rftg_cli.race.human import HumanSeat
from rftg_cli.race.options import option_label
from tests.helpers import registry, transcribe
from tests.host.test_table_app import flat, look_at, table_view
from tests.powers_helpers import Table
from tests.race.test_table_screen import Typed, terminal

OLD_SAVES = Path(__file__).parents[1] / "saves_before_produce_order"


def table(edition: int = 2) -> Table:
    """Two players with The Gathering Storm (Damaged Alien Factory); player 1 calls Produce."""
    t = Table(config=GameConfig(players=2, expansions=("tgs",),
                                options=(("goals", "off"),), edition=edition))
    t.tableau(1, "New Sparta")
    return t


def kinds_asked(t: Table) -> list[str]:
    """Run the phase to its end, answering with the defaults; the kinds of decision asked."""
    asked = []
    while t.pending is not None:
        asked.append(t.pending.kind)
        t.finish(lambda d: () if d.kind == "produce_pay" else None)
    return asked


def test_an_empty_hand_draws_first_and_pays_damaged_alien_factory_with_the_card_drawn():
    """« Le joueur a cependant le choix de l'ordre dans lequel utiliser ses pouvoirs »: with
    no card in hand, Rebel Underground's card is drawn first and may be discarded to produce
    on Damaged Alien Factory. Drawing a fixed number of cards first never costs anything
    (paying is optional), so nothing is asked about the order."""
    t = table()
    factory, _ = t.tableau(0, "Damaged Alien Factory", "Rebel Underground")
    t.start("produce", {1: ("produce",)})
    d = t.pending
    [drawn] = t.p(0).hand
    assert d.kind == "produce_pay" and d.player == 0 and d.options == (drawn,)
    assert (0, f"You draw {t.game.name(drawn)}.") in t.game.events
    t.answer((drawn,))
    t.finish()
    assert factory in t.p(0).goods and t.p(0).hand == [] and drawn in t.game.discard_pile


def test_the_first_edition_keeps_the_fixed_order_drawing_after_production():
    """A game of the first rules edition (saved before the player ordered its powers): the
    factory finds an empty hand and produces nothing; the card is drawn at the end."""
    t = table(edition=1)
    factory, _ = t.tableau(0, "Damaged Alien Factory", "Rebel Underground")
    t.start("produce", {1: ("produce",)})
    assert t.pending is None
    assert factory not in t.p(0).goods and len(t.p(0).hand) == 1


def test_a_free_windfall_then_draw_per_good_produced_then_the_paid_production():
    """Alien Rosetta Stone World puts a good on the empty Alien Robot Sentry for free; Research
    Labs then draws 1 card for that Alien good, and the card drawn pays Damaged Alien
    Factory. With an empty hand only the draw can come first: it is not asked."""
    t = table()
    factory, _, sentry, _ = t.tableau(0, "Damaged Alien Factory", "Alien Rosetta Stone World",
                                      "Alien Robot Sentry", "Research Labs")
    t.start("produce", {1: ("produce",)})
    d = t.pending
    [drawn] = t.p(0).hand
    assert sentry in t.p(0).goods
    assert d.kind == "produce_pay" and d.options == (drawn,)
    t.answer((drawn,))
    t.finish()
    # Research Labs was used before the factory produced: it counted one Alien good.
    assert set(t.p(0).goods) == {sentry, factory} and t.p(0).hand == []


def order_position(t: Table):
    """A card in hand; Alien Robotic Factory produces an Alien good for free, Research Labs
    draws per Alien good produced, Damaged Alien Factory may produce one more. The two
    powers to order, as (card, power index), and the card in hand."""
    factory, _, labs = t.tableau(0, "Damaged Alien Factory", "Alien Robotic Factory",
                                 "Research Labs")
    [card] = t.pad(0, 1)
    t.start("produce", {1: ("produce",)})
    return produce_power(t, factory), produce_power(t, labs), card


def produce_power(t: Table, card: int) -> tuple[int, int]:
    return card, next(i for i, power in enumerate(t.game.design[card].powers)
                      if power.phase == "produce")


def test_the_player_chooses_to_pay_first_and_draw_for_two_alien_goods():
    """Paying first makes Research Labs draw 2 (the factory's Alien good counts), drawing
    first gives 1 card now to choose the discard among: the order changes the outcome, so
    the player is asked, with each power's text and what a draw gives now."""
    t = table()
    factory, labs, card = order_position(t)
    d = t.pending
    assert d.kind == "produce_order" and d.player == 0
    assert set(d.options) == {labs, factory}
    assert d.prompt == "Produce: which power do you use next?"
    assert option_label(t.game, d, labs) == (
        "Research Labs: V: draw 1 card per alien good you produced (now 1 card)")
    assert option_label(t.game, d, factory).startswith("Damaged Alien Factory: V: ")
    t.answer(t.game.parse_answer('use "Damaged Alien Factory"'))
    assert t.pending.kind == "produce_pay"
    t.answer((card,))
    t.finish()
    assert factory[0] in t.p(0).goods and len(t.p(0).hand) == 2


def test_the_player_chooses_to_draw_first_and_discard_a_card_drawn():
    t = table()
    factory, labs, card = order_position(t)
    t.answer(labs)
    d = t.pending
    [drawn] = [c for c in t.p(0).hand if c != card]
    assert d.kind == "produce_pay" and set(d.options) == {card, drawn}
    t.answer((drawn,))
    t.finish()
    assert factory[0] in t.p(0).goods and t.p(0).hand == [card]


def test_line_mode_lists_the_powers_and_reads_a_name_typed():
    """What the player sees in line mode: the question, each power with its card's text,
    a draw's cards now; typing a part of a card's name answers."""
    t = table()
    factory, labs, _ = order_position(t)
    console, out = terminal(width=100)
    assert HumanSeat(Typed(console, ["damaged"]), console).choose(t.game, t.pending) == factory
    text = out.getvalue()
    assert "Produce: which power do you use next?" in text
    assert "Research Labs: V: draw 1 card per alien good you produced (now 1 card)" in text


def test_the_full_screen_table_shows_the_question_and_each_power():
    t = table()
    order_position(t)
    screen = flat(look_at(table_view(t.game, t.pending)))
    assert "Produce: which power do you use next?" in screen
    assert "Research Labs" in screen and "Damaged Alien Factory" in screen


def test_the_answer_reads_like_the_game_and_back():
    t = table()
    factory, labs, _ = order_position(t)
    game = t.game
    assert game.answer_text(labs) == 'use "Research Labs"'
    assert game.answer_text(factory) == 'use "Damaged Alien Factory"'
    for option in game.pending.options:
        assert game.parse_answer(game.answer_text(option)) == option
    with pytest.raises(IllegalChoice):
        game.parse_answer('use "New Sparta"')


def test_the_search_answer_does_not_depend_on_hidden_cards():
    """The order is chosen from what the seat sees: the deck and the other hand dealt
    anew, the same answer."""
    t = table()
    t.pad(1, 3)
    order_position(t)
    other_truth = determinize(t.game, 0, Rng(5))
    assert other_truth.players[1].hand != t.p(1).hand and other_truth.deck != t.game.deck
    assert other_truth.pending == t.pending
    assert SearchSeat(3).choose(t.game, t.pending) == \
        SearchSeat(3).choose(other_truth, other_truth.pending)


def test_the_most_produced_draw_comes_at_the_end_of_the_phase():
    """Mining Conglomerate compares players: « Piochez 2 cartes à la fin de la phase de
    Production si vous avez produit un nombre de ressources Rares strictement supérieur aux
    autres joueurs ». Its cards come once everyone has produced, too late to pay Damaged
    Alien Factory, and it is never offered in the order."""
    t = table()
    factory, _, _ = t.tableau(0, "Damaged Alien Factory", "Mining Conglomerate", "Rebel Miners")
    t.start("produce", {1: ("produce",)})
    assert t.pending is None
    assert factory not in t.p(0).goods and len(t.p(0).hand) == 2


def test_the_greedy_answer_pays_first():
    t = table()
    factory, _, _ = order_position(t)
    assert t.game.rules.greedy["produce_order"](t.game, t.pending, None) == factory


def test_the_search_plays_out_each_order_and_answers_one():
    t = table()
    order_position(t)
    seat = SearchSeat(3)
    assert seat.choose(t.game, t.pending) in t.pending.options
    why = seat.last_why
    assert why.kind == "produce_order" and all(value is not None for _, value, _ in why.options)
    assert len(why.options) == 2


@pytest.mark.parametrize("names, hand, asked", [
    # Consumer Markets draws 1 for Artist Colony's Novelty whatever the factory does: drawn
    # first, then the factory is paid.
    (("Consumer Markets", "Artist Colony"), 1, ["produce_pay"]),
    # Research Labs would draw nothing now: it waits, and counts the factory's good.
    (("Research Labs",), 1, ["produce_pay"]),
    # No draw power: the factory alone, as always.
    (("Alien Robotic Factory",), 1, ["produce_pay"]),
    # Nothing to pay with, nothing to draw first: nothing asked.
    (("Research Labs",), 0, []),
])
def test_the_order_is_not_asked_when_it_cannot_change_the_outcome(names, hand, asked):
    t = table()
    t.tableau(0, "Damaged Alien Factory", *names)
    t.pad(0, hand)
    t.start("produce", {1: ("produce",)})
    assert kinds_asked(t) == asked


def test_a_save_with_the_order_chosen_round_trips(tmp_path):
    """A random 4-player game of every set in which a player was asked the order (seed 17):
    saved as text (`use "..."`), read back, replayed to the same game."""
    config = GameConfig(players=4, expansions=("tgs", "rvi", "bow", "prestige", "search"))
    game = play(new_game(config, 17, registry=registry(), record=False),
                [RandomSeat(170 + i) for i in range(4)])
    save = saves.Save(name="o", config=config.to_dict(), seats=["ai"] * 4, seed=17)
    transcribe(save, game)
    saves.record(save, game, tmp_path / "o.toml")
    back = saves.read(tmp_path / "o.toml")
    assert back.config["edition"] == EDITION       # the edition a new game is played under
    assert any(text.startswith("use ") for text in back.answers)
    restored = saves.restore(back)
    assert restored.game.history == game.history and restored.game.digest() == game.digest()


@pytest.fixture
def old_saves(tmp_path, monkeypatch):
    for path in OLD_SAVES.iterdir():
        shutil.copyfile(path, tmp_path / path.name)
    monkeypatch.setenv("RFTG_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_save_from_before_the_order_was_chosen_replays_as_it_was_played(old_saves):
    """`saves_before_produce_order/old-order.toml`: a 2-player game with The Gathering Storm
    saved by rftg before this rule (no edition in its config; its key beside it). It
    replays to its digest in the fixed order; in the player's order a card drawn earlier
    changes the deal, and its answers no longer fit."""
    old = saves.read(old_saves / "old-order.toml")
    assert "edition" not in old.config and old.game_config().edition == 1
    restored = saves.restore(old)
    assert restored.game.over and restored.game.digest() == old.digest
    with pytest.raises(IllegalChoice, match="answer 105"):
        saves.replay_text(replace(old.game_config(), edition=2), old.seed, old.answers)


def test_a_save_of_an_edition_this_rftg_does_not_know_is_refused_in_one_line(old_saves):
    path = old_saves / "old-order.toml"
    path.write_text(path.read_text().replace("[config]\n", "[config]\nedition = 9\n", 1))
    with pytest.raises(saves.SaveError, match="rules edition 9, newer than this rftg plays"):
        saves.read(path)
