"""Exact values of base-game Kōnane positions (sizes up to 8, in practice 4 and 6 from the start).

Kōnane has no draws (KO-D2), so a position is a win or a loss for the side to move. The
opening removals and a chain in progress are searched action by action through the rules
kernels; from the first capture-phase turn start on, a compiled negamax works on two 64-bit
boards, one child per complete turn (each stopping point of a chain), with a win/loss cut (the
first winning turn ends a node) and a transposition table. A turn-start position is exactly
the board and the player to move (the opening phase is implied by the number of holes); its
table key is the least of its images under the board symmetries that keep the colours.
The test suite checks this search against a plain minimax over the protocol.
"""
from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from ...core import State
from ...core.bits import popcount
from . import kernels as K

TABLE_BITS = 23
ONE = np.uint64(1)


@njit(cache=True, forceinline=True)
def _shift(b: np.uint64, k: int) -> np.uint64:
    return b << np.uint64(k) if k > 0 else b >> np.uint64(-k)


@njit(cache=True, forceinline=True)
def _jumpers(own: np.uint64, opp: np.uint64, full: np.uint64, k: int, src: np.uint64) -> np.uint64:
    """KO-C1 on bitboards: own pieces with an enemy at +k and an empty cell at +2k."""
    empty = full & ~(own | opp)
    return own & _shift(opp, -k) & _shift(empty, -2 * k) & src


@njit(cache=True)
def _mobility(own: np.uint64, opp: np.uint64, full: np.uint64, steps: np.ndarray,
              srcs: np.ndarray) -> int:
    m = 0
    for d in range(4):
        m += popcount(_jumpers(own, opp, full, steps[d], srcs[d]))
    return m


@njit(cache=True)
def _canonical(a: np.uint64, b: np.uint64, perms: np.ndarray) -> tuple[np.uint64, np.uint64]:
    """The least image of the position under the board symmetries that keep the colours
    (transpose, anti-transpose, half turn): symmetric positions have the same value."""
    best_a, best_b = a, b
    for k in range(perms.shape[0]):
        ta = np.uint64(0)
        tb = np.uint64(0)
        for c in range(perms.shape[1]):
            bit = np.uint64(1) << np.uint64(c)
            if a & bit:
                ta |= np.uint64(1) << np.uint64(perms[k, c])
            elif b & bit:
                tb |= np.uint64(1) << np.uint64(perms[k, c])
        if ta < best_a or (ta == best_a and tb < best_b):
            best_a, best_b = ta, tb
    return best_a, best_b


@njit(cache=True)
def _search(own: np.uint64, opp: np.uint64, p: int, full: np.uint64, steps: np.ndarray,
            srcs: np.ndarray, perms: np.ndarray, ka: np.ndarray, kb: np.ndarray, kv: np.ndarray,
            stats: np.ndarray, buf_own: np.ndarray, buf_opp: np.ndarray, buf_score: np.ndarray, depth: int) -> int:
    """+1 / -1 for player p (owning ``own``) to move at a capture-phase turn start. Children
    are complete turns (KO-C2/C3: each stopping point of a chain), tried in order of the
    opponent's fewest replies; one with no reply wins at once (KO-D1)."""
    stats[0] += 1
    a, b = _canonical(own if p == 0 else opp, opp if p == 0 else own, perms)
    h = (a * np.uint64(0x9E3779B97F4A7C15)) ^ (b * np.uint64(0xC2B2AE3D27D4EB4F)) ^ np.uint64(p)
    h ^= h >> np.uint64(29)
    slot = np.int64(h & np.uint64(ka.shape[0] - 1))
    tag = kv[slot]
    if tag != 0 and ka[slot] == a and kb[slot] == b and (tag >> 2) == p:
        return 1 if (tag & 3) == 1 else -1
    n = 0
    win = False
    for d in range(4):
        k = steps[d]
        src = srcs[d]
        movers = _jumpers(own, opp, full, k, src)
        while movers != 0 and not win:
            c = movers & (~movers + ONE)              # lowest set bit
            movers ^= c
            o, e, cur = own, opp, c
            while True:                               # each chain length is a turn
                land = _shift(cur, 2 * k)
                o ^= cur | land
                e ^= _shift(cur, k)
                cur = land
                score = _mobility(e, o, full, steps, srcs)
                if score == 0:
                    win = True
                    break
                buf_own[depth, n], buf_opp[depth, n], buf_score[depth, n] = o, e, score
                n += 1
                if (cur & src) == 0 or (_shift(cur, k) & e) == 0 or (_shift(cur, 2 * k) & (o | e)) != 0:
                    break
        if win:
            break
    if not win:
        for i in range(1, n):                         # insertion sort by the opponent's replies
            j = i
            while j > 0 and buf_score[depth, j - 1] > buf_score[depth, j]:
                t0, t1, t2 = buf_own[depth, j], buf_opp[depth, j], buf_score[depth, j]
                buf_own[depth, j], buf_opp[depth, j], buf_score[depth, j] = (
                    buf_own[depth, j - 1], buf_opp[depth, j - 1], buf_score[depth, j - 1])
                buf_own[depth, j - 1], buf_opp[depth, j - 1], buf_score[depth, j - 1] = t0, t1, t2
                j -= 1
        for i in range(n):
            if _search(buf_opp[depth, i], buf_own[depth, i], 1 - p, full, steps, srcs, perms, ka, kb, kv,
                       stats, buf_own, buf_opp, buf_score, depth + 1) < 0:
                win = True
                break
    stats[1] += 1
    ka[slot] = a
    kb[slot] = b
    kv[slot] = np.int8((p << 2) | (1 if win else 2))
    return 1 if win else -1


class _Tables:
    """The bitboard geometry of one size and the transposition table of one solve."""

    def __init__(self, n: int) -> None:
        n2 = n * n
        self.full = np.uint64((1 << n2) - 1)
        self.steps = np.array([1, -1, n, -n], np.int64)
        cells = [(c % n, c // n) for c in range(n2)]
        conds = [lambda x, y: x <= n - 3, lambda x, y: x >= 2, lambda x, y: y <= n - 3, lambda x, y: y >= 2]
        self.srcs = np.array([sum(1 << c for c, (x, y) in enumerate(cells) if f(x, y)) for f in conds],
                             np.uint64)
        self.perms = np.array([[x * n + y for x, y in cells], [(n - 1 - x) * n + n - 1 - y for x, y in cells],
                               [(n - 1 - y) * n + n - 1 - x for x, y in cells]], np.int64)
        size = 1 << (16 if n <= 4 else TABLE_BITS)
        self.ka, self.kb = np.zeros(size, np.uint64), np.zeros(size, np.uint64)
        self.kv = np.zeros(size, np.int8)
        self.stats = np.zeros(2, np.int64)
        # a turn ends on an empty cell, entered from one of 4 sides: at most 4 n2 turns
        self.bufs = [np.zeros((n2 + 2, 4 * n2), np.uint64), np.zeros((n2 + 2, 4 * n2), np.uint64),
                     np.zeros((n2 + 2, 4 * n2), np.int64)]

    def value(self, state: State) -> int:
        """+1 / -1 for the player to move in a non-terminal state."""
        s = state.data
        p = state.current_player
        if s[K.REMOVALS] < 2 or s[K.CHAIN] >= 0:      # the opening and mid-chain: action by action
            best = -1
            for a in state.legal_actions():
                child = state.apply(a)
                if child.is_terminal:
                    v = 1 if child.returns()[p] > 0 else -1
                else:
                    v = self.value(child) * (1 if child.current_player == p else -1)
                best = max(best, v)
                if best == 1:
                    break
            return best
        board = s[K.BOARD:K.BOARD + len(self.perms[0])]
        masks = [np.uint64(sum(1 << c for c in range(len(board)) if board[c] == v)) for v in (K.FLOWER0, K.FLOWER1)]
        return int(_search(masks[p], masks[1 - p], p, self.full, self.steps, self.srcs, self.perms,
                           self.ka, self.kb, self.kv, self.stats, self.bufs[0], self.bufs[1], self.bufs[2], 0))


def solve(game: Any, state: State) -> dict[str, Any]:
    """The game's `solve`: value of ``state`` and of each of its legal actions, for the player
    to move there (+1 win, -1 loss)."""
    if game.hummingbird or game.knots:
        raise NotImplementedError("the Kōnane solver covers the base game (no extensions)")
    if game.size > 8 or (game.size == 8 and state.data[K.REMOVALS] < 2):
        raise NotImplementedError(f"{game.id} from the opening is too large to solve here (sizes 4 and 6)")
    t0 = time.perf_counter()
    tables = _Tables(game.size)
    p = state.current_player
    moves: dict[str, int] = {}
    for a in state.legal_actions():
        child = state.apply(a)
        if child.is_terminal:
            v = 1 if child.returns()[p] > 0 else -1
        else:
            v = tables.value(child) * (1 if child.current_player == p else -1)
        moves[state.move_to_string(a)] = v
    return {"value": max(moves.values(), default=-1), "moves": moves,
            "positions": int(tables.stats[0]), "seconds": time.perf_counter() - t0}
