"""The project's RNG (`rftg_cli.rng`): the published PCG32 and SplitMix64 outputs, pinned draws
(a change to any of them changes every saved game), unbiased bounded integers, shuffles that
are uniform permutations, cheap copies and states that continue identically, and the first
deal of seed 1."""

from __future__ import annotations

import math
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rftg_cli.config import GameConfig
from rftg_cli.plugins import new_game
from rftg_cli.rng import Rng, splitmix64
from tests.helpers import registry


def chi_square(counts: Counter, outcomes: list, draws: int) -> float:
    expected = draws / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


# A chi-square bound far in the tail (p < 1e-9 for these degrees of freedom), so that a fixed
# seed can never flake; a biased draw (say one outcome 10% too frequent) exceeds it by far.
def loose_bound(degrees: int) -> float:
    return degrees + 14 * math.sqrt(2 * degrees) + 20


# ---------------------------------------------------------------------- the algorithms


def test_pcg32_matches_the_reference_demo_output():
    # pcg32-demo of pcg-c-basic: pcg32_srandom_r(&rng, 42, 54), then pcg32_random_r.
    rng = Rng.from_pcg(42, 54)
    assert [rng.next32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_splitmix64_matches_the_reference_output():
    # splitmix64.c seeded with 1234567: its first output.
    assert splitmix64(1234567)[1] == 6457827717110365317


# ---------------------------------------------------------------------- pinned draws


@pytest.mark.parametrize("seed,first", [
    (0, [2422489633, 1176037471, 2405161421]),
    (1, [1898588359, 1573219775, 435088021]),
    (-1, [1380566492, 26580016, 3885459305]),
    (2**64, [865185997, 761643607, 695339648]),
    (10**30, [731278936, 321481916, 3168255035]),
])
def test_pinned_outputs_for_a_few_seeds(seed, first):
    rng = Rng(seed)
    assert [rng.next32() for _ in range(3)] == first


def test_pinned_shuffle_sample_and_bounded_draws():
    rng = Rng(1)
    deck = list(range(10))
    rng.shuffle(deck)
    assert deck == [0, 9, 7, 8, 2, 5, 1, 6, 3, 4]
    rng = Rng(2)
    assert rng.sample("abcdefgh", 3) == ["a", "g", "d"]
    assert rng.randbelow(1000) == 151
    assert rng.randint(-5, 5) == 2
    assert rng.choice("xyz") == "z"
    assert rng.getrandbits(64) == 10788143213327319265


def test_first_deal_of_seed_1():
    game = new_game(GameConfig(players=2), 1, registry=registry())
    deal = [([game.name(c) for c in p.tableau], [game.name(c) for c in p.hand])
            for p in game.players]
    assert deal == [
        (["New Sparta"], ["Galactic Federation", "Alien Robotic Factory", "Public Works",
                          "Aquatic Uplift Race", "Bio-Hazard Mining World", "Secluded World"]),
        (["Earth's Lost Colony"], ["New Earth", "Distant World", "Replicant Robots",
                                   "Alien Tech Institute", "Reptilian Uplift Race",
                                   "Star Nomad Lair"]),
    ]


# ---------------------------------------------------------------------- seeds


@given(st.integers())
def test_any_int_seed_maps_deterministically(seed):
    a, b = Rng(seed), Rng(seed)
    assert a == b
    assert [a.next32() for _ in range(4)] == [b.next32() for _ in range(4)]


def test_nearby_and_negative_seeds_give_different_streams():
    seeds = list(range(-500, 500)) + [2**63 - 1, -(2**63), 2**64, -(2**64), 10**40]
    firsts = {Rng(seed).getrandbits(64) for seed in seeds}
    assert len(firsts) == len(seeds)


@pytest.mark.parametrize("seed", ["1", 1.0, None])
def test_a_seed_must_be_an_int(seed):
    with pytest.raises(TypeError):
        Rng(seed)


# ---------------------------------------------------------------------- bounded integers


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 10, 52, 100, 1000])
def test_randbelow_stays_below_its_bound(n):
    rng = Rng(n)
    assert all(0 <= rng.randbelow(n) < n for _ in range(2000))


def test_randbelow_is_uniform_on_a_die():
    rng = Rng(6)
    draws = 60_000
    counts = Counter(rng.randbelow(6) for _ in range(draws))
    assert chi_square(counts, list(range(6)), draws) < loose_bound(5)


def test_randbelow_has_no_modulo_bias_for_a_large_bound():
    # 2**32 = 4 * 2**30: reducing a 32-bit draw modulo 3 * 2**30 would put half the draws in
    # the lowest third. Unbiased, a third land there.
    rng = Rng(3)
    n, draws = 3 << 30, 30_000
    low = sum(rng.randbelow(n) < (1 << 30) for _ in range(draws))
    assert abs(low / draws - 1 / 3) < 0.02


def test_randbelow_beyond_32_bits_is_in_range_and_covers_the_top():
    rng = Rng(4)
    n = 3 * 2**70
    draws = [rng.randbelow(n) for _ in range(3000)]
    assert all(0 <= d < n for d in draws)
    assert max(draws) > 2 * 2**70 and min(draws) < 2**70


def test_randint_includes_both_ends_uniformly():
    rng = Rng(7)
    draws = 35_000
    counts = Counter(rng.randint(-3, 3) for _ in range(draws))
    assert set(counts) == set(range(-3, 4))
    assert chi_square(counts, list(range(-3, 4)), draws) < loose_bound(6)


def test_bad_bounds_are_refused():
    rng = Rng(0)
    with pytest.raises(ValueError):
        rng.randbelow(0)
    with pytest.raises(ValueError):
        rng.randbelow(-5)
    with pytest.raises(ValueError):
        rng.randint(3, 2)
    with pytest.raises(IndexError):
        rng.choice([])
    with pytest.raises(ValueError):
        rng.sample([1, 2], 3)
    with pytest.raises(ValueError):
        rng.getrandbits(-1)
    with pytest.raises(ValueError):
        rng.setstate((1, 2))
    assert rng == Rng(0)   # a refused call draws nothing and leaves the state as it was


def test_getrandbits_and_random_ranges():
    rng = Rng(8)
    assert rng.getrandbits(0) == 0
    for k in (1, 5, 31, 32, 33, 64, 100):
        assert all(0 <= rng.getrandbits(k) < 2**k for _ in range(200))
    assert max(rng.getrandbits(100) for _ in range(50)) >= 2**96
    floats = [rng.random() for _ in range(5000)]
    assert all(0.0 <= f < 1.0 for f in floats)
    assert abs(sum(floats) / len(floats) - 0.5) < 0.03


def test_getrandbits_64_is_two_outputs_high_first():
    a, b = Rng(9), Rng(9)
    assert a.getrandbits(64) == (b.next32() << 32) | b.next32()


def test_choice_is_uniform():
    rng = Rng(10)
    items = ["explore", "develop", "settle", "consume", "produce"]
    draws = 25_000
    counts = Counter(rng.choice(items) for _ in range(draws))
    assert chi_square(counts, items, draws) < loose_bound(4)


# ---------------------------------------------------------------------- shuffle and sample


@given(st.integers(), st.lists(st.integers(), max_size=300))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = items.copy()
    Rng(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


@pytest.mark.parametrize("length", [3, 4])
def test_shuffle_gives_every_order_equally_often(length):
    rng = Rng(length)
    orders = list(permutations(range(length)))
    draws = 2000 * len(orders)
    counts: Counter = Counter()
    for _ in range(draws):
        items = list(range(length))
        rng.shuffle(items)
        counts[tuple(items)] += 1
    assert chi_square(counts, orders, draws) < loose_bound(len(orders) - 1)


def test_shuffle_of_a_deck_puts_every_card_everywhere_equally():
    # A deck-sized shuffle is drawn in batches of several positions per output: each card
    # must still be equally likely in each position (here: the top card and the bottom card).
    rng = Rng(11)
    size, draws = 40, 40_000
    top: Counter = Counter()
    bottom: Counter = Counter()
    for _ in range(draws):
        deck = list(range(size))
        rng.shuffle(deck)
        top[deck[-1]] += 1
        bottom[deck[0]] += 1
    for counts in (top, bottom):
        assert chi_square(counts, list(range(size)), draws) < loose_bound(size - 1)


@given(st.integers(), st.lists(st.integers(), unique=True, max_size=40), st.data())
def test_sample_gives_distinct_elements_of_the_population(seed, population, data):
    k = data.draw(st.integers(0, len(population)))
    picked = Rng(seed).sample(population, k)
    assert len(picked) == k and len(set(picked)) == k and set(picked) <= set(population)


def test_sample_is_uniform_over_ordered_picks():
    rng = Rng(12)
    population = "abcd"
    outcomes = list(permutations(population, 2))
    draws = 1500 * len(outcomes)
    counts = Counter(tuple(rng.sample(population, 2)) for _ in range(draws))
    assert chi_square(counts, outcomes, draws) < loose_bound(len(outcomes) - 1)


# ---------------------------------------------------------------------- copies and states


def draw_some(rng: Rng) -> list:
    deck = list(range(60))
    rng.shuffle(deck)
    return [rng.next32(), rng.randbelow(97), rng.sample(range(20), 4), deck, rng.random()]


def test_a_copy_continues_identically_and_independently():
    rng = Rng(13)
    draw_some(rng)
    twin = rng.copy()
    assert twin == rng
    assert draw_some(twin) == draw_some(rng)
    twin.next32()
    assert twin != rng


def test_getstate_setstate_round_trip():
    rng = Rng(14)
    draw_some(rng)
    saved = rng.getstate()
    ahead = draw_some(rng)
    other = Rng(0)
    other.setstate(saved)
    assert draw_some(other) == ahead
    rng.setstate(saved)
    assert draw_some(rng) == ahead


@pytest.mark.parametrize("state", [(1, 2), (-1, 1), (2**64, 1), (0, 2**64 + 1), (1,), "x",
                                   (1.0, 1)])
def test_setstate_refuses_what_is_not_a_state(state):
    with pytest.raises(ValueError):
        Rng(0).setstate(state)


def test_spawn_gives_a_deterministic_child_that_does_not_move_its_parent():
    a, b = Rng(15), Rng(15)
    child_a, child_b = a.spawn(), b.spawn()
    assert draw_some(child_a) == draw_some(child_b)
    assert a == b and child_a != a


def test_repr_shows_the_state_and_no_address():
    assert repr(Rng.from_pcg(42, 54)) == (
        "Rng(state=0x185706b82c2e03f8, inc=0x000000000000006d)")


def test_a_game_copy_continues_with_the_same_draws():
    game = new_game(GameConfig(players=2), 5, registry=registry())
    twin = game.copy()
    assert twin.rng == game.rng and twin.rng is not game.rng
    assert draw_some(twin.rng) == draw_some(game.rng)
