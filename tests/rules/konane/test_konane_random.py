"""Invariants over thousands of random games (a compiled checker), and the notation round trip
of every legal action along random games."""
import random

import numpy as np
import pytest
from numba import njit

from ludotheque.core import load
from ludotheque.core.kernels import TERMINAL, below, seed_word, xorshift
from ludotheque.games.konane import kernels as K


@njit(cache=True)
def check_games(s0, spec, games, seed):
    """Plays random games; returns 0 if every invariant held, else an error code (first failure)."""
    n2 = spec[K.S_N2]
    half = n2 // 2
    hb, loss_at = spec[K.S_HB], spec[K.S_LOSS_AT]
    stride = 2 * spec[K.S_WORDS]
    out = np.empty(1024, np.int64)
    x = seed_word(seed)
    for _ in range(games):
        s = s0.copy()
        while True:
            p = K.to_move(s, spec)
            # piece bookkeeping: the header agrees with the board (KO-A1, KH-D1, KN-B1)
            cnt = np.zeros(2, np.int64)
            birds = np.full(2, -1, np.int64)
            for c in range(n2):
                v = s[K.BOARD + c]
                if v != K.EMPTY and v != K.FLOWER0 and v != K.FLOWER1 and v != K.KNOT and v != K.BIRD0 and v != K.BIRD1:
                    return 1
                if v & 3:
                    cnt[(v & 3) - 1] += 1
                    if v & 4:
                        birds[(v & 3) - 1] = c
                rc = spec[spec[K.S_RC] + c]                        # the bit sets agree with it
                for plane in range(3):
                    bit = (s[spec[K.S_ROWS] + plane * stride + (rc >> 5)] >> (rc & 31)) & 1
                    if bit != (v == K.EMPTY if plane == K.EMPTIES else (v & 3) == plane + 1):
                        return 16
            for q in range(2):
                if cnt[q] != s[K.PIECES + q] or birds[q] != s[K.BIRD + q]:
                    return 2
                removed = 1 if s[K.REMOVALS] > q else 0
                if cnt[q] + s[K.CAPT + q] + removed != half:       # captures + removal = losses
                    return 3
            if p == TERMINAL:
                w, end = s[K.WINNER], s[K.END]
                if end == K.END_NO_MOVE:                           # KO-D1 / KN-C1
                    if K.has_jump(s, spec, 1 - w) or K.knot_available(s, spec, 1 - w) or s[K.TO_MOVE] != 1 - w:
                        return 4
                elif end == K.END_PIECES:                          # KH-D1
                    if not hb or s[K.PIECES + 1 - w] > loss_at:
                        return 5
                elif end != K.END_REPETITION or not hb:            # KO-D2: draws only by KH-D3
                    return 6
                if K.legal(s, spec, out) != 0:
                    return 7
                break
            n = K.legal(s, spec, out)
            if n <= 0:
                return 8
            if s[K.CHAIN] >= 0:                                    # KO-C2/C3/E1
                if n != 2 or out[1] != 5 * n2 or out[0] != n2 + 4 * s[K.CHAIN] + s[K.CDIR]:
                    return 9
                if K.jump_target(s, spec, s[K.CHAIN], s[K.CDIR], p) < 0:
                    return 10
            if s[K.CHAIN] < 0 and s[K.BONUS] == 0 and s[K.REMOVALS] == 2:
                listed = 0                                         # KO-C1: every first jump listed
                for i in range(n):
                    if n2 <= out[i] < 5 * n2:
                        c, d = (out[i] - n2) // 4, (out[i] - n2) & 3
                        if (s[K.BOARD + c] & 3) != p + 1 or K.jump_target(s, spec, c, d, p) < 0:
                            return 11
                        listed += 1
                for c in range(n2):
                    if (s[K.BOARD + c] & 3) == p + 1:
                        for d in range(4):
                            listed -= K.jump_target(s, spec, c, d, p) >= 0
                if listed != 0:
                    return 17
            x = xorshift(x)
            a = out[below(x, n)]
            turns, before = s[K.TURNS], s[K.PIECES + 1 - p]
            need = K.apply(s, spec, a)
            if need:
                bigger = np.zeros(need, np.int32)
                bigger[: s.shape[0]] = s
                s = bigger
            if s[K.TURNS] < turns or s[K.TURNS] > turns + 1:
                return 12
            if s[K.END] == K.ONGOING and (s[K.TURNS] == turns + 1) != (s[K.TO_MOVE] != p):
                return 13                                          # turns alternate
            if s[K.PIECES + 1 - p] > before:
                return 14
            if s[K.TURNS] > 4 * n2 + 2 and not hb:                 # every base turn takes a piece
                return 15
    return 0


RULESETS = ["konane?size=4", "konane?size=6", "konane", "konane?size=10", "konane?size=12",
            "konane?size=14", "konane+hummingbird?size=6", "konane+hummingbird",
            "konane+hummingbird?hummingbird_step=single", "konane+knots?size=6", "konane+knots",
            "konane+hummingbird+knots", "konane+hummingbird+knots?size=14"]


@pytest.mark.parametrize("rid", RULESETS)
def test_invariants_over_random_games(rid):
    g = load(rid)
    assert check_games(g.initial_data(), g.spec, 5000, 42) == 0


def test_invariants_detect_a_broken_state():
    g = load("konane?size=6")
    s = g.initial_data()
    s[K.PIECES] += 1                                            # a wrong count must be caught
    assert check_games(s, g.spec, 1, 1) == 2


def test_invariants_detect_bit_sets_out_of_step_with_the_board():
    g = load("konane?size=6")
    s = g.initial_data()
    s[g.spec[K.S_ROWS] + 2 * g.spec[K.S_WORDS] * K.EMPTIES] ^= 1    # a1 seen empty
    assert check_games(s, g.spec, 1, 1) == 16


@pytest.mark.parametrize("rid", ["konane?size=4", "konane?size=6", "konane", "konane?size=14",
                                 "konane+hummingbird", "konane+hummingbird+knots?size=6",
                                 "konane+knots"])
def test_notation_round_trip_along_random_games(rid):
    g = load(rid)
    rng = random.Random(rid)
    for _ in range(12):
        s = g.initial_state()
        while not s.is_terminal:
            for a in s.legal_actions():
                text = g.action_to_string(s, a)
                assert g.parse_action(s, text) == a, text
            if s.data[K.CHAIN] < 0 and not s.data[K.BONUS]:
                for text, actions, _ in g.turns(s)[:20]:
                    assert g.parse_turn(s, text) == actions, text
                    assert g.turn_to_string(s, actions) == text
            s = s.apply(rng.choice(s.legal_actions()))
