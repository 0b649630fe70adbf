"""Puluc, Ludens Planet sheet: one test per clause of rules/puluc.md part 5 (PL-*)."""
import pytest

import ludotheque
from ludotheque import CHANCE, RulesetError, Termination
from ludotheque.core.loops import compiled_loops
from ludotheque.games.puluc import kernels as K
from puluc_helpers import city, moves, play, position, removed, unit

RS = "puluc/ludens"
GAME = ludotheque.load(RS)
START = GAME.initial_state()

X1 = """
pos:  0    1  2  3   4  5  6  7  8  9  10
      Y×2  .  .  YB  Y  .  B  Y  .  .  B×3
"""
X2 = """
pos:  0    1  2  3  4  5   6  7  8  9  10
      (empty) .  B  .  .  BY  .  .  .  Y  B×2     removed: Y×3, B×1
"""
X3 = """
pos:  0    1   2  3   4  5  6  7  8  9  10
      Y×3  YB  .  BY  .  .  .  .  B  .  B×2
"""


def pl(diagram, to_move=0):
    return position(diagram, to_move, RS)


def test_pl_a1_eleven_squares_as_positions_0_to_10():
    assert [p["id"] for p in GAME.geometry()["points"]] == [str(i) for i in range(11)]
    assert GAME.num_actions == 18


def test_pl_a2_five_pieces_each_on_the_start_square():
    assert city(START, 0) == "Y×5" and city(START, 1) == "B×5"


def test_pl_a3_no_white_point_is_five_and_fixed():
    assert START.move_to_string(0) == "(5)" and START.chance_outcomes()[2] == (2, 6 / 16)
    with pytest.raises(RulesetError):
        ludotheque.load("puluc/ludens?zero=6")


def test_pl_a4_player_zero_starts():
    assert START.current_player == CHANCE and START.data[K.TO_MOVE] == 0


def test_pl_b1_one_piece_or_stack_moves_the_whole_value():
    s = play(pl(X1), "(2)", "7-9")
    assert unit(s, 9) == "Y" and unit(s, 7) == "" and s.data[K.TO_MOVE] == 1


def test_pl_b2_single_moves_forward_and_enters():
    assert moves(START, "(4)") == ["0-4"]
    assert moves(play(START, "(4)", "0-4"), "(3)") == ["10-7"]


def test_pl_b3_no_two_pieces_of_a_colour_but_captives_do_not_count():
    s = pl(X1)
    assert "4-7" not in moves(s, "(3)") and "0x3" in moves(s, "(3)")


def test_pl_b4_exact_count_to_the_enemy_start_then_home():
    s = pl(X1)
    assert "7-10" in moves(s, "(3)") and moves(s, "(4)") == ["4-8"]
    after = play(s, "(3)", "7-10")
    assert city(after, 0) == "Y×3" and city(after, 1) == "B×3" and unit(after, 7) == ""


def test_pl_b5_compulsory_move_or_automatic_pass():
    s = pl("""
pos:  0        1  2  3  4  5  6  7  8  9  10
      (empty)  .  .  .  .  .  .  .  .  Y  B×5     removed: Y×4
""")
    after = s.apply_move("(3)")                          # 9+3 overshoots: no move
    assert after.current_player == CHANCE and after.data[K.TO_MOVE] == 1
    assert moves(s, "(1)") == ["9-10"]


def test_pl_c1_single_captures_single():
    s = play(pl(X1), "(2)", "4x6")
    assert unit(s, 6) == "BY"


def test_pl_c2_stack_travels_home_of_its_top():
    s = play(pl(X1), "(2)", "4x6", "(1)", "10-9")
    assert moves(s, "(2)") == sorted(["0-2", "6-4", "7x9"])


def test_pl_c3_single_captures_a_stack_which_reverses():
    s = play(pl(X1), "(3)", "0x3")
    assert unit(s, 3) == "YBY"
    s = play(s, "(1)", "10-9")
    assert "3-0" in moves(s, "(4)")                       # toward 0 now, overshoot allowed


def test_pl_c4_stack_captures_stack():
    s = play(pl(X3), "(2)", "3x1")
    assert unit(s, 1) == "YBBY"


def test_pl_c5_stack_onto_single_only_when_forced_then_captured():
    s = pl(X2)
    assert moves(s, "(1)") == ["5-4", "9-10"]
    forced = s.apply_move("(3)")
    assert moves(forced) == ["5x2"]
    after = forced.apply_move("5x2")
    assert unit(after, 2) == "BYB" and not after.is_terminal
    blue = play(after, "(4)")
    assert "2-6" in moves(blue)                           # now blue's, travelling toward 10


def test_pl_c6_stack_arrives_home_with_overshoot():
    s = play(pl(X2), "(5)", "5-0")
    assert city(s, 0) == "Y×1" and removed(s) == (3, 2)


def test_pl_c7_colour_rule_at_arrival():
    s = play(pl(X1), "(3)", "0x3", "(1)", "10-9", "(4)", "3-0")
    assert city(s, 0) == "Y×3" and removed(s) == (0, 1)


def test_pl_d1_both_players_checked_forced_move_can_lose():
    s = pl("""
pos:  0        1  2  3  4  5   6  7  8  9  10
      (empty)  .  B  .  .  BY  .  .  .  .  B×2     removed: Y×4, B×1
""")
    after = play(s, "(3)", "5x2")
    assert after.is_terminal and after.outcome().winner == 1
    assert after.outcome().termination == Termination.GOAL


def test_pl_d2_no_draw_in_random_games():
    stats = compiled_loops(GAME.kernels).random_playouts(START.data.copy(), GAME.spec, 300, 9, 0)
    assert stats[4] == 0 and stats[2] + stats[3] == 300


def test_pl_e1_engine_as_base_game():
    s = ludotheque.load("puluc/ludens?max_turns=2").initial_state()
    s = play(s, "(1)", "0-1", "(1)", "10-9")
    assert s.is_terminal and s.outcome().winner is None
    assert START.apply_move("(2)").legal_actions() == [0]


def test_pl_r1_squares_are_positions():
    assert GAME.geometry()["cities"] == ["0", "10"]


def test_pl_r2_overshooting_single_is_illegal():
    assert "7-10" not in moves(pl(X1), "(4)")


def test_pl_r3_start_squares_never_captured():
    s = play(pl(X1), "(3)", "7-10")
    assert city(s, 1) == "B×3" and removed(s) == (0, 0)


def test_pl_r4_only_the_top_counts_for_same_colour():
    assert "0x3" in moves(pl(X1), "(3)")


def test_pl_r5_own_pieces_freed_on_arrival():
    s = play(pl(X1), "(3)", "0x3", "(1)", "10-9", "(5)", "3-0")
    assert city(s, 0) == "Y×3"


def test_pl_r6_forced_only_without_any_other_move():
    s = pl(X2)
    assert "5x2" not in moves(s, "(1)") and moves(s, "(3)") == ["5x2"]


def test_pl_r7_mover_left_with_nothing_loses():
    s = pl("""
pos:  0        1  2  3  4  5   6  7  8  9  10
      (empty)  .  B  .  .  BY  .  .  .  .  B×2     removed: Y×4, B×1
""")
    assert play(s, "(3)", "5x2").returns() == (-1.0, 1.0)


def test_pl_r8_player_chooses_among_forced_moves():
    s = pl("""
pos:  0        1  2  3   4  5  6  7   8  9  10
      (empty)  .  B  .   B  .  BY .  BY  .  B×1     removed: Y×3
""")
    assert moves(s, "(4)") == ["6x2", "8x4"]
    assert unit(play(s, "(4)", "8x4"), 4) == "BYB" and unit(play(s, "(4)", "6x2"), 2) == "BYB"


def test_pl_x1_exact_count_captures_single_capturing_stack():
    s = pl(X1)
    assert moves(s, "(2)") == sorted(["0-2", "4x6", "7-9"])
    assert unit(play(s, "(2)", "4x6"), 6) == "BY"
    assert moves(s, "(3)") == sorted(["0x3", "7-10"])
    assert unit(play(s, "(3)", "0x3"), 3) == "YBY"
    assert city(play(s, "(3)", "7-10"), 0) == "Y×3"
    assert moves(s, "(4)") == ["4-8"]


def test_pl_x2_stack_may_not_take_a_single_unless_forced():
    s = pl(X2)
    assert moves(s, "(1)") == ["5-4", "9-10"]
    assert moves(s, "(2)") == ["5-3"]
    assert moves(s, "(3)") == ["5x2"]
    after = play(s, "(3)", "5x2")
    assert unit(after, 2) == "BYB" and not after.is_terminal and unit(after, 9) == "Y"
    assert moves(s, "(4)") == ["5-1"]
    home = play(s, "(5)", "5-0")
    assert city(home, 0) == "Y×1" and removed(home) == (3, 2)


def test_pl_x3_stack_captures_stack_and_arrives_home():
    s = pl(X3)
    assert moves(s, "(1)") == sorted(["0x1", "3-2"])
    assert unit(play(s, "(1)", "0x1"), 1) == "YBY"
    assert moves(s, "(2)") == sorted(["0-2", "3x1"])
    assert unit(play(s, "(2)", "3x1"), 1) == "YBBY"
    assert moves(s, "(3)") == ["3-0"]
    home = play(s, "(3)", "3-0")
    assert city(home, 0) == "Y×4" and removed(home) == (0, 1)
    assert moves(s, "(4)") == sorted(["0-4", "3-0"])
    assert moves(s, "(5)") == sorted(["0-5", "3-0"])


def test_pl_n_notation():
    s = pl(X2).apply_move("(5)")
    assert s.move_to_string(5) == "5-0"
    assert pl(X1).apply_move("(3)").parse_move("7-10") == 7
