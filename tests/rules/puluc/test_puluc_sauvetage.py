"""Puluc Sauvetage: one test per clause of rules/puluc.md part 2 (PS-*)."""
import ludotheque
from ludotheque import CHANCE
from ludotheque.games.puluc import kernels as K
from puluc_helpers import city, moves, play, position, removed, unit

RS = "puluc/sauvetage"
GAME = ludotheque.load(RS)
START = GAME.initial_state()

X1 = """
pos:  0    1  2  3  4  5  6  7   8  9  10  11 12 13 14
      Y×3  .  .  Y  .  Y  .  YY  .  .  BB  .  B  .  B×4
"""
X2 = """
pos:  0    1  2  3  4   5  6   7  8  9  10 11 12  13 14
      Y×2  .  .  .  YB  .  YY  .  .  B  .  .  YY  .  B×5
"""
X3 = """
pos:  0    1   2  3  4   5  6  7  8  9  10 11 12  13 14
      Y×1  YY  Y  .  YB  .  .  .  .  B  .  .  YY  .  B×5
"""


def ps(diagram, to_move=0, ruleset=RS):
    return position(diagram, to_move, ruleset)


def test_ps_a1_fifteen_positions_entry_and_arrival():
    assert [p["id"] for p in GAME.geometry()["points"]] == [str(i) for i in range(15)]
    blue = play(START, "(1)", "0-1")
    assert moves(blue, "(4)") == ["14-10"]
    s = ps("""
pos:  0    1  2  3  4  5  6  7  8  9  10 11 12 13 14
      Y×6  .  .  .  .  .  .  .  .  .  Y  .  .  .  B×7
""")
    assert moves(s, "(4)") == ["0-4", "10-14"]
    assert moves(s, "(3)") == ["0-3", "10-13"]


def test_ps_a2_seven_warriors_each():
    assert city(START, 0) == "Y×7" and city(START, 1) == "B×7"


def test_ps_b1_single_stacks_onto_lone_own_warrior():
    s = play(ps(X1), "(2)", "3-5")
    assert unit(s, 5) == "YY" and unit(s, 3) == ""
    s = play(ps(X1), "(3)", "0-3")                       # entering pairs too
    assert unit(s, 3) == "YY" and city(s, 0) == "Y×2"


def test_ps_b2_at_most_two_stacked_no_stack_onto_friend():
    assert "5-7" not in moves(ps(X1), "(2)")              # onto an own pair
    s = ps("""
pos:  0    1  2  3   4  5  6  7  8  9   10 11 12 13 14
      Y×3  .  .  BY  .  Y  .  .  .  YY  .  .  .  .  B×6
""")
    assert moves(s, "(2)") == ["0-2", "5-7", "9-11"]       # 3-5: a stack onto a friend
    t = ps("""
pos:  0    1  2  3   4  5  6  7  8  9  10 11 12 13 14
      Y×4  .  .  YY  .  Y  .  .  .  .  .  .  .  .  B×7
""")
    assert moves(t, "(2)") == ["0-2", "5-7"]               # 3-5: a pair onto a friend


def test_ps_b3_pair_moves_as_one_and_goes_home_as_individuals():
    s = play(ps(X1), "(2)", "7-9")
    assert unit(s, 9) == "YY" and unit(s, 7) == ""
    home = play(ps(X3), "(2)", "12-14")
    assert city(home, 0) == "Y×3" and unit(home, 12) == ""


def test_ps_c1_pair_captured_by_single_pair_captures():
    s = play(ps(X2, 1), "(3)", "9x6")
    assert unit(s, 6) == "YYB"
    s = play(ps(X1), "(3)", "7x10")
    assert unit(s, 10) == "BBYY"


def test_ps_d1_only_a_pair_rescues():
    s = ps(X3)
    assert "2x4" not in moves(s, "(2)")                   # a single onto a stack holding a Y
    after = play(s, "(3)", "1x4")
    assert unit(after, 4) == "YBYY"
    single = ps("""
pos:  0    1  2  3  4   5  6  7  8  9  10 11 12 13 14
      Y×5  .  Y  .  B   .  .  .  .  .  .  .  .  .  B×6
""")
    assert "2x4" in moves(single, "(2)")                  # no prisoner there: a single captures


def test_ps_d2_freed_warriors_travel_and_go_home_with_the_top():
    s = play(ps(X3), "(3)", "1x4")                        # YBYY at 4, the bottom Y freed
    assert K.controlled_count(s.data, GAME.spec, 0) == 7
    s = play(s, "(1)", "9-8")
    assert "4-5" in moves(s, "(1)")                       # only the stack moves, from its top
    s2 = ps("""
pos:  0    1  2  3  4  5  6  7  8  9  10 11 12  13    14
      Y×4  .  .  .  .  .  .  .  .  .  .  .  .   YBYY  B×6
""")
    home = play(s2, "(1)", "13-14")
    assert city(home, 0) == "Y×7" and removed(home) == (0, 1)


def test_ps_e1_temples_on_11_and_3():
    g = ludotheque.load("puluc/sauvetage+temples")
    assert g.geometry()["temples"] == ["11", "3"]
    s = g.from_diagram("""
pos:  0    1  2  3  4  5  6  7  8  9  10 11 12 13 14
      Y×6  .  .  .  .  .  .  .  Y  .  .  .  .  .  B×7
""")
    after = play(s, "(3)", "8-11")
    assert after.current_player == 0 and moves(after) == ["0-1", "11-12", "skip"]


def test_ps_e2_engine_ids_with_n_14():
    assert GAME.num_actions == 22
    s = START.apply_move("(2)")
    assert s.legal_actions() == [0]
    b = play(START, "(2)", "0-2", "(2)")
    assert b.legal_actions() == [14]


def test_ps_r1_board_and_warriors():
    assert GAME.spec[K.NN] == 14 and GAME.spec[K.TOTAL] == 7


def test_ps_r2_single_may_not_land_on_its_prisoners():
    assert "2x4" not in moves(ps(X3), "(2)")


def test_ps_r3_stacking_target_holds_exactly_one_warrior():
    s = ps("""
pos:  0    1  2  3   4  5  6  7  8  9  10 11 12 13 14
      Y×4  .  BY .   Y  .  .  .  .  .  .  .  .  .  B×6
""")
    assert moves(s, "(2)") == ["4-6"]                      # 0-2: BY holds two warriors


def test_ps_r4_stack_with_captives_not_onto_friend():
    s = ps("""
pos:  0    1  2  3   4  5  6  7  8  9  10 11 12 13 14
      Y×4  .  BY .   Y  .  .  .  .  .  .  .  .  .  B×6
""")
    assert moves(s, "(2)") == ["4-6"]                      # 2-4: BY onto the lone Y


def test_ps_r5_temple_positions_mirror_the_base_board():
    g = ludotheque.load("puluc/sauvetage+temples")
    assert (g.spec[K.TEMPLE0], g.spec[K.TEMPLE1]) == (11, 3)
    assert ludotheque.load("puluc+temples").geometry()["temples"] == ["7", "3"]


def test_ps_x1_stacking_and_pairs():
    s = ps(X1)
    assert moves(s, "(2)") == ["0-2", "3-5", "7-9"]
    assert moves(s, "(3)") == ["0-3", "3-6", "5-8", "7x10"]


def test_ps_x2_single_captures_pair_pairing_by_entry_arrival():
    s = ps(X2, 1)
    assert moves(s, "(3)") == ["14-11", "4-1", "9x6"]
    assert unit(play(s, "(3)", "9x6"), 6) == "YYB"
    assert moves(s, "(5)") == ["14-9", "4-0"]
    assert unit(play(s, "(5)", "14-9"), 9) == "BB"
    home = play(s, "(5)", "4-0")
    assert removed(home) == (1, 0) and city(home, 1) == "B×6"


def test_ps_x3_rescue_by_pair_vs_single():
    s = ps(X3)
    assert moves(s, "(2)") == ["0-2", "1-3", "12-14"]
    assert city(play(s, "(2)", "12-14"), 0) == "Y×3"
    assert moves(s, "(3)") == sorted(["0-3", "1x4", "2-5", "12-14"])
    assert unit(play(s, "(3)", "1x4"), 4) == "YBYY"
    assert play(s, "(3)", "1x4").current_player == CHANCE
