"""A heuristic value of a Dara / Dala position for search (``Dara.evaluate``).

Counted in pieces for ``player`` against the opponent: the pieces each side has captured
(10 wins), plus half a piece for a removal that ``player`` is about to make. The value is
``score / (|score| + 4)``: two pieces ahead is worth 1/3; wins and draws are left to the
search's terminal values.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .kernels import LOST, PEND, TO_MOVE


@njit(cache=True)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    score = float(s[LOST + 1 - player] - s[LOST + player])
    if s[PEND]:
        score += 0.5 if s[TO_MOVE] == player else -0.5
    return score / (abs(score) + 4.0)
