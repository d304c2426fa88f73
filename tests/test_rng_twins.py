"""The RNG's two implementations (`rftg_cli.rng`): `NativeRng`, on signed 64-bit words for the
compiled build, draws exactly what `PortableRng` draws, on every operation, from every state,
and fails the same way. Interpreted, this checks the word arithmetic's logic; in the compiled
build (where `Rng` is `NativeRng`), its machine arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rftg_cli import rng as rng_module
from rftg_cli.rng import NativeRng, PortableRng, Rng

WORD = st.integers(0, 2**64 - 1)
# Bounds around every edge of the word arithmetic: 1 (no draw needed), small ones, just under
# and over 2**31 (where NativeRng hands over to PortableRng), 2**32 and beyond.
BOUND = st.one_of(st.integers(1, 100), st.integers(2**31 - 3, 2**31 + 3),
                  st.integers(2**32 - 2, 2**32 + 2), st.integers(1, 2**70))


def _twins(state: int, inc: int) -> tuple[PortableRng, NativeRng]:
    state_inc = (state, inc | 1)
    portable, native = PortableRng(0), NativeRng(0)
    portable.setstate(state_inc)
    native.setstate(state_inc)
    return portable, native


def _draw(rng, op: str, value, seq: list):
    if op == "next32":
        return rng.next32()
    if op == "randbelow":
        return rng.randbelow(value)
    if op == "randint":
        return rng.randint(-value, value)
    if op == "getrandbits":
        return rng.getrandbits(value % 130)
    if op == "random":
        return rng.random()
    if op == "choice":
        return rng.choice(seq) if seq else None
    if op == "shuffle":
        items = list(seq)
        rng.shuffle(items)
        return items
    if op == "sample":
        return rng.sample(seq, value % (len(seq) + 1))
    if op == "spawn":
        return rng.spawn().getstate()
    return rng.copy().getstate()


OPS = st.lists(st.tuples(
    st.sampled_from(["next32", "randbelow", "randint", "getrandbits", "random", "choice",
                     "shuffle", "sample", "spawn", "copy"]),
    BOUND, st.lists(st.integers(), max_size=80)), max_size=25)


@settings(max_examples=300)
@given(WORD, WORD, OPS)
def test_every_draw_is_the_same_from_every_state(state, inc, ops):
    portable, native = _twins(state, inc)
    for op, value, seq in ops:
        assert _draw(native, op, value, seq) == _draw(portable, op, value, seq), op
        assert native.getstate() == portable.getstate()


@given(st.integers())
def test_every_seed_starts_the_same(seed):
    assert NativeRng(seed).getstate() == PortableRng(seed).getstate()
    assert NativeRng(seed) == PortableRng(seed)


def test_the_published_pcg32_outputs_from_both():
    for cls in (PortableRng, NativeRng):
        rng = cls.from_pcg(42, 54)
        assert repr(rng) == "Rng(state=0x185706b82c2e03f8, inc=0x000000000000006d)"
        assert [rng.next32() for _ in range(3)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330]


def test_long_decks_are_shuffled_alike():
    portable, native = PortableRng(7), NativeRng(7)
    decks = [list(range(n)) for n in (0, 1, 2, 95, 250, 1000)]
    for deck in decks:
        a, b = list(deck), list(deck)
        portable.shuffle(a)
        native.shuffle(b)
        assert a == b
    assert portable == native


@pytest.mark.parametrize("call,error", [
    (lambda r: r.randbelow(0), ValueError), (lambda r: r.randbelow(-3), ValueError),
    (lambda r: r.choice([]), IndexError), (lambda r: r.sample([1, 2], 3), ValueError),
    (lambda r: r.randint(2, 1), ValueError), (lambda r: r.getrandbits(-1), ValueError),
    (lambda r: r.setstate((1, 2)), ValueError), (lambda r: NativeRng("1"), TypeError),
])
def test_both_refuse_the_same_calls(call, error):
    for cls in (PortableRng, NativeRng):
        rng = cls(3)
        before = rng.getstate()
        with pytest.raises(error):
            call(rng)
        assert rng.getstate() == before


def test_rng_is_the_native_twin_exactly_when_compiled():
    compiled = not rng_module.__file__.endswith(".py")
    assert (Rng is NativeRng) == compiled
    assert (Rng is PortableRng) == (not compiled)
