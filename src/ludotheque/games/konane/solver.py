"""Exact values of base-game Kōnane positions (sizes up to 8, in practice 4 and 6 from the start).

Kōnane has no draws (KO-D2), so a position is a win or a loss for the side to move: negamax
over the rules kernels with a win/loss cut (the first winning move ends the search of a node)
and a transposition table keyed on turn-start positions. A turn-start position is exactly the
board and the player to move: the opening phase is implied by the number of holes (0, 1, or 2
before the first capture; a capture turn leaves at least 3).
"""
from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from ...core import State
from ...core.kernels import TERMINAL
from . import kernels as K

TABLE_BITS = 23


@njit(cache=True)
def _key(s: np.ndarray, spec: np.ndarray) -> tuple[np.uint64, np.uint64]:
    a = np.uint64(0)
    b = np.uint64(0)
    for c in range(spec[K.S_N2]):
        v = s[K.BOARD + c]
        if v == K.FLOWER0:
            a |= np.uint64(1) << np.uint64(c)
        elif v == K.FLOWER1:
            b |= np.uint64(1) << np.uint64(c)
    return a, b


@njit(cache=True)
def _value(s: np.ndarray, spec: np.ndarray, ka: np.ndarray, kb: np.ndarray, kv: np.ndarray,
           stats: np.ndarray) -> int:
    """+1 / -1 for the player to move in the non-terminal state ``s`` (turn start or mid-turn)."""
    p = s[K.TO_MOVE]
    start = s[K.CHAIN] < 0
    slot = 0
    a = np.uint64(0)
    b = np.uint64(0)
    if start:
        stats[0] += 1
        a, b = _key(s, spec)
        h = (a * np.uint64(0x9E3779B97F4A7C15)) ^ (b * np.uint64(0xC2B2AE3D27D4EB4F)) ^ np.uint64(p)
        h ^= h >> np.uint64(29)
        slot = np.int64(h & np.uint64(ka.shape[0] - 1))
        tag = kv[slot]
        if tag != 0 and ka[slot] == a and kb[slot] == b and (tag >> 2) == p:
            return 1 if (tag & 3) == 1 else -1
    out = np.empty(8 * spec[K.S_N2] + 2, np.int64)
    n = K.legal(s, spec, out)
    ret = np.empty(2, np.float64)
    best = -1
    for i in range(n):
        c = s.copy()
        K.apply(c, spec, out[i])
        q = K.to_move(c, spec)
        if q == TERMINAL:
            K.returns(c, spec, ret)
            v = 1 if ret[p] > 0 else -1
        elif q == p:
            v = _value(c, spec, ka, kb, kv, stats)
        else:
            v = -_value(c, spec, ka, kb, kv, stats)
        if v > best:
            best = v
            if best == 1:
                break
    if start:
        stats[1] += 1
        ka[slot] = a
        kb[slot] = b
        kv[slot] = np.int8((p << 2) | (1 if best == 1 else 2))
    return best


def solve(game: Any, state: State) -> dict[str, Any]:
    """The game's `solve`: value of ``state`` and of each of its legal actions, for the player
    to move there (+1 win, -1 loss)."""
    if game.hummingbird or game.knots:
        raise NotImplementedError("the Kōnane solver covers the base game (no extensions)")
    if game.size > 8 or (game.size == 8 and state.data[K.REMOVALS] < 2):
        raise NotImplementedError(f"{game.id} from the opening is too large to solve here (sizes 4 and 6)")
    t0 = time.perf_counter()
    size = 1 << TABLE_BITS
    ka, kb, kv = np.zeros(size, np.uint64), np.zeros(size, np.uint64), np.zeros(size, np.int8)
    stats = np.zeros(2, np.int64)
    p = state.current_player
    moves: dict[str, int] = {}
    value = -1
    for a in state.legal_actions():
        child = state.apply(a)
        if child.is_terminal:
            v = 1 if child.returns()[p] > 0 else -1
        else:
            v = int(_value(child.data.copy(), game.spec, ka, kb, kv, stats))
            if child.current_player != p:
                v = -v
        moves[state.move_to_string(a)] = v
        value = max(value, v)
    return {"value": value if moves else -1, "moves": moves, "positions": int(stats[0]),
            "seconds": time.perf_counter() - t0}
