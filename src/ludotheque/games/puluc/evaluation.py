"""Search evaluation for Puluc (every ruleset and extension): material plus the throw-weighted
exchange that the next throws promise.

Puluc is decided by captures, and whether a unit can be captured is a matter of distance and
dice: a unit at distance ``d`` (in the capturer's direction) from an enemy unit, or at the
enemy's entry distance ``d`` from his city, is hit by a throw of ``d``, i.e. with probability
P(d) = binomial(4, 1/2) (PU-C2; the no-mark value is ``zero``). A plain material count cannot see
this, so deeper search only shuffled material it could not value. The terms, all measured in
warriors (differences "mine - the opponent's"), are:

- material: warriors controlled (PU-F1: in the city, or free under an own top);
- captives held: each enemy captive in an own-topped stack, plus a share growing with the
  stack's progress toward where captives are sacrificed (the enemy city in PU/PS, the captor's
  own start square in PL); a held captive is not yet removed: it may be rescued;
- the mover's threat, exact: at a decision node the value is known (the search evaluates after
  the throw), so the best immediate gain of one legal move of the mover with that value: a
  capture swings the whole target unit (its free enemy warriors become captives, its prisoners
  of the mover's colour are freed: the swing is its height), an arrival banks its captives;
- the waiting side's danger and chances, in expectation: for each throw value, the best gain of
  one legal move, weighted by the throw's probability (one capture per throw: the max, not the
  sum). This is what makes a warrior in its city or out of reach "safe", a unit just in front
  of an enemy unit or on the enemy's entry squares "exposed", and pairs (PS) or Guardians (PG),
  whose legal moves come from the kernels' own ``check``, valued by what they can do.

The weighted sum is a log-odds of winning (weights fitted per rule family, see WEIGHTS); it is
squashed by 0.999 tanh(x / 2): strictly inside (-1, 1) and antisymmetric (every term is a
difference between the two players).
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from .kernels import (C, CITY, CITYG, GUARDIANS, H, LUDENS, MOVE, NN, PAIRS, PHASE, PROBS,
                      TO_MOVE, VALUE, ZERO, END, ONGOING, check, controlled_count, own_city,
                      target_of, top_colour)

# Weights per rule family (rows: PU, PS, PL; extensions use their board's row), fitted by
# logistic regression of game outcomes on these terms over positions of `alphabeta:d2`
# self-play (10% random moves), so the score is a log-odds and tanh(score / 2) = 2 P(win) - 1.
# Columns: material, captives held, captives x progress, the mover's gain with the known
# throw, the mover's expected gain next throw, the waiting side's expected gain, arrival value
# of a banked captive (inside the gains).
WEIGHTS = np.array([
    [1.003, -0.790, 0.860, 0.422, 0.379, 0.479, 0.5],   # puluc
    [0.581, 0.503, -0.826, 0.421, 0.147, 0.437, 0.5],   # puluc/sauvetage
    [1.203, -1.121, 1.135, 0.405, 0.0, 0.124, 0.5],     # puluc/ludens
])


@njit(cache=True)
def move_gain(s, spec, p, a, v, w_arr):
    """Material gain (in warriors) of p moving unit ``a`` (or entering) by v; -1 if illegal."""
    c = check(s, spec, p, a, v)
    if c != 1:
        return -1.0
    n = spec[NN]
    t = target_of(s, spec, p, a, v)
    if t == 0 or t == n:                        # arrival: its captives are removed for good
        if a == n + 1 or a == own_city(p, n):
            return 0.0
        h = s[H + a]
        k = 0
        for i in range(h):
            k += ((s[C + a] >> i) & 1) != p
        return w_arr * k
    ht = s[H + t]
    if ht > 0 and top_colour(s, t) != p:        # capture: the whole target unit swings
        return float(ht)
    return 0.0


@njit(cache=True)
def best_gain(s, spec, p, v, w_arr):
    """The best immediate gain of one move of p with value v (0 when nothing gains)."""
    n = spec[NN]
    oc = own_city(p, n)
    top = n + 1 if spec[GUARDIANS] else n
    best = 0.0
    for a in range(top + 1):
        if a == n + 1:
            if s[CITYG + p] == 0:
                continue
        elif a == oc:
            if s[CITY + p] == 0:
                continue
        elif a == 0 or a == n or s[H + a] == 0 or top_colour(s, a) != p:
            continue
        g = move_gain(s, spec, p, a, v, w_arr)
        if g > best:
            best = g
    return best


@njit(cache=True)
def expected_gain(s, spec, p, w_arr):
    """Best gain of p's next throw, averaged over the throw (PU-C2)."""
    e = 0.0
    for i in range(5):
        v = i if i > 0 else spec[ZERO]
        if v > 0:
            e += PROBS[i] * best_gain(s, spec, p, v, w_arr)
    return e


@njit(cache=True)
def captives_held(s, spec, p):
    """(captives, progress-weighted captives) held by p in his stacks."""
    n = spec[NN]
    goal = own_city(p, n) if spec[LUDENS] else own_city(1 - p, n)
    k = 0.0
    kp = 0.0
    for pos in range(1, n):
        h = s[H + pos]
        if h > 1 and top_colour(s, pos) == p:
            c = 0
            for i in range(h):
                c += ((s[C + pos] >> i) & 1) != p
            k += c
            kp += c * (1.0 - abs(goal - pos) / n)
    return k, kp


@njit(cache=True)
def score(s, spec, player, w):
    """The raw score of the terms above for ``player`` (in warriors, before squashing)."""
    if s[END] != ONGOING:
        return 0.0
    mover = s[TO_MOVE]
    x = 0.0
    for p in range(2):
        sign = 1.0 if p == player else -1.0
        k, kp = captives_held(s, spec, p)
        x += sign * (w[0] * controlled_count(s, spec, p) + w[1] * k + w[2] * kp)
    known = s[PHASE] != 0 and s[VALUE] > 0       # a decision node: the mover's value is known
    for p in range(2):
        sign = 1.0 if p == player else -1.0
        if p == mover:
            if known and s[PHASE] == MOVE:
                x += sign * (w[3] * best_gain(s, spec, p, s[VALUE], w[6])
                             + w[4] * expected_gain(s, spec, p, w[6]))
            else:
                x += sign * (w[3] + w[4]) * expected_gain(s, spec, p, w[6])
        else:
            x += sign * w[5] * expected_gain(s, spec, p, w[6])
    return x


@njit(cache=True)
def family(spec):
    """The WEIGHTS row of a ruleset: 0 = PU, 1 = PS (pairs), 2 = PL (Ludens)."""
    return 2 if spec[LUDENS] else (1 if spec[PAIRS] else 0)


@njit(cache=True)
def evaluate(s, spec, player):
    """Material, captives held (and their progress), the mover's gain with the known throw and
    both sides' throw-weighted capture chances, as fitted log-odds squashed into (-1, 1) by
    0.999 tanh(x / 2); see the module text."""
    return 0.999 * math.tanh(0.5 * score(s, spec, player, WEIGHTS[family(spec)]))
