"""Nam-Nam (rules/oware.md part 2, NN-*) as numba kernels over a flat int32 state array.

State layout: houses 0..11 (absolute index, counter-clockwise, `A`..`F` = 0..5, `a`..`f` =
6..11), their owners, both stores, player to move, round number, moves played, end reason,
how the previous round ended and its final stores (display only), then the repetition record
of the round (NN-H4). Stores only grow within a round, so the record is emptied whenever a
four is taken (earlier positions cannot come back) and entries need only the 12 counts and
the player to move: 3 int32 words each, as in Abapa. Owners are constant within a round.

Fast paths: `fast_step` (the batched games' step) is `apply`'s move (`play`), the player to
move, his legal actions and his observation in one call inlined into the step, the turn and
what follows it (`sow_turn`, `settle`) inlined too: as calls, each passed and counted its
arrays. A turn longer than FAST_RELAYS relays is replayed by a real call (`replay_turn`: it
allocates its record of relay points).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core import history
from ...core.kernels import TERMINAL

OWNER = 12          # OWNER + h = owner of house h
STORE = 24          # STORE + p = store of player p
TO_MOVE = 26
ROUND = 27
PLY = 28
END = 29            # game end reason, below
LAST_ROUND_END = 30  # how the previous round ended (R_* below), 0 in round 1
PREV_STORE = 31     # 2 words: the stores at the end of the previous round
HLEN = 33
SEEN = 34           # 2 words: the record's filter (core.history)
HIST = 36
ENTRY = 3
INITIAL_CAPACITY = 32

# game end reasons
ONGOING, END_ALL_SEEDS, END_MOVE_CAP = 0, 1, 2
# round end reasons (a turn's result, and LAST_ROUND_END)
R_NONE, R_LAST_FOUR, R_BLOCKED, R_ENDLESS_SOWING, R_REPETITION = 0, 1, 2, 3, 4
# spec
MAX_PLIES = 0


def new_state(houses: np.ndarray, owners: np.ndarray, stores: tuple[int, int], to_move: int,
              round_number: int) -> np.ndarray:
    s = np.zeros(HIST + ENTRY * INITIAL_CAPACITY, np.int32)
    s[0:12] = houses
    s[OWNER:OWNER + 12] = owners
    s[STORE], s[STORE + 1] = stores
    s[TO_MOVE] = to_move
    s[ROUND] = round_number
    return s


@njit(cache=True, forceinline=True)
def has_move(s: np.ndarray, p: int) -> bool:
    for h in range(12):
        if s[OWNER + h] == p and s[h] > 0:
            return True
    return False


@njit(cache=True, forceinline=True)
def moves(s: np.ndarray, p: int, out: np.ndarray) -> int:
    """The legal actions of player `p` in a game still on (`legal`'s list)."""
    n = 0
    for h in range(12):
        if s[OWNER + h] == p and s[h] > 0:              # NN-C1, NN-H1
            out[n] = h
            n += 1
    return n


@njit(cache=True)
def legal(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> int:
    if s[END] != ONGOING:
        return 0
    return moves(s, s[TO_MOVE], out)


@njit(cache=True, forceinline=True)
def pack6(s: np.ndarray, first: int) -> np.int64:
    """6 bits a house (at most 48 seeds) for houses first..first+5."""
    w = np.int64(0)
    for h in range(first, first + 6):
        w = (w << 6) | s[h]
    return w


R_TOO_LONG = -1      # sow_laps without a record met more relays than FAST_RELAYS
FAST_RELAYS = 32


@njit(cache=True, forceinline=True)
def sow_laps(s: np.ndarray, house: int, record: bool, hist: np.ndarray) -> int:
    """Plays a whole turn from `house` (NN-C, NN-D, NN-E1, NN-H3). Returns R_NONE, or
    R_LAST_FOUR / R_ENDLESS_SOWING when the turn ends the round. With `record` it keeps the
    relay points in `hist` (grown when full); without, it gives up (R_TOO_LONG) after
    FAST_RELAYS relays."""
    p = s[TO_MOVE]
    hand = s[house]
    s[house] = 0
    start = house
    pos = house
    nh = 0
    while True:
        while hand > 0:
            pos = pos + 1 if pos < 11 else 0
            if pos == start:                            # NN-C3: a lap skips its start house
                pos = pos + 1 if pos < 11 else 0
            hand -= 1
            if s[pos] == 3:                             # NN-D3: only 3 -> 4 makes a four
                # NN-D1: mid-sowing the owner takes it; NN-D2: the last seed's four is the mover's
                taker = p if hand == 0 else s[OWNER + pos]
                s[pos] = 0
                s[STORE + taker] += 4
                if s[STORE] + s[STORE + 1] == 44:       # NN-E1: 4 left in play go to the taker
                    s[STORE + taker] += 4
                    for h in range(12):
                        s[h] = 0
                    return R_LAST_FOUR
                if hand == 0:
                    return R_NONE
            else:
                s[pos] += 1
        if s[pos] == 1:                                 # NN-C5: last seed in an empty house
            return R_NONE
        # NN-C4 relay from `pos`; NN-H3: a relay point met before in this turn never ends
        if record:
            w0 = pack6(s, 0)
            w1 = (pack6(s, 6) << 4) | pos
            for i in range(nh):
                if hist[2 * i] == w0 and hist[2 * i + 1] == w1:
                    return R_ENDLESS_SOWING
            if 2 * nh + 2 > hist.shape[0]:
                bigger = np.empty(2 * hist.shape[0], hist.dtype)
                for i in range(2 * nh):   # a loop: see core.kernels.grow
                    bigger[i] = hist[i]
                hist = bigger
            hist[2 * nh] = w0
            hist[2 * nh + 1] = w1
        elif nh == FAST_RELAYS:
            return R_TOO_LONG
        nh += 1
        hand = s[pos]
        s[pos] = 0
        start = pos


@njit(cache=True, forceinline=True)
def sow_turn(s: np.ndarray, house: int) -> int:
    """A turn from `house`. Almost every turn ends within a few relays: those are played
    without keeping relay points (no allocation); a longer one is replayed by `replay_turn`."""
    w0 = pack6(s, 0)
    w1 = pack6(s, 6)
    stores0, stores1 = s[STORE], s[STORE + 1]
    why = sow_laps(s, house, False, s[:0])          # (an empty view: nothing allocated)
    if why != R_TOO_LONG:
        return why
    return replay_turn(s, house, w0, w1, stores0, stores1)


@njit(cache=True)
def replay_turn(s: np.ndarray, house: int, w0: np.int64, w1: np.int64, stores0: int,
                stores1: int) -> int:
    """A long turn from `house`, replayed from the position saved before it (its houses
    packed in w0, w1, its stores) with NN-H3's record of relay points."""
    for h in range(11, -1, -1):                         # restore the position
        if h >= 6:
            s[h] = w1 & 63
            w1 >>= 6
        else:
            s[h] = w0 & 63
            w0 >>= 6
    s[STORE], s[STORE + 1] = stores0, stores1
    return sow_laps(s, house, True, np.empty(64, np.int64))    # relay points (NN-H3)


@njit(cache=True, forceinline=True)
def take_owned(s: np.ndarray) -> None:
    """Each player takes the seeds in the houses he owns (NN-E2, NN-H3, NN-H4, NN-H6)."""
    for h in range(12):
        s[STORE + s[OWNER + h]] += s[h]
        s[h] = 0


@njit(cache=True, forceinline=True)
def round_stores(s: np.ndarray) -> None:
    """NN-H5: the richer player rounds up to a multiple of 4, the other down."""
    r = s[STORE] % 4
    if r != 0:
        shift = 4 - r if s[STORE] > s[STORE + 1] else -r
        s[STORE] += shift
        s[STORE + 1] -= shift


@njit(cache=True, forceinline=True)
def set_up_round(s: np.ndarray) -> None:
    """NN-F2..NN-F7: each fills his row from his left, the richer fills the rest."""
    south, north = s[STORE] // 4, s[STORE + 1] // 4
    for h in range(12):
        s[h] = 4
    for r in range(6):
        s[r] = 4
        s[OWNER + r] = 0 if r < south else 1            # South's row: North fills what South could not
        s[OWNER + 6 + r] = 1 if r < north else 0        # North's row, from North's left (a = 6)
    s[STORE] = s[STORE + 1] = 0
    s[ROUND] += 1
    s[TO_MOVE] = (s[ROUND] - 1) % 2
    s[HLEN] = 0


@njit(cache=True, forceinline=True)
def record_position(s: np.ndarray) -> bool:
    """NN-H4: counts the current position; True at its third occurrence in the round."""
    k0 = (s[0] << 24) | (s[1] << 18) | (s[2] << 12) | (s[3] << 6) | s[4]
    k1 = (s[5] << 24) | (s[6] << 18) | (s[7] << 12) | (s[8] << 6) | s[9]
    k2 = (s[10] << 7) | (s[11] << 1) | s[TO_MOVE]
    base = HIST + ENTRY * s[HLEN]
    s[base], s[base + 1], s[base + 2] = k0, k1, k2
    return history.record(s, HLEN, SEEN, HIST, ENTRY) >= 3


@njit(cache=True, forceinline=True)
def settle(s: np.ndarray, spec: np.ndarray, why: int) -> int:
    """Everything between two moves: round ends (NN-E, NN-H3..H5), the next round (NN-F),
    the end of the game (NN-G1), repetition (NN-H4) and the move cap (NN-H6)."""
    if why == R_NONE and not has_move(s, s[TO_MOVE]):
        why = R_BLOCKED                                 # NN-E2
        take_owned(s)
    elif why == R_ENDLESS_SOWING:
        take_owned(s)
        round_stores(s)
    if why == R_NONE and record_position(s):
        why = R_REPETITION
        take_owned(s)
        round_stores(s)
    if why != R_NONE:                                   # NN-E3: all 48 seeds are in the stores
        s[LAST_ROUND_END] = why
        s[PREV_STORE], s[PREV_STORE + 1] = s[STORE], s[STORE + 1]
        if s[STORE] == 0 or s[STORE + 1] == 0:          # NN-F1, NN-G1
            s[END] = END_ALL_SEEDS
            return 0
        set_up_round(s)
        record_position(s)                              # the round's first position counts
    if spec[MAX_PLIES] > 0 and s[PLY] >= spec[MAX_PLIES]:
        take_owned(s)                                   # NN-H6
        s[END] = END_MOVE_CAP
        return 0
    return history.room(s, HLEN, HIST, ENTRY)


@njit(cache=True, forceinline=True)
def play(s: np.ndarray, spec: np.ndarray, action: int) -> int:
    """`apply`'s move, inlined into `apply` and `fast_step`."""
    p = s[TO_MOVE]
    stores = s[STORE] + s[STORE + 1]
    why = sow_turn(s, action)
    s[PLY] += 1
    s[TO_MOVE] = 1 - p
    if s[STORE] + s[STORE + 1] != stores:
        s[HLEN] = 0                                     # stores grew: no earlier position returns
    return settle(s, spec, why)


@njit(cache=True)
def apply(s: np.ndarray, spec: np.ndarray, action: int) -> int:
    return play(s, spec, action)


@njit(cache=True)
def to_move(s: np.ndarray, spec: np.ndarray) -> int:
    return TERMINAL if s[END] != ONGOING else s[TO_MOVE]


@njit(cache=True)
def returns(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> None:
    out[0] = out[1] = 0.0
    if s[END] != ONGOING:                               # NN-G1, NN-H6, NN-H7
        if s[STORE] > s[STORE + 1]:
            out[0], out[1] = 1.0, -1.0
        elif s[STORE] < s[STORE + 1]:
            out[0], out[1] = -1.0, 1.0


INV48 = 1.0 / 48.0


@njit(cache=True, forceinline=True)
def observe_into(s: np.ndarray, player: int, out: np.ndarray) -> None:
    """`observe`'s tensor: times 1/48, not over 48 (the same float32 values without a
    division each, see Abapa's observe)."""
    p = player
    for i in range(6):
        mine, theirs = 6 * p + i, 6 * (1 - p) + i
        out[i] = s[mine] * INV48
        out[6 + i] = s[theirs] * INV48
        out[12 + i] = s[OWNER + mine] == p
        out[18 + i] = s[OWNER + theirs] == p
    out[24] = min(s[STORE + p] * INV48, 1.0)
    out[25] = min(s[STORE + 1 - p] * INV48, 1.0)
    out[26] = min(s[ROUND] / 10.0, 1.0)
    out[27] = s[TO_MOVE] == p


@njit(cache=True)
def observe(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    """The observation tensor (28 floats) from ``player``'s side: 12 house counts over 48
    (his row first), 12 owners (1 = his), his store and the opponent's over 48, the round over
    10 (both saturating), 1 if he is to move."""
    observe_into(s, player, out)


# inlined by LLVM into the batched step, as Abapa's (called, the step passes and counts
# references to four arrays)
@njit(cache=True, forceinline=True)
def fast_step(s: np.ndarray, spec: np.ndarray, action: int, out: np.ndarray, obs: np.ndarray,
              observing: bool) -> tuple[int, int, int]:
    """`Kernels.fast_step`: `apply`, `to_move`, `legal` and `observe` in one call."""
    need = play(s, spec, action)
    if need > s.shape[0]:
        return need, 0, 0
    if s[END] != ONGOING:
        return need, TERMINAL, 0
    p = s[TO_MOVE]
    n = moves(s, p, out)
    if observing:
        observe_into(s, p, obs)
    return need, p, n
