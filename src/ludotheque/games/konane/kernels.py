"""Kōnane (rules/konane.md: KO, KH, KN) as numba kernels over a flat int32 state array.

Cell codes: the low two bits give the owner (1 = Hibiscus, 2 = Jasmine, 0 = none), bit 2 marks
the Hummingbird; a knot is 4 (no owner, not empty). So `own` is `v & 3 == p + 1` and `enemy`
is `v & 3 == 2 - p`, one test each.

State layout: the header below, then the n*n cells (index y*n + x), then three bit sets of
cells (Hibiscus's pieces, Jasmine's pieces, the empty cells; see `word` for their layout;
every board write flips the cell in them too: `toggle`), then (with +hummingbird)
the repetition record of KH-D3. Between two irreversible turns (a capture or a knot
placement) only Hummingbird steps are played, and they change nothing but the two
Hummingbirds' cells and the player to move: that triple is an exact position key there.

Actions (N2 = n*n): removal of cell c = c; jump of the piece on c in orthogonal direction d =
N2 + 4c + d (a first jump and a chain continuation alike); stop = 5 N2; bonus move of the
Hummingbird to cell t = 5 N2 + 1 + t; pass = 6 N2 + 1; Hummingbird step instead of a capture
to t = 6 N2 + 2 + t; knot on t = 7 N2 + 2 + t. num_actions = 8 N2 + 2.

Speed: whether a player can jump (at every turn start, KO-D1) and his first jumps (`legal`)
were a walk over every empty cell and direction, most of a random playout's time. On the bit
sets they are a few shifts and ands for four rows at once (`landings`: a jump lands on an
empty cell with an enemy next to it and the jumper beyond), the jumps then written in the
walk's order (landing cell, then direction) without a branch a direction (so `legal` may
write up to three entries past its count; callers' buffers hold MAX_ACTIONS_BUFFER). Four
rows of 16 bits to a 64-bit word, not the whole board in one word, so that every size up to
14x14 (four words) takes the same path; 8x8 is two words. The kernels allocate nothing, so
they are compiled without numba's reference counting (``_nrt=False``, as Fanorona's).
Together: 5-8x the plies a CPU second of a random playout, on 8x8 and 14x14 alike (against
576668a).

The observation (`observe`, 6 n² + 11 floats, the batched games' largest output) is written
from the bit sets a row at a time, each row's floats one vector copy from a table of the 256
bytes (`write_row`), not a cell at a time: about a third of its cost before (a cell read, a
plane looked up and a float written for each of the n² cells), with no division in its tail.
The batched games' step (`fast_step`) finds whether the next player can jump (KO-D1) by
writing his first jumps, which are then his legal actions, where `apply` only asks `has_jump`
and `legal` would find them again: `play` is `apply` with an optional buffer for them.
The hot paths (the bit sets, the cells and neighbours a jump reads, the legal actions
written) index at unsigned integers: numba checks every signed index for a negative value
(and adds the length), which kept LLVM from simplifying them; without those checks `legal`
took 35-40% less time and a random playout's ply a fifth less (against 100c7eb).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core import history
from ...core.bits import lowest_bit
from ...core.kernels import TERMINAL

EMPTY, FLOWER0, FLOWER1, KNOT, BIRD0, BIRD1 = 0, 1, 2, 4, 5, 6

# header
TO_MOVE = 0
END = 1          # end reason, below
WINNER = 2       # 0, 1, or -1 for a draw
REMOVALS = 3     # opening removals done (0, 1, 2)
CHAIN = 4        # cell of the piece in the middle of a chain (-1: none), KO-E1
CDIR = 5         # its direction
BONUS = 6        # 1 while the Hummingbird bonus decision is pending, KH-E1
TURNS = 7        # complete turns played
CAPT = 8         # CAPT + p: pieces of p captured by the opponent (KN-B1)
HAND = 10        # HAND + p: 1 while p's knot is in hand (KN-A1)
PIECES = 12      # PIECES + p: p's flowers + Hummingbird on the board (KH-D1)
BIRD = 14        # BIRD + p: cell of p's Hummingbird, -1 if none
HLEN = 16        # entries in the repetition record
SEEN = 18        # 2 words: the record's filter (core.history)
BOARD = 20
INITIAL_HISTORY = 16

EMPTIES = 2      # the bit set of the empty cells (0 and 1: the players' pieces)
ROW_FLOATS = np.array([[(v >> k) & 1 for k in range(8)] for v in range(256)], np.float32)

# end reasons
ONGOING, END_NO_MOVE, END_PIECES, END_REPETITION = 0, 1, 2, 3

# spec layout (int64)
S_N, S_N2, S_HB, S_KNOTS, S_LOSS_AT, S_STEP_SINGLE, S_HIST = 0, 1, 2, 3, 4, 5, 6
S_OPEN = 7       # 4 opening cells; S_NOPEN = how many are allowed (4, or 2 with +hummingbird)
S_NOPEN = 11
S_ROWS = 12      # where the state's bit sets begin (BOARD + n2)
S_RC = 13        # where the table begins: spec[spec[S_RC] + c] = 32 * int32 word + bit of cell c
S_WORDS = 14     # 64-bit words a bit set (4 rows each); it takes 2 S_WORDS int32 words
S_NB = 16        # S_NB + 8c + d: neighbour of c in direction d, -1 off the board

# directions: 0..3 orthogonal (east, west, north, south), 4..7 diagonal; d ^ 1 is the opposite
DX = np.array([1, -1, 0, 0, 1, -1, 1, -1], np.int64)
DY = np.array([0, 0, 1, -1, 1, -1, -1, 1], np.int64)


def make_spec(n: int, hummingbird: bool, knots: bool, loss_at: int, step_single: bool) -> np.ndarray:
    n2 = n * n
    spec = np.full(S_NB + 9 * n2, -1, np.int64)
    spec[S_N], spec[S_N2] = n, n2
    spec[S_HB], spec[S_KNOTS] = int(hummingbird), int(knots)
    spec[S_LOSS_AT], spec[S_STEP_SINGLE] = loss_at, int(step_single)
    words = (n + 3) // 4
    spec[S_WORDS] = words
    spec[S_ROWS] = BOARD + n2
    spec[S_HIST] = BOARD + n2 + 3 * 2 * words
    spec[S_RC] = S_NB + 8 * n2
    for c in range(n2):
        y, x = divmod(c, n)
        spec[S_NB + 8 * n2 + c] = 32 * (y // 2) + 16 * (y % 2) + x
    h = n // 2
    # KO-B1: the odd corners, then the odd centre cells; KH-B1 keeps only the corners
    cells = [(n - 1, 0), (0, n - 1), (h, h - 1), (h - 1, h)]
    for i, (x, y) in enumerate(cells):
        spec[S_OPEN + i] = y * n + x
    spec[S_NOPEN] = 2 if hummingbird else 4
    for c in range(n2):
        x, y = c % n, c // n
        for d in range(8):
            nx, ny = x + DX[d], y + DY[d]
            if 0 <= nx < n and 0 <= ny < n:
                spec[S_NB + 8 * c + d] = ny * n + nx
    return spec


def new_state(spec: np.ndarray, cells: np.ndarray, to_move: int, removals: int,
              captured: tuple[int, int], hand: tuple[int, int]) -> np.ndarray:
    """A turn-start state for a position (cells in index order)."""
    s = np.zeros(int(spec[S_HIST]) + (INITIAL_HISTORY if spec[S_HB] else 0), np.int32)
    s[BOARD:BOARD + len(cells)] = cells
    s[TO_MOVE], s[REMOVALS] = to_move, removals
    s[CHAIN] = s[CDIR] = -1
    s[CAPT], s[CAPT + 1] = captured
    s[HAND], s[HAND + 1] = hand
    s[BIRD] = s[BIRD + 1] = -1
    rows, stride = int(spec[S_ROWS]), 2 * int(spec[S_WORDS])
    for c, v in enumerate(cells):
        plane = (v & 3) - 1 if v & 3 else (EMPTIES if v == EMPTY else -1)
        if plane >= 0:
            rc = int(spec[spec[S_RC] + c])
            s[rows + plane * stride + (rc >> 5)] |= 1 << (rc & 31)
        if v & 3:
            s[PIECES + (v & 3) - 1] += 1
            if v & 4:
                s[BIRD + (v & 3) - 1] = c
    start_turn(s, spec, True, None)
    return s


# -- geometry helpers ------------------------------------------------------------------
# (the hot paths index at unsigned integers: numba then adds no check for a negative index)

@njit(cache=True, forceinline=True, _nrt=False)
def neighbour(spec: np.ndarray, c: int, d: int) -> int:
    """The neighbour of cell c in direction d, -1 off the board."""
    return spec[np.uint64(S_NB + 8 * c + d)]


@njit(cache=True, forceinline=True, _nrt=False)
def cell_code(s: np.ndarray, c: int) -> int:
    """The code of cell c (see the module's docstring)."""
    return s[np.uint64(BOARD + c)]


@njit(cache=True, forceinline=True, _nrt=False)
def jump_target(s: np.ndarray, spec: np.ndarray, c: int, d: int, p: int) -> int:
    """KO-C1 / KN-B3: the landing cell of a jump from c in direction d by p, or -1."""
    m = neighbour(spec, c, d)
    if m < 0 or (cell_code(s, m) & 3) != 2 - p:
        return -1
    q = neighbour(spec, m, d)
    if q < 0 or cell_code(s, q) != EMPTY:
        return -1
    return q


# -- legal actions ---------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def word(s: np.ndarray, at: int, i: int, words: int) -> int:
    """Word i of the bit set at s[at] (0 past the board): cell (x, y) of rows 4i..4i+3 is bit
    16 (y - 4i) + x, stored as two int32 (two rows each). A row has n <= 14 bits, so the
    word is never negative, and a row shifted by 1 or 2 spills into its neighbour row only
    on bits 14 and 15, which an and with a set of cells clears."""
    if i < 0 or i >= words:
        return 0
    k = np.uint64(at + 2 * i)           # (unsigned: numba adds no check for a negative index)
    return np.int64(s[k]) | (np.int64(s[k + np.uint64(1)]) << 32)


@njit(cache=True, forceinline=True, _nrt=False)
def ahead(s: np.ndarray, at: int, i: int, words: int, k: int) -> int:
    """Word i of the bit set at s[at] moved k rows down: bit (x, y) is cell (x, y + k)."""
    return (word(s, at, i, words) >> (16 * k)) | (word(s, at, i + 1, words) << (64 - 16 * k))


@njit(cache=True, forceinline=True, _nrt=False)
def behind(s: np.ndarray, at: int, i: int, words: int, k: int) -> int:
    """Word i of the bit set at s[at] moved k rows up: bit (x, y) is cell (x, y - k)."""
    return (word(s, at, i, words) << (16 * k)) | (word(s, at, i - 1, words) >> (64 - 16 * k))


@njit(cache=True, forceinline=True, _nrt=False)
def landings(s: np.ndarray, spec: np.ndarray, p: int, i: int) -> tuple[int, int, int, int]:
    """The landing cells in word i of p's first jumps, by direction from them (east, west,
    north, south): an empty cell, an enemy next to it, p's piece beyond."""
    words, r = spec[S_WORDS], spec[S_ROWS]
    own, enemy, empty = r + 2 * words * p, r + 2 * words * (1 - p), r + 4 * words
    e, o, m = word(s, empty, i, words), word(s, enemy, i, words), word(s, own, i, words)
    east = e & (o >> 1) & (m >> 2)
    west = e & (o << 1) & (m << 2)
    north = e & ahead(s, enemy, i, words, 1) & ahead(s, own, i, words, 2)
    south = e & behind(s, enemy, i, words, 1) & behind(s, own, i, words, 2)
    return east, west, north, south


@njit(cache=True, forceinline=True, _nrt=False)
def put(out: np.ndarray, n: int, action: int) -> None:
    """out[n] = action, n >= 0 given unsigned: numba then adds no check for a negative index."""
    out[np.uint64(n)] = action


@njit(cache=True, forceinline=True, _nrt=False)
def first_jumps(s: np.ndarray, spec: np.ndarray, p: int, out: np.ndarray, n: int) -> int:
    """KO-C1: appends every first jump of p, by landing cell, then by direction from it
    (found four rows at a time by `landings`). Writes up to three entries past the last
    one it appends."""
    w, n2 = spec[S_N], spec[S_N2]
    for i in range(spec[S_WORDS]):
        east, west, north, south = landings(s, spec, p, i)
        cells = east | west | north | south
        while cells:               # all four written, each kept if its jump exists: no branch
            b = lowest_bit(cells)
            cells &= cells - 1
            q = (4 * i + (b >> 4)) * w + (b & 15)
            put(out, n, n2 + 4 * (q + 2) + 1)
            n += (east >> b) & 1
            put(out, n, n2 + 4 * (q - 2))
            n += (west >> b) & 1
            put(out, n, n2 + 4 * (q + 2 * w) + 3)
            n += (north >> b) & 1
            put(out, n, n2 + 4 * (q - 2 * w) + 2)
            n += (south >> b) & 1
    return n


@njit(cache=True, _nrt=False)
def has_jump(s: np.ndarray, spec: np.ndarray, p: int) -> bool:
    """first_jumps' early-exit twin (KO-D1)."""
    for i in range(spec[S_WORDS]):
        east, west, north, south = landings(s, spec, p, i)
        if east | west | north | south:
            return True
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def knot_available(s: np.ndarray, spec: np.ndarray, p: int) -> bool:
    """KN-B1/KN-B2: the knot is in hand and three of p's pieces have been captured."""
    return spec[S_KNOTS] != 0 and s[HAND + p] != 0 and s[CAPT + p] >= 3


@njit(cache=True, forceinline=True, _nrt=False)
def bonus_target(s: np.ndarray, spec: np.ndarray, p: int, b: int, d: int) -> int:
    """KH-C2: the Hummingbird on b in direction d (of 8) steps to an empty neighbour or jumps
    an adjacent enemy onto the empty cell beyond; the target cell, or -1."""
    m = spec[S_NB + 8 * b + d]
    if m < 0:
        return -1
    v = s[BOARD + m]
    if v == EMPTY:
        return m
    if (v & 3) == 2 - p:
        q = spec[S_NB + 8 * m + d]
        if q >= 0 and s[BOARD + q] == EMPTY:
            return q
    return -1


@njit(cache=True, forceinline=True, _nrt=False)
def bonus_moves(s: np.ndarray, spec: np.ndarray, p: int, out: np.ndarray, n: int) -> int:
    b = s[BIRD + p]
    base = 5 * spec[S_N2] + 1
    for d in range(8):
        t = bonus_target(s, spec, p, b, d)
        if t >= 0:
            out[n] = base + t
            n += 1
    return n


@njit(cache=True, _nrt=False)
def legal(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> int:
    if s[END] != ONGOING:
        return 0
    p = s[TO_MOVE]
    n2 = spec[S_N2]
    n = 0
    if s[REMOVALS] == 0:                                  # KO-B1, KH-B1
        for i in range(spec[S_NOPEN]):
            out[n] = spec[S_OPEN + i]
            n += 1
        return n
    if s[REMOVALS] == 1:                                  # KO-B2: own flower next to the hole
        for q in range(n2):
            if s[BOARD + q] == EMPTY:
                for d in range(4):
                    c = spec[S_NB + 8 * q + d]
                    if c >= 0 and s[BOARD + c] == FLOWER0 + p:
                        out[n] = c
                        n += 1
        return n
    if s[CHAIN] >= 0:                                     # KO-C2, KO-C3: jump again or stop
        out[0] = n2 + 4 * s[CHAIN] + s[CDIR]
        out[1] = 5 * n2
        return 2
    if s[BONUS]:                                          # KH-C2, KH-E1
        n = bonus_moves(s, spec, p, out, 0)
        out[n] = 6 * n2 + 1
        return n + 1
    return turn_actions(s, spec, p, out, first_jumps(s, spec, p, out, 0))


@njit(cache=True, forceinline=True, _nrt=False)
def turn_actions(s: np.ndarray, spec: np.ndarray, p: int, out: np.ndarray, n: int) -> int:
    """The actions of p at a turn start after his n first jumps out[:n]: the Hummingbird's
    step (KH-C4) and the knot (KN-B2)."""
    n2 = spec[S_N2]
    b = s[BIRD + p]
    if spec[S_HB] and n > 0 and b >= 0:                   # KH-C4: only the Hummingbird can capture
        only_bird = True
        for i in range(n):
            if (out[i] - n2) // 4 != b:
                only_bird = False
                break
        if only_bird and (spec[S_STEP_SINGLE] == 0 or n == 1):
            for d in range(8):
                t = spec[S_NB + 8 * b + d]
                if t >= 0 and s[BOARD + t] == EMPTY:
                    out[n] = 6 * n2 + 2 + t
                    n += 1
    if knot_available(s, spec, p):                        # KN-B2
        for t in range(n2):
            if s[BOARD + t] == EMPTY:
                out[n] = 7 * n2 + 2 + t
                n += 1
    return n


# -- playing an action -------------------------------------------------------------------

@njit(cache=True, forceinline=True, _nrt=False)
def toggle(s: np.ndarray, spec: np.ndarray, plane: int, c: int) -> None:
    """Flips cell c in a bit set: 0 and 1 the players' pieces, 2 the empty cells (EMPTIES)."""
    rc = spec[np.uint64(spec[S_RC] + c)]
    s[np.uint64(spec[S_ROWS] + 2 * spec[S_WORDS] * plane + (rc >> 5))] ^= 1 << (rc & 31)


@njit(cache=True, forceinline=True, _nrt=False)
def vacate(s: np.ndarray, spec: np.ndarray, c: int) -> None:
    """Empties cell c, a piece's (its owner's from the code)."""
    toggle(s, spec, (cell_code(s, c) & 3) - 1, c)
    toggle(s, spec, EMPTIES, c)
    s[np.uint64(BOARD + c)] = EMPTY


@njit(cache=True, forceinline=True, _nrt=False)
def capture(s: np.ndarray, spec: np.ndarray, p: int, m: int) -> bool:
    """Removes p's victim on m (KO-C1); True when that ends the game by KH-D1."""
    v = cell_code(s, m)
    vacate(s, spec, m)
    s[PIECES + 1 - p] -= 1
    s[CAPT + 1 - p] += 1
    if v & 4:
        s[BIRD + 1 - p] = -1
    if spec[S_HB] and s[PIECES + 1 - p] <= spec[S_LOSS_AT]:
        s[END] = END_PIECES
        s[WINNER] = p
        s[CHAIN] = -1
        return True
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def move_piece(s: np.ndarray, spec: np.ndarray, p: int, c: int, q: int) -> None:
    """Moves p's piece from c to the empty cell q."""
    v = cell_code(s, c)
    vacate(s, spec, c)
    toggle(s, spec, p, q)
    toggle(s, spec, EMPTIES, q)
    s[np.uint64(BOARD + q)] = v
    if v & 4:
        s[BIRD + p] = q


@njit(cache=True, forceinline=True, _nrt=False)
def start_turn(s: np.ndarray, spec: np.ndarray, irreversible: bool,
               out: np.ndarray | None) -> tuple[int, int]:
    """The player to move begins a turn: KO-D1/KN-C1 (no legal turn loses) and KH-D3.
    Returns (`apply`'s need, n): with an ``out`` (`fast_step`'s), whether he can jump is
    found by writing his n first jumps there (n -1 during the opening removals)."""
    p = s[TO_MOVE]
    n = -1
    if s[REMOVALS] >= 2:
        if out is None:
            can = has_jump(s, spec, p)
        else:
            n = first_jumps(s, spec, p, out, 0)
            can = n > 0
    else:
        can = True
    if not can:
        if knot_available(s, spec, p):
            for t in range(spec[S_N2]):
                if s[BOARD + t] == EMPTY:
                    can = True
        if not can:
            s[END] = END_NO_MOVE
            s[WINNER] = 1 - p
            return 0, n
    if not spec[S_HB]:
        return 0, n
    if irreversible:
        s[HLEN] = 0
    h = spec[S_HIST]
    s[h + s[HLEN]] = (s[BIRD] + 1) * 512 + (s[BIRD + 1] + 1) * 2 + p
    if history.record(s, HLEN, SEEN, h, 1) >= 3:
        s[END] = END_REPETITION
        s[WINNER] = -1
        return 0, n
    return history.room(s, HLEN, h, 1), n


@njit(cache=True, forceinline=True, _nrt=False)
def end_turn(s: np.ndarray, spec: np.ndarray, p: int, irreversible: bool,
             out: np.ndarray | None) -> tuple[int, int]:
    s[TURNS] += 1
    s[TO_MOVE] = 1 - p
    return start_turn(s, spec, irreversible, out)


@njit(cache=True, forceinline=True, _nrt=False)
def chain_over(s: np.ndarray, spec: np.ndarray, p: int, q: int,
               out: np.ndarray | None) -> tuple[int, int]:
    """A flower's finished chain offers the Hummingbird bonus when one exists (KH-C2/C3)."""
    s[CHAIN] = -1
    b = s[BIRD + p]
    if spec[S_HB] and (s[BOARD + q] & 4) == 0 and b >= 0:
        for d in range(8):
            if bonus_target(s, spec, p, b, d) >= 0:
                s[BONUS] = 1
                return 0, -1
    return end_turn(s, spec, p, True, out)


@njit(cache=True, _nrt=False)
def apply(s: np.ndarray, spec: np.ndarray, action: int) -> int:
    return play(s, spec, action, None)[0]


@njit(cache=True, forceinline=True, _nrt=False)
def play(s: np.ndarray, spec: np.ndarray, action: int,
         out: np.ndarray | None) -> tuple[int, int]:
    """`apply`, returning (its need, n): n first jumps of the next player written into ``out``
    when a turn started past the opening (see `start_turn`), else -1."""
    p = s[TO_MOVE]
    n2 = spec[S_N2]
    if action < n2:                                       # KO-B1..B3: a removal, not a capture
        vacate(s, spec, action)
        s[PIECES + p] -= 1
        s[REMOVALS] += 1
        return end_turn(s, spec, p, True, out)
    if action < 5 * n2:                                   # KO-C1, KO-C2
        c, d = (action - n2) >> 2, (action - n2) & 3
        m = neighbour(spec, c, d)
        q = neighbour(spec, m, d)
        move_piece(s, spec, p, c, q)
        if capture(s, spec, p, m):
            return 0, -1
        if jump_target(s, spec, q, d, p) >= 0:
            s[CHAIN], s[CDIR] = q, d
            return 0, -1
        return chain_over(s, spec, p, q, out)
    if action == 5 * n2:                                  # KO-C3: stop
        return chain_over(s, spec, p, s[CHAIN], out)
    if action == 6 * n2 + 1:                              # KH-C2: no bonus move
        s[BONUS] = 0
        return end_turn(s, spec, p, True, out)
    if action <= 6 * n2:                                  # KH-C2: bonus step or jump
        s[BONUS] = 0
        b, t = s[BIRD + p], action - (5 * n2 + 1)
        move_piece(s, spec, p, b, t)
        n = spec[S_N]
        if abs(t % n - b % n) == 2 or abs(t // n - b // n) == 2:
            if capture(s, spec, p, (b + t) // 2):
                return 0, -1
        return end_turn(s, spec, p, True, out)
    if action < 7 * n2 + 2:                               # KH-C4: step instead of a capture
        move_piece(s, spec, p, s[BIRD + p], action - (6 * n2 + 2))
        return end_turn(s, spec, p, False, out)
    t = action - (7 * n2 + 2)                             # KN-B2
    toggle(s, spec, EMPTIES, t)
    s[BOARD + t] = KNOT
    s[HAND + p] = 0
    return end_turn(s, spec, p, True, out)


@njit(cache=True, _nrt=False)
def to_move(s: np.ndarray, spec: np.ndarray) -> int:
    return TERMINAL if s[END] != ONGOING else s[TO_MOVE]


@njit(cache=True, _nrt=False)
def returns(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> None:
    out[0] = out[1] = 0.0
    w = s[WINNER]
    if s[END] != ONGOING and w >= 0:
        out[w], out[1 - w] = 1.0, -1.0


@njit(cache=True, forceinline=True, _nrt=False)
def row_bits(s: np.ndarray, at: int, y: int) -> int:
    """Row y of the bit set at s[at]: bit x is cell (x, y) (two rows to an int32, see `word`)."""
    return (np.int64(s[at + (y >> 1)]) >> (16 * (y & 1))) & 0xFFFF


@njit(cache=True, forceinline=True, _nrt=False)
def write_byte(out: np.ndarray, at: int, bits: int) -> None:
    """out[at + k] = bit k of ``bits``, k < 8: one vector copy from ROW_FLOATS (unsigned
    indices: numba then adds no check for a negative index)."""
    row, o = np.uint64(bits & 255), np.uint64(at)
    for k in range(8):
        out[o + np.uint64(k)] = ROW_FLOATS[row, np.uint64(k)]


@njit(cache=True, forceinline=True, _nrt=False)
def write_row(out: np.ndarray, at: int, bits: int, n: int) -> None:
    """out[at + x] = bit x of a row of n cells; writes zeros up to seven floats past the row
    (the bits past n are 0)."""
    write_byte(out, at, bits)
    if n > 8:
        write_byte(out, at + 8, bits >> 8)


@njit(cache=True, _nrt=False)
def observe(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    write_observation(s, spec, player, out)


@njit(cache=True, forceinline=True, _nrt=False)
def write_observation(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    """`observe`, inlined in `fast_step`. The observation tensor (6 n² + 11 floats) from
    ``player``'s side: planes (n² each) of his flowers, his Hummingbird, enemy flowers, enemy
    Hummingbird, knots, the chaining piece; then 1 if he is to move, removals done / 2, bonus
    pending, chain direction one-hot (4), captured pieces / 3 (his first), knots in hand (his
    first).

    Written from the bit sets a row at a time (`write_row`), not a cell at a time: the
    players' pieces (the Hummingbird then moved to its own plane), the knots (the cells in
    no bit set) when the ruleset has them; the planes of single cells are cleared first, and
    a row's zeros past its end land on them before their cell is set."""
    n, n2, p = spec[S_N], spec[S_N2], player
    r, stride = spec[S_ROWS], 2 * spec[S_WORDS]
    own, enemy, empty = r + stride * p, r + stride * (1 - p), r + stride * EMPTIES
    out[n2:2 * n2] = 0.0
    out[3 * n2:6 * n2] = 0.0
    for y in range(n):
        write_row(out, y * n, row_bits(s, own, y), n)
    for y in range(n):
        write_row(out, 2 * n2 + y * n, row_bits(s, enemy, y), n)
    if spec[S_KNOTS]:
        full = (1 << n) - 1
        for y in range(n):
            taken = row_bits(s, own, y) | row_bits(s, enemy, y) | row_bits(s, empty, y)
            write_row(out, 4 * n2 + y * n, full & ~taken, n)
    for q in range(2):                   # the Hummingbirds: off the flowers' planes
        bird = s[BIRD + (p if q == 0 else 1 - p)]
        if bird >= 0:
            out[2 * q * n2 + bird] = 0.0
            out[(2 * q + 1) * n2 + bird] = 1.0
    b = 6 * n2
    out[b:b + 11] = 0.0
    if s[CHAIN] >= 0:
        out[5 * n2 + s[CHAIN]] = 1.0
        if s[CDIR] < 4:
            out[b + 3 + s[CDIR]] = 1.0
    out[b] = s[TO_MOVE] == p
    out[b + 1] = s[REMOVALS] * 0.5
    out[b + 2] = s[BONUS]
    out[b + 7] = min(s[CAPT + p], 3) * (1.0 / 3.0)      # (the same floats as / 3: no division)
    out[b + 8] = min(s[CAPT + 1 - p], 3) * (1.0 / 3.0)
    out[b + 9] = s[HAND + p]
    out[b + 10] = s[HAND + 1 - p]


@njit(cache=True, forceinline=True, _nrt=False)
def fast_step(s: np.ndarray, spec: np.ndarray, action: int, out: np.ndarray, obs: np.ndarray,
              observing: bool) -> tuple[int, int, int]:
    """`Kernels.fast_step`: `apply`, whose turn start writes the first jumps of the player to
    move into ``out`` (`apply` only asks `has_jump`, and `legal` would find them again),
    then the rest of `legal` and `observe`, in one call."""
    need, n = play(s, spec, action, out)
    if need > s.shape[0]:
        return need, 0, 0
    p = to_move(s, spec)
    if p < 0:
        return need, p, 0
    n = legal(s, spec, out) if n < 0 else turn_actions(s, spec, p, out, n)
    if observing:
        write_observation(s, spec, p, obs)
    return need, p, n
