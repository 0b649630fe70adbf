"""Dara: one test per clause of rules/dara.md section 4 (DA-*) and its worked examples."""
import pytest

import ludotheque
from ludotheque import IllegalActionError, Termination
from ludotheque.games.dara import kernels as K

from _dara_util import (DA_X1, DA_X2, DA_X3, ELEPHANTS, LIONS, actions, cell, lost, play, position,
                        turns)

START = ludotheque.load("dara").initial_state()

# three Lions and three Elephants in the movement phase (9 lost each): room to shuffle
SPARSE = """
5  L . . . . E
4  . . . . . .
3  L . . . . E
2  . . . . . .
1  L . . . . E
   a b c d e f
"""

# Elephants to place their last piece, and every empty cell gives them a run of 4 (DA-B4)
NO_PLACEMENT = """
5  E E . . L L
4  . E E E L L
3  L L E E L E
2  L . E E E .
1  L L . . L L
   a b c d e f
"""


# -- DA-S setup -------------------------------------------------------------------------------

def test_da_s1_twelve_lions_and_twelve_elephants_in_hand_board_empty():
    s = START.data
    assert ludotheque.load("dara").player_names == ("Lions", "Elephants")
    assert (s[K.HAND], s[K.HAND + 1]) == (12, 12) and not s[:30].any()
    assert "Lions: 12 in hand" in START.to_text() and "Elephants: 12 in hand" in START.to_text()


def test_da_s2_lions_place_first():
    assert START.current_player == LIONS
    assert len(actions(START)) == 30 and all(a.startswith("@") for a in actions(START))


# -- DA-A turn structure ------------------------------------------------------------------------

def test_da_a1_strict_alternation_no_pass():
    s = play(START, "@a1")
    assert s.current_player == ELEPHANTS
    assert play(s, "@b1").current_player == LIONS
    assert len(s.legal_actions()) == 29                      # placements only: no pass action


def test_da_a2_placement_until_all_24_are_placed_then_lions_move():
    s = position(DA_X1, to_move=ELEPHANTS)
    assert (s.data[K.HAND], s.data[K.HAND + 1]) == (0, 1)
    after = play(s, "@d4")
    assert after.current_player == LIONS
    assert all("-" in a and not a.startswith("-") for a in actions(after))   # moves now
    assert after.to_text().endswith("Lions to move")


def test_da_a3_a_turn_is_a_move_then_at_most_one_removal():
    s = play(position(DA_X2, lost=(4, 1)), "c1-c2")
    assert s.current_player == LIONS and actions(s) == ["-d2"]
    s = play(s, "-d2")
    assert s.current_player == ELEPHANTS and not s.data[K.PEND]


# -- DA-B placement -----------------------------------------------------------------------------

def test_da_b1_any_empty_cell():
    s = play(START, "@c3")
    assert "@c3" not in actions(s) and len(actions(s)) == 29
    with pytest.raises(IllegalActionError, match="occupied"):
        s.parse_move("@c3")


def test_da_b2_no_line_of_four_when_placing_only_own_runs_count():
    s = position(DA_X1, to_move=ELEPHANTS)
    assert actions(s) == ["@c1", "@c2", "@d1", "@d4", "@e3"]
    with pytest.raises(IllegalActionError, match="line of 4"):
        s.parse_move("@c5")                                  # c5 d5 e5 f5
    # the Lions' run a4 b4 c4 next to d4 does not stop an Elephant there
    assert "@d4" in actions(s)


def test_da_b3_placement_lines_capture_nothing():
    s = position("""
5  . . . . . .
4  . . . . . .
3  . . . . . .
2  E E . . . .
1  L L . . . .
   a b c d e f
""")
    after = play(s, "@c1")                                   # a1 b1 c1
    assert after.current_player == ELEPHANTS and not after.data[K.PEND] and lost(after) == (0, 0)


def test_da_b4_no_legal_placement_loses():
    s = position(NO_PLACEMENT, to_move=ELEPHANTS)
    assert s.is_terminal and s.legal_actions() == []
    out = s.outcome()
    assert out.winner == LIONS and out.termination == Termination.NO_MOVE
    assert "cannot place" in out.reason


# -- DA-C movement ------------------------------------------------------------------------------

def test_da_c1_one_cell_orthogonally_to_an_empty_cell():
    s = position(DA_X2, lost=(4, 1))
    assert actions(s) == sorted("a2-a1 a2-a3 a4-a3 b2-b1 b2-c2 c1-b1 c1-c2 c3-c2 c3-c4 c3-d3 d4-c4 "
                                "d4-d3 d4-d5 d4-e4 f5-f4".split())
    for bad in ("c3-d2", "c3-c5", "a4-b4", "b3-c4"):          # diagonal, two cells, occupied, enemy
        with pytest.raises(IllegalActionError):
            s.parse_move(bad)


def test_da_c2_a_move_may_not_make_a_run_of_four():
    s = position(DA_X3, to_move=ELEPHANTS, lost=(2, 6))
    assert s.is_terminal                                     # c5-d5, e5-d5, d4-d5 all illegal
    # only the destination's runs count: a piece leaving its own row may end a run elsewhere
    s = position("""
5  . . . . . E
4  . . . . . .
3  L L L . . E
2  . . . L . .
1  . . . L . E
   a b c d e f
""", lost=(7, 9))
    assert "d2-d3" not in actions(s)                         # a3 b3 c3 d3
    assert "c3-c2" in actions(s) and "c3-d3" in actions(s)  # c3 moves on along its own row


def test_da_c3_a_line_may_be_broken_and_formed_again_each_time_capturing():
    s = position("""
5  . E . E . E
4  . . . . . .
3  . . . . . .
2  . . L . . .
1  L L . . E E
   a b c d e f
""", lost=(9, 7))
    s = play(s, "c2-c1", "-e1", "f5-f4", "c1-c2", "f4-f5")   # back to c2: allowed (DA-C3)
    assert "c2-c1" in actions(s)
    s = play(s, "c2-c1")
    assert actions(s) == ["-f1"]                             # the same line captures again
    assert lost(play(s, "-f1")) == (9, 9)


# -- DA-D lines and captures ----------------------------------------------------------------------

def test_da_d1_a_run_is_consecutive_own_cells_of_a_row_or_column():
    # a5 a4 a3 is a run of 3 (protected); a1, a3 with a2 empty is no run
    s = position("""
5  E . . . . .
4  E . . . . .
3  E . . . . .
2  . . . . . .
1  E . L L . L
   a b c d e f
""", ruleset="dara?capture=anywhere", lost=(9, 8))
    s = play(s, "f1-e1")
    assert actions(s) == ["-a1"]                             # a3 a4 a5 belong to a line


def test_da_d2_only_a_run_of_three_through_the_moved_piece_forms_a_line():
    s = position("""
5  . . . E . E
4  . . . . . .
3  . . . . . .
2  . . . . . L
1  L L L . . E
   a b c d e f
""", lost=(8, 9))
    after = play(s, "f2-f3")                                 # a1 b1 c1 stands, formed earlier
    assert after.current_player == ELEPHANTS and lost(after) == lost(s)


def test_da_d3_two_lines_at_once_one_capture():
    s = position("""
5  . . . . . E
4  . . E . . E
3  . . L . . .
2  . . L . . .
1  L L . L E E
   a b c d e f
""", lost=(7, 7))
    s = play(s, "d1-c1")                                     # a1 b1 c1 and c1 c2 c3
    assert actions(s) == ["-c4", "-e1", "-f1"]
    s = play(s, "-e1")
    assert s.current_player == ELEPHANTS and lost(s) == (7, 8)


def test_da_d4_pieces_in_an_enemy_line_are_protected():
    after = play(position(DA_X1, to_move=ELEPHANTS), "@d4")
    s = play(after, "c4-c5")                                 # a5 b5 c5; d5 e5 f5 protected
    assert s.current_player == ELEPHANTS and lost(s) == (0, 0)
    assert "d3-e3-e1" in turns(after) and "d3-e3-e5" not in turns(after)


def test_da_d5_capture_line_same_row_or_column_as_the_line():
    s = position(DA_X2, lost=(4, 1))
    assert turns(s) == sorted("a2-a1 a2-a3 a4-a3 b2-b1 b2-c2 c1-b1 c1-c2-d2 c3-c2-d2 c3-c4 c3-d3 "
                              "d4-c4 d4-d3 d4-d5 d4-e4 f5-f4".split())


def test_da_d6_capture_anywhere_any_unprotected_enemy():
    s = position(DA_X2, ruleset="dara?capture=anywhere", lost=(4, 1))
    assert len(turns(s)) == 23
    assert [t for t in turns(s) if t.startswith("a2-a3")] == ["a2-a3-d2", "a2-a3-e3", "a2-a3-e5"]


def test_da_d7_removal_compulsory_when_possible_else_turn_ends():
    s = play(position(DA_X2, lost=(4, 1)), "c3-c2")
    assert s.current_player == LIONS and actions(s) == ["-d2"]
    with pytest.raises(IllegalActionError, match="must first be removed"):
        s.parse_move("c2-c3")
    with pytest.raises(IllegalActionError, match="no enemy piece that may be captured"):
        s.parse_move("-f2")
    s = play(position(DA_X2, lost=(4, 1)), "b2-c2")          # a line, nothing capturable
    assert s.current_player == ELEPHANTS and lost(s) == (4, 1)


def test_da_d8_a_removed_piece_is_gone_and_counted():
    s = play(position(DA_X2, lost=(4, 1)), "c1-c2", "-d2")
    assert cell(s, "d2") == "." and lost(s) == (4, 2)
    assert ludotheque.load("dara").view(s)["scores"] == [2, 4]      # captured by each side
    assert "Elephants: 0 in hand, 2 lost" in s.to_text()


# -- DA-E end -----------------------------------------------------------------------------------

def test_da_e1_tenth_capture_wins_at_once():
    s = position("""
5  . . . E . E
4  . . . . . .
3  . . . . . .
2  . . L . . .
1  L L . . . E
   a b c d e f
""", lost=(9, 9))
    s = play(s, "c2-c1", "-f1")
    assert s.is_terminal and lost(s) == (9, 10)
    out = s.outcome()
    assert out.winner == LIONS and out.termination == Termination.GOAL and s.returns() == (1.0, -1.0)


def test_da_e2_trapped_player_loses():
    s = position(DA_X3, to_move=ELEPHANTS, lost=(2, 6))
    assert s.is_terminal and s.outcome().winner == LIONS
    assert s.outcome().termination == Termination.NO_MOVE and "cannot move" in s.to_text()


def test_da_e2_trapped_at_the_start_of_a_turn_after_a_move():
    s = position("""
5  E L . . . .
4  . L . . . .
3  . . . . . .
2  L . . . . L
1  E L . . L E
   a b c d e f
""", lost=(6, 9))
    assert actions(s.game.from_diagram(s.to_text(), ELEPHANTS, (6, 9))) == ["a5-a4"]  # only move
    s = play(s, "b4-a4")                                     # and the Lions close it
    assert s.is_terminal and s.outcome().winner == LIONS
    assert s.outcome().termination == Termination.NO_MOVE


def test_da_e3_draws_come_only_from_the_engine_rules():
    g = ludotheque.load("dara?no_capture_draw=20")
    import random
    rng = random.Random(4)
    ends = set()
    for _ in range(30):
        s = g.initial_state()
        while not s.is_terminal:
            s = s.apply(rng.choice(s.legal_actions()))
        out = s.outcome()
        ends.add(out.termination)
        if out.winner is None:
            assert out.termination in (Termination.REPETITION, Termination.DRAW_RULE)
    assert Termination.DRAW_RULE in ends


def test_da_e4_checks_in_order_captures_before_trapped():
    # the 10th capture also leaves the Elephants' last pieces unable to move: a win by captures
    s = position("""
5  E L . . L E
4  L . . . . L
3  . . . . . .
2  . . L . . .
1  L L . . . E
   a b c d e f
""", lost=(5, 9))
    s = play(s, "c2-c1", "-f1")
    assert s.is_terminal and s.outcome().termination == Termination.GOAL
    assert s.outcome().winner == LIONS


def test_da_e4_repetition_before_no_capture_limit():
    g = "dara?no_capture_draw=8"
    cycle = ["a1-b1", "f1-e1", "b1-a1", "e1-f1"]
    s = play(position(SPARSE, ruleset=g, lost=(9, 9)), *cycle, *cycle)  # 8 turns, 3rd occurrence
    assert s.is_terminal and s.outcome().termination == Termination.REPETITION


# -- DA-F engine ----------------------------------------------------------------------------------

def test_da_f1_removal_is_a_separate_action_even_when_forced():
    s = position(DA_X2, lost=(4, 1))
    after = s.apply(s.parse_move("c1-c2"))
    assert after.current_player == LIONS and len(after.legal_actions()) == 1
    assert after.move_to_string(after.legal_actions()[0]) == "-d2"
    assert "Lions to remove an enemy piece" in after.to_text()


def test_da_f2_third_occurrence_at_a_turn_start_draws():
    cycle = ["a1-b1", "f1-e1", "b1-a1", "e1-f1"]
    s = play(position(SPARSE, lost=(9, 9)), *cycle, *cycle[:3])
    assert not s.is_terminal                                 # two occurrences so far
    s = play(s, cycle[3])
    out = s.outcome()
    assert out.termination == Termination.REPETITION and out.winner is None
    assert s.returns() == (0.0, 0.0)


def test_da_f2_an_irreversible_action_clears_the_record():
    cycle = ["a1-b1", "f1-e1", "b1-a1", "e1-f1"]
    s = position(SPARSE, lost=(9, 9))
    s = play(s, *cycle)
    assert s.data[K.HLEN] == 5
    s2 = play(position(DA_X2, lost=(4, 1)), "c1-c2", "-d2")
    assert s2.data[K.HLEN] == 1


def test_da_f3_no_capture_limit_counts_movement_turns_and_resets():
    s = play(position(SPARSE, ruleset="dara?no_capture_draw=3", lost=(9, 9)), "a1-b1", "f1-e1")
    assert not s.is_terminal
    s = play(s, "a3-b3")
    assert s.is_terminal and s.outcome().termination == Termination.DRAW_RULE
    assert "3 movement turns without a capture" in s.outcome().reason
    # a removal resets the counter
    s = position(DA_X2, ruleset="dara?no_capture_draw=2", lost=(4, 1))
    s = play(s, "c1-c2", "-d2")
    assert s.data[K.NOCAP] == 0 and not s.is_terminal
    s = play(s, "f2-e2")
    assert not s.is_terminal and s.data[K.NOCAP] == 1
    # 0 disables it
    s = play(position(SPARSE, ruleset="dara?no_capture_draw=0", lost=(9, 9)), "a1-b1", "f1-e1", "a3-b3")
    assert not s.is_terminal


def test_da_f3_placement_turns_do_not_count():
    s = START
    for t in ("@a1", "@f5", "@b1", "@e5"):
        s = play(s, t)
    assert s.data[K.NOCAP] == 0


# -- worked examples ------------------------------------------------------------------------------

def test_da_x1_last_placement_and_lines_of_four():
    s = position(DA_X1, to_move=ELEPHANTS)
    assert actions(s) == ["@c1", "@c2", "@d1", "@d4", "@e3"]
    for last in actions(s):                                  # any placement starts the movement
        moved = play(s, last)
        assert moved.current_player == LIONS and not any(a.startswith("@") for a in actions(moved))
    after = play(s, "@d4")
    assert after.current_player == LIONS and lost(after) == (0, 0)
    assert turns(after) == sorted("b2-c2 b5-c5 c4-c5 d3-e3-e1 e2-e3 e4-e3".split())
    anywhere = play(position(DA_X1, ruleset="dara?capture=anywhere", to_move=ELEPHANTS), "@d4")
    t = turns(anywhere)
    assert len(t) == 22
    assert [x for x in t if x.startswith("c4-c5")] == [f"c4-c5-{c}" for c in
                                                       "a2 b1 b3 c3 d2 d4 e1 f2 f4".split()]


def test_da_x2_capture_line_versus_anywhere():
    s = position(DA_X2, lost=(4, 1))
    assert len(actions(s)) == 15 and len(turns(s)) == 15
    a = position(DA_X2, ruleset="dara?capture=anywhere", lost=(4, 1))
    assert turns(a) == sorted(
        "a2-a1 a2-a3-d2 a2-a3-e3 a2-a3-e5 a4-a3 b2-b1 b2-c2-d2 b2-c2-e3 b2-c2-e5 c1-b1 c1-c2-d2 "
        "c1-c2-e3 c1-c2-e5 c3-c2-d2 c3-c2-e3 c3-c2-e5 c3-c4 c3-d3 d4-c4 d4-d3 d4-d5 d4-e4 f5-f4".split())


def test_da_x3_trapped_elephants_lose():
    s = position(DA_X3, to_move=ELEPHANTS, lost=(2, 6))
    assert s.legal_actions() == [] and s.outcome().winner == LIONS
