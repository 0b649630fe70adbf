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

@njit(cache=True, forceinline=True)
def record(s: np.ndarray, hlen: int, seen: int, hist: int, entry: int) -> int:
    """Adds the position the caller packed at `hist + entry * s[hlen]` to the record and returns
    how often it has now occurred (itself included). s[seen] and s[seen + 1] are a 64-bit filter
    of the recorded entries' hashes, emptied with the record: a position whose bit is clear is
    new, so most turns skip the scan. The caller keeps room for the entry (`room`)."""
    n = s[hlen]
    base = hist + entry * n
    if n == 0:
        s[seen] = s[seen + 1] = 0
    h = 0
    for w in range(entry):
        h = (h * 0x9E3779B1 + s[base + w]) & 0xFFFFFFFF
    bit = ((h * 0x85EBCA77) & 0xFFFFFFFF) >> 26
    word = seen + (bit >> 5)
    mask = np.int32(1 << (bit & 31)) if (bit & 31) != 31 else np.int32(-2147483648)
    count = 1
    if s[word] & mask:
        for e in range(hist, base, entry):
            same = True
            for w in range(entry):
                if s[e + w] != s[base + w]:
                    same = False
                    break
            if same:
                count += 1
    s[word] |= mask
    s[hlen] = n + 1
    return count


@njit(cache=True, forceinline=True)
def room(s: np.ndarray, hlen: int, hist: int, entry: int) -> int:
    """The array length the record's next entry needs (twice what it uses), or 0 if it fits."""
    used = hist + entry * (s[hlen] + 1)
    return 2 * used if used > s.shape[0] else 0
