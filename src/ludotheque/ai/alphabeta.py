"""Alpha-beta search over any game's kernels, compiled per game (and per evaluation function).

- Values are always from player 0's point of view: player 0 maximises, player 1 minimises,
  so a turn of several actions by the same player needs no special case. Chance nodes
  (`to_move == CHANCE`) are expectimax nodes: the probability-weighted mean of their outcomes,
  each searched with a full window; they do not use up depth.
- Terminal states are worth ``returns[0] * (WIN - ply / 1000)``: any win outranks any
  heuristic value (evaluations lie in [-1, 1]) and a quicker win outranks a slower one.
- Leaves are scored by the game's compiled ``evaluate(s, spec, player)`` when it has one;
  otherwise by the mean return of a few random playouts seeded by the state's hash (so the
  search stays deterministic).
- A transposition table keyed on a 64-bit hash of the state array (its non-zero words, so a
  grown array hashes like the original), the table's move first, then the history heuristic.
- Iterative deepening runs in Python around the compiled node search. Time control: the
  compiled search reads the monotonic clock (libc's ``clock_gettime`` through ctypes, ~25 ns)
  every 64 nodes and stops at the deadline; elsewhere than Linux, each iteration gets a
  node limit from the node rate measured so far. An interrupted iteration still counts for
  the root moves it finished (the previous best is searched first, so a finished move that
  beats it is a real improvement).
"""
from __future__ import annotations

import ctypes
import math
import sys
import time
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import numpy as np
from numba import njit

from ..core.game import State
from ..core.kernels import (
    CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, Kernels, grow, seed_word,
)
from ..core.loops import compiled_loops

WIN = 10.0
INF = 1e9
MAX_PLY = 96
EXACT, LOWER, UPPER = 0, 1, 2
ROLLOUTS = 4          # random playouts per leaf of the fallback evaluation
ROLLOUT_CAP = 600     # actions per fallback playout (a cut playout counts as a draw)

_CACHE: dict[tuple[Kernels, Any], SimpleNamespace] = {}

if sys.platform.startswith("linux"):
    _clock_gettime = ctypes.CDLL(None).clock_gettime
    _clock_gettime.argtypes = [ctypes.c_int, ctypes.c_void_p]
    _clock_gettime.restype = ctypes.c_int
    HAS_CLOCK = True

    @njit(nogil=True)
    def _past_deadline(clk: np.ndarray) -> bool:
        """clk = [deadline in ns of time.monotonic_ns(), tv_sec, tv_nsec]."""
        _clock_gettime(1, clk.ctypes.data + 8)             # CLOCK_MONOTONIC
        return bool(clk[1] * 1_000_000_000 + clk[2] >= clk[0])
else:
    HAS_CLOCK = False

    @njit(nogil=True)
    def _past_deadline(clk: np.ndarray) -> bool:
        return False


@njit(cache=True, inline="always")
def _mix(x: np.uint64) -> np.uint64:
    """splitmix64's finaliser."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def state_hash(s: np.ndarray) -> np.uint64:
    """A 64-bit hash of the non-zero words of a state array (position and value of each)."""
    h = np.uint64(0x6A09E667F3BCC909)
    for i in range(s.shape[0]):
        v = s[i]
        if v != 0:
            w = (np.uint64(i) << np.uint64(32)) | np.uint64(np.int64(v) & 0xFFFFFFFF)
            h ^= _mix(w + np.uint64(0x9E3779B97F4A7C15))
    return h


def game_evaluate(game: Any) -> Any:
    """The game's compiled ``evaluate`` or None. Read from the class or the instance dict: a
    numba dispatcher set on a class binds like a method when read through an instance."""
    ev = game.__dict__.get("evaluate")
    return ev if ev is not None else getattr(type(game), "evaluate", None)


def compiled_search(kernels: Kernels, evaluate: Any) -> SimpleNamespace:
    """The compiled node search of one game (built on first use, then cached)."""
    key = (kernels, evaluate)
    if key not in _CACHE:
        _CACHE[key] = _build(kernels, evaluate)
    return _CACHE[key]


def _build(kernels: Kernels, evaluate: Any) -> SimpleNamespace:
    legal, apply, to_move, returns, chance_probs = kernels
    playout = compiled_loops(kernels).playout

    @njit(nogil=True)
    def rollout_value(s: np.ndarray, spec: Any, player: int) -> float:
        """Fallback evaluation: mean return for ``player`` of a few seeded random playouts."""
        word = seed_word(np.int64(state_hash(s) >> np.uint64(1)))  # type: ignore[arg-type]
        rng = np.full(1, word, np.uint64)
        out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
        probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
        ret = np.empty(2, np.float64)
        total = 0.0
        for _ in range(ROLLOUTS):
            t, _n = playout(s.copy(), spec, rng, out, probs, ROLLOUT_CAP)
            if to_move(t, spec) == TERMINAL:
                returns(t, spec, ret)
                total += ret[player]
        return total / ROLLOUTS

    leaf_eval = evaluate if evaluate is not None else rollout_value

    @njit(nogil=True)
    def node(s: np.ndarray, spec: Any, depth: int, alpha: float, beta: float, ply: int,
             tt_key: np.ndarray, tt_val: np.ndarray, tt_depth: np.ndarray, tt_flag: np.ndarray,
             tt_move: np.ndarray, hist: np.ndarray, moves: np.ndarray, scores: np.ndarray,
             probs: np.ndarray, ret: np.ndarray, stats: np.ndarray, clk: np.ndarray) -> float:
        """Value of ``s`` for player 0 searched ``depth`` actions deep within (alpha, beta).
        stats = [nodes, node limit, aborted, heuristic leaves, table cuts]; clk: deadline."""
        stats[0] += 1
        if stats[2] != 0:
            return 0.0
        if stats[0] >= stats[1] or ((stats[0] & 63) == 0 and _past_deadline(clk)):
            stats[2] = 1
            return 0.0
        p = to_move(s, spec)
        if p == TERMINAL:
            returns(s, spec, ret)
            return float(ret[0] * (WIN - ply * 1e-3))
        if (depth <= 0 and p != CHANCE) or ply >= MAX_PLY - 1:     # throws are always averaged
            stats[3] += 1
            v = leaf_eval(s, spec, 0)
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
        n = legal(s, spec, out)
        if p == CHANCE:
            pr = probs[ply]
            chance_probs(s, spec, pr)
            total = 0.0
            for i in range(n):
                c = s.copy()
                need = apply(c, spec, out[i])
                if need:
                    c = grow(c, need)
                total += pr[i] * node(c, spec, depth, -INF, INF, ply + 1, tt_key, tt_val,
                                      tt_depth, tt_flag, tt_move, hist, moves, scores, probs,
                                      ret, stats, clk)
                if stats[2] != 0:
                    return 0.0
            tt_key[slot], tt_val[slot], tt_depth[slot] = h, total, depth
            tt_flag[slot], tt_move[slot] = EXACT, -1
            return total
        sc = scores[ply]
        hn = hist.shape[0]
        for i in range(n):
            sc[i] = 1e18 if out[i] == tt_a else hist[p, out[i] % hn]
        alpha0, beta0 = alpha, beta
        best = -INF if p == 0 else INF
        best_a = out[0]
        for k in range(n):
            j = k                                   # selection sort: best-ordered move next
            for i in range(k + 1, n):
                if sc[i] > sc[j]:
                    j = i
            if j != k:
                out[k], out[j] = out[j], out[k]
                sc[k], sc[j] = sc[j], sc[k]
            a = out[k]
            c = s.copy()
            need = apply(c, spec, a)
            if need:
                c = grow(c, need)
            v = node(c, spec, depth - 1, alpha, beta, ply + 1, tt_key, tt_val, tt_depth,
                     tt_flag, tt_move, hist, moves, scores, probs, ret, stats, clk)
            if stats[2] != 0:
                return 0.0
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
        flag = EXACT
        if best <= alpha0:
            flag = UPPER
        elif best >= beta0:
            flag = LOWER
        tt_key[slot], tt_val[slot], tt_depth[slot] = h, best, depth
        tt_flag[slot], tt_move[slot] = flag, best_a
        return best

    return SimpleNamespace(node=node, leaf_eval=leaf_eval)


class Table:
    """Transposition table, history table and work buffers of one searcher (kept across moves)."""

    def __init__(self, num_actions: int, bits: int = 20) -> None:
        size = 1 << bits
        self.key = np.zeros(size, np.uint64)
        self.val = np.zeros(size, np.float64)
        self.depth = np.full(size, -1, np.int32)
        self.flag = np.zeros(size, np.int8)
        self.move = np.full(size, -1, np.int64)
        self.hist = np.zeros((2, max(num_actions, 1)), np.float64)
        self.moves = np.zeros((MAX_PLY, MAX_ACTIONS_BUFFER), np.int64)
        self.scores = np.zeros((MAX_PLY, MAX_ACTIONS_BUFFER), np.float64)
        self.probs = np.zeros((MAX_PLY, MAX_ACTIONS_BUFFER), np.float64)
        self.ret = np.zeros(2, np.float64)

    def arrays(self) -> tuple[np.ndarray, ...]:
        return (self.key, self.val, self.depth, self.flag, self.move, self.hist, self.moves,
                self.scores, self.probs, self.ret)


@dataclass
class SearchResult:
    """Root actions ranked best first, with values for the player to move in [-WIN, WIN]
    (|v| > 1: a proven win or loss); ``depth`` is the last depth fully searched."""

    ranked: list[tuple[int, float]]
    depth: int
    nodes: int
    seconds: float

    @property
    def best(self) -> int:
        return self.ranked[0][0]

    @property
    def value(self) -> float:
        return self.ranked[0][1]


def search(state: State, seconds: float | None = 1.0, depth: int | None = None,
           nodes: int | None = None, table: Table | None = None, exact: bool = False) -> SearchResult:
    """Iterative-deepening alpha-beta from ``state`` until a limit is hit: ``seconds`` of wall
    time, ``depth`` actions, ``nodes`` searched (any that is given; all None = depth 4).
    ``exact=True`` searches every root move with a full window, so every value is exact
    (for hints and analysis); otherwise only the best move's value is."""
    if state.is_terminal or state.is_chance_node:
        raise ValueError("search needs a state where a player is to move")
    game = state.game
    cs = compiled_search(game.kernels, game_evaluate(game))
    table = table or Table(game.num_actions, 16)
    arrays = table.arrays()
    sign = 1.0 if state.current_player == 0 else -1.0
    if seconds is None and depth is None and nodes is None:
        depth = 4
    max_depth = min(depth if depth is not None else MAX_PLY - 2, MAX_PLY - 2)
    node_budget = nodes if nodes is not None else 1 << 62
    children: list[tuple[int, np.ndarray]] = []
    for a in state.legal_actions():
        c = np.array(state.data)
        need = game.kernels.apply(c, game.spec, a)
        children.append((a, grow(c, need) if need else c))
    values = {a: 0.0 for a, _ in children}
    order = [a for a, _ in children]
    stats = np.zeros(5, np.int64)
    stats[1] = 1
    clk = np.array([1 << 62, 0, 0], np.int64)
    cs.node(children[0][1], game.spec, 0, -INF, INF, 1, *arrays, stats, clk)   # compiles once
    total_nodes, done_depth = 0, 0
    t_start = time.perf_counter()
    deadline = t_start + seconds if seconds is not None else math.inf
    if seconds is not None:
        clk[0] = time.monotonic_ns() + int(seconds * 1e9)
    rate = 0.0
    for d in range(1, max_depth + 1):
        remaining = deadline - time.perf_counter()
        limit = node_budget - total_nodes
        if rate > 0 and remaining < math.inf and not HAS_CLOCK:
            limit = min(limit, int(rate * remaining) + 1)
        if limit <= 0 or (d > 1 and remaining <= 0):
            break
        stats[:] = (0, limit, 0, 0, 0)
        by_action = dict(children)
        new: dict[int, float] = {}
        bound = -INF                               # best value so far, for the player to move
        t0 = time.perf_counter()
        for a in order:
            if exact or not new:
                lo, hi = -INF, INF
            else:
                lo, hi = (bound, INF) if sign > 0 else (-INF, -bound)
            v = sign * cs.node(by_action[a], game.spec, d - 1, lo, hi, 1, *arrays, stats, clk)
            if stats[2]:
                break
            new[a] = v
            bound = max(bound, v)
        took = time.perf_counter() - t0
        total_nodes += int(stats[0])
        rate = total_nodes / max(time.perf_counter() - t_start, 1e-6)
        if stats[2]:                               # interrupted: keep the finished moves
            if order[0] in new:
                best = max(new, key=lambda a: new[a])     # ties: the first searched
                values.update(new)
                order.remove(best)
                order.sort(key=lambda a: -values[a])
                order.insert(0, best)
            break
        values = new
        order.sort(key=lambda a: -values[a])
        done_depth = d
        if abs(values[order[0]]) > 1.0 and not exact:      # proven win or loss
            break
        if stats[3] == 0 and stats[4] == 0:        # no heuristic leaf: the values are exact
            break
        if rate > 0 and time.perf_counter() + took * 2 > deadline:
            break                                  # the next iteration cannot finish in time
    ranked = [(a, values[a]) for a in order]
    return SearchResult(ranked, done_depth, total_nodes, time.perf_counter() - t_start)
