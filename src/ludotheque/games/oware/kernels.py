"""Oware Abapa (rules/oware.md, OW-*) as numba kernels over a flat int32 state array.

State layout: houses 0..11 (index h counter-clockwise, South 0..5, North 6..11), the two
stores, player to move, moves played, end reason (0 = game on), then the repetition record
(OW-G4): the positions met since the last harvest, each packed exactly into 3 int32 words
(12 house counts of 6 bits + the player to move). Stores are constant between harvests, so
they need not be stored per entry.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core import history
from ...core.bits import popcount
from ...core.kernels import TERMINAL, below, grow, xorshift

STORE = 12          # STORE + p = store of player p
TO_MOVE = 14
PLY = 15
END = 16            # end reason, below
HLEN = 17           # number of entries in the repetition record
SEEN = 18           # 2 words: the record's filter (core.history)
HIST = 20
ENTRY = 3
INITIAL_CAPACITY = 32

# end reasons
ONGOING, END_25, END_AUTO_HARVEST, END_EMPTY, END_REPETITION, END_MOVE_CAP = 0, 1, 2, 3, 4, 5
# spec[GRAND_SLAM]
LEMERY, FORBID_CAPTURE, ALLOW = 0, 1, 2
GRAND_SLAM, REPETITION, MAX_PLIES = 0, 1, 2


def new_state(houses: np.ndarray, stores: tuple[int, int], to_move: int) -> np.ndarray:
    """A state array for a position, with that position as the first repetition entry."""
    s = np.zeros(HIST + ENTRY * INITIAL_CAPACITY, np.int32)
    s[0:12] = houses
    s[STORE], s[STORE + 1] = stores
    s[TO_MOVE] = to_move
    return s


# The helpers below are inlined by numba (inline="always"), not by LLVM (forceinline=True)
# as in the other games: measured, LLVM's inlining made Oware's playouts 0.72x as fast (the
# other games gain up to 1.24x from it, and compile several times faster).
@njit(cache=True, inline="always")
def row_sum(s: np.ndarray, player: int) -> int:
    t = 0
    for h in range(6 * player, 6 * player + 6):
        t += s[h]
    return t


@njit(cache=True, inline="always")
def feeds(seeds: int, offset: int) -> bool:
    """OW-E1: a house at offset r holding n seeds reaches the opponent's row iff n >= 6 - r."""
    return seeds >= 6 - offset


@njit(cache=True)
def legal(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> int:
    if s[END] != ONGOING:
        return 0
    p = s[TO_MOVE]
    fed = row_sum(s, 1 - p) > 0
    n = 0
    for r in range(6):   # branch-free: random seed counts make branches mispredict
        seeds = s[6 * p + r]
        out[n] = r
        n += (seeds > 0) & (fed | feeds(seeds, r))     # OW-C1, OW-E1, OW-E3
    return n


def _sowing_tables() -> tuple[np.ndarray, np.ndarray]:
    """OW-C2/OW-C3 spelled out once for every origin and seed count (at most 48): the seeds
    each house receives, and the house of the last seed. Sowing is then one fixed-length,
    vectorised loop: no data-dependent branch to mispredict (measured 29 -> 12 ns a move)."""
    add = np.zeros((12, 49, 12), np.int8)
    last = np.zeros((12, 49), np.int64)
    for origin in range(12):
        for n in range(1, 49):
            pos, left = origin, n
            while left:
                pos = (pos + 1) % 12
                if pos != origin:                       # the origin is skipped on every lap
                    add[origin, n, pos] += 1
                    left -= 1
            last[origin, n] = pos
    return add, last


SOW_ADD, SOW_LAST = _sowing_tables()


@njit(cache=True, inline="always")
def sow(s: np.ndarray, origin: int) -> int:
    """Sows the origin's seeds counter-clockwise, skipping the origin (OW-C2, OW-C3).
    Returns the house of the last seed."""
    n = s[origin]
    s[origin] = 0
    for h in range(12):
        s[h] += SOW_ADD[origin, n, h]
    return SOW_LAST[origin, n]


@njit(cache=True, inline="always")
def harvest(s: np.ndarray, spec: np.ndarray, last: int, mover: int) -> int:
    """OW-D1..OW-D6: takes the harvest ending at house `last`; returns the seeds taken."""
    lo = 6 * (1 - mover)
    if last < lo or last >= lo + 6:                     # OW-D3: own row, no harvest
        return 0
    mode = spec[GRAND_SLAM]
    opp_total = row_sum(s, 1 - mover)
    taken = 0
    if mode == LEMERY:                                  # OW-D4: at most 5, never the last seeds
        h = last
        houses = 0
        while h >= lo and (s[h] == 2 or s[h] == 3) and houses < 5:
            if opp_total - taken - s[h] == 0:
                break
            taken += s[h]
            s[h] = 0
            houses += 1
            h -= 1
        return taken
    chain = 0
    h = last
    while h >= lo and (s[h] == 2 or s[h] == 3):
        chain += s[h]
        h -= 1
    if mode == FORBID_CAPTURE and chain == opp_total:   # OW-D5: grand slam takes nothing
        return 0
    for k in range(h + 1, last + 1):                    # OW-D2 / OW-D6
        s[k] = 0
    return chain


@njit(cache=True, inline="always")
def end_by_rows(s: np.ndarray, reason: int) -> None:
    """OW-G4/OW-G5: each player adds the seeds of his own row to his store."""
    for h in range(12):
        s[STORE + h // 6] += s[h]
        s[h] = 0
    s[END] = reason


@njit(cache=True, inline="always")
def packed_word(s: np.ndarray, first: int) -> int:
    """6 bits a house for houses first..first+4 (a house holds at most 48 seeds)."""
    return (s[first] << 24) | (s[first + 1] << 18) | (s[first + 2] << 12) | (s[first + 3] << 6) | s[first + 4]


@njit(cache=True, inline="always")
def record_position(s: np.ndarray, spec: np.ndarray) -> None:
    """OW-G4: counts the current position in the repetition record; ends the game at the
    `repetition`-th occurrence. The array always has room for one more entry (see apply)."""
    k0 = packed_word(s, 0)
    k1 = packed_word(s, 5)
    k2 = (s[10] << 7) | (s[11] << 1) | s[TO_MOVE]
    base = HIST + ENTRY * s[HLEN]
    s[base], s[base + 1], s[base + 2] = k0, k1, k2
    if history.record(s, HLEN, SEEN, HIST, ENTRY) >= spec[REPETITION]:
        end_by_rows(s, END_REPETITION)


@njit(cache=True, inline="always")
def settle(s: np.ndarray, spec: np.ndarray) -> int:
    """Everything that happens between two moves: 25 seeds, turn skip, automatic harvest,
    repetition and move cap (OW-F1, OW-E4, OW-E2, OW-F3, OW-G4, OW-G5)."""
    if s[STORE] >= 25 or s[STORE + 1] >= 25:            # OW-F1
        s[END] = END_25
        return 0
    p = s[TO_MOVE]
    # OW-E4: only `allow` can leave the player to move with an empty row (the other modes
    # never empty the opponent, and an empty row must be fed by OW-E1).
    if spec[GRAND_SLAM] == ALLOW and row_sum(s, p) == 0:
        if row_sum(s, 1 - p) == 0:                      # OW-F3
            s[END] = END_EMPTY
            return 0
        p = 1 - p                                       # turn skipped
        s[TO_MOVE] = p
    if row_sum(s, 1 - p) == 0:
        can_feed = False
        for r in range(6):
            if feeds(s[6 * p + r], r):
                can_feed = True
        if not can_feed:                                # OW-E2: automatic harvest
            s[STORE + p] += row_sum(s, p)
            for h in range(6 * p, 6 * p + 6):
                s[h] = 0
            s[END] = END_AUTO_HARVEST
            return 0
    record_position(s, spec)
    if s[END] == ONGOING and spec[MAX_PLIES] > 0 and s[PLY] >= spec[MAX_PLIES]:
        end_by_rows(s, END_MOVE_CAP)                    # OW-G5
    return history.room(s, HLEN, HIST, ENTRY)


@njit(cache=True)
def apply(s: np.ndarray, spec: np.ndarray, action: int) -> int:
    p = s[TO_MOVE]
    last = sow(s, 6 * p + action)
    taken = harvest(s, spec, last, p)
    s[STORE + p] += taken
    s[PLY] += 1
    s[TO_MOVE] = 1 - p
    if taken > 0:
        s[HLEN] = 0                                     # only positions since a harvest repeat
    return settle(s, spec)


@njit(cache=True)
def to_move(s: np.ndarray, spec: np.ndarray) -> int:
    return TERMINAL if s[END] != ONGOING else s[TO_MOVE]


@njit(cache=True)
def returns(s: np.ndarray, spec: np.ndarray, out: np.ndarray) -> None:
    out[0] = out[1] = 0.0
    if s[END] != ONGOING:                               # OW-F1/OW-F2/OW-G6
        if s[STORE] > s[STORE + 1]:
            out[0], out[1] = 1.0, -1.0
        elif s[STORE] < s[STORE + 1]:
            out[0], out[1] = -1.0, 1.0


# -- the random playout of `Kernels.fast_playout`: the same games as the generic loop --------
#
# The position lives in registers for the whole playout: each row is one int64 holding six
# bytes (house r of the row in byte r; a house holds at most 48 seeds, a row sum fits a byte,
# so byte-wise additions never carry), the mover's row `mine` and the other `theirs` swapped
# each ply. Legal moves are a 6-bit mask, sowing is two table additions, a harvest chain is
# found from a byte-wise "holds 2 or 3" mask. The repetition record is kept as
# (mine | player << 48, theirs) pairs in a scratch array with a 64-bit filter, and written back
# to the state array (through `history.record`, so the array is the generic loop's) at the end.

ROW_ONES = 0x010101010101
HIGH_BITS = 0x808080808080
SEVEN_BITS = 0x7F7F7F7F7F7F            # + byte b sets its high bit iff b >= 1
FEED_ADD = sum((0x80 - (6 - r)) << (8 * r) for r in range(6))  # ... iff b >= 6 - r (OW-E1)
NOT_ONES = 0xFEFEFEFEFEFE
TWOS = 0x020202020202
GATHER = sum(1 << (40 - 7 * r) for r in range(6))    # byte r's bit 0 -> bit 40 + r
MIX_KEY = 0x9E3779B97F4A7C15 - (1 << 64)            # int64 constants: numba turns mixed
MIX_OTHER = 0xC2B2AE3D27D4EB4F - (1 << 64)          # int64/uint64 arithmetic into floats


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """SELECT[8m + k]: the k-th set bit of a 6-bit mask m, in ascending order. SOW_OWN,
    SOW_OTHER, SOW_LAST_HOUSE [64r + n]: SOW_ADD/SOW_LAST from the mover's side (the same for
    both players): the bytes a sowing of n seeds from house r adds to the mover's row and to
    the other's, and the house of the last seed (0..5 the mover's row, 6..11 the other's).
    UP_TO[last]: the other row's houses up to the last seed (none in the mover's row);
    CHAIN_REACH[12 mode + last]: those a chain may take (OW-D4: at most 5 for `lemery`)."""
    select = np.zeros(64 * 8, np.int64)
    for m in range(64):
        bits = [r for r in range(6) if m >> r & 1]
        select[8 * m: 8 * m + len(bits)] = bits
    own, other, last = (np.zeros(6 * 64, np.int64) for _ in range(3))
    for r in range(6):
        for n in range(49):
            own[64 * r + n] = sum(int(SOW_ADD[r, n, h]) << (8 * h) for h in range(6))
            other[64 * r + n] = sum(int(SOW_ADD[r, n, 6 + h]) << (8 * h) for h in range(6))
            last[64 * r + n] = SOW_LAST[r, n]
    up_to = np.zeros(12, np.int64)
    reach = np.zeros(36, np.int64)
    for j in range(6):
        up_to[6 + j] = (1 << (8 * j + 8)) - 1
        for mode in (LEMERY, FORBID_CAPTURE, ALLOW):
            lowest = max(0, j - 4) if mode == LEMERY else 0
            reach[12 * mode + 6 + j] = (1 << (8 * j + 8)) - (1 << (8 * lowest))
    return select, own, other, last, up_to, reach


SELECT, SOW_OWN, SOW_OTHER, SOW_LAST_HOUSE, UP_TO, CHAIN_REACH = _tables()


@njit(cache=True, inline="always")
def high_bits(v: int) -> int:
    """The 6-bit mask of the bytes of ``v`` whose high bit is set."""
    return (((v & HIGH_BITS) >> 7) * GATHER >> 40) & 63


@njit(cache=True, inline="always")
def byte_sum(v: int) -> int:
    return ((v * ROW_ONES) >> 40) & 0xFF


@njit(cache=True, inline="always")
def row_word(s: np.ndarray, first: int) -> int:
    w = 0
    for r in range(6):
        w |= np.int64(s[first + r]) << (8 * r)
    return w


@njit(cache=True, inline="always")
def write_row(s: np.ndarray, first: int, w: int) -> None:
    for r in range(6):
        s[first + r] = (w >> (8 * r)) & 0xFF


@njit(cache=True, inline="always")
def key_bit(key: int, other: int) -> int:
    return np.int64(1) << (((key * MIX_KEY + other * MIX_OTHER) >> 58) & 63)


@njit(cache=True, inline="always")
def move_rows(mine: int, theirs: int, a: int, mode: int) -> tuple[int, int, int]:
    """The mover's row and the other after the mover sows house ``a`` of his row, and the
    seeds he takes (OW-C2, OW-C3, OW-D1..OW-D6)."""
    seeds = (mine >> (8 * a)) & 0xFF
    mine = (mine & ~(np.int64(0xFF) << (8 * a))) + SOW_OWN[64 * a + seeds]
    theirs += SOW_OTHER[64 * a + seeds]
    last = SOW_LAST_HOUSE[64 * a + seeds]
    # the harvest without a branch (whether a move harvests is a coin toss): the chain is
    # the houses holding 2 or 3 from the last seed's down to the first that does not
    two_three = ~(((theirs & NOT_ONES) ^ TWOS) + SEVEN_BITS) & HIGH_BITS
    stops = UP_TO[last] & ~((two_three << 1) - (two_three >> 7))
    stops |= stops >> 8
    stops |= stops >> 16
    stops |= stops >> 32
    chain = UP_TO[last] & ~stops & CHAIN_REACH[12 * mode + last]
    taken = byte_sum(theirs & chain)
    if taken == byte_sum(theirs) and taken > 0:         # the whole row: OW-D4, OW-D5
        if mode == FORBID_CAPTURE:
            chain = 0
        elif mode == LEMERY:                            # the chain's last house stays
            chain -= (chain & -chain) * 0xFF
        taken = byte_sum(theirs & chain)
    return mine, theirs & ~chain, taken


@njit(cache=True)
def record_limit(s: np.ndarray) -> int:
    """The largest record index kept in scratch: below it the generic loop neither grows the
    array nor has `history.record` build its table (history.room, history.record)."""
    return min(history.LONG - 3, (s.shape[0] - HIST) // ENTRY - 2)


@njit(cache=True, inline="always")
def write_entry(s: np.ndarray, i: int, south: int, north: int, q: int) -> None:
    """Record entry i as `record_position` packs it, from the two rows' bytes."""
    at = HIST + ENTRY * i
    s[at] = ((south & 63) << 24 | (south >> 8 & 63) << 18 | (south >> 16 & 63) << 12
             | (south >> 24 & 63) << 6 | (south >> 32 & 63))
    s[at + 1] = ((south >> 40 & 63) << 24 | (north & 63) << 18 | (north >> 8 & 63) << 12
                 | (north >> 16 & 63) << 6 | (north >> 24 & 63))
    s[at + 2] = (north >> 32 & 63) << 7 | (north >> 40 & 63) << 1 | q


@njit(cache=True)
def load_record(s: np.ndarray, scratch: np.ndarray) -> int:
    """Copies the record into scratch as (row to move | player << 48, other row) pairs;
    returns their filter."""
    seen = np.int64(0)
    for i in range(s[HLEN]):
        at = HIST + ENTRY * i
        k0, k1, k2 = np.int64(s[at]), np.int64(s[at + 1]), np.int64(s[at + 2])
        south = ((k0 >> 24 & 63) | (k0 >> 18 & 63) << 8 | (k0 >> 12 & 63) << 16
                 | (k0 >> 6 & 63) << 24 | (k0 & 63) << 32 | (k1 >> 24 & 63) << 40)
        north = ((k1 >> 18 & 63) | (k1 >> 12 & 63) << 8 | (k1 >> 6 & 63) << 16
                 | (k1 & 63) << 24 | (k2 >> 7 & 63) << 32 | (k2 >> 1 & 63) << 40)
        q = k2 & 1
        scratch[2 * i] = (south if q == 0 else north) | q << 48
        scratch[2 * i + 1] = north if q == 0 else south
        seen |= key_bit(scratch[2 * i], scratch[2 * i + 1])
    return seen


@njit(cache=True)
def flush_record(s: np.ndarray, scratch: np.ndarray, first: int, written: int,
                 recorded: int) -> None:
    """Writes scratch's record entries first..written-1 to the array, then marks entries
    first..recorded-1 in the record's filter (`history.mark`: `history.record` without its
    count, which scans the record whenever the filter hits), so that its filter words are the
    generic loop's."""
    for i in range(first, written):
        q = scratch[2 * i] >> 48
        mine, theirs = scratch[2 * i] & 0xFFFFFFFFFFFF, scratch[2 * i + 1]
        write_entry(s, i, mine if q == 0 else theirs, theirs if q == 0 else mine, q)
    for i in range(first, recorded):
        history.mark(s, SEEN, i, history.entry_hash(s, HIST + ENTRY * i, ENTRY))


@njit(cache=True)
def fast_playout(s: np.ndarray, spec: np.ndarray, rng: np.ndarray, scratch: np.ndarray,
                 max_actions: int) -> tuple[np.ndarray, int]:
    """`Kernels.fast_playout`: plays random actions from ``s`` exactly as
    `core.playouts.playout` does (the same draws from ``rng[0]``, the same final array but for
    a finished game's repetition record), in place when it can, to the end of the game or
    ``max_actions`` (0 = none). The record of repeated positions is kept in ``scratch``
    (int64, at least 2 * LONG words) while it is short, in the array by `history.record` when
    long. Returns (final state, actions played)."""
    if s[END] != ONGOING or scratch.shape[0] < 2 * history.LONG:
        return s, 0
    mode, repetition, max_plies = spec[GRAND_SLAM], spec[REPETITION], spec[MAX_PLIES]
    p = np.int64(s[TO_MOVE])
    mine, theirs = row_word(s, 6 * p), row_word(s, 6 * (1 - p))
    store_mine, store_theirs = np.int64(s[STORE + p]), np.int64(s[STORE + 1 - p])
    ply = np.int64(s[PLY])
    hlen = np.int64(s[HLEN])
    limit = record_limit(s)
    local = hlen <= limit       # the record is in scratch, not (yet) in the array
    seen = load_record(s, scratch) if local else np.int64(0)
    first = written = recorded = hlen   # scratch's entries first..written-1 are new, and the
    x = rng[0]                          # filter must count first..recorded-1 (flush_record)
    played = 0
    end = ONGOING
    # The array grows (a long record) between two runs of the inner loop, which thus never
    # assigns ``s``: an array assigned in a loop costs reference counting calls every pass.
    while True:
        need = 0
        while max_actions == 0 or played < max_actions:
            # OW-C1, OW-E1, OW-E3
            movable = (mine + (SEVEN_BITS if theirs != 0 else FEED_ADD)) & HIGH_BITS
            n = popcount(movable)
            if n == 0:
                break                                       # (not a position the kernels make)
            x = xorshift(x)
            a = SELECT[8 * high_bits(movable) + below(x, n)]
            mine, theirs, taken = move_rows(mine, theirs, a, mode)
            store_mine += taken
            ply += 1
            played += 1
            p = 1 - p
            mine, theirs = theirs, mine
            store_mine, store_theirs = store_theirs, store_mine
            hlen = hlen if taken == 0 else 0
            # settle: OW-F1, OW-E4, OW-F3, OW-E2, OW-G4, OW-G5
            if store_mine >= 25 or store_theirs >= 25:
                end = END_25
                break
            if mode == ALLOW and mine == 0:
                if theirs == 0:
                    end = END_EMPTY
                    break
                p = 1 - p
                mine, theirs = theirs, mine
                store_mine, store_theirs = store_theirs, store_mine
            if theirs == 0 and high_bits(mine + FEED_ADD) == 0:
                store_mine += byte_sum(mine)
                mine = 0
                end = END_AUTO_HARVEST
                break
            if hlen <= limit:                               # the record in scratch
                if not local:                               # (restarted by a harvest)
                    local = True
                    written = 0
                first = min(first, hlen)
                seen = seen if hlen > 0 else 0      # (no branch: a harvest is a coin toss)
                key = mine | p << 48
                scratch[2 * hlen], scratch[2 * hlen + 1] = key, theirs
                bit = key_bit(key, theirs)
                count = 1
                if seen & bit:
                    for e in range(hlen):
                        count += (scratch[2 * e] == key) & (scratch[2 * e + 1] == theirs)
                seen |= bit
                hlen += 1
                recorded = hlen
                written = max(written, hlen)
            else:                                           # a long record: in the array
                if local:
                    flush_record(s, scratch, first, written, recorded)
                    local = False
                write_entry(s, hlen, mine if p == 0 else theirs, theirs if p == 0 else mine, p)
                s[HLEN] = hlen
                count = history.record(s, HLEN, SEEN, HIST, ENTRY)
                hlen += 1
                need = history.room(s, HLEN, HIST, ENTRY)
            if count >= repetition:
                end = END_REPETITION
            elif max_plies > 0 and ply >= max_plies:
                end = END_MOVE_CAP
            if end != ONGOING:
                store_mine += byte_sum(mine)
                store_theirs += byte_sum(theirs)
                mine = theirs = 0
                break
            if need:
                break
        if need:
            s = grow(s, need)
            limit = record_limit(s)
        if need == 0 or end != ONGOING:
            break
    rng[0] = x
    write_row(s, 6 * p, mine)
    write_row(s, 6 * (1 - p), theirs)
    s[STORE + p], s[STORE + 1 - p] = store_mine, store_theirs
    s[TO_MOVE], s[PLY], s[END] = p, ply, end
    if end == ONGOING:              # a finished game's record is left as it was: nothing
        if local:                   # reads it, and writing it back was a tenth of a playout
            flush_record(s, scratch, first, written, recorded)
        s[HLEN] = hlen
    return s, played


INV48 = 1.0 / 48.0


@njit(cache=True)
def observe(s: np.ndarray, spec: np.ndarray, player: int, out: np.ndarray) -> None:
    """The observation tensor (15 floats) from ``player``'s side: his 6 houses then the
    opponent's (sowing order) over 48, his store and the opponent's over 48, then 1 if he is
    to move."""
    p = player
    # times 1/48, not over 48: the same float32 values (checked for every count up to 2e6)
    # without a division each (a tenth of a batched step)
    for i in range(6):
        out[i] = s[6 * p + i] * INV48
        out[6 + i] = s[6 * (1 - p) + i] * INV48
    out[12] = s[STORE + p] * INV48
    out[13] = s[STORE + 1 - p] * INV48
    out[14] = s[TO_MOVE] == p


# inlined by LLVM into the batched step: called, the step was a fifth slower (the call passes
# and counts references to four arrays)
@njit(cache=True, forceinline=True)
def fast_step(s: np.ndarray, spec: np.ndarray, action: int, out: np.ndarray, obs: np.ndarray,
              observing: bool) -> tuple[int, int, int]:
    """`Kernels.fast_step`: `apply` with the move played on the rows as `fast_playout` plays
    it, then `legal` and `observe`, in one call."""
    p = np.int64(s[TO_MOVE])
    mine, theirs, taken = move_rows(row_word(s, 6 * p), row_word(s, 6 * (1 - p)), action,
                                    spec[GRAND_SLAM])
    write_row(s, 6 * p, mine)
    write_row(s, 6 * (1 - p), theirs)
    s[STORE + p] += taken
    s[PLY] += 1
    s[TO_MOVE] = 1 - p
    if taken > 0:
        s[HLEN] = 0                                     # as `apply`
    need = settle(s, spec)
    if need > s.shape[0]:
        return need, 0, 0
    q = to_move(s, spec)
    n = 0
    if q >= 0:
        n = legal(s, spec, out)
        if observing:
            observe(s, spec, q, obs)
    return need, q, n
