"""The repetition record several games keep at the end of their state array: the positions met
since the last irreversible action, ENTRY int32 words each, in the order they were met."""
from __future__ import annotations

import numpy as np


def record_key(head: np.ndarray, record: np.ndarray, entry: int) -> bytes:
    """The bytes of `head`, then of the record's entries in sorted order: the order in which
    positions were met decides nothing, so states that differ only in it get one key."""
    rows = record.reshape(-1, entry)
    if len(rows) > 1:
        rows = rows[np.lexsort(rows.T[::-1])]
    return head.tobytes() + rows.tobytes()
