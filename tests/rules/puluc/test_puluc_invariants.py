"""Puluc: the throw distribution (exact table and a chi-square test of the compiled sampler),
invariants over thousands of random games (compiled checker), notation round-trips and exact
replays along random games, for every ruleset."""
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from numba import njit

import ludotheque
from ludotheque import CHANCE
from ludotheque.core.game import play_line
from ludotheque.core.kernels import MAX_ACTIONS_BUFFER, TERMINAL, below, sample_index, seed_word, unit, xorshift
from ludotheque.games.puluc import kernels as K

RULESETS = ["puluc", "puluc?zero=6", "puluc?zero=0", "puluc+guardians", "puluc+temples",
            "puluc+guardians+temples", "puluc/sauvetage", "puluc/sauvetage+guardians+temples",
            "puluc/sauvetage+temples?zero=0", "puluc/ludens"]
GAMES = 5000
CHI2_DF4_P001 = 18.467   # chi-square critical value, 4 degrees of freedom, p = 0.001


# -- throw distribution (PU-C2, PU-G2, PL-A3) --------------------------------------------------

@pytest.mark.parametrize("ruleset", ["puluc", "puluc/sauvetage+guardians", "puluc/ludens"])
def test_pu_c2_chance_outcomes_are_the_exact_binomial_table(ruleset):
    s = ludotheque.load(ruleset).initial_state()
    table = [Fraction(comb(4, k), 16) for k in range(5)]
    assert [(a, Fraction(p)) for a, p in s.chance_outcomes()] == list(enumerate(table))
    assert sum(p for _, p in s.chance_outcomes()) == 1.0


@njit(cache=True)
def sample_throws(s, spec, count, seed):
    """Samples the throw the way the compiled playout loop does, ``count`` times."""
    out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
    probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
    hist = np.zeros(5, np.int64)
    x = seed_word(seed)
    for _ in range(count):
        n = K.legal(s, spec, out)
        K.chance_probs(s, spec, probs)
        x = xorshift(x)
        hist[out[sample_index(probs, n, unit(x))]] += 1
    return hist


def test_pu_c2_sampled_throws_pass_a_chi_square_test():
    g = ludotheque.load("puluc")
    count = 100_000
    hist = sample_throws(g.initial_data(), g.spec, count, 2024)
    expected = [count * comb(4, k) / 16 for k in range(5)]
    chi2 = sum((o - e) ** 2 / e for o, e in zip(hist, expected))
    assert hist.sum() == count and chi2 < CHI2_DF4_P001, (hist, chi2)


def test_pu_c2_chi_square_statistic_detects_a_wrong_table():
    """The same statistic rejects a sample of uniform throws (the test can fail)."""
    count = 100_000
    hist = [count // 5] * 5
    expected = [count * comb(4, k) / 16 for k in range(5)]
    assert sum((o - e) ** 2 / e for o, e in zip(hist, expected)) > CHI2_DF4_P001


# -- invariants over random games (PU-E7, PU-G4, PU-D7, PS-B2, PG-A1) ------------------------

E_COUNT, E_SHAPE, E_GUARD, E_RUN, E_ACTION, E_PASS, E_ENDLESS, E_END, E_NOLEGAL = range(9)


@njit(cache=True)
def state_errors(s, spec, err):
    n = spec[K.NN]
    total = spec[K.TOTAL]
    counts = np.zeros(2, np.int64)
    guards = np.zeros(2, np.int64)
    for pos in range(16):
        h = s[K.H + pos]
        if pos == 0 or pos >= n:
            if h != 0 or s[K.C + pos] != 0 or s[K.G + pos] != 0:
                err[E_SHAPE] += 1
            continue
        if h < 0 or h > 2 * total or (s[K.C + pos] >> h) != 0 or (s[K.G + pos] >> h) != 0:
            err[E_SHAPE] += 1
            continue
        for i in range(h):
            col = (s[K.C + pos] >> i) & 1
            counts[col] += 1
            guards[col] += (s[K.G + pos] >> i) & 1
        run = 1                     # warriors of the top's colour directly under the top, +1
        while run < h and ((s[K.C + pos] >> (h - 1 - run)) & 1) == ((s[K.C + pos] >> (h - 1)) & 1):
            run += 1
        # no pairs in PU (PU-D4) nor Ludens (PL-B3); PS-B2: at most two of a colour stacked on each other
        if run > (2 if spec[K.PAIRS] else 1):
            err[E_RUN] += 1
    for p in range(2):
        if s[K.CITY + p] < 0 or s[K.REM + p] < 0:
            err[E_COUNT] += 1
        if counts[p] + s[K.CITY + p] + s[K.CITYG + p] + s[K.REM + p] != total:
            err[E_COUNT] += 1
        if guards[p] + s[K.CITYG + p] > (1 if spec[K.GUARDIANS] else 0):
            err[E_GUARD] += 1


@njit(cache=True)
def check_random_games(s0, spec, num_actions, games, seed, no_pass_rule):
    """Plays random games (chance by its probabilities) and counts broken invariants."""
    out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
    probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
    err = np.zeros(9, np.int64)
    ends = np.zeros(3, np.int64)      # wins 0, wins 1, draws
    x = seed_word(seed)
    for _ in range(games):
        s = s0.copy()
        steps = 0
        while K.to_move(s, spec) != TERMINAL:
            state_errors(s, spec, err)
            n = K.legal(s, spec, out)
            if n == 0:
                err[E_NOLEGAL] += 1
                break
            for i in range(n):
                if out[i] < 0 or out[i] >= num_actions:
                    err[E_ACTION] += 1
            x = xorshift(x)
            chance = K.to_move(s, spec) == -1
            if chance:
                K.chance_probs(s, spec, probs)
                a = out[sample_index(probs, n, unit(x))]
            else:
                a = out[below(x, n)]
            K.apply(s, spec, a)
            # PU-D7: in PU a non-zero throw always leaves a move (no automatic pass)
            if chance and no_pass_rule and s[K.LAST] != 0 and s[K.END] == 0 and s[K.PHASE] == K.THROW:
                err[E_PASS] += 1
            steps += 1
            if steps > 200_000:
                err[E_ENDLESS] += 1
                break
        state_errors(s, spec, err)
        if s[K.END] == K.END_CONTROL:
            w = s[K.WINNER]
            if K.controls(s, spec, 1 - w) or not K.controls(s, spec, w):
                err[E_END] += 1
            ends[w] += 1
        elif s[K.END] == K.END_CAP:
            ends[2] += 1
    return err, ends


@pytest.mark.parametrize("ruleset", RULESETS)
def test_pu_e7_invariants_over_random_games(ruleset):
    g = ludotheque.load(ruleset)
    no_pass = not (g.spec[K.PAIRS] or g.spec[K.LUDENS]) and g.spec[K.ZERO] != 0
    err, ends = check_random_games(g.initial_data(), g.spec, g.num_actions, GAMES, 11, no_pass)
    assert list(err) == [0] * 9, dict(zip("count shape guard run action pass endless end nolegal".split(), err))
    assert ends[0] + ends[1] == GAMES and ends[0] > GAMES // 4 and ends[1] > GAMES // 4


def test_pu_g6_random_games_with_a_turn_cap_end_by_adjudication():
    g = ludotheque.load("puluc/sauvetage?max_turns=20")
    err, ends = check_random_games(g.initial_data(), g.spec, g.num_actions, 500, 3, False)
    assert list(err) == [0] * 9 and ends.sum() == 500 and ends[2] > 0


def test_invariant_checker_catches_a_broken_state():
    g = ludotheque.load("puluc")
    s = g.initial_data()
    s[K.CITY] = 6                                       # a warrior created from nothing
    err = np.zeros(9, np.int64)
    state_errors(s, g.spec, err)
    assert err[E_COUNT] == 1


# -- notation round-trip and exact replays (PU-N, PG-N, PT-N, PL-N) ----------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_pu_n_every_legal_action_round_trips_and_games_replay(ruleset):
    g = ludotheque.load(ruleset)
    rng = np.random.default_rng(7)
    for _ in range(12):
        s = g.initial_state()
        texts = []
        while not s.is_terminal:
            legal = s.legal_actions()
            names = [s.move_to_string(a) for a in legal]
            assert len(set(names)) == len(names), names
            for a, name in zip(legal, names):
                assert s.parse_move(name) == a, (name, s.to_text())
                if s.current_player != CHANCE and name != "skip":
                    assert len(g.action_points(s, a)) == 2
            if s.is_chance_node:
                outcomes = s.chance_outcomes()
                a = outcomes[rng.choice(len(outcomes), p=[p for _, p in outcomes])][0]
            else:
                a = legal[rng.integers(len(legal))]
            texts.append(s.move_to_string(a))
            s = s.apply(a)
            assert s.to_text()
        replay = play_line(g.initial_state(), texts)
        assert replay == s and replay.outcome() == s.outcome()
        assert g.observation(s).shape == (72,)
