"""The project's own random number generator, shared by every ruleset.

A seed must mean the same game on every Python version and machine: a save is config + seed +
answers, replayed. CPython promises that only for `random.Random.random()`; its `shuffle`,
`choice`, `sample` and `randrange` have changed between versions. So the generator and every
draw built on it (bounded integers, shuffle, sample) are written here, on plain integer
arithmetic, which Python computes identically everywhere.

The generator is **PCG32** (PCG-XSH-RR with 64-bit state and 32-bit output) by Melissa E.
O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms for Random
Number Generation" (2014, https://www.pcg-random.org): a 64-bit linear congruential step
(multiplier 6364136223846793005, an odd increment that selects one of 2**63 streams) whose
output is a xorshift of the high bits turned by a data-dependent rotation. It matches the
reference `pcg32_srandom_r` / `pcg32_random_r` of pcg-c-basic (see `Rng.from_pcg`).

A seed (any int: negative or huge) is mapped to PCG32's initial state and stream with
**SplitMix64** (Steele, Lea and Flood, "Fast Splittable Pseudorandom Number Generators",
OOPSLA 2014; constants of Vigna's splitmix64.c): every seed in [-2**63, 2**63) gets its own
state and stream.

Bounded integers use **Lemire's multiply-and-reject** method (D. Lemire, "Fast Random Integer
Generation in an Interval", ACM TOMACS 29(1), 2019): unbiased, and a division only in the rare
case a draw lands near the rejection zone. Shuffle is Fisher-Yates (Durstenfeld's in-place
form) whose indices are drawn a few per output with the batched form of the same method
(Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer Generation", Software: Practice
and Experience, 2024); sample is a partial Fisher-Yates.

The state is two ints, so `copy()` is cheap: the AI copies games thousands of times a move.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import Any, TypeVar

T = TypeVar("T")

_MASK32 = (1 << 32) - 1
_MASK64 = (1 << 64) - 1
_TWO32 = 1 << 32
_PCG_MULT = 6364136223846793005
_TWIN = _TWO32 + 1
# A shuffle batch's product of bounds stays under this, so a batch is redrawn with
# probability below 2**28 / 2**32 = 1/16 (and usually far less).
_BATCH_LIMIT = 1 << 28

_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _mix64(z: int) -> int:
    """SplitMix64's output function: a bijection on 64-bit words with full avalanche."""
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return z ^ (z >> 31)


def splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: (the next state, the 64-bit output)."""
    state = (state + _GOLDEN) & _MASK64
    return state, _mix64(state)


def _seed_word(seed: int) -> int:
    """Fold any int into one 64-bit word, deterministically.

    Zigzag coding (0, -1, 1, -2, ... -> 0, 1, 2, 3, ...) makes negative seeds distinct from
    positive ones; a seed whose code fits in 64 bits is taken as it is (so distinct small
    seeds stay distinct), a longer one is folded 64 bits at a time through `_mix64`."""
    code = 2 * seed if seed >= 0 else -2 * seed - 1
    word = code & _MASK64
    code >>= 64
    while code:
        word = _mix64(word ^ (code & _MASK64))
        code >>= 64
    return word


@lru_cache(maxsize=1024)
def _shuffle_plan(length: int) -> tuple[tuple[int, int, range], ...]:
    """Fisher-Yates for `length` items in batches: (Lemire's threshold 2**32 mod P, the product
    P of the batch's bounds, the positions it places from the end). Position i takes an index
    below i + 1. Cached: the same few deck sizes are shuffled over and over."""
    plan = []
    top = length - 1
    while top > 0:
        product = top + 1
        low = top
        while low > 1 and product * low <= _BATCH_LIMIT:
            product *= low
            low -= 1
        plan.append(((_TWO32 - product) % product, product, range(top, low - 1, -1)))
        top = low - 1
    return tuple(plan)


def _pcg_start(initstate: int, initseq: int) -> tuple[int, int]:
    """The (state, increment) that the reference `pcg32_srandom_r(initstate, initseq)` leaves:
    start at 0 on the chosen stream, step, add the state, step."""
    inc = ((initseq << 1) | 1) & _MASK64
    state = (inc + initstate) & _MASK64   # one step from 0 is the increment
    return (state * _PCG_MULT + inc) & _MASK64, inc


def _seeded(seed: int) -> tuple[int, int]:
    """The (state, increment) of a seed: SplitMix64 picks PCG32's start and stream."""
    if not isinstance(seed, int):
        raise TypeError(f"the seed must be an int, not {type(seed).__name__}")
    sm, initstate = splitmix64(_seed_word(seed))
    _, initseq = splitmix64(sm)
    return _pcg_start(initstate, initseq)


def _checked_state(state: Any) -> tuple[int, int]:   # checked here, whatever it is
    """A stored state, (64-bit state, odd 64-bit increment), or ValueError."""
    try:
        value, inc = state
    except (TypeError, ValueError):
        raise ValueError(f"not an Rng state: {state!r}") from None
    if not (isinstance(value, int) and isinstance(inc, int)
            and 0 <= value <= _MASK64 and 0 <= inc <= _MASK64 and inc & 1):
        raise ValueError(f"not an Rng state: {state!r}")
    return value, inc


class Rng:
    """A PCG32 generator with the draws the project needs, on Python ints. Deterministic per
    seed.

    >>> rng = Rng(1)
    >>> rng.copy().randbelow(6) == rng.randbelow(6)
    True
    """

    __slots__ = ("_inc", "_state")

    def __init__(self, seed: int) -> None:
        self._state, self._inc = _seeded(seed)

    def copy(self) -> Rng:
        """An independent generator at the same point: both go on identically."""
        new = Rng.__new__(Rng)   # unseeded, filled in here
        new._state = self._state
        new._inc = self._inc
        return new

    def getstate(self) -> tuple[int, int]:
        """The whole state, (64-bit state, odd 64-bit increment): plain ints, safe to store."""
        return self._state, self._inc

    def setstate(self, state: Any) -> None:
        """Resume from `getstate()`'s value."""
        self._state, self._inc = _checked_state(state)

    @classmethod
    def from_pcg(cls, initstate: int, initseq: int) -> Rng:
        """The generator that the reference `pcg32_srandom_r(initstate, initseq)` makes: its
        outputs can be checked against the published ones."""
        rng = cls.__new__(cls)
        rng.setstate(_pcg_start(initstate & _MASK64, initseq & _MASK64))
        return rng

    def spawn(self) -> Rng:
        """A child generator seeded from this one's next 64 bits: what the child draws does not
        move this one further, so a look-ahead can use it freely."""
        seed = self.getrandbits(64)
        child = self.copy()
        child.setstate(_seeded(seed))
        return child

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self.getstate() == other.getstate()

    __hash__ = None   # type: ignore[assignment]  # mutable: equal now, different after a draw

    def __repr__(self) -> str:
        # No object address: a repr may end up in a digest or a log that must repeat.
        state, inc = self.getstate()
        return f"Rng(state=0x{state:016x}, inc=0x{inc:016x})"

    def getrandbits(self, k: int) -> int:
        """A uniform int of `k` random bits (whole 32-bit outputs, high bits first)."""
        if k < 0:
            raise ValueError("the number of bits must be >= 0")
        out = 0
        got = 0
        while got < k:
            out = (out << 32) | self.next32()
            got += 32
        return out >> (got - k)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        high = self.next32() >> 5
        low = self.next32() >> 6
        return (high * 67108864 + low) * (1.0 / 9007199254740992)

    def randint(self, a: int, b: int) -> int:
        """A uniform int in [a, b], both ends included."""
        if b < a:
            raise ValueError(f"randint needs a <= b, not {a} > {b}")
        return a + self.randbelow(b - a + 1)

    def next32(self) -> int:
        """The next 32-bit output of PCG32 (pcg32_random_r)."""
        old = self._state
        self._state = (old * _PCG_MULT + self._inc) & _MASK64
        # XSH: xorshift high bits; RR: rotate right by the top 5 bits. x * (2**32 + 1) holds two
        # copies of x side by side, so one shift and a mask rotate it (fewer int operations).
        return (((((old >> 18) ^ old) >> 27) & _MASK32) * _TWIN >> (old >> 59)) & _MASK32

    # ------------------------------------------------------------------ bounded integers

    def randbelow(self, n: int) -> int:
        """A uniform int in [0, n), without modulo bias."""
        if n == 1:
            # Lemire's test below always passes for n = 1: one draw, whose result is 0 (a
            # random seat's pick of a set size is often one).
            self._state = (self._state * _PCG_MULT + self._inc) & _MASK64
            return 0
        if 0 < n <= _TWO32:
            # Lemire: the high word of x * n is uniform once the low word is outside the
            # 2**32 mod n values that would favour some results.
            state, inc = self._state, self._inc
            while True:
                old = state
                state = (old * _PCG_MULT + inc) & _MASK64
                m = ((((((old >> 18) ^ old) >> 27) & _MASK32) * _TWIN >> (old >> 59))
                     & _MASK32) * n
                low = m & _MASK32
                if low >= n or low >= (_TWO32 - n) % n:
                    self._state = state
                    return m >> 32
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, not {n}")
        # Wider than one output: plain rejection on just enough bits (accepts more than half).
        bits = n.bit_length()
        while True:
            r = self.getrandbits(bits)
            if r < n:
                return r

    # ------------------------------------------------------------------ sequences

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        n = len(seq)
        if not 0 < n <= _TWO32:
            if not n:
                raise IndexError("cannot choose from an empty sequence")
            return seq[self.randbelow(n)]
        # randbelow's step inlined: every random seat's answer and every greedy tie-break
        # comes through here.
        state, inc = self._state, self._inc
        while True:
            old = state
            state = (old * _PCG_MULT + inc) & _MASK64
            m = ((((((old >> 18) ^ old) >> 27) & _MASK32) * _TWIN >> (old >> 59))
                 & _MASK32) * n
            low = m & _MASK32
            if low >= n or low >= (_TWO32 - n) % n:
                self._state = state
                return seq[m >> 32]

    def shuffle(self, items: MutableSequence) -> None:
        """Shuffle in place: Fisher-Yates, each position from the end takes a uniformly chosen
        element of those not yet placed."""
        # This runs for every deck shuffle of every AI look-ahead, so the positions are drawn in
        # batches (Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer Generation",
        # 2024): one 32-bit output x and Lemire's test on the product P of a batch's bounds
        # give floor(x * P / 2**32), uniform in [0, P); multiplying the fraction left by each
        # bound in turn reads off its mixed-radix digits, one uniform index per position.
        state, inc = self._state, self._inc
        mult, mask64, mask32 = _PCG_MULT, _MASK64, _MASK32
        for threshold, product, positions in _shuffle_plan(len(items)):
            while True:
                old = state
                state = (old * mult + inc) & mask64
                x = (((((old >> 18) ^ old) >> 27) & mask32) * _TWIN >> (old >> 59)) & mask32
                if (x * product) & mask32 >= threshold:
                    break
            for i in positions:
                x *= i + 1
                j = x >> 32
                x &= mask32
                items[i], items[j] = items[j], items[i]
        self._state = state

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """`k` distinct elements (by position) in random order (a partial Fisher-Yates)."""
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError(f"cannot sample {k} of {n}")
        if n > _TWO32:
            for i in range(k):
                j = i + self.randbelow(n - i)
                pool[i], pool[j] = pool[j], pool[i]
            return pool[:k]
        # randbelow's step inlined, as in `choice`: random seats sample on every pick.
        state, inc = self._state, self._inc
        for i in range(k):
            bound = n - i
            while True:
                old = state
                state = (old * _PCG_MULT + inc) & _MASK64
                m = ((((((old >> 18) ^ old) >> 27) & _MASK32) * _TWIN >> (old >> 59))
                     & _MASK32) * bound
                low = m & _MASK32
                if low >= bound or low >= (_TWO32 - bound) % bound:
                    break
            j = i + (m >> 32)
            pool[i], pool[j] = pool[j], pool[i]
        self._state = state
        return pool[:k]
