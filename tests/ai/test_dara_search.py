"""Alpha-beta finds forced wins in Dara and Dala positions (movement phase).

A ply is one action: a turn that forms a line is two actions of the same player, the move and
the removal (DA-F1). A side wins with its 10th capture (DA-E1) or when the other side cannot
move (DA-E2). Each puzzle's line is given with the opponent's replies in braces.
"""
import pytest

import ludotheque
from ludotheque.ai import alphabeta as AB

from _search_util import check_puzzle

LIONS, ELEPHANTS = 0, 1

PUZZLES = [  # (ruleset, player to move, pieces lost (Lions, Elephants), diagram, move, plies)
    # d4-c4; {any} a2-b2; {any} c4-c3 makes a3-b3-c3 and takes e3, the 10th capture
    ("dara", LIONS, (7, 9), """
        5  . . . . L .
        4  . . . L . E
        3  L L . . E .
        2  L . . . . .
        1  E . . . . .""", "d4-c4", 6),
    # c4-d4; {any} c5-c4 makes b4-c4-d4 and takes e4 (-e4), the 10th capture
    ("dara", LIONS, (7, 9), """
        5  . . L . L .
        4  . L L . E E
        3  E . . . . .
        2  . L . . . .
        1  . . . . . .""", "c4-d4", 4),
    # the Elephants: b1-c1; {any} d2-d1 makes c1-d1-e1 and takes f1, the 10th Lion
    ("dara", ELEPHANTS, (9, 7), """
        5  E . . . . .
        4  . . . . . .
        3  E L . . . .
        2  L . . E . .
        1  . E . . E L""", "b1-c1", 6),
    # c2-c3 makes a3-b3-c3 and takes d3 (-d3); {b2-c2 only} b3-b2: the Elephants are trapped
    ("dara", LIONS, (6, 8), """
        5  . . . . . .
        4  . . . . . .
        3  L L . E . .
        2  E E L L . .
        1  L E L . . .""", "c2-c3", 4),
    # d2-d1; {c2-d2 only} c3-c2 makes a2-b2-c2, -d2: a1 b1 c1 are trapped
    ("dara", LIONS, (6, 8), """
        5  . . . . . .
        4  . . . . . .
        3  L L L . . .
        2  L L E L . .
        1  E E E . . .""", "d2-d1", 4),
    # Dala (runs of 4 allowed, capture anywhere): c3-d3; {any} e4-e3; {any} f2-f3 makes
    # d3-e3-f3 and takes the 10th Elephant
    ("dara/dala", LIONS, (8, 9), """
        6  . . . . . .
        5  . . . . . .
        4  . . . E L .
        3  . E L . . .
        2  . . . E . L
        1  . L . . . .""", "c3-d3", 6),
    # Dala: f4-f3; {any} e2-f2 makes f1-f2-f3 and takes the 10th Elephant
    ("dara/dala", LIONS, (9, 9), """
        6  . . E . . .
        5  . . . . . .
        4  . E . . . L
        3  . . . . E .
        2  . . . . L .
        1  . . . . . L""", "f4-f3", 4),
]


@pytest.mark.parametrize("ruleset,to_move,lost,diagram,move,plies", PUZZLES,
                         ids=[f"{p[0]}:{p[4]}" for p in PUZZLES])
def test_alphabeta_finds_forced_dara_wins(ruleset, to_move, lost, diagram, move, plies):
    state = ludotheque.load(ruleset).from_diagram(diagram, to_move, lost=lost)
    check_puzzle(state, state.parse_move(move), plies)


@pytest.mark.parametrize("ruleset", ["dara", "dara/dala"])
def test_dara_evaluation_is_bounded_antisymmetric_and_likes_material(ruleset):
    g = ludotheque.load(ruleset)
    ev = AB.game_evaluate(g)                                # what the search reads
    rows = "\n".join(". . . . . ." for _ in range(g.height - 2))
    board = rows + "\n. L L . E E\n. . . . . ."
    even = g.from_diagram(board, lost=(10 - 2, 10 - 2))
    ahead = g.from_diagram(board, lost=(10 - 4, 10 - 2))      # the Lions have taken 2 more
    for s in (even, ahead):
        for p in (LIONS, ELEPHANTS):
            assert -1 < ev(s.data, g.spec, p) < 1
            assert ev(s.data, g.spec, p) == -ev(s.data, g.spec, 1 - p)
    assert ev(ahead.data, g.spec, LIONS) > ev(even.data, g.spec, LIONS)
    assert ev(ahead.data, g.spec, ELEPHANTS) < ev(even.data, g.spec, ELEPHANTS)


def _ev(state, player=LIONS):
    g = state.game
    return AB.game_evaluate(g)(state.data, g.spec, player)


@pytest.mark.parametrize("to_move", [LIONS, ELEPHANTS])
def test_dara_evaluation_likes_a_line_one_step_away(to_move):
    """Same material and mobility (8 steps each side): c1-c2 would make a2-b2-c2 and take e2;
    a4-a3 would make a2-a3-a4, but no Elephant stands in column a (DA-D5): no threat."""
    g = ludotheque.load("dara")
    threat = g.from_diagram("""
        5  . . . . . .
        4  . . . . E E
        3  . . . . . .
        2  L L . . E .
        1  . . L . . .""", to_move, lost=(9, 9))
    idle = g.from_diagram("""
        5  . . . . . .
        4  L . . . E E
        3  . . . . . .
        2  L L . . E .
        1  . . . . . .""", to_move, lost=(9, 9))
    assert _ev(threat) > _ev(idle)
    assert _ev(threat, ELEPHANTS) < _ev(idle, ELEPHANTS)
    if to_move == LIONS:                                   # the capture is at hand
        assert _ev(threat) > 0.1


@pytest.mark.parametrize("ruleset", ["dara", "dara/dala"])
def test_dara_evaluation_dislikes_a_blocked_side(ruleset):
    """Three pieces each, the Elephants to move. Hemmed in the corner, the Lions have no step
    left (they lose if it is still so at their turn, DA-E2); spread out, they have eight."""
    g = ludotheque.load(ruleset)
    top = "\n".join(". . . . . ." for _ in range(g.height - 3))
    blocked = g.from_diagram(top + """
        E . . . . .
        L E . . . .
        L L E . . .""", ELEPHANTS, lost=(9, 9))
    free = g.from_diagram(top + """
        E . . L . .
        . E . . . .
        . . E . L L""", ELEPHANTS, lost=(9, 9))
    assert _ev(blocked) < _ev(free) - 0.1
    assert _ev(blocked, ELEPHANTS) > 0


def test_dala_evaluation_sees_placement_threats():
    """Dala, placement phase (DL-B3): the Lions to place with two in a row and the third cell
    empty (d1) will take a piece; with both ends taken they threaten nothing."""
    g = ludotheque.load("dara/dala")
    open_ = g.from_diagram("""
        6  . . . . . .
        5  . . . . . .
        4  . . L E . .
        3  . . E L . .
        2  . . . . . .
        1  E L L . . E""", LIONS)
    closed = g.from_diagram("""
        6  . . . . . .
        5  . . . . . .
        4  . . L E . .
        3  . . E L . .
        2  . . . . . .
        1  E L L E . .""", LIONS)
    assert _ev(open_) > _ev(closed)
