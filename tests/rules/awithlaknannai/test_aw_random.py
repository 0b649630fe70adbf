"""Invariants over thousands of random games per ruleset, checked in compiled code: snakes are
only ever removed one at a time by a capture or a huff removal, the counters follow the board,
chains are made by one snake, at most one Shaman each, every game ends with a consistent result
(AW-C4, AW-D1, AW-D2, AW-E2, AW-G2); the evaluation stays strictly inside (-1, 1)."""
import numpy as np
import pytest
from numba import njit

from ludotheque.ai.alphabeta import game_evaluate
from ludotheque.core import load
from ludotheque.core.kernels import below, grow, seed_word, xorshift
from ludotheque.core.loops import compiled_loops
from ludotheque.games.awithlaknannai import kernels as K
from ludotheque.games.awithlaknannai.evaluation import evaluate

GAMES = 2000
RULESETS = ("awithlaknannai", "awithlaknannai/lemery", "awithlaknannai/serpents+shaman",
            "awithlaknannai+shaman?huffing=1&no_backtrack=1&majority_on_deadlock=1",
            "awithlaknannai/lemery+shaman?forced_chain=1&huffing=1", "awithlaknannai/classic",
            "awithlaknannai/classic?huffing=1&no_capture_draw=20", "awithlaknannai?no_capture_draw=0")


@njit(cache=True)
def check_random_games(s0, spec, games, seed):
    """Returns (games checked, failure code, actions played); code 0 = every invariant held."""
    x = seed_word(seed)
    out = np.empty(1024, np.int64)
    played = 0
    N = spec[K.P_NPTS]
    for g in range(games):
        s = s0.copy()
        steps = 0
        while K.to_move(s, spec) >= 0:
            n = K.legal(s, spec, out)
            if n <= 0 or n >= 1024:
                return g, 1, played                      # AW-D2: the player to move can act
            x = xorshift(x)
            a = out[below(x, n)]
            p = s[K.TO_MOVE]
            before0, before1 = s[K.ONB], s[K.ONB + 1]
            chain = s[K.PHASE] == K.CHAIN
            actor = s[K.ACTOR]
            v = evaluate(s, spec, p)
            if not (-1.0 < v < 1.0):
                return g, 9, played
            if chain and a != K.A_STOP and (a - K.A_JUMP) // 8 != actor:
                return g, 2, played                      # AW-C5: the same snake
            need = K.apply(s, spec, a)
            if need:
                s = grow(s, need)
            steps += 1
            lost = (before0 - s[K.ONB]) + (before1 - s[K.ONB + 1])
            is_capture = K.A_JUMP <= a < K.A_REMOVE
            is_removal = K.A_REMOVE <= a < K.A_STOP
            if lost != (1 if is_capture or is_removal else 0):
                return g, 3, played                      # one snake per jump or removal (AW-C4)
            if (is_capture and before1 - s[K.ONB + 1] + before0 - s[K.ONB] != 0
                    and (before0 - s[K.ONB] if p == 0 else before1 - s[K.ONB + 1]) != 0):
                return g, 4, played                      # a capture removes an enemy snake
            shamans = np.zeros(2, np.int64)
            for q in range(2):
                on = 0
                for c in range(N):
                    if s[c] != 0 and K.owner(s[c]) == q:
                        on += 1
                        if s[c] >= 3:
                            shamans[q] += 1
                if on != s[K.ONB + q] or shamans[q] > 1:
                    return g, 5, played                  # the counters follow the board
            if spec[K.P_NOCAP] > 0 and s[K.NOCAP] > spec[K.P_NOCAP]:
                return g, 6, played                      # AW-E2
            if steps > 100000:
                return g, 7, played                      # every game ends
        played += steps
        w = s[K.WINNER]
        if s[K.END] == K.END_ALL_TAKEN and s[K.ONB + 1 - w] != 0:
            return g, 8, played                          # AW-D1
        if s[K.END] == K.END_TWO_LEFT and (not spec[K.P_LEMERY] or s[K.ONB + 1 - w] > 2):
            return g, 10, played                         # AW-G2
        if s[K.END] == K.END_NO_MOVE and (w != 1 - s[K.TO_MOVE] or K.has_move(s, spec, s[K.TO_MOVE])):
            return g, 11, played                         # AW-D2
        if s[K.END] in (K.END_NO_CAPTURE, K.END_REPETITION) and not spec[K.P_MAJ] and w != 2:
            return g, 12, played                         # AW-E1, AW-E2 are draws
    return games, 0, played


@pytest.mark.parametrize("rid", RULESETS)
def test_aw_c4_invariants_over_random_games(rid):
    g = load(rid)
    checked, code, played = check_random_games(g.initial_state().data.copy(), g.spec, GAMES, 11)
    assert code == 0, f"{rid}: invariant {code} broken in game {checked}"
    assert checked == GAMES and played > 10 * GAMES


@pytest.mark.parametrize("rid", RULESETS[:3] + ("awithlaknannai/classic",))
def test_compiled_playouts_for_bench(rid):
    g = load(rid)
    st = compiled_loops(g.kernels).random_playouts(g.playout_start().data.copy(), g.spec, 300, 3, 0)
    assert st[0] == 300 and st[5] == 0 and st[2] + st[3] + st[4] == 300


def test_evaluation_counts_material_and_stays_inside():
    g = load("awithlaknannai")
    ev = game_evaluate(g)
    assert ev is evaluate
    s = g.initial_state()
    assert abs(ev(s.data, g.spec, 0) + ev(s.data, g.spec, 1)) < 1e-9
    up = g.from_diagram("""
top    .   .   .   .   .   .   .   o
mid  y   .   .   .   .   .   .   .   .
bot    y   y   .   .   .   .   .   .
""")
    assert 0 < ev(up.data, g.spec, 0) < 1 and -1 < ev(up.data, g.spec, 1) < 0
    done = g.from_diagram("""
top    o   .   .   .   .   .   .   .
mid  y   o   o   .   .   .   .   .   .
bot    o   .   .   .   .   .   .   .
""")
    assert done.is_terminal and -1 < ev(done.data, g.spec, 1) < 1 and ev(done.data, g.spec, 1) > 0.5
