"""Batched games over one game's kernels (`ludotheque.vector`): a template that `jit.bind`
copies per game, as `playouts.py`.

The B games are rows: ``states[b]``, as long as the start's state, or ``long_rows[b]`` once
the game's state needed a longer array (``moved[b]``; a table's rows are zero-padded to its
width, and a game goes back to its short row when it restarts), a generator word
``rng[b]`` of their own (so a game's throws do not depend on how the games are shared between
threads), the legal actions of the player to act ``legal[b, :nlegal[b]]``, the actions played
in the game so far ``plies[b]`` and ``done[b]`` once it ended (it restarts at the next step).
One step of a game: its action (or its restart), then the chance actions and, against an
opponent, the opponent's actions until the learner is to act or the game ends (`_settle`),
then its outputs (`_finish`); in the two-player form, a game's ``fast_step`` (see
`core.kernels`) plays the action and writes the outputs in one call. The outputs are the
caller's buffers, kept from step to step: a game first clears what it wrote at the previous
step (`_clear`: the mask entries of its legal actions, not the whole row, unless the row is
short beside them), and its observation is written only when ``observing``. The kernels write
the legal actions straight into the game's row (``num_actions + LEGAL_SLACK`` wide, see
`core.kernels`; copying them there cost Omweso, some 127 legal actions a step, a fifth of its
step), and the player to move found by `_settle` is not asked again. A state
that asks for a longer array moves
to its long row; one that asks for more, or a step that fills its row of the log of the
environment's own actions, stops there and reports what it needs in ``needs[b]``; the caller
makes room and calls again with ``start`` False, which goes on from where the game stopped.
The long games are kept apart so that the others' rows stay short and next to each other in
memory: when every row was as long as the longest game's, a step waited for rows far apart,
and a restart cleared a long row.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from ludotheque.ai.search_kernels import TREE_NODE
from ludotheque.core.kernels import (
    CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, _mix, below, borrowed, sample_index, seed_word, unit,
    xorshift,
)

OPPONENT_NONE, OPPONENT_RANDOM, OPPONENT_GREEDY, OPPONENT_MCTS = 0, 1, 2, 3
LOG_FULL = -1          # ``needs[b]`` when the log row is full
STEPPED, ROOM = -1, -2  # what `advance` returns when no action was illegal
CHUNK = 64             # games a thread takes at a time
UCT_C = 1.4            # the MCTS opponent's exploration constant, `mcts.search`'s
TREE_NODES = 1 << 21   # the most nodes of the MCTS opponent's tree, as `mcts.search`
TREE_STATE_BYTES = 1 << 22  # the most its kept states take (more are replayed from ancestors)


@njit(cache=True)
def stream_words(seed: int, games: int) -> np.ndarray:
    """One generator word per game, from ``seed`` and the game's index (splitmix64)."""
    out = np.empty(games, np.uint64)
    base = seed_word(seed)
    for b in range(games):
        x = _mix(base + np.uint64(b) * np.uint64(0x9E3779B97F4A7C15))
        out[b] = x if x != np.uint64(0) else np.uint64(1)
    return out


@njit(cache=True, nogil=True)
def first_illegal(actions: np.ndarray, mask: np.ndarray, done: np.ndarray) -> int:
    """The first game whose action is not one of its legal actions (a finished game's
    action is ignored: it restarts), or -1."""
    for b in range(actions.shape[0]):
        a = actions[b]
        if not done[b] and (a < 0 or a >= mask.shape[1] or not mask[b, a]):
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


@njit(cache=True, nogil=True)
def _mcts_move(s: np.ndarray, spec: Any, playouts: int, rng: np.ndarray, actions: int) -> int:
    """The most visited root action of a new UCT search of ``playouts`` playouts from ``s``
    (`mcts.search`'s, through the same compiled `iterate`), drawing from the one-word
    generator ``rng``, in a game of at most ``actions`` actions. The tree is made here (a
    search costs far more than its allocations; the other opponents allocate nothing)."""
    nodes, parent, action, prob, size, row, kept = _new_tree(playouts, s.shape[0], actions)
    # only the root's fields are read before `iterate` writes them
    parent[0], action[0], row[0], prob[0] = 0, 0, -1, 0.0
    root = nodes[0]
    root.visits, root.value, root.first, root.count, root.mover = 0.0, 0.0, -1, 0, -1
    size[0] = 1                                     # nodes (the root); rows used; widest
    # room 0: a full tree stops growing, it is not grown (a tree holds a search's budget)
    mcts_iterate(s, spec, playouts, rng, UCT_C, 0, nodes, parent, action, row, prob, size,
                 kept)
    first, count = nodes[0].first, nodes[0].count
    best = first
    for k in range(first + 1, first + count):
        if nodes[k].visits > nodes[best].visits:    # the first of the most visited
            best = k
    return int(action[best])


@njit(cache=True, nogil=True)
def _new_tree(playouts: int, width: int, actions: int) -> Any:
    """The arrays of an MCTS opponent's tree (`mcts.Tree`'s), for a search of ``playouts``
    playouts from a state of ``width`` words in a game of ``actions`` actions at most."""
    nodes = min(TREE_NODES, 1 + playouts * actions)
    rows = min(playouts + 1, max(1, TREE_STATE_BYTES // (4 * width)))
    return (np.empty(nodes, TREE_NODE), np.empty(nodes, np.int32), np.empty(nodes, np.int32),
            np.empty(nodes, np.float32), np.zeros(3, np.int64), np.empty(nodes, np.int32),
            np.empty((rows, width), np.int32))


@njit(cache=True, nogil=True, forceinline=True)
def _settle(s: np.ndarray, spec: Any, b: int, learner: int, opponent: int, playouts: int,
            max_actions: int, rng: np.ndarray, plies: np.ndarray, log: np.ndarray,
            nlog: np.ndarray, out: np.ndarray, probs: np.ndarray, scratch: np.ndarray,
            actions: int) -> tuple[int, int]:
    """Plays chance, and the opponent of ``learner`` (-1: none), until a player (the
    learner) is to act or the game is over; the opponent stops at ``max_actions`` (0: no
    cap). Returns (0, the player to move or TERMINAL), or (what the game needs before going
    on (see ``needs``), CHANCE)."""
    length = s.shape[0]
    while True:
        p = to_move(s, spec)
        if p == TERMINAL or (p != CHANCE and (learner < 0 or p == learner)):
            return 0, p
        if p != CHANCE and max_actions > 0 and plies[b] >= max_actions:
            return 0, p
        if nlog[b] == log.shape[1]:
            return LOG_FULL, CHANCE
        n = legal(s, spec, out)
        x = xorshift(rng[b])
        if p == CHANCE:
            chance_probs(s, spec, probs)
            a = out[sample_index(probs, n, unit(x))]
        elif opponent == OPPONENT_GREEDY and n > 1:
            acts = out[MAX_ACTIONS_BUFFER:MAX_ACTIONS_BUFFER + n]
            acts[:] = out[:n]
            a, x = _greedy(s, spec, p, acts, n, x, scratch, out, probs)
        elif opponent == OPPONENT_MCTS and n > 1:
            rng[b] = x                      # the search draws from the game's generator
            a = _mcts_move(s, spec, playouts, rng[b:b + 1], actions)
            x = rng[b]
        else:
            a = out[below(x, n)]
        rng[b] = x
        log[b, nlog[b]] = a
        nlog[b] += 1
        plies[b] += 1
        need = apply(s, spec, a)
        if need > length:
            return int(need), CHANCE


@njit(cache=True, nogil=True, forceinline=True)
def _clear(b: int, legal_rows: np.ndarray, nlegal: np.ndarray, mask: np.ndarray,
           log: np.ndarray, nlog: np.ndarray, rewards: np.ndarray, terminated: np.ndarray,
           truncated: np.ndarray) -> None:
    """Clears game ``b``'s outputs of the previous step: the mask entries it set (its legal
    actions), or the whole row when it is short beside them (Omweso: 291 actions, 127 of
    them legal in most positions)."""
    row = mask[b]
    if row.shape[0] <= 16 * nlegal[b]:
        row[:] = False
    else:
        for i in range(nlegal[b]):
            row[legal_rows[b, i]] = False
    nlegal[b] = 0
    for i in range(nlog[b]):
        log[b, i] = -1
    nlog[b] = 0
    rewards[b, 0] = rewards[b, 1] = 0.0
    terminated[b] = truncated[b] = False


@njit(cache=True, nogil=True, forceinline=True)
def _finish(s: np.ndarray, spec: Any, b: int, p: int, learner: int, max_actions: int,
            observing: bool, plies: np.ndarray, legal_rows: np.ndarray, nlegal: np.ndarray,
            done: np.ndarray, obs: np.ndarray, mask: np.ndarray, rewards: np.ndarray,
            terminated: np.ndarray, truncated: np.ndarray, to_play: np.ndarray,
            probs: np.ndarray) -> None:
    """Writes game ``b``'s outputs, player ``p`` (as `to_move`) to act."""
    to_play[b] = p
    if p == TERMINAL:
        returns(s, spec, probs)
        rewards[b, 0], rewards[b, 1] = probs[0], probs[1]
        terminated[b] = done[b] = True
    else:
        n = 0
        if learner < 0 or p == learner:
            n = legal(s, spec, legal_rows[b])
        _to_act(b, p, n, max_actions, plies, legal_rows, nlegal, done, mask, truncated,
                to_play)
    if observing:
        observe(s, spec, learner if learner >= 0 else max(p, 0), obs[b])


@njit(cache=True, nogil=True, forceinline=True)
def _to_act(b: int, p: int, n: int, max_actions: int, plies: np.ndarray,
            legal_rows: np.ndarray, nlegal: np.ndarray, done: np.ndarray, mask: np.ndarray,
            truncated: np.ndarray, to_play: np.ndarray) -> None:
    """Writes game ``b``'s outputs when player ``p`` is to move, his ``n`` legal actions
    written by the kernels in ``legal_rows[b, :n]`` (none when he is the learner's
    opponent)."""
    to_play[b] = p
    if max_actions > 0 and plies[b] >= max_actions:
        truncated[b] = done[b] = True
    nlegal[b] = n
    row = mask[b]
    for i in range(n):
        row[legal_rows[b, i]] = True


@njit(cache=True, nogil=True, forceinline=True)
def _move(b: int, need: int, states: np.ndarray, long_rows: np.ndarray,
          moved: np.ndarray) -> bool:
    """Moves game ``b``'s state to its long row if it is in its short row and ``need`` words
    fit there; returns whether it did."""
    if moved[b] or need > long_rows.shape[1]:
        return False
    row = long_rows[b]
    row[:] = 0                          # (what the game's last long state left)
    for i in range(states.shape[1]):
        row[i] = states[b, i]
    moved[b] = True
    return True


@njit(cache=True, nogil=True)
def _advance_range(first: int, last: int, states: np.ndarray, long_rows: np.ndarray,
                   moved: np.ndarray, start_state: np.ndarray, spec: Any, start: bool,
                   restart_all: bool, active: np.ndarray, actions: np.ndarray, learner: int,
                   opponent: int, playouts: int,
                   max_actions: int, observing: bool, rng: np.ndarray, plies: np.ndarray,
                   done: np.ndarray, legal_rows: np.ndarray, nlegal: np.ndarray,
                   needs: np.ndarray, log: np.ndarray, nlog: np.ndarray, obs: np.ndarray,
                   mask: np.ndarray, rewards: np.ndarray, terminated: np.ndarray,
                   truncated: np.ndarray, to_play: np.ndarray) -> int:
    """One step of the active games ``first`` to ``last - 1``; returns how many stopped for
    room."""
    buffers = (np.empty(2 * MAX_ACTIONS_BUFFER, np.int64), np.empty(MAX_ACTIONS_BUFFER, np.float64),
               np.empty(2 * max(states.shape[1], long_rows.shape[1]), np.int32))
    # views without reference counts (see `borrowed`): the calls below pass many arrays
    out, probs, scratch = borrowed(buffers)
    spec = borrowed(spec)
    states, long_rows, moved, start_state, active, actions, rng, plies, done = borrowed(
        (states, long_rows, moved, start_state, active, actions, rng, plies, done))
    legal_rows, nlegal, needs, log, nlog = borrowed((legal_rows, nlegal, needs, log, nlog))
    obs, mask, rewards, terminated, truncated, to_play = borrowed(
        (obs, mask, rewards, terminated, truncated, to_play))
    waiting = 0
    for b in range(first, last):
        if not active[b]:
            continue
        s = long_rows[b] if moved[b] else states[b]
        if start:
            _clear(b, legal_rows, nlegal, mask, log, nlog, rewards, terminated, truncated)
            if restart_all or done[b]:
                moved[b] = False
                s = states[b]
                s[:] = 0
                s[:start_state.shape[0]] = start_state
                plies[b] = 0
                done[b] = False
            else:
                plies[b] += 1
                # the two-player form: the game's own step, when it has one, plays the action
                # and writes the outputs of a player to move (the learner's)
                need, p, n = (fast_step(s, spec, actions[b], legal_rows[b], obs[b], observing)
                              if learner < 0 else (-1, 0, 0))
                if need < 0:
                    need, p = apply(s, spec, actions[b]), CHANCE     # (settled below)
                if need > s.shape[0]:
                    if not _move(b, need, states, long_rows, moved):
                        needs[b] = need
                        waiting += 1
                        continue
                    s, p = long_rows[b], CHANCE                     # (settled below)
                if p >= 0:
                    _to_act(b, p, n, max_actions, plies, legal_rows, nlegal, done, mask,
                            truncated, to_play)
                    continue
        need, p = _settle(s, spec, b, learner, opponent, playouts, max_actions, rng, plies, log,
                          nlog, out, probs, scratch, legal_rows.shape[1])
        while need > 0 and _move(b, need, states, long_rows, moved):
            s = long_rows[b]
            need, p = _settle(s, spec, b, learner, opponent, playouts, max_actions, rng, plies,
                              log, nlog, out, probs, scratch, legal_rows.shape[1])
        if need != 0:
            needs[b] = need
            waiting += 1
            continue
        _finish(s, spec, b, p, learner, max_actions, observing, plies, legal_rows, nlegal, done,
                obs, mask, rewards, terminated, truncated, to_play, probs)
    buffers[0][0] = 0                 # the buffers stay alive until the views are done
    return waiting


@njit(cache=True, nogil=True)
def advance(states: np.ndarray, long_rows: np.ndarray, moved: np.ndarray,
            start_state: np.ndarray, spec: Any, start: bool, restart_all: bool,
            active: np.ndarray, actions: np.ndarray, learner: int,
            opponent: int, playouts: int, max_actions: int, observing: bool, rng: np.ndarray,
            plies: np.ndarray, done: np.ndarray, legal_rows: np.ndarray, nlegal: np.ndarray,
            needs: np.ndarray, log: np.ndarray, nlog: np.ndarray, obs: np.ndarray,
            mask: np.ndarray, rewards: np.ndarray, terminated: np.ndarray,
            truncated: np.ndarray, to_play: np.ndarray) -> int:
    """One step of every active game, on this thread (see the module's docstring). Returns
    the first game whose action is illegal (nothing changed then), else `STEPPED` or
    `ROOM`."""
    if start and not restart_all:
        bad = first_illegal(actions, mask, done)
        if bad >= 0:
            return bad
    waiting = _advance_range(0, states.shape[0], states, long_rows, moved, start_state, spec,
                             start, restart_all, active, actions, learner, opponent, playouts,
                             max_actions, observing, rng, plies, done, legal_rows, nlegal,
                             needs, log, nlog, obs, mask, rewards, terminated, truncated,
                             to_play)
    return ROOM if waiting else STEPPED


@njit(cache=True, nogil=True, parallel=True)
def advance_threads(states: np.ndarray, long_rows: np.ndarray, moved: np.ndarray,
                    start_state: np.ndarray, spec: Any, start: bool,
                    restart_all: bool, active: np.ndarray, actions: np.ndarray, learner: int,
                    opponent: int, playouts: int, max_actions: int, observing: bool,
                    rng: np.ndarray, plies: np.ndarray, done: np.ndarray,
                    legal_rows: np.ndarray, nlegal: np.ndarray, needs: np.ndarray,
                    log: np.ndarray, nlog: np.ndarray, obs: np.ndarray, mask: np.ndarray,
                    rewards: np.ndarray, terminated: np.ndarray, truncated: np.ndarray,
                    to_play: np.ndarray) -> int:
    """`advance` with the games shared between numba's threads, CHUNK at a time."""
    if start and not restart_all:
        bad = first_illegal(actions, mask, done)
        if bad >= 0:
            return bad
    games = states.shape[0]
    waiting = 0
    for c in prange((games + CHUNK - 1) // CHUNK):
        waiting += _advance_range(c * CHUNK, min(games, (c + 1) * CHUNK), states, long_rows,
                                  moved, start_state, spec, start, restart_all, active, actions,
                                  learner, opponent, playouts, max_actions, observing, rng,
                                  plies, done,
                                  legal_rows, nlegal, needs, log, nlog, obs, mask, rewards,
                                  terminated, truncated, to_play)
    return ROOM if waiting else STEPPED


@njit(cache=True, nogil=True)
def observe_all(states: np.ndarray, long_rows: np.ndarray, moved: np.ndarray, spec: Any,
                learner: int, to_play: np.ndarray, obs: np.ndarray) -> None:
    """Every game's observation, as `_finish` writes it."""
    for b in range(states.shape[0]):
        s = long_rows[b] if moved[b] else states[b]
        observe(s, spec, learner if learner >= 0 else max(to_play[b], 0), obs[b])


# --- bound per game by ludotheque.core.jit: a game's copy imports its kernels here ---
legal: Any = None
apply: Any = None
to_move: Any = None
returns: Any = None
chance_probs: Any = None
observe: Any = None
evaluate: Any = None
fast_step: Any = None
mcts_iterate: Any = None  # search_kernels.iterate bound to the same kernels (the MCTS opponent)
