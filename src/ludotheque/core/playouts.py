"""Random playouts over one game's kernels: a template that `jit.bind` copies per game
(`loops.compiled_loops`), so that the loops call the kernels directly and cache on disk.

The loops release the GIL (``nogil``), so a server's computer players think without stalling
its other games.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ludotheque.core.kernels import (
    CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, below, borrowed, grow, sample_index, seed_word,
    state_hash, unit, xorshift,
)

ROLLOUTS = 4          # random playouts per leaf of `rollout_value`
ROLLOUT_CAP = 600     # actions per such playout (a cut playout counts as a draw)


@njit(cache=True, nogil=True)
def playout(s: np.ndarray, spec: Any, rng: np.ndarray, out: np.ndarray, probs: np.ndarray,
            max_actions: int) -> tuple[np.ndarray, int]:
    """Plays uniformly random actions (chance by its probabilities) from ``s``, in place
    when it can; ``rng`` is the generator's one-word state. Returns (final state,
    actions played). A game's ``fast_playout`` plays first, as far as it goes."""
    s, played = fast_playout(s, spec, rng, out, max_actions)
    x = rng[0]
    view, spec_, out_, probs_ = borrowed(s), borrowed(spec), borrowed(out), borrowed(probs)
    while True:
        p = to_move(view, spec_)
        if p == TERMINAL or (max_actions > 0 and played >= max_actions):
            break
        n = legal(view, spec_, out_)
        x = xorshift(x)
        if p == CHANCE:
            chance_probs(view, spec_, probs_)
            a = out_[sample_index(probs_, n, unit(x))]
        else:
            a = out_[below(x, n)]
        need = apply(view, spec_, a)
        if need:
            s = grow(s, need)
            view = borrowed(s)
        played += 1
    rng[0] = x
    return s, played


@njit(cache=True, nogil=True)
def random_playouts(s0: np.ndarray, spec: Any, games: int, seed: int,
                    max_actions: int) -> np.ndarray:
    """Plays ``games`` random games from ``s0``. Returns [games, actions played, wins of
    player 0, wins of player 1, draws, games cut at ``max_actions`` (0 = no cut)]."""
    rng = np.full(1, seed_word(seed), np.uint64)
    out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
    probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
    ret = np.empty(2, np.float64)
    stats = np.zeros(6, np.int64)
    s = np.empty_like(s0)
    spec_ = borrowed(spec)
    for _ in range(games):
        # views without reference counts (`borrowed`; counting costs a tenth of a playout),
        # taken in the loop so that the arrays live as long as it
        view, rng_, out_, probs_ = borrowed(s), borrowed(rng), borrowed(out), borrowed(probs)
        view[:] = s0
        end, played = playout(view, spec_, rng_, out_, probs_, max_actions)  # in place unless grown
        stats[0] += 1
        stats[1] += played
        if to_move(borrowed(end), spec_) != TERMINAL:
            stats[5] += 1
            continue
        returns(borrowed(end), spec_, ret)
        if ret[0] > ret[1]:
            stats[2] += 1
        elif ret[1] > ret[0]:
            stats[3] += 1
        else:
            stats[4] += 1
    return stats


@njit(cache=True, nogil=True)
def rollout_value(s: np.ndarray, spec: Any, player: int) -> float:
    """An evaluation for games without one: the mean return for ``player`` of a few random
    playouts seeded by the state's hash (so a search using it stays deterministic)."""
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


# --- bound per game by ludotheque.core.jit: a game's copy imports its kernels here ---
legal: Any = None
apply: Any = None
to_move: Any = None
returns: Any = None
chance_probs: Any = None
fast_playout: Any = None
