"""The start-world choice: with Rebel vs Imperium (and The Gathering Storm, which its rules
assume) each player is dealt a red and a blue start world and six cards, keeps one world face
down, discards the other and two cards, then every start world is revealed at once.

The rule's text (base rulebook, « Mondes de départ pour joueurs expérimentés », made the
standard setup by Rebel vs Imperium): « triez les mondes de départ, en deux groupes : impairs
(rouges) et pairs (bleus). Mélangez les cartes de chaque groupe et distribuez-en une de chaque
à chaque joueur. Mélangez les mondes de départ restant avec les autres cartes de jeu et
distribuez-en 6 à chacun. Chaque joueur examine ses 8 cartes puis il défausse un de ses deux
mondes de départ et deux cartes parmi les 6 cartes distribuées. Les joueurs révèlent ensuite
simultanément leur monde de départ ». Rebel vs Imperium's overview: its rules « assume that
the first expansion, The Gathering Storm, is being used [...] If you are not using it, ignore
[...] the start world setup change »."""

from __future__ import annotations

import pytest

from rftg_cli.config import GameConfig
from rftg_cli.race.ai.lookahead import AISeat
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng

from tests.helpers import every_card_place, registry
from tests.powers_helpers import _game_with_sets, sets_config

OFF = (("goals", "off"), ("takeovers", "off"))


def game_with(*sets: str, players: int = 2, seed: int = 1):
    return _game_with_sets(sets, players, seed, registry())


def deal(game, player: int, red: str, blue: str, *hand: str) -> None:
    """`player`'s setup: these start worlds, and these cards first in the hand of six (then
    `restart`). Cards are swapped with wherever the named copies lie, so every card stays
    in one place."""
    p = game.players[player]
    places = [game.deck, game.discard_pile] + [q.hand for q in game.players] + \
        [q.start_worlds for q in game.players]

    def swap(target: list, at: int, name: str) -> None:
        for place in places:
            for k, c in enumerate(place):
                if game.name(c) == name and not (place is target and k < at):
                    place[k], target[at] = target[at], c
                    return
        raise KeyError(name)

    swap(p.start_worlds, 0, red)
    swap(p.start_worlds, 1, blue)
    for k, name in enumerate(hand):
        swap(p.hand, k, name)


def restart(game) -> None:
    """Ask every seat its setup again, from seat 0 (after `deal`s)."""
    n = len(game.players)
    game.pending = game.resume = None
    game.tasks = [("round_start",), ("reveal_start_worlds",)]
    for p in reversed(range(n)):
        game.tasks += [("ask_start_discard", p), ("ask_start_world", p)]
    game.run()


def finish_setup(game) -> None:
    """Answer the rest of the setup: the first option, the lowest cards of a pick."""
    while game.phase == "setup":
        d = game.pending
        game.apply(d.options[0] if d.count is None else tuple(sorted(d.options)[:d.count[0]]))


def keep(game, name: str) -> None:
    game.apply(game.parse_answer(f'keep "{name}"'))


def discard(game, *names: str) -> None:
    game.apply(game.parse_answer("discard " + ", ".join(f'"{n}"' for n in names)))


def test_each_player_is_dealt_a_red_and_a_blue_start_world_and_six_cards():
    """« distribuez-en une de chaque à chaque joueur [...] Mélangez les mondes de départ
    restant avec les autres cartes de jeu et distribuez-en 6 à chacun »."""
    game = game_with("tgs", "rvi", players=4)
    for p in game.players:
        colors = sorted(game.design[c].start_color for c in p.start_worlds)
        assert colors == ["blue", "red"]
        assert len(p.hand) == 6 and p.tableau == []
    dealt = {c for p in game.players for c in p.start_worlds}
    starts = [c for c in range(len(game.design)) if game.design[c].is_start_world]
    in_deck = [c for c in game.deck + [c for p in game.players for c in p.hand]
               if game.design[c].is_start_world]
    assert sorted(in_deck) == sorted(set(starts) - dealt)      # the rest joined the deck
    assert game.pending.kind == "start_world" and game.pending.player == 0
    assert sorted(every_card_place(game)) == list(range(len(game.design)))


def test_a_player_keeps_one_world_discards_the_other_and_two_cards():
    """« il défausse un de ses deux mondes de départ et deux cartes parmi les 6 »."""
    game = game_with("tgs", "rvi")
    deal(game, 0, "New Sparta", "Old Earth", "Gem World", "Spice World")
    restart(game)
    assert game.answer_text(game.pending.options[0]).startswith("keep ")
    keep(game, "New Sparta")
    old_earth = next(c for c in game.discard_pile if game.name(c) == "Old Earth")
    assert game.pending.kind == "start_discard" and game.pending.count == (2, 2)
    assert old_earth not in game.pending.options
    discard(game, "Gem World", "Spice World")
    finish_setup(game)
    me = game.players[0]
    assert [game.name(c) for c in me.tableau] == ["New Sparta"]
    assert len(me.hand) == 4 and not me.start_worlds
    assert {"Gem World", "Spice World", "Old Earth"} <= {game.name(c) for c in game.discard_pile}


def test_the_kept_world_stays_hidden_until_every_start_world_is_revealed():
    """« Les joueurs révèlent ensuite simultanément leur monde de départ »: while the
    others choose, no seat's view, log or determinization shows which world a player
    kept; then all are revealed together."""
    game = game_with("tgs", "rvi", players=3)
    game.record = True
    deal(game, 0, "New Sparta", "Old Earth")
    restart(game)
    keep(game, "New Sparta")
    discard(game, *[game.name(c) for c in sorted(game.pending.options)[:2]])
    assert game.pending.player == 1
    view = game.view(1)
    assert all(seat["tableau"] == [] for seat in view["seats"])
    assert view["start_worlds"] == game.players[1].start_worlds      # its own pair only
    assert "New Sparta" not in " ".join(game.public_events(1))
    assert "New Sparta" in " ".join(game.public_events(0))
    sparta = game.players[0].start_worlds[0]
    guessed = set()
    for seed in range(30):
        copy = game.determinize(1, Rng(seed))
        [world] = copy.players[0].start_worlds
        assert copy.design[world].is_start_world
        assert sorted(every_card_place(copy)) == list(range(len(copy.design)))
        pair = copy.players[2].start_worlds                       # still choosing
        assert sorted(copy.design[c].start_color for c in pair) == ["blue", "red"]
        assert copy.players[1].start_worlds == game.players[1].start_worlds
        guessed.add(world)
    assert len(guessed) > 3 and sparta in guessed       # a guess, not the world kept
    finish_setup(game)
    assert all(len(p.tableau) == 1 for p in game.players)
    reveals = [t for who, t in game.events if who == -1 and "reveals" in t]
    assert reveals[0] == "Player 1 reveals New Sparta."


def test_timing_order_starts_at_the_lowest_kept_world_and_goes_clockwise():
    """Rulebook « TIMING »: « en commençant par le joueur dont le monde de départ porte le
    plus petit chiffre »: the worlds kept count, not those discarded."""
    game = game_with("tgs", "rvi", players=3)
    deal(game, 0, "Separatist Colony", "Old Earth")           # keeps 5, discards 0
    deal(game, 1, "Epsilon Eridani", "Doomed World")           # keeps 8, discards 1
    deal(game, 2, "New Sparta", "Galactic Developers")         # keeps 3
    restart(game)
    for world in ("Separatist Colony", "Doomed World", "New Sparta"):
        keep(game, world)
        game.apply(tuple(sorted(game.pending.options)[:2]))
    assert game.order == (2, 0, 1)


def test_keeping_ancient_race_discards_down_to_three():
    """Ancient Race's start power: its owner keeps a starting hand of 3, not 4."""
    game = game_with("tgs", "rvi")
    deal(game, 0, "Separatist Colony", "Ancient Race")
    restart(game)
    keep(game, "Ancient Race")
    assert game.pending.kind == "start_discard" and game.pending.count == (3, 3)


def test_galactic_scavengers_kept_saves_a_kept_card_once_revealed():
    """Galactic Scavengers' start power (The Brink of War): once the starting hand is
    discarded down, one of the cards kept may be saved under it; kept face down, it acts
    once revealed, and until then its owner's hand holds 4 like everyone's."""
    game = game_with("bow")
    deal(game, 0, "Uplift Mercenary Force", "Galactic Scavengers", "Gem World", "Spice World",
         "Artist Colony")
    restart(game)
    keep(game, "Galactic Scavengers")
    discard(game, "Gem World", "Spice World")
    assert len(game.players[0].hand) == 4 and game.pending.player == 1
    keep(game, game.name(game.pending.options[0]))
    game.apply(tuple(sorted(game.pending.options)[:2]))
    d = game.pending
    assert d.kind == "save_card" and d.player == 0
    assert [game.name(c) for c in game.players[0].tableau] == ["Galactic Scavengers"]
    assert set(d.options) == set(game.players[0].hand) and len(d.options) == 4
    assert "Artist Colony" in {game.name(c) for c in d.options}
    assert {"Gem World", "Spice World"} <= {game.name(c) for c in game.discard_pile}
    game.apply(game.parse_answer('save "Artist Colony"'))
    from rftg_cli.race.engine.saved import saved_under
    scavengers = game.players[0].tableau[0]
    assert [game.name(c) for c in saved_under(game, scavengers)] == ["Artist Colony"]
    assert len(game.players[0].hand) == 3
    assert game.phase == "action"


def test_another_seat_imagines_the_scavengers_kept_face_down_as_any_hidden_world():
    """While Galactic Scavengers waits face down (its owner's discards are discarded), another
    seat's determinization guesses its world among the hidden ones, and plays on to the
    first round with every card in one place."""
    game = game_with("bow")
    deal(game, 0, "Uplift Mercenary Force", "Galactic Scavengers")
    restart(game)
    keep(game, "Galactic Scavengers")
    game.apply(tuple(sorted(game.pending.options)[:2]))
    assert len(game.players[0].start_worlds) == 1
    for seed in range(10):
        copy = game.determinize(1, Rng(seed))
        assert len(copy.players[0].start_worlds) == 1
        finish_setup(copy)
        assert sorted(every_card_place(copy)) == list(range(len(copy.design)))
        assert len(copy.players[0].hand) == 4


def test_a_windfall_start_world_kept_comes_with_its_good():
    game = game_with("tgs", "rvi")
    deal(game, 0, "New Sparta", "Alpha Centauri")
    restart(game)
    keep(game, "Alpha Centauri")
    finish_setup(game)
    world = game.players[0].tableau[0]
    assert game.name(world) == "Alpha Centauri" and world in game.players[0].goods


@pytest.mark.parametrize("sets", [(), ("tgs",), ("rvi",), ("promo",), ("tgs", "promo")],
                         ids=["base", "tgs", "rvi-alone", "promo", "tgs-promo"])
def test_without_rebel_vs_imperium_and_the_gathering_storm_one_start_world_is_dealt(sets):
    """Rebel vs Imperium without The Gathering Storm: « ignore [...] the start world setup
    change »; the promo start worlds add worlds, not the choice."""
    game = new_game(GameConfig(players=3, expansions=sets, options=OFF if sets else ()), 2,
                    registry=registry())
    assert game.pending.kind == "start_discard"
    assert all(len(p.tableau) == 1 and not p.start_worlds for p in game.players)


def test_the_solitaire_game_deals_you_one_start_world_even_with_rebel_vs_imperium():
    """The Gathering Storm's solitaire setup deals you one start world and the robot one."""
    game = new_game(GameConfig(players=1, expansions=("robot", "tgs", "rvi")), 3,
                    registry=registry())
    assert game.pending.kind == "start_discard"
    assert len(game.players[0].tableau) == 1
    assert game.extra["robot"].start_world is not None


def test_promo_start_worlds_join_the_choice_by_their_colour():
    game = new_game(sets_config("tgs", "rvi", "promo", players=6), 4, registry=registry())
    dealt = [game.design[c] for p in game.players for c in p.start_worlds]
    assert len(dealt) == 12
    pool = [c for c in game.design if c.is_start_world]
    assert {c.set for c in pool} == {"base", "tgs", "rvi", "promo"}


def test_the_ai_keeps_the_military_start_world_for_a_hand_of_military_worlds():
    """The AI's rule: a start world's VP and powers, plus the military it brings to the
    military worlds in hand."""
    picks = {}
    for hand in (("Rebel Outpost", "Rebel Fuel Cache"), ("Gem World", "Spice World")):
        game = game_with("tgs", "rvi")
        deal(game, 0, "New Sparta", "Earth's Lost Colony", *hand)
        restart(game)
        picks[hand[0]] = game.name(AISeat(1).choose(game, game.pending))
    assert picks["Rebel Outpost"] == "New Sparta"
    assert picks["Gem World"] == "Earth's Lost Colony"


def test_your_board_shows_your_kept_world_face_down_and_no_one_else_s():
    from rftg_cli.race.render import board

    from tests.race.test_table_screen import terminal

    game = game_with("tgs", "rvi")
    deal(game, 0, "New Sparta", "Ancient Race")
    restart(game)
    keep(game, "Ancient Race")

    def seen(me: int) -> str:
        console, out = terminal()
        console.print(board(game, me, console))
        return out.getvalue()

    assert "Ancient Race (face down)" in seen(0)
    assert "Ancient Race" not in seen(1)


@pytest.mark.parametrize("seed", range(4))
def test_the_ai_s_setup_answers_do_not_depend_on_what_it_cannot_see(seed):
    """Another truth with the same view (the others' start worlds and hands dealt anew):
    the AI keeps the same world and discards the same cards."""
    game = game_with("tgs", "rvi", players=3, seed=seed)
    for _ in range(2 * seed % 5):                   # some seats have chosen already
        game.apply(AISeat(1).choose(game, game.pending))
    player = game.pending.player
    other_truth = game.determinize(player, Rng(seed + 100))
    assert other_truth.view(player) == game.view(player)
    asked = 0
    while game.pending.player == player:            # its start world, then its discards
        asked += 1
        mine = AISeat(7).choose(game, game.pending)
        assert AISeat(7).choose(other_truth, other_truth.pending) == mine
        game.apply(mine)
        other_truth.apply(mine)
    assert asked >= 1
