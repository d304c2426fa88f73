"""The dice game's searching AI (levels normal and strong): honest determinization, answers
that depend only on what the seat sees, `why`, and the levels wired into the host.

Its strength is measured in games, not here (docs/roll-ai.md): a test level
with a small budget keeps these fast; the search itself is the same code at every level."""

from __future__ import annotations

from collections import Counter

from rftg_cli.expansions.roll.ai import RollAI
from rftg_cli.expansions.roll.data import PHASES
from rftg_cli.expansions.roll.search import LEVELS, RollLevel, RollSearch, budget, candidates

from rftg_cli.config import GameConfig
from rftg_cli.plugins import make_registry, ruleset_of
from rftg_cli.players.why import why_lines
from rftg_cli.rng import Rng

from tests.roll.roll_helpers import new_game

TINY = RollLevel("test", games=12, most=4)


def to_assign_of(game, player: int):
    """Play on with the quick AI until `player` is asked to assign after the others."""
    quick = RollAI(0)
    while not (game.pending.kind == "assign" and game.pending.player == player
               and game.round >= 2):
        game.apply(quick.choose(game, game.pending))
    return game


def dice_of(p) -> Counter:
    out = Counter(c for ph in PHASES for c, _ in p.columns[ph]) + Counter(p.dictate)
    if p.selection:
        out[p.selection[1]] += 1
    return out


def test_determinizing_rolls_the_other_players_dice_again_behind_their_screens():
    g = to_assign_of(new_game(3, 21), 2)
    before = [dice_of(p) for p in g.players]
    assert g.players[0].selection is not None       # player 1 has assigned already
    rerolled = 0
    for seed in range(8):
        other = g.determinize(2, Rng(seed))
        assert other.dice_census() == g.dice_census()
        assert Counter(other.tile_places()) == Counter(g.tile_places())
        mine, theirs = other.players[2], other.players[0]
        assert mine.columns == g.players[2].columns and mine.selection == g.players[2].selection
        assert [dice_of(p) for p in other.players] == before   # the same dice, by colour
        assert theirs.selection is None                        # ... to assign again
        rerolled += theirs.columns != g.players[0].columns
        # Player 1 assigns again after player 3 is done.
        while other.pending.player == 2:
            other.apply(RollAI(2).choose(other, other.pending))
        assert other.phase == "reveal" or other.pending.player in (0, 1)
    assert rerolled >= 4


def test_the_dictate_area_of_another_player_is_hidden_before_reveal():
    g = to_assign_of(new_game(2, 5), 1)
    g.players[0].dictate.append("red")
    assert g.view(1)["players"][0]["dictate"] is None
    assert g.view(0)["players"][0]["dictate"] == ["red"]


def test_the_search_answer_does_not_depend_on_what_it_cannot_see():
    g = new_game(3, 2)
    quick, rng, checked, kinds = RollAI(0), Rng(1), 0, set()
    while not g.over and checked < 12:
        d = g.pending
        tiles = any(len(p.dev_stack) > 1 or len(p.world_stack) > 1
                    for i, p in enumerate(g.players) if i != 1)
        if d.player == 1 and tiles and \
                len(candidates(g, d, quick.choose(g, d), TINY.most)) > 1:
            other = g.determinize(1, rng)
            # What it imagines is dealt from what it sees: the same worlds from either.
            assert g.determinize(1, Rng(checked)).digest() == \
                other.determinize(1, Rng(checked)).digest()
            assert RollSearch(4, TINY).choose(other, other.pending) == \
                RollSearch(4, TINY).choose(g, d)
            checked += 1
            kinds.add(d.kind)
        g.apply(quick.choose(g, d))
    assert checked == 12 and "assign" in kinds      # hidden tiles, and hidden dice too


def test_why_lists_each_candidate_with_its_value_and_the_answer_chosen():
    g = new_game(1, 30)
    seat = RollSearch(2, TINY)
    while True:
        d = g.pending
        answer = seat.choose(g, d)
        if seat.last_why.options[0][1] is not None:
            break
        g.apply(answer)
    why = seat.last_why
    assert why.chosen == answer and answer in [o for o, _, _ in why.options]
    # The answer is the best of the options kept to the last pass (those with most games).
    most = max(n for _, _, n in why.options)
    kept = [(v, o) for o, v, n in why.options if n == most]
    assert max(kept, key=lambda vo: vo[0])[1] == answer
    text = "\n".join(why_lines(g, why, "AI"))
    # Early in the game the look-ahead stops at the next round, where the judgement foresees.
    assert text.startswith("AI (") and "to the start of the next round, judged" in text
    assert f"chose {g.answer_text(answer)}" in text
    # Successive halving drops some options after fewer games: said when it happened.
    dropped = len({n for _, v, n in why.options if v is not None}) > 1
    assert ("dropped after them" in text) == dropped


def test_why_says_when_options_were_dropped_after_fewer_games():
    g = new_game(1, 30)
    seat = RollSearch(2, RollLevel("test", games=24, most=6))
    while not g.over:
        d = g.pending
        answer = seat.choose(g, d)
        if len({n for _, v, n in seat.last_why.options if v is not None}) > 1:
            break
        g.apply(answer)
    text = "\n".join(why_lines(g, seat.last_why, "AI"))
    assert "An option with fewer games was dropped after them" in text


def test_the_budget_is_in_games_of_two_seats():
    assert budget(new_game(1, 1), 96) == budget(new_game(2, 1), 96) == 96
    assert budget(new_game(4, 1), 96) == 48


def test_a_whole_solo_game_against_the_bot_ends_with_legal_answers():
    g = new_game(1, 44)
    seat = RollSearch(3, TINY)
    while not g.over:
        g.apply(seat.choose(g, g.pending))      # untrusted: every answer is checked
    assert g.outcome().finished


def test_the_host_offers_the_levels_and_defaults_to_the_search():
    ruleset = ruleset_of(GameConfig(players=1, expansions=("roll",)), make_registry())
    assert ruleset.ai_levels == ("fast", "normal", "strong")
    assert ruleset.ai_level_for(None) == "normal"
    factory = ruleset.part("ai_seat")
    assert isinstance(factory(1, "fast"), RollAI)
    assert isinstance(factory(1), RollAI)             # a save that names no level
    assert factory(1, "strong").level is LEVELS["strong"]
    assert LEVELS["strong"].games > LEVELS["normal"].games
