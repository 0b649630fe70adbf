"""Yoté, Choko, Royal Caravan and Trade Routes (rules/yote.md) as numba kernels.

One set of kernels serves every ruleset; the spec (one int64 array) holds the options and the
grid tables. A turn is a sequence of actions by the same player (YO-E1, YT-G1), driven by the
phase field:

    START   [route] [travel] main        (route/travel flags say what is still offered)
    CHAIN   jump | stop                  (`chain` option, YO-F2)
    REMOVE  -cell | -@                   (bonus removals, YO-C4, YO-F3)
    ROUTE4  route | stop                 (step 4 of YT-B1)
    BONUS   step | jump | stop           (YT-E1)

State layout: cells 0..29 (0 empty, 1 + p a camel of p, 3 + p the caravan of p), counters,
Choko token, route slots, then the repetition record of YO-E2 (packed positions since the last
capture, only kept while material is low; the 50-turn limit bounds it).

The main actions (`gen_main`) and "has p a main action" (`has_main`, asked at every turn's
start) were a walk over every cell and direction with a branch at each, on a random board
mostly mispredicted: `gen_main` was three fifths of a random playout's time. Both now read
bit sets of the cells (bit c: cell c; `board_sets`, a few vector compares, `equal_bits`): the steps
and the jumps of a direction for the whole board are a few shifts (`steps_and_jumps`, with
the spec's STEP/HAS1/HAS2 tables). The actions are still written cell by cell in the same
order: the deploys up to the next camel that moves, then its four directions, each written
in one store whose code is computed without a branch (`emit_direction`). That store, like
the removals' loop, may write one word past the list: every caller's buffer has
MAX_ACTIONS_BUFFER words, far more than a list holds. Route captures and travels
(``+routes``) keep the per-cell code. The kernels allocate nothing and keep no array, so
they are compiled without numba's reference counting (``_nrt=False``), and the helpers of
`legal` and of `apply` are inlined: `apply` plays the action (`play`), then the stages that
follow it, each written once (`next_removal`, `after_main`, `end_turn`), where they were calls
from stage to stage. The observation's planes are one vector store each (`put_bits`).
Together, against 89c9bfb: legal 58 -> 42 ns, apply 29 -> 16, observe 41 -> 15, the batched
step (B = 512) 189 -> 136 ns (Yoté; Choko 170 -> 119).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core import history
from ...core.bits import equal_bits, lowest_bit, put_bits
from ...core.kernels import TERMINAL

NMAX = 30           # cells of the largest board (Yoté 6x5)
SMAX = 40           # route slots of the largest board

# -- state ------------------------------------------------------------------------------
HAND = 30           # + p: camels in hand
CHAND = 32          # + p: caravan in hand (0/1)
ONB = 34            # + p: pieces on the board, caravan included
CARON = 36          # + p: caravan on the board (0/1)
TOK = 38            # + p: route tokens left
TO_MOVE = 40
PHASE = 41
END = 42            # end reason, below
WINNER = 43         # 0, 1, or 2 = draw
ACTOR = 44          # the camel that made the main action (chain, bonus move)
PENDING = 45        # bonus removals still owed
CAPT = 46           # a capture happened this turn
ROUTE1 = 47         # a route was placed in step 1
TRAV = 48           # a travel was made
BONUS = 49          # the bonus move (YT-E1) was made: the turn ends after its removal
MAINTYPE = 50       # 0 none yet, 1 deploy, 2 move or capture (Choko, CH-E1)
HOLDER = 51         # Choko Merchant token: 0, 1, or 2 = out of the game
MUSTDEP = 52        # Choko: the player to move is obliged to deploy (CH-B1)
NOCAP = 53          # consecutive complete turns without capture (YO-E2, YO-E3)
HLEN = 54           # entries in the repetition record
NROUTES = 55        # routes on the board (a route capture needs two: most turns skip the checks)
ROUTES = 56         # + slot: 1 if the route exists
SEEN = ROUTES + SMAX  # 2 words: the record's filter (core.history)
HIST = SEEN + 2
ENTRY = 6
HCAP = 56
STATE_LEN = HIST + ENTRY * HCAP

# phases
START, CHAIN, REMOVE, ROUTE4, BONUS_PH = 0, 1, 2, 3, 4
# end reasons
ONGOING, END_ALL_TAKEN, END_NO_ACTION, END_REPETITION, END_LOW_50, END_NO_CAPTURE = 0, 1, 2, 3, 4, 5
NONE_HOLDER = 2

# -- spec ---------------------------------------------------------------------------------
P_W, P_H, P_N, P_FORCED, P_CHAIN, P_FRIENDLY, P_NOCAP, P_CHOKO, P_CARAVAN, P_ROUTES, P_NSLOTS = range(11)
ORTH = 16                   # ORTH + 8c + 2d: adjacent cell, cell beyond (-1: none)
DIAG = ORTH + 8 * NMAX      # DIAG + 16c + 4k: q, slot(c,q), r, slot(q,r) (-1: none)
SLOTS = DIAG + 16 * NMAX    # SLOTS + 2 slot: its two cells, smaller file first
STEP = SLOTS + 2 * SMAX     # + d: adjacent cell - cell in direction d (the same for every cell)
HAS1 = STEP + 4             # + d: bit set of the cells with an adjacent cell in direction d
HAS2 = HAS1 + 4             # + d: bit set of the cells with a cell beyond it too
SPEC_LEN = HAS2 + 4

# -- actions ------------------------------------------------------------------------------
A_DEPLOY = 0                # + cell
A_CDEPLOY = 30              # + cell: deploy the Royal Caravan
A_MOVE = 60                 # + 30 from + to: step or friendly jump
A_JUMP = 960                # + 30 from + to: capture (orthogonal or along routes)
A_TRAVEL = 1860             # + 30 from + to: free travel, or the bonus route step
A_REMOVE = 2760             # + cell
A_HAND = 2790               # remove a camel from the opponent's hand
A_STOP = 2791
A_ROUTE = 2792              # + slot
NUM_ACTIONS = A_ROUTE + SMAX


def make_spec(width: int, height: int, forced: int, chain: int, friendly: int, nocap: int,
              choko: int, caravan: int, routes: int) -> np.ndarray:
    """The grid tables derived from the rows and columns (orthogonal LINES) and the 2x2 blocks
    (route slots): slot 2b is the '/' diagonal of block b, 2b + 1 its '\\' diagonal."""
    spec = np.full(SPEC_LEN, -1, np.int64)
    spec[HAS1:HAS2 + 4] = 0
    spec[:11] = (width, height, width * height, forced, chain, friendly, nocap, choko, caravan,
                 routes, 2 * (width - 1) * (height - 1))

    def cell(x: int, y: int) -> int:
        return y * width + x if 0 <= x < width and 0 <= y < height else -1

    def slot_of(x1: int, y1: int, x2: int, y2: int) -> int:
        bx, by = min(x1, x2), min(y1, y2)
        rising = (x2 - x1) * (y2 - y1) > 0
        return 2 * (by * (width - 1) + bx) + (0 if rising else 1)

    for y in range(height):
        for x in range(width):
            c = cell(x, y)
            for d, (dx, dy) in enumerate(((1, 0), (0, 1), (-1, 0), (0, -1))):
                a, b = cell(x + dx, y + dy), cell(x + 2 * dx, y + 2 * dy)
                spec[ORTH + 8 * c + 2 * d] = a
                spec[ORTH + 8 * c + 2 * d + 1] = b if a >= 0 else -1
                spec[STEP + d] = dy * width + dx
                spec[HAS1 + d] |= (a >= 0) << c
                spec[HAS2 + d] |= (a >= 0 and b >= 0) << c
            for k, (dx, dy) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
                q, r = cell(x + dx, y + dy), cell(x + 2 * dx, y + 2 * dy)
                if q >= 0:
                    spec[DIAG + 16 * c + 4 * k] = q
                    spec[DIAG + 16 * c + 4 * k + 1] = slot_of(x, y, x + dx, y + dy)
                if r >= 0:
                    spec[DIAG + 16 * c + 4 * k + 2] = r
                    spec[DIAG + 16 * c + 4 * k + 3] = slot_of(x + dx, y + dy, x + 2 * dx, y + 2 * dy)
    for by in range(height - 1):
        for bx in range(width - 1):
            b = by * (width - 1) + bx
            spec[SLOTS + 4 * b:SLOTS + 4 * b + 4] = (cell(bx, by), cell(bx + 1, by + 1),
                                                     cell(bx, by + 1), cell(bx + 1, by))
    return spec


def new_state(spec: np.ndarray) -> np.ndarray:
    s = np.zeros(STATE_LEN, np.int32)
    s[ACTOR] = -1
    s[HOLDER] = 0 if spec[P_CHOKO] else NONE_HOLDER
    return s


# -- small helpers ------------------------------------------------------------------------------
@njit(cache=True, forceinline=True, _nrt=False)
def owner(v: int) -> int:
    return (v - 1) & 1


@njit(cache=True, forceinline=True, _nrt=False)
def in_hand(s: np.ndarray, p: int) -> int:
    return s[HAND + p] + s[CHAND + p]


@njit(cache=True, forceinline=True, _nrt=False)
def total(s: np.ndarray, p: int) -> int:
    """Camels of p, caravan included (YR-2), board and hand (YO-D1)."""
    return s[ONB + p] + s[HAND + p] + s[CHAND + p]


@njit(cache=True, forceinline=True, _nrt=False)
def free_slot(s: np.ndarray, slot: int) -> bool:
    """YT-A3: no duplicate, no crossing (the other diagonal of the same block)."""
    return s[ROUTES + slot] == 0 and s[ROUTES + (slot ^ 1)] == 0


@njit(cache=True, forceinline=True, _nrt=False)
def route_capture(s: np.ndarray, spec: np.ndarray, c: int, k: int, p: int) -> int:
    """YT-D1: the landing cell of a capture from c along two aligned routes in direction k, or -1."""
    base = DIAG + 16 * c + 4 * k
    r = spec[base + 2]
    if r < 0 or s[r] != 0 or s[ROUTES + spec[base + 1]] == 0 or s[ROUTES + spec[base + 3]] == 0:
        return -1
    q = spec[base]
    if s[q] == 0 or owner(s[q]) == p:
        return -1
    return r


@njit(cache=True, forceinline=True, _nrt=False)
def route_step(s: np.ndarray, spec: np.ndarray, c: int, k: int) -> int:
    """YT-E1: the empty cell joined to c by a route in direction k, or -1."""
    q = spec[DIAG + 16 * c + 4 * k]
    if q < 0 or s[q] != 0 or s[ROUTES + spec[DIAG + 16 * c + 4 * k + 1]] == 0:
        return -1
    return q


@njit(cache=True, forceinline=True, _nrt=False)
def orth_capture(s: np.ndarray, spec: np.ndarray, c: int, d: int, p: int) -> int:
    """YO-C1: the landing cell of an orthogonal capture from c in direction d, or -1."""
    a = spec[ORTH + 8 * c + 2 * d]
    if a < 0 or s[a] == 0 or owner(s[a]) == p:
        return -1
    b = spec[ORTH + 8 * c + 2 * d + 1]
    if b < 0 or s[b] != 0:
        return -1
    return b


@njit(cache=True, _nrt=False)
def gen_captures_from(s: np.ndarray, spec: np.ndarray, c: int, p: int, out: np.ndarray, n: int) -> int:
    for d in range(4):
        b = orth_capture(s, spec, c, d, p)
        if b >= 0:
            out[n] = A_JUMP + 30 * c + b
            n += 1
    if spec[P_ROUTES] and s[NROUTES] >= 2:
        for k in range(4):
            r = route_capture(s, spec, c, k, p)
            if r >= 0:
                out[n] = A_JUMP + 30 * c + r
                n += 1
    return n


@njit(cache=True, _nrt=False)
def can_capture_from(s: np.ndarray, spec: np.ndarray, c: int, p: int) -> bool:
    for d in range(4):
        if orth_capture(s, spec, c, d, p) >= 0:
            return True
    if spec[P_ROUTES] and s[NROUTES] >= 2:
        for k in range(4):
            if route_capture(s, spec, c, k, p) >= 0:
                return True
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def vget(s: np.ndarray, c: int, f: int, t: int) -> int:
    """The content of cell c as if the piece on f had travelled to t (f = t = -1: as is); the
    state handed to `legal` is read-only, so "what if" checks never write it."""
    if c == t:
        return s[f]
    if c == f:
        return 0
    return s[c]


@njit(cache=True, forceinline=True, _nrt=False)
def vroute(s: np.ndarray, slot: int, extra: int) -> bool:
    """Whether a route joins the slot, counting the not yet placed route ``extra``."""
    return s[ROUTES + slot] != 0 or slot == extra


@njit(cache=True, forceinline=True, _nrt=False)
def toward(m: int, delta: int) -> int:
    """The bit set whose bit c is bit c + delta of m (the cells delta ahead, seen from c)."""
    return m >> delta if delta >= 0 else m << -delta


@njit(cache=True, forceinline=True, _nrt=False)
def board_sets(s: np.ndarray, n: int, p: int) -> tuple[int, int, int]:
    """Bit sets (bit c: cell c) of the empty cells, p's cells and the enemy's cells."""
    cells = (np.int64(1) << n) - 1
    empty = equal_bits(s, 0) & cells
    own = (equal_bits(s, 1 + p) | equal_bits(s, 3 + p)) & cells   # camels and caravan
    return empty, own, cells & ~empty & ~own


@njit(cache=True, forceinline=True, _nrt=False)
def steps_and_jumps(spec: np.ndarray, d: int, empty: int, own: int, over: int) -> tuple[int, int]:
    """The cells of ``own`` with a step (YO-B2) in direction d, and those with a jump over a
    cell of ``over`` (YO-C1, YO-F5)."""
    delta = spec[STEP + d]
    step = own & spec[HAS1 + d] & toward(empty, delta)
    return step, own & spec[HAS2 + d] & toward(over, delta) & toward(empty, 2 * delta)


@njit(cache=True, forceinline=True, _nrt=False)
def has_main(s: np.ndarray, spec: np.ndarray, p: int, f: int, t: int, extra: int) -> bool:
    """Whether p has a main action (YO-D2), after the travel f -> t and with the route extra
    (-1: none); the board always has an empty cell. Inlined (asked at every turn's start),
    the route captures a call."""
    if in_hand(s, p) > 0:
        return True
    empty, own, enemy = board_sets(s, spec[P_N], p)
    if f >= 0:
        own = (own & ~(np.int64(1) << f)) | (np.int64(1) << t)
        empty = (empty | (np.int64(1) << f)) & ~(np.int64(1) << t)
    over = enemy | own if spec[P_FRIENDLY] else enemy
    for d in range(4):
        step, jump = steps_and_jumps(spec, d, empty, own, over)
        if step | jump:
            return True
    if spec[P_ROUTES] and s[NROUTES] + (extra >= 0) >= 2:
        return has_route_capture(s, spec, p, own, f, t, extra)
    return False


@njit(cache=True, _nrt=False)
def has_route_capture(s: np.ndarray, spec: np.ndarray, p: int, own: int, f: int, t: int,
                      extra: int) -> bool:
    """Whether a camel of ``own`` has a route capture (YT-D1), as `has_main` sees the board."""
    for c in range(spec[P_N]):
        if not (own >> c) & 1:
            continue
        for k in range(4):
            base = DIAG + 16 * c + 4 * k
            r = spec[base + 2]
            if r < 0:
                continue
            vq = vget(s, spec[base], f, t)
            if (vq != 0 and owner(vq) != p and vget(s, r, f, t) == 0
                    and vroute(s, spec[base + 1], extra) and vroute(s, spec[base + 3], extra)):
                return True
    return False


@njit(cache=True, forceinline=True, _nrt=False)
def on_route(s: np.ndarray, spec: np.ndarray, c: int) -> bool:
    for k in range(4):
        sl = spec[DIAG + 16 * c + 4 * k + 1]
        if sl >= 0 and s[ROUTES + sl]:
            return True
    return False


@njit(cache=True, _nrt=False)
def travel_targets(s: np.ndarray, spec: np.ndarray, c: int, extra: int) -> int:
    """YT-C2: bit mask of the cells reachable from c by route steps into empty cells."""
    reach = np.int64(1) << c
    grown = True
    while grown:
        grown = False
        for u in range(spec[P_N]):
            if (reach >> u) & 1:
                for k in range(4):
                    q = spec[DIAG + 16 * u + 4 * k]
                    if (q >= 0 and s[q] == 0 and not (reach >> q) & 1
                            and vroute(s, spec[DIAG + 16 * u + 4 * k + 1], extra)):
                        reach |= np.int64(1) << q
                        grown = True
    return reach & ~(np.int64(1) << c)


@njit(cache=True, _nrt=False)
def main_via_travel(s: np.ndarray, spec: np.ndarray, p: int, extra: int) -> bool:
    """Whether some travel of p leaves him a main action."""
    for c in range(spec[P_N]):
        if s[c] != 0 and owner(s[c]) == p:
            m = travel_targets(s, spec, c, extra)
            for t in range(spec[P_N]):
                if (m >> t) & 1 and has_main(s, spec, p, c, t, extra):
                    return True
    return False


@njit(cache=True, _nrt=False)
def route_then_main(s: np.ndarray, spec: np.ndarray, p: int, slot: int) -> bool:
    """YT-C3: a step-1 route is legal if a main action follows it (possibly after a travel);
    a route never takes a main action away."""
    return (has_main(s, spec, p, -1, -1, -1) or has_main(s, spec, p, -1, -1, slot)
            or main_via_travel(s, spec, p, slot))


@njit(cache=True, forceinline=True, _nrt=False)
def can_act(s: np.ndarray, spec: np.ndarray, p: int) -> bool:
    """YO-D2 / YT-F1: some sequence of steps 1-2 gives p a main action."""
    if has_main(s, spec, p, -1, -1, -1):
        return True
    if not spec[P_ROUTES]:
        return False
    if main_via_travel(s, spec, p, -1):
        return True
    if s[TOK + p] > 0:
        for slot in range(spec[P_NSLOTS]):
            if free_slot(s, slot) and route_then_main(s, spec, p, slot):
                return True
    return False


# -- legal actions ------------------------------------------------------------------------------
@njit(cache=True, forceinline=True, _nrt=False)
def emit_direction(out: np.ndarray, n: int, c: int, delta: int, step: int, jump: int,
                   friendly: int) -> int:
    """The action of the camel on c in one direction, if one of the three bit sets holds c (at
    most one does): a step, a capture or a friendly jump. Written whatever they hold and kept
    only if one does, its code computed without a branch (on a random board they mispredict).
    The index is unsigned: numba then adds no check for a negative index."""
    stepping, capturing = (step >> c) & 1, (jump >> c) & 1
    out[np.uint64(n)] = A_MOVE + 30 * c + c + delta + (1 - stepping) * delta + capturing * (A_JUMP - A_MOVE)
    return n + (stepping | capturing | ((friendly >> c) & 1))


@njit(cache=True, forceinline=True, _nrt=False)
def gen_main(s: np.ndarray, spec: np.ndarray, p: int, out: np.ndarray, n: int) -> int:
    """The main actions (YO-A2) cell by cell, the steps and jumps of each direction read off bit
    sets of the cells; captures only, if there are any, when they are compulsory (YO-F1)."""
    N = spec[P_N]
    camels, caravan = s[HAND + p] > 0, s[CHAND + p] > 0
    empty, own, enemy = board_sets(s, N, p)
    none = np.int64(0)
    if spec[P_CHOKO] and s[MUSTDEP] and (camels or caravan):       # CH-B1, CH-B4, CH-B6
        own = none                                                   # deploys only
    s0, j0 = steps_and_jumps(spec, 0, empty, own, enemy)
    s1, j1 = steps_and_jumps(spec, 1, empty, own, enemy)
    s2, j2 = steps_and_jumps(spec, 2, empty, own, enemy)
    s3, j3 = steps_and_jumps(spec, 3, empty, own, enemy)
    route_captures = spec[P_ROUTES] and s[NROUTES] >= 2               # YT-D1
    if spec[P_FORCED]:                                               # YO-F1
        n0 = n
        cells = j0 | j1 | j2 | j3 | (own if route_captures else none)
        while cells:
            c = lowest_bit(cells)
            cells &= cells - 1
            n = gen_captures_from(s, spec, c, p, out, n)
        if n > n0:
            return n
        j0 = j1 = j2 = j3 = none                                     # none exist
        route_captures = False
    f0 = f1 = f2 = f3 = none
    if spec[P_FRIENDLY]:                                             # YO-F5
        f0 = steps_and_jumps(spec, 0, empty, own, own)[1]
        f1 = steps_and_jumps(spec, 1, empty, own, own)[1]
        f2 = steps_and_jumps(spec, 2, empty, own, own)[1]
        f3 = steps_and_jumps(spec, 3, empty, own, own)[1]
    movers = s0 | s1 | s2 | s3 | j0 | j1 | j2 | j3 | f0 | f1 | f2 | f3
    if route_captures:
        movers |= own
    deploys = empty if camels or caravan else none                   # YO-B1, YR-1
    d0, d1, d2, d3 = spec[STEP], spec[STEP + 1], spec[STEP + 2], spec[STEP + 3]
    while True:
        # the deploys on the cells before the next camel that moves, then its moves
        c = lowest_bit(movers) if movers else N
        before = deploys & ((np.int64(1) << c) - 1)
        deploys ^= before
        while before:
            e = lowest_bit(before)
            before &= before - 1
            if camels:
                out[np.uint64(n)] = A_DEPLOY + e
                n += 1
            if caravan:
                out[np.uint64(n)] = A_CDEPLOY + e
                n += 1
        if not movers:
            return n
        movers &= movers - 1
        n = emit_direction(out, n, c, d0, s0, j0, f0)
        n = emit_direction(out, n, c, d1, s1, j1, f1)
        n = emit_direction(out, n, c, d2, s2, j2, f2)
        n = emit_direction(out, n, c, d3, s3, j3, f3)
        if route_captures:
            for k in range(4):
                r = route_capture(s, spec, c, k, p)
                if r >= 0:
                    out[n] = A_JUMP + 30 * c + r
                    n += 1


@njit(cache=True, _nrt=False)
def legal(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> int:
    if s[END] != ONGOING:
        return 0
    p = s[TO_MOVE]
    ph = s[PHASE]
    n = 0
    if ph == START:
        if spec[P_ROUTES] and not s[TRAV]:
            if not s[ROUTE1] and s[TOK + p] > 0:                    # YT-B1 step 1, YT-C3
                direct = has_main(s, spec, p, -1, -1, -1)
                for slot in range(spec[P_NSLOTS]):
                    if free_slot(s, slot) and (direct or route_then_main(s, spec, p, slot)):
                        out[n] = A_ROUTE + slot
                        n += 1
            for c in range(spec[P_N] if s[NROUTES] > 0 else 0):      # YT-C1..YT-C3
                if s[c] != 0 and owner(s[c]) == p and on_route(s, spec, c):
                    m = travel_targets(s, spec, c, -1)
                    for t in range(spec[P_N]):
                        if (m >> t) & 1 and has_main(s, spec, p, c, t, -1):     # YT-C3
                            out[n] = A_TRAVEL + 30 * c + t
                            n += 1
        return gen_main(s, spec, p, out, n)
    if ph == CHAIN:                                                  # YO-F2, YO-F4
        n = gen_captures_from(s, spec, s[ACTOR], p, out, 0)
        if not spec[P_FORCED]:
            out[n] = A_STOP
            n += 1
        return n
    if ph == REMOVE:                                                 # YO-C4, YR-3, YR-5
        o = 1 - p
        if s[ONB + o] - s[CARON + o] > 0:
            camels = equal_bits(s, 1 + o) & ((np.int64(1) << spec[P_N]) - 1)
            while camels:
                out[n] = A_REMOVE + lowest_bit(camels)
                camels &= camels - 1
                n += 1
        else:
            out[0] = A_HAND
            n = 1
        return n
    if ph == ROUTE4:                                                 # YT-B1 step 4
        for slot in range(spec[P_NSLOTS]):
            if free_slot(s, slot):
                out[n] = A_ROUTE + slot
                n += 1
        out[n] = A_STOP
        return n + 1
    # BONUS_PH, YT-E1
    a = s[ACTOR]
    for k in range(4):
        q = route_step(s, spec, a, k)
        if q >= 0:
            out[n] = A_TRAVEL + 30 * a + q
            n += 1
        r = route_capture(s, spec, a, k, p)
        if r >= 0:
            out[n] = A_JUMP + 30 * a + r
            n += 1
    out[n] = A_STOP
    return n + 1


@njit(cache=True, _nrt=False)
def bonus_exists(s: np.ndarray, spec: np.ndarray, a: int, p: int) -> bool:
    """YT-E1/YT-E2: a route step or a route capture for the camel that acted."""
    for k in range(4):
        if route_step(s, spec, a, k) >= 0 or route_capture(s, spec, a, k, p) >= 0:
            return True
    return False


# -- turn sequencing --------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def pack_position(s: np.ndarray, spec: np.ndarray, e: int) -> None:
    """YO-S2 (and CH-E1, YT-G2) packed into ENTRY words at s[e:]."""
    for w in range(3):
        v = 0
        for i in range(10):
            c = 10 * w + i
            if c < spec[P_N]:
                v |= s[c] << (3 * i)
        s[e + w] = v
    s[e + 3] = (s[HAND] | (s[HAND + 1] << 4) | (s[CHAND] << 8) | (s[CHAND + 1] << 9) | (s[TO_MOVE] << 10)
                | (s[HOLDER] << 11) | (s[MUSTDEP] << 13) | (s[TOK] << 14) | (s[TOK + 1] << 16))
    for w in range(2):
        v = 0
        for i in range(20):
            v |= s[ROUTES + 20 * w + i] << i
        s[e + 4 + w] = v


@njit(cache=True, forceinline=True, _nrt=False)
def finish(s: np.ndarray, reason: int, winner: int) -> None:
    s[END] = reason
    s[WINNER] = winner


@njit(cache=True, forceinline=True, _nrt=False)
def start_checks(s: np.ndarray, spec: np.ndarray) -> None:
    """YO-D4: at the start of a turn, YO-D2, then YO-E2, then YO-E3."""
    p = s[TO_MOVE]
    for q in range(2):
        if total(s, q) == 0:                                         # YO-D1 (diagram positions)
            finish(s, END_ALL_TAKEN, 1 - q)
            return
    if not can_act(s, spec, p):                                      # YO-D2, YT-F1
        t0, t1 = total(s, 0), total(s, 1)
        finish(s, END_NO_ACTION, 0 if t0 > t1 else 1 if t1 > t0 else 2)
        return
    if total(s, 0) <= 3 and total(s, 1) <= 3:                        # YO-E2
        n = s[HLEN]
        e = HIST + ENTRY * n
        if n < HCAP:
            pack_position(s, spec, e)
            if history.record(s, HLEN, SEEN, HIST, ENTRY) >= 3:
                finish(s, END_REPETITION, 2)
                return
        if s[NOCAP] >= 50:
            finish(s, END_LOW_50, 2)
            return
    if spec[P_NOCAP] > 0 and s[NOCAP] >= spec[P_NOCAP]:             # YO-E3
        finish(s, END_NO_CAPTURE, 2)


@njit(cache=True, forceinline=True, _nrt=False)
def end_turn(s: np.ndarray, spec: np.ndarray) -> None:
    p = s[TO_MOVE]
    o = 1 - p
    if s[CAPT]:                                                      # YO-E3: a capture resets
        s[NOCAP] = 0
        s[HLEN] = 0                                                  # captures are irreversible
    else:
        s[NOCAP] += 1
    if spec[P_CHOKO] and s[HOLDER] != NONE_HOLDER:                   # CH-E1
        oblige = False
        if s[HOLDER] == p:
            oblige = s[MAINTYPE] == 1
        elif not s[MUSTDEP] and s[MAINTYPE] == 1:                    # CH-B2: taking the token
            s[HOLDER] = p
            oblige = True
        s[MUSTDEP] = 1 if oblige and in_hand(s, o) > 0 else 0        # CH-B3, CH-B4
        if in_hand(s, 0) == 0 and in_hand(s, 1) == 0:                # CH-B5
            s[HOLDER] = NONE_HOLDER
            s[MUSTDEP] = 0
    s[PHASE] = START
    s[ACTOR] = -1
    s[PENDING] = 0
    s[CAPT] = 0
    s[ROUTE1] = 0
    s[TRAV] = 0
    s[BONUS] = 0
    s[MAINTYPE] = 0
    s[TO_MOVE] = o
    start_checks(s, spec)


# what follows an action (`apply`): each stage returns the next one, so that each has one
# place in `apply`, inlined (calls from stage to stage cost more than most stages)
DONE, REMOVALS, AFTER_MAIN, END_TURN = 0, 1, 2, 3


@njit(cache=True, forceinline=True, _nrt=False)
def after_main(s: np.ndarray, spec: np.ndarray) -> int:
    """After the main action and its removals: step 4 of YT-B1 when offered (YT-G1), or the end."""
    p = s[TO_MOVE]
    if spec[P_ROUTES] and not s[ROUTE1] and s[TOK + p] > 0:
        for slot in range(spec[P_NSLOTS]):
            if free_slot(s, slot):
                s[PHASE] = ROUTE4
                return DONE
    return END_TURN


@njit(cache=True, forceinline=True, _nrt=False)
def next_removal(s: np.ndarray, spec: np.ndarray) -> int:
    """YO-C4/YO-F3/YR-5: asks for the next owed removal, drops those that cannot be made."""
    o = 1 - s[TO_MOVE]
    if s[PENDING] > 0:
        if s[ONB + o] - s[CARON + o] > 0 or s[HAND + o] > 0:
            s[PHASE] = REMOVE
            return DONE
        s[PENDING] = 0
    return END_TURN if s[BONUS] else AFTER_MAIN


@njit(cache=True, forceinline=True, _nrt=False)
def capture(s: np.ndarray, spec: np.ndarray, f: int, t: int) -> bool:
    """YO-C1: jump from f to t over the cell between; returns False if the game ended (YO-D1)."""
    p = s[TO_MOVE]
    o = 1 - p
    q = (f + t) // 2                    # the middle cell, orthogonal or diagonal
    v = s[q]
    s[t] = s[f]
    s[f] = 0
    s[q] = 0
    s[ONB + o] -= 1
    if v >= 3:
        s[CARON + o] = 0                # YR-4: no bonus removal for the caravan
    else:
        s[PENDING] += 1                 # YO-C4, YO-F3
    s[CAPT] = 1
    s[ACTOR] = t
    if total(s, o) == 0:
        finish(s, END_ALL_TAKEN, p)
        return False
    return True


@njit(cache=True, forceinline=True, _nrt=False)
def play(s: np.ndarray, spec: np.ndarray, action: int) -> int:
    """The action itself; returns the stage that follows."""
    p = s[TO_MOVE]
    o = 1 - p
    ph = s[PHASE]
    if action >= A_ROUTE:                                            # YT-A1..YT-A4
        s[ROUTES + action - A_ROUTE] = 1
        s[NROUTES] += 1
        s[TOK + p] -= 1
        if ph == START:
            s[ROUTE1] = 1
            return DONE
        if bonus_exists(s, spec, s[ACTOR], p):                       # YT-E1
            s[PHASE] = BONUS_PH
            return DONE
        return END_TURN                                              # YT-E2
    if action == A_STOP:
        return REMOVALS if ph == CHAIN else END_TURN
    if action >= A_REMOVE:                                           # YO-C4
        if action == A_HAND:
            s[HAND + o] -= 1
        else:
            s[action - A_REMOVE] = 0
            s[ONB + o] -= 1
        s[PENDING] -= 1
        if total(s, o) == 0:                                         # YO-D1
            finish(s, END_ALL_TAKEN, p)
            return DONE
        return REMOVALS
    if action < A_MOVE:                                              # YO-B1, YR-1
        caravan = action >= A_CDEPLOY
        c = action - (A_CDEPLOY if caravan else A_DEPLOY)
        if caravan:
            s[c] = 3 + p
            s[CHAND + p] -= 1
            s[CARON + p] = 1
        else:
            s[c] = 1 + p
            s[HAND + p] -= 1
        s[ONB + p] += 1
        s[ACTOR] = c
        s[MAINTYPE] = 1
        return AFTER_MAIN
    if action >= A_TRAVEL:                                           # YT-C1, YT-E1 step
        f, t = divmod(action - A_TRAVEL, 30)
        s[t] = s[f]
        s[f] = 0
        if ph == BONUS_PH:
            return END_TURN
        s[TRAV] = 1
        return DONE
    if action < A_JUMP:                                              # YO-B2, YO-F5
        f, t = divmod(action - A_MOVE, 30)
        s[t] = s[f]
        s[f] = 0
        s[ACTOR] = t
        s[MAINTYPE] = 2
        return AFTER_MAIN
    f, t = divmod(action - A_JUMP, 30)                               # captures
    if ph == BONUS_PH:
        s[BONUS] = 1                                                 # no chain after a bonus capture
        return REMOVALS if capture(s, spec, f, t) else DONE
    s[MAINTYPE] = 2
    if not capture(s, spec, f, t):
        return DONE
    if spec[P_CHAIN] and can_capture_from(s, spec, t, p):           # YO-F2
        s[PHASE] = CHAIN
        return DONE
    return REMOVALS


@njit(cache=True, _nrt=False)
def apply(s: np.ndarray, spec: np.ndarray, action: int) -> int:
    stage = play(s, spec, action)
    if stage == REMOVALS:
        stage = next_removal(s, spec)
    if stage == AFTER_MAIN:
        stage = after_main(s, spec)
    if stage == END_TURN:
        end_turn(s, spec)
    return 0


@njit(cache=True, _nrt=False)
def to_move(s: np.ndarray, spec: np.ndarray) -> int:
    return TERMINAL if s[END] != ONGOING else s[TO_MOVE]


@njit(cache=True, _nrt=False)
def returns(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> None:
    out[0] = out[1] = 0.0
    if s[END] != ONGOING and s[WINNER] != 2:
        out[s[WINNER]] = 1.0
        out[1 - s[WINNER]] = -1.0


@njit(cache=True, _nrt=False)
def observe(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    """The observation tensor (4 NMAX + SMAX + 14 floats) from ``player``'s side: planes of
    his camels, enemy camels, his caravans, enemy caravans, then route slots; then the hands
    over 12 (camels, caravans; his first), tokens over 2, 1 if he is to move, the phase
    one-hot (5), and whether he or the enemy holds the Choko token."""
    p = player
    cells = (np.int64(1) << spec[P_N]) - 1
    for k in range(4):
        # plane k: the cells of value 1 + p, 2 - p, 3 + p, 4 - p, written 32 floats at a time,
        # the two past the plane written over by the next plane (the last plane's, by the routes)
        put_bits(out, k * NMAX, equal_bits(s, k + 1 + (p if k % 2 == 0 else -p)) & cells)
    put_bits(out, 4 * NMAX, equal_bits(s[ROUTES:], 1))        # a route slot is 0 or 1
    for i in range(32, SMAX):
        out[4 * NMAX + i] = s[ROUTES + i]
    b = 4 * NMAX + SMAX
    out[b] = s[HAND + p] * (1.0 / 12.0)        # (the same floats as / 12: no division)
    out[b + 1] = s[HAND + 1 - p] * (1.0 / 12.0)
    out[b + 2] = s[CHAND + p] * (1.0 / 12.0)
    out[b + 3] = s[CHAND + 1 - p] * (1.0 / 12.0)
    out[b + 4] = s[TOK + p] / 2.0
    out[b + 5] = s[TOK + 1 - p] / 2.0
    out[b + 6] = s[TO_MOVE] == p
    for i in range(5):
        out[b + 7 + i] = min(s[PHASE], 4) == i
    out[b + 12] = s[HOLDER] == p
    out[b + 13] = s[HOLDER] == 1 - p
