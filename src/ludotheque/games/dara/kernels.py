"""Dara, Dala, heroes and Shaman's huts (rules/dara.md: DA, DL, DH, DS) as numba kernels.

State layout (int32): the cells (y * W + x, room for Dala's 36), the hands, the lost counts,
the player to move, the pending removal with the row/column of the line that earned it, the
no-capture counter, the end, bit sets of cells kept beside the cells (each side's cells, hut
included; the heroes'; the huts'; 2 words each, see `bitset`; every board write flips the cell
in them too: `put`, `lift`), the `fours` of the player to move (worked out once at the turn's
start, for the "can he act" check and then for the legal search), then the repetition record
(DA-F2): the turn-start positions met since the last irreversible action (placement, hut
placement, removal), each packed exactly into ENTRY words from the bit sets (`record_position`).
Hands and huts never change inside one record, so each side's cells, the heroes' cells and the
player to move are the position.

Speed: the moves, placements, captures, lines of exactly 3 (a run of 3+ not in a run of 4+,
`in_runs`) and the repetition entry are a few shifts and ands on the kept bit sets, where
they were walks over the cells at every turn (the sets were rebuilt from the cells, the entry
packed cell by cell, lines measured by walking rows and columns). The kernels allocate
nothing, so they are compiled without numba's reference counting (``_nrt=False``, as
Konane's and Fanorona's). Together, against 436da5a: 1.5x (Dara) and 2.3x (Dala) the random
playouts a CPU second, 3.3x and 2.2x the alpha-beta nodes (the evaluation reads the same sets).
The observation's planes are vector stores from the same sets (`put_plane`), and `apply` ends
the turn in one place, where the turn's start (`start_turn`, `can_act`) is inlined.

Cell values: 0 empty, 1 Lion, 2 Elephant, 3 Proud Lion, 4 Matriarch, 5 Lions' hut, 6
Elephants' hut: odd values are player 0's, `(v - 1) >> 1` is the kind (piece, hero, hut).

Actions (N cells): place c, place hero N + c, place hut 2N + c, remove 3N + c, step
4N + 4c + d, hero jump 8N + 4c + d; directions d = right, up, left, down.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core import history
from ...core.bits import lowest_bit, put_bits
from ...core.kernels import TERMINAL

BOARD = 0
HAND = 36           # + p: normal pieces in hand
HERO = 38           # + p: 1 while the hero is in hand
HUT = 40            # + p: 1 while the hut is in hand
LOST = 42           # + p: pieces lost (captured by the opponent)
TO_MOVE = 44
PEND = 45           # 1: the player to move must now remove an enemy piece (DA-D7)
PROW = 46           # row of the horizontal line that earned it, or -1 (capture=line)
PCOL = 47           # column of the vertical line, or -1
NOCAP = 48          # movement-phase turns since the last removal (DA-F3)
END = 49
WINNER = 50         # 0, 1, or -1 for a draw
TURNS = 51          # complete turns played
SETS = 52           # + 2p: bit set of p's cells (hut included), 2 words each (``bitset``)
HEROES = 56         # bit set of the heroes' cells (both sides)
HUTS = 58           # bit set of the huts' cells
FOURS = 60          # `fours` of the player to move, worked out at the turn's start (0 while a
                    # removal is due)
HLEN = 62           # entries in the repetition record
SEEN = 64           # 2 words: the record's filter (core.history)
HIST = 66
ENTRY = 3
INITIAL_ENTRIES = 32

EMPTY, LION, ELEPHANT, PROUD_LION, MATRIARCH, HUT0, HUT1 = 0, 1, 2, 3, 4, 5, 6
ONGOING, END_CAPTURES, END_TRAPPED, END_NO_PLACEMENT, END_REPETITION, END_NO_CAPTURE = 0, 1, 2, 3, 4, 5

W = 6               # both boards are 6 cells wide (a constant divisor is cheap)
# spec fields, then tables: the neighbour of cell c in direction d at S_NB + 4c + d (-1 off the
# board)
S_W, S_H, S_N, S_DALA, S_ANYWHERE, S_HEROES, S_HUT, S_HUT_CAPTURE, S_NO_CAPTURE = range(9)
S_ROW3, S_COL3, S_COL0 = 10, 11, 12   # where a run of 3 starts in a row, in a column; column a
S_ROW4, S_COL4 = 13, 14                # where a window of 4 starts in a row, in a column
S_NB = 16
S_FROM = S_NB + 4 * 36  # + d: bit set of the cells that have a neighbour in direction d
S_CWIN = S_FROM + 4     # + 6c + k: the windows of 4 through cell c (0 past the last)

DX = np.array([1, 0, -1, 0], np.int64)
DY = np.array([0, 1, 0, -1], np.int64)


def make_spec(dala: bool, anywhere: bool, heroes: bool, hut: bool, hut_capture: bool,
              no_capture_draw: int) -> np.ndarray:
    w, h = W, (6 if dala else 5)
    spec = np.zeros(S_CWIN + 6 * 36, np.int64)
    spec[:S_NO_CAPTURE + 1] = [w, h, w * h, dala, anywhere or dala, heroes, hut, hut_capture, no_capture_draw]
    for c in range(w * h):
        x, y = c % w, c // w
        for d in range(4):
            nx, ny = x + DX[d], y + DY[d]
            spec[S_NB + 4 * c + d] = ny * w + nx if 0 <= nx < w and 0 <= ny < h else -1
            if 0 <= nx < w and 0 <= ny < h:
                spec[S_FROM + d] |= 1 << c
    windows = [sum(1 << (y * w + x + i) for i in range(4)) for y in range(h) for x in range(w - 3)]
    windows += [sum(1 << ((y + i) * w + x) for i in range(4)) for x in range(w) for y in range(h - 3)]
    spec[S_ROW3] = sum(1 << (y * w + x) for y in range(h) for x in range(w - 2))
    spec[S_COL3] = sum(1 << (y * w + x) for y in range(h - 2) for x in range(w))
    spec[S_COL0] = sum(1 << (y * w) for y in range(h))
    spec[S_ROW4] = sum(1 << (y * w + x) for y in range(h) for x in range(w - 3))
    spec[S_COL4] = sum(1 << (y * w + x) for y in range(h - 3) for x in range(w))
    for c in range(w * h):
        through = [m for m in windows if (m >> c) & 1]
        spec[S_CWIN + 6 * c:S_CWIN + 6 * c + len(through)] = through
    return spec


def new_state(spec: np.ndarray, cells: np.ndarray, hands: tuple[int, int], heroes: tuple[int, int],
              huts: tuple[int, int], lost: tuple[int, int], to_move: int) -> np.ndarray:
    """A turn-start state; the position is the first repetition entry, and a player who
    starts without an action (or a 10th loss) ends the game at once (DA-E4)."""
    s = np.zeros(HIST + ENTRY * INITIAL_ENTRIES, np.int32)
    s[BOARD:BOARD + len(cells)] = cells
    s[HAND], s[HAND + 1] = hands
    s[HERO], s[HERO + 1] = heroes
    s[HUT], s[HUT + 1] = huts
    s[LOST], s[LOST + 1] = lost
    s[TO_MOVE] = to_move
    s[PROW] = s[PCOL] = -1
    count_sets(s, spec)
    start_turn(s, spec)
    return s


# -- runs and lines (DA-D1) ----------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def own(v: int, p: int) -> bool:
    return v != EMPTY and (v & 1) == 1 - p


@njit(cache=True, forceinline=True, _nrt=False)
def neighbour(spec: np.ndarray, c: int, d: int) -> int:
    return spec[S_NB + 4 * c + d]


@njit(cache=True, forceinline=True, _nrt=False)
def bitset(s: np.ndarray, i: int) -> int:
    """The bit set kept at s[i] (cells 0-30) and s[i + 1] (cells 31-35)."""
    return np.int64(s[i]) | (np.int64(s[i + 1]) << 31)


@njit(cache=True, forceinline=True, _nrt=False)
def keep(s: np.ndarray, i: int, m: int) -> None:
    s[i] = m & 0x7FFFFFFF
    s[i + 1] = m >> 31


@njit(cache=True, forceinline=True, _nrt=False)
def boards(s: np.ndarray, p: int) -> tuple[int, int, int, int]:
    """Bit sets of the occupied cells, of p's cells (hut included), of p's pieces that move
    (no hut, DS-A3) and of p's hero, from the sets the state keeps."""
    mine_ = bitset(s, SETS + 2 * p)
    occ = mine_ | bitset(s, SETS + 2 - 2 * p)
    return occ, mine_, mine_ & ~bitset(s, HUTS), mine_ & bitset(s, HEROES)


@njit(cache=True, forceinline=True, _nrt=False)
def flip(s: np.ndarray, i: int, c: int) -> None:
    """Toggles cell c in the bit set kept at s[i], s[i + 1]."""
    if c < 31:
        s[i] ^= np.int32(1 << c)
    else:
        s[i + 1] ^= np.int32(1 << (c - 31))


@njit(cache=True, forceinline=True, _nrt=False)
def flip_cell(s: np.ndarray, c: int, v: int) -> None:
    """Toggles cell c in the sets that a piece v belongs to."""
    flip(s, SETS + 2 * ((v - 1) & 1), c)
    if v >= HUT0:
        flip(s, HUTS, c)
    elif v >= PROUD_LION:
        flip(s, HEROES, c)


@njit(cache=True, forceinline=True, _nrt=False)
def put(s: np.ndarray, c: int, v: int) -> None:
    """Puts piece v on the empty cell c, in the cells and in the kept sets."""
    s[c] = v
    flip_cell(s, c, v)


@njit(cache=True, forceinline=True, _nrt=False)
def lift(s: np.ndarray, c: int) -> int:
    """Takes the piece off cell c, in the cells and in the kept sets; returns it."""
    v = s[c]
    flip_cell(s, c, v)
    s[c] = EMPTY
    return v


@njit(cache=True, _nrt=False)
def count_sets(s: np.ndarray, spec: np.ndarray) -> None:
    """The kept sets of a state built from its cells (`new_state`)."""
    for i in range(SETS, FOURS):
        s[i] = 0
    for c in range(spec[S_N]):
        if s[c] != EMPTY:
            flip_cell(s, c, s[c])


@njit(cache=True, forceinline=True, _nrt=False)
def kept_sets(s: np.ndarray) -> tuple[int, int, int, int, int]:
    """The sets of the player to move that both the DA-E2 check (`can_act`) and the legal
    search (`legal`) start from: the occupied cells, his cells (hut included), his pieces that
    move, his hero, and `fours` of his cells."""
    occ, mine_, movers, hero = boards(s, s[TO_MOVE])
    return occ, mine_, movers, hero, bitset(s, FOURS)


@njit(cache=True, forceinline=True, _nrt=False)
def one_short(b: int, starts: int, k: int) -> int:
    """The cells that complete the windows of 4 (cells i, i + k, i + 2k, i + 3k from each
    start i) in which b holds exactly 3."""
    b0, b1, b2, b3 = b & starts, (b >> k) & starts, (b >> (2 * k)) & starts, (b >> (3 * k)) & starts
    return ((starts & ~b0 & b1 & b2 & b3) | ((b0 & ~b1 & b2 & b3) << k)
            | ((b0 & b1 & ~b2 & b3) << (2 * k)) | ((b0 & b1 & b2 & ~b3) << (3 * k)))


@njit(cache=True, forceinline=True, _nrt=False)
def fours(spec: np.ndarray, b: int) -> int:
    """Bit set of the cells where one more piece would complete a window of 4 of the pieces
    b (a run of 4+): a fast filter before the exact checks of Dara's no-four rule. On whole
    rows and columns by shifts."""
    if spec[S_DALA]:
        return 0
    return one_short(b, spec[S_ROW4], 1) | one_short(b, spec[S_COL4], W)


@njit(cache=True, forceinline=True, _nrt=False)
def steps(spec: np.ndarray, movers: int, empty: int, d: int) -> int:
    """Bit set of the empty cells that a piece of movers reaches by a step in direction d."""
    m = movers & spec[S_FROM + d]
    if d == 0:
        return (m << 1) & empty
    if d == 1:
        return (m << W) & empty
    if d == 2:
        return (m >> 1) & empty
    return (m >> W) & empty


@njit(cache=True, forceinline=True, _nrt=False)
def move_ok(spec: np.ndarray, f: int, mine_: int, c: int, t: int) -> bool:
    """DA-C2: the piece from c on t makes no run of 4+ (f from `fours` before the move, mine_
    the mover's cells): no window of 4 through t is full once c is left for t."""
    if (f >> t) & 1 == 0:
        return True
    after = (mine_ & ~(np.int64(1) << c)) | (np.int64(1) << t)
    for k in range(S_CWIN + 6 * t, S_CWIN + 6 * t + 6):
        m = spec[k]
        if m == 0:
            return True
        if m & after == m:
            return False
    return True


@njit(cache=True, forceinline=True, _nrt=False)
def jump_target(s: np.ndarray, spec: np.ndarray, c: int, d: int) -> int:
    """DH-B1: the landing cell of a hero jump from c in direction d over one piece of either
    side (never a hut), or -1."""
    m = neighbour(spec, c, d)
    if m < 0 or s[m] == EMPTY or s[m] >= HUT0:
        return -1
    t = neighbour(spec, m, d)
    if t < 0 or s[t] != EMPTY:
        return -1
    return t


@njit(cache=True, forceinline=True, _nrt=False)
def hut_allowed(s: np.ndarray, spec: np.ndarray, p: int) -> bool:
    """DS-A2/DS-A7: movement phase, at least 3 pieces lost, hut still in hand."""
    return spec[S_HUT] != 0 and s[HUT + p] == 1 and s[LOST + p] >= 3


@njit(cache=True, forceinline=True, _nrt=False)
def placing(s: np.ndarray, p: int) -> bool:
    """DA-A2: the placement phase lasts while the player to move has pieces in hand."""
    return s[HAND + p] + s[HERO + p] > 0


CENTRE = (1 << 14) | (1 << 15) | (1 << 20) | (1 << 21)        # Dala's c3 d3 c4 d4


@njit(cache=True, forceinline=True, _nrt=False)
def placements(s: np.ndarray, spec: np.ndarray, occ: int, f: int) -> int:
    """DA-B1/DA-B2/DL-B1: bit set of the empty cells where the player to move may place: no
    run of 4 (f is exact here: nothing leaves), the centre for Dala's first 4 placements."""
    free = (spec[S_FROM] | spec[S_FROM + 2]) & ~occ & ~f
    if spec[S_DALA] and s[HAND] + s[HAND + 1] + s[HERO] + s[HERO + 1] > 20:
        free &= CENTRE
    return free


# -- captures (DA-D4..DA-D7, DL-D1, DH-C1) --------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def takeable(s: np.ndarray, spec: np.ndarray, p: int) -> int:
    """Bit set of the enemy pieces that p may take wherever his line is (hero rule aside):
    never a hut (DA-D1), anything in Dala (DL-D1), else only outside enemy lines (DA-D4)."""
    _occ, theirs, pieces, _hero = boards(s, 1 - p)
    if spec[S_DALA]:
        return pieces
    return pieces & ~in_lines(spec, theirs)


@njit(cache=True, forceinline=True, _nrt=False)
def in_reach(spec: np.ndarray, c: int, row: int, col: int) -> bool:
    """DA-D5: with capture=line, only the row of a horizontal line (row, or -1) and the column
    of a vertical one (col, or -1); DA-D6/DL-D1: anywhere."""
    return spec[S_ANYWHERE] != 0 or c // W == row or c % W == col


@njit(cache=True, forceinline=True, _nrt=False)
def in_runs(b: int, starts: int, k: int, length: int) -> int:
    """Bit set of the cells of b in a run of `length` or more cells i, i + k, ... (starts: the
    cells where a window of `length` fits)."""
    first = b & starts
    for i in range(1, length):
        first &= b >> (i * k)
    cells = first
    for i in range(1, length):
        cells |= first << (i * k)
    return cells


@njit(cache=True, forceinline=True, _nrt=False)
def in_lines(spec: np.ndarray, b: int) -> int:
    """Bit set of the cells of b in a run of 3+ along a row or a column (DA-D4's lines)."""
    return in_runs(b, spec[S_ROW3], 1, 3) | in_runs(b, spec[S_COL3], W, 3)


@njit(cache=True, _nrt=False)
def removals(s: np.ndarray, spec: np.ndarray, p: int, out: np.ndarray, write: bool) -> int:
    """The capturable cells as remove actions in out (when write); their number. DH-C1: the
    enemy hero only when nothing else is capturable."""
    n3 = 3 * spec[S_N]
    cand = takeable(s, spec, p)                                # DA-D1, DA-D4, DL-D1
    if not spec[S_ANYWHERE]:                                   # DA-D5
        reach = np.int64(0)
        if s[PROW] >= 0:
            reach |= np.int64((1 << W) - 1) << (W * s[PROW])
        if s[PCOL] >= 0:
            reach |= spec[S_COL0] << s[PCOL]
        cand &= reach
    rest = cand & ~bitset(s, HEROES)
    if rest == 0:
        rest = cand                                            # DH-C1: the hero, or nothing
    n = 0
    while rest:
        if write:
            out[n] = n3 + lowest_bit(rest)
        rest &= rest - 1
        n += 1
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def line_dirs(s: np.ndarray, spec: np.ndarray, c: int, p: int, skip: int) -> int:
    """DA-D2/DL-B3: p's piece on c (skip, the piece's origin, as empty) is in a run of exactly
    3 along its row (bit 1) and/or its column (bit 2): in a run of 3+, not of 4+."""
    b = bitset(s, SETS + 2 * p) | (np.int64(1) << c)
    if skip >= 0:
        b &= ~(np.int64(1) << skip)
    row = in_runs(b, spec[S_ROW3], 1, 3) & ~in_runs(b, spec[S_ROW4], 1, 4)
    col = in_runs(b, spec[S_COL3], W, 3) & ~in_runs(b, spec[S_COL4], W, 4)
    return int((row >> c) & 1) | (int((col >> c) & 1) << 1)


@njit(cache=True, forceinline=True, _nrt=False)
def mark_lines(s: np.ndarray, spec: np.ndarray, c: int, p: int) -> bool:
    """DA-D2/DL-B3/DS-A5: p's piece on c is in a run of exactly 3; notes the row/column."""
    m = line_dirs(s, spec, c, p, -1)
    if m & 1:
        s[PROW] = c // W
    if m & 2:
        s[PCOL] = c % W
    return m != 0


# -- legal actions --------------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def legal(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> int:
    if s[END] != ONGOING:
        return 0
    p = s[TO_MOVE]
    N = spec[S_N]
    if s[PEND]:
        return removals(s, spec, p, out, True)
    occ, mine_, movers, hero, f = kept_sets(s)                 # from the turn's start
    n = 0
    if placing(s, p):
        free = placements(s, spec, occ, f)
        while free:
            c = lowest_bit(free)
            free &= free - 1
            if s[HAND + p] > 0:
                out[n] = c
                n += 1
            if s[HERO + p] > 0:                                # DH-A2
                out[n] = N + c
                n += 1
        return n
    empty = (spec[S_FROM] | spec[S_FROM + 2]) & ~occ          # every cell has a row neighbour
    for d in range(4):                                         # DA-C1
        dest = steps(spec, movers, empty, d)
        back = 1 if d == 0 else W if d == 1 else -1 if d == 2 else -W
        while dest:
            t = lowest_bit(dest)
            dest &= dest - 1
            c = t - back
            if move_ok(spec, f, mine_, c, t):
                out[n] = 4 * N + 4 * c + d
                n += 1
    if hero:                                                   # DH-B1
        c = lowest_bit(hero)
        for d in range(4):
            t = jump_target(s, spec, c, d)
            if t >= 0 and move_ok(spec, f, mine_, c, t):
                out[n] = 8 * N + 4 * c + d
                n += 1
    if hut_allowed(s, spec, p):                                # DS-A2, DS-A4
        free = empty & ~f
        while free:
            out[n] = 2 * N + lowest_bit(free)
            free &= free - 1
            n += 1
    return n


@njit(cache=True, forceinline=True, _nrt=False)
def can_act(s: np.ndarray, spec: np.ndarray) -> bool:
    """Whether the player to move has a legal action (DA-E2, DA-B4, DS-A6); stops at the first.
    Reads the kept sets (`kept_sets`)."""
    p = s[TO_MOVE]
    N = spec[S_N]
    occ, mine_, movers, hero, f = kept_sets(s)
    if placing(s, p):
        return placements(s, spec, occ, f) != 0
    empty = (spec[S_FROM] | spec[S_FROM + 2]) & ~occ
    for d in range(4):
        dest = steps(spec, movers, empty, d)
        back = 1 if d == 0 else W if d == 1 else -1 if d == 2 else -W
        while dest:
            t = lowest_bit(dest)
            dest &= dest - 1
            if move_ok(spec, f, mine_, t - back, t):
                return True
    if hero:
        c = lowest_bit(hero)
        for d in range(4):
            t = jump_target(s, spec, c, d)
            if t >= 0 and move_ok(spec, f, mine_, c, t):
                return True
    return hut_allowed(s, spec, p) and empty & ~f != 0


# -- playing an action ---------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def apply(s: np.ndarray, spec: np.ndarray, action: int) -> int:
    N = spec[S_N]
    if action >= 3 * N and action < 4 * N:                     # DA-D7/DA-D8: the removal
        lift(s, action - 3 * N)
        s[LOST + 1 - s[TO_MOVE]] += 1
        s[PEND] = 0
        s[PROW] = s[PCOL] = -1
        s[NOCAP] = 0
        s[HLEN] = 0                                            # irreversible
    elif not place_or_move(s, spec, action):
        return 0                                               # a removal is due
    return end_turn(s, spec)                                   # (its one place: inlined)


@njit(cache=True, forceinline=True, _nrt=False)
def place_or_move(s: np.ndarray, spec: np.ndarray, action: int) -> bool:
    """A placement, a step or a hero jump; returns False if it is followed by a removal."""
    N = spec[S_N]
    p = s[TO_MOVE]
    s[PROW] = s[PCOL] = -1
    formed = False
    if action < 3 * N:                                         # placements
        c = action % N
        kind = action // N
        s[HLEN] = 0                                            # irreversible
        if kind == 0:
            s[HAND + p] -= 1
            put(s, c, LION + p)
            formed = spec[S_DALA] != 0 and mark_lines(s, spec, c, p)   # DA-B3, DL-B3
        elif kind == 1:
            s[HERO + p] = 0
            put(s, c, PROUD_LION + p)
            formed = spec[S_DALA] != 0 and mark_lines(s, spec, c, p)
        else:
            s[HUT + p] = 0
            put(s, c, HUT0 + p)
            s[NOCAP] += 1                                      # a movement-phase turn
            formed = spec[S_HUT_CAPTURE] != 0 and mark_lines(s, spec, c, p)  # DS-A5
    else:                                                      # a step or a hero jump
        k = action - 4 * N
        jump = k >= 4 * N
        if jump:
            k -= 4 * N
        c, d = k // 4, k % 4
        t = neighbour(spec, c, d)
        if jump:
            t = neighbour(spec, t, d)
        b = bitset(s, SETS + 2 * p)
        long_row = spec[S_DALA] != 0 and (in_runs(b, spec[S_ROW4], 1, 4) >> c) & 1 != 0
        long_col = spec[S_DALA] != 0 and (in_runs(b, spec[S_COL4], W, 4) >> c) & 1 != 0
        put(s, t, lift(s, c))
        s[NOCAP] += 1
        formed = mark_lines(s, spec, t, p)                     # DA-D2, DL-C1(a), DH-B3
        for d2 in range(4):                                    # DL-C1(b): a line of 4+ broken
            if (long_row and d2 % 2 == 0) or (long_col and d2 % 2 == 1):
                m = neighbour(spec, c, d2)
                if m >= 0 and m != t and own(s[m], p) and line_dirs(s, spec, m, p, -1) & (1 + d2 % 2):
                    formed = True
    if formed and removals(s, spec, p, s, False) > 0:         # DA-D3, DA-D7: one removal
        s[PEND] = 1
        keep(s, FOURS, 0)                                      # the turn's fours are spent
        return False
    return True


@njit(cache=True, forceinline=True, _nrt=False)
def end_turn(s: np.ndarray, spec: np.ndarray) -> int:
    s[TO_MOVE] = 1 - s[TO_MOVE]
    s[TURNS] += 1
    return start_turn(s, spec)


@njit(cache=True, forceinline=True, _nrt=False)
def start_turn(s: np.ndarray, spec: np.ndarray) -> int:
    """DA-E4, in order: 10 captures, the player to move cannot act, repetition, no-capture
    limit. Returns the array length the next record entry needs (0 if it fits)."""
    p = s[TO_MOVE]
    keep(s, FOURS, fours(spec, bitset(s, SETS + 2 * p)))
    if s[LOST + p] >= 10:                                      # DA-E1
        s[END], s[WINNER] = END_CAPTURES, 1 - p
        return 0
    if not can_act(s, spec):                                   # DA-E2, DA-B4
        s[END] = END_NO_PLACEMENT if placing(s, p) else END_TRAPPED
        s[WINNER] = 1 - p
        return 0
    if record_position(s, spec) >= 3:                          # DA-F2
        s[END], s[WINNER] = END_REPETITION, -1
        return 0
    if spec[S_NO_CAPTURE] > 0 and s[NOCAP] >= spec[S_NO_CAPTURE]:   # DA-F3
        s[END], s[WINNER] = END_NO_CAPTURE, -1
        return 0
    return history.room(s, HLEN, HIST, ENTRY)


@njit(cache=True, forceinline=True, _nrt=False)
def record_position(s: np.ndarray, spec: np.ndarray) -> int:
    """Adds the turn-start position to the record; returns how often it has occurred. Inside
    one record the hands and the huts never change, so the position is each side's cells,
    the heroes' cells and the player to move, packed exactly from the kept sets: cells 0-30
    of each side in words 0 and 1; in word 2 cells 31-35 of each side (bits 0-9), the player
    to move (bit 10) and the heroes' cells + 1 (bits 11-16, 17-22; 0 for none)."""
    mine0, mine1, heroes = bitset(s, SETS), bitset(s, SETS + 2), bitset(s, HEROES)
    base = HIST + ENTRY * s[HLEN]
    s[base] = mine0 & 0x7FFFFFFF
    s[base + 1] = mine1 & 0x7FFFFFFF
    word = (mine0 >> 31) | ((mine1 >> 31) << 5) | (np.int64(s[TO_MOVE]) << 10)
    if heroes:
        word |= (lowest_bit(heroes) + 1) << 11
        heroes &= heroes - 1
        if heroes:
            word |= (lowest_bit(heroes) + 1) << 17
    s[base + 2] = word
    return history.record(s, HLEN, SEEN, HIST, ENTRY)


@njit(cache=True, forceinline=True, _nrt=False)
def to_move(s: np.ndarray, spec: np.ndarray) -> int:
    return TERMINAL if s[END] != ONGOING else s[TO_MOVE]


@njit(cache=True, forceinline=True, _nrt=False)
def returns(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> None:
    out[0] = out[1] = 0.0
    if s[END] != ONGOING and s[WINNER] >= 0:
        out[s[WINNER]] = 1.0
        out[1 - s[WINNER]] = -1.0


@njit(cache=True, forceinline=True, _nrt=False)
def put_plane(out: np.ndarray, at: int, bits: int, n: int) -> None:
    """out[at + c] = bit c of ``bits``, c < n (n <= 64); a plane of fewer than 32 cells writes
    floats past its end too, which the next plane, or the tail, writes over."""
    put_bits(out, at, bits)
    if n > 32:
        put_bits(out, at + n - 32, bits >> (n - 32))


@njit(cache=True, _nrt=False)
def observe(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    """The observation tensor (6 n + 13 floats) from ``player``'s side: six planes of cells
    (his piece, enemy piece, his hero, enemy hero, his hut, enemy hut), then: 1 if he is to
    move, removal due, pieces in hand / 12 (his first), heroes in hand, huts in hand, pieces
    lost / 12, no-capture counter / limit, and the row and column (+1, over 6) of the line
    that earned a due removal."""
    p, n = player, spec[S_N]
    # the planes from the kept sets, 32 floats a vector store (`put_plane`), where a loop a
    # plane compared the cells one float at a time
    mine_, theirs = bitset(s, SETS + 2 * p), bitset(s, SETS + 2 - 2 * p)
    heroes, huts = bitset(s, HEROES), bitset(s, HUTS)
    pieces = ~heroes & ~huts
    put_plane(out, 0, mine_ & pieces, n)
    put_plane(out, n, theirs & pieces, n)
    put_plane(out, 2 * n, mine_ & heroes, n)
    put_plane(out, 3 * n, theirs & heroes, n)
    put_plane(out, 4 * n, mine_ & huts, n)
    put_plane(out, 5 * n, theirs & huts, n)
    limit = max(spec[S_NO_CAPTURE], 1)
    b = 6 * n
    out[b] = s[TO_MOVE] == p
    out[b + 1] = s[PEND]
    out[b + 2] = s[HAND + p] * (1 / 12)                      # (the same floats as / 12 and / 6:
    out[b + 3] = s[HAND + 1 - p] * (1 / 12)                  # no division)
    out[b + 4] = s[HERO + p]
    out[b + 5] = s[HERO + 1 - p]
    out[b + 6] = s[HUT + p]
    out[b + 7] = s[HUT + 1 - p]
    out[b + 8] = s[LOST + p] * (1 / 12)
    out[b + 9] = s[LOST + 1 - p] * (1 / 12)
    out[b + 10] = min(s[NOCAP], limit) / limit
    out[b + 11] = (s[PROW] + 1) * (1 / 6)
    out[b + 12] = (s[PCOL] + 1) * (1 / 6)

