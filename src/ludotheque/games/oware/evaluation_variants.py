"""Heuristic values of Nam-Nam and Omweso positions for search (``NamNam.evaluate``,
``Omweso.evaluate``), as Abapa's ``evaluation.py``; the terms are documented in each game's
module docstring. Both are ``evaluate(s, spec, player) -> float``, compiled, called at every
leaf of the alpha-beta search, antisymmetric (player 0's value is minus player 1's) and
strictly inside (-1, 1): a score counted in seeds for ``player`` is squashed as
``score / (|score| + K)``. The rules are not re-implemented: the threats replay the games' own
kernels (Nam-Nam's ``sow_turn``, Omweso's ``captures_at``).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from . import nam_nam_kernels as NK
from . import omweso_kernels as OK

# -- Nam-Nam ------------------------------------------------------------------------------

NN_K = 16.0              # 16 seeds ahead (four houses) is worth 0.5
NN_MOVER_THREAT = 0.5    # weight of the best gain of the player to move
NN_OTHER_THREAT = 0.25   # ... and of the other player, were he to move
NN_WORDS = NK.OWNER + 12 + 3   # houses, owners, stores, player to move: all a turn touches


@njit(cache=True, forceinline=True)
def _nn_projected(s: np.ndarray, p: int) -> int:
    """p's store plus the seeds in the houses he owns: his store if the round ended now
    (as at a blocked round end, NN-E2)."""
    v = s[NK.STORE + p]
    for h in range(12):
        if s[NK.OWNER + h] == p:
            v += s[h]
    return v


@njit(cache=True)
def _nn_best_gain(s: np.ndarray, scratch: np.ndarray, p: int) -> int:
    """The most p's projected store gains over the opponent's in one turn of p (every turn
    replayed by the kernel; 0 if p has no move)."""
    before = _nn_projected(s, p)
    best = -1000
    for h in range(12):
        if s[NK.OWNER + h] != p or s[h] == 0:
            continue
        for i in range(NN_WORDS):
            scratch[i] = s[i]
        scratch[NK.TO_MOVE] = p
        NK.sow_turn(scratch, h)
        g = _nn_projected(scratch, p) - before
        if g > best:
            best = g
    return 2 * best if best > -1000 else 0        # seeds won are seeds the opponent lost


@njit(cache=True)
def nam_nam_evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    me, op = player, 1 - player
    if s[NK.END] != NK.ONGOING:
        d = s[NK.STORE + me] - s[NK.STORE + op]
        return 0.999 if d > 0 else -0.999 if d < 0 else 0.0
    score = float(_nn_projected(s, me) - _nn_projected(s, op))
    scratch = np.empty(NN_WORDS, np.int32)
    mover = s[NK.TO_MOVE]
    for p in (me, op):
        g = _nn_best_gain(s, scratch, p)
        if p == mover:
            w = NN_MOVER_THREAT
        else:
            w = NN_OTHER_THREAT
            g = max(g, 0)                           # he may also not play it
        score += w * g if p == me else -w * g
    return score / (abs(score) + NN_K)


# -- Omweso -------------------------------------------------------------------------------

OM_K = 16.0              # 16 seeds ahead is worth 0.5
OM_MOBILITY = 0.5        # a pit of 2+ seeds (a player without one loses, OM-F1)
OM_MOVER_THREAT = 1.0    # share of the biggest first-lap capture of the player to move
OM_OTHER_THREAT = 0.5    # ... and of the other player
OM_AKAKYALA = 6.0        # captured before while the opponent never has (OM-F2 is near)
OM_AKAKYALA_NOW = 40.0   # ... and can capture now, on the move: a win next turn


@njit(cache=True, forceinline=True)
def _om_last_pit(o: int, n: int, d: int, skip: int) -> int:
    """Pit of the last seed of a lap of n seeds sown from after own pit o in direction d
    (as ``lap_would_capture``)."""
    period = 15 if skip else 16
    r = n % period
    m = r if r else period
    return (o + d * m) & 15


@njit(cache=True)
def _om_threat(s: np.ndarray, p: int, skip: int) -> int:
    """The most seeds p captures with the first lap of one move (normal or reverse, OM-D1,
    OM-E1); relays and further captures are left to the search."""
    base = 16 * p
    opp = 16 * (1 - p)
    best = 0
    for k in range(16):
        n = s[base + k]
        if n < 2:
            continue
        for d in (1, -1):
            if d == -1 and not (k == 0 or k == 1 or k == 14 or k == 15):
                continue
            if OK.lap_would_capture(s, p, k, n, d, skip, True):
                pit = _om_last_pit(k, n, d, skip)
                c = s[opp + 23 - pit] + s[opp + pit - 8]
                if c > best:
                    best = c
    return best


@njit(cache=True)
def omweso_evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    me, op = player, 1 - player
    if s[OK.END] != OK.ONGOING:
        w = s[OK.WINNER]
        return 0.999 if w == me else -0.999 if w == op else 0.0
    skip = spec[OK.SKIP_ORIGIN]
    mover = s[OK.TO_MOVE]
    score = 0.0
    for p in (me, op):
        sign = 1.0 if p == me else -1.0
        seeds = 0
        mobile = 0
        for k in range(16 * p, 16 * p + 16):
            seeds += s[k]
            if s[k] >= 2:
                mobile += 1
        if p == mover:
            seeds += s[OK.HAND]                     # captured seeds in hand at a decision
        threat = _om_threat(s, p, skip)
        v = seeds + OM_MOBILITY * mobile
        v += 2 * threat * (OM_MOVER_THREAT if p == mover else OM_OTHER_THREAT)
        if s[OK.CAPTURES + p] >= 1 and s[OK.CAPTURES + 1 - p] == 0:
            v += OM_AKAKYALA
            if threat > 0 and p == mover:
                v += OM_AKAKYALA_NOW
        score += sign * v
    return score / (abs(score) + OM_K)
