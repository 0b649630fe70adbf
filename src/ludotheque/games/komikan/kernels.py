"""Komikan, Adugo, Chivi Korá and the LUDOS mini-extensions (rules/komikan.md: KM) as numba
kernels.

Points (31) are numbered in (y, x) order: 0 a1, 1 c1, 2 e1, 3 b2, 4 c2, 5 d2, then the grid
rows a3..e3 (6..10), a4..e4 (11..15), a5..e5 (16..20), a6..e6 (21..25), a7..e7 (26..30).

State layout (int32): the board (0 empty, 1 alpaca, 2 the Alpha; the Puma and the Condor are
kept as points, so they may share one, KM-Q7), the Puma, the Condor (-1 none), the two grass
points (-1 while not placed, KM-R1), the Puma player's captured pile, the player to move, the
phase (0 a turn starts, 1 a Lemery return may follow, 2 a `multi_jump` chain is under way), the
point the Puma started its turn from, the Condor rest flag (KM-Q5), the second-wave flag
(KM-L3), the no-capture counter (KM-G2), the end, the turn counter, each player's last two
moves as (from, to) (KM-E4; the piece is the one that stood on `from`), the alpacas' points as
a bit set (kept with the board), then the repetition
record (KM-G1): the turn-start positions met since the last irreversible change, ENTRY words
each.

Actions (N = 31): a move of any piece from f to t is f * N + t (steps, a Puma jump over a
grass-protected alpaca, Condor moves, Alpha-assisted two-point moves and the Puma's linked
steps, KM-R5); a Puma capture CAP + 8 * o + d jumps from the origin o (the Puma's point, or the
other grass point for a linked capture, KM-R4) in direction d; STOP ends a chain or declines a
return; RET + i returns an alpaca to the i-th point of rank 7; GRASS + p places a grass token.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core import history
from ...core.bits import lowest_bit
from ...core.kernels import TERMINAL

# Every call left in compiled code costs atomic reference counts on its array arguments (a third
# of a playout's time, measured with perf): helpers and kernels are inlined by LLVM
# (forceinline) into the loops that `core.jit` binds, where numba's reference-count pruning
# removes those counts. Numba's own IR inlining (inline="always") runs as fast but took twice
# as long to compile (116 s against 59 s for Komikan's warm-up on a loaded machine). The
# kernels allocate nothing, so they are compiled without reference counting (``_nrt=False``):
# with it, the counts on the views a loop passes them were most of a kernel's time alone (over
# 4,000 mid-game states: legal 136 -> 51 ns, apply ~100 -> ~25, observe 62 -> 30), though
# less of a batched step (its loop pruned most of them).

N = 31
CAP = N * N                 # 961
STOP = CAP + 8 * N          # 1209
RET = STOP + 1              # 1210..1214
GRASS = RET + 5             # 1215..1245
NUM_ACTIONS = GRASS + N     # 1246

EMPTY, ALPACA, ALPHA = 0, 1, 2

BOARD = 0
PUMA = 31
CONDOR = 32
GRASS0 = 33
GRASS1 = 34
PILE = 35
TO_MOVE = 36
PHASE = 37
START = 38
REST = 39
WAVE2 = 40
NOCAP = 41
END = 42
WINNER = 43
TURNS = 44
HLEN = 45
MOVES = 46          # + 4p: older from, older to, recent from, recent to
CAPTURED = 54       # 1 once the turn under way has captured
CONDOR_MOVED = 55   # 1 once the Condor moved in the turn under way
MOVE_TO = 56        # the end point of an alpaca move awaiting its Lemery return
ALP = 57            # bit set of the points holding an alpaca (kept with the board)
SEEN = 58           # 2 words: the record's filter (core.history)
HIST = 60
ENTRY = 5
INITIAL_ENTRIES = 32

PHASE_TURN, PHASE_RETURN, PHASE_CHAIN = 0, 1, 2
ONGOING, END_PILE, END_DEN, END_TRAPPED, END_BLOCKED, END_REPETITION, END_NO_CAPTURE = range(7)

# spec fields, then the tables
S_GOAL, S_MULTI, S_LEMERY, S_ALPHA, S_CONDOR, S_GRASS, S_CHIVI, S_BLOCKED_DRAW, S_NO_CAPTURE, \
    S_ALPACAS = range(10)
S_STEP = 16                 # + 8p + d
S_JUMP = S_STEP + 8 * N     # + 8p + d
S_Y = S_JUMP + 8 * N        # + p: y of the point (rank - 3)
S_ADJ = S_Y + N             # + p: bit set of the points one step from p
S_LOWER = S_ADJ + N         # + p: bit set of the points no higher than p (KM-K3)
S_OVER = S_LOWER + N        # + N * o + m: 8 t + d of the jump from o over m to t, or -1
SPEC_LEN = S_OVER + N * N

NO_POINT = np.int64(1) << 62   # past the points: lowest_bit(NO_POINT) names no point
DEN_MASK = (1 << 8) | (1 << 3) | (1 << 4) | (1 << 5) | 1 | (1 << 1) | (1 << 2)
C3, C5, C4 = 8, 18, 13


def make_spec(board, goal: int, multi: bool, lemery: bool, alpha: bool, condor: bool,
              grass: bool, chivi: bool, blocked_draw: bool, no_capture: int,
              alpacas: int) -> np.ndarray:
    spec = np.zeros(SPEC_LEN, np.int64)
    spec[:10] = [goal, multi, lemery, alpha, condor, grass, chivi, blocked_draw, no_capture, alpacas]
    spec[S_STEP:S_STEP + 8 * N] = board.step.reshape(-1)
    spec[S_JUMP:S_JUMP + 8 * N] = board.jump.reshape(-1)
    spec[S_Y:S_Y + N] = [y for _, y in board.xy]
    for p in range(N):
        spec[S_ADJ + p] = sum(1 << int(q) for q in board.step[p] if q >= 0)
        spec[S_LOWER + p] = sum(1 << q for q in range(N) if board.xy[q][1] <= board.xy[p][1])
    spec[S_OVER:S_OVER + N * N] = -1
    for o in range(N):
        for d in range(8):
            m, t = int(board.step[o, d]), int(board.jump[o, d])
            if m >= 0 and t >= 0:
                spec[S_OVER + N * o + m] = 8 * t + d
    return spec


# -- small helpers ---------------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def step(spec, p, d):
    return spec[S_STEP + 8 * p + d]


@njit(cache=True, forceinline=True, _nrt=False)
def jump(spec, p, d):
    return spec[S_JUMP + 8 * p + d]


@njit(cache=True, forceinline=True, _nrt=False)
def in_den(q):
    return (DEN_MASK >> q) & 1 == 1


@njit(cache=True, forceinline=True, _nrt=False)
def is_grass(s, q):
    return q >= 0 and (s[GRASS0] == q or s[GRASS1] == q)


@njit(cache=True, forceinline=True, _nrt=False)
def other_grass(s, spec, p):
    """KM-R4: the grass point linked to p, or -1."""
    if spec[S_GRASS] == 0 or s[GRASS1] < 0:
        return -1
    if s[GRASS0] == p:
        return s[GRASS1]
    if s[GRASS1] == p:
        return s[GRASS0]
    return -1


@njit(cache=True, forceinline=True, _nrt=False)
def alpaca_at(s, q, removed):
    return s[q] != EMPTY and q != removed


@njit(cache=True, forceinline=True, _nrt=False)
def alpacas(s):
    """Bit set of the points holding an alpaca (the Alpha included)."""
    return np.int64(s[ALP])


@njit(cache=True, forceinline=True, _nrt=False)
def next_to_alpha(s, spec, f):
    """KM-P3: the Alpha is one step from f."""
    for d in range(8):
        q = step(spec, f, d)
        if q >= 0 and s[q] == ALPHA:
            return True
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def base_locked(s, spec):
    """KM-L1: with reinforcements, alpacas on a1 c1 e1 are locked."""
    return spec[S_LEMERY] != 0 and s[0] != EMPTY and s[1] != EMPTY and s[2] != EMPTY


@njit(cache=True, forceinline=True, _nrt=False)
def den_full(s):
    """KM-F3: alpacas on all 7 den points."""
    return (s[0] != EMPTY and s[1] != EMPTY and s[2] != EMPTY and s[3] != EMPTY
            and s[4] != EMPTY and s[5] != EMPTY and s[C3] != EMPTY)


# -- the Puma (KM-C, KM-R) -------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def puma_move_mask(s, spec, P, removed):
    """Bit set of the points the Puma on P reaches without capturing (KM-C1, KM-R3, KM-R4):
    steps, jumps over grass-protected alpacas, and linked ones, merged (KM-R5). ``removed``
    is a point to read as empty (-1 for none)."""
    alp = alpacas(s)
    if removed >= 0:
        alp &= ~(np.int64(1) << removed)
    mask = np.int64(0)
    og = other_grass(s, spec, P)
    for k in range(2):
        o = P if k == 0 else og
        if o < 0:
            break
        mask |= spec[S_ADJ + o] & ~alp
        for g in range(GRASS0, GRASS1 + 1):                    # KM-R3: over a grass point
            q = s[g]
            if q >= 0 and (alp >> q) & 1 and (spec[S_ADJ + o] >> q) & 1:
                for d in range(8):
                    if step(spec, o, d) == q:
                        t = jump(spec, o, d)
                        if t >= 0 and (alp >> t) & 1 == 0:
                            mask |= np.int64(1) << t
    return mask & ~(np.int64(1) << P)


@njit(cache=True, forceinline=True, _nrt=False)
def capture_ok(s, spec, P, o, d, removed):
    """Whether the Puma on P captures by jumping from o in direction d (KM-C2, KM-C3, KM-R3)."""
    t = jump(spec, o, d)
    if t < 0 or t == P:
        return False
    m = step(spec, o, d)
    return alpaca_at(s, m, removed) and not is_grass(s, m) and not alpaca_at(s, t, removed)


@njit(cache=True, forceinline=True, _nrt=False)
def captured_from(s, spec, P, o, alp):
    """Bit set of the alpacas the Puma on P captures by a jump from o (KM-C2, KM-C3, KM-R3);
    alp: the alpacas on the board."""
    over = spec[S_ADJ + o] & alp
    for g in range(GRASS0, GRASS1 + 1):                        # KM-R3: grass protects
        if s[g] >= 0:
            over &= ~(np.int64(1) << s[g])
    caught = np.int64(0)
    while over:
        m = lowest_bit(over)
        over &= over - 1
        v = spec[S_OVER + N * o + m]
        if v >= 0 and (v >> 3) != P and (alp >> (v >> 3)) & 1 == 0:
            caught |= np.int64(1) << m
    return caught


@njit(cache=True, forceinline=True, _nrt=False)
def puma_captures(s, spec, P, out, n):
    """Writes the Puma's capture actions from P (and from its linked grass point, KM-R4) into
    out from n; returns the new n."""
    alp = alpacas(s)
    og = other_grass(s, spec, P)
    for k in range(2):
        o = P if k == 0 else og
        if o < 0:
            break
        caught = captured_from(s, spec, P, o, alp)
        while caught:
            m = lowest_bit(caught)
            caught &= caught - 1
            out[n] = CAP + 8 * o + (spec[S_OVER + N * o + m] & 7)
            n += 1
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def has_capture(s, spec, P, removed):
    """Whether the Puma on P has a capture, the point ``removed`` read as empty."""
    alp = alpacas(s)
    if removed >= 0:
        alp &= ~(np.int64(1) << removed)
    og = other_grass(s, spec, P)
    for k in range(2):
        o = P if k == 0 else og
        if o < 0:
            break
        if captured_from(s, spec, P, o, alp) != 0:
            return True
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def puma_can_move(s, spec):
    """KM-F2/KM-R8: the Puma has a step or a jump (back-and-forth ignored; Condor aside)."""
    P = s[PUMA]
    if puma_move_mask(s, spec, P, -1) != 0:
        return True
    return has_capture(s, spec, P, -1)


@njit(cache=True, forceinline=True, _nrt=False)
def capture_parts(spec, a):
    """(origin, captured point, landing point) of a capture action."""
    k = a - CAP
    o, d = k // 8, k % 8
    return o, step(spec, o, d), jump(spec, o, d)


@njit(cache=True, forceinline=True, _nrt=False)
def chain_goes_on(s, spec, t, m):
    """With `multi_jump`, whether a capture of m landing on t may be continued (KM-C4)."""
    if spec[S_MULTI] == 0 or s[PILE] + 1 >= spec[S_GOAL]:
        return False
    return has_capture(s, spec, t, m)


# -- the Condor (KM-Q) -------------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def condor_moves(s, spec, out, n):
    C = s[CONDOR]
    P = s[PUMA]
    if C < 0 or C == P or s[REST] != 0:                        # KM-Q5, KM-Q7
        return n
    for d in range(8):
        q = step(spec, C, d)
        if q < 0:
            continue
        if s[q] == EMPTY:
            if q != P and not in_den(q):                        # KM-Q4, KM-Q6
                out[n] = C * N + q
                n += 1
        else:
            t = jump(spec, C, d)                                # KM-Q3: over one alpaca
            if t >= 0 and s[t] == EMPTY and t != P and not in_den(t):
                out[n] = C * N + t
                n += 1
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def write_moves(out, n, f, dest, blind):
    """Writes the moves f * N + t for the points t of dest into out from n, in order; returns
    the new n. With ``blind``, the first four without a test (the loop's exit, a branch a
    random board mispredicts): each is written at out[n] before it is counted (LEGAL_SLACK)."""
    if blind:
        for _ in range(4):
            out[n] = f * N + lowest_bit(dest | NO_POINT)
            n += dest != 0
            dest &= dest - 1
    while dest:
        out[n] = f * N + lowest_bit(dest)
        dest &= dest - 1
        n += 1
    return n


# -- alpacas (KM-D, KM-K3, KM-P, KM-L1) ----------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def free_for_alpaca(s, q):
    return s[q] == EMPTY and q != s[PUMA] and q != s[CONDOR]


@njit(cache=True, forceinline=True, _nrt=False)
def alpaca_moves(s, spec, out, n, write, blind=False):
    """Writes the alpaca moves into out from n and returns the new n (``blind``: see
    `write_moves`); with ``write`` false, only tells whether there is one (1) or none (0)."""
    alp = alpacas(s)
    free = ((np.int64(1) << N) - 1) & ~alp & ~(np.int64(1) << s[PUMA])
    if s[CONDOR] >= 0:
        free &= ~(np.int64(1) << s[CONDOR])
    movers = alp
    if base_locked(s, spec):
        movers &= ~np.int64(7)
    chivi = spec[S_CHIVI] != 0
    while movers:
        f = lowest_bit(movers)
        movers &= movers - 1
        dest = spec[S_ADJ + f] & free
        if chivi:                                              # KM-K3
            dest &= spec[S_LOWER + f]
        if not write:
            if dest != 0:
                return 1                                       # (a yes/no question)
            continue
        if spec[S_ALPHA] != 0 and s[f] == ALPACA and next_to_alpha(s, spec, f):
            for d in range(8):                                 # KM-P3, KM-P5: next to the Alpha
                q = step(spec, f, d)
                if q >= 0 and (dest >> q) & 1:
                    t = jump(spec, f, d)
                    if t >= 0 and (free >> t) & 1 and not (chivi and (spec[S_LOWER + f] >> t) & 1 == 0):
                        dest |= np.int64(1) << t
        n = write_moves(out, n, f, dest, blind)
    return n


# -- legal actions ----------------------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def forbidden_pair(s, p):
    """KM-E1: the (A, B) the player may not repeat, or (-1, -1)."""
    b = MOVES + 4 * p
    if s[b] >= 0 and s[b] == s[b + 3] and s[b + 1] == s[b + 2]:
        return s[b], s[b + 1]
    return -1, -1


@njit(cache=True, forceinline=True, _nrt=False)
def raw_legal(s, spec, out, blind):
    """The actions before the no-back-and-forth filter (``blind``: see `write_moves`)."""
    p = s[TO_MOVE]
    n = 0
    if spec[S_GRASS] != 0 and s[GRASS1] < 0:                  # KM-R1: grass placements
        for q in range(N):
            if not in_den(q) and s[q] == EMPTY and q != s[PUMA] and q != s[CONDOR] \
                    and q != s[GRASS0]:
                out[n] = GRASS + q
                n += 1
        return n
    if s[PHASE] == PHASE_RETURN:                               # KM-L5
        for i in range(5):
            if free_for_alpaca(s, 26 + i):
                out[n] = RET + i
                n += 1
        out[n] = STOP
        return n + 1
    if s[PHASE] == PHASE_CHAIN:                                # KM-C4
        n = puma_captures(s, spec, s[PUMA], out, 0)
        out[n] = STOP
        return n + 1
    if p == 1:
        return alpaca_moves(s, spec, out, 0, True, blind)
    P = s[PUMA]
    mask = puma_move_mask(s, spec, P, -1)
    while mask:
        out[n] = P * N + lowest_bit(mask)
        mask &= mask - 1
        n += 1
    n = puma_captures(s, spec, P, out, n)
    if spec[S_CONDOR] != 0:
        n = condor_moves(s, spec, out, n)                      # KM-Q2
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def is_forbidden(s, spec, a, A, B):
    """Whether action a would make the turn A -> B (KM-E1, KM-E3)."""
    if a < CAP:
        return s[PHASE] == PHASE_TURN and a // N == A and a % N == B
    if a < STOP:
        o, m, t = capture_parts(spec, a)
        start = s[PUMA] if s[PHASE] == PHASE_TURN else s[START]
        return start == A and t == B and not chain_goes_on(s, spec, t, m)
    if a == STOP and s[PHASE] == PHASE_CHAIN:
        return s[START] == A and s[PUMA] == B
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def legal(s, spec, out):
    if s[END] != ONGOING:
        return 0
    A, B = forbidden_pair(s, s[TO_MOVE])
    # with a pair to filter out, no blind write: one past the raw actions would be past the
    # slack of the filtered ones
    n = raw_legal(s, spec, out, A < 0)
    if A < 0 or s[PHASE] == PHASE_RETURN or (spec[S_GRASS] != 0 and s[GRASS1] < 0):
        return n
    k = 0
    for i in range(n):
        a = out[i]
        if not is_forbidden(s, spec, a, A, B):
            out[k] = a
            k += 1
    return k if k > 0 else n                                  # KM-E2: the only move


# -- playing an action --------------------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def apply(s, spec, action):
    p = s[TO_MOVE]
    if action >= GRASS:                                        # KM-R1
        q = action - GRASS
        if s[GRASS0] < 0:
            s[GRASS0] = q
            s[TO_MOVE] = 0
            return 0
        s[GRASS1] = q
        s[TO_MOVE] = 0
        return start_turn(s, spec)
    if action >= RET:                                          # KM-L5, KM-L6
        s[26 + action - RET] = ALPACA
        s[ALP] |= 1 << (26 + action - RET)
        s[PILE] -= 1
        s[HLEN] = 0
        return end_turn(s, spec, s[START], s[MOVE_TO])
    if action == STOP:
        if s[PHASE] == PHASE_CHAIN:
            return end_turn(s, spec, s[START], s[PUMA])
        return end_turn(s, spec, s[START], s[MOVE_TO])         # a declined return
    if action >= CAP:                                          # KM-C2
        o, m, t = capture_parts(spec, action)
        if s[PHASE] == PHASE_TURN:
            s[START] = s[PUMA]
        s[m] = EMPTY
        s[ALP] &= ~(1 << m)
        s[PILE] += 1
        s[PUMA] = t
        s[CAPTURED] = 1
        if not returns_possible(s, spec):
            s[HLEN] = 0
        if s[PILE] < spec[S_GOAL] and spec[S_MULTI] != 0 \
                and has_capture(s, spec, t, -1):
            s[PHASE] = PHASE_CHAIN
            return 0
        return end_turn(s, spec, s[START], t)
    f, t = action // N, action % N
    if p == 0:
        if f == s[PUMA]:
            s[PUMA] = t
        else:
            s[CONDOR] = t
            s[CONDOR_MOVED] = 1
        return end_turn(s, spec, f, t)
    s[t] = s[f]
    s[f] = EMPTY
    s[ALP] ^= (1 << f) | (1 << t)
    if spec[S_LEMERY] != 0 and not den_full(s):               # KM-L2, KM-L3, KM-L7
        wave = False
        if t < 3 and base_locked(s, spec):
            wave = True
            s[HLEN] = 0
        elif 3 <= t < 6 and base_locked(s, spec) and s[WAVE2] == 0 \
                and s[3] != EMPTY and s[4] != EMPTY and s[5] != EMPTY:
            wave = True
            s[WAVE2] = 1
            s[HLEN] = 0
        if wave and s[PILE] > 0:
            for i in range(5):
                if free_for_alpaca(s, 26 + i):
                    s[PHASE] = PHASE_RETURN
                    s[START] = f
                    s[MOVE_TO] = t
                    return 0
    return end_turn(s, spec, f, t)


@njit(cache=True, forceinline=True, _nrt=False)
def returns_possible(s, spec):
    """Whether a Lemery return may still come (then a capture is not irreversible)."""
    return spec[S_LEMERY] != 0 and (not base_locked(s, spec) or s[WAVE2] == 0)


@njit(cache=True, forceinline=True, _nrt=False)
def end_turn(s, spec, f, t):
    p = s[TO_MOVE]
    b = MOVES + 4 * p
    s[b], s[b + 1], s[b + 2], s[b + 3] = s[b + 2], s[b + 3], f, t
    captured = p == 0 and s[CAPTURED] != 0
    if p == 0:
        s[REST] = s[CONDOR_MOVED]
    s[CAPTURED] = 0
    s[CONDOR_MOVED] = 0
    s[NOCAP] = 0 if captured else s[NOCAP] + 1
    s[PHASE] = PHASE_TURN
    s[START] = -1
    s[TO_MOVE] = 1 - p
    s[TURNS] += 1
    return start_turn(s, spec)


@njit(cache=True, forceinline=True, _nrt=False)
def start_turn(s, spec):
    """KM-F6, in order: the Puma's pile, a full den, the player to move stuck, no-capture
    limit, repetition. Returns the array length the next record entry needs (0 if it fits)."""
    if spec[S_GRASS] != 0 and s[GRASS1] < 0:
        return 0
    if s[PILE] >= spec[S_GOAL]:                                # KM-F1
        s[END], s[WINNER] = END_PILE, 0
        return 0
    if den_full(s):                                            # KM-F3
        s[END], s[WINNER] = END_DEN, 1
        return 0
    if s[TO_MOVE] == 0:
        if not puma_can_move(s, spec):                         # KM-F2
            s[END], s[WINNER] = END_TRAPPED, 1
            return 0
    elif alpaca_moves(s, spec, s, 0, False) == 0:              # KM-F4
        s[END] = END_BLOCKED
        s[WINNER] = -1 if spec[S_BLOCKED_DRAW] else 0
        return 0
    if spec[S_NO_CAPTURE] > 0 and s[NOCAP] >= spec[S_NO_CAPTURE]:   # KM-G2
        s[END], s[WINNER] = END_NO_CAPTURE, -1
        return 0
    if record_position(s, spec) >= 3:                          # KM-G1
        s[END], s[WINNER] = END_REPETITION, -1
        return 0
    return history.room(s, HLEN, HIST, ENTRY)


@njit(cache=True, forceinline=True, _nrt=False)
def spread(x):
    """The 15 low bits of x moved to the even bits (bit q to bit 2q)."""
    x = (x | (x << 8)) & 0x00FF00FF
    x = (x | (x << 4)) & 0x0F0F0F0F
    x = (x | (x << 2)) & 0x33333333
    return (x | (x << 1)) & 0x55555555


@njit(cache=True, forceinline=True, _nrt=False)
def record_position(s, spec):
    """Adds the turn-start position to the record; returns how often it has occurred. The
    board is packed 2 bits a point (its value): from the bit sets, the Alpha's point counted
    twice."""
    base = HIST + ENTRY * s[HLEN]
    alp = alpacas(s)
    alpha = np.int64(0)
    if spec[S_ALPHA] != 0:
        for q in range(N):
            alpha |= np.int64(s[q] == ALPHA) << q
    w0 = spread(alp & 0x7FFF) + spread(alpha & 0x7FFF)
    w1 = spread((alp >> 15) & 0x7FFF) + spread((alpha >> 15) & 0x7FFF)
    w2 = ((alp >> 30) + (alpha >> 30)) | (s[PUMA] << 2) | ((s[CONDOR] + 1) << 7) \
        | (s[PILE] << 12) | (s[TO_MOVE] << 16) | (s[REST] << 17) | (s[WAVE2] << 18)
    w3 = 0
    w4 = 0
    for i in range(4):
        w3 |= (s[MOVES + i] + 1) << (5 * i)
        w4 |= (s[MOVES + 4 + i] + 1) << (5 * i)
    s[base], s[base + 1], s[base + 2], s[base + 3], s[base + 4] = w0, w1, w2, w3, w4
    return history.record(s, HLEN, SEEN, HIST, ENTRY)


@njit(cache=True, forceinline=True, _nrt=False)
def to_move(s, spec):
    return TERMINAL if s[END] != ONGOING else s[TO_MOVE]


@njit(cache=True, forceinline=True, _nrt=False)
def returns(s, spec, out):
    out[0] = out[1] = 0.0
    if s[END] != ONGOING and s[WINNER] >= 0:
        out[s[WINNER]] = 1.0
        out[1 - s[WINNER]] = -1.0


def new_state(spec: np.ndarray, board: np.ndarray, puma: int, condor: int, grass: tuple[int, int],
              pile: int, to_move: int, moves: tuple[int, ...] = (-1,) * 8, rest: int = 0,
              wave2: int = 0) -> np.ndarray:
    """A turn-start state; the start checks (KM-F6) run at once."""
    s = np.zeros(HIST + ENTRY * INITIAL_ENTRIES, np.int32)
    s[:N] = board
    s[ALP] = sum(1 << q for q in range(N) if board[q] != EMPTY)
    s[PUMA], s[CONDOR] = puma, condor
    s[GRASS0], s[GRASS1] = grass
    s[PILE], s[TO_MOVE] = pile, to_move
    s[START] = -1
    s[REST], s[WAVE2] = rest, wave2
    s[MOVES:MOVES + 8] = moves
    if spec[S_GRASS] and grass[1] < 0:
        s[TO_MOVE] = 1 if grass[0] < 0 else 0
    need = start_turn(s, spec)
    return np.concatenate([s, np.zeros(need - len(s), np.int32)]) if need else s


@njit(cache=True, _nrt=False)
def observe(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    """The observation tensor (5 N + 9 floats): five planes over the 31 points (alpaca,
    Alpha, Puma, Condor, grass: the roles differ, so the planes do not swap), then: 1 if
    ``player`` is to move, 1 if he plays the Puma, pile / goal, return pending, chain under
    way, grass to place, Condor resting, second wave spent, no-capture counter / limit."""
    out[:] = 0.0
    for c in range(N):
        out[c] = s[BOARD + c] == ALPACA
        out[N + c] = s[BOARD + c] == ALPHA
    if s[PUMA] >= 0:
        out[2 * N + s[PUMA]] = 1.0
    if s[CONDOR] >= 0:
        out[3 * N + s[CONDOR]] = 1.0
    if s[GRASS0] >= 0:
        out[4 * N + s[GRASS0]] = 1.0
    if s[GRASS1] >= 0:
        out[4 * N + s[GRASS1]] = 1.0
    limit = max(spec[S_NO_CAPTURE], 1)
    b = 5 * N
    out[b] = s[TO_MOVE] == player
    out[b + 1] = player == 0
    out[b + 2] = s[PILE] / spec[S_GOAL]
    out[b + 3] = s[PHASE] == PHASE_RETURN
    out[b + 4] = s[PHASE] == PHASE_CHAIN
    out[b + 5] = spec[S_GRASS] != 0 and s[GRASS1] < 0
    out[b + 6] = s[REST]
    out[b + 7] = s[WAVE2]
    out[b + 8] = min(s[NOCAP], limit) / limit
