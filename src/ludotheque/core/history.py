"""The repetition record several games keep at the end of their state array: the positions met
since the last irreversible action, ENTRY int32 words each, in the order they were met."""
from __future__ import annotations

import numpy as np
from numba import njit


def record_key(head: np.ndarray, record: np.ndarray, entry: int) -> bytes:
    """The bytes of `head`, then of the record's entries in sorted order: the order in which
    positions were met decides nothing, so states that differ only in it get one key."""
    rows = record.reshape(-1, entry)
    if len(rows) > 1:
        rows = rows[np.lexsort(rows.T[::-1])]
    return head.tobytes() + rows.tobytes()


# -- compiled: the record grows in place and answers "how often has this position occurred" --
#
# Past the entries, the array's last words hold a hash table of them (open addressing, linear
# probing): TABLE slots at s[L-1-TABLE:L-1] give entry index + 1 (0 = empty), and s[L-1] says for
# which TABLE they were built, so an array grown by copying (zeros at its new end) rebuilds its
# table once. A count then probes about two slots, whatever the record's length. `room` keeps
# the table's space and its load at most one half; an array kept full by its game (entries
# written over the table) falls back to the scan, still answering the same counts. A record
# shorter than LONG entries needs no table: the filter skips most scans and a scan is short
# (the table would cost Oware's playouts a fifth of their speed). The filter words s[seen],
# s[seen + 1] depend only on the recorded positions, so a state's key may read them.

MIN_TABLE = 8
LONG = 32


@njit(cache=True, forceinline=True)
def table_size(length: int, hist: int, entry: int) -> int:
    """The table an array of `length` words holds: the largest power of two with room for it,
    its marker and entries for half of it; 0 if not even MIN_TABLE fits."""
    t = 0
    nxt = MIN_TABLE
    while hist + entry * (nxt // 2) + nxt + 1 <= length:
        t = nxt
        nxt *= 2
    return t


@njit(cache=True, forceinline=True)
def entry_hash(s: np.ndarray, at: int, entry: int) -> int:
    h = 0
    for w in range(entry):
        h = (h * 0x9E3779B1 + s[at + w]) & 0xFFFFFFFF
    return (h * 0x85EBCA77) & 0xFFFFFFFF


@njit(cache=True, forceinline=True)
def same_entry(s: np.ndarray, a: int, b: int, entry: int) -> bool:
    for w in range(entry):
        if s[a + w] != s[b + w]:
            return False
    return True


@njit(cache=True, forceinline=True)
def table_count(s: np.ndarray, table: int, size: int, hist: int, entry: int, i: int,
                h: int) -> int:
    """Adds entry `i` (hash `h`) to the table; returns how many earlier entries equal it."""
    at = hist + entry * i
    j = h & (size - 1)
    count = 0
    while s[table + j] != 0:
        count += same_entry(s, hist + entry * (s[table + j] - 1), at, entry)
        j = (j + 1) & (size - 1)
    s[table + j] = i + 1
    return count


@njit(cache=True, forceinline=True)
def mark(s: np.ndarray, seen: int, n: int, h: int) -> bool:
    """Adds the record's n-th entry (hash `h`) to the filter s[seen], s[seen + 1], emptied at
    n == 0; returns whether its bit was clear. `record` without the count: a caller that knows
    the counts rebuilds the filter with it."""
    if n == 0:
        s[seen] = s[seen + 1] = 0
    bit = h >> 26
    word = seen + (bit >> 5)
    mask = np.int32(1 << (bit & 31)) if (bit & 31) != 31 else np.int32(-2147483648)
    new: bool = (s[word] & mask) == 0
    s[word] |= mask
    return new


@njit(cache=True, forceinline=True)
def record(s: np.ndarray, hlen: int, seen: int, hist: int, entry: int) -> int:
    """Adds the position the caller packed at `hist + entry * s[hlen]` to the record and returns
    how often it has now occurred (itself included). s[seen] and s[seen + 1] are a 64-bit filter
    of the recorded entries' hashes, emptied with the record. The caller keeps room for the
    entry (`room`)."""
    n = s[hlen]
    base = hist + entry * n
    h = entry_hash(s, base, entry)
    new = mark(s, seen, n, h)
    s[hlen] = n + 1
    length = s.shape[0]
    size = table_size(length, hist, entry) if n >= LONG else 0
    table = length - 1 - size
    if size > 0 and base + entry <= table and 2 * (n + 1) <= size:
        if n == LONG or s[length - 1] != size:          # a long record, or a grown array
            for j in range(table, length - 1):          # (a past record's table is
                s[j] = 0                                # rebuilt over at n == LONG)
            s[length - 1] = size
            for i in range(n):
                table_count(s, table, size, hist, entry, i, entry_hash(s, hist + entry * i, entry))
        return 1 + table_count(s, table, size, hist, entry, n, h)
    count = 1
    if not new:                                         # no table: scan when the filter hits
        for e in range(hist, base, entry):
            count += same_entry(s, e, base, entry)
    return count


@njit(cache=True, forceinline=True)
def room(s: np.ndarray, hlen: int, hist: int, entry: int) -> int:
    """The array length the record's next entry and its table need (twice the array), or 0 if
    it fits."""
    length = s.shape[0]
    if s[hlen] + 1 < LONG:
        return 2 * length if hist + entry * (s[hlen] + 1) > length else 0
    size = table_size(length, hist, entry)
    if hist + entry * (s[hlen] + 1) + size + 1 <= length and 2 * (s[hlen] + 1) <= size:
        return 0
    need: int = 2 * length
    while not (hist + entry * (s[hlen] + 1) + table_size(need, hist, entry) + 1 <= need
               and 2 * (s[hlen] + 1) <= table_size(need, hist, entry)):
        need *= 2
    return need
