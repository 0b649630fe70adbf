"""Omweso invariants over thousands of random games, checked by a compiled checker: 64 seeds
(OM-D6), a rearrangement touches only the mover's pits and keeps his 32 seeds (OM-B2, OM-B3),
a sowing turn never adds seeds to the opponent's pits and the mover gains exactly what the
opponent loses (OM-C2, OM-D2), capture counts only grow (OM-G1), the rules' endings have a
winner (OM-F5)."""
import numpy as np
from numba import njit

import ludotheque
from ludotheque.core.kernels import TERMINAL, below, grow, seed_word, xorshift
from ludotheque.games.oware import omweso_kernels as K

GAME = ludotheque.load("oware/omweso")


@njit
def check_random_games(s0, spec, games, seed):
    """Returns [games, actions, captures seen, decisions seen, special wins, first broken
    check (0 = none)]."""
    x = seed_word(seed)
    out = np.empty(1024, np.int64)
    before = np.empty(32, np.int32)
    stats = np.zeros(6, np.int64)
    for _ in range(games):
        s = s0.copy()
        while K.to_move(s, spec) != TERMINAL:
            n = K.legal(s, spec, out)
            p = s[K.TO_MOVE]
            phase = s[K.PHASE]
            if n == 0 or (phase == K.DECISION and n != 2):
                stats[5] = 1
                return stats
            before[:] = s[:32]
            hand0 = s[K.HAND]
            caps0, caps1 = s[K.CAPTURES], s[K.CAPTURES + 1]
            x = xorshift(x)
            a = out[below(x, n)]
            need = K.apply(s, spec, a)
            if need:
                s = grow(s, need)
            stats[1] += 1
            total = s[K.HAND]
            mine = 0
            theirs = 0
            for i in range(32):
                if s[i] < 0:
                    stats[5] = 2
                    return stats
                total += s[i]
                if i // 16 == p:
                    mine += s[i] - before[i]
                else:
                    theirs += s[i] - before[i]
                    if s[i] > before[i]:
                        stats[5] = 3                    # the opponent's pits only lose seeds
                        return stats
            if total != 64:
                stats[5] = 4                            # OM-D6
                return stats
            if phase == K.SETUP_SOUTH or phase == K.SETUP_NORTH:
                if mine != 0 or theirs != 0:
                    stats[5] = 5                        # OM-B3
                    return stats
            elif mine + theirs + s[K.HAND] - hand0 != 0:
                stats[5] = 6                            # captured seeds go to the mover
                return stats
            if theirs < 0:
                stats[2] += 1
            if s[K.PHASE] == K.DECISION:
                stats[3] += 1
            if s[K.CAPTURES] < caps0 or s[K.CAPTURES + 1] < caps1 or s[K.CAPTURES] > 2 or s[K.CAPTURES + 1] > 2:
                stats[5] = 7
                return stats
        if s[K.END] == K.END_AKAKYALA or s[K.END] == K.END_EMITWEBIRI:
            stats[4] += 1
        if s[K.END] <= K.END_EMITWEBIRI and s[K.WINNER] < 0:
            stats[5] = 8                                # OM-F5
            return stats
        stats[0] += 1
    return stats


def test_om_d6_invariants_over_5000_games_from_the_play_phase():
    stats = check_random_games(GAME.play_start().data.copy(), GAME.spec, 5000, 2026)
    games, actions, captures, decisions, specials, broken = (int(v) for v in stats)
    assert broken == 0, f"check {broken} failed"
    assert games == 5000 and captures > 5000 and decisions > 100 and specials > 1000


def test_om_b3_invariants_over_5000_games_with_random_rearrangements():
    stats = check_random_games(GAME.initial_state().data.copy(), GAME.spec, 5000, 7)
    assert stats[5] == 0 and stats[0] == 5000 and stats[1] > 5000 * 64


def test_om_c3_e2_invariants_with_both_options():
    g = ludotheque.load("oware/omweso?skip_origin=1&reverse_resume=after-origin&max_plies=30")
    stats = check_random_games(g.play_start().data.copy(), g.spec, 3000, 3)
    assert stats[5] == 0 and stats[0] == 3000
