"""Bit sets of board points (int64 masks) in compiled code: evaluations count and walk them."""
from __future__ import annotations

from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

lowest_bit = trailing_zeros      # the index of the lowest set bit of a non-zero mask


@njit(cache=True, forceinline=True)
def popcount(m):  # type: ignore[no-untyped-def]
    """The number of set bits of a non-negative int64 mask (one step a bit: boards are sparse)."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n
