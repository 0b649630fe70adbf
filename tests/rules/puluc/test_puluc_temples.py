"""Puluc, Temples mini-extension: one test per clause of rules/puluc.md part 4 (PT-*)."""
import pytest

import ludotheque
from ludotheque import CHANCE, IllegalActionError
from ludotheque.core.game import play_line
from ludotheque.games.puluc import kernels as K
from puluc_helpers import moves, play, position, removed, unit

RS = "puluc+temples"
GAME = ludotheque.load(RS)

X1 = """
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×4  .  .  .  Y  .  B  .  .  B  B×3
"""
X2 = """
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×3  .  .  Y  .  .  .  B  Y  .  B×4
"""
X3 = """
pos:  0    1  2  3  4  5  6  7  8  9   10
      Y×3  .  .  .  Y  .  .  .  B  BY  (empty)      removed: B×3
"""


def pt(diagram, to_move=0, ruleset=RS):
    return position(diagram, to_move, ruleset)


def test_pt_a1_solar_temple_7_lunar_temple_3():
    assert GAME.geometry()["temples"] == ["7", "3"]
    assert "(temple)" in GAME.render(GAME.initial_state()).splitlines()[3]   # position 7


def test_pt_a2_temples_never_block():
    s = pt(X1)
    assert "0-3" in moves(s, "(3)") and "4-7" in moves(s, "(3)")
    blue = play(pt(X2, 1), "(1)", "7-6", "(1)", "0-1", "(5)")
    assert "10-5" in moves(blue)


def test_pt_b1_bonus_after_ending_on_own_temple():
    s = play(pt(X1), "(3)", "4-7")
    assert s.current_player == 0 and s.data[K.PHASE] == K.BONUS
    assert moves(s) == ["0-1", "7-8", "skip"]
    s = s.apply_move("0-1")
    assert unit(s, 1) == "Y" and s.current_player == CHANCE and s.data[K.TO_MOVE] == 1


def test_pt_b2_bonus_is_optional():
    s = play(pt(X1), "(3)", "4-7", "skip")
    assert s.current_player == CHANCE and s.data[K.TO_MOVE] == 1 and unit(s, 7) == "Y"


def test_pt_b3_one_bonus_and_the_bonus_earns_none():
    g = "puluc/sauvetage+temples"
    s = pt("""
pos:  0    1  2  3  4  5  6  7  8  9  10 11 12 13 14
      Y×5  .  .  .  .  .  .  .  Y  .  Y  .  .  .  B×7
""", ruleset=g)
    s = play(s, "(3)", "8-11", "10-11")                  # the bonus pairs onto the temple
    assert unit(s, 11) == "YY" and s.current_player == CHANCE and s.data[K.TO_MOVE] == 1


def test_pt_b4_split_bonus_after_both_parts():
    s = pt("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×3  .  .  .  Y  G  .  .  .  B  B×4
""", ruleset="puluc+guardians+temples")
    s = play(s, "(3)", "G5-7/2")
    assert s.data[K.PHASE] == K.SPLIT2 and moves(s) == ["4-5"]
    s = s.apply_move("4-5")
    assert s.data[K.PHASE] == K.BONUS and "G7-8" in moves(s) and "skip" in moves(s)


def test_pt_b5_no_bonus_when_over_or_for_the_other_colour():
    blue = play(pt(X1, 1), "(3)", "10-7")                # blue on yellow's temple: nothing
    assert blue.current_player == CHANCE and blue.data[K.TO_MOVE] == 0
    win = pt("""
pos:  0        1  2  3  4  5  6  7  8  9  10
      (empty)  .  .  Y  .  .  .  B  .  .  B×3     removed: Y×4, B×1
""", to_move=1)
    s = play(win, "(4)", "7x3")                           # wins on blue's own temple
    assert s.is_terminal and s.outcome().winner == 1


def test_pt_c1_bonus_decision_ids_and_automatic_skip():
    s = play(pt(X1), "(3)", "4-7")
    assert sorted(s.legal_actions()) == [0, 7, 17] and s.data[K.VALUE] == 1
    blocked = pt("""
pos:  0        1  2  3  4  5  6  7  8  9  10 11 12  13 14
      (empty)  .  .  .  .  .  .  .  Y  .  .  .  YB  .  B×6     removed: Y×5
""", ruleset="puluc/sauvetage+temples")
    s = play(blocked, "(3)", "8-11")                     # no bonus move: 11-12 is a rescue by a single
    assert s.current_player == CHANCE and s.data[K.TO_MOVE] == 1


def test_pt_x1_bonus_on_the_solar_temple():
    s = pt(X1)
    assert moves(s, "(3)") == ["0-3", "4-7"]
    assert moves(play(s, "(3)", "4-7")) == ["0-1", "7-8", "skip"]
    assert moves(s, "(2)") == ["0-2", "4x6"]
    assert play(s, "(2)", "4x6").current_player == CHANCE


def test_pt_x2_bonus_after_a_capture_on_the_lunar_temple():
    s = pt(X2, 1)
    assert moves(s, "(4)") == ["10-6", "7x3"]
    after = play(s, "(4)", "7x3")
    assert unit(after, 3) == "YB" and moves(after) == ["10-9", "3-2", "skip"]
    assert unit(after.apply_move("3-2"), 2) == "YB"
    assert moves(s, "(1)") == ["10-9", "7-6"]
    assert moves(s, "(3)") == ["7-4"]


def test_pt_x3_a_bonus_move_that_wins():
    s = pt(X3)
    assert moves(s, "(3)") == ["0-3", "4-7", "9-10"]
    home = play(s, "(3)", "9-10")
    assert removed(home) == (0, 4) and home.current_player == CHANCE
    bonus = play(s, "(3)", "4-7")
    assert moves(bonus) == ["0-1", "7x8", "9-10", "skip"]
    won = bonus.apply_move("7x8")
    assert won.is_terminal and won.outcome().winner == 0
    assert play(s, "(3)", "0-3").current_player == CHANCE          # lunar temple: no bonus


def test_pt_n_bonus_and_skip_in_a_record():
    s = play_line(pt(X1), "(3) 4-7 0-1".split())
    assert unit(s, 1) == "Y" and unit(s, 7) == "Y"
    s = play_line(pt(X1), "(3) 4-7 skip".split())
    assert unit(s, 1) == "" and s.data[K.TO_MOVE] == 1
    with pytest.raises(IllegalActionError):
        pt(X1).apply_move("(2)").apply_move("skip")
