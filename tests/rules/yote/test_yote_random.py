"""Invariants over thousands of random games per ruleset, checked in compiled code (YO-C6,
YO-D1, YO-D2, YO-E3: pieces are conserved and every game ends), and the notation round trip
for every legal action along random games."""
import random

import numpy as np
import pytest
from numba import njit

from ludotheque.core import load
from ludotheque.core.kernels import below, seed_word, xorshift
from ludotheque.games.yote import kernels as K

GAMES = 5000
RULESETS = ("yote", "yote/choko", "yote+caravan+routes", "yote/choko+caravan+routes",
            "yote+caravan?chain=1&forced_capture=1&friendly_jump=1", "yote+routes?chain=1&friendly_jump=1",
            "yote/choko?forced_capture=1&friendly_jump=1&no_capture_draw=30")


@njit(cache=True)
def check_random_games(s0, spec, games, seed):
    """Returns (games checked, failure code, actions played); code 0 = every invariant held."""
    x = seed_word(seed)
    out = np.empty(1024, np.int64)
    captured = np.zeros(2, np.int64)
    played = 0
    N = spec[K.P_N]
    for g in range(games):
        s = s0.copy()
        captured[:] = 0
        steps = 0
        while K.to_move(s, spec) >= 0:
            n = K.legal(s, spec, out)
            if n <= 0 or n >= 1024:
                return g, 1, played                      # YO-D2: a player to move can act
            x = xorshift(x)
            a = out[below(x, n)]
            o = 1 - s[K.TO_MOVE]
            if (K.A_JUMP <= a < K.A_TRAVEL) or K.A_REMOVE <= a <= K.A_HAND:
                captured[o] += 1
            K.apply(s, spec, a)
            steps += 1
            for q in range(2):
                on, car = 0, 0
                for c in range(N):
                    if s[c] != 0 and K.owner(s[c]) == q:
                        on += 1
                        car += s[c] >= 3
                if on != s[K.ONB + q] or car != s[K.CARON + q] or car + s[K.CHAND + q] > spec[K.P_CARAVAN]:
                    return g, 2, played                  # the counters follow the board
                if s[K.HAND + q] < 0 or s[K.TOK + q] < 0 or s[K.PENDING] < 0:
                    return g, 3, played
                if on + s[K.HAND + q] + s[K.CHAND + q] + captured[q] != 12:
                    return g, 4, played                  # YO-C6: board + hand + captured = 12
            if steps > 20000:
                return g, 5, played                      # every game ends
        played += steps
        t0, t1 = K.total(s, 0), K.total(s, 1)
        if s[K.END] == K.END_ALL_TAKEN and K.total(s, 1 - s[K.WINNER]) != 0:
            return g, 6, played                          # YO-D1
        if s[K.END] == K.END_NO_ACTION and s[K.WINNER] != (0 if t0 > t1 else 1 if t1 > t0 else 2):
            return g, 7, played                          # YO-D2
        if s[K.END] in (K.END_REPETITION, K.END_LOW_50) and (t0 > 3 or t1 > 3):
            return g, 8, played                          # YO-E2
    return games, 0, played


@pytest.mark.parametrize("rid", RULESETS)
def test_yo_c6_invariants_over_random_games(rid):
    g = load(rid)
    checked, code, played = check_random_games(g.initial_state().data.copy(), g.spec, GAMES, 7)
    assert code == 0, f"{rid}: invariant {code} broken in game {checked}"
    assert checked == GAMES and played > 20 * GAMES


@pytest.mark.parametrize("rid", RULESETS[:6])
def test_yo_e1_notation_round_trip_along_random_games(rid):
    g = load(rid)
    rng = random.Random(rid)
    seen = set()
    for _ in range(3):
        s = g.initial_state()
        while not s.is_terminal:
            legal = s.legal_actions()
            for a in legal:
                text = s.move_to_string(a)
                assert s.parse_move(text) == a, (rid, text)
                seen.add(text[0] if text[0] in "@R=-" else "x" if "x" in text else "~" if "~" in text else text[2])
            s = s.apply(rng.choice(legal))
    assert {"@", "-", "x"} <= seen
