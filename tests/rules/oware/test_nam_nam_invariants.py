"""Nam-Nam invariants over thousands of random games, checked by a compiled checker:
seed conservation (NN-A3), owners fixed within a round (NN-A2), whole fours in the stores,
round set-up from the previous round's stores (NN-E3, NN-F1..NN-F7), the game won with all 48
seeds (NN-G1)."""
import numpy as np
from numba import njit

import ludotheque
from ludotheque.core.kernels import TERMINAL, below, grow, seed_word, xorshift
from ludotheque.games.oware import nam_nam_kernels as K

GAME = ludotheque.load("oware/nam-nam")


@njit
def check_random_games(s0, spec, games, seed):
    """Returns [games, actions, games reaching round 2, round 3, highest round, first broken
    check (0 = none)]."""
    x = seed_word(seed)
    out = np.empty(1024, np.int64)
    own = np.empty(12, np.int32)
    stats = np.zeros(6, np.int64)
    for _ in range(games):
        s = s0.copy()
        rnd = s[K.ROUND]
        for h in range(12):
            own[h] = s[K.OWNER + h]
        stores = s[K.STORE] + s[K.STORE + 1]
        while K.to_move(s, spec) != TERMINAL:
            n = K.legal(s, spec, out)
            if n == 0:
                stats[5] = 1                            # a player to move always has a move
                return stats
            x = xorshift(x)
            need = K.apply(s, spec, out[below(x, n)])
            if need:
                s = grow(s, need)
            stats[1] += 1
            total = s[K.STORE] + s[K.STORE + 1]
            for h in range(12):
                total += s[h]
                if s[h] < 0 or (s[K.OWNER + h] != 0 and s[K.OWNER + h] != 1):
                    stats[5] = 2
                    return stats
            if total != 48:
                stats[5] = 3                            # NN-A3
                return stats
            if s[K.END] != K.ONGOING:
                if s[K.END] == K.END_ALL_SEEDS and (s[K.STORE] != 48 and s[K.STORE + 1] != 48):
                    stats[5] = 5                        # NN-G1
                    return stats
                break
            if s[K.STORE] % 4 or s[K.STORE + 1] % 4:
                stats[5] = 4                            # whole fours between turns
                return stats
            if s[K.ROUND] == rnd:
                for h in range(12):
                    if s[K.OWNER + h] != own[h]:
                        stats[5] = 6                    # NN-A2
                        return stats
                if s[K.STORE] + s[K.STORE + 1] < stores:
                    stats[5] = 7
                    return stats
            else:
                if s[K.ROUND] != rnd + 1 or s[K.TO_MOVE] != (s[K.ROUND] - 1) % 2:
                    stats[5] = 8                        # NN-F6, NN-F7
                    return stats
                prev0, prev1 = s[K.PREV_STORE], s[K.PREV_STORE + 1]
                if prev0 + prev1 != 48 or prev0 % 4 or prev1 % 4 or prev0 == 0 or prev1 == 0:
                    stats[5] = 9                        # NN-E3, NN-F1, NN-H5
                    return stats
                count0 = 0
                for h in range(12):
                    if s[h] != 4:
                        stats[5] = 10                   # NN-F4
                        return stats
                    count0 += s[K.OWNER + h] == 0
                if count0 != prev0 // 4 or s[K.STORE] + s[K.STORE + 1] != 0:
                    stats[5] = 11                       # NN-F2..F4
                    return stats
                for r in range(6):                      # own row first, from the owner's left
                    if r < min(6, prev0 // 4) and s[K.OWNER + r] != 0:
                        stats[5] = 12
                        return stats
                    if r < min(6, prev1 // 4) and s[K.OWNER + 6 + r] != 1:
                        stats[5] = 12
                        return stats
                rnd = s[K.ROUND]
                if rnd == 2:
                    stats[2] += 1
                if rnd == 3:
                    stats[3] += 1
                stats[4] = max(stats[4], rnd)
                for h in range(12):
                    own[h] = s[K.OWNER + h]
            stores = s[K.STORE] + s[K.STORE + 1]
        stats[0] += 1
    return stats


def test_nn_a2_a3_e3_f_invariants_over_5000_random_games():
    stats = check_random_games(GAME.initial_state().data.copy(), GAME.spec, 5000, 2026)
    games, actions, round2, round3, highest, broken = (int(v) for v in stats)
    assert broken == 0, f"check {broken} failed"
    assert games == 5000 and actions > 5000 * 50
    assert round2 > 1000 and round3 > 500 and highest >= 5


def test_nn_h6_invariants_hold_under_the_move_cap():
    g = ludotheque.load("oware/nam-nam?max_plies=40")
    stats = check_random_games(g.initial_state().data.copy(), g.spec, 2000, 7)
    assert stats[5] == 0 and stats[0] == 2000 and stats[1] <= 2000 * 40
