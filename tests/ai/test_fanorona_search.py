"""Alpha-beta finds forced wins in Fanorona positions (Tsivy, Dimy, Vela).

A ply is one action: a capturing chain is one action per capture (the turn ends by itself
when no continuation is left), so a chain of three captures is three plies. Each puzzle's
line is given with the opponent's replies in braces (all of them lose).
"""
import pytest

import ludotheque
from ludotheque.ai import alphabeta as AB

from _search_util import check_puzzle

PUZZLES = [  # (ruleset, player to move, options, diagram, the only winning action, plies)
    # b2-c1W takes a3; {a5 moves} c4-b4 (after a5-b5); {b5 moves} the last lemur falls
    ("fanorona", 0, {}, """
        5  O . . . . . . . .
        4  . . G . . . . . .
        3  O . . . . G . . .
        2  . G . . . . . . .
        1  . . . . . . . . .""", "b2-c1W", 5),
    # c1-c2A takes c3; green then hunts the last lemur into the i1 corner:
    # {f1 moves} e2-f2 {g1 moves} f2-g3 {h1 moves} g3-h2A
    ("fanorona", 0, {}, """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . G . . . .
        1  . . G . . O . . .""", "c1-c2A", 7),
    # orange: b4-c4A takes d4; {a1 moves} c2-c3; {b1 moves} c3-c2A
    ("fanorona", 1, {}, """
        5  . . . . . . . . .
        4  . O . G . . . O .
        3  . . . . . . O . .
        2  . . O . . . . . .
        1  G . . . . . . . .""", "b4-c4A", 5),
    # orange's chain d1-d2A-c3A-c2W takes c4, b4 and d3; {b1 moves} c2-c3W takes b1
    ("fanorona/dimy", 1, {}, """
        5  . . . . .
        4  . G G . O
        3  . . . G .
        2  . . . . .
        1  . G . O .""", "d1-d2A", 7),
    # green's chain c2-c3A-d2W; orange's forced e2-e1W; green's chain d2-c3W-b3A
    ("fanorona/dimy", 0, {}, """
        5  . G . . .
        4  . O O . .
        3  O . . . G
        2  . . G . O
        1  . G . . .""", "c2-c3A", 5),
    # Vela, 16 captures made: green's single capture e4-f4W (the nearest lemur, d4) is the
    # 17th and starts phase 2; {i2 moves} g4-h4; {i3 moves} h4-g4W
    ("fanorona/vela", 0, {"green_captures": 16}, """
        5  . . . . . . . . .
        4  . . G O G . G . .
        3  . . G . . . . . .
        2  . . . . . . . . O
        1  . . . . . . . . .""", "e4-f4W", 7),
    # Vela: g3-h3A takes i3 (17th capture); {b2 moves} b3-b4; {c2 moves} b4-c3A
    ("fanorona/vela", 0, {"green_captures": 16}, """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . G . . . G G . O
        2  . O . . . . . . .
        1  . G . . . . . . .""", "g3-h3A", 5),
]


@pytest.mark.parametrize("ruleset,to_move,options,diagram,move,plies", PUZZLES,
                         ids=[f"{p[0]}:{p[4]}" for p in PUZZLES])
def test_alphabeta_finds_forced_fanorona_wins(ruleset, to_move, options, diagram, move, plies):
    state = ludotheque.load(ruleset).from_diagram(diagram, to_move, **options)
    check_puzzle(state, state.parse_move(move), plies)


def test_fanorona_evaluation_is_bounded_antisymmetric_and_likes_material():
    g = ludotheque.load("fanorona/dimy")
    ev = AB.game_evaluate(g)                                # what the search reads
    even = g.from_diagram("""
        5  . . . . .
        4  . O . O .
        3  . . . . .
        2  . G . G .
        1  . . . . .""")
    ahead = g.from_diagram("""
        5  . . . . .
        4  . O . . .
        3  . . . . .
        2  . G . G .
        1  . . . . .""")
    for s in (even, ahead):
        for p in (0, 1):
            assert -1 < ev(s.data, g.spec, p) < 1
            assert ev(s.data, g.spec, p) == -ev(s.data, g.spec, 1 - p)
    assert ev(ahead.data, g.spec, 0) > ev(even.data, g.spec, 0)
    assert ev(ahead.data, g.spec, 1) < ev(even.data, g.spec, 1)


def test_fanorona_evaluation_likes_capture_options():
    """The same material, but green's e4 can withdraw from e5 (e4-e3W): green is better."""
    g = ludotheque.load("fanorona")
    ev = AB.game_evaluate(g)
    option = g.from_diagram("""
        5  . . . . O . . . .
        4  . . . . G . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  O . . . G . . . .""")
    none = g.from_diagram("""
        5  . . . . O . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . G . . . .
        1  O . . . G . . . .""")
    assert ev(option.data, g.spec, 0) > ev(none.data, g.spec, 0) == 0.0
    assert ev(option.data, g.spec, 1) < 0.0


def test_vela_evaluation_counts_orange_as_at_phase_2():
    """Vela phase 1: orange's lemurs are counted as they will be when phase 2 starts (17
    captures made), so green's lead does not grow with each single capture; the start is
    22 lemurs against 5, not an even position."""
    v = ludotheque.load("fanorona/vela")
    ev = AB.game_evaluate(v)
    start = v.initial_state()
    assert ev(start.data, v.spec, 0) == pytest.approx(17 / 27)      # 5 capture options each
    after = start.apply_move("e2-e3A")                             # takes e4 only (FV-B1)
    assert ev(after.data, v.spec, 0) < ev(start.data, v.spec, 0) + 0.02
    base = ludotheque.load("fanorona")
    assert ev(base.initial_state().data, base.spec, 0) == 0.0


def test_vela_evaluation_orange_prefers_threats_for_phase_2():
    """Phase 1, one capture to go, orange to move: orange cannot capture yet, but with his
    lemur on e3 he has Fanorona captures ready for his first phase-2 turn (e3-f4W takes d2
    and c1, e3-f2A takes g1), which count for him; on h4 the same lemur threatens nothing."""
    v = ludotheque.load("fanorona/vela")
    ev = AB.game_evaluate(v)
    threat = v.from_diagram("""
        5  . . . . . . . O .
        4  . . . . . . . . .
        3  . . . . O . . . .
        2  . G G G . . . . .
        1  . G G G . . G . O""", 1, green_captures=16)
    quiet = v.from_diagram("""
        5  . . . . . . . O .
        4  . . . . . . . O .
        3  . . . . . . . . .
        2  . G G G . . . . .
        1  . G G G . . G . O""", 1, green_captures=16)
    assert ev(threat.data, v.spec, 1) > ev(quiet.data, v.spec, 1)
