"""A heuristic value of a Komikan position for search (``Komikan.evaluate``).

Seen from the Puma player (player 0), in "alpacas":

- the captured pile against the capture goal: ``4 * pile / goal`` (the goal itself is a win
  and is left to the search's terminal values);
- the Puma's mobility: the points it can reach (steps and jumps, linked ones included) and its
  captures, capped at 8, ``+ 0.15`` each; a Puma with at most two moves left is nearly trapped
  (``- 1.5``, one move ``- 3``);
- alpacas in the den (7 fill it, a win for the alpacas): ``- 0.25`` each.

The score is squashed by ``score / (|score| + 3)`` into (-1, 1), then clipped to
[-0.99, 0.99] so that no heuristic value reaches a proven result; the alpaca player gets the
opposite value.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .kernels import CAP, N, PILE, PUMA, S_GOAL, capture_ok, other_grass, puma_move_mask


@njit(cache=True)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    P = s[PUMA]
    mask = puma_move_mask(s, spec, P, -1)
    moves = 0
    while mask:
        mask &= mask - 1
        moves += 1
    og = other_grass(s, spec, P)
    caps = 0
    for k in range(2):
        o = P if k == 0 else og
        if o < 0:
            break
        for d in range(8):
            if capture_ok(s, spec, P, o, d, -1):
                caps += 1
    mob = min(moves + caps, 8)
    score = 4.0 * s[PILE] / spec[S_GOAL] + 0.15 * mob + 0.3 * min(caps, 2)
    if mob <= 1:
        score -= 3.0
    elif mob <= 2:
        score -= 1.5
    den = 0
    for q in range(7):
        den += 1 if s[q if q < 6 else 8] != 0 else 0
    score -= 0.25 * den
    v = score / (abs(score) + 3.0)
    v = min(max(v, -0.99), 0.99)
    return v if player == 0 else -v
