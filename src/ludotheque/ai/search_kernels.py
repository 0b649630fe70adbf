"""MCTS's compiled iterations over one game's kernels: a template that
`ludotheque.core.jit.bind` copies per game (`compiled_search`), so that they call the game's
kernels directly and cache on disk. The driver is `mcts.py`; they release the GIL (``nogil``).
Alpha-beta's node search, which calls the game through native entries, is compiled once for
all games (`alphabeta_kernels.py`).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

from ludotheque.core.kernels import (
    CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, below, borrowed, grow, same_state, sample_index, unit,
    xorshift,
)

FIND_LIMIT = 20_000     # tree nodes examined when looking for the new root
# log(n + 1) for the visit counts n most nodes have: the values of math.log (both call the
# C library's log), without a call at each level of the descent
LOG_VISITS = np.array([math.log(n + 1.0) for n in range(4096)])
# What MCTS's descent and backpropagation read of a node, in one 24-byte record (a cache
# line or two at each level, not five arrays' lines): visits, value, first child (or -1),
# children, who chose the edge into the node (and a spare byte, for the size).
TREE_NODE = np.dtype([("visits", np.float64), ("value", np.float64), ("first", np.int32),
                      ("count", np.int16), ("mover", np.int8), ("spare", np.int8)])


@njit(cache=True, nogil=True)
def iterate(root: np.ndarray, spec: Any, iterations: int, rng: np.ndarray, c: float,
            room: int, nodes: np.ndarray, parent: np.ndarray, action: np.ndarray,
            row: np.ndarray, prob: np.ndarray, size: np.ndarray, states: np.ndarray) -> int:
    """Runs ``iterations`` UCT iterations on the tree in the arrays (see `mcts.Tree`). A node
    with children keeps its state in a row of ``states`` (``row[node]``, -1 if none), given
    when an iteration first replays through it: an iteration then starts from the state of
    the deepest such node on its path, usually the leaf's parent, and applies the actions
    below it. Nodes met when the rows are used up keep none and are replayed from an
    ancestor; so are states grown wider than the store, until the driver widens it (the
    widest is noted in ``size[2]``). Stops early, before an iteration, when fewer than
    ``room`` nodes are free (the driver grows the arrays). Returns the iterations run."""
    x = rng[0]
    out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
    probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
    ret = np.empty(2, np.float64)
    spec_, out_, probs_, ret_ = borrowed(spec), borrowed(out), borrowed(probs), borrowed(ret)
    rng_, states_ = borrowed(rng), borrowed(states)
    cap = parent.shape[0]
    rows, width = states.shape[0], states.shape[1]
    # No array variable is assigned in the loop below: each would cost reference counting
    # calls every iteration (atomic instructions, a tenth of the search time with perf).
    path = np.empty(cap, np.int32)      # the nodes of this iteration's descent (distinct)
    s = np.empty(width, states.dtype)   # the iteration's state, unless a replay grows it:
    grown = [s]                         # then it is grown[0]
    if row[0] < 0:                      # a new tree: the root's state is row 0
        row[0], size[1] = 0, 1
        for i in range(width):          # (a loop, not a slice assignment: see `grow`)
            states[0, i] = root[i] if i < root.shape[0] else 0
    for done in range(iterations):
        if size[0] + room > cap:
            rng[0] = x
            return done
        node = 0
        path[0] = 0
        depth = 0
        # selection: a node with children knows who moves there (the children's mover)
        while nodes[node].first >= 0:
            f, n = nodes[node].first, nodes[node].count
            if nodes[f].mover == CHANCE:
                x = xorshift(x)
                child = f + sample_index(prob[f:f + n], n, unit(x))
            else:
                best, best_score = -1, -1e300
                v = nodes[node].visits
                log_n = LOG_VISITS[int(v)] if v < 4096 else math.log(v + 1.0)
                x = xorshift(x)
                ch = f + below(x, n)          # random tie-break among unvisited children
                for _ in range(n):
                    if ch == f + n:           # wraps (no integer division a child)
                        ch = f
                    visits = nodes[ch].visits
                    if visits == 0:
                        best = ch
                        break
                    score = nodes[ch].value / visits + c * math.sqrt(log_n / visits)
                    if score > best_score:
                        best, best_score = ch, score
                    ch += 1
                child = best
            node = child
            depth += 1
            path[depth] = node
            if nodes[node].visits == 0:
                break
        # the leaf's state: the deepest kept state on the path, then the actions below it
        top = depth
        while row[path[top]] < 0:
            top -= 1
        view = borrowed(s)
        kept = row[path[top]]
        for i in range(width):              # (a plain loop: vector copies, no broadcasting)
            view[i] = states_[kept, i]
        for d in range(top + 1, depth + 1):
            k = path[d]
            need = apply(view, spec_, action[k])
            if need:
                grown[0] = grow(view, need)
                view = borrowed(grown[0])
            if nodes[k].first >= 0:         # a node with children: keep its state
                if view.shape[0] > width:
                    size[2] = max(size[2], view.shape[0])   # the driver widens the store
                elif size[1] < rows:
                    row[k] = size[1]
                    size[1] += 1
                    for i in range(width):
                        states_[row[k], i] = view[i]
        # expansion
        p = to_move(view, spec_)
        if p != TERMINAL and nodes[node].first < 0:
            n = legal(view, spec_, out_)
            if size[0] + n <= cap:
                f = size[0]
                size[0] += n
                nodes[node].first, nodes[node].count = f, n
                if p == CHANCE:
                    chance_probs(view, spec_, probs_)
                for k in range(n):
                    parent[f + k] = node
                    action[f + k] = out[k]
                    nodes[f + k].mover = p
                    nodes[f + k].first = -1
                    row[f + k] = -1
                    nodes[f + k].visits = 0.0
                    nodes[f + k].value = 0.0
                    prob[f + k] = probs[k] if p == CHANCE else 0.0
        # simulation, in place in ``view`` unless the playout grows the state: the game's own
        # playout called directly (through `playout`, which calls it first, the call and its
        # arguments' reference counts cost 4% at Oware), the generic one if the game goes on
        rng[0] = x
        end, _ = fast_playout(view, spec_, rng_, out_, 0)
        if to_move(borrowed(end), spec_) != TERMINAL:
            end, _ = playout(end, spec_, rng_, out_, probs_, 0)
        x = rng[0]
        returns(borrowed(end), spec_, ret_)
        # backpropagation, along the descent's path (no parent link to load a level)
        for d in range(depth, -1, -1):
            k = path[d]
            nodes[k].visits += 1.0
            if nodes[k].mover >= 0:
                nodes[k].value += ret[nodes[k].mover]
    rng[0] = x
    return iterations


@njit(cache=True, nogil=True)
def find(root: np.ndarray, spec: Any, start: int, target: np.ndarray, max_depth: int,
         parent: np.ndarray, action: np.ndarray, first: np.ndarray,
         count: np.ndarray) -> int:
    """The node below ``start`` (at most ``max_depth`` edges) whose state is ``target``,
    or -1. Only expanded nodes are searched (depth first, replaying actions), and at most
    ``FIND_LIMIT`` of them, so that looking costs little against the move's budget."""
    path = np.empty(max_depth + 2, np.int64)
    s = root.copy()
    n = 0
    node = start
    while node != 0:                     # the actions from the root to start
        path[n] = node
        n += 1
        node = parent[node]
        if n > max_depth:
            return -1
    for k in range(n - 1, -1, -1):
        need = apply(s, spec, action[path[k]])
        if need:
            s = grow(s, need)
    stack_node = np.empty(4096, np.int64)
    stack_depth = np.empty(4096, np.int64)
    states = [s]
    stack_node[0], stack_depth[0] = start, 0
    top = 1
    visited = 0
    while top > 0 and visited < FIND_LIMIT:
        visited += 1
        top -= 1
        node, d = stack_node[top], stack_depth[top]
        cur = states.pop()
        if same_state(cur, target):
            return int(node)
        if d >= max_depth or first[node] < 0:
            continue
        for ch in range(first[node], first[node] + count[node]):
            if top >= 4096:
                return -1
            c = cur.copy()
            need = apply(c, spec, action[ch])
            if need:
                c = grow(c, need)
            stack_node[top], stack_depth[top] = ch, d + 1
            states.append(c)
            top += 1
    return -1


# --- bound per game by ludotheque.core.jit: a game's copy imports its kernels here ---
legal: Any = None
apply: Any = None
to_move: Any = None
returns: Any = None
chance_probs: Any = None
fast_playout: Any = None
playout: Any = None       # playouts.playout bound to the same kernels
