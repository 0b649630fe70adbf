"""The perft table of rules/dara.md section 11: action sequences (DA-F1), divide on mismatch."""
import pytest

import ludotheque
from ludotheque.core.perft import divide, perft

from _dara_util import DA_X2, DH_X1, DL_X3, DS_X1, ELEPHANTS, LIONS

CASES = [
    ("dara", None, LIONS, (0, 0), [30, 870, 24360]),
    ("dara/dala", None, LIONS, (0, 0), [4, 12, 24, 24, 768, 22880]),
    ("dara/dala+heroes", None, LIONS, (0, 0), [8, 48, 144, 216, 9216]),
    ("dara", DA_X2, LIONS, (4, 1), [15, 178, 1781, 21533]),
    ("dara?capture=anywhere", DA_X2, LIONS, (4, 1), [15, 161, 1780, 21305]),
    ("dara/dala", DL_X3, LIONS, (4, 4), [17, 343, 5246, 93160]),
    ("dara+heroes", DH_X1, LIONS, (7, 6), [13, 133, 1716, 19757]),
    ("dara+hut", DS_X1, ELEPHANTS, (3, 6), [24, 744, 10901, 262625]),
]


@pytest.mark.parametrize("ruleset, diagram, to_move, lost, counts", CASES)
def test_da_f1_perft_counts_single_actions(ruleset, diagram, to_move, lost, counts):
    g = ludotheque.load(ruleset)
    s = g.initial_state() if diagram is None else g.from_diagram(diagram, to_move, lost)
    for depth, want in enumerate(counts, 1):
        got = perft(s, depth)
        assert got == want, f"{ruleset} perft({depth}) = {got}, want {want}; divide: {divide(s, depth)}"
