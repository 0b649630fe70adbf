"""Invariants of every Dara ruleset over thousands of random games, checked in compiled code."""
import numpy as np
import pytest
from numba import njit

import ludotheque
from ludotheque.core.kernels import below, grow, seed_word, xorshift
from ludotheque.games.dara import kernels as K

GAMES = 5_000
RULESETS = ["dara", "dara/dala", "dara+heroes+hut?capture=anywhere", "dara/dala+heroes+hut"]


@njit(cache=True)
def longest_run(s, spec):
    """The longest run of one side's cells (huts included) along a row or a column, by a walk
    over the cells (the kernels read runs on bit sets)."""
    w, h = K.W, spec[K.S_H]
    best = 0
    for p in range(2):
        for y in range(h):
            n = 0
            for x in range(w):
                n = n + 1 if K.own(s[y * w + x], p) else 0
                best = max(best, n)
        for x in range(w):
            n = 0
            for y in range(h):
                n = n + 1 if K.own(s[y * w + x], p) else 0
                best = max(best, n)
    return best


@njit(cache=True)
def sets_agree(s, spec):
    """The bit sets the state keeps (each side's cells, the heroes, the huts) are its cells'."""
    sides, heroes, huts = np.zeros(2, np.int64), 0, 0
    for c in range(spec[K.S_N]):
        v = s[c]
        if v != 0:
            sides[(v - 1) & 1] |= 1 << c
            heroes |= (v == K.PROUD_LION or v == K.MATRIARCH) << c
            huts |= (v >= K.HUT0) << c
    return (K.bitset(s, K.SETS) == sides[0] and K.bitset(s, K.SETS + 2) == sides[1]
            and K.bitset(s, K.HEROES) == heroes and K.bitset(s, K.HUTS) == huts)


@njit(cache=True)
def check_random_games(s0, spec, games, seed):
    """Returns (game, failure code); code 0 = all games passed."""
    x = seed_word(seed)
    out = np.empty(1024, np.int64)
    owned = np.zeros(2, np.int64)
    huts = np.zeros(2, np.int64)
    for g in range(games):
        s = s0.copy()
        played = 0
        while K.to_move(s, spec) >= 0:
            n = K.legal(s, spec, out)
            if n == 0:
                return g, 1                               # DA-E2/DS-A6: the player to move can act
            for p in range(2):
                owned[p] = s[K.HAND + p] + s[K.HERO + p]
                huts[p] = 0
            for c in range(spec[K.S_N]):
                v = s[c]
                if v >= K.HUT0:
                    huts[v - K.HUT0] += 1
                elif v != 0:
                    owned[(v - 1) & 1] += 1
            lost0, lost1 = s[K.LOST], s[K.LOST + 1]
            for p in range(2):
                if owned[p] + s[K.LOST + p] != 12:
                    return g, 2                           # DA-D8: pieces are on board, in hand or lost
                if huts[p] + s[K.HUT + p] != spec[K.S_HUT]:
                    return g, 3                           # DS-A1/DS-A3: one hut, never removed
            x = xorshift(x)
            a = out[below(x, n)]
            was_pending = s[K.PEND]
            need = K.apply(s, spec, a)
            if need:
                s = grow(s, need)
            played += 1
            board = 0
            for c in range(spec[K.S_N]):
                if s[c] != 0 and s[c] < K.HUT0:
                    board += 1
            if s[K.LOST] < lost0 or s[K.LOST + 1] < lost1:
                return g, 4                               # piece counts never rise again
            if s[K.LOST] + s[K.LOST + 1] > lost0 + lost1 + (1 if was_pending else 0):
                return g, 5                               # DA-D3: only a removal captures, one at a time
            if not spec[K.S_DALA] and longest_run(s, spec) >= 4:
                return g, 6                               # DA-B2/DA-C2/DS-A4: no run of 4 in Dara
            if s[K.PEND] and K.removals(s, spec, s[K.TO_MOVE], out, False) == 0:
                return g, 7                               # DA-D7: a due removal has a target
            if played > 100_000:
                return g, 8                               # every game ends
            if not sets_agree(s, spec):
                return g, 13                              # the kept bit sets follow the cells
        r = s[K.END]
        if r == K.END_CAPTURES and s[K.LOST + 1 - s[K.WINNER]] < 10:
            return g, 9                                   # DA-E1
        if (r == K.END_TRAPPED or r == K.END_NO_PLACEMENT) and K.can_act(s, spec):
            return g, 10                                  # DA-E2/DA-B4
        if spec[K.S_DALA] and r == K.END_NO_PLACEMENT:
            return g, 11                                  # DL-E1: Dala always has a placement
        if (r == K.END_REPETITION or r == K.END_NO_CAPTURE) and s[K.WINNER] != -1:
            return g, 12                                  # DA-F2/DA-F3 are draws
    return games, 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_da_f2_f3_invariants_over_random_games(ruleset):
    g = ludotheque.load(ruleset)
    checked, code = check_random_games(g.initial_state().data.copy(), g.spec, GAMES, 17)
    assert code == 0, f"{ruleset}: invariant {code} broken in game {checked}"
    assert checked == GAMES


def test_a_kept_set_out_of_step_with_the_cells_is_caught():
    g = ludotheque.load("dara/dala+heroes+hut")
    s = g.initial_state().data.copy()
    assert sets_agree(s, g.spec)
    s[K.SETS] ^= 1 << 14                                  # c3 claimed for the Lions, still empty
    assert not sets_agree(s, g.spec)
