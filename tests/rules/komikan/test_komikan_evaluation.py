"""Komikan: the search evaluation (games/komikan/evaluation.py), one test per term, on diagrams."""
import random

import pytest

import ludotheque
from ludotheque.games.komikan import kernels as K
from ludotheque.games.komikan.evaluation import evaluate, features, puma_region
from ludotheque.games.komikan.komikan import INDEX

from _komikan_util import ALPACAS, PUMA, position

MOB, REGION, THREATS, EXPOSED, DEN, ADV = range(6)


def feats(state):
    return features(state.data, state.game.spec)


def value(state):
    return evaluate(state.data, state.game.spec, PUMA)


def points(mask):
    return sorted(name for name, q in INDEX.items() if (mask >> q) & 1)


# the Puma shut in its den: c3 is held, and b4 c4 d4 stand behind it on every line through it
SEALED_DEN = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   a   a   a   .
 3    .   .   a   .   .
 2        .   P   .
 1    .       .       .
"""

# the same without b4: from d2 the Puma could jump c3 and land on b4
OPEN_DEN = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   a   a   .
 3    .   .   a   .   .
 2        .   P   .
 1    .       .       .
"""

# ... and the Puma already on d2: d2xb4 is there
THREAT = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   a   a   .
 3    .   .   a   .   .
 2        .   .   P
 1    .       .       .
"""

# the sealed den with the Puma in the corner a1: two moves left (b2, c1)
CORNER = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   a   a   a   .
 3    .   .   a   .   .
 2        .   .   .
 1    P       .       .
"""

# the Puma in the open, the herd on the far row: the whole board is its region
OPEN_BOARD = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   P   .   .
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        .   .   .
 1    .       .       .
"""

# alpacas in the den (3 of 7), the Puma in the open
DEN3 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   P   .   .
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        .   .   .
 1    a       a       a
"""


def test_km_eval_region_of_a_sealed_den():
    s = position(SEALED_DEN)
    assert points(puma_region(s.data, s.game.spec, INDEX["c2"])) == \
        ["a1", "b2", "c1", "c2", "d2", "e1"]
    f = feats(s)
    assert f[REGION] == 5 and f[EXPOSED] == 0 and f[THREATS] == 0
    open_ = feats(position(OPEN_BOARD))
    assert open_[REGION] == 31 - 5 - 1
    assert value(s) < value(position(OPEN_BOARD))


def test_km_eval_region_goes_through_the_captures_at_hand():
    s = position(THREAT)
    f = feats(s)
    assert f[THREATS] == 1
    reg = points(puma_region(s.data, s.game.spec, INDEX["d2"]))
    assert "b4" in reg and "a5" in reg and "e7" not in reg    # landed on b4, then anywhere free
    assert f[REGION] > feats(position(SEALED_DEN))[REGION]


def test_km_eval_exposed_alpaca_is_a_loss_waiting_to_happen():
    sealed, opened = feats(position(SEALED_DEN)), feats(position(OPEN_DEN))
    assert opened[EXPOSED] == 1 and opened[THREATS] == 0 and opened[REGION] == sealed[REGION]
    assert value(position(OPEN_DEN)) > value(position(SEALED_DEN))


def test_km_eval_threat_counts_more_with_the_puma_to_move():
    puma_to_move = position(THREAT, to_move=PUMA)
    alpacas_to_move = position(THREAT, to_move=ALPACAS)
    assert feats(puma_to_move)[THREATS] == feats(alpacas_to_move)[THREATS] == 1
    assert value(puma_to_move) > value(alpacas_to_move) > value(position(OPEN_DEN))


def test_km_eval_puma_mobility():
    centre, corner = feats(position(SEALED_DEN)), feats(position(CORNER))
    assert centre[MOB] == 3 and corner[MOB] == 2
    assert centre[REGION] == corner[REGION]
    assert value(position(CORNER)) < value(position(SEALED_DEN))
    assert feats(position(OPEN_BOARD))[MOB] == 8


def test_km_eval_den_and_advance():
    start = ludotheque.load("komikan").initial_state()
    f = feats(start)
    assert f[DEN] == 0 and f[ADV] == 5 * 1 + 2 * 2              # rank 6: one down, rank 5: two
    d = feats(position(DEN3, pile=4))
    assert d[DEN] == 3 and d[ADV] == 3 * 6
    assert abs(value(start)) < 0.1                              # the start is about even


# the Puma on a1 with one move left (a1-c1), nothing captured
ONE_MOVE = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   a   a   a   .
 3    .   .   a   .   .
 2        a   .   .
 1    P       .       .
"""


def test_km_eval_bounds_at_the_extremes():
    # one move left, nothing captured: strongly for the alpacas, but not a proven result
    low = position(ONE_MOVE, pile=0)
    assert feats(low)[MOB] == 1
    assert -0.99 <= value(low) < -0.3
    assert evaluate(low.data, low.game.spec, ALPACAS) == -value(low)
    high = position(THREAT)
    assert 0.3 < value(high) <= 0.99


@pytest.mark.parametrize("ruleset", ["komikan/lemery+grass", "komikan/chivi-kora+alpha+condor",
                                     "komikan?multi_jump=1+grass", "komikan/adugo+alpha"])
def test_km_eval_inside_bounds_and_antisymmetric_on_every_ruleset(ruleset):
    rng = random.Random(7)
    g = ludotheque.load(ruleset)
    for _ in range(8):
        s = g.initial_state()
        while not s.is_terminal:
            v = evaluate(s.data, g.spec, PUMA)
            assert -0.99 <= v <= 0.99 and evaluate(s.data, g.spec, ALPACAS) == -v
            s = s.apply(rng.choice(s.legal_actions()))
