"""Random numbers that give the same stream on every machine and numpy version.

numpy only promises a stable *bit stream* for PCG64 seeded through SeedSequence; the
convenience methods (integers, shuffle, choice) may change between releases. So every
random decision in the engine is derived from raw 64-bit words here.
"""

from __future__ import annotations

import numpy as np


class StableRandom:
    """A seeded source of raw words with the few derived draws the engine needs."""

    def __init__(self, seed: int, stream: int) -> None:
        self._bits = np.random.PCG64(np.random.SeedSequence([int(seed) & (2**63 - 1), stream]))

    def words(self, count: int) -> np.ndarray:
        """`count` raw uint64 words."""
        return np.asarray(self._bits.random_raw(count), dtype=np.uint64)

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (2**64 // n) * n
        while True:
            word = int(self._bits.random_raw())
            if word < limit:
                return word % n

    def coins(self, count: int, p_true: float) -> np.ndarray:
        """`count` independent booleans, each True with probability `p_true`."""
        uniform = (self.words(count) >> np.uint64(11)).astype(np.float64) * 2.0**-53
        return uniform < p_true

    def order(self, count: int) -> np.ndarray:
        """A uniformly random permutation of range(count)."""
        return np.argsort(self.words(count), kind="stable")
