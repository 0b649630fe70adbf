"""Every perft value of rules/yote.md section 11 (actions, YO-E1 / YT-G1), counted by a compiled
perft and, at shallow depth, by core.perft through the Python protocol."""
import pytest
from _yote_util import YT_X1, ch_x1, load, perft_values, x1, x4, yr_x1, yt_x3

from ludotheque.core.perft import divide, perft

CASES = [
    ("initial yote", lambda: load("yote").initial_state(), [30, 870, 27180, 821720]),
    ("initial yote?friendly_jump=1", lambda: load("yote?friendly_jump=1").initial_state(),
     [30, 870, 27180, 821720]),
    ("initial yote+caravan", lambda: load("yote+caravan").initial_state(), [60, 3480, 157440]),
    ("initial yote+routes", lambda: load("yote+routes").initial_state(), [70, 2430, 157670]),
    ("initial yote/choko", lambda: load("yote/choko").initial_state(), [25, 600, 15700, 351812]),
    ("YO-X1 yote", x1, [12, 299, 3481, 86620]),
    ("YO-X4 chain", lambda: x4("yote?chain=1"), [5, 136, 845, 25607]),
    ("YO-X4 friendly_jump", lambda: x4("yote?friendly_jump=1"), [7, 203, 1636, 49249]),
    ("YO-X4 all options", lambda: x4("yote?chain=1&forced_capture=1&friendly_jump=1"), [1, 1, 1, 1]),
    ("YR-X1 yote+caravan", yr_x1, [6, 178, 1094, 35571]),
    ("CH-X1 step 1", ch_x1, [29, 579, 13665]),
    # YT-X1 does not say how many camels dark holds; the spec's values need at least one (any
    # number from 1 to 8 gives them): with an empty hand the counts are 9, 79, 706
    ("YT-X1 yote+routes", lambda: load("yote+routes").from_diagram(YT_X1, hands=(0, 3), tokens=(0, 0)),
     [9, 175, 2054]),
    ("YT-X3 step 1", yt_x3, [37, 210, 6882]),
]


@pytest.mark.parametrize("name, make, expected", CASES, ids=[c[0] for c in CASES])
def test_yo_e1_perft_values(name, make, expected):
    state = make()
    got = perft_values(state, len(expected))
    if got != expected:
        print(name, divide(state, min(len(expected), 2)))
    assert got == expected


@pytest.mark.parametrize("name, make, expected", CASES[5:], ids=[c[0] for c in CASES[5:]])
def test_yt_g1_protocol_perft_agrees(name, make, expected):
    state = make()
    assert perft(state, 2) == expected[1]


def test_yt_x1_dark_hand_decides_the_spec_perft():
    g = load("yote+routes")
    assert perft_values(g.from_diagram(YT_X1, tokens=(0, 0)), 3) == [9, 79, 706]
    assert perft_values(g.from_diagram(YT_X1, hands=(0, 1), tokens=(0, 0)), 3) == [9, 175, 2054]
