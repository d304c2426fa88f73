"""Round rules: hand limit, end of game, VP pool, deck reshuffle, phase timing (rulebook
"Fin de tour, cartes et jetons", "Fin de partie", "Pouvoirs des cartes", expert variant)."""

from tests.powers_helpers import Table


def end_round(t: Table) -> None:
    g = t.game
    g.tasks.clear()
    g.pending = None
    g.over = False
    g.push(("round_end",))
    g.run()


def test_hand_limit_ten_at_round_end():
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.pad(0, 13)
    t.pad(1, 10)
    end_round(t)
    d = t.pending
    assert d.kind == "hand_limit" and d.player == 0 and d.count == (3, 3)
    t.answer(d.options[:3])
    assert len(t.p(0).hand) == 10 and len(t.p(1).hand) == 10
    # The game goes on: the next round asks for action cards.
    assert t.pending.kind == "action" and t.game.round == 2


def test_game_ends_at_twelve_tableau_cards_at_round_end():
    t = Table()
    t.tableau(0, "Old Earth", "Gem World", "Spice World", "Comet Zone", "Mining World",
              "New Earth", "Drop Ships", "Public Works", "Space Marines", "Colony Ship",
              "Export Duties", "Genetics Lab")
    t.tableau(1, "New Sparta")
    end_round(t)
    assert t.game.over and t.game.phase == "over"


def test_game_goes_on_at_eleven_tableau_cards():
    t = Table()
    t.tableau(0, "Old Earth", "Gem World", "Spice World", "Comet Zone", "Mining World",
              "New Earth", "Drop Ships", "Public Works", "Space Marines", "Colony Ship",
              "Export Duties")
    t.tableau(1, "New Sparta")
    end_round(t)
    assert not t.game.over and t.pending.kind == "action"


def test_vp_pool_paid_in_full_then_the_game_ends_at_round_end():
    """When the last chip is taken the round still pays every VP earned; the game ends at
    the end of that round."""
    t = Table()
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    t.game.pool = 1
    [tourist] = t.tableau(0, "Tourist World")
    goods = t.tableau(0, "Gem World", "Asteroid Belt")
    for w in goods:
        t.good(0, w)
    t.start("consume", {0: ("consume2",)})
    t.answer((tourist, 0, tuple(goods)))      # 3 VP, doubled
    assert t.p(0).vp == 6 and t.game.pool == 0
    end_round(t)
    assert t.game.over


def test_deck_reshuffles_the_discard_pile_when_empty():
    t = Table()
    g = t.game
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    rest = list(g.deck)
    g.discard_pile = rest[1:]
    g.deck = rest[:1]
    t.start("explore", {0: ("explore5",)})
    assert len(t.p(0).explore_seen) == 7 and len(t.p(1).explore_seen) == 2
    assert g.discard_pile == [] and len(g.deck) == len(rest) - 9


def test_drawing_from_an_exhausted_deck_and_discard_pile_draws_nothing_more():
    t = Table()
    g = t.game
    t.tableau(0, "Old Earth")
    t.tableau(1, "New Sparta")
    g.deck = g.deck[:3]
    g.discard_pile = []
    t.start("explore", {0: ("explore5",)})
    assert len(t.p(0).explore_seen) + len(t.p(1).explore_seen) == 3


def test_expert_world_settled_in_first_settle_acts_in_the_second():
    """Expert variant: powers of cards placed in the first of two Settle phases act in the
    second (Blaster Gem Mines' +1 military: New Sparta's 2 + 1 conquers a defense-3 world)."""
    t = Table(expert=True)
    t.tableau(0, "New Sparta")
    t.tableau(1, "Old Earth")
    [blaster, warriors] = t.hand(0, "Blaster Gem Mines", "Rebel Warrior Race", extra=3)
    t.start("settle", {0: ("settle", "settle2"), 1: ("explore5", "develop")}, instances=2)
    assert warriors not in t.pending.info["ways"]    # 2 < 3
    t.settle((blaster, "pay", ()))
    # Payment of 3 from 4 other cards: choose the plain ones.
    d = t.pending
    assert d.kind == "pay"
    t.answer(tuple(c for c in d.options if c != warriors)[:3])
    d = t.pending
    assert d.kind == "settle" and (warriors, "conquer", ()) in d.info["ways"][warriors]
    t.settle((warriors, "conquer", ()))
    t.finish()
    assert blaster in t.p(0).tableau and warriors in t.p(0).tableau
    # Both Settle bonuses drew a card.
    assert len(t.p(0).hand) == 2


def test_development_placed_in_develop_acts_in_settle_of_the_same_round():
    """A power acts from the phase after its card is placed: Space Marines developed this
    round adds +2 in this round's Settle phase."""
    t = Table()
    t.tableau(0, "New Sparta")
    t.tableau(1, "Old Earth")
    [marines, fleet] = t.hand(0, "Space Marines", "Alien Robot Scout Ship", extra=1)
    t.start("develop", {0: ("develop",), 1: ("settle",)})
    t.answer(marines)
    t.answer(tuple(c for c in t.pending.options if c != fleet))   # pay 1 with the filler
    assert marines in t.p(0).tableau
    t.start("settle", {1: ("settle",)})
    assert (fleet, "conquer", ()) in t.pending.info["ways"][fleet]   # 2 + 2 = defense 4


def test_phase_finish_steps_run_after_the_players_while_temporary_military_holds():
    """`Rules.phase_finish_steps` (docs/plugins.md): each runs as its own task once the
    players have acted in a phase, before `phase_end_steps`, while the phase's temporary
    military still holds (New Military Tactics discarded to conquer Pirate World: +3);
    the takeovers of tests/expansions/test_takeovers.py ask their decisions from such a step."""
    t = Table()
    t.tableau(0, "Old Earth", "New Military Tactics")
    t.tableau(1, "New Sparta")
    [world] = t.hand(0, "Pirate World")
    seen = []
    g = t.game
    g.rules.phase_finish_steps.extend([
        lambda game, phase, instance: seen.append(("first", phase,
                                                   game.players[0].military_bonus)),
        lambda game, phase, instance: seen.append(("second", phase))])
    g.rules.phase_end_steps.append(lambda game, phase, instance: seen.append(("end", phase)))
    t.start("settle", {1: ("settle",)})
    t.answer((world, "place", ()))
    assert world in t.p(0).tableau
    assert seen == [("first", "settle", 3), ("second", "settle"), ("end", "settle")]
