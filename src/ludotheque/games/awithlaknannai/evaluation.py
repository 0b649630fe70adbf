"""A heuristic value of an Awithlaknannai position for search (``Awithlaknannai.evaluate``).

One function serves every ruleset of the family (base, Lemery, Serpents, ``+shaman``,
``classic`` and the AW-F options). Counted in snakes for ``player`` against the opponent, then
squashed into (-1, 1):

- material: the snakes each side has on the board (weight 1; the Shaman 1.25, since it pulls
  and pushes and is never forced to capture). Captures are what decides the game (AW-D1,
  AW-G2, and AW-F8 counts snakes);
- a pending huff removal (AW-F4) is as good as made: 1 snake for the remover;
- threats: if the side that acts next (the player to move) can capture now, 0.5 (the
  capture is often compulsory, AW-C3, and usually wins a snake); each snake of the waiting
  side that could capture counts 0.25 against the player to move;
- mobility: 0.02 per empty point next to a snake of each side (cheap: one pass over at most
  37 points and 6 directions), which rewards the side with room to manoeuvre (AW-D2).

The value is ``score / (|score| + 6)``: one snake ahead is worth about 0.14, six snakes 0.5.
A finished game (which the search scores itself) gets +-24 (0.8) for a win and 0 for a draw,
so the value always stays strictly inside (-1, 1).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .kernels import (
    DIRS, END, NCAND, NMAX, ONGOING, P_NPTS, PHASE, REMOVE, STEP, TO_MOVE, WINNER, can_jump,
    is_shaman, owner,
)

SQUASH = 6.0
WIN_SCORE = 24.0


@njit(cache=True)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    sign = 1.0 if player == 0 else -1.0                  # scores are counted for player 0
    if s[END] != ONGOING:
        w = s[WINNER]
        score = 0.0 if w == 2 else WIN_SCORE if w == 0 else -WIN_SCORE
        score *= sign
        return score / (abs(score) + SQUASH)
    mover = s[TO_MOVE]
    score = 0.0
    threat = np.zeros(2, np.int64)
    for c in range(min(spec[P_NPTS], NMAX)):
        v = s[c]
        if v == 0:
            continue
        q = owner(v)
        sq = 1.0 if q == 0 else -1.0
        score += sq * (1.25 if is_shaman(v) else 1.0)
        base = DIRS + 9 * c
        for k in range(spec[base]):
            if s[spec[STEP + 8 * c + spec[base + 1 + k]]] == 0:
                score += sq * 0.02
        if can_jump(s, spec, c, q):
            threat[q] += 1
    sm = 1.0 if mover == 0 else -1.0
    if s[PHASE] == REMOVE and s[NCAND] > 0:
        score += sm                                      # the removal owed to the mover
    if threat[mover] > 0:
        score += sm * 0.5
    score -= sm * 0.25 * threat[1 - mover]
    score *= sign
    return score / (abs(score) + SQUASH)
