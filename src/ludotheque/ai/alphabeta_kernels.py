"""Alpha-beta's compiled node search, one for all games: it calls the game's kernels and
evaluation through their native entries (`core.kernels.call_at`), so it is compiled once for
each type of state and spec (all the games whose spec is one int64 array share one), not once
for each game. The driver is `alphabeta.py`; it releases the GIL (``nogil``).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ludotheque.core.kernels import CHANCE, TERMINAL, borrowed, call_at, grow, state_hash

WIN = 10.0
INF = 1e9
MAX_PLY = 96
EXACT, LOWER, UPPER = 0, 1, 2
# indices of node's ``at``: the native entries of the functions it calls
LEGAL, APPLY, TO_MOVE, RETURNS, CHANCE_PROBS, LEAF_EVAL, NODE = range(7)


@njit(cache=True, nogil=True)
def node(s: np.ndarray, spec: Any, depth: int, alpha: float, beta: float, ply: int,
         tt_key: np.ndarray, tt_val: np.ndarray, tt_depth: np.ndarray, tt_flag: np.ndarray,
         tt_move: np.ndarray, hist: np.ndarray, moves: np.ndarray, scores: np.ndarray,
         probs: np.ndarray, ret: np.ndarray, stats: np.ndarray, stop: np.ndarray,
         at: np.ndarray) -> float:
    """Value of ``s`` for player 0 searched ``depth`` actions deep within (alpha, beta).
    stats = [nodes, node limit, aborted, heuristic leaves, table cuts]; ``stop[0]`` is set
    non-zero by another thread when the time is up (`alphabeta.search`). The game's
    ``legal``, ``apply``, ``to_move``, ``returns``, ``chance_probs`` and evaluation, and this
    function itself, are called through their native entries ``at``
    (`alphabeta.native_calls`): linked in and inlined, the whole game was compiled again into
    this function, a quarter of the warm-up's compile time (the searches are 0.91-1.07x as
    fast), and each game compiled a node search of its own."""
    # The arrays as views without reference counts (`borrowed`): the recursive calls below
    # pass them on, and each counted array argument costs an atomic instruction a call.
    s, spec, tt_key, tt_val, tt_depth = borrowed(s), borrowed(spec), borrowed(tt_key), \
        borrowed(tt_val), borrowed(tt_depth)
    tt_flag, tt_move, hist, moves, scores = borrowed(tt_flag), borrowed(tt_move), \
        borrowed(hist), borrowed(moves), borrowed(scores)
    probs, ret, stats, stop = borrowed(probs), borrowed(ret), borrowed(stats), borrowed(stop)
    at = borrowed(at)
    stats[0] += 1
    if stats[2] != 0:
        return 0.0
    if stats[0] >= stats[1] or ((stats[0] & 63) == 0 and stop[0] != 0):
        stats[2] = 1
        return 0.0
    p = call_at(at[TO_MOVE], to_move, s, spec)
    if p == TERMINAL:
        call_at(at[RETURNS], returns, s, spec, ret)
        return float(ret[0] * (WIN - ply * 1e-3))
    if (depth <= 0 and p != CHANCE) or ply >= MAX_PLY - 1:     # throws are always averaged
        stats[3] += 1
        v = call_at(at[LEAF_EVAL], leaf_eval, s, spec, 0)
        return float(min(1.0, max(-1.0, v)))
    h = state_hash(s)
    slot = np.int64(h & np.uint64(tt_key.shape[0] - 1))
    tt_a = -1
    if tt_key[slot] == h:
        tt_a = tt_move[slot]
        if tt_depth[slot] >= depth:
            v = tt_val[slot]
            f = tt_flag[slot]
            if f == EXACT or (f == LOWER and v >= beta) or (f == UPPER and v <= alpha):
                stats[4] += 1
                return float(v)
    out = moves[ply]
    n = call_at(at[LEGAL], legal, s, spec, out)
    # One loop for throws and moves: one call of the game's ``apply`` (when it was inlined,
    # two calls compiled it twice).
    chance = p == CHANCE
    pr = probs[ply]
    sc = scores[ply]
    hn = hist.shape[0]
    if chance:
        call_at(at[CHANCE_PROBS], chance_probs, s, spec, pr)
    else:
        for i in range(n):
            sc[i] = 1e18 if out[i] == tt_a else hist[p, out[i] % hn]
    total = 0.0
    alpha0, beta0 = alpha, beta
    best = -INF if p == 0 else INF
    best_a = out[0]
    for k in range(n):
        if not chance:
            j = k                               # selection sort: best-ordered move next
            for i in range(k + 1, n):
                if sc[i] > sc[j]:
                    j = i
            if j != k:
                out[k], out[j] = out[j], out[k]
                sc[k], sc[j] = sc[j], sc[k]
        a = out[k]
        c = s.copy()
        need = call_at(at[APPLY], apply, c, spec, a)
        if need:
            c = grow(c, need)
        if chance:                              # throws are averaged with a full window
            v = call_at(at[NODE], node, c, spec, depth, -INF, INF, ply + 1, tt_key, tt_val,
                        tt_depth, tt_flag, tt_move, hist, moves, scores, probs, ret, stats,
                        stop, at)
        else:
            v = call_at(at[NODE], node, c, spec, depth - 1, alpha, beta, ply + 1, tt_key,
                        tt_val, tt_depth, tt_flag, tt_move, hist, moves, scores, probs, ret,
                        stats, stop, at)
        if stats[2] != 0:
            return 0.0
        if chance:
            total += pr[k] * v
            continue
        if p == 0:
            if v > best:
                best, best_a = v, a
            if v > alpha:
                alpha = v
        else:
            if v < best:
                best, best_a = v, a
            if v < beta:
                beta = v
        if alpha >= beta:
            hist[p, a % hn] += depth * depth
            break
    if chance:
        tt_key[slot], tt_val[slot], tt_depth[slot] = h, total, depth
        tt_flag[slot], tt_move[slot] = EXACT, -1
        return total
    flag = EXACT
    if best <= alpha0:
        flag = UPPER
    elif best >= beta0:
        flag = LOWER
    tt_key[slot], tt_val[slot], tt_depth[slot] = h, best, depth
    tt_flag[slot], tt_move[slot] = flag, best_a
    return best


# The game's functions as `node` types its calls: what runs is the game's own, through
# ``at``; `alphabeta.native_calls` checks that it returns these types.
@njit(cache=True)
def legal(s: np.ndarray, spec: Any, out: np.ndarray) -> int:
    return np.int64(0)  # type: ignore[return-value]


@njit(cache=True)
def apply(s: np.ndarray, spec: Any, action: int) -> int:
    return np.int64(0)  # type: ignore[return-value]


@njit(cache=True)
def to_move(s: np.ndarray, spec: Any) -> int:
    return np.int64(0)  # type: ignore[return-value]


@njit(cache=True)
def returns(s: np.ndarray, spec: Any, out: np.ndarray) -> None:
    return None


@njit(cache=True)
def chance_probs(s: np.ndarray, spec: Any, out: np.ndarray) -> int:
    return np.int64(0)  # type: ignore[return-value]


@njit(cache=True)
def leaf_eval(s: np.ndarray, spec: Any, player: int) -> float:
    return 0.0
