"""Compiled code calling a helper of the package with a constant, an int32 or an int64 compiles
it once, for int64: each further signature costs warm-up time (`jit.compile_for_types`)."""
import numpy as np
from numba import njit, types

from ludotheque.core.kernels import below


@njit
def _draws(x, n32):
    return below(x, n32) + below(x, 5) + below(x, np.int64(7))


def test_a_helper_called_with_a_constant_an_int32_and_an_int64_compiles_for_int64_only():
    assert _draws(np.uint64(1 << 40), np.int32(3)) >= 0
    assert {sig[1] for sig in below.signatures} == {types.int64}
