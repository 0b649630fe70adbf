"""Invariants over thousands of random games (compiled checker), and notation round trips
along random games."""
from __future__ import annotations

import random

import numpy as np
import pytest
from numba import njit

from ludotheque.core import load
from ludotheque.core.kernels import TERMINAL, below, grow, seed_word, xorshift
from ludotheque.games.fanorona import kernels as K

GAMES = 5000
MAX_ACTIONS = 50_000


@njit(cache=True)
def _counts(s, n):
    c = np.zeros(2, np.int64)
    for i in range(n):
        x = s[K.BOARD + i]
        if x != 0:
            c[(x - 1) & 1] += 1
    return c


@njit(cache=True)
def _bit_sets_match(s, par):
    """Whether the header's bit sets (kernels.sides) are the board's pieces and Females."""
    n = par[K.P_N]
    green, orange, green_female, empty = K.sides(s, par, 0)
    orange_female = K.sides(s, par, 1)[2]
    for i in range(n):
        x = s[K.BOARD + i]
        bits = ((green >> i) & 1, (orange >> i) & 1, (green_female >> i) & 1,
                (orange_female >> i) & 1, (empty >> i) & 1)
        if bits != (int(x in (1, 3)), int(x in (2, 4)), int(x == 3), int(x == 4), int(x == 0)):
            return False
    return True


@njit(cache=True)
def check_random_games(s0, spec, games, seed):
    """Plays random games; returns [error code, game, games played, actions, draws]. Errors:
    1 game not over after MAX_ACTIONS, 2 no action in a live state, 3 a chain lands on a
    visited point, 4 a chain repeats the last direction, 5 another piece moves in a chain,
    6 a piece count rises (other than a tamarin placement), 7 header counts wrong,
    8 bad returns, 9 Vela phase 1 capture takes other than one lemur, 10 the header's bit sets
    of the pieces differ from the board."""
    par = spec[0]
    n = par[K.P_N]
    steps = n * 48
    x = seed_word(seed)
    out = np.empty(1024, np.int64)
    ret = np.empty(2, np.float64)
    res = np.zeros(5, np.int64)
    for g in range(games):
        s = s0.copy()
        played = 0
        mask = np.int64(0)
        last = -1
        prev = _counts(s, n)
        while K.to_move(s, spec) != TERMINAL:
            if played >= MAX_ACTIONS:
                res[0], res[1] = 1, g
                return res
            m = K.legal(s, spec, out)
            if m == 0:
                res[0], res[1] = 2, g
                return res
            x = xorshift(x)
            a = out[below(x, m)]
            p = s[K.TO_MOVE]
            phase1 = par[K.P_VELA] != 0 and s[K.GCAPS] < K.VELA_PHASE2
            if a < steps:
                P = a // 48
                d = (a // 6) % 8
                j = (a // 3) % 2
                Q = spec[2][P, d] if j else spec[1][P, d]
                if s[K.SUB] == K.START:
                    mask = np.int64(1) << P
                    last = -1
                elif P != s[K.CPOS]:
                    res[0], res[1] = 5, g
                    return res
                if (mask >> Q) & 1:
                    res[0], res[1] = 3, g
                    return res
                if d == last:
                    res[0], res[1] = 4, g
                    return res
                mask |= np.int64(1) << Q
                last = d
            need = K.apply(s, spec, a)
            if need:
                s = grow(s, need)
            played += 1
            now = _counts(s, n)
            placed = a > steps + 1
            for o in range(2):
                rise = now[o] - prev[o]
                if rise > 0 and not (placed and o == p and rise == 1):
                    res[0], res[1] = 6, g
                    return res
            if now[0] != s[K.COUNT] or now[1] != s[K.COUNT + 1]:
                res[0], res[1] = 7, g
                return res
            if phase1 and p == 0 and a < steps and prev[1] - now[1] != 1:
                res[0], res[1] = 9, g
                return res
            if not _bit_sets_match(s, par):
                res[0], res[1] = 10, g
                return res
            prev = now
        K.returns(s, spec, ret)
        w = s[K.WINNER]
        if ret[0] + ret[1] != 0 or (w >= 0 and ret[w] != 1.0) or (w < 0 and ret[0] != 0):
            res[0], res[1] = 8, g
            return res
        res[2] += 1
        res[3] += played
        if w < 0:
            res[4] += 1
    return res


RULESETS = [
    "fanorona", "fanorona/vela", "fanorona/telo", "fanorona/dimy", "fanorona+female",
    "fanorona+tamarins", "fanorona/dimy+female+tamarins", "fanorona/telo+female+tamarins",
    "fanorona+female+tamarins?female_first=alone&optional_capture=decline",
    "fanorona?first_move_single_capture=1&no_capture_draw=0", "fanorona/vela?vela_orange=paika_only",
]


@pytest.mark.parametrize("rid", RULESETS)
def test_random_game_invariants(rid):
    """Piece counts only fall (tamarins aside), no chain revisits a point or repeats its
    last direction, every game ends (FA-D3, FA-D4, FA-E4, FA-E5, FM-B3, FV-B1); the kernels'
    bit sets of the pieces stay those of the board."""
    g = load(rid)
    res = check_random_games(g.initial_state().data.copy(), g.spec, GAMES, 7)
    assert res[0] == 0, f"error {res[0]} in game {res[1]}"
    assert res[2] == GAMES


def _sdg(text: str) -> str:
    frm, rest = text.split("-")
    return frm + rest.replace("A", "+").replace("W", "-")


@pytest.mark.parametrize("rid,games", [("fanorona", 12), ("fanorona/vela", 6), ("fanorona/telo", 40),
                                       ("fanorona/dimy", 20), ("fanorona+female+tamarins", 4),
                                       ("fanorona/dimy+female?optional_capture=decline", 10)])
def test_notation_round_trip_along_random_games(rid, games):
    g = load(rid)
    rng = random.Random(11)
    for _ in range(games):
        s = g.initial_state()
        while not s.is_terminal:
            legal = s.legal_actions()
            for a in legal:
                text = s.move_to_string(a)
                assert s.parse_move(text) == a, text
                if "-" in text and text[0] != "@":
                    assert s.parse_move(_sdg(text)) == a, text
            s = s.apply(rng.choice(legal))


def _sdg_turn(text: str) -> str:
    """Our turn text in the SuperDuperGames form: `e2-e3A-f4W` -> `e2e3+,e3f4-.`."""
    moves, *rest = text.split(" ")
    segs = moves.split("-")
    steps, frm = [], segs[0]
    for seg in segs[1:]:
        to = seg.rstrip("AW")
        steps.append(frm + to + {"A": "+", "W": "-", "": ""}[seg[len(to):]])
        frm = to
    return ",".join(steps) + "." + "".join(" " + r for r in rest)


@pytest.mark.parametrize("rid,games", [("fanorona", 3), ("fanorona/telo", 30), ("fanorona/dimy+tamarins", 6),
                                       ("fanorona/dimy+female", 6)])
def test_turn_notation_round_trip_along_random_games(rid, games):
    g = load(rid)
    rng = random.Random(5)
    for _ in range(games):
        s = g.initial_state()
        while not s.is_terminal:
            options = g.complete_turns(s)
            for acts, _after in options:
                text = g.turn_to_string(s, acts)
                assert g.parse_turn(s, text) == acts, text
                assert g.parse_turn(s, _sdg_turn(text)) == acts, _sdg_turn(text)
            s = rng.choice(options)[1]
