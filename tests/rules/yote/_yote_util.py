"""Shared helpers of the Yoté tests: the spec's diagrams and a compiled perft."""
import numpy as np
from numba import njit

import ludotheque
from ludotheque.games.yote import kernels as K


@njit(cache=True)
def fast_perft(s, spec, depth):
    """Action sequences of length ``depth`` (YO-E1 / YT-G1), as core.perft counts them."""
    if depth == 0:
        return 1
    if K.to_move(s, spec) < 0:
        return 0
    out = np.empty(1024, np.int64)
    n = K.legal(s, spec, out)
    if depth == 1:
        return n
    total = 0
    for i in range(n):
        t = s.copy()
        K.apply(t, spec, out[i])
        total += fast_perft(t, spec, depth - 1)
    return total


def perft_values(state, depth):
    g = state.game
    return [fast_perft(state.data.copy(), g.spec, d) for d in range(1, depth + 1)]


def names(state):
    return sorted(state.move_to_string(a) for a in state.legal_actions())


def play(state, *moves):
    for m in moves:
        state = state.apply_move(m)
    return state


X1 = """
5  . . . . . .
4  . D . D . .
3  . L D L . .
2  . . L . . .
1  . . . . D L
   a b c d e f
"""
X2 = """
5  . . . . . .
4  . . . . . .
3  . L D . . .
2  . . L . . .
1  . . . . . L
   a b c d e f
"""
X3A = """
5  . . . . . .
4  . . . . . .
3  D D . . . .
2  D D . . . .
1  L L D D . .
   a b c d e f
"""
X3B = """
5  . . . . . .
4  D D D D D D
3  D D D D D D
2  L L L L L L
1  L L L L L L
   a b c d e f
"""
X4 = """
5  . . . . . .
4  . . . . . .
3  . . . D . .
2  . L D . . .
1  L L . . . D
   a b c d e f
"""
CH_X1 = """
5  . . D . .
4  . L . D .
3  D L . L .
2  . . D . .
1  . . L . .
   a b c d e
"""
CH_X2 = """
5  L . D . .
4  . . L D .
3  . D L . .
2  . . . . D
1  L . . D .
   a b c d e
"""
YR_X1 = """
5  . . . . . .
4  . . d . . .
3  . . L D . .
2  . . . . . .
1  . D . . . L
   a b c d e f
"""
YR_X2 = """
5  . . . . . .
4  . . . . . .
3  . d L D . .
2  . . . . . .
1  . . . . . L
   a b c d e f
"""
YR_X3 = """
5  . . . . . .
4  . . . . . .
3  . . . D . .
2  . . d . . .
1  . . L . D .
   a b c d e f
"""
YT_X1 = """
5  . . . . . .

4  . . . . D .
        / \\
3  . . . . . .
      /
2  D L D . . L
            /
1  . D . . . .
   a b c d e f
"""
YT_X2 = """
5  . . . . . .
    \\
4  . . . . . .
        /
3  . . D . . .
      /
2  . L . . . .
            \\
1  . . . . D L
   a b c d e f
"""
YT_X3 = """
5  . . . . . .

4  . . . . . .
          /
3  . . . D . .
            /
2  . . . . . .
    /
1  . . L . . D
   a b c d e f
"""


def load(rid):
    return ludotheque.load(rid)


def x1():
    return load("yote").from_diagram(X1, hands=(0, 2))


def x4(rid="yote"):
    return load(rid).from_diagram(X4, hands=(0, 2))


def ch_x1(rid="yote/choko"):
    return load(rid).from_diagram(CH_X1, hands=(8, 8), holder=0)


def ch_x2():
    return load("yote/choko").from_diagram(CH_X2, to_move=1, hands=(0, 2), holder=1)


def yr_x1(rid="yote+caravan"):
    return load(rid).from_diagram(YR_X1, hands=(0, 3))


def yt_x1(rid="yote+routes"):
    return load(rid).from_diagram(YT_X1, tokens=(0, 0))


def yt_x2(rid="yote+routes"):
    return load(rid).from_diagram(YT_X2, hands=(0, 3), tokens=(0, 0))


def yt_x3(rid="yote+routes"):
    return load(rid).from_diagram(YT_X3, hands=(0, 2), tokens=(1, 0))
