"""Proud Lion / Elephant Matriarch (`+heroes`, DH-*) and the Shaman's hut (`+hut`, DS-*)."""
import pytest

import ludotheque
from ludotheque import IllegalActionError
from ludotheque.games.dara import kernels as K

from _dara_util import (DA_X3, DH_X1, DH_X2, DH_X3, DS_X1, DS_X2, ELEPHANTS, LIONS, actions, cell,
                        lost, play, position, turns)

DH_X1_MOVES = sorted("a5-a4 b3-a3 b3-b2 b3-b4 b5-b4 b5-c5 c2-b2 c2-c1 c2-d2 c3-a3 c3-c1 c3-c5 c3-d3".split())


# -- DH heroes ----------------------------------------------------------------------------------

def test_dh_a1_eleven_pieces_and_one_hero_in_hand():
    s = ludotheque.load("dara+heroes").initial_state().data
    assert (s[K.HAND], s[K.HERO], s[K.HAND + 1], s[K.HERO + 1]) == (11, 1, 11, 1)
    assert "12 in hand (hero included)" in ludotheque.load("dara+heroes").initial_state().to_text()


def test_dh_a2_the_hero_is_placed_when_its_owner_chooses():
    s = ludotheque.load("dara+heroes").initial_state()
    assert len(actions(s)) == 60 and "H@c3" in actions(s)
    s = play(s, "H@c3", "@d3")
    assert cell(s, "c3") == "P" and not any(a.startswith("H@") for a in actions(s))
    with pytest.raises(IllegalActionError, match="hero is already placed"):
        s.parse_move("H@a1")
    # in Dala the hero may take a centre cell
    assert "H@d4" in actions(ludotheque.load("dara/dala+heroes").initial_state())


def test_dh_a2_only_the_hero_left_in_hand():
    s = position("""
5  L L E E . E
4  E E L L . .
3  L L E E . .
2  E E L L . .
1  L L E E L .
   a b c d e f
""", "dara+heroes")
    assert s.data[K.HAND] == 0 and s.data[K.HERO] == 1
    assert actions(s) == sorted("H@e5 H@e4 H@f4 H@e3 H@f3 H@e2 H@f2 H@f1".split())
    with pytest.raises(IllegalActionError, match="only the hero"):
        s.parse_move("@a1")


def test_dh_a3_the_hero_is_a_piece_for_lines_runs_captures_and_trapping():
    row = """
5  . . . . . E
4  . . . E . .
3  . L P . . E
2  . . . L . .
1  . . . . E E
   a b c d e f
"""
    s = position(row, "dara+heroes", lost=(9, 7))
    assert "d2-d3-f3" in turns(s)                            # b3 P d3: a line through the hero
    four = position(row.replace("3  . L P", "3  L L P"), "dara+heroes", lost=(8, 7))
    assert "d2-d3" not in actions(four)                      # a3 b3 P d3 would be a run of 4
    # the Matriarch protects and is protected in an Elephant line
    s4 = position("""
5  L L . E E M
4  . . E . . .
3  . L P . . .
2  . . L . . E
1  . . . . E E
   a b c d e f
""", "dara+heroes", lost=(7, 5))
    after = play(s4, "c3-c5")                                # a5 b5 c5; d5 e5 M all protected
    assert after.current_player == ELEPHANTS and lost(after) == (7, 5)
    # a captured hero counts as a lost piece
    s5 = play(position(DH_X2, "dara+heroes", lost=(7, 6)), "c3-c5", "-f5")
    assert lost(s5) == (7, 7) and cell(s5, "f5") == "."
    # a hero that cannot move is trapped like any piece
    trapped = position("""
5  M L L . L E
4  L . . . . L
3  L . . . . .
2  . . . . . L
1  . . . . L E
   a b c d e f
""", "dara+heroes", to_move=ELEPHANTS, lost=(4, 9))
    assert trapped.is_terminal and trapped.outcome().winner == LIONS


def test_dh_b1_hero_steps_or_jumps_one_piece_of_either_side():
    s = position(DH_X1, "dara+heroes", lost=(7, 6))
    assert actions(s) == DH_X1_MOVES
    heroes = [a for a in actions(s) if a.startswith("c3")]
    assert heroes == ["c3-a3", "c3-c1", "c3-c5", "c3-d3"]
    with pytest.raises(IllegalActionError, match="empty cell"):
        s.parse_move("c3-e3")                                # over the empty d3
    with pytest.raises(IllegalActionError, match="only a hero jumps"):
        s.parse_move("b5-d5")


def test_dh_b1_hero_jumps_the_other_hero_not_off_the_board():
    s = position("""
5  . . . . L .
4  . . . . M .
3  . . . . P .
2  . . . . . .
1  L . L . E E
   a b c d e f
""", "dara+heroes", lost=(8, 9))
    assert "e3-e5" not in actions(s)                        # e5 occupied
    s = position("""
5  . . . . . .
4  . . . . M .
3  . . . . P .
2  . . . . . .
1  L . L . E E
   a b c d e f
""", "dara+heroes", lost=(9, 9))
    assert "e3-e5" in actions(s)                             # over the Matriarch
    edge = position("""
5  . . . . . .
4  . . . . . .
3  . . . . E P
2  . . . . . .
1  L . L . E E
   a b c d e f
""", "dara+heroes", lost=(9, 9))
    assert [a for a in actions(edge) if a.startswith("f3")] == ["f3-d3", "f3-f2", "f3-f4"]  # not off
    assert edge.game.num_actions == 360


def test_dh_b2_the_jumped_piece_stays():
    s = play(position(DH_X1, "dara+heroes", lost=(7, 6)), "c3-c5")
    assert cell(s, "c4") == "E" and cell(s, "c5") == "P" and cell(s, "c3") == "."
    assert s.move_to_string(s.legal_actions()[0]) == "-e5"


def test_dh_b3_a_jump_obeys_the_no_four_rule_and_forms_lines():
    blocked = position(DH_X1.replace("5  L L . . E M", "5  L L . L E M"), "dara+heroes", lost=(6, 6))
    assert "c3-c5" not in actions(blocked)                   # a5 b5 c5 d5
    with pytest.raises(IllegalActionError, match="line of 4"):
        blocked.parse_move("c3-c5")
    s = play(position(DH_X1, "dara+heroes", lost=(7, 6)), "c3-c5")
    assert s.current_player == LIONS                         # a5 b5 c5 formed by the jump


def test_dh_c1_the_hero_is_taken_only_when_nothing_else_is_capturable():
    s = position(DH_X1, "dara+heroes", lost=(7, 6))
    assert [t for t in turns(s) if t.count("-") == 2] == ["c3-c5-e5"]
    s2 = position(DH_X2, "dara+heroes", lost=(7, 6))
    assert [t for t in turns(s2) if t.count("-") == 2] == ["c3-c5-f5"]
    any2 = position(DH_X2, "dara+heroes?capture=anywhere", lost=(7, 6))
    assert [t for t in turns(any2) if t.count("-") == 2] == sorted(
        "c3-c5-c4 c3-c5-e1 c3-c5-e3 c3-c5-f1 c3-c5-f2".split())


def test_dh_x1_jumps_and_protection():
    s = position(DH_X1, "dara+heroes", lost=(7, 6))
    assert actions(s) == DH_X1_MOVES and len(turns(s)) == 13


def test_dh_x2_hero_as_the_only_capturable_piece():
    s = position(DH_X2, "dara+heroes", lost=(7, 6))
    assert actions(s) == DH_X1_MOVES
    assert actions(play(s, "c3-c5")) == ["-f5"]


def test_dh_x3_dala_hero_jump_breaks_a_line_of_four():
    s = position(DH_X3, "dara/dala+heroes", lost=(6, 6))
    assert actions(s) == sorted("a1-a2 b1-b2 b3-a3 b3-b2 b3-b4 b3-c3 c1-c2 d1-f1 d2-c2 d2-e2".split())
    assert turns(s) == sorted(("a1-a2-b5 a1-a2-c4 a1-a2-d3 a1-a2-e1 a1-a2-f2 b1-b2 b3-a3 b3-b2 b3-b4 "
                               "b3-c3 c1-c2 d1-f1-b5 d1-f1-c4 d1-f1-d3 d1-f1-e1 d1-f1-f2 d2-c2 d2-e2").split())


# -- DS Shaman's hut -----------------------------------------------------------------------------

def test_ds_a1_the_hut_is_extra_and_off_the_board():
    g = ludotheque.load("dara+hut")
    s = g.initial_state().data
    assert (s[K.HAND], s[K.HUT], s[K.HAND + 1], s[K.HUT + 1]) == (12, 1, 12, 1)
    assert not s[:30].any()
    after = play(position(DS_X1, "dara+hut", to_move=ELEPHANTS, lost=(3, 6)), "S@a4")
    assert lost(after) == (3, 6)                             # placing it costs no piece


def test_ds_a2_hut_after_three_losses_in_the_movement_phase_once():
    s = position(DS_X1, "dara+hut", to_move=ELEPHANTS, lost=(3, 6))
    assert sum(a.startswith("S@") for a in actions(s)) == 14
    s = play(s, "S@a4")                                      # instead of moving: the whole turn
    assert s.current_player == LIONS and cell(s, "a4") == "e"
    assert sum(a.startswith("S@") for a in actions(s)) > 0  # the Lions lost 3: theirs too
    s = play(s, "a2-b2")
    assert not any(a.startswith("S@") for a in actions(s))  # the Elephants' hut is placed
    with pytest.raises(IllegalActionError, match="already placed"):
        s.parse_move("S@c2")
    early = position(DS_X1, "dara+hut", lost=(3, 2), to_move=ELEPHANTS)
    assert early.data[K.HAND + 1] == 4
    with pytest.raises(IllegalActionError, match="movement phase"):
        early.parse_move("S@a4")


def test_ds_a2_fewer_than_three_losses_no_hut():
    two = position(DS_X1.replace("5  L . L . L .", "5  L . L . L L"), "dara+hut", to_move=LIONS, lost=(2, 6))
    assert actions(two) and not any(a.startswith("S@") for a in actions(two))
    with pytest.raises(IllegalActionError, match="3 pieces are lost"):
        two.parse_move("S@b5")
    assert any(a.startswith("S@") for a in actions(position(DS_X1, "dara+hut", to_move=LIONS, lost=(3, 6))))
    on_board = position(DS_X2, "dara+heroes+hut", lost=(7, 6))   # the Lions' hut is on c3
    assert not any(a.startswith("S@") for a in actions(on_board))


def test_ds_a3_the_hut_never_moves_is_never_taken_nor_jumped():
    s = position(DS_X2, "dara+heroes+hut", lost=(7, 6))
    assert not any(a.startswith("c3-") for a in actions(s))
    assert "c2-c4" not in actions(s)
    with pytest.raises(IllegalActionError, match="over a hut"):
        s.parse_move("c2-c4")
    with pytest.raises(IllegalActionError, match="hut never moves"):
        s.parse_move("c3-c4")
    s2 = position("""
5  . . . E . e
4  . . . . . .
3  . . . . . .
2  . . L . . .
1  L L . . E E
   a b c d e f
""", "dara+hut?capture=anywhere", lost=(9, 9))
    after = play(s2, "c2-c1")
    assert actions(after) == ["-d5", "-e1", "-f1"]         # never the hut f5
    with pytest.raises(IllegalActionError):
        after.parse_move("-f5")


def test_ds_a4_the_hut_counts_in_runs_and_the_no_four_rule():
    s = position(DS_X1, "dara+hut", to_move=ELEPHANTS, lost=(3, 6))
    assert "S@c1" not in actions(s)                          # a1 b1 c1 d1 with the hut
    with pytest.raises(IllegalActionError, match="line of 4"):
        s.parse_move("S@c1")
    d = position(DS_X2, "dara+heroes+hut", lost=(7, 6))
    assert "b2-b3-f3" in turns(d) and "d4-d3-f3" in turns(d)   # lines through the hut
    full = position(DS_X2.replace("3  L . l . L E", "3  L L l . L E"), "dara+heroes+hut", lost=(6, 6))
    assert "d4-d3" not in actions(full) and "e3-d3" not in actions(full)   # runs of 5 and 4


def test_ds_a5_a_hut_placement_that_completes_a_line_captures():
    s = position(DS_X1, "dara+hut", to_move=ELEPHANTS, lost=(3, 6))
    assert [t for t in turns(s) if t.startswith("S@") and t.count("-")] == ["S@b2-b4", "S@c3-d3", "S@c3-e3"]
    off = position(DS_X1, "dara+hut?hut_capture=0", to_move=ELEPHANTS, lost=(3, 6))
    assert len(turns(off)) == 24 and [t for t in turns(off) if t.count("-") == 2] == ["d1-c1-f1"]
    later = play(off, "S@c3", "a2-b2", "a3-a4", "a5-b5", "a4-a3")    # a move forms a3 b3 hut
    assert later.current_player == ELEPHANTS and actions(later) == ["-d3", "-e3"]


def test_ds_a6_a_player_without_moves_who_can_place_his_hut_is_not_trapped():
    s = position(DA_X3, "dara+hut", to_move=ELEPHANTS, lost=(2, 6))
    assert not s.is_terminal and all(a.startswith("S@") for a in actions(s))
    s = play(s, "S@a1")
    assert s.current_player == LIONS


def test_ds_a7_dala_hut_runs_of_four_allowed_placing_losses_count_hut_only_when_moving():
    from _dara_util import DL_X2
    placing = position(DL_X2, "dara/dala+hut", lost=(3, 0))
    assert placing.data[K.HAND] == 4 and not any(a.startswith("S@") for a in actions(placing))
    row = """
6  . . . . . E
5  . . . . L .
4  . . . . . E
3  . . . . . .
2  . . . . . E
1  L L . . . .
   a b c d e f
"""
    s = position(row.replace("1  L L . .", "1  L L L ."), "dara/dala+hut", lost=(8, 9))
    after = play(s, "S@d1")                                  # a1 b1 c1 hut: a run of 4, allowed
    assert after.current_player == ELEPHANTS and cell(after, "d1") == "l"
    broken = position(row.replace("1  L L . .", "1  L L l L"), "dara/dala+hut", lost=(8, 9))
    assert actions(play(broken, "a1-a2")) == ["-f2", "-f4", "-f6"]   # b1 hut d1: DL-C1 with the hut


# -- worked examples -------------------------------------------------------------------------------

def test_ds_x1_placing_the_hut():
    s = position(DS_X1, "dara+hut", to_move=ELEPHANTS, lost=(3, 6))
    assert actions(s) == sorted(("a3-a4 b1-b2 b1-c1 b3-b2 b3-c3 d1-c1 d1-d2 d1-e1 f2-e2 f2-f3 S@a4 S@b2 "
                                 "S@b5 S@c2 S@c3 S@c4 S@d2 S@d4 S@d5 S@e1 S@e2 S@e4 S@f3 S@f5").split())
    assert turns(s) == sorted(("a3-a4 b1-b2 b1-c1 b3-b2 b3-c3 d1-c1-f1 d1-d2 d1-e1 f2-e2 f2-f3 S@a4 "
                               "S@b2-b4 S@b5 S@c2 S@c3-d3 S@c3-e3 S@c4 S@d2 S@d4 S@d5 S@e1 S@e2 S@e4 "
                               "S@f3 S@f5").split())
    anywhere = position(DS_X1, "dara+hut?capture=anywhere", to_move=ELEPHANTS, lost=(3, 6))
    t = turns(anywhere)
    assert len(t) == 48
    nine = "a2 a5 b4 c5 d3 e3 e5 f1 f4".split()
    assert [x for x in t if x.startswith("S@b2")] == [f"S@b2-{c}" for c in nine]


def test_ds_x2_a_line_through_the_hut_and_no_hut_jump():
    s = position(DS_X2, "dara+heroes+hut", lost=(7, 6))
    assert actions(s) == sorted(("a3-a2 a3-a4 a3-b3 b2-a2 b2-b1 b2-b3 c2-a2 c2-c1 c2-e2 d4-c4 d4-d3 "
                                 "d4-d5 d4-e4 e3-d3 e3-e2 e3-e4").split())
    assert turns(s) == sorted(("a3-a2-d2 a3-a4 a3-b3 b2-a2 b2-b1 b2-b3-f3 c2-a2 c2-c1 c2-e2 d4-c4 "
                               "d4-d3-f3 d4-d5 d4-e4 e3-d3 e3-e2 e3-e4").split())


def test_ds_x3_trapped_but_the_hut_can_be_placed():
    s = position(DA_X3, "dara+hut", to_move=ELEPHANTS, lost=(2, 6))
    assert actions(s) == sorted("S@a1 S@a2 S@a3 S@a4 S@b1 S@b2 S@b3 S@c1 S@e1 S@f1 S@f2 S@f3 S@f4".split())
    with pytest.raises(IllegalActionError, match="line of 4"):
        s.parse_move("S@d5")
