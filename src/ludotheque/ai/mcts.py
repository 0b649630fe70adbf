"""Plain UCT Monte Carlo tree search over any game's kernels, compiled per game.

The tree lives in flat arrays; each iteration replays actions from the root (states are not
stored), expands one node and runs one compiled random playout. Chance nodes are sampled by
their probabilities. Values are stored from the point of view of the player who chose the
edge into a node, so multi-action turns (the same player moving twice) need no special case.
"""
from __future__ import annotations

import math
import time
from types import SimpleNamespace
from typing import Any

import numpy as np
from numba import njit

from ..core.game import State
from ..core.kernels import (
    CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, Kernels, below, grow, sample_index, seed_word, unit,
    xorshift,
)
from ..core.loops import compiled_loops

_CACHE: dict[Kernels, SimpleNamespace] = {}


def _search_kernels(kernels: Kernels) -> SimpleNamespace:
    if kernels not in _CACHE:
        _CACHE[kernels] = _build(kernels)
    return _CACHE[kernels]


def _build(kernels: Kernels) -> SimpleNamespace:
    legal, apply, to_move, returns, chance_probs = kernels
    playout = compiled_loops(kernels).playout

    @njit
    def iterate(root: np.ndarray, spec: Any, iterations: int, rng: np.ndarray, c: float,
                parent: np.ndarray, action: np.ndarray, mover: np.ndarray,
                first: np.ndarray, count: np.ndarray, visits: np.ndarray, value: np.ndarray,
                prob: np.ndarray, size: np.ndarray) -> None:
        x = rng[0]
        out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
        probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
        ret = np.empty(2, np.float64)
        cap = parent.shape[0]
        for _ in range(iterations):
            s = root.copy()
            node = 0
            # selection
            while first[node] >= 0:
                p = to_move(s, spec)
                f, n = first[node], count[node]
                if p == CHANCE:
                    x = xorshift(x)
                    child = f + sample_index(prob[f:f + n], n, unit(x))
                else:
                    best, best_score = -1, -1e300
                    log_n = math.log(visits[node] + 1.0)
                    x = xorshift(x)
                    start = below(x, n)           # random tie-break among unvisited children
                    for k in range(n):
                        ch = f + (start + k) % n
                        if visits[ch] == 0:
                            best = ch
                            break
                        score = value[ch] / visits[ch] + c * math.sqrt(log_n / visits[ch])
                        if score > best_score:
                            best, best_score = ch, score
                    child = best
                need = apply(s, spec, action[child])
                if need:
                    s = grow(s, need)
                node = child
                if visits[node] == 0:
                    break
            # expansion
            p = to_move(s, spec)
            if p != TERMINAL and first[node] < 0:
                n = legal(s, spec, out)
                if size[0] + n <= cap:
                    f = size[0]
                    size[0] += n
                    first[node], count[node] = f, n
                    if p == CHANCE:
                        chance_probs(s, spec, probs)
                    for k in range(n):
                        parent[f + k] = node
                        action[f + k] = out[k]
                        mover[f + k] = p
                        first[f + k] = -1
                        visits[f + k] = 0.0
                        value[f + k] = 0.0
                        prob[f + k] = probs[k] if p == CHANCE else 0.0
            # simulation
            rng[0] = x
            s, _ = playout(s, spec, rng, out, probs, 0)
            x = rng[0]
            returns(s, spec, ret)
            # backpropagation
            while True:
                visits[node] += 1.0
                if mover[node] >= 0:
                    value[node] += ret[mover[node]]
                if node == 0:
                    break
                node = parent[node]
        rng[0] = x

    return SimpleNamespace(iterate=iterate)


class Tree:
    """The search tree of one root position."""

    def __init__(self, state: State, capacity: int) -> None:
        self.state = state
        self.parent = np.zeros(capacity, np.int64)
        self.action = np.zeros(capacity, np.int64)
        self.mover = np.full(capacity, -1, np.int64)
        self.first = np.full(capacity, -1, np.int64)
        self.count = np.zeros(capacity, np.int64)
        self.visits = np.zeros(capacity, np.float64)
        self.value = np.zeros(capacity, np.float64)
        self.prob = np.zeros(capacity, np.float64)
        self.size = np.ones(1, np.int64)

    def arrays(self) -> tuple[np.ndarray, ...]:
        return (self.parent, self.action, self.mover, self.first, self.count, self.visits,
                self.value, self.prob, self.size)

    def root_children(self) -> list[tuple[int, float, float]]:
        """(action, visits, mean value for the player to move) of each root child."""
        f, n = int(self.first[0]), int(self.count[0])
        if f < 0:
            return []
        return [(int(self.action[k]), float(self.visits[k]),
                 float(self.value[k] / self.visits[k]) if self.visits[k] else 0.0)
                for k in range(f, f + n)]


def search(state: State, playouts: int | None = None, seconds: float | None = None,
           seed: int = 0, c: float = 1.4, capacity: int | None = None) -> Tree:
    """Runs UCT from ``state`` for a number of playouts or a time budget (or both: first hit)."""
    if state.is_terminal or state.is_chance_node:
        raise ValueError("search needs a state where a player is to move")
    if playouts is None and seconds is None:
        playouts = 10_000
    game = state.game
    sk = _search_kernels(game.kernels)
    budget = playouts if playouts is not None else 1 << 62
    tree = Tree(state, capacity or min(max(64 * budget, 1 << 14), 1 << 22))
    rng = np.full(1, seed_word(seed), np.uint64)
    root = np.array(state.data)
    deadline = time.perf_counter() + seconds if seconds is not None else math.inf
    done, batch = 0, 64
    while done < budget:
        step = min(batch, budget - done)
        t0 = time.perf_counter()
        sk.iterate(root, game.spec, step, rng, c, *tree.arrays())
        done += step
        if time.perf_counter() >= deadline:
            break
        # aim for batches of ~20 ms so the deadline is kept closely
        took = max(time.perf_counter() - t0, 1e-6)
        batch = max(16, min(int(step * 0.02 / took), 1 << 16))
    return tree


def best_action(state: State, playouts: int | None = None, seconds: float | None = None,
                seed: int = 0) -> int:
    """The most visited root action after a UCT search."""
    children = search(state, playouts, seconds, seed).root_children()
    return max(children, key=lambda t: t[1])[0]
