"""Alpha-beta search over any game's kernels, one compiled node search for all games.

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
- Iterative deepening runs in Python around the compiled node search (`alphabeta_kernels.py`,
  which calls the game's functions through native entries). Time control: a timer thread
  raises a stop flag at the deadline, which the compiled search reads every 64 nodes (it runs
  without the GIL, so the timer fires on time on any platform). An interrupted iteration
  still counts for the root moves it finished (the previous best is searched first, so a
  finished move that beats it is a real improvement).
"""
from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numba
import numpy as np

from ..core.game import State
from ..core.jit import bind
from ..core.kernels import MAX_ACTIONS_BUFFER, Kernels, grow, native_address
from ..core.loops import compiled_loops
from . import alphabeta_kernels as ak
from .alphabeta_kernels import INF, MAX_PLY, WIN

__all__ = ["WIN", "SearchResult", "Table", "compiled_search", "game_evaluate", "search"]


def game_evaluate(game: Any) -> Any:
    """The game's compiled ``evaluate`` or None. Read from the class or the instance dict: a
    numba dispatcher set on a class binds like a method when read through an instance."""
    ev = game.__dict__.get("evaluate")
    return ev if ev is not None else getattr(type(game), "evaluate", None)


def compiled_search(kernels: Kernels) -> ModuleType:
    """The module of `search_kernels.py` bound to a game's kernels: ``iterate`` and ``find``
    (MCTS)."""
    return bind("ludotheque.ai.search_kernels", **kernels._asdict(),
                playout=compiled_loops(kernels).playout)


def leaf_evaluation(game: Any) -> Any:
    """The compiled function alpha-beta scores its leaves with: the game's ``evaluate``, else
    the mean of a few random playouts (`playouts.rollout_value`)."""
    evaluate = game_evaluate(game)
    return evaluate if evaluate is not None else compiled_loops(game.kernels).rollout_value


typeof: Any = numba.typeof     # untyped in numba
_CALLS: dict[tuple[Any, ...], tuple[Any, np.ndarray]] = {}


def native_calls(kernels: Kernels, leaf_eval: Any, args: tuple[Any, ...]) -> np.ndarray:
    """The native entries of the functions that `alphabeta_kernels.node` calls (its last
    argument ``at``, by index: `alphabeta_kernels.LEGAL`...): the game's ``kernels`` and
    ``leaf_eval``, and node itself, for calls like ``node(*args, at)`` (kept by functions,
    spec object and the state's dtype: typing the arguments each time took 0.2-0.4 ms)."""
    s, spec = args[0], args[1]
    key = (*map(id, kernels), id(leaf_eval), id(spec), s.dtype.str)
    known = _CALLS.get(key)
    if known is None or known[0] is not spec:
        argtypes = tuple(typeof(a) for a in args)
        s_t, spec_t, int64 = argtypes[0], argtypes[1], numba.types.int64
        out_t = numba.types.Array(int64, 1, "C")
        float_t = numba.types.Array(numba.float64, 1, "C")
        at = np.zeros(ak.NODE + 1, np.int64)
        for i, f, stub, argtys in (
                (ak.LEGAL, kernels.legal, ak.legal, (s_t, spec_t, out_t)),
                (ak.APPLY, kernels.apply, ak.apply, (s_t, spec_t, int64)),
                (ak.TO_MOVE, kernels.to_move, ak.to_move, (s_t, spec_t)),
                (ak.RETURNS, kernels.returns, ak.returns, (s_t, spec_t, float_t)),
                (ak.CHANCE_PROBS, kernels.chance_probs, ak.chance_probs,
                 (s_t, spec_t, float_t)),
                (ak.LEAF_EVAL, leaf_eval, ak.leaf_eval, (s_t, spec_t, int64))):
            at[i] = native_address(f, argtys)
            # node reads the result as the placeholder's type: it must be the same in memory
            given = numba.types.unliteral(f.overloads[argtys].signature.return_type)
            stub.compile(argtys)
            read = stub.overloads[argtys].signature.return_type
            if given != read:
                raise TypeError(f"{f.py_func.__qualname__} returns {given}, node reads {read}")
        node_types = argtypes + (typeof(at),)
        at[ak.NODE] = native_address(ak.node, node_types)
        if ak.node.overloads[node_types].signature.return_type != numba.float64:
            raise TypeError("node calls itself through `call_at`, which needs a float result")
        known = _CALLS[key] = (spec, at)
    return known[1]


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
    table = table or Table(game.num_actions, 16)
    arrays = table.arrays()
    if seconds is None and depth is None and nodes is None:
        depth = 4
    max_depth = min(depth if depth is not None else MAX_PLY - 2, MAX_PLY - 2)
    node_budget = nodes if nodes is not None else 1 << 62
    children: list[tuple[int, np.ndarray]] = []
    for a in state.legal_actions():
        c = np.array(state.data)
        need = game.kernels.apply(c, game.spec, a)
        children.append((a, grow(c, need) if need else c))
    stats = np.zeros(5, np.int64)
    stats[1] = 1
    stop = np.zeros(1, np.int64)
    at = native_calls(game.kernels, leaf_evaluation(game),
                      (children[0][1], game.spec, 0, -INF, INF, 1, *arrays, stats, stop))
    t_start = time.perf_counter()
    deadline = t_start + seconds if seconds is not None else math.inf
    timer = threading.Timer(seconds, stop.fill, (1,)) if seconds is not None else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        ranked, done_depth, total_nodes = _deepen(state, children, max_depth, node_budget,
                                                  deadline, exact, arrays, stats, stop, at)
    finally:
        if timer is not None:
            timer.cancel()
    return SearchResult(ranked, done_depth, total_nodes, time.perf_counter() - t_start)


def _deepen(state: State, children: list[tuple[int, np.ndarray]],
            max_depth: int, node_budget: int, deadline: float, exact: bool,
            arrays: tuple[np.ndarray, ...], stats: np.ndarray, stop: np.ndarray,
            at: np.ndarray) -> tuple[list[tuple[int, float]], int, int]:
    """The iterations of `search`: (ranked root actions, depth done, nodes searched)."""
    game = state.game
    sign = 1.0 if state.current_player == 0 else -1.0
    values = {a: 0.0 for a, _ in children}
    order = [a for a, _ in children]
    total_nodes, done_depth = 0, 0
    t_start = time.perf_counter()
    for d in range(1, max_depth + 1):
        remaining = deadline - time.perf_counter()
        limit = node_budget - total_nodes
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
            v = sign * ak.node(by_action[a], game.spec, d - 1, lo, hi, 1, *arrays, stats, stop,
                               at)
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
    return [(a, values[a]) for a in order], done_depth, total_nodes
