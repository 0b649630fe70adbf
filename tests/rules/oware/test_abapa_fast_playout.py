"""Oware's own random playout (`kernels.fast_playout`, the loops' `Kernels.fast_playout`) plays
exactly the games of the generic loop: the same final array (a finished game's repetition record
aside: it is not written back), actions played and generator word, from the start and from
mid-game positions (long repetition records and grown arrays among them), for every option of
the ruleset."""
import itertools

import numpy as np

import ludotheque
from ludotheque.core.kernels import MAX_ACTIONS_BUFFER, no_fast_playout
from ludotheque.core.loops import compiled_loops
from ludotheque.games.oware import kernels as K

RULESETS = [f"oware?grand_slam={mode}&repetition={rep}&max_plies={cap}"
            for mode, rep, cap in itertools.product(("lemery", "forbid-capture", "allow"),
                                                    (2, 3), (0, 200))]


def starts(game, generic, rng, out, probs):
    """The start, positions after 1..120 random actions, and positions met along whole
    random games whose repetition record is long (past `record_limit`) or whose array grew."""
    found = [game.initial_state().data]
    for k in range(120):
        s, _ = generic.playout(game.initial_state().data.copy(), game.spec, rng, out, probs, k + 1)
        found.append(s)
    long_records = 0
    for _ in range(40):
        s = game.initial_state().data.copy()
        while s[K.END] == K.ONGOING and long_records < 60:
            s, _ = generic.playout(s, game.spec, rng, out, probs, 1)
            if s[K.HLEN] > K.record_limit(s) - 3 or s.shape[0] > K.HIST + K.ENTRY * K.INITIAL_CAPACITY:
                found.append(s.copy())
                long_records += 1
    return found


def test_fast_playout_plays_the_generic_loops_games_for_every_option():
    out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
    probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
    for ruleset in RULESETS:
        game = ludotheque.load(ruleset)
        fast = compiled_loops(game.kernels)
        generic = compiled_loops(game.kernels._replace(fast_playout=no_fast_playout))
        positions = starts(game, generic, np.array([7], np.uint64), out, probs)
        assert sum(s[K.HLEN] > K.record_limit(s) for s in positions) >= 10, ruleset
        assert sum(s.shape[0] > K.HIST + K.ENTRY * K.INITIAL_CAPACITY for s in positions) >= 10
        ends = set()
        for i, s0 in enumerate(positions * 4):
            cap = (0, 0, 1, 9)[i % 4]
            rng_fast = np.array([1000 + i], np.uint64)
            rng_generic = rng_fast.copy()
            a, n_fast = fast.playout(s0.copy(), game.spec, rng_fast, out, probs, cap)
            b, n_generic = generic.playout(s0.copy(), game.spec, rng_generic, out, probs, cap)
            assert (n_fast, rng_fast[0]) == (n_generic, rng_generic[0]), (ruleset, i)
            assert a.shape == b.shape, (ruleset, i)
            exact = a if a[K.END] == K.ONGOING else a[:K.HLEN]     # all but a finished record
            assert np.array_equal(exact, b[:len(exact)]), (ruleset, i)
            ends.add(int(a[K.END]))
        assert {K.END_25, K.END_REPETITION} <= ends, ruleset
        if game.spec[K.MAX_PLIES]:
            assert K.END_MOVE_CAP in ends, ruleset


def test_random_playouts_statistics_are_the_generic_loops():
    game = ludotheque.load("oware?grand_slam=forbid-capture&repetition=2")
    s0 = game.initial_state().data
    fast = compiled_loops(game.kernels).random_playouts(s0, game.spec, 3000, 5, 0)
    generic = compiled_loops(game.kernels._replace(fast_playout=no_fast_playout)).random_playouts(
        s0, game.spec, 3000, 5, 0)
    assert list(fast) == list(generic)
