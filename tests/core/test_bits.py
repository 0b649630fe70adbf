"""The compiled bit helpers count and find the bits of any mask an evaluation or a solver uses
(board sets up to 64 points: signed and unsigned 64-bit words)."""
import numpy as np
from numba import njit

from ludotheque.core.bits import lowest_bit, popcount


@njit(cache=False)
def _both(mask):
    return popcount(mask), lowest_bit(mask)


def test_popcount_and_lowest_bit_match_python_on_64_bit_masks():
    rng = np.random.default_rng(5)
    masks = [1, 6, 1 << 36, (1 << 63) - 1, 1 << 62] + [int(m) | 1 << int(b) for m, b in zip(
        rng.integers(0, 1 << 62, 200), rng.integers(0, 63, 200))]
    for m in masks:
        expected = (m.bit_count(), (m & -m).bit_length() - 1)
        assert _both(np.int64(m)) == expected
        assert _both(np.uint64(m)) == expected
    assert _both(np.uint64((1 << 64) - 1)) == (64, 0)
    assert _both(np.uint64(1 << 63)) == (1, 63)
