"""Komikan: one test per rule clause of rules/komikan.md §3-§4 (KM-A … KM-G)."""
import pytest

import ludotheque
from ludotheque import IllegalActionError, Termination
from ludotheque.games.komikan import kernels as K
from ludotheque.games.komikan.komikan import BOARDS, INDEX, NAMES

from _komikan_util import ALPACAS, PUMA, actions, pile, play, position, turns
from test_komikan_examples import L, X3, X4_ONLY, X6

START = ludotheque.load("komikan").initial_state()

START_DIAGRAM = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   a   a   a   a
 5    a   .   .   .   a
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        .   P   .
 1    .       .       .
"""

# the Puma in the grid centre, alpacas far away: all 8 directions are free
CENTRE = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   P   .   .
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        .   .   .
 1    .       .       .
"""

# the Puma on b4 next to c3: b4xd2 through the den's side line
DEN_SIDE = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   P   .   .   .
 3    .   .   a   .   .
 2        .   .   .
 1    .       .       .
"""

# a capture there and back: c3xa5, b5-b4, a5xc3, a4-b4, then c3xa5 repeats the move before last
THERE_AND_BACK = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   a   .   .   .
 4    a   a   .   .   .
 3    .   .   P   .   .
 2        .   .   .
 1    .       .       .
"""

# sparse: the Puma and one alpaca can go round triangles (repetition)
SPARSE = """
      a   b   c   d   e
 7    .   .   .   .   a
 6    .   .   .   .   .
 5    a   .   .   .   .
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        .   P   .
 1    .       .       .
"""

# Chivi Korá: three alpacas on the base cannot go forward or sideways
BLOCKED = """
      a   b   c   d   e
 7    .   .   .   .   P
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        .   .   .
 1    a       a       a
"""

FULL_DEN = """
      a   b   c   d   e
 7    .   .   .   .   .
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   .   .   .
 3    .   P   a   .   .
 2        a   a   a
 1    a       a       a
"""

FULL_DEN_AND_TRAPPED = """
      a   b   c   d   e
 7    .   .   .   .   .
 6    .   .   .   .   .
 5    .   a   .   .   .
 4    .   a   .   .   .
 3    a   P   a   a   .
 2        a   a   a
 1    a       a       a
"""


# -- KM-A pieces and setup -------------------------------------------------------------------------

def test_km_a1_board_counts():
    for chivi, lines, edges in ((False, 18, 66), (True, 20, 68)):
        b = BOARDS[chivi]
        assert (b.num_points, len(b.lines), len(b.edges()), b.num_jumps) == (31, lines, edges, 96)
    b = BOARDS[False]
    nb = {b.names[p]: sorted(b.names[q] for q in b.neighbours(p)) for p in range(31)}
    assert nb["c3"] == L("b4 c4 d4 b3 d3 b2 c2 d2") and nb["c1"] == L("c2 a1 e1")
    assert nb["b6"] == L("a7 b7 c7 a6 c6 a5 b5 c5") and nb["a4"] == L("a5 b4 a3")
    assert sorted(BOARDS[True].names[q] for q in BOARDS[True].neighbours(INDEX["c1"])) == \
        L("c2 a1 e1 b2 d2")


def test_km_a2_the_den_is_seven_points():
    den = [NAMES[q] for q in range(31) if K.in_den(q)]
    assert sorted(den) == L("c3 b2 c2 d2 a1 c1 e1")


def test_km_a3_start_position():
    assert position(START_DIAGRAM, pile=0).key() == START.key()
    assert START.to_text().splitlines()[1:8] == position(START_DIAGRAM).to_text().splitlines()[1:8]
    assert pile(START) == 0 and int((START.data[:31] != 0).sum()) == 12


def test_km_a4_player_0_is_the_puma_player():
    assert ludotheque.load("komikan").player_names == ("Puma", "Alpacas")


def test_km_a5_the_puma_player_moves_first():
    assert START.current_player == PUMA


# -- KM-B / KM-C / KM-D moves ------------------------------------------------------------------------

def test_km_b1_players_alternate_one_piece_no_pass():
    s = play(START, "c2-c3")
    assert s.current_player == ALPACAS and "stop" not in actions(s)
    assert play(s, "a5-a4").current_player == PUMA
    assert "stop" not in actions(START)


def test_km_c1_puma_steps_in_any_direction():
    assert turns(position(CENTRE, pile=7 - 7)) == L("c5-b4 c5-b5 c5-b6 c5-c4 c5-c6 c5-d4 c5-d5 c5-d6")


def test_km_c2_puma_capture_jumps_an_adjacent_alpaca_to_the_empty_point_beyond():
    s = play(START, "c2-c3", "a5-b4")
    after = play(s, "c3xa5")
    assert pile(after) == 1 and after.data[INDEX["b4"]] == 0 and after.data[K.PUMA] == INDEX["a5"]
    with pytest.raises(IllegalActionError):
        s.parse_move("c3xc5")                                  # nothing to jump on c4


def test_km_c3_only_straight_lines_and_the_den_sides_continue_the_diagonals():
    s = position(DEN_SIDE, pile=0)
    assert "b4xd2" in turns(s)
    assert play(s, "b4xd2").data[K.PUMA] == INDEX["d2"]
    # b3 -> c3 -> d2 is not a line: no capture from b3 over c3 to d2
    t = position(DEN_SIDE.replace(" 4    .   P", " 4    .   .").replace(" 3    .   .   a", " 3    .   P   a"),
                 pile=0)
    assert "b3xd2" not in turns(t) and "b3xd3" in turns(t)


def test_km_c4_one_capture_per_turn_and_multi_jump_chains():
    from test_komikan_examples import X25
    s = position(X25, pile=2)
    after = play(s, "c2xc4")
    assert after.current_player == ALPACAS                     # default: one capture
    chain = position(X25, "komikan?multi_jump=1", pile=2)
    mid = play(chain, "c2xc4")
    assert mid.current_player == PUMA and actions(mid) == L("c4xc6 c4xe4 stop")
    assert mid.data[INDEX["c3"]] == 0                          # captured alpacas leave at once
    stopped = play(mid, "stop")
    assert stopped.current_player == ALPACAS and pile(stopped) == 3
    # the chain ends when the Puma reaches its winning number
    fewer = X25.replace(" 7    a   a   a   a   a", " 7    .   .   a   a   a")
    win = play(position(fewer, "komikan?multi_jump=1", pile=4), "c2xc4", "c4xe4")
    assert win.is_terminal and win.outcome().winner == PUMA and pile(win) == 6


def test_km_c5_puma_capture_is_optional():
    s = play(START, "c2-c3", "a5-b4")
    assert "c3xa5" in turns(s) and len(turns(s)) == 8
    assert play(s, "c3-c4").current_player == ALPACAS


def test_km_d1_alpacas_step_any_direction_into_the_den():
    s = position(X6, to_move=ALPACAS, pile=5)
    assert "b3-b4" in turns(s) and "b3-c3" in turns(s)        # backward, and into the den
    assert "b2-c3" in turns(s)                                 # inside the den


def test_km_d2_alpacas_never_jump_or_capture():
    s = play(START, "c2-c3")
    for t in turns(s):
        f, to = t.split("-")
        assert INDEX[to] in BOARDS[False].neighbours(INDEX[f])
    assert not any("x" in t for t in turns(s))


# -- KM-E no back-and-forth ------------------------------------------------------------------------

def test_km_e1_no_back_and_forth():
    s = play(START, "c2-c3", "a5-a4", "c3-c2", "a4-a5")
    assert "c2-c3" not in turns(s) and len(turns(s)) == 3
    s2 = play(START, "c2-c3", "a5-a4", "c3-c2")
    assert "a5-a4" not in turns(s2)


def test_km_e2_allowed_when_it_is_the_only_move():
    only = position(X4_ONLY, pile=3, puma_moves=("c2-c3", "c3-c2"))
    assert turns(only) == ["c2-c3"]
    # for the Puma player, Condor moves count as other moves
    with_condor = position(X4_ONLY.replace(" 5    .   .   .   .   a", " 5    C   .   .   .   a"),
                           "komikan+condor", pile=3, puma_moves=("c2-c3", "c3-c2"))
    assert "c2-c3" not in turns(with_condor) and turns(with_condor)


def test_km_e3_a_move_is_judged_by_its_two_ends():
    s = play(position(THERE_AND_BACK, pile=0), "c3xa5", "b5-b4", "a5xc3", "a4-b4")
    assert "c3xa5" not in turns(s) and "c3-c4" in turns(s)
    # the Condor too (KM-Q11), and a Lemery return is not a move
    c = position(CENTRE.replace(" 4    .   .   .   .   .", " 4    C   .   .   .   ."),
                 "komikan+condor", puma_moves=("a4-a3", "a3-a4"))
    assert "a4-a3" not in turns(c)


def test_km_e4_the_state_keeps_each_players_last_two_moves():
    s = play(START, "c2-c3", "a5-a4", "c3-d4")
    m = [int(x) for x in s.data[K.MOVES:K.MOVES + 8]]
    assert m[:4] == [INDEX["c2"], INDEX["c3"], INDEX["c3"], INDEX["d4"]]
    assert m[4:] == [-1, -1, INDEX["a5"], INDEX["a4"]]
    assert position(START_DIAGRAM).key() != position(START_DIAGRAM, puma_moves=("c2-c3", "c3-c2")).key()


# -- KM-F end of the game ---------------------------------------------------------------------------

def test_km_f1_six_captured_alpacas_win():
    from test_komikan_examples import X2
    five = position(X2.replace(" 7    a   a   a   a   a", " 7    .   .   .   .   ."), pile=5)
    end = play(five, "c3xa5")
    assert end.is_terminal and end.outcome().winner == PUMA
    assert end.outcome().termination == Termination.GOAL and end.returns() == (1.0, -1.0)


def test_km_f2_a_trapped_puma_loses_back_and_forth_ignored():
    s = position(X3, pile=3)
    assert s.is_terminal and s.outcome().winner == ALPACAS
    assert s.outcome().termination == Termination.NO_MOVE
    # a Puma whose only move is the forbidden one is not trapped (KM-E2)
    assert not position(X4_ONLY, pile=3, puma_moves=("c2-c3", "c3-c2")).is_terminal


def test_km_f3_alpacas_filling_the_den_win():
    end = play(position(X6, to_move=ALPACAS, pile=5), "b3-c3")
    assert end.outcome().winner == ALPACAS and "den" in end.outcome().reason


def test_km_f4_an_alpaca_player_without_a_move_loses():
    s = position(BLOCKED, "komikan/chivi-kora", to_move=ALPACAS, pile=7)
    assert s.is_terminal and s.outcome().winner == PUMA
    d = position(BLOCKED, "komikan/chivi-kora?alpaca_blocked=draw", to_move=ALPACAS, pile=7)
    assert d.is_terminal and d.outcome().winner is None and d.returns() == (0.0, 0.0)


def test_km_f5_the_booklet_draw_is_decided_by_the_engine_rules():
    s = play(position(SPARSE, pile=0), *(["c2-b2", "a5-a4", "b2-c3", "a4-b4", "c3-c2", "b4-a5"] * 3)[:16])
    assert s.is_terminal and s.outcome().winner is None
    assert s.outcome().termination == Termination.REPETITION


def test_km_f6_order_of_the_end_checks():
    # pile and full den at once: the pile is checked first
    s = position(FULL_DEN, "komikan/chivi-kora", pile=8)
    assert s.outcome().winner == PUMA and s.data[K.END] == K.END_PILE
    # full den and a trapped Puma: the den is checked first
    s = position(FULL_DEN_AND_TRAPPED, "komikan/chivi-kora", pile=4)
    assert s.data[K.END] == K.END_DEN
    # a trapped Puma ends the game before the no-capture limit
    t = position(X3, "komikan?no_capture_draw=1", pile=3)
    assert t.data[K.END] == K.END_TRAPPED


# -- KM-G engine draws ----------------------------------------------------------------------------

def test_km_g1_threefold_repetition_is_a_draw():
    cycle = ["c2-b2", "a5-a4", "b2-c3", "a4-b4", "c3-c2", "b4-a5"]
    s = position(SPARSE, pile=0)
    for i in range(15):
        s = play(s, cycle[i % 6])
        assert not s.is_terminal
    # the position after turn 4 (both move memories full) comes back after turns 10 and 16
    s = play(s, cycle[15 % 6])
    assert s.is_terminal and s.data[K.END] == K.END_REPETITION


def test_km_g2_no_capture_draw():
    s = play(ludotheque.load("komikan?no_capture_draw=4").initial_state(),
             "c2-c3", "a5-a4", "c3-c4", "a4-a3")
    assert s.is_terminal and s.outcome().termination == Termination.DRAW_RULE
    assert not play(START, "c2-c3", "a5-a4", "c3-c4", "a4-a3").is_terminal
    off = ludotheque.load("komikan?no_capture_draw=0").initial_state()
    assert not play(off, "c2-c3", "a5-a4", "c3-c4", "a4-a3").is_terminal


def test_km_g2_grass_placements_are_setup_and_do_not_count_towards_the_draw():
    """KM-G2's ruling: the grass placements of KM-R1 are setup; the no-capture count starts
    with the first move of a piece (and a Lemery return is part of its turn)."""
    s = play(ludotheque.load("komikan+grass?no_capture_draw=2").initial_state(), "G@c5", "G@d4",
             "c2-c3")
    assert not s.is_terminal and s.data[K.NOCAP] == 1
    assert play(s, "a5-a4").is_terminal
    from test_komikan_examples import X7
    lem = play(position(X7, "komikan/lemery", to_move=ALPACAS, pile=5), "c2-c1,@b7")
    assert lem.data[K.NOCAP] == 1 and lem.data[K.TURNS] == 1


def test_km_e3_a_multi_jump_chain_is_judged_by_its_two_ends():
    """c3xa5 then a5xc3 back; with multi_jump a repeated c3xa5 stays legal only as the start of
    a longer chain (which then ends elsewhere)."""
    board = THERE_AND_BACK.replace(" 5    .   a   .   .   .", " 5    .   a   a   .   .")
    s = play(position(board, "komikan?multi_jump=1", pile=0),
             "c3xa5", "stop", "b5-b4", "a5xc3", "c5-b4")
    assert "c3xa5" not in turns(s) and "c3xa5xa3" in turns(s)
    mid = play(s, "c3xa5")
    assert actions(mid) == ["a5xa3"]                           # no stop on the forbidden end
