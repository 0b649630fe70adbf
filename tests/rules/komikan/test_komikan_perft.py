"""The perft table of rules/komikan.md §10: complete turns (a chain or a move with its return is
one turn; each grass placement is a ply)."""
import pytest

import ludotheque

from _komikan_util import turn_perft

CASES = [
    ("komikan", [4, 44, 187, 2916, 10927]),
    ("komikan/lemery", [4, 44, 187, 2916]),
    ("komikan/adugo", [3, 29, 144, 1951, 8328]),
    ("komikan/chivi-kora", [4, 36, 185, 2378, 8875]),
    ("komikan?multi_jump=1", [4, 44, 187, 2916, 11001]),
    ("komikan+alpha", [4, 60, 251, 4812]),
    ("komikan+condor", [9, 81, 492, 6496]),
    ("komikan+grass", [12, 132, 528]),
]


@pytest.mark.parametrize("ruleset, counts", CASES)
def test_km_perft_counts_complete_turns(ruleset, counts):
    g = ludotheque.load(ruleset)
    s = g.initial_state().data
    for depth, want in enumerate(counts, 1):
        got = turn_perft(g, s, depth)
        assert got == want, f"{ruleset} perft({depth}) = {got}, want {want}"


def test_km_perft_komikan_depth_6_and_the_back_and_forth_effect():
    """Depth 6 of the base game; the no-back-and-forth rule (KM-E1) first matters at depth 5."""
    g = ludotheque.load("komikan")
    assert turn_perft(g, g.initial_state().data, 6) == 182769
