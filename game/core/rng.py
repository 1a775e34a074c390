"""Our own seeded PRNG (PCG32), kept inside every game state.

Python's `random` module may change its algorithms between versions; a game number must give
the same game everywhere, so the rules draw only from this generator. Its whole state is two
integers, which go into saves and clones.
"""
from __future__ import annotations

from typing import TypeVar
from collections.abc import MutableSequence, Sequence

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


class Rng:
    """PCG-XSH-RR 32-bit output, 64-bit state."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = 54) -> None:
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self._step()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * _MULT + self.inc) & _MASK64

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n > 0xFFFFFFFF:
            # Combine two draws for large bounds (rarely needed).
            return ((self.next_u32() << 32) | self.next_u32()) % n
        threshold = (0x100000000 - n) % n  # reject the biased low end
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """A float in [0, 1)."""
        return self.next_u32() / 4294967296.0

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        """One of `items`, each as likely as its weight (any positive scale)."""
        pick = self.random() * sum(weights)
        for item, w in zip(items, weights):
            pick -= w
            if pick <= 0:
                return item
        return items[-1]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Rng:
        """A new independent generator derived from this one (does not advance it)."""
        child = Rng.__new__(Rng)
        child.inc = ((self.state ^ (salt * 0x9E3779B97F4A7C15)) << 1 | 1) & _MASK64
        child.state = (self.state + salt * 0xBF58476D1CE4E5B9) & _MASK64
        child._step()
        return child

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        twin.inc = self.inc
        return twin

    def to_json(self) -> list[int]:
        return [self.state, self.inc]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        rng = cls.__new__(cls)
        rng.state, rng.inc = int(data[0]) & _MASK64, int(data[1]) & _MASK64
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.state, self.inc) == (other.state, other.inc)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
