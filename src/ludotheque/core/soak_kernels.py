"""The kernel-level invariants of `ludotheque soak --kernels`, checked in compiled random play:
a template that `jit.bind` copies per game (`soak_loop`), like `playouts.py`.

At every ply: the player to move is 0, 1, CHANCE or TERMINAL; legal actions are empty exactly
at the end, distinct and inside the action space; chance probabilities are positive and sum to
1; `legal`, `to_move` and `chance_probs` leave the state unchanged; `apply` asks for no
smaller array; at the end, the returns are zero-sum, in [-1, 1], and nothing before the end
reads as an end. About a hundred times faster than the protocol-level soak, so it reaches
10^7 plies a ruleset in seconds. The actions of every ``every``-th game are logged, for the
caller to replay them through the protocol's checks (keys, notation, records).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ludotheque.core.kernels import (
    CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, below, grow, sample_index, seed_word, unit, xorshift,
)

# failure codes (the first one found is reported with its ply)
OK, BAD_PLAYER, EMPTY_BEFORE_END, MOVES_AFTER_END, OUT_OF_SPACE, REPEATED_ACTION = 0, 1, 2, 3, 4, 5
BAD_CHANCE, LEGAL_WRITES, APPLY_SHRINKS, BAD_RETURNS = 6, 7, 8, 9
FAILURES = ("ok", "player to move out of range", "no legal action before the end",
            "legal actions after the end", "action outside the action space", "action listed twice",
            "chance probabilities not positive or not summing to 1",
            "legal/to_move/chance_probs changed the state", "apply asked for a smaller array",
            "returns not zero-sum in [-1, 1]")


@njit(cache=True, nogil=True)
def soak_loop(s0: np.ndarray, spec: Any, plies: int, seed: int, num_actions: int,
              max_game: int, every: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Random games from ``s0`` for ``plies`` actions in all (a game longer than ``max_game``
    is cut). Returns [plies, games ended, games cut, failure code, ply of the failure in its
    game, game of the failure], then the log of the actions of games 0, every, 2 * every...
    and where each of them starts in it (and ends: the last entry)."""
    x = seed_word(seed)
    log = np.empty(1024, np.int64)
    starts = np.zeros(1, np.int64)
    logged = 0
    out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
    probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
    ret = np.empty(2, np.float64)
    seen = np.zeros(max(num_actions, 1), np.int64)
    stats = np.zeros(6, np.int64)
    mark = 0
    while stats[0] < plies:
        s = s0.copy()
        ply = 0
        sampled = every > 0 and (stats[1] + stats[2]) % every == 0
        while True:
            before = s.copy()
            p = to_move(s, spec)
            n = legal(s, spec, out)
            code = OK
            if p != 0 and p != 1 and p != CHANCE and p != TERMINAL:
                code = BAD_PLAYER
            elif p == TERMINAL and n != 0:
                code = MOVES_AFTER_END
            elif p != TERMINAL and n == 0:
                code = EMPTY_BEFORE_END
            mark += 1
            for i in range(n):
                if code != OK:
                    break
                a = out[i]
                if a < 0 or a >= num_actions:
                    code = OUT_OF_SPACE
                elif seen[a] == mark:
                    code = REPEATED_ACTION
                else:
                    seen[a] = mark
            x = xorshift(x)
            a = -1
            if code == OK and p == CHANCE:
                chance_probs(s, spec, probs)
                total = 0.0
                for i in range(n):
                    if not probs[i] > 0.0:
                        code = BAD_CHANCE
                    total += probs[i]
                if abs(total - 1.0) > 1e-9:
                    code = BAD_CHANCE
                a = out[sample_index(probs, n, unit(x))]
            elif code == OK and p != TERMINAL:
                a = out[below(x, n)]
            if code == OK:
                for i in range(s.shape[0]):
                    if s[i] != before[i]:
                        code = LEGAL_WRITES
                        break
            if code == OK and p == TERMINAL:
                returns(s, spec, ret)
                if ret[0] + ret[1] != 0.0 or abs(ret[0]) > 1.0:
                    code = BAD_RETURNS
            if code != OK:
                stats[3], stats[4], stats[5] = code, ply, stats[1] + stats[2]
                break
            if p == TERMINAL:
                stats[1] += 1
                break
            if ply >= max_game:
                stats[2] += 1
                break
            if stats[0] >= plies:
                break
            need = apply(s, spec, a)
            if need:
                if need < s.shape[0]:
                    stats[3], stats[4], stats[5] = APPLY_SHRINKS, ply, stats[1] + stats[2]
                    break
                s = grow(s, need)
            if sampled:
                if logged == log.shape[0]:
                    log = np.concatenate((log, np.empty(logged, np.int64)))
                log[logged] = a
                logged += 1
            ply += 1
            stats[0] += 1
        if sampled:
            starts = np.append(starts, logged)
        if stats[3] != OK:
            break
    return stats, log[:logged], starts


# --- bound per game by ludotheque.core.jit: a game's copy imports its kernels here ---
legal: Any = None
apply: Any = None
to_move: Any = None
returns: Any = None
chance_probs: Any = None
