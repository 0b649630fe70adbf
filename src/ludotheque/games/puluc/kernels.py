"""Puluc (rules/puluc.md: PU, PS, PG, PT, PL) as numba kernels over a flat int32 state array.

A unit on a field position is three ints: its height, its colours as a bit mask (bit k = colour
of the k-th warrior from the bottom, 0 = yellow, 1 = blue) and its Guardian flags (same bits),
so a capture is one shift and one or. Cities hold counts; position 0 is yellow's city, N blue's.

Turn structure (PU-G1): a chance node (the throw, ids 0..4 = marked faces), then the mover's
action(s): one move, or a Guardian split in two parts (PG), then an optional temple bonus (PT).
A throw that leaves no move passes the turn automatically (PU-G4).

Fast path: the kernels allocate nothing and keep no array, so they are compiled without
numba's reference counting (``_nrt=False``) and their helpers are inlined (``forceinline``):
without the calls and the counts of the arrays they pass, random playouts of the kernels
alone ran 1.6-1.8x faster. So a Guardian's split is tested on the state itself and undone, not
on a copy.

Two bit sets in the state header, kept by the moves, spare the kernels their walks of the track:
``TOP + p``, the field positions whose unit p tops (who controls a warrior, PU-F1, is one test;
only his units are tried as moves), and ``MOVES``, the mover's legal actions, found once when
his phase begins (after the throw, the split's first part, the temple) by the search that tells
whether he can move at all (PU-G4), and only read by `legal` (their order is increasing).
With them a random playout ran about twice as fast and a batched environment's step (a throw,
then the mover's legal actions and observation) about twice as fast too (against 81f04d4).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core.bits import lowest_bit, popcount
from ...core.kernels import CHANCE, TERMINAL

# -- state layout ---------------------------------------------------------------------------
H = 0            # H + pos: height of the unit at pos (0 = empty); positions 0..14
C = 16           # C + pos: colour bits, bottom = bit 0
G = 32           # G + pos: Guardian bits
CITY = 48        # CITY + p: ordinary warriors in p's city
CITYG = 50       # CITYG + p: 1 if p's Guardian is in his city
REM = 52         # REM + p: p's warriors removed from the game
TO_MOVE = 54     # whose turn it is (also during his throw)
PHASE = 55
VALUE = 56       # value the mover plays now
PARTNERS = 57    # split: bit mask of the eligible partner positions (PG-B3)
HOME = 58        # mover's ordinary warriors that returned home this turn (PU-E5, PT-B1)
HOMEG = 59       # 1 if the mover's Guardian returned home this turn
TEMPLE_HIT = 60  # a part of this turn ended on the mover's temple (PT-B1, PT-B4)
TURNS = 61
END = 62         # end reason, below
WINNER = 63      # 0, 1, or -1 for a draw
LAST = 64        # value of the last throw (-1 = none yet)
LAST_BY = 65     # who threw it
TOP = 66         # TOP + p: bit set of the field positions whose unit p tops
MOVES = 68       # the mover's legal actions as a bit set (bit a = action a), 0 at a throw
SIZE = 69

# phases
THROW, MOVE, SPLIT2, BONUS = 0, 1, 2, 3
# end reasons
ONGOING, END_CONTROL, END_CAP = 0, 1, 2

# -- spec layout ----------------------------------------------------------------------------
NN, ZERO, MAX_TURNS, PAIRS, GUARDIANS, TEMPLES, LUDENS, TOTAL, TEMPLE0, TEMPLE1 = range(10)
SPEC_SIZE = 10

PROBS = np.array([1.0, 4.0, 6.0, 4.0, 1.0]) / 16.0   # PU-C2: binomial(4, 1/2)


def make_spec(n: int, zero: int, max_turns: int, pairs: bool, guardians: bool, temples: bool,
              ludens: bool, total: int) -> np.ndarray:
    spec = np.zeros(SPEC_SIZE, np.int64)
    spec[NN], spec[ZERO], spec[MAX_TURNS] = n, zero, max_turns
    spec[PAIRS], spec[GUARDIANS], spec[TEMPLES], spec[LUDENS] = pairs, guardians, temples, ludens
    spec[TOTAL] = total
    spec[TEMPLE0], spec[TEMPLE1] = n - 3, 3     # PT-A1, PS-E1: three before the enemy city
    return spec


def new_state() -> np.ndarray:
    s = np.zeros(SIZE, np.int32)
    s[LAST] = -1
    s[WINNER] = -1
    return s


# -- small helpers ----------------------------------------------------------------------------
@njit(cache=True, forceinline=True, _nrt=False)
def own_city(p, n):
    return 0 if p == 0 else n


@njit(cache=True, forceinline=True, _nrt=False)
def top_colour(s, pos):
    return (s[C + pos] >> (s[H + pos] - 1)) & 1


@njit(cache=True, forceinline=True, _nrt=False)
def top_guard(s, pos):
    return (s[G + pos] >> (s[H + pos] - 1)) & 1


@njit(cache=True, forceinline=True, _nrt=False)
def tops(s, p, pos):
    """Whether p tops the unit at field position pos (from the TOP bit sets)."""
    return (s[TOP + p] >> pos) & 1 != 0


@njit(cache=True, forceinline=True, _nrt=False)
def holds_colour(s, pos, p):
    """Whether the unit at pos holds a warrior of colour p."""
    full = (1 << s[H + pos]) - 1
    return (s[C + pos] & full) != 0 if p == 1 else (s[C + pos] & full) != full


@njit(cache=True, forceinline=True, _nrt=False)
def is_pair(cbits, h):
    """PS-B2: a unit whose top two warriors are of one colour."""
    return h >= 2 and ((cbits >> (h - 2)) & 1) == ((cbits >> (h - 1)) & 1)


@njit(cache=True, forceinline=True, _nrt=False)
def clamp(t, n):
    return 0 if t < 0 else (n if t > n else t)


@njit(cache=True, forceinline=True, _nrt=False)
def target_of(s, spec, p, a, v):
    """Where action ``a`` (a position, or N+1 = the Guardian's entry) of player p with value v
    ends: a field position, a city (an arrival), or -1 when it overshoots in Ludens (PL-B4)."""
    n = spec[NN]
    h = s[H + a]        # read before any branch: measured much faster than reading it inside
    oc = own_city(p, n)
    d = 1 - 2 * p
    if a == n + 1 or a == oc:
        return oc + d * v                       # PU-D1(a): entering never reaches a city
    if spec[LUDENS]:
        if h >= 2:                              # PL-C2: a stack travels home, PL-C6 overshoot ok
            return clamp(a - d * v, n)
        t = a + d * v                           # PL-B4: a single needs the exact count
        return t if 0 <= t <= n else -1
    return clamp(a + d * v, n)                  # PU-D2, PU-D5: overshoot ends in the city


@njit(cache=True, forceinline=True, _nrt=False)
def check(s, spec, p, a, v):
    """PU-D/PU-E/PS/PL legality of moving unit ``a`` (or entering) by v: 0 illegal, 1 legal,
    2 legal only when the player has no other move (PL-C5)."""
    n = spec[NN]
    h = s[H + a]        # read before any branch (see target_of)
    oc = own_city(p, n)
    if a == n + 1:                              # PG-C1: the Guardian enters
        if s[CITYG + p] == 0 or s[HOMEG] != 0:
            return 0
        hm, pair = 1, False
    elif a == oc:                               # an ordinary warrior enters (not one back home)
        if s[CITY + p] - s[HOME] <= 0:
            return 0
        hm, pair = 1, False
    elif 0 < a < n:
        hm = h
        if not tops(s, p, a):                   # PU-D1(b): a unit whose top is his
            return 0
        pair = is_pair(s[C + a], hm)
    else:
        return 0
    t = target_of(s, spec, p, a, v)
    if t < 0:
        return 0
    if t == 0 or t == n:
        return 1                                # arrival (PU-D5, PL-B4, PL-C6)
    ht = s[H + t]
    if ht == 0:
        return 1
    if tops(s, p, t):                           # PU-D4 / PL-B3, except PS-B1 single on single
        return 1 if spec[PAIRS] and hm == 1 and ht == 1 else 0
    if spec[LUDENS]:
        return 2 if hm >= 2 and ht == 1 else 1  # PL-C5: stack onto an enemy single
    if spec[PAIRS] and not pair and holds_colour(s, t, p):
        return 0                                # PS-D1: only a pair rescues
    return 1


@njit(cache=True, forceinline=True, _nrt=False)
def controls(s, spec, p):
    """PU-F1 / PL-D1: p controls a warrior in his city or in a unit topped by his colour."""
    return s[CITY + p] + s[CITYG + p] > 0 or s[TOP + p] != 0


@njit(cache=True, forceinline=True, _nrt=False)
def controlled_count(s, spec, p):
    """Warriors p controls (PU-G6): in his city, or of his colour under his top."""
    k = s[CITY + p] + s[CITYG + p]
    units = s[TOP + p]
    while units:
        pos = lowest_bit(units)
        units &= units - 1
        blue = popcount(s[C + pos])             # (no colour bits above the height)
        k += blue if p == 1 else s[H + pos] - blue
    return k


@njit(cache=True, forceinline=True, _nrt=False)
def arrive(s, p, h, cbits, gbits):
    """PU-E5 / PL-C6: warriors of p go home (they may not move again this turn), the others are
    removed from the game."""
    for i in range(h):
        col = (cbits >> i) & 1
        if col == p:
            if (gbits >> i) & 1:
                s[CITYG + p] = 1
                s[HOMEG] = 1
            else:
                s[CITY + p] += 1
                s[HOME] += 1
        else:
            s[REM + col] += 1


@njit(cache=True, forceinline=True, _nrt=False)
def do_move(s, spec, p, a, v):
    """Plays a move that `check` allows, then checks the end of the game (PU-F1, PL-D1)."""
    n = spec[NN]
    oc = own_city(p, n)
    t = target_of(s, spec, p, a, v)
    if a == n + 1:
        hm, cm, gm = 1, p, 1
        s[CITYG + p] = 0
    elif a == oc:
        hm, cm, gm = 1, p, 0
        s[CITY + p] -= 1
    else:
        hm, cm, gm = s[H + a], s[C + a], s[G + a]
        s[H + a] = 0
        s[C + a] = 0
        s[G + a] = 0
        s[TOP + p] &= ~(1 << a)
    if t == 0 or t == n:
        arrive(s, p, hm, cm, gm)
    else:
        ht = s[H + t]
        top = p
        if ht == 0:
            s[H + t], s[C + t], s[G + t] = hm, cm, gm
        elif spec[LUDENS] and hm >= 2 and ht == 1 and not tops(s, p, t):
            # PL-C5: the stack is captured, the enemy single goes on top of it
            s[C + t] = cm | (s[C + t] << hm)
            s[G + t] = gm | (s[G + t] << hm)
            s[H + t] = hm + 1
            top = 1 - p
        else:                                   # PU-E1, PU-E4, PS-B1: the mover goes on top
            s[C + t] = s[C + t] | (cm << ht)
            s[G + t] = s[G + t] | (gm << ht)
            s[H + t] = ht + hm
        s[TOP + top] |= 1 << t
        s[TOP + 1 - top] &= ~(1 << t)
        if spec[TEMPLES] and t == spec[TEMPLE0 + p] and top == p:
            s[TEMPLE_HIT] = 1                   # PT-B1
    if not controls(s, spec, p):                # PL-D1: a forced move can lose
        s[END], s[WINNER] = END_CONTROL, 1 - p
    elif not controls(s, spec, 1 - p):          # PU-F1
        s[END], s[WINNER] = END_CONTROL, p


@njit(cache=True, forceinline=True, _nrt=False)
def guardian_pos(s, spec, p):
    """PG-B2: where p's Guardian can split from (its city or the top of a field unit), or -1."""
    n = spec[NN]
    if s[CITYG + p]:
        return own_city(p, n)
    for pos in range(1, n):
        if tops(s, p, pos) and top_guard(s, pos):
            return pos
    return -1


@njit(cache=True, forceinline=True, _nrt=False)
def partners(s, spec, p, gpos):
    """PG-B3: bit mask of eligible partner positions (the own city = an entering warrior)."""
    n = spec[NN]
    oc = own_city(p, n)
    d = 1 - 2 * p
    mask = 0
    if gpos == oc:
        if s[CITY + p] > 0:
            mask |= 1 << oc
        f = oc + d
        if tops(s, p, f):
            mask |= 1 << f
        return mask
    for q in (gpos - 1, gpos + 1):
        if q == oc:
            if s[CITY + p] > 0:
                mask |= 1 << oc
        elif 0 < q < n and tops(s, p, q):
            mask |= 1 << q
    return mask


@njit(cache=True, forceinline=True, _nrt=False)
def partner_ok(s, spec, p, b, v):
    """The second part of a split: a recorded partner, not a unit the Guardian tops now."""
    if b != own_city(p, spec[NN]) and s[H + b] > 0 and top_guard(s, b):
        return False
    return check(s, spec, p, b, v) == 1


@njit(cache=True, _nrt=False)
def split_ok(s, spec, p, v, g):
    """PG-B1..PG-B6: the Guardian's part of g is legal and leaves a partner a move of v - g."""
    if g < 1 or g >= v:
        return False
    n = spec[NN]
    gpos = guardian_pos(s, spec, p)
    if gpos < 0:
        return False
    a = n + 1 if gpos == own_city(p, n) else gpos
    if check(s, spec, p, a, g) != 1:
        return False
    mask = partners(s, spec, p, gpos)
    if mask == 0 or (mask >> target_of(s, spec, p, a, g)) & 1:
        return False                            # PG-B5: not onto a partner (even a PS pair)
    # the Guardian's part is played on s and undone (the kernels allocate nothing, see above):
    # do_move changes only the units at a and at its target, the cities, the removed, this
    # turn's home counts and temple mark, the end of the game and the TOP bit sets
    t = target_of(s, spec, p, a, g)
    at_a, at_t = (s[H + a], s[C + a], s[G + a]), (s[H + t], s[C + t], s[G + t])
    rest = (s[CITY], s[CITY + 1], s[CITYG], s[CITYG + 1], s[REM], s[REM + 1], s[HOME],
            s[HOMEG], s[TEMPLE_HIT], s[END], s[WINNER], s[TOP], s[TOP + 1])
    do_move(s, spec, p, a, g)
    ok = False
    for b in range(n + 1):
        if (mask >> b) & 1 and partner_ok(s, spec, p, b, v - g):
            ok = True
            break
    s[H + a], s[C + a], s[G + a] = at_a
    s[H + t], s[C + t], s[G + t] = at_t
    (s[CITY], s[CITY + 1], s[CITYG], s[CITYG + 1], s[REM], s[REM + 1], s[HOME], s[HOMEG],
     s[TEMPLE_HIT], s[END], s[WINNER], s[TOP], s[TOP + 1]) = rest
    return ok


@njit(cache=True, forceinline=True, _nrt=False)
def moves(s, spec):
    """The mover's legal actions in phase MOVE or BONUS as a bit set, the bonus's skip left
    out: his units' and cities' moves (PU-D6 / PL-B5), the Guardian's splits in phase MOVE
    (PG), or, when nothing else moves, PL-C5's compulsory moves."""
    p = s[TO_MOVE]
    v = s[VALUE]
    n = spec[NN]
    todo = s[TOP + p] | (1 << own_city(p, n))   # only his units and his city can move
    if spec[GUARDIANS]:
        todo |= 1 << (n + 1)
    found = 0
    forced = 0
    while todo:
        a = lowest_bit(todo)
        todo &= todo - 1
        c = check(s, spec, p, a, v)
        if c == 1:
            found |= 1 << a
        elif c == 2:
            forced |= 1 << a
    if spec[GUARDIANS] and s[PHASE] == MOVE:
        for g in range(1, min(5, v - 1) + 1):
            if split_ok(s, spec, p, v, g):
                found |= 1 << (n + 1 + g)
    return found if found else forced


@njit(cache=True, forceinline=True, _nrt=False)
def partner_moves(s, spec):
    """PG-C2: the partners' moves of the split's second part, as a bit set."""
    p = s[TO_MOVE]
    todo = s[PARTNERS]
    found = 0
    while todo:
        b = lowest_bit(todo)
        todo &= todo - 1
        if partner_ok(s, spec, p, b, s[VALUE]):
            found |= 1 << b
    return found


@njit(cache=True, forceinline=True, _nrt=False)
def end_turn(s, spec):
    s[TO_MOVE] = 1 - s[TO_MOVE]
    s[PHASE] = THROW
    s[VALUE] = 0
    s[PARTNERS] = 0
    s[HOME] = 0
    s[HOMEG] = 0
    s[TEMPLE_HIT] = 0
    s[MOVES] = 0
    s[TURNS] += 1
    if spec[MAX_TURNS] > 0 and s[TURNS] >= spec[MAX_TURNS]:   # PU-G6
        a, b = controlled_count(s, spec, 0), controlled_count(s, spec, 1)
        s[END] = END_CAP
        s[WINNER] = 0 if a > b else 1 if b > a else -1


# -- the kernel contract ----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def to_move(s, spec):
    if s[END] != ONGOING:
        return TERMINAL
    if s[PHASE] == THROW:
        return CHANCE
    return s[TO_MOVE]


@njit(cache=True, _nrt=False)
def legal(s, spec, out):
    if s[END] != ONGOING:
        return 0
    if s[PHASE] == THROW:                       # PU-G2: ids 0..4 = marked faces
        for i in range(5):
            out[i] = i
        return 5
    found = s[MOVES]                            # (in increasing order, as they were listed)
    n = 0
    while found:
        out[n] = lowest_bit(found)
        found &= found - 1
        n += 1
    return n


@njit(cache=True, _nrt=False)
def apply(s, spec, action):
    n = spec[NN]
    if s[PHASE] == THROW:
        v = action if action > 0 else spec[ZERO]   # PU-C1
        s[VALUE] = v
        s[LAST] = v
        s[LAST_BY] = s[TO_MOVE]
        s[PHASE] = MOVE
        s[MOVES] = moves(s, spec) if v != 0 else 0
        if s[MOVES] == 0:                           # PU-C3, PU-D6, PU-G4
            end_turn(s, spec)
        return 0
    p = s[TO_MOVE]
    ph = s[PHASE]
    v = s[VALUE]
    if ph == BONUS and action == n + 7:
        end_turn(s, spec)
        return 0
    if n + 2 <= action <= n + 6:                    # PG-C2: the Guardian's part first
        g = action - n - 1
        gpos = guardian_pos(s, spec, p)
        s[PARTNERS] = partners(s, spec, p, gpos)    # fixed before anything moves (PG-B3)
        do_move(s, spec, p, n + 1 if gpos == own_city(p, n) else gpos, g)
        s[VALUE] = v - g
        s[PHASE] = SPLIT2
        # PG-B7: a win ends the game here
        s[MOVES] = partner_moves(s, spec) if s[END] == ONGOING else 0
        return 0
    do_move(s, spec, p, action, v)
    if s[END] != ONGOING:
        s[MOVES] = 0
        return 0
    if ph != BONUS and s[TEMPLE_HIT]:               # PT-B1, PT-B3, PT-B4, PT-C1
        s[PHASE] = BONUS
        s[VALUE] = 1
        found = moves(s, spec)
        if found:
            s[MOVES] = found | (1 << (n + 7))       # PT-B2: the bonus may be declined
            return 0
    end_turn(s, spec)
    return 0


@njit(cache=True, _nrt=False)
def returns(s, spec, out):
    w = s[WINNER]
    if s[END] == ONGOING or w < 0:
        out[0] = 0.0
        out[1] = 0.0
    else:
        out[w] = 1.0
        out[1 - w] = -1.0


@njit(cache=True, _nrt=False)
def chance_probs(s, spec, out):
    if s[END] != ONGOING or s[PHASE] != THROW:
        return 0
    for i in range(5):
        out[i] = PROBS[i]
    return 5


# The search evaluation is in evaluation.py.


SEVENTHS = np.arange(16) / 7.0     # k / 7, the very values of the division (a table: no
SIXTHS = np.arange(8) / 6.0        # division per count)
# a field unit's four entries by (his warriors, the enemy's, whether he tops it): one row
# copied, not four values computed (a fifth of the observation's time)
UNIT = np.zeros((16, 16, 2, 4), np.float32)
UNIT[..., 0] = SEVENTHS[:, None, None]
UNIT[..., 1] = SEVENTHS[None, :, None]
UNIT[:, :, 1, 2] = 1.0
UNIT[:, :, 0, 3] = 1.0
UNIT[0, 0, 0, 3] = 0.0                  # (an empty position: no top)


@njit(cache=True)
def observe(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    """The observation tensor (72 floats) from ``player``'s side, for each track position
    1..14 counted from his city: his warriors and the enemy's there over 7, top his, top the
    enemy's; then both cities over 7, both Guardians at home, both removed over 7 (his
    first), 1 if he is to move (or to throw), the phase one-hot, the throw's value over 6.
    Every entry is written once (no clearing first), a unit's from its counts and its top."""
    p, n = player, spec[NN]
    for i in range(4):                          # (position 0 is a city)
        out[i] = 0.0
    for i in range(4 * n, 60):                  # (beyond a shorter track)
        out[i] = 0.0
    for pos in range(1, n):
        h = s[H + pos]
        blue = popcount(s[C + pos])             # (no colour bits above the height)
        mine = h - blue if p == 0 else blue
        row = UNIT[mine, h - mine, (s[TOP + p] >> pos) & 1]
        at = 4 * (pos if p == 0 else n - pos)
        for k in range(4):
            out[at + k] = row[k]
    out[60] = SEVENTHS[s[CITY + p]]
    out[61] = SEVENTHS[s[CITY + 1 - p]]
    out[62] = s[CITYG + p]
    out[63] = s[CITYG + 1 - p]
    out[64] = SEVENTHS[s[REM + p]]
    out[65] = SEVENTHS[s[REM + 1 - p]]
    out[66] = s[TO_MOVE] == p
    for i in range(4):
        out[67 + i] = 0.0
    out[67 + s[PHASE]] = 1.0
    out[71] = SIXTHS[s[VALUE]]
