"""Plain UCT Monte Carlo tree search over any game's kernels, compiled per game.

The tree lives in flat arrays (`search_kernels.iterate`, bound per game, runs the iterations),
which start small and double as the tree fills, up to its node limit. A node with children
keeps its state in a row of a 2-D store the first time an iteration passes through it, so an
iteration starts from the state of the leaf's parent, applies one action, expands the leaf
and runs one compiled random playout (nodes visited once, most of the tree, keep none). The
store is bounded (`STATE_BYTES`); a node without a row (store full, or a state grown wider
than the rows until `Tree.widen` runs) is replayed from its nearest ancestor with one. Chance
nodes are sampled by their probabilities. Values are stored from the point of view of the
player who chose the edge into a node, so multi-action turns (the same player moving twice)
need no special case.

Between moves a player keeps its tree: `reuse` finds the node of the new position below the
action it played (the opponent's reply and any throws are replayed from the tree's edges) and
copies that subtree into a fresh tree, so the statistics gathered there are not lost (its
states are kept again as the next iterations pass through its nodes).
"""
from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
from numba import njit

from ..core.game import State
from ..core.kernels import MAX_ACTIONS_BUFFER, seed_word
from .alphabeta import compiled_search
from .search_kernels import TREE_NODE

STATE_BYTES = 1 << 25    # the most a tree's kept states may take (pages are used as filled)
FIRST_NODES = 1 << 14    # a new tree's node arrays; they double as it fills, up to its limit
# The node arrays, the widest first, so that each array cut from the tree's one buffer
# (`Tree.carve`) is aligned; `row` is a node's kept state's row in `states`, or -1.
NODE_FIELDS = (("nodes", TREE_NODE), ("parent", np.int32), ("action", np.int32),
               ("row", np.int32), ("prob", np.float32))
NODE_BYTES = sum(np.dtype(t).itemsize for _, t in NODE_FIELDS)


@njit(cache=True)
def copy_subtree(node: int, parent: np.ndarray, action: np.ndarray, mover: np.ndarray,
                 first: np.ndarray, count: np.ndarray, visits: np.ndarray, value: np.ndarray,
                 prob: np.ndarray, n_parent: np.ndarray, n_action: np.ndarray,
                 n_mover: np.ndarray, n_first: np.ndarray, n_count: np.ndarray,
                 n_visits: np.ndarray, n_value: np.ndarray, n_prob: np.ndarray) -> int:
    """Copies the subtree of ``node`` into the (empty) arrays ``n_*`` with it as the root;
    children stay contiguous. Returns the new size."""
    queue = np.empty(parent.shape[0], np.int64)   # old index of each new node
    queue[0] = node
    n_parent[0], n_action[0], n_mover[0] = 0, action[node], -1
    n_visits[0], n_value[0], n_prob[0] = visits[node], value[node], prob[node]
    n_first[0], n_count[0] = -1, 0
    size, head = 1, 0
    cap = n_parent.shape[0]
    while head < size:
        old, new = queue[head], head
        head += 1
        f, n = first[old], count[old]
        if f < 0 or size + n > cap:
            n_first[new], n_count[new] = -1, 0
            continue
        n_first[new], n_count[new] = size, n
        for k in range(n):
            o = f + k
            queue[size] = o
            n_parent[size], n_action[size], n_mover[size] = new, action[o], mover[o]
            n_first[size], n_count[size] = -1, 0
            n_visits[size], n_value[size], n_prob[size] = visits[o], value[o], prob[o]
            size += 1
    return size


class Tree:
    """The search tree of one root position."""

    nodes: np.ndarray       # the node arrays (NODE_FIELDS)
    parent: np.ndarray
    action: np.ndarray
    row: np.ndarray
    prob: np.ndarray

    def __init__(self, state: State, limit: int, state_bytes: int = STATE_BYTES,
                 nodes: int = FIRST_NODES) -> None:
        """A tree of at most ``limit`` nodes, with room for ``nodes`` of them to start."""
        self.state = state
        self.limit = limit
        self.state_bytes = state_bytes
        capacity = min(limit, max(nodes, FIRST_NODES))
        # Every field of a node is written when the node is made (`iterate`, `copy_subtree`),
        # so only the root's are set here.
        self.carve(np.zeros(capacity * NODE_BYTES, np.uint8), capacity)
        self.mover[0] = self.first[0] = self.row[0] = -1
        # nodes; rows of `states` in use; the widest state that found no room in a row
        self.size = np.array([1, 0, 0], np.int64)
        self.states = np.empty((self.rows_for(len(state.data)), len(state.data)),
                               state.data.dtype)

    def rows_for(self, width: int) -> int:
        """How many states of ``width`` the store may hold."""
        return max(1, min(self.limit, self.state_bytes // (width * self.state.data.itemsize)))

    def grow(self, nodes: int = 0) -> None:
        """Doubles the node arrays, or makes room for ``nodes`` if more (up to the limit): a
        search allocates what it uses, not what its limit might use."""
        n = min(self.limit, max(2 * self.capacity, nodes))
        old = {name: getattr(self, name) for name, _ in NODE_FIELDS}
        self.carve(np.empty(n * NODE_BYTES, np.uint8), n)
        for name, array in old.items():
            getattr(self, name)[:array.shape[0]] = array

    def carve(self, buffer: np.ndarray, capacity: int) -> None:
        """Makes the node arrays views of one buffer, which numpy gives huge pages from 4 MB:
        fewer page faults (Oware, 30,000 iterations: 520 a search, 1,900 with an array a
        field)."""
        at = 0
        for name, dtype in NODE_FIELDS:
            size = capacity * np.dtype(dtype).itemsize
            setattr(self, name, buffer[at:at + size].view(dtype))
            at += size

    def room(self) -> int:
        """The free nodes `iterate` must see before an iteration (it returns early when
        fewer are left, for `grow`); 0 once the tree is at its limit (then leaves simply
        stop expanding)."""
        return MAX_ACTIONS_BUFFER if self.capacity < self.limit else 0

    def widen(self) -> None:
        """Makes the store's rows as wide as the widest state that found none (`size[2]`),
        keeping the rows the byte bound leaves (a state zero-padded is the same state, as
        after `grow`); nodes whose rows go keep none."""
        width = int(self.size[2])
        rows = self.rows_for(width)
        keep = min(int(self.size[1]), rows)
        wider = np.zeros((rows, width), self.states.dtype)
        wider[:keep, :self.states.shape[1]] = self.states[:keep]
        nodes = self.row[:self.size[0]]
        nodes[nodes >= rows] = -1
        self.states = wider
        self.size[1], self.size[2] = keep, 0

    @property
    def capacity(self) -> int:
        return int(self.parent.shape[0])

    @property
    def visits(self) -> np.ndarray:
        return self.nodes["visits"]

    @property
    def value(self) -> np.ndarray:
        return self.nodes["value"]

    @property
    def first(self) -> np.ndarray:
        return self.nodes["first"]

    @property
    def count(self) -> np.ndarray:
        return self.nodes["count"]

    @property
    def mover(self) -> np.ndarray:
        return self.nodes["mover"]

    def reuse(self, state: State, played: int, max_depth: int = 6) -> "Tree | None":
        """A new tree rooted at ``state`` holding this tree's statistics for it, if ``state``
        is reached below the root action ``played``; else None."""
        f, n = int(self.first[0]), int(self.count[0])
        start = next((k for k in range(f, f + n) if self.action[k] == played), -1) if f >= 0 else -1
        if start < 0 or state.game != self.state.game:
            return None
        sk = compiled_search(state.game.kernels)
        node = sk.find(np.array(self.state.data), state.game.spec, start, np.array(state.data),
                       max_depth, self.parent, self.action, self.first, self.count)
        if node < 0:
            return None
        tree = Tree(state, self.limit, self.state_bytes, int(self.size[0]))
        tree.size[0] = copy_subtree(node, *self.node_arrays(), *tree.node_arrays())
        tree.row[:tree.size[0]] = -1
        return tree

    def node_arrays(self) -> tuple[np.ndarray, ...]:
        return (self.parent, self.action, self.mover, self.first, self.count, self.visits,
                self.value, self.prob)

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The arguments of `search_kernels.iterate` after the rng, c and room."""
        return (self.nodes, self.parent, self.action, self.row, self.prob, self.size,
                self.states)

    def root_children(self) -> list[tuple[int, float, float]]:
        """(action, visits, mean value for the player to move) of each root child."""
        f, n = int(self.first[0]), int(self.count[0])
        if f < 0:
            return []
        return [(int(self.action[k]), float(self.visits[k]),
                 float(self.value[k] / self.visits[k]) if self.visits[k] else 0.0)
                for k in range(f, f + n)]


def search(state: State, playouts: int | None = None, seconds: float | None = None,
           seed: int = 0, c: float = 1.4, capacity: int | None = None,
           tree: Tree | None = None) -> Tree:
    """Runs UCT from ``state`` for a number of playouts or a time budget (or both: first hit),
    growing ``tree`` (a tree rooted at ``state``, see `Tree.reuse`) if one is given."""
    if state.is_terminal or state.is_chance_node:
        raise ValueError("search needs a state where a player is to move")
    if playouts is None and seconds is None:
        playouts = 10_000
    game = state.game
    sk = compiled_search(game.kernels)
    budget = playouts if playouts is not None else 1 << 62
    if tree is None:
        tree = Tree(state, capacity or min(max(64 * budget, FIRST_NODES), 1 << 21))
    rng = np.full(1, seed_word(seed), np.uint64)
    root = np.array(state.data)
    deadline = time.perf_counter() + seconds if seconds is not None else math.inf
    done, batch = 0, 64
    start = int(tree.size[0])
    while done < budget:
        step = min(batch, budget - done)
        t0 = time.perf_counter()
        step = sk.iterate(root, game.spec, step, rng, c, tree.room(), *tree.arrays())
        if tree.size[2] > tree.states.shape[1]:
            tree.widen()
        done += step
        if tree.room() and tree.size[0] + tree.room() > tree.capacity:
            # room for the nodes the rest of a fixed budget adds at this rate (and a fifth
            # more): one copy of the arrays, not one a doubling (page faults, copies)
            rate = (tree.size[0] - start) / max(done, 1)
            left = budget - done if playouts is not None else 0
            tree.grow(int(tree.size[0] + 1.2 * rate * left))
        if time.perf_counter() >= deadline:
            break
        # aim for batches of ~20 ms so the deadline is kept closely
        took = max(time.perf_counter() - t0, 1e-6)
        batch = max(16, min(int(step * 0.02 / took), 1 << 16))
    return tree
