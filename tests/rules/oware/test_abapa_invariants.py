"""Invariants of Oware over many random games, checked in compiled code (OW-F4, OW-C4)."""
import numpy as np
from numba import njit

import ludotheque
from ludotheque.core.kernels import below, grow, seed_word, xorshift
from ludotheque.games.oware import kernels as K

GAMES = 12_000


@njit(cache=True)
def check_random_games(s0, spec, games, seed):
    """Returns (games checked, first failing game or -1, failure code)."""
    x = seed_word(seed)
    out = np.empty(16, np.int64)
    for g in range(games):
        s = s0.copy()
        while K.to_move(s, spec) >= 0:
            before0, before1 = s[K.STORE], s[K.STORE + 1]
            n = K.legal(s, spec, out)
            if n == 0:
                return g, 1                       # OW-C4: a player to move has a move
            x = xorshift(x)
            need = K.apply(s, spec, out[below(x, n)])
            if need:
                s = grow(s, need)
            total = s[K.STORE] + s[K.STORE + 1]
            for h in range(12):
                if s[h] < 0:
                    return g, 2                   # no negative house
                total += s[h]
            if total != 48:
                return g, 3                       # OW-F4: 48 seeds
            if s[K.STORE] < before0 or s[K.STORE + 1] < before1:
                return g, 4                       # OW-F4: stores never decrease
            if s[K.PLY] > 100_000:
                return g, 5                       # every game ends
        if s[K.END] == K.END_25 and max(s[K.STORE], s[K.STORE + 1]) < 25:
            return g, 6
    return games, 0


def test_ow_f4_invariants_over_random_games_every_option():
    for ruleset in ("oware", "oware?grand_slam=forbid-capture&repetition=2", "oware?grand_slam=allow"):
        g = ludotheque.load(ruleset)
        checked, code = check_random_games(g.initial_state().data.copy(), g.spec, GAMES, 11)
        assert code == 0, f"{ruleset}: invariant {code} broken in game {checked}"
        assert checked == GAMES
