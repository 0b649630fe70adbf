"""Fanorona (rules/fanorona.md: FA, FV, FT, FD, FF, FM) as numba kernels.

One set of kernels serves every board and ruleset; ``spec = (par, step, jump, dirs)`` holds
the ruleset's switches (``par``) and the geometry tables of `core.geometry.LineBoard`.

State layout (int32): a header, the board (one cell a point, codes below), then the
repetition record (FA-E4): the turn-start positions met since the last irreversible event
(capture or tamarin placement, after which no earlier position can come back), each packed
exactly into ENTRY words of 10 cells x 3 bits, the player to move in bit 30 of the first word.
The header keeps each player's pieces and Female as bit sets of the points too (bit i: point
i; PIECES, FEMALES), changed with the board's cells by `put` and `lift` and rebuilt by
`settle`: every turn asks for them twice (`legal`, then `any_move` at the turn's end), and
reading the 45 cells for them was about a fifth of a random playout's time. The observation's
planes and the repetition entries are written from them too (`observe`, `record_position`).

A turn is a sequence of actions (FA-F1): a step (from point, direction, jump flag, kind
none/A/W), then after a capture the continuations and ``stop``; with +tamarins a final
``pass`` or placement. SUB says where the turn is.

The rules are read from the bit sets (`sides`, `ahead`, `step_kinds`): a few rotations a
direction answer for the whole board whether a capture exists (FA-C7, FV-B3) and which pieces
have one, instead of a walk over every piece and line. On the boards' row-by-row numbering a
step in direction d adds the same number to every point, so `ahead` moves a bit set one step
with a mask and a rotation. The actions are written in the order of their numbers (board
order, then direction, approach before withdrawal before paika), which is the order of the
per-point walk they replaced:

- captures without +female (`captures_in_order`): the bit sets of a direction at a time, then
  sorted (a turn has a few);
- paika, +female turns, chains, Vela's orange steps: for each piece with a move, each action of
  each direction is written, then counted only if it is legal (``n += legal``): no branch on
  a random board's cells, which mispredict often;
- Vela's phase 1 (FV-B4): orange must leave green a capture. An orange step P -> Q takes one
  of green's captures away only if Q is its landing point or P the lemur it takes, so two
  captures with other landing points and lemurs (`green_witnesses`) decide it for every step
  but those of the few pieces that could take both; only those have the board after the step
  searched (with every step searched, orange's list was a third of Vela's playout time).

The kernels allocate nothing and keep no array, so they are compiled without numba's reference
counting (``_nrt=False``): it counted each array a call is passed (the state, spec's four) on
the call's entry and exit, a seventh of a random playout's time in perf even once the helpers
of `legal` and `end_turn` were inlined (``forceinline``, for the calls themselves).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core import history
from ...core.bits import lowest_bit
from ...core.kernels import TERMINAL

# header
TO_MOVE, END, WINNER, SUB, CPOS, LDIR, VIS_LO, VIS_HI = 0, 1, 2, 3, 4, 5, 6, 7
CAPT = 8       # something was captured this turn (FA-E5)
NOCAP = 9      # consecutive complete turns without capture
TURNS = 10     # complete turns played (FA-F3)
GCAPS = 11     # Vela: orange lemurs taken by green in phase 1 (FV-A2)
COUNT = 12     # COUNT + p: pieces of p on the board (Female included)
FEM = 14       # FEM + p: 1 while p's Female is on the board
TAM = 16       # TAM + p: tamarins in hand
POOL = 18      # POOL + p: p's lemurs captured by the opponent (FM-A1)
IRREV = 20     # a capture or placement happened this turn: restart the repetition record
HLEN = 21      # entries in the repetition record
SEEN = 22      # 2 words: the record's filter (core.history)
PIECES = 24    # PIECES + 2 p, + 1: bit set of p's pieces (low, high 32 bits), kept with the board
FEMALES = 28   # FEMALES + 2 p, + 1: bit set of p's Female, the same way
BOARD = 32     # BOARD + point: cell code

# cells
EMPTY = 0      # 1 + p: lemur of p; 3 + p: Female of p
# SUB
START, CHAIN, DECIDE = 0, 1, 2
# end reasons
ONGOING, END_NO_PIECES, END_FEMALE_ALONE, END_NO_MOVE, END_REPETITION, END_NO_CAPTURE = 0, 1, 2, 3, 4, 5
# kinds of a step
PAIKA, APPROACH, WITHDRAWAL = 0, 1, 2
# par indices
P_N, P_FEMALE, P_TAMARINS, P_VELA, P_NOCAP, P_FIRST_SINGLE, P_ALONE, P_DECLINE, P_VELA_PAIKA, P_ENTRY = range(10)
P_ROTATE = 10         # + d: step[P, d] - P modulo 64, the same for every P (`bit_tables`)
P_FROM = 18           # + d: bit set of the points with a step in direction d
PAR_LEN = 26
VELA_PHASE2 = 17      # FV-A2
INITIAL_ENTRIES = 32


def num_actions(n: int) -> int:
    """Steps (n points x 8 directions x step/jump x 3 kinds), stop, pass, n placements."""
    return n * 48 + 2 + n


def encode(p: int, d: int, jump: int, kind: int) -> int:
    return ((p * 8 + d) * 2 + jump) * 3 + kind


def decode(a: int) -> tuple[int, int, int, int]:
    """(from point, direction, jump, kind) of a step action."""
    return a // 48, (a // 6) % 8, (a // 3) % 2, a % 3


def bit_tables(par: np.ndarray, step: np.ndarray) -> None:
    """Fills par's P_ROTATE and P_FROM: on the boards' row-by-row numbering a step in direction d
    adds the same number k to every point, so a bit set moves one step with a mask and a
    shift: a rotation by k modulo 64 (one instruction for either sign; the mask keeps the
    bits from wrapping round)."""
    n = step.shape[0]
    if n > 62:
        raise ValueError("bit sets of the points need at most 62 points")
    for d in range(8):
        shifts = {step[P, d] - P for P in range(n) if step[P, d] >= 0}
        if len(shifts) > 1:
            raise ValueError("the board's steps are not uniform shifts of the point numbers")
        par[P_ROTATE + d] = shifts.pop() % 64 if shifts else 1
        par[P_FROM + d] = sum(1 << P for P in range(n) if step[P, d] >= 0)


def new_state(n: int, entry: int) -> np.ndarray:
    s = np.zeros(BOARD + n + entry * INITIAL_ENTRIES, np.int32)
    s[CPOS] = -1
    s[LDIR] = -1
    return s


@njit(cache=True, forceinline=True, _nrt=False)
def is_enemy(c: int, p: int) -> bool:
    return c != EMPTY and ((c - 1) & 1) != p


@njit(cache=True, forceinline=True, _nrt=False)
def is_own(c: int, p: int) -> bool:
    return c != EMPTY and ((c - 1) & 1) == p


@njit(cache=True, forceinline=True, _nrt=False)
def vela1(s: np.ndarray, par: np.ndarray) -> bool:
    """Vela phase 1 (FV-A2)."""
    return par[P_VELA] != 0 and s[GCAPS] < VELA_PHASE2


@njit(cache=True, forceinline=True, _nrt=False)
def visited(s: np.ndarray, q: int) -> bool:
    if q < 32:
        return (s[VIS_LO] >> q) & 1 == 1
    return (s[VIS_HI] >> (q - 32)) & 1 == 1


@njit(cache=True, forceinline=True, _nrt=False)
def visit(s: np.ndarray, q: int) -> None:
    if q < 32:
        s[VIS_LO] |= np.int32(1 << q) if q != 31 else np.int32(-2147483648)
    else:
        s[VIS_HI] |= np.int32(1 << (q - 32))


@njit(cache=True, forceinline=True, _nrt=False)
def ahead(m: int, par: np.ndarray, d: int) -> int:
    """The points one step in direction d from the points of the bit set m. In the other
    direction it reads: the points whose step in direction d ^ 4 is in m."""
    x = np.uint64(m & par[P_FROM + d])
    r = np.uint64(par[P_ROTATE + d])
    return np.int64((x << r) | (x >> (np.uint64(64) - r)))


@njit(cache=True, forceinline=True, _nrt=False)
def bits(s: np.ndarray, at: int) -> int:
    """The bit set kept at s[at] (low 32 bits), s[at + 1] (high)."""
    return (np.int64(s[at]) & 0xFFFFFFFF) | (np.int64(s[at + 1]) << 32)


@njit(cache=True, forceinline=True, _nrt=False)
def flip(s: np.ndarray, q: int, c: int) -> None:
    """Flips point q in the bit sets of the piece c (PIECES, FEMALES)."""
    o = 2 * ((c - 1) & 1) + (q >> 5)
    bit = np.int32(np.int64(1) << (q & 31))         # bit 31 wraps to the sign bit
    s[PIECES + o] ^= bit
    if c >= 3:
        s[FEMALES + o] ^= bit


@njit(cache=True, forceinline=True, _nrt=False)
def put(s: np.ndarray, q: int, c: int) -> None:
    """Puts the piece c on the empty point q."""
    s[BOARD + q] = c
    flip(s, q, c)


@njit(cache=True, forceinline=True, _nrt=False)
def lift(s: np.ndarray, q: int) -> int:
    """Takes the piece off point q; returns it."""
    c = s[BOARD + q]
    s[BOARD + q] = EMPTY
    flip(s, q, c)
    return c


@njit(cache=True, forceinline=True, _nrt=False)
def sides(s: np.ndarray, par: np.ndarray, p: int) -> tuple[int, int, int, int]:
    """p's pieces, the enemy's, p's Female and the empty points, as bit sets."""
    own = bits(s, PIECES + 2 * p)
    enemy = bits(s, PIECES + 2 - 2 * p)
    every = (np.int64(1) << par[P_N]) - 1
    return own, enemy, bits(s, FEMALES + 2 * p), every & ~(own | enemy)


@njit(cache=True, forceinline=True, _nrt=False)
def step_kinds(own: int, enemy: int, empty: int, par: np.ndarray, d: int) -> tuple[int, int, int]:
    """The pieces of `own` with a step in direction d onto an empty point, and among them
    those for which it is an approach (FA-C1: an enemy next beyond the point) and those for
    which it is a withdrawal (FA-C2: an enemy next behind the piece); `kinds` per point."""
    back = d ^ 4
    steps = own & ahead(empty, par, back)
    approach = own & ahead(empty & ahead(enemy, par, back), par, back)
    withdrawal = steps & ahead(enemy, par, d)
    return steps, approach, withdrawal


@njit(cache=True, forceinline=True, _nrt=False)
def capturers(own: int, enemy: int, empty: int, par: np.ndarray) -> int:
    """The pieces of `own` with a capturing step (FA-C7, FV-B1); Female jumps not counted."""
    m = np.int64(0)
    for d in range(8):
        _, approach, withdrawal = step_kinds(own, enemy, empty, par, d)
        m |= approach | withdrawal
    return m


@njit(cache=True, forceinline=True, _nrt=False)
def movers(own: int, fem: int, empty: int, par: np.ndarray) -> int:
    """The pieces of `own` with a step onto an empty point, and the Females of `fem` with a
    jump over an own piece onto one (FF-B2)."""
    m = np.int64(0)
    for d in range(8):
        back = d ^ 4
        m |= own & ahead(empty, par, back) | fem & ahead(own & ahead(empty, par, back), par, back)
    return m


@njit(cache=True, _nrt=False)
def any_move(s: np.ndarray, spec, p: int) -> bool:
    """Whether p has a legal first action at the start of his turn (FA-E2, FV-B3)."""
    par = spec[0]
    own, enemy, fem, empty = sides(s, par, p)
    if vela1(s, par) and p == 0:
        return capturers(own, enemy, empty, par) != 0           # FV-B3
    paika_only = vela1(s, par) and par[P_VELA_PAIKA] != 0      # FV-R2
    for d in range(8):
        steps, approach, withdrawal = step_kinds(own, enemy, empty, par, d)
        if paika_only:
            steps &= ~(approach | withdrawal)
        # FF-B2: the Female jumps over an own piece onto an empty point
        jumps = fem & ahead(own & ahead(empty, par, d ^ 4), par, d ^ 4)
        if steps | jumps:
            return True             # a capture, or else a paika, is legal
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def captures_in_order(own: int, enemy: int, empty: int, par: np.ndarray, out: np.ndarray) -> int:
    """The capturing steps of the pieces of `own` (FA-C1, FA-C2; no Female jumps), in the
    order of `legal_start`, which is the order of the action numbers: written a direction
    at a time from the bit sets, then sorted (they are few)."""
    n = 0
    for d in range(8):
        _, approach, withdrawal = step_kinds(own, enemy, empty, par, d)
        for kind in range(APPROACH, WITHDRAWAL + 1):
            m = approach if kind == APPROACH else withdrawal
            while m:
                P = lowest_bit(m)
                m &= m - 1
                out[n] = ((P * 8 + d) * 2) * 3 + kind
                n += 1
    for i in range(1, n):
        a = out[i]
        j = i
        while j > 0 and out[j - 1] > a:
            out[j] = out[j - 1]
            j -= 1
        out[j] = a
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def steps_in_order(own: int, empty: int, par: np.ndarray, out: np.ndarray) -> int:
    """The steps of the pieces of `own` onto empty points (FA-C8: paika), in board order,
    then by direction; each written, then counted only if it is legal."""
    n = 0
    pieces = movers(own, 0, empty, par)
    while pieces:
        P = lowest_bit(pieces)
        pieces &= pieces - 1
        at = np.int64(1) << P
        for d in range(8):
            out[n] = ((P * 8 + d) * 2) * 3
            n += ahead(at, par, d) & empty != 0
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def legal_start(s: np.ndarray, spec, out: np.ndarray) -> int:
    """First actions of a turn: captures only if one exists (FA-C7), else paika (FA-C8);
    with +female everything (FF-C2), jumps included (FF-B2), in board order, then by
    direction. Without +female they come from `captures_in_order` or `steps_in_order`;
    with it each action of a piece is written, then counted only if it is legal."""
    par = spec[0]
    p = s[TO_MOVE]
    free = par[P_FEMALE] != 0
    decline = par[P_DECLINE] != 0
    own, enemy, fem, empty = sides(s, par, p)
    if not free:
        n = captures_in_order(own, enemy, empty, par, out)
        if n > 0 or vela1(s, par):
            return n                        # FA-C7; FV-B3: no paika for green in phase 1
        return steps_in_order(own, empty, par, out)                          # FA-C8
    capturing = capturers(own, enemy, empty, par)
    pieces = movers(own, fem, empty, par)   # FF-C2: every step and jump of every piece
    n = 0
    while pieces:                           # in board order
        P = lowest_bit(pieces)
        pieces &= pieces - 1
        at = np.int64(1) << P
        captures = (capturing >> P) & 1 != 0    # else none of its steps is a capture
        for d in range(8):                  # in order; ahead is empty where P has no step
            a = ((P * 8 + d) * 2) * 3
            to = ahead(at, par, d) & empty
            behind = ahead(at, par, d ^ 4) & enemy != 0
            approach = captures & (ahead(to, par, d) & enemy != 0)          # FA-C1
            withdrawal = captures & (to != 0) & behind                      # FA-C2
            out[n] = a + APPROACH
            n += approach
            out[n] = a + WITHDRAWAL
            n += withdrawal
            out[n] = a
            n += (to != 0) & (((approach | withdrawal) == 0) | decline)
            if (fem >> P) & 1:              # FF-B2: the Female jumps over an own piece
                to = ahead(ahead(at, par, d) & own, par, d) & empty
                approach = ahead(to, par, d) & enemy != 0
                withdrawal = (to != 0) & behind
                out[n] = a + 3 + APPROACH
                n += approach
                out[n] = a + 3 + WITHDRAWAL
                n += withdrawal
                out[n] = a + 3
                n += (to != 0) & (((approach | withdrawal) == 0) | decline)
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def green_witnesses(green: int, orange: int, empty: int, spec) -> tuple[int, int, int, int]:
    """Two of green's captures (FA-C1, FA-C2) as (landing point, lemur it takes), the second
    with another landing point and another lemur than the first; -1 where there is none."""
    par, step = spec[0], spec[1]
    L1 = T1 = -1
    for d in range(8):
        back = d ^ 4
        land = empty & ahead(green, par, d)
        approach = land & ahead(orange, par, back)              # the lemur one step on
        withdrawal = land & ahead(ahead(orange, par, d), par, d)    # two steps back
        for kind in range(2):
            m = approach if kind == 0 else withdrawal
            while m:
                L = lowest_bit(m)
                m &= m - 1
                T = step[L, d] if kind == 0 else step[step[L, back], back]
                if L1 < 0:
                    L1, T1 = L, T
                elif L != L1 and T != T1:
                    return L1, T1, L, T
    return L1, T1, -1, -1


@njit(cache=True, _nrt=False)
def leaves_capture(green: int, orange: int, empty: int, par: np.ndarray) -> bool:
    """Whether green has a capture on this board (not inlined: it is rarely called, and
    inlined it slowed the loop around it)."""
    return capturers(green, orange, empty, par) != 0


@njit(cache=True, forceinline=True, _nrt=False)
def legal_vela_orange(s: np.ndarray, spec, out: np.ndarray) -> int:
    """FV-B4/B5 (and FV-R2's `vela_orange=paika_only`): orange steps that leave green a
    capture, or all of them if none does. They capture nothing (kind none).

    An orange step P -> Q takes one of green's captures away only if Q is its landing point
    or P the lemur it takes: a step that takes neither of two `green_witnesses` leaves green
    a capture. Only the pieces with a step that could take both (`suspects`, few) have
    the board after each of their steps searched."""
    par = spec[0]
    paika_only = par[P_VELA_PAIKA] != 0
    orange, green, _, empty = sides(s, par, 1)
    L1, T1, L2, T2 = green_witnesses(green, orange, empty, spec)
    suspects = np.int64(0)
    for d in range(8):
        # the pieces whose step in direction d takes witness i away (all if there is none)
        takes1 = ahead(np.int64(1) << L1, par, d ^ 4) | np.int64(1) << T1 if L1 >= 0 else -1
        takes2 = ahead(np.int64(1) << L2, par, d ^ 4) | np.int64(1) << T2 if L2 >= 0 else -1
        suspects |= takes1 & takes2
    for keep_all in (False, True):
        n = 0
        pieces = movers(orange, 0, empty, par)
        while pieces:                       # in board order
            P = lowest_bit(pieces)
            pieces &= pieces - 1
            at = np.int64(1) << P
            suspect = (suspects >> P) & 1 != 0 and not keep_all
            for d in range(8):              # in order; ahead is empty where P has no step
                to = ahead(at, par, d) & empty
                legal = to != 0
                if paika_only:
                    legal &= (ahead(to, par, d) & green == 0) & (ahead(at, par, d ^ 4) & green == 0)
                if suspect & legal:
                    moved = at | to         # the board after the step
                    legal = leaves_capture(green, orange ^ moved, empty ^ moved, par)
                out[n] = ((P * 8 + d) * 2) * 3
                n += legal
        if n > 0:
            return n
    return 0


@njit(cache=True, forceinline=True, _nrt=False)
def continuations(s: np.ndarray, spec, out: np.ndarray, write: bool) -> int:
    """FA-D2..D4, FF-B4: capturing moves of the chain's piece, not in the direction just
    played, not landing on a visited point. Counts them, and writes them if `write` (each
    written, then counted only if it is legal)."""
    par = spec[0]
    P = s[CPOS]
    ld = s[LDIR]
    own, enemy, fem, empty = sides(s, par, s[TO_MOVE])
    free = empty & ~bits(s, VIS_LO)             # FA-D3
    at = np.int64(1) << P
    female = (fem >> P) & 1 != 0
    n = 0
    for d in range(8):
        a = ((P * 8 + d) * 2) * 3
        other = d != ld                         # FA-D2
        behind = ahead(at, par, d ^ 4) & enemy != 0
        to = ahead(at, par, d) & free
        approach = other & (ahead(to, par, d) & enemy != 0)
        withdrawal = other & (to != 0) & behind
        if write:
            out[n] = a + APPROACH
        n += approach
        if write:
            out[n] = a + WITHDRAWAL
        n += withdrawal
        if female:                              # FF-B4: the Female's jumps too
            to = ahead(ahead(at, par, d) & own, par, d) & free
            approach = other & (ahead(to, par, d) & enemy != 0)
            withdrawal = other & (to != 0) & behind
            if write:
                out[n] = a + 3 + APPROACH
            n += approach
            if write:
                out[n] = a + 3 + WITHDRAWAL
            n += withdrawal
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def placements_exist(s: np.ndarray, spec, p: int) -> bool:
    par, step, dirs = spec[0], spec[1], spec[3]
    for q in range(par[P_N]):
        if s[BOARD + q] == EMPTY:
            for k in range(1, dirs[q, 0] + 1):
                d = dirs[q, k]
                t = step[q, d]
                if t >= 0 and is_own(s[BOARD + t], p):
                    return True
    return False


@njit(cache=True, _nrt=False)
def legal(s: np.ndarray, spec, out: np.ndarray) -> int:
    if s[END] != ONGOING:
        return 0
    par = spec[0]
    n_steps = par[P_N] * 48
    sub = s[SUB]
    if sub == CHAIN:
        n = continuations(s, spec, out, True)
        out[n] = n_steps                    # stop (FA-D1)
        return n + 1
    if sub == DECIDE:                       # FM-B2: pass, or place next to an own piece
        p = s[TO_MOVE]
        step, dirs = spec[1], spec[3]
        out[0] = n_steps + 1
        n = 1
        for q in range(par[P_N]):
            if s[BOARD + q] == EMPTY:
                for k in range(1, dirs[q, 0] + 1):
                    d = dirs[q, k]
                    t = step[q, d]
                    if t >= 0 and is_own(s[BOARD + t], p):
                        out[n] = n_steps + 2 + q
                        n += 1
                        break
        return n
    if s[TO_MOVE] == 1 and vela1(s, par):
        return legal_vela_orange(s, spec, out)
    return legal_start(s, spec, out)


@njit(cache=True, forceinline=True, _nrt=False)
def end_game(s: np.ndarray, reason: int, winner: int) -> None:
    s[END] = reason
    s[WINNER] = winner


# SPREAD[m]: the 10 bits of m, bit j at bit 3 (9 - j): ten cells' codes packed, the first highest
SPREAD = np.array([sum(((m >> j) & 1) << (3 * (9 - j)) for j in range(10)) for m in range(1024)],
                  np.int64)


@njit(cache=True, _nrt=False)
def record_position(s: np.ndarray, spec) -> int:
    """FA-E4: adds the turn-start position to the record, ends the game at its third
    occurrence. Returns the array length the next entry needs (0 if there is room). The
    entry is packed from the header's bit sets, ten cells a table look-up (reading the n
    cells one by one was a third of `apply`'s time)."""
    par = spec[0]
    n_pts = par[P_N]
    entry = par[P_ENTRY]
    hist = BOARD + n_pts
    base = hist + entry * s[HLEN]
    # a cell's code is 1 (a piece) + 1 (orange's) + 2 (a Female), each term from a bit set
    pieces = bits(s, PIECES) | bits(s, PIECES + 2)
    orange = bits(s, PIECES + 2)
    females = bits(s, FEMALES) | bits(s, FEMALES + 2)
    for w in range(entry):
        at = 10 * w
        word = (SPREAD[(pieces >> at) & 1023] + SPREAD[(orange >> at) & 1023]
                + 2 * SPREAD[(females >> at) & 1023])
        word >>= 3 * max(0, at + 10 - n_pts)            # a last word of fewer cells
        if w == 0:
            word |= s[TO_MOVE] << 30
        s[base + w] = word
    if history.record(s, HLEN, SEEN, hist, entry) >= 3:
        end_game(s, END_REPETITION, -1)
        return 0
    return history.room(s, HLEN, hist, entry)


@njit(cache=True, _nrt=False)
def finish_turn(s: np.ndarray, spec) -> int:
    """End of a complete turn: counters, then FA-E6's checks (FA-E2, E4, E5)."""
    par = spec[0]
    p = s[TO_MOVE]
    s[SUB] = START
    s[CPOS] = -1
    s[LDIR] = -1
    s[VIS_LO] = 0
    s[VIS_HI] = 0
    s[TURNS] += 1
    if s[CAPT]:
        s[NOCAP] = 0
    else:
        s[NOCAP] += 1
    s[CAPT] = 0
    s[TO_MOVE] = 1 - p
    if not any_move(s, spec, 1 - p):
        end_game(s, END_NO_MOVE, p)                         # FA-E2
        return 0
    if s[IRREV]:
        s[HLEN] = 0
        s[IRREV] = 0
    need = record_position(s, spec)                         # FA-E4
    if s[END] == ONGOING and par[P_NOCAP] > 0 and s[NOCAP] >= par[P_NOCAP]:
        end_game(s, END_NO_CAPTURE, -1)                     # FA-E5
    return need


@njit(cache=True, forceinline=True, _nrt=False)
def end_turn(s: np.ndarray, spec) -> int:
    """The moves of the turn are over: FM-B1's decision if it is offered, else the end."""
    par = spec[0]
    p = s[TO_MOVE]
    s[SUB] = START
    s[CPOS] = -1
    if (par[P_TAMARINS] != 0 and s[TAM + p] > 0 and s[POOL + p] > 0
            and placements_exist(s, spec, p)):
        s[SUB] = DECIDE
        return 0
    return finish_turn(s, spec)


@njit(cache=True, _nrt=False)
def apply(s: np.ndarray, spec, action: int) -> int:
    par, step, jump = spec[0], spec[1], spec[2]
    n_steps = par[P_N] * 48
    p = s[TO_MOVE]
    if action >= n_steps:
        if action == n_steps:                               # stop
            return end_turn(s, spec)
        if action > n_steps + 1:                            # FM-B2 placement
            put(s, action - n_steps - 2, 1 + p)
            s[COUNT + p] += 1
            s[POOL + p] -= 1
            s[TAM + p] -= 1
            s[IRREV] = 1
        return finish_turn(s, spec)
    P = action // 48
    d = (action // 6) % 8
    j = (action // 3) % 2
    kind = action % 3
    Q = jump[P, d] if j else step[P, d]
    put(s, Q, lift(s, P))
    if kind == PAIKA:
        return end_turn(s, spec)
    # FA-C3/C4: remove the captured line now
    if kind == APPROACH:
        t = step[Q, d]
        dd = d
    else:
        t = step[P, d ^ 4]
        dd = d ^ 4
    single = vela1(s, par)                                  # FV-B1: nearest lemur only
    q = 1 - p
    k = 0
    while t >= 0:
        x = s[BOARD + t]
        if not is_enemy(x, p):
            break
        if x >= 3:
            if k > 0:
                break                                       # FF-C1: protected behind the first
            s[FEM + q] = 0
        else:
            s[POOL + q] += 1
        lift(s, t)
        s[COUNT + q] -= 1
        k += 1
        if single or (x >= 3 and par[P_ALONE] != 0):
            break
        t = step[t, dd]
    s[CAPT] = 1
    s[IRREV] = 1
    if single:
        s[GCAPS] += k
    if s[COUNT + q] == 0:
        end_game(s, END_NO_PIECES, p)                       # FA-E1
        return 0
    if s[COUNT + q] == 1 and s[FEM + q] != 0:
        end_game(s, END_FEMALE_ALONE, p)                    # FF-D1
        return 0
    if single or (par[P_FIRST_SINGLE] != 0 and s[TURNS] == 0):
        return end_turn(s, spec)                            # FV-B2, FA-F3
    if s[SUB] == START:
        s[VIS_LO] = 0
        s[VIS_HI] = 0
        visit(s, P)
    visit(s, Q)
    s[CPOS] = Q
    s[LDIR] = d
    if continuations(s, spec, s, False) > 0:
        s[SUB] = CHAIN
        return 0
    return end_turn(s, spec)                                # FA-D5


@njit(cache=True, _nrt=False)
def settle(s: np.ndarray, spec) -> int:
    """Makes a set-up position consistent: counts, then the end checks of FA-E6 for the
    player to move, and the first repetition entry."""
    par = spec[0]
    s[COUNT] = s[COUNT + 1] = s[FEM] = s[FEM + 1] = 0
    s[PIECES:BOARD] = 0
    for i in range(par[P_N]):
        c = s[BOARD + i]
        if c != EMPTY:
            flip(s, i, c)
            o = (c - 1) & 1
            s[COUNT + o] += 1
            if c >= 3:
                s[FEM + o] = 1
    s[END] = ONGOING
    s[HLEN] = 0
    for o in range(2):
        if s[COUNT + o] == 0 or (s[COUNT + o] == 1 and s[FEM + o] != 0):
            end_game(s, END_NO_PIECES if s[COUNT + o] == 0 else END_FEMALE_ALONE, 1 - o)
            return 0
    if s[SUB] == START:
        if not any_move(s, spec, s[TO_MOVE]):
            end_game(s, END_NO_MOVE, 1 - s[TO_MOVE])
            return 0
        return record_position(s, spec)
    return 0


@njit(cache=True, _nrt=False)
def to_move(s: np.ndarray, spec) -> int:
    return TERMINAL if s[END] != ONGOING else s[TO_MOVE]


@njit(cache=True, _nrt=False)
def returns(s: np.ndarray, spec, out: np.ndarray) -> None:
    out[0] = out[1] = 0.0
    w = s[WINNER]
    if s[END] != ONGOING and w >= 0:
        out[w] = 1.0
        out[1 - w] = -1.0


@njit(cache=True, _nrt=False)
def observe(s: np.ndarray, spec: tuple, player: int, out: np.ndarray) -> None:  # type: ignore[type-arg]
    """The observation tensor (6 n + 9 floats) from ``player``'s side: planes over the
    points of his lemurs, his Female, enemy lemurs, enemy Female, the chain's lemur, visited
    points; then: chain under way, decision pending, tamarins in hand / 2 (his first), lemurs
    lost / 22 (his first), Vela's green captures / 17, the no-capture counter over its limit,
    1 if he is to move. The planes are written from the header's bit sets, a piece at a time
    (reading the n cells was most of the observation's time)."""
    par = spec[0]
    n, p = par[P_N], player
    out[:] = 0.0
    own, enemy = bits(s, PIECES + 2 * p), bits(s, PIECES + 2 - 2 * p)
    own_female, enemy_female = bits(s, FEMALES + 2 * p), bits(s, FEMALES + 2 - 2 * p)
    plane_bits(own & ~own_female, out, 0)
    plane_bits(own_female, out, n)
    plane_bits(enemy & ~enemy_female, out, 2 * n)
    plane_bits(enemy_female, out, 3 * n)
    if s[SUB] == CHAIN:
        out[4 * n + s[CPOS]] = 1.0
        plane_bits(bits(s, VIS_LO), out, 5 * n)
    b = 6 * n
    out[b] = s[SUB] == CHAIN
    out[b + 1] = s[SUB] == DECIDE
    out[b + 2] = s[TAM + p] / 2
    out[b + 3] = s[TAM + 1 - p] / 2
    out[b + 4] = s[POOL + p] / 22
    out[b + 5] = s[POOL + 1 - p] / 22
    out[b + 6] = s[GCAPS] / 17
    if par[P_NOCAP]:
        out[b + 7] = min(s[NOCAP] / par[P_NOCAP], 1.0)
    out[b + 8] = s[TO_MOVE] == p


@njit(cache=True, forceinline=True, _nrt=False)
def plane_bits(m: int, out: np.ndarray, at: int) -> None:
    """1 at out[at + q] for each point q of the bit set m."""
    while m:
        out[at + lowest_bit(m)] = 1.0
        m &= m - 1
