"""The advanced rules AW-F (`no_backtrack`, `forced_chain`, `huffing`, `majority_on_deadlock`)
and their worked examples AW-X6, AW-X7, AW-X8, AW-X21."""
import pytest
from _aw_util import X3, X7, X8, X21, load, names, play, turns

from ludotheque import IllegalActionError, NotationError
from ludotheque.core import Termination
from ludotheque.games.awithlaknannai import kernels as K


def test_aw_x6_forced_chain():
    assert turns(load("awithlaknannai?forced_chain=1").from_diagram(X3)) == [
        "b2xb4xt3xb2", "b2xt3xb4xb2", "m7xm9"]


def test_aw_f2_forced_chain_removes_stop_while_a_jump_exists():
    s = load("awithlaknannai?forced_chain=1").from_diagram(X3).apply_move("b2xb4")
    assert names(s) == ["xt3"]
    with pytest.raises(IllegalActionError, match="must jump again"):
        s.parse_move("stop")


def test_aw_x7_no_backtrack():
    s = load("awithlaknannai?no_backtrack=1").from_diagram(X7, previous=("m3-m4", None))
    assert turns(s) == ["m4-b3", "m4-b4", "m4-m5", "m4-t3", "m4-t4"]
    free = load("awithlaknannai").from_diagram(X7, previous=("m3-m4", None))
    assert turns(free) == ["m4-b3", "m4-b4", "m4-m3", "m4-m5", "m4-t3", "m4-t4"]
    with pytest.raises(IllegalActionError, match="no_backtrack"):
        s.parse_move("m4-m3")


def test_aw_f1_no_backtrack_is_remembered_through_play_and_captures_are_free():
    g = load("awithlaknannai?no_backtrack=1")
    s = g.from_diagram("""
top    .   .   .   .   .   .   .   o
mid  .   .   y   .   .   .   .   .   .
bot    .   .   .   .   .   .   .   .
""")
    s = play(s, "m3-m4", "t8-t7")
    assert "m4-m3" not in turns(s)
    s = play(s, "m4-m5", "t7-t6")
    assert "m4-m3" not in " ".join(turns(s)) and "m5-m4" not in turns(s) and "m5-m6" in turns(s)
    cap = g.from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   .   y   o   .   .   .   .
bot    .   .   .   .   .   .   .   o
""", previous=("m6-m4", None))
    assert turns(cap) == ["m4xm6"]                   # a capture back the same way is allowed


def test_aw_f1_no_only_move_exception():
    s = load("awithlaknannai?no_backtrack=1").from_diagram("""
top    o   .   .   .   .   .   .   .
mid  .   y   o   .   .   .   .   .   .
bot    o   .   .   .   .   .   .   .
""", previous=("m1-m2", None))
    # m2's only free neighbour is m1 (t2, b2 ... are free too): block them to leave only m1
    s2 = load("awithlaknannai?no_backtrack=1").from_diagram("""
top    o   o   .   .   .   .   .   .
mid  .   y   o   o   .   .   .   .   .
bot    o   o   .   .   .   .   .   .
""", previous=("m1-m2", None))
    assert not s.is_terminal
    assert s2.is_terminal and s2.outcome().winner == 1 and s2.outcome().termination == Termination.NO_MOVE


def test_aw_x8_huffing_moves_and_candidates():
    g = load("awithlaknannai?huffing=1")
    s = g.from_diagram(X8)
    assert turns(s) == sorted("b5-b6 b5-m5 b5-m6 b5xb3 b5xb3xt4 m3-b2 m3-b3 m3-m2 m3-t2 m3-t3 m3xm5 "
                              "t1-m1 t1-m2 t1-t2".split())
    assert turns(play(s, "t1-t2")) == sorted(
        "-b5,b4-b3 -b5,b4-b5 -b5,b4-m5 -b5,m4-b3 -b5,m4-m5 -b5,m4-t3 -b5,m4-t4 -b5,m4xm2 -m3,b4-b3 "
        "-m3,b4-m5 -m3,b4xb6 -m3,m4-b3 -m3,m4-m3 -m3,m4-m5 -m3,m4-t3 -m3,m4-t4".split())
    assert names(play(s, "m3-m2")) == ["-b5", "-m2"]
    assert names(play(s, "m3xm5")) == ["b4-b3", "b4-m4", "b4xb6", "b4xt5"]


def test_aw_f3_huffing_makes_captures_optional():
    s = load("awithlaknannai?huffing=1").initial_state().apply_move("m4-m5")
    assert "t4-m4" in names(s) and "m6xm4" in names(s)


def test_aw_f4_opponent_removes_a_candidate_first():
    s = play(load("awithlaknannai?huffing=1").from_diagram(X8), "t1-t2")
    assert s.current_player == 1 and names(s) == ["-b5", "-m3"]
    with pytest.raises(IllegalActionError, match="removing a huffed snake"):
        s.parse_move("m4-m5")
    t = s.apply_move("-m3")
    assert t.current_player == 1 and t.data[s.game.point_index("m3")] == 0 and t.data[K.ONB] == 2


def test_aw_f5_a_candidate_that_moved_is_removed_from_its_new_point():
    s = play(load("awithlaknannai?huffing=1").from_diagram(X8), "m3-m2")
    assert names(s) == ["-b5", "-m2"]


def test_aw_f6_removal_is_its_own_action_counts_as_a_removal_and_can_win():
    g = load("awithlaknannai?huffing=1")
    s = g.from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   y   o   .   .   .   .   .
bot    .   .   .   .   .   .   .   o
""")
    t = play(s, "m3-m2")                              # one candidate: still an action
    assert t.current_player == 1 and names(t) == ["-m2"]
    u = t.apply_move("-m2")
    assert u.is_terminal and u.outcome().winner == 1 and u.outcome().termination == Termination.GOAL
    s = g.from_diagram(X8, no_capture_turns=50)
    t = play(s, "t1-t2", "-b5,m4-t3")
    assert t.data[K.NOCAP] == 0


def test_aw_f6_remover_without_a_move_loses():
    g = load("awithlaknannai?huffing=1&no_backtrack=1")
    s = g.from_diagram("""
top    .   .   .   .   y   y   o   y
mid  .   .   .   .   .   .   y   y   .
bot    .   .   .   .   .   y   .   y
""", to_move=1, huff=("t6",), previous=(None, "t6-t7"))
    assert names(s) == ["-t6"]
    t = s.apply_move("-t6")          # t7 may not step back to t6 and everything else is blocked
    assert t.is_terminal and t.outcome().termination == Termination.NO_MOVE and t.outcome().winner == 0


def test_aw_f7_only_non_capturing_moves_are_huffed():
    g = load("awithlaknannai?huffing=1")
    s = g.from_diagram(X3)
    t = play(s, "b2xb4")                              # stopped early: not huffed
    assert t.current_player == 1 and t.data[K.NCAND] == 0
    u = play(s, "m7xm9")                              # another capture chosen: not huffed
    assert u.data[K.NCAND] == 0


def test_aw_x21_lemery_huff_that_leaves_two_snakes():
    s = load("awithlaknannai/lemery?huffing=1").from_diagram(X21, to_move=1)
    assert turns(s) == sorted("b5-b4 b5-b6 b5-m5 b5-m6 m3-b2 m3-b3 m3-m2 m3-t2 m3-t3 m3xm5 t8-m8 "
                              "t8-m9 t8-t7".split())
    t = play(s, "m3-m2")
    assert turns(t) == ["-m2"]
    u = play(t, "-m2")
    assert u.is_terminal and u.outcome().winner == 0


def test_aw_f8_majority_on_deadlock_applies_to_repetition_too():
    g = load("awithlaknannai?majority_on_deadlock=1")
    s = g.from_diagram("""
top    .   .   .   .   .   .   .   o
mid  .   .   .   .   .   .   .   .   .
bot    y   y   .   .   .   .   .   .
""")
    for _ in range(2):
        s = play(s, "b2-b3", "t8-t7", "b3-b2", "t7-t8")
    assert s.is_terminal and s.outcome().termination == Termination.REPETITION
    assert s.outcome().winner == 0


def test_aw_e1_backtrack_memory_is_part_of_the_position():
    g = load("awithlaknannai?no_backtrack=1")
    s = g.from_diagram("""
top    .   .   .   .   .   .   .   o
mid  .   .   .   .   .   .   .   .   .
bot    y   .   .   .   .   .   .   .
""")
    cycle = ("b1-b2", "t8-t7", "b2-m2", "t7-m8", "m2-b1", "m8-t8")   # triangles, never straight back
    s = play(s, *cycle, *cycle)
    assert not s.is_terminal          # the start had no memory: this is only the 2nd occurrence
    s = play(s, "b1-b2", "t8-t7")     # its position (with both memories) for the 3rd time
    assert s.is_terminal and s.outcome().termination == Termination.REPETITION


def test_aw_e1_pending_huff_candidates_are_part_of_the_position():
    g = load("awithlaknannai?huffing=1")
    with pytest.raises(NotationError):
        load("awithlaknannai").from_diagram(X8, huff=("b5",))      # candidates need the option
    a = g.from_diagram(X8, to_move=1, huff=("b5",))
    b = g.from_diagram(X8, to_move=1)
    assert a.key() != b.key() and a.data[K.HIST + 4] != b.data[K.HIST + 4]
