"""Shared helpers of the Awithlaknannai tests: the spec's diagrams (rules/awithlaknannai.md
§10) and a compiled perft that counts complete turns (§11)."""
import numpy as np
from numba import njit

import ludotheque
from ludotheque.core.kernels import grow
from ludotheque.games.awithlaknannai import kernels as K

BOUNDARY = -9


@njit  # not cached: numba cannot reload a cached recursive function
def _turn_perft(s, spec, depth, p):
    """Turn sequences of length ``depth``; ``p`` is the player whose turn is under way, or
    BOUNDARY between turns (a turn = the actions of one player until the other moves)."""
    if p == BOUNDARY:
        if depth == 0:
            return 1
        q = K.to_move(s, spec)
        if q < 0:
            return 0
        p = q
    out = np.empty(1024, np.int64)
    n = K.legal(s, spec, out)
    total = 0
    for i in range(n):
        t = s.copy()
        need = K.apply(t, spec, out[i])
        if need:
            t = grow(t, need)
        if K.to_move(t, spec) == p:
            total += _turn_perft(t, spec, depth, p)
        else:
            total += _turn_perft(t, spec, depth - 1, BOUNDARY)
    return total


def turn_perft(state, depth):
    return _turn_perft(state.data.copy(), state.game.spec, depth, BOUNDARY)


def perft_values(state, depth):
    return [turn_perft(state, d) for d in range(1, depth + 1)]


def load(rid):
    return ludotheque.load(rid)


def turns(state):
    """The complete turns of §10, sorted."""
    return state.game.turn_texts(state)


def play(state, *turn_texts):
    """Plays complete turns written in the §9 turn notation."""
    for text in turn_texts:
        for a in state.game.parse_turn(state, text):
            state = state.apply(a)
    return state


def names(state):
    return sorted(state.move_to_string(a) for a in state.legal_actions())


START = """
top    o   o   o   o   o   o   o   o
mid  y   y   y   y   .   o   o   o   o
bot    y   y   y   y   y   y   y   y
"""
X3 = """
top    .   .   .   .   .   .   .   o
mid  .   .   o   o   .   .   y   o   .
bot    .   y   o   .   .   .   .   .
"""
X4 = """
top    o   y   .   .   .   .   .   .
mid  o   y   .   .   .   .   .   .   .
bot    .   .   .   .   .   .   .   .
"""
X5 = """
top    o   .   .   .   .   .   .   .
mid  y   o   o   .   .   .   .   .   .
bot    o   .   .   .   .   .   .   .
"""
X7 = """
top    .   .   .   .   .   .   .   o
mid  .   .   .   y   .   .   .   .   .
bot    .   .   .   .   .   .   .   .
"""
X8 = """
top    y   .   .   .   .   .   .   .
mid  .   .   y   o   .   .   .   .   .
bot    .   .   .   o   y   .   .   .
"""
X9 = """
top    o   o   o   o   o   o   o   o
mid  y   y   y   .   .   .   o   o   o
bot    y   y   y   y   y   y   y   y
"""
X10 = """
top    .   .   .   .   .   .   .   .
mid  .   .   o   o   .   .   y   .   .
bot    .   y   o   .   .   .   .   y
"""
X21 = """
top    .   .   .   .   .   .   .   o
mid  .   .   o   y   .   .   .   .   .
bot    .   .   .   .   o   .   y   y
"""
X11 = """
top    o   o   o   o   o   o   o   o   o   o   o   o
mid  y   y   y   y   y   y   .   o   o   o   o   o   o
bot    y   y   y   y   y   y   y   y   y   y   y   y
"""
X12 = """
top    .   .   .   .   .   .   .   .   .   .   y   o
mid  .   .   .   .   .   .   .   .   .   .   y   y   o
bot    .   .   .   .   .   .   .   .   .   .   .   o
"""
X13 = """
top    o   o   o   o   o   o   o   o   o   o   o   o
mid  y   y   y   y   y   .   .   .   o   o   o   o   o
bot    y   y   y   y   y   y   y   y   y   y   y   y
"""
X14 = """
top    o   o   o   o   o   o   o   o
mid  y   y   y   Y   .   O   o   o   o
bot    y   y   y   y   y   y   y   y
"""
X15 = """
top    .   .   .   .   .   .   .   .
mid  .   .   y   Y   o   .   .   .   .
bot    .   .   .   .   .   .   .   .
"""
X16 = """
top    .   .   .   .   .   .   .   .
mid  .   .   y   Y   o   .   .   .   .
bot    .   .   .   .   .   o   y   .
"""
X17 = """
top    .   .   .   .   .   .   .   .
mid  .   .   .   Y   y   .   o   .   .
bot    .   .   .   y   .   .   .   .
"""
X18 = """
top    .   .   .   .   .   .   .   .
mid  .   .   .   Y   y   o   o   .   .
bot    .   .   .   .   .   .   .   .
"""
X19 = """
top    Y   y   .   .   .   .   .   o
mid  y   .   .   .   .   .   .   .   .
bot    .   .   .   .   .   .   .   .
"""
AC_X3 = """
top    .   .   .   .   .   o   .   .
mid  y   o   .   .   .   o   .   o   y
bot    y   o   .   o   .   .   .   .
"""
