"""Batched games over one game's kernels (`ludotheque.vector`): a template that `jit.bind`
copies per game, as `playouts.py`.

The B games are rows: ``states[b]`` (zero-padded to a common length), a generator word
``rng[b]`` of their own (so a game's throws do not depend on how the games are shared between
threads), the legal actions of the player to act ``legal[b, :nlegal[b]]``, the actions played
in the game so far ``plies[b]`` and ``done[b]`` once it ended (it restarts at the next step).
One step of a game: its action (or its restart), then the chance actions and, against an
opponent, the opponent's actions until the learner is to act or the game ends (`_settle`),
then its outputs (`_finish`). A state that asks for a longer array, or a step that fills its
row of the log of the environment's own actions, stops there and reports what it needs in
``needs[b]``; the caller makes room and calls again with ``start`` False, which goes on from
where the game stopped.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from ludotheque.core.kernels import (
    CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, _mix, below, borrowed, sample_index, seed_word, unit,
    xorshift,
)

OPPONENT_NONE, OPPONENT_RANDOM, OPPONENT_GREEDY = 0, 1, 2
LOG_FULL = -1          # ``needs[b]`` when the log row is full
CHUNK = 16             # games a thread takes at a time


@njit(cache=True)
def stream_words(seed: int, games: int) -> np.ndarray:
    """One generator word per game, from ``seed`` and the game's index (splitmix64)."""
    out = np.empty(games, np.uint64)
    base = seed_word(seed)
    for b in range(games):
        x = _mix(base + np.uint64(b) * np.uint64(0x9E3779B97F4A7C15))
        out[b] = x if x != np.uint64(0) else np.uint64(1)
    return out


@njit(cache=True)
def first_illegal(actions: np.ndarray, legal: np.ndarray, nlegal: np.ndarray,
                  done: np.ndarray) -> int:
    """The first game whose action is not one of its legal actions (a finished game's
    action is ignored: it restarts), or -1."""
    for b in range(actions.shape[0]):
        if done[b]:
            continue
        ok = False
        for i in range(nlegal[b]):
            if legal[b, i] == actions[b]:
                ok = True
                break
        if not ok:
            return b
    return -1


@njit(cache=True)
def random_actions(legal: np.ndarray, nlegal: np.ndarray, rng: np.ndarray) -> np.ndarray:
    """A uniformly random legal action of each game (0 for a game without one), drawn with
    the games' own words ``rng``."""
    out = np.zeros(legal.shape[0], np.int64)
    for b in range(legal.shape[0]):
        if nlegal[b] > 0:
            rng[b] = xorshift(rng[b])
            out[b] = legal[b, below(rng[b], nlegal[b])]
    return out


@njit(cache=True, nogil=True)
def _value_after(s: np.ndarray, spec: Any, action: int, player: int, scratch: np.ndarray,
                 out: np.ndarray, probs: np.ndarray) -> float:
    """The value for ``player`` of ``s`` after ``action``: the returns at the end, else the
    game's evaluation, averaged over the throws when chance follows."""
    length = s.shape[0]
    t = scratch[:length]
    t[:] = s
    need = apply(t, spec, action)
    p = to_move(t, spec)
    if p == TERMINAL:
        returns(t, spec, probs)
        return float(probs[player])
    if p != CHANCE or need > length:
        return float(evaluate(t, spec, player))
    n = legal(t, spec, out)
    chance_probs(t, spec, probs)
    u = scratch[length:2 * length]
    total = 0.0
    for i in range(n):
        u[:] = t
        apply(u, spec, out[i])
        total += probs[i] * (evaluate(u, spec, player) if to_move(u, spec) != TERMINAL
                             else _return_of(u, spec, player))
    return total


@njit(cache=True, nogil=True)
def _return_of(s: np.ndarray, spec: Any, player: int) -> float:
    ret = np.empty(2, np.float64)
    returns(s, spec, ret)
    return float(ret[player])


@njit(cache=True, nogil=True)
def _greedy(s: np.ndarray, spec: Any, player: int, actions: np.ndarray, n: int, x: np.uint64,
            scratch: np.ndarray, out: np.ndarray, probs: np.ndarray) -> tuple[int, np.uint64]:
    """The best of ``actions[:n]`` one action ahead for ``player`` (equal values drawn at
    random with ``x``); returns it and the generator word."""
    best, ties, choice = -np.inf, 0, actions[0]
    for i in range(n):
        v = _value_after(s, spec, actions[i], player, scratch, out, probs)
        if v > best + 1e-9:
            best, ties, choice = v, 1, actions[i]
        elif v >= best - 1e-9:
            ties += 1                       # reservoir sampling: each tie kept with 1/ties
            x = xorshift(x)
            if below(x, ties) == 0:
                choice = actions[i]
    return choice, x


@njit(cache=True, nogil=True, forceinline=True)
def _settle(s: np.ndarray, spec: Any, b: int, learner: int, opponent: int, max_actions: int,
            rng: np.ndarray, plies: np.ndarray, log: np.ndarray, nlog: np.ndarray,
            out: np.ndarray, probs: np.ndarray, scratch: np.ndarray) -> int:
    """Plays chance, and the opponent of ``learner`` (-1: none), until a player (the
    learner) is to act or the game is over; the opponent stops at ``max_actions`` (0: no
    cap). Returns 0, or what the game needs before going on (see ``needs``)."""
    length = s.shape[0]
    while True:
        p = to_move(s, spec)
        if p == TERMINAL or (p != CHANCE and (learner < 0 or p == learner)):
            return 0
        if p != CHANCE and max_actions > 0 and plies[b] >= max_actions:
            return 0
        if nlog[b] == log.shape[1]:
            return LOG_FULL
        n = legal(s, spec, out)
        x = xorshift(rng[b])
        if p == CHANCE:
            chance_probs(s, spec, probs)
            a = out[sample_index(probs, n, unit(x))]
        elif opponent == OPPONENT_GREEDY and n > 1:
            acts = out[MAX_ACTIONS_BUFFER:MAX_ACTIONS_BUFFER + n]
            acts[:] = out[:n]
            a, x = _greedy(s, spec, p, acts, n, x, scratch, out, probs)
        else:
            a = out[below(x, n)]
        rng[b] = x
        log[b, nlog[b]] = a
        nlog[b] += 1
        plies[b] += 1
        need = apply(s, spec, a)
        if need > length:
            return int(need)


@njit(cache=True, nogil=True, forceinline=True)
def _finish(s: np.ndarray, spec: Any, b: int, learner: int, max_actions: int,
            plies: np.ndarray, legal_rows: np.ndarray, nlegal: np.ndarray, done: np.ndarray,
            obs: np.ndarray, mask: np.ndarray, rewards: np.ndarray, terminated: np.ndarray,
            truncated: np.ndarray, to_play: np.ndarray, out: np.ndarray) -> None:
    """Writes game ``b``'s outputs."""
    p = to_move(s, spec)
    to_play[b] = p
    nlegal[b] = 0
    if p == TERMINAL:
        ret = np.empty(2, np.float64)
        returns(s, spec, ret)
        rewards[b, 0], rewards[b, 1] = ret[0], ret[1]
        terminated[b] = done[b] = True
    else:
        if max_actions > 0 and plies[b] >= max_actions:
            truncated[b] = done[b] = True
        if learner < 0 or p == learner:
            n = legal(s, spec, out)
            nlegal[b] = n
            for i in range(n):
                legal_rows[b, i] = out[i]
                mask[b, out[i]] = True
    observe(s, spec, learner if learner >= 0 else max(p, 0), obs[b])


@njit(cache=True, nogil=True)
def _advance_chunk(first: int, states: np.ndarray, start_state: np.ndarray, spec: Any,
                   start: bool, restart_all: bool, active: np.ndarray, actions: np.ndarray,
                   learner: int, opponent: int, max_actions: int, rng: np.ndarray,
                   plies: np.ndarray, done: np.ndarray, legal_rows: np.ndarray,
                   nlegal: np.ndarray, needs: np.ndarray, log: np.ndarray, nlog: np.ndarray,
                   obs: np.ndarray, mask: np.ndarray, rewards: np.ndarray,
                   terminated: np.ndarray, truncated: np.ndarray, to_play: np.ndarray) -> None:
    buffers = (np.empty(2 * MAX_ACTIONS_BUFFER, np.int64), np.empty(MAX_ACTIONS_BUFFER, np.float64),
               np.empty(2 * states.shape[1], np.int32))
    # views without reference counts (see `borrowed`): the calls below pass many arrays
    out, probs, scratch = borrowed(buffers)
    spec = borrowed(spec)
    states, start_state, active, actions, rng, plies, done = borrowed(
        (states, start_state, active, actions, rng, plies, done))
    legal_rows, nlegal, needs, log, nlog = borrowed((legal_rows, nlegal, needs, log, nlog))
    obs, mask, rewards, terminated, truncated, to_play = borrowed(
        (obs, mask, rewards, terminated, truncated, to_play))
    length = states.shape[1]
    for b in range(first, min(first + CHUNK, states.shape[0])):
        if not active[b]:
            continue
        s = states[b]
        if start:
            nlog[b] = 0
            if restart_all or done[b]:
                s[:] = 0
                s[:start_state.shape[0]] = start_state
                plies[b] = 0
                done[b] = False
            else:
                plies[b] += 1
                need = apply(s, spec, actions[b])
                if need > length:
                    needs[b] = need
                    continue
        need = _settle(s, spec, b, learner, opponent, max_actions, rng, plies, log, nlog, out,
                       probs, scratch)
        if need != 0:
            needs[b] = need
            continue
        _finish(s, spec, b, learner, max_actions, plies, legal_rows, nlegal, done, obs, mask,
                rewards, terminated, truncated, to_play, out)
    buffers[0][0] = 0                 # the buffers stay alive until the views are done


@njit(cache=True, nogil=True)
def advance(states: np.ndarray, start_state: np.ndarray, spec: Any, start: bool,
            restart_all: bool, active: np.ndarray, actions: np.ndarray, learner: int,
            opponent: int, max_actions: int, rng: np.ndarray, plies: np.ndarray,
            done: np.ndarray, legal_rows: np.ndarray, nlegal: np.ndarray, needs: np.ndarray,
            log: np.ndarray, nlog: np.ndarray, obs: np.ndarray, mask: np.ndarray,
            rewards: np.ndarray, terminated: np.ndarray, truncated: np.ndarray,
            to_play: np.ndarray) -> None:
    """One step of every active game, on this thread (see the module's docstring)."""
    for c in range(0, states.shape[0], CHUNK):
        _advance_chunk(c, states, start_state, spec, start, restart_all, active, actions,
                       learner, opponent, max_actions, rng, plies, done, legal_rows, nlegal,
                       needs, log, nlog, obs, mask, rewards, terminated, truncated, to_play)


@njit(cache=True, nogil=True, parallel=True)
def advance_threads(states: np.ndarray, start_state: np.ndarray, spec: Any, start: bool,
                    restart_all: bool, active: np.ndarray, actions: np.ndarray, learner: int,
                    opponent: int, max_actions: int, rng: np.ndarray, plies: np.ndarray,
                    done: np.ndarray, legal_rows: np.ndarray, nlegal: np.ndarray,
                    needs: np.ndarray, log: np.ndarray, nlog: np.ndarray, obs: np.ndarray,
                    mask: np.ndarray, rewards: np.ndarray, terminated: np.ndarray,
                    truncated: np.ndarray, to_play: np.ndarray) -> None:
    """`advance` with the games shared between numba's threads, CHUNK at a time."""
    for c in prange((states.shape[0] + CHUNK - 1) // CHUNK):
        _advance_chunk(c * CHUNK, states, start_state, spec, start, restart_all, active,
                       actions, learner, opponent, max_actions, rng, plies, done, legal_rows,
                       nlegal, needs, log, nlog, obs, mask, rewards, terminated, truncated,
                       to_play)


# --- bound per game by ludotheque.core.jit: a game's copy imports its kernels here ---
legal: Any = None
apply: Any = None
to_move: Any = None
returns: Any = None
chance_probs: Any = None
observe: Any = None
evaluate: Any = None
