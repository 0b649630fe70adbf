"""The classic sheet (AC) and its worked examples AC-X1 .. AC-X4."""
import pytest
from _aw_util import AC_X3, START, X3, load, names, play, turns

from ludotheque import IllegalActionError, RulesetError
from ludotheque.core import Termination
from ludotheque.games.awithlaknannai import kernels as K


def classic(opts=""):
    return load("awithlaknannai/classic" + opts)


def test_ac_x1_start_and_reply():
    s = classic().initial_state()
    assert turns(s) == ["b4-m5", "b5-m5", "m4-m5"]
    assert turns(play(s, "b4-m5")) == ["t3xb4", "t5xb4"]


def test_ac_a1_board_setup_and_first_player():
    g = classic()
    s = g.initial_state()
    assert g.diagram(s).split() == g.diagram(g.from_diagram(START)).split() and s.current_player == 0


def test_ac_b1_one_move_no_pass():
    s = classic().initial_state()
    assert play(s, "m4-m5").current_player == 1
    with pytest.raises(IllegalActionError):
        s.parse_move("stop")


def test_ac_c1_jumps_along_straight_lines_captured_at_once_may_turn():
    s = classic().from_diagram(X3)
    t = s.apply_move("b2xb4")
    assert t.data[s.game.point_index("b3")] == 0 and names(t) == ["xt3"]


def test_ac_c2_capture_is_compulsory():
    s = play(classic().initial_state(), "m4-m5")
    assert turns(s) == ["m6xm4"]


def test_ac_x2_maximal_capture():
    s = classic().from_diagram(X3)
    assert turns(s) == ["b2xb4xt3xb2", "b2xt3xb4xb2"]
    with pytest.raises(IllegalActionError, match="as many snakes as possible"):
        s.parse_move("m7xm9")


def test_ac_x3_maximal_capture_among_several_pieces():
    assert turns(classic().from_diagram(AC_X3)) == ["b1xb3xb5", "m9xm7xm5"]
    assert turns(load("awithlaknannai").from_diagram(AC_X3)) == [
        "b1xb3", "b1xb3xb5", "b1xt2", "m1xm3", "m9xm7", "m9xm7xm5"]


def test_ac_c3_only_sequences_with_the_greatest_count():
    s = classic().from_diagram(AC_X3)
    assert sorted(names(s)) == ["b1xb3", "m9xm7"]             # b1xt2 and m1xm3 capture only 1


def test_ac_c4_the_chain_goes_on_to_the_maximum_without_stop():
    s = classic().from_diagram(AC_X3).apply_move("b1xb3")
    assert names(s) == ["xb5"] and s.current_player == 0
    with pytest.raises(IllegalActionError, match="chain must go on"):
        s.parse_move("stop")


def test_ac_d1_end_of_the_game():
    s = classic().from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   y   o   .   o   .   .   .
bot    .   .   .   .   .   .   .   y
""")
    t = play(s, "m3xm5xm7")
    assert t.is_terminal and t.outcome().winner == 0 and t.outcome().termination == Termination.GOAL
    q = classic("?no_capture_draw=1").from_diagram(START.replace("y   y   y   y   .", "y   y   y   .   y"))
    assert q.outcome() is None


def test_ac_x4_classic_with_huffing():
    s = classic("?huffing=1").from_diagram(AC_X3)
    assert turns(s) == ["b1xb3xb5", "m1-t1", "m9-b8", "m9-t8", "m9xm7xm5"]
    t = play(s, "m1-t1")
    assert names(t) == ["-b1", "-m9"]


def test_ac_f1_captures_stay_maximal_under_huffing():
    s = classic("?huffing=1").from_diagram(AC_X3)
    with pytest.raises(IllegalActionError):
        s.parse_move("b1xt2")
    assert play(s, "m9xm7xm5").data[K.NCAND] == 0


@pytest.mark.parametrize("bad, message", [
    ("awithlaknannai/classic?forced_chain=1", "no option 'forced_chain'"),
    ("awithlaknannai/classic?lemery=1", "no option 'lemery'"),
    ("awithlaknannai/classic?no_backtrack=1", "no option 'no_backtrack'"),
    ("awithlaknannai/classic+shaman", "no extension 'shaman'"),
])
def test_classic_accepts_only_huffing_and_no_capture_draw(bad, message):
    with pytest.raises(RulesetError, match=message):
        load(bad)
