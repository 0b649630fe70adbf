"""Hot loops compiled once per game, with the game's kernels bound in as constants.

Binding the kernels (instead of passing them as first-class functions) lets numba call them
directly; measured on Oware, 104,000 random playouts/s against 91,000. The loops release the
GIL (``nogil``), so a server's computer players think without stalling its other games.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
from numba import njit

from .kernels import (
    CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, Kernels, below, grow, sample_index, seed_word, unit,
    xorshift,
)

_CACHE: dict[Kernels, SimpleNamespace] = {}


def compiled_loops(kernels: Kernels) -> SimpleNamespace:
    """The compiled loops of one game (built on first use, then cached)."""
    if kernels not in _CACHE:
        _CACHE[kernels] = _build(kernels)
    return _CACHE[kernels]


def _build(kernels: Kernels) -> SimpleNamespace:
    legal, apply, to_move, returns, chance_probs = kernels

    @njit(nogil=True)
    def playout(s: np.ndarray, spec: Any, rng: np.ndarray, out: np.ndarray, probs: np.ndarray,
                max_actions: int) -> tuple[np.ndarray, int]:
        """Plays uniformly random actions (chance by its probabilities) from ``s``, in place
        when it can; ``rng`` is the generator's one-word state. Returns (final state,
        actions played)."""
        x = rng[0]
        played = 0
        while True:
            p = to_move(s, spec)
            if p == TERMINAL or (max_actions > 0 and played >= max_actions):
                break
            n = legal(s, spec, out)
            x = xorshift(x)
            if p == CHANCE:
                chance_probs(s, spec, probs)
                a = out[sample_index(probs, n, unit(x))]
            else:
                a = out[below(x, n)]
            need = apply(s, spec, a)
            if need:
                s = grow(s, need)
            played += 1
        rng[0] = x
        return s, played

    @njit(nogil=True)
    def random_playouts(s0: np.ndarray, spec: Any, games: int, seed: int,
                        max_actions: int) -> np.ndarray:
        """Plays ``games`` random games from ``s0``. Returns [games, actions played, wins of
        player 0, wins of player 1, draws, games cut at ``max_actions`` (0 = no cut)]."""
        rng = np.full(1, seed_word(seed), np.uint64)
        out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
        probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
        ret = np.empty(2, np.float64)
        stats = np.zeros(6, np.int64)
        for _ in range(games):
            s, played = playout(s0.copy(), spec, rng, out, probs, max_actions)
            stats[0] += 1
            stats[1] += played
            if to_move(s, spec) != TERMINAL:
                stats[5] += 1
                continue
            returns(s, spec, ret)
            if ret[0] > ret[1]:
                stats[2] += 1
            elif ret[1] > ret[0]:
                stats[3] += 1
            else:
                stats[4] += 1
        return stats

    return SimpleNamespace(playout=playout, random_playouts=random_playouts)
