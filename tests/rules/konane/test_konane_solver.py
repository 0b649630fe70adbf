"""The Kōnane solver (Game.solve): exact values pinned for 4x4 and 6x6, and cross-checked by
a plain Python minimax over the protocol (a second, independent method)."""
import random

import pytest

from ludotheque.core import load

G4, G6 = load("konane?size=4"), load("konane?size=6")


def brute(state):
    """+1 / -1 for the player to move: plain minimax over State.legal_actions / apply."""
    p = state.current_player
    best = -1
    for a in state.legal_actions():
        child = state.apply(a)
        if child.is_terminal:
            v = 1 if child.returns()[p] > 0 else -1
        else:
            v = brute(child) * (1 if child.current_player == p else -1)
        best = max(best, v)
    return best


def test_solve_4x4_pinned_and_brute_force():
    r = G4.solve()
    assert r["value"] == -1                                     # Jasmine, second, wins on 4x4
    assert r["moves"] == {"-d1": -1, "-a4": -1, "-c2": -1, "-b3": -1}
    assert r["positions"] > 0 and r["seconds"] >= 0
    s = G4.initial_state()
    assert brute(s) == -1
    for a in s.legal_actions():
        assert -brute(s.apply(a)) == r["moves"][s.move_to_string(a)]


def test_solve_agrees_with_brute_force_on_random_positions():
    rng = random.Random(5)
    checked = 0
    for g, plies in ((G4, (0, 12)), (G6, (30, 45))):
        found = 0
        while found < 15:
            s = g.initial_state()
            for _ in range(rng.randint(*plies)):
                if s.is_terminal:
                    break
                s = s.apply(rng.choice(s.legal_actions()))
            if s.is_terminal:
                continue
            found += 1
            r = g.solve(s)
            checked += 1
            assert r["value"] == brute(s)
            for a in s.legal_actions():
                c = s.apply(a)
                v = (1 if c.returns()[s.current_player] > 0 else -1) if c.is_terminal else \
                    brute(c) * (1 if c.current_player == s.current_player else -1)
                assert r["moves"][s.move_to_string(a)] == v
    assert checked >= 30


def test_solve_6x6_pinned():
    r = G6.solve()
    assert r["value"] == -1                                     # Jasmine, second, wins on 6x6
    assert r["moves"] == {"-f1": -1, "-a6": -1, "-d3": -1, "-c4": -1}


def test_solve_refuses_what_it_does_not_cover():
    with pytest.raises(NotImplementedError):
        load("konane+hummingbird?size=4").solve()
    with pytest.raises(NotImplementedError):
        load("konane").solve()
