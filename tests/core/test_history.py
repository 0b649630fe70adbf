"""core.history: the repetition record counts every position's occurrences exactly, through
long stretches (where past LONG entries a table keeps a count O(1)), array growth, arrays kept full by their
game (the scan fallback) and the record emptied by an irreversible action."""
import numpy as np
from numba import njit

from ludotheque.core import history
from ludotheque.core.kernels import grow

HLEN, SEEN, HIST = 0, 1, 3


@njit(cache=True)
def play(s, entry, positions, resets, use_room):
    """Records positions[i] (a row of `entry` words) in turn, emptying the record where
    resets[i]; returns the counts and the final array."""
    counts = np.zeros(positions.shape[0], np.int64)
    for i in range(positions.shape[0]):
        if resets[i]:
            s[HLEN] = 0
        base = HIST + entry * s[HLEN]
        for w in range(entry):
            s[base + w] = positions[i, w]
        counts[i] = history.record(s, HLEN, SEEN, HIST, entry)
        if use_room:
            need = history.room(s, HLEN, HIST, entry)
            if need:
                s = grow(s, need)
    return counts, s


def expected(positions, resets):
    seen, out = {}, []
    for row, reset in zip(map(tuple, positions), resets):
        if reset:
            seen = {}
        seen[row] = seen.get(row, 0) + 1
        out.append(seen[row])
    return out


def run(entry, length, n, distinct, reset_every, use_room, seed=0):
    rng = np.random.default_rng(seed)
    positions = rng.integers(0, distinct, (n, 1)) * np.arange(1, entry + 1)
    positions = positions.astype(np.int32)
    resets = np.zeros(n, np.bool_)
    if reset_every:
        resets[::reset_every] = True
    resets[0] = True
    counts, s = play(np.zeros(length, np.int32), entry, positions, resets, use_room)
    assert list(counts) == expected(positions, resets)
    return s


def test_counts_over_a_long_stretch_growing_the_array():
    s = run(entry=3, length=116, n=3000, distinct=700, reset_every=0, use_room=True)
    assert s[-1] == history.table_size(len(s), HIST, 3) > 6000     # counted by the table


def test_counts_with_frequent_resets_and_one_word_entries():
    run(entry=1, length=40, n=3000, distinct=30, reset_every=37, use_room=True)


def test_counts_in_an_array_its_game_keeps_full():
    # no `room`: the array holds exactly the entries, so they overwrite the table's words
    run(entry=8, length=HIST + 8 * 400, n=400, distinct=50, reset_every=0, use_room=False)
    run(entry=2, length=HIST + 2 * 300, n=1200, distinct=40, reset_every=290, use_room=False)


def test_room_keeps_space_for_the_table_and_half_its_slots_free():
    s = np.zeros(116, np.int32)
    for n in range(200):
        s[HLEN] = n
        need = history.room(s, HLEN, HIST, 3)
        length = need or s.shape[0]
        size = history.table_size(length, HIST, 3) if n + 1 >= history.LONG else 0
        assert HIST + 3 * (n + 1) + size + 1 <= length
        assert n + 1 < history.LONG or 2 * (n + 1) <= size
        if need:
            s = grow(s, need)
