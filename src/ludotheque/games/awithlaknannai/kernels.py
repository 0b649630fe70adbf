"""Awithlaknannai (rules/awithlaknannai.md: AW, AC) as numba kernels.

One set of kernels serves every ruleset (base, Lemery, Serpents, +shaman, classic and the AW-F
options); the spec (one int64 array) holds the options and the board tables derived from the
lines alone (``core.geometry.LineBoard``: ``step``, ``jump`` and ``back``, the point behind a
point on the same line, for the Shaman's pull), and the same steps and jumps for bit sets: one
shift a direction, with the points each direction leaves from.

A turn is a sequence of actions by one player (§12), driven by the phase field:

    REMOVE  -P                         (huff removal owed, AW-F4 .. F6)
    MOVE    step | step+pull | push | jump | jump+pull
    CHAIN   jump (by ACTOR) | stop      (AW-C5 .. C7; classic: maximal jumps only, no stop)

State layout: points 0..36 (0 empty, 1 + p a snake of p, 3 + p the Shaman of p), huff
candidate flags, counters, the same board as bit sets (each side's snakes, the Shamans: move
generation works on whole sets, the cells serve everything else), then the repetition record
of AW-E1 (packed positions since the last removal; removals are irreversible). The record
grows on demand (``apply`` returns the length it needs).

Fast paths (a batched step is apply + legal + observe: each was a third of it): the moves of a
point are read as an 8-bit set of directions from the bit sets (`step_dirs`, `jump_dirs`: no
cell read and no branch a direction, which mispredicts on a random board) and written in
direction order; the observation's piece planes come from the bit sets, each float
written once; the huff candidate flags are read and moved only while candidates are pending
(a state's other cache lines stay untouched in the games without huffing).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core import history
from ...core.bits import lowest_bit
from ...core.kernels import TERMINAL

NMAX = 37           # points of the largest board (Serpents, 37 points)

# -- state ------------------------------------------------------------------------------
CAND = NMAX         # + point: 1 if the snake there is a pending huff candidate
TO_MOVE = CAND + NMAX
PHASE = TO_MOVE + 1
END = PHASE + 1     # end reason, below
WINNER = END + 1    # 0, 1, or 2 = draw
ACTOR = WINNER + 1  # the snake making a chain
NOCAP = ACTOR + 1   # consecutive complete turns without a removal (AW-E2)
CAPT = NOCAP + 1    # a snake was removed this turn
ONB = CAPT + 1      # + p: snakes of p on the board (Shaman included)
LASTF = ONB + 2     # + p: from point of p's previous turn if it was non-capturing, else -1
LASTT = LASTF + 2   # + p: its to point (no_backtrack, AW-F1)
NCAND = LASTT + 2   # pending huff candidates
BITS = NCAND + 1    # + 2p: p's snakes (Shaman included) as a bit set, points 0-30 then 31-36;
                    # + 4: the Shamans of both sides, the same way (``bitset``, ``flip``)
HLEN = BITS + 6     # entries in the repetition record
SEEN = HLEN + 1     # 2 words: the record's filter (core.history)
HIST = SEEN + 2
ENTRY = 8
HCAP = 64
STATE_LEN = HIST + ENTRY * HCAP

# phases
MOVE, CHAIN, REMOVE = 0, 1, 2
# end reasons
ONGOING, END_ALL_TAKEN, END_TWO_LEFT, END_NO_MOVE, END_NO_CAPTURE, END_REPETITION = 0, 1, 2, 3, 4, 5

# -- spec ---------------------------------------------------------------------------------
(P_NPTS, P_N, P_NOBACK, P_FORCED, P_HUFF, P_MAJ, P_LEMERY, P_NOCAP, P_SHAMAN,
 P_CLASSIC) = range(10)
STEP = 16                   # STEP + 8p + d: next point along a line in direction d, or -1
JUMP = STEP + 8 * NMAX      # JUMP + 8p + d: the point after it on the same line, or -1
BACK = JUMP + 8 * NMAX      # BACK + 8p + d: the point before p on the line of STEP[p, d], or -1
DIRS = BACK + 8 * NMAX      # DIRS + 9p: number of directions leaving p, then the directions
DIST = DIRS + 9 * NMAX      # DIST + NMAX p + q: steps along the lines from p to q (evaluation)
# Points are numbered row by row, so a step in direction d adds the same number to every point
# (1 along a row, n or n + 1 along a diagonal): a shift moves a whole bit set one step.
SHIFT = DIST + NMAX * NMAX  # + d: that number
FROM = SHIFT + 8            # + d: bit set of the points with a step in direction d
JFROM = FROM + 8            # + d: bit set of the points with a jump in direction d
NEXT = JFROM + 8            # + p: bit set of the points next to p
SPEC_LEN = NEXT + NMAX

# -- actions ------------------------------------------------------------------------------
K8 = 8 * NMAX               # one action per (point, direction) and kind
A_STEP = 0                  # + 8p + d: step
A_PULL = K8                 # Shaman step pulling the snake behind it (AW-S5)
A_PUSH = 2 * K8             # Shaman push (AW-S6)
A_JUMP = 3 * K8             # jump over step[p, d] to jump[p, d]
A_JPULL = 4 * K8            # Shaman's first jump with a pull
A_REMOVE = 5 * K8           # + point: huff removal
A_STOP = A_REMOVE + NMAX
NUM_ACTIONS = A_STOP + 1


def make_spec(step: np.ndarray, jump: np.ndarray, dirs: np.ndarray, dist: np.ndarray, n: int,
              no_backtrack: int, forced_chain: int, huffing: int, majority: int, lemery: int,
              no_capture_draw: int, shaman: int, classic: int) -> np.ndarray:
    npts = step.shape[0]
    spec = np.full(SPEC_LEN, -1, np.int64)
    spec[:10] = (npts, n, no_backtrack, forced_chain, huffing, majority, lemery, no_capture_draw,
                 shaman, classic)
    for p in range(npts):
        for d in range(8):
            spec[STEP + 8 * p + d] = step[p, d]
            spec[JUMP + 8 * p + d] = jump[p, d]
            q = step[p, d ^ 4]
            # P, p, step[p, d] consecutive on one line: the jump from P in direction d passes p
            if q >= 0 and step[p, d] >= 0 and jump[q, d] == step[p, d]:
                spec[BACK + 8 * p + d] = q
        spec[DIRS + 9 * p:DIRS + 9 * p + 9] = dirs[p]
        spec[DIST + NMAX * p:DIST + NMAX * p + npts] = dist[p]
    spec[SHIFT:SPEC_LEN] = 0
    for d in range(8):
        for p in range(npts):
            if step[p, d] >= 0:
                spec[SHIFT + d] = step[p, d] - p
                spec[FROM + d] |= 1 << p
                spec[NEXT + p] |= 1 << step[p, d]
            if jump[p, d] >= 0:
                spec[JFROM + d] |= 1 << p
        for p in range(npts):
            if step[p, d] >= 0 and step[p, d] - p != spec[SHIFT + d]:
                raise ValueError("the board's steps are not uniform shifts of the point numbers")
    return spec


def new_state() -> np.ndarray:
    s = np.zeros(STATE_LEN, np.int32)
    s[ACTOR] = -1
    s[LASTF:LASTF + 2] = -1
    s[LASTT:LASTT + 2] = -1
    return s


# -- small helpers ------------------------------------------------------------------------------
@njit(cache=True, forceinline=True)
def owner(v: int) -> int:
    return (v - 1) & 1


@njit(cache=True, forceinline=True)
def is_shaman(v: int) -> bool:
    return v >= 3


@njit(cache=True, forceinline=True)
def bitset(s: np.ndarray, i: int) -> int:
    """The bit set kept at s[i] (points 0-30) and s[i + 1] (points 31-36)."""
    return np.int64(s[i]) | (np.int64(s[i + 1]) << 31)


@njit(cache=True, forceinline=True)
def flip(s: np.ndarray, c: int, v: int) -> None:
    """Point c gains or loses the piece v in the bit sets."""
    hi = c >= 31
    bit = np.int64(1) << (c - 31 * hi)
    s[BITS + 2 * owner(v) + hi] ^= bit
    if v >= 3:
        s[BITS + 4 + hi] ^= bit


@njit(cache=True)
def sync_bits(s: np.ndarray, spec: np.ndarray) -> None:
    """The bit sets from the cells, for a position written cell by cell."""
    s[BITS:BITS + 6] = 0
    for c in range(spec[P_NPTS]):
        if s[c] != 0:
            flip(s, c, s[c])


@njit(cache=True, forceinline=True)
def shifted(m: int, k: int) -> int:
    return m << k if k >= 0 else m >> -k


@njit(cache=True, forceinline=True)
def sides(s: np.ndarray, spec: np.ndarray, p: int) -> tuple[int, int, int]:
    """p's snakes, the enemy's and the empty points, as bit sets."""
    mine = bitset(s, BITS + 2 * p)
    theirs = bitset(s, BITS + 2 - 2 * p)
    every = (np.int64(1) << spec[P_NPTS]) - 1
    return mine, theirs, every & ~(mine | theirs)


@njit(cache=True, forceinline=True)
def jumpers(spec: np.ndarray, mine: int, theirs: int, empty: int) -> int:
    """The snakes of ``mine`` that can jump (AW-C1): an enemy next on a line, empty beyond."""
    j = 0
    for d in range(8):
        k = spec[SHIFT + d]
        j |= mine & spec[JFROM + d] & shifted(theirs, -k) & shifted(empty, -2 * k)
    return j


@njit(cache=True, forceinline=True)
def steppers(spec: np.ndarray, mine: int, empty: int) -> int:
    """The snakes of ``mine`` next to an empty point."""
    m = 0
    for d in range(8):
        m |= mine & spec[FROM + d] & shifted(empty, -spec[SHIFT + d])
    return m


@njit(cache=True, forceinline=True)
def has(m: int, c: int) -> int:
    """Bit c of the bit set m; c = -1 (no point) reads bit 63, which no set of points holds."""
    return (m >> (c & 63)) & 1


@njit(cache=True, forceinline=True)
def step_dirs(spec: np.ndarray, c: int, empty: int) -> int:
    """The directions from c to an empty point, as 8 bits (bit d: direction d)."""
    m = 0
    for d in range(8):
        m |= has(empty, spec[STEP + 8 * c + d]) << d
    return m


@njit(cache=True, forceinline=True)
def jump_dirs(spec: np.ndarray, c: int, theirs: int, empty: int) -> int:
    """AW-C1: the directions in which a snake on c can jump (an enemy next, empty beyond)."""
    m = 0
    for d in range(8):
        m |= (has(theirs, spec[STEP + 8 * c + d]) & has(empty, spec[JUMP + 8 * c + d])) << d
    return m


@njit(cache=True, forceinline=True)
def dirs_to(spec: np.ndarray, c: int, t: int) -> int:
    """The direction from c to its neighbour t, as a bit of 8."""
    m = 0
    for d in range(8):
        m |= (spec[STEP + 8 * c + d] == t) << d
    return m


@njit(cache=True, forceinline=True)
def emit(out: np.ndarray, n: int, first: int, dirs: int) -> int:
    """Writes the actions first + d for the directions d of ``dirs``, in direction order."""
    while dirs:
        out[n] = first + lowest_bit(dirs)
        n += 1
        dirs &= dirs - 1
    return n


@njit(cache=True)
def max_chain(spec: np.ndarray, c0: int, theirs: int, empty: int) -> int:
    """AC-C3: the most snakes the snake on c0 can capture in one chain (captured snakes leave
    at once, AW-C4; the chain may revisit points, AW-C6), on bit sets. A depth-first search
    without a stack array: the direction of each jump made, 3 bits a level in ``trail``, is
    enough to undo it. The snake's own point counts as empty: no jump lands where it starts."""
    o, e = theirs, empty | (np.int64(1) << c0)
    pos, depth, best, trail, d = c0, 0, 0, 0, 0
    while True:
        while d < 8:
            r = spec[JUMP + 8 * pos + d]
            if r >= 0:
                a = spec[STEP + 8 * pos + d]
                if (o >> a) & 1 and (e >> r) & 1:
                    break
            d += 1
        if d < 8:                                                    # jump on
            a = spec[STEP + 8 * pos + d]
            o ^= np.int64(1) << a
            e |= np.int64(1) << a
            trail |= d << (3 * depth)
            depth += 1
            pos = spec[JUMP + 8 * pos + d]
            d = 0
            if depth > best:
                best = depth
        elif depth == 0:
            return best
        else:                                                        # undo the last jump
            depth -= 1
            dd = (trail >> (3 * depth)) & 7
            trail ^= dd << (3 * depth)
            a = spec[STEP + 8 * pos + (dd ^ 4)]
            pos = spec[JUMP + 8 * pos + (dd ^ 4)]
            o |= np.int64(1) << a
            e &= ~(np.int64(1) << a)
            d = dd + 1


@njit(cache=True, forceinline=True)
def jump_max(spec: np.ndarray, c: int, d: int, theirs: int, empty: int) -> int:
    """1 + max_chain after the jump of c in direction d (which must exist)."""
    a = spec[STEP + 8 * c + d]
    bit = np.int64(1) << a
    return 1 + max_chain(spec, spec[JUMP + 8 * c + d], theirs & ~bit,
                         empty | bit | (np.int64(1) << c))


@njit(cache=True, forceinline=True)
def backtrack(s: np.ndarray, spec: np.ndarray, p: int, c: int, t: int) -> bool:
    """AW-F1: the non-capturing move c -> t undoes p's previous non-capturing move."""
    return spec[P_NOBACK] != 0 and s[LASTT + p] == c and s[LASTF + p] == t


@njit(cache=True, forceinline=True)
def classic_max(spec: np.ndarray, jump: int, theirs: int, empty: int) -> int:
    """AC-C3: the greatest number of snakes the snakes ``jump`` (those that can jump) capture."""
    m = 0
    while jump:
        k = max_chain(spec, lowest_bit(jump), theirs, empty)
        jump &= jump - 1
        if k > m:
            m = k
    return m


# -- legal actions ------------------------------------------------------------------------------
@njit(cache=True, forceinline=True)
def gen_quiet(s: np.ndarray, spec: np.ndarray, p: int, out: np.ndarray, n: int, mine: int,
              empty: int) -> int:
    """Non-capturing moves: steps (AW-B3), Shaman steps with pull (AW-S5) and pushes (AW-S6),
    without those no_backtrack forbids (AW-F1). In point order, then direction order."""
    shaman = mine & bitset(s, BITS + 4)
    todo = steppers(spec, mine & ~shaman, empty) | shaman
    barred = s[LASTT + p] if spec[P_NOBACK] else -1
    while todo:
        c = lowest_bit(todo)
        todo &= todo - 1
        if (shaman >> c) & 1:
            n = shaman_quiet(s, spec, p, out, n, c, mine, empty)
            continue
        dirs = step_dirs(spec, c, empty)
        if c == barred:                                             # AW-F1
            dirs &= ~dirs_to(spec, c, s[LASTF + p])
        n = emit(out, n, A_STEP + 8 * c, dirs)
    return n


@njit(cache=True, forceinline=True)
def shaman_quiet(s: np.ndarray, spec: np.ndarray, p: int, out: np.ndarray, n: int, c: int,
                 mine: int, empty: int) -> int:
    """The Shaman's non-capturing moves from c: each step, then its pull (AW-S5); pushes
    (AW-S6)."""
    base = DIRS + 9 * c
    for k in range(spec[base]):
        d = spec[base + 1 + k]
        a = spec[STEP + 8 * c + d]
        if backtrack(s, spec, p, c, a):
            continue
        if (empty >> a) & 1:
            out[n] = A_STEP + 8 * c + d
            n += 1
            if has(mine, spec[BACK + 8 * c + d]):
                out[n] = A_PULL + 8 * c + d
                n += 1
        elif (mine >> a) & 1 and has(empty, spec[JUMP + 8 * c + d]):
            out[n] = A_PUSH + 8 * c + d
            n += 1
    return n


@njit(cache=True, forceinline=True)
def gen_jumps(s: np.ndarray, spec: np.ndarray, out: np.ndarray, n: int, jump: int, mine: int,
              theirs: int, empty: int) -> int:
    """Every first jump of the snakes ``jump`` (AW-C1), with the Shaman's pull variants (AW-S5)."""
    shaman = mine & bitset(s, BITS + 4)
    while jump:
        c = lowest_bit(jump)
        jump &= jump - 1
        dirs = jump_dirs(spec, c, theirs, empty)
        if not (shaman >> c) & 1:
            n = emit(out, n, A_JUMP + 8 * c, dirs)
            continue
        while dirs:
            d = lowest_bit(dirs)
            dirs &= dirs - 1
            out[n] = A_JUMP + 8 * c + d
            n += 1
            if has(mine, spec[BACK + 8 * c + d]):
                out[n] = A_JPULL + 8 * c + d
                n += 1
    return n


@njit(cache=True, forceinline=True)
def gen_classic_jumps(spec: np.ndarray, jump: int, m: int, out: np.ndarray, n: int, theirs: int,
                      empty: int) -> int:
    """AC-C3/AC-C4: the jumps of the snakes ``jump`` that lie on a sequence of m captures."""
    while jump:
        c = lowest_bit(jump)
        jump &= jump - 1
        dirs = jump_dirs(spec, c, theirs, empty)
        while dirs:
            d = lowest_bit(dirs)
            dirs &= dirs - 1
            if jump_max(spec, c, d, theirs, empty) == m:
                out[n] = A_JUMP + 8 * c + d
                n += 1
    return n


@njit(cache=True, forceinline=True)
def gen_move(s: np.ndarray, spec: np.ndarray, p: int, out: np.ndarray) -> int:
    mine, theirs, empty = sides(s, spec, p)
    jump = jumpers(spec, mine, theirs, empty)
    if spec[P_CLASSIC]:
        n = 0
        if jump:
            m = classic_max(spec, jump, theirs, empty)
            n = gen_classic_jumps(spec, jump, m, out, 0, theirs, empty)
            if not spec[P_HUFF]:                                    # AC-C2
                return n
        return gen_quiet(s, spec, p, out, n, mine, empty)           # AC-F1
    n = gen_jumps(s, spec, out, 0, jump, mine, theirs, empty)
    if spec[P_HUFF]:                                                # AW-F3
        return gen_quiet(s, spec, p, out, n, mine, empty)
    if jump & ~bitset(s, BITS + 4):                                 # AW-C3: a non-Shaman can jump
        return n
    return gen_quiet(s, spec, p, out, n, mine, empty)               # AW-S3, AW-S4


@njit(cache=True, forceinline=True)
def legal(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> int:
    if s[END] != ONGOING:
        return 0
    p = s[TO_MOVE]
    ph = s[PHASE]
    if ph == REMOVE:                                                # AW-F4, AW-F6
        n = 0
        for c in range(spec[P_NPTS]):
            if s[CAND + c]:
                out[n] = A_REMOVE + c
                n += 1
        return n
    if ph == CHAIN:
        a = s[ACTOR]
        _mine, theirs, empty = sides(s, spec, p)
        if spec[P_CLASSIC]:                                         # AC-C4: no stop
            return gen_classic_jumps(spec, np.int64(1) << a, max_chain(spec, a, theirs, empty),
                                     out, 0, theirs, empty)
        n = emit(out, 0, A_JUMP + 8 * a, jump_dirs(spec, a, theirs, empty))     # AW-C5
        if not (spec[P_FORCED] and n > 0 and not is_shaman(s[a])):  # AW-C7, AW-F2, AW-S3
            out[n] = A_STOP
            n += 1
        return n
    return gen_move(s, spec, p, out)


@njit(cache=True, forceinline=True)
def has_move(s: np.ndarray, spec: np.ndarray, p: int) -> bool:
    """AW-D2: p has a step, a push or a jump (the obligations only narrow a non-empty choice)."""
    mine, theirs, empty = sides(s, spec, p)
    # the steps first, a direction at a time: nearly every position has one, in the first
    # directions tried (apply asks this at each turn's end, then legal generates the moves)
    if not (spec[P_NOBACK] and s[LASTT + p] >= 0):
        for d in range(8):
            if mine & spec[FROM + d] & shifted(empty, -spec[SHIFT + d]):
                return True
    else:                                                           # AW-F1: one step may be barred
        step = steppers(spec, mine, empty)
        c = s[LASTT + p]
        if step & ~(np.int64(1) << c):
            return True
        if (step >> c) & 1:
            base = DIRS + 9 * c
            for k in range(spec[base]):
                a = spec[STEP + 8 * c + spec[base + 1 + k]]
                if (empty >> a) & 1 and a != s[LASTF + p]:
                    return True
    if jumpers(spec, mine, theirs, empty):
        return True
    shaman = mine & bitset(s, BITS + 4)
    if shaman:                                                      # AW-S6: a push
        c = lowest_bit(shaman)
        base = DIRS + 9 * c
        for k in range(spec[base]):
            d = spec[base + 1 + k]
            a = spec[STEP + 8 * c + d]
            r = spec[JUMP + 8 * c + d]
            if (mine >> a) & 1 and r >= 0 and (empty >> r) & 1 and not backtrack(s, spec, p, c, a):
                return True
    return False


# -- turn sequencing --------------------------------------------------------------------------
@njit(cache=True, forceinline=True)
def finish(s: np.ndarray, reason: int, winner: int) -> None:
    s[END] = reason
    s[WINNER] = winner


@njit(cache=True, forceinline=True)
def majority(s: np.ndarray, spec: np.ndarray) -> int:
    """AW-F8: the engine draws go to the player with more snakes, with the option."""
    if spec[P_MAJ]:
        if s[ONB] > s[ONB + 1]:
            return 0
        if s[ONB + 1] > s[ONB]:
            return 1
    return 2


@njit(cache=True, forceinline=True)
def lost_on_count(s: np.ndarray, spec: np.ndarray, q: int) -> int:
    """AW-D1 / AW-G2: the end reason if q has lost on his snake count, else ONGOING."""
    if s[ONB + q] == 0:
        return END_ALL_TAKEN
    if spec[P_LEMERY] and s[ONB + q] <= 2:
        return END_TWO_LEFT
    return ONGOING


@njit(cache=True, forceinline=True)
def pack_position(s: np.ndarray, spec: np.ndarray, e: int) -> None:
    """AW-E1: the snakes, the side to move and the rule memory, in ENTRY words at s[e:]: the
    bit sets of points 0-30 of each side and of the Shamans, those of points 31-36 together,
    the huff candidates (points 0-19, 20-36), the side to move and the no_backtrack memory."""
    for w in range(3):
        s[e + w] = s[BITS + 2 * w]
    s[e + 3] = s[BITS + 1] | (s[BITS + 3] << 6) | (s[BITS + 5] << 12)
    s[e + 4] = s[e + 5] = 0
    if s[NCAND]:
        for w in range(2):
            v = 0
            for i in range(20):
                c = 20 * w + i
                if c < NMAX:
                    v |= s[CAND + c] << i
            s[e + 4 + w] = v
    s[e + 6] = (s[TO_MOVE] | ((s[LASTF] + 1) << 1) | ((s[LASTT] + 1) << 7) | ((s[LASTF + 1] + 1) << 13)
                | ((s[LASTT + 1] + 1) << 19))
    s[e + 7] = 0


@njit(cache=True, forceinline=True)
def record_position(s: np.ndarray, spec: np.ndarray) -> int:
    """Adds the position to the record; returns how often it has now occurred, and asks for
    room (through s[HLEN] never exceeding the capacity: see ``need``)."""
    n = s[HLEN]
    e = HIST + ENTRY * n
    pack_position(s, spec, e)
    return history.record(s, HLEN, SEEN, HIST, ENTRY)


@njit(cache=True, forceinline=True)
def need(s: np.ndarray) -> int:
    """The array length the next record entry needs (0: it fits)."""
    if HIST + ENTRY * (s[HLEN] + 1) > s.shape[0]:
        return s.shape[0] + ENTRY * HCAP
    return 0


@njit(cache=True, forceinline=True)
def start_checks(s: np.ndarray, spec: np.ndarray) -> None:
    """A position given as such (the start, a diagram): counts, AW-D2, then the record."""
    sync_bits(s, spec)
    p = s[TO_MOVE]
    for q in range(2):
        r = lost_on_count(s, spec, q)
        if r != ONGOING:
            finish(s, r, 1 - q)
            return
    if s[PHASE] == MOVE and not has_move(s, spec, p):
        finish(s, END_NO_MOVE, 1 - p)
        return
    if spec[P_NOCAP] > 0 and s[NOCAP] >= spec[P_NOCAP]:
        finish(s, END_NO_CAPTURE, majority(s, spec))
        return
    record_position(s, spec)


@njit(cache=True, forceinline=True)
def end_turn(s: np.ndarray, spec: np.ndarray) -> int:
    """AW-E3: after a complete turn, AW-D2 for the next player, AW-E2, then AW-E1."""
    p = s[TO_MOVE]
    o = 1 - p
    if s[CAPT]:
        s[NOCAP] = 0
        s[HLEN] = 0                                                  # removals are irreversible
    else:
        s[NOCAP] += 1
    s[CAPT] = 0
    s[ACTOR] = -1
    s[PHASE] = REMOVE if s[NCAND] > 0 else MOVE
    s[TO_MOVE] = o
    if s[PHASE] == MOVE and not has_move(s, spec, o):                # AW-D2
        finish(s, END_NO_MOVE, p)
        return 0
    if spec[P_NOCAP] > 0 and s[NOCAP] >= spec[P_NOCAP]:             # AW-E2
        finish(s, END_NO_CAPTURE, majority(s, spec))
        return 0
    if record_position(s, spec) >= 3:                                # AW-E1
        finish(s, END_REPETITION, majority(s, spec))
        return 0
    return need(s)


@njit(cache=True, forceinline=True)
def mark_candidates(s: np.ndarray, spec: np.ndarray, p: int) -> None:
    """AW-F4 / AC-F1: before a non-capturing move, the non-Shaman snakes of p that could
    capture (in classic, make a maximal capture)."""
    mine, theirs, empty = sides(s, spec, p)
    jump = jumpers(spec, mine & ~bitset(s, BITS + 4), theirs, empty)
    if spec[P_CLASSIC] and jump:
        m = classic_max(spec, jump, theirs, empty)
        rest, jump = jump, 0
        while rest:
            c = lowest_bit(rest)
            rest &= rest - 1
            if max_chain(spec, c, theirs, empty) == m:
                jump |= np.int64(1) << c
    nc = 0
    while jump:
        c = lowest_bit(jump)
        jump &= jump - 1
        s[CAND + c] = 1
        nc += 1
    s[NCAND] = nc


@njit(cache=True, forceinline=True)
def move_piece(s: np.ndarray, f: int, t: int) -> None:
    """Moves the piece and its candidate flag (AW-F5; flags are set only while candidates
    are pending: a game without them leaves the flags' cache lines alone)."""
    flip(s, f, s[f])
    flip(s, t, s[f])
    s[t] = s[f]
    s[f] = 0
    if s[NCAND]:
        s[CAND + t] = s[CAND + f]
        s[CAND + f] = 0


@njit(cache=True, forceinline=True)
def apply(s: np.ndarray, spec: np.ndarray, action: int) -> int:
    p = s[TO_MOVE]
    o = 1 - p
    if action == A_STOP:                                             # AW-C7
        return end_turn(s, spec)
    if action >= A_REMOVE:                                           # AW-F4 .. F6
        c = action - A_REMOVE
        flip(s, c, s[c])
        s[c] = 0
        s[ONB + o] -= 1
        for q in range(spec[P_NPTS]):
            s[CAND + q] = 0
        s[NCAND] = 0
        s[CAPT] = 1
        s[PHASE] = MOVE
        r = lost_on_count(s, spec, o)
        if r != ONGOING:
            finish(s, r, p)
        elif not has_move(s, spec, p):                               # AW-F6, AW-D2
            finish(s, END_NO_MOVE, o)
        return 0
    kind = action // K8
    c, d = divmod(action - kind * K8, 8)
    a = spec[STEP + 8 * c + d]
    if kind <= 2:                                                    # non-capturing moves
        if spec[P_HUFF]:
            mark_candidates(s, spec, p)
        if kind == 2:                                                # AW-S6 push
            move_piece(s, a, spec[JUMP + 8 * c + d])
            move_piece(s, c, a)
        else:
            move_piece(s, c, a)
            if kind == 1:                                            # AW-S5 pull
                move_piece(s, spec[BACK + 8 * c + d], c)
        if spec[P_NOBACK]:
            s[LASTF + p] = c
            s[LASTT + p] = a
        return end_turn(s, spec)
    r = spec[JUMP + 8 * c + d]                                       # AW-C1 jump
    if s[PHASE] == MOVE:
        s[LASTF + p] = -1
        s[LASTT + p] = -1
    flip(s, c, s[c])
    flip(s, r, s[c])
    flip(s, a, s[a])
    s[r] = s[c]
    s[c] = 0
    s[a] = 0                                                         # AW-C4
    s[ONB + o] -= 1
    s[CAPT] = 1
    if kind == 4:                                                    # AW-S5 pull with a jump
        q = spec[BACK + 8 * c + d]
        flip(s, q, s[q])
        flip(s, c, s[q])
        s[c] = s[q]
        s[q] = 0
    reason = lost_on_count(s, spec, o)                               # AW-D1, AW-G2, AW-D4
    if reason != ONGOING:
        finish(s, reason, p)
        return 0
    _mine, theirs, empty = sides(s, spec, p)
    if jump_dirs(spec, r, theirs, empty):                            # AW-C5
        s[PHASE] = CHAIN
        s[ACTOR] = r
        return 0
    return end_turn(s, spec)


@njit(cache=True, forceinline=True)
def to_move(s: np.ndarray, spec: np.ndarray) -> int:
    return TERMINAL if s[END] != ONGOING else s[TO_MOVE]


@njit(cache=True, forceinline=True)
def returns(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> None:
    out[0] = out[1] = 0.0
    if s[END] != ONGOING and s[WINNER] != 2:
        out[s[WINNER]] = 1.0
        out[1 - s[WINNER]] = -1.0


@njit(cache=True, forceinline=True)
def observe(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    """The observation tensor (10 * NMAX + 5 floats) from ``player``'s side: planes (NMAX
    points each) of his snakes, enemy snakes, his Shaman, enemy Shaman, huff candidates, the
    chain's snake, and for `no_backtrack` each side's last step as from/to planes (his
    first); then 1 if he is to move, the phase (3), the no-removal counter over its limit (or
    100). The piece planes are read from the bit sets, each float written once: a branch a
    point mispredicts on a random board."""
    p = player
    mine, theirs = bitset(s, BITS + 2 * p), bitset(s, BITS + 2 - 2 * p)
    shamans = bitset(s, BITS + 4)
    snakes, enemies = mine & ~shamans, theirs & ~shamans
    shaman, enemy = mine & shamans, theirs & shamans
    for c in range(NMAX):
        out[c] = (snakes >> c) & 1
        out[NMAX + c] = (enemies >> c) & 1
        out[2 * NMAX + c] = (shaman >> c) & 1
        out[3 * NMAX + c] = (enemy >> c) & 1
    if s[NCAND]:                                # (the flags are clear without candidates)
        for c in range(NMAX):
            out[4 * NMAX + c] = s[CAND + c]
    else:
        out[4 * NMAX:5 * NMAX] = 0.0
    out[5 * NMAX:] = 0.0
    if s[ACTOR] >= 0:
        out[5 * NMAX + s[ACTOR]] = 1.0
    for q in range(2):
        if s[LASTF + q] >= 0:
            side = int(q != p)
            out[(6 + 2 * side) * NMAX + s[LASTF + q]] = 1.0
            out[(7 + 2 * side) * NMAX + s[LASTT + q]] = 1.0
    b = 10 * NMAX
    out[b] = s[TO_MOVE] == p
    out[b + 1 + s[PHASE]] = 1.0
    limit = spec[P_NOCAP] if spec[P_NOCAP] != 0 else 100
    out[b + 4] = min(s[NOCAP] / limit, 1.0)
