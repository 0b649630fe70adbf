"""Invariants of every Komikan ruleset over thousands of random games, checked in compiled code
(KM-F6 end checks, alpaca conservation, Condor and grass rules)."""
import numpy as np
import pytest
from numba import njit

import ludotheque
from ludotheque.core.kernels import below, grow, seed_word, xorshift
from ludotheque.core.loops import compiled_loops
from ludotheque.games.komikan import kernels as K

GAMES = 2_000
RULESETS = ["komikan", "komikan/lemery+alpha", "komikan/adugo+condor?multi_jump=1",
            "komikan/chivi-kora+alpha+condor+grass", "komikan+grass+condor?multi_jump=1",
            "komikan/lemery+condor+grass?alpaca_blocked=draw"]


@njit(cache=True)
def check_random_games(s0, spec, games, seed):
    """Returns (game, failure code); code 0 = all games passed."""
    x = seed_word(seed)
    out = np.empty(1024, np.int64)
    for g in range(games):
        s = s0.copy()
        played = 0
        g0, g1 = -1, -1
        while K.to_move(s, spec) >= 0:
            n = K.legal(s, spec, out)
            if n == 0:
                return g, 1                               # a player to move can always act
            on_board = 0
            alphas = 0
            for q in range(K.N):
                if s[q] != 0:
                    on_board += 1
                if s[q] == K.ALPHA:
                    alphas += 1
            if on_board + s[K.PILE] != spec[K.S_ALPACAS]:
                return g, 2                               # alpacas: on the board or in the pile
            if alphas > 1 or (alphas and not spec[K.S_ALPHA]):
                return g, 3
            if s[s[K.PUMA]] != 0:
                return g, 4                               # the Puma never shares with an alpaca
            C = s[K.CONDOR]
            if spec[K.S_CONDOR] and (C < 0 or s[C] != 0 or K.in_den(C)):
                return g, 5                               # KM-Q4, KM-Q8
            if s[K.PILE] >= spec[K.S_GOAL]:
                return g, 6                               # KM-F1 ends the game at once
            if s[K.GRASS1] >= 0:
                if g0 < 0:
                    g0, g1 = s[K.GRASS0], s[K.GRASS1]
                if s[K.GRASS0] != g0 or s[K.GRASS1] != g1 or K.in_den(g0) or K.in_den(g1) \
                        or g0 == g1:
                    return g, 7                           # KM-R1, KM-R2
            x = xorshift(x)
            a = out[below(x, n)]
            need = K.apply(s, spec, a)
            if need:
                s = grow(s, need)
            played += 1
            if played > 200_000:
                return g, 8                               # every game ends
        r = s[K.END]
        if r == K.END_PILE and (s[K.PILE] < spec[K.S_GOAL] or s[K.WINNER] != 0):
            return g, 9
        if r == K.END_DEN and (not K.den_full(s) or s[K.WINNER] != 1):
            return g, 10
        if r == K.END_TRAPPED and (K.puma_can_move(s, spec) or s[K.WINNER] != 1):
            return g, 11
        if r == K.END_BLOCKED and K.alpaca_moves(s, spec, out, 0, False) != 0:
            return g, 12
        if (r == K.END_REPETITION or r == K.END_NO_CAPTURE) and s[K.WINNER] != -1:
            return g, 13
    return games, 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_km_f6_invariants_over_random_games(ruleset):
    g = ludotheque.load(ruleset)
    checked, code = check_random_games(g.initial_state().data.copy(), g.spec, GAMES, 23)
    assert code == 0, f"{ruleset}: invariant {code} broken in game {checked}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_km_compiled_random_playouts_finish(ruleset):
    g = ludotheque.load(ruleset)
    st = compiled_loops(g.kernels).random_playouts(g.playout_start().data.copy(), g.spec, 300, 5, 0)
    assert st[0] == 300 and st[5] == 0 and st[2] + st[3] + st[4] == 300


def test_km_evaluate_is_strictly_inside_minus_one_one_and_antisymmetric():
    import random
    rng = random.Random(4)
    for rid in ("komikan", "komikan/adugo+grass+condor"):
        g = ludotheque.load(rid)
        ev = type(g).evaluate
        assert ev is not None
        for _ in range(30):
            s = g.initial_state()
            while not s.is_terminal:
                v = ev(s.data, g.spec, 0)
                assert -1.0 < v < 1.0 and ev(s.data, g.spec, 1) == -v
                s = s.apply(rng.choice(s.legal_actions()))
