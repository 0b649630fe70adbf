"""The base game (rules/awithlaknannai.md AW-B, AW-C, AW-D, AW-E) and its worked examples
AW-X1 .. AW-X5, AW-X20."""
import pytest
from _aw_util import START, X3, X4, X5, load, names, play, turns

from ludotheque import IllegalActionError
from ludotheque.core import Termination
from ludotheque.games.awithlaknannai import kernels as K


def base():
    return load("awithlaknannai")


def test_aw_x1_the_forced_first_move():
    assert turns(base().initial_state()) == ["b4-m5", "b5-m5", "m4-m5"]


def test_aw_b4_first_move_steps_into_the_centre_and_orange_must_capture():
    s = base().initial_state()
    for m in turns(s):
        after = play(s, m)
        assert all("x" in t for t in turns(after))


def test_aw_x2_the_reply_capture_is_compulsory():
    s = base().initial_state()
    assert turns(play(s, "m4-m5")) == ["m6xm4"]
    assert turns(play(s, "b4-m5")) == ["t3xb4", "t5xb4"]
    assert turns(play(s, "b5-m5")) == ["t4xb5"]


def test_aw_c3_reply_capture_is_compulsory():
    s = play(base().initial_state(), "m4-m5")
    with pytest.raises(IllegalActionError, match="capture is compulsory"):
        s.parse_move("t4-m4")


def test_aw_c3_free_choice_among_captures():
    """AW-C3: not obliged to take the most (AC-X3 position in the base game)."""
    from _aw_util import AC_X3
    s = base().from_diagram(AC_X3)
    assert turns(s) == ["b1xb3", "b1xb3xb5", "b1xt2", "m1xm3", "m9xm7", "m9xm7xm5"]


def test_aw_b1_players_alternate_and_cannot_pass():
    s = base().initial_state()
    t = play(s, "m4-m5")
    assert t.current_player == 1
    with pytest.raises(IllegalActionError):
        s.parse_move("stop")


def test_aw_b2_a_turn_is_one_move_with_one_snake():
    s = base().from_diagram(X3)
    t = s.apply_move("b2xb4")
    assert t.current_player == 0 and names(t) == ["stop", "xt3"]     # only the same snake


def test_aw_b3_steps_go_in_every_direction_along_lines():
    s = base().from_diagram("""
top    .   .   .   .   .   .   .   o
mid  .   .   .   y   .   .   .   .   .
bot    .   .   .   .   .   .   .   .
""")
    assert turns(s) == ["m4-b3", "m4-b4", "m4-m3", "m4-m5", "m4-t3", "m4-t4"]
    end = base().from_diagram("""
top    .   .   .   .   .   .   .   o
mid  y   .   .   .   .   .   .   .   .
bot    .   .   .   .   .   .   .   .
""")
    assert turns(end) == ["m1-b1", "m1-m2", "m1-t1"]                 # end segments too


def test_aw_x3_chains_change_direction_optional_continuation():
    assert turns(base().from_diagram(X3)) == [
        "b2xb4", "b2xb4xt3", "b2xb4xt3xb2", "b2xt3", "b2xt3xb4", "b2xt3xb4xb2", "m7xm9"]


def test_aw_c1_jump_over_an_adjacent_enemy_onto_the_empty_point_beyond():
    s = base().from_diagram(X3)
    t = s.apply_move("m7xm9")
    g = s.game
    assert t.data[g.point_index("m9")] == 1 and t.data[g.point_index("m8")] == 0
    assert t.data[g.point_index("m7")] == 0 and t.data[K.ONB + 1] == s.data[K.ONB + 1] - 1


def test_aw_c4_captured_snake_is_removed_after_each_jump():
    s = base().from_diagram(X3).apply_move("b2xb4")
    g = s.game
    assert s.data[g.point_index("b3")] == 0 and s.data[K.ONB + 1] == 4


def test_aw_c5_the_same_snake_may_jump_again():
    s = base().from_diagram(X3).apply_move("b2xt3")
    assert names(s) == ["stop", "xb4"]


def test_aw_c6_chain_may_return_to_its_starting_point():
    s = play(base().from_diagram(X3), "b2xb4xt3xb2")
    g = s.game
    assert s.data[g.point_index("b2")] == 1 and s.current_player == 1


def test_aw_c7_stop_is_optional_and_chain_ends_by_itself():
    s = base().from_diagram(X3)
    t = s.apply_move("b2xb4").apply_move("stop")
    assert t.current_player == 1
    u = s.apply_move("m7xm9")                     # no further jump: the turn ends
    assert u.current_player == 1


def test_aw_x4_end_points_cannot_be_captured():
    s = base().from_diagram(X4)
    assert turns(s) == ["m2-b1", "m2-b2", "m2-m3", "t2-m3", "t2-t3"]
    assert turns(play(s, "m2-m3")) == ["t1xt3", "t1xt3xb2"]


def test_aw_c2_no_jump_around_the_bend_at_the_ends():
    s = base().from_diagram("""
top    o   .   .   .   .   .   .   .
mid  y   .   .   .   .   .   .   .   .
bot    .   .   .   .   .   .   .   .
""", to_move=1)
    assert "x" not in " ".join(turns(s))          # t1 cannot jump m1 to b1


def test_aw_x5_no_legal_move_loses():
    s = base().from_diagram(X5)
    out = s.outcome()
    assert s.is_terminal and out.winner == 1 and out.termination == Termination.NO_MOVE


def test_aw_d2_no_legal_move_after_a_turn_loses():
    s = base().from_diagram("""
top    o   .   .   .   .   .   .   o
mid  y   o   o   .   .   .   .   .   .
bot    o   .   .   .   .   .   .   .
""", to_move=1)
    t = play(s, "t8-t7")
    assert t.is_terminal and t.outcome().winner == 1 and t.returns() == (-1.0, 1.0)


def test_aw_d1_capturing_the_last_snake_wins_at_once():
    s = base().from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   y   o   .   .   .   .   .
bot    .   .   .   .   .   .   .   y
""")
    t = s.apply_move("m3xm5")
    assert t.is_terminal and t.outcome().winner == 0 and t.outcome().termination == Termination.GOAL


def test_aw_d4_win_is_checked_after_each_jump_and_beats_draws():
    s = base().from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   y   o   .   .   .   .   .
bot    .   .   .   .   .   .   .   y
""", no_capture_turns=59)
    t = s.apply_move("m3xm5")
    assert t.outcome().termination == Termination.GOAL


def test_aw_d3_booklet_draws_are_decided_by_the_engine_rules():
    """AW-D3: deadlocks end through AW-E2, repetitions through AW-E1 (below)."""
    s = base().from_diagram(X4, no_capture_turns=59)
    t = play(s, "t2-t3")
    assert t.is_terminal and t.outcome().winner is None


def shuffle_position():
    return base().from_diagram("""
top    .   .   .   .   .   .   .   o
mid  .   .   .   .   .   .   .   .   .
bot    y   .   .   .   .   .   .   .
""")


def test_aw_e1_threefold_repetition_draws():
    s = shuffle_position()
    s = play(s, "b1-b2", "t8-t7", "b2-b1", "t7-t8")      # start position: second time
    assert not s.is_terminal
    s = play(s, "b1-b2", "t8-t7", "b2-b1")
    assert not s.is_terminal
    s = play(s, "t7-t8")                                  # third time
    assert s.is_terminal and s.outcome().termination == Termination.REPETITION
    assert s.outcome().winner is None


def test_aw_e1_the_side_to_move_is_part_of_the_position():
    s = shuffle_position()
    s = play(s, "b1-b2", "t8-t7", "b2-b1", "t7-t8", "b1-b2", "t8-t7")
    assert not s.is_terminal                              # the b2/t7 position twice, never thrice


def test_aw_x20_no_capture_draw_and_majority():
    diagram = """
top    y   .   .   .   .   .   .   o
mid  y   .   .   .   .   .   .   .   o
bot    y   y   .   .   .   .   .   o
"""
    for rid, winner in (("awithlaknannai", None), ("awithlaknannai?majority_on_deadlock=1", 0)):
        s = load(rid).from_diagram(diagram, no_capture_turns=59)
        t = play(s, "b2-b3")
        assert t.is_terminal and t.outcome().winner == winner
        assert t.outcome().termination == Termination.MOVE_LIMIT
    s = load("awithlaknannai?no_capture_draw=0").from_diagram(diagram, no_capture_turns=59)
    assert not play(s, "b2-b3").is_terminal
    equal = load("awithlaknannai?majority_on_deadlock=1").from_diagram("""
top    y   .   .   .   .   .   .   o
mid  .   .   .   .   .   .   .   .   .
bot    .   .   .   .   .   .   .   .
""", no_capture_turns=59)
    assert play(equal, "t1-t2").outcome().winner is None


def test_aw_e2_a_removal_resets_the_count():
    s = base().from_diagram(X3, no_capture_turns=59)
    t = play(s, "m7xm9")
    assert not t.is_terminal and t.data[K.NOCAP] == 0


def test_aw_e3_order_of_the_checks_no_move_before_the_turn_limit():
    s = base().from_diagram("""
top    o   .   .   .   .   .   .   o
mid  y   o   o   .   .   .   .   .   .
bot    o   .   .   .   .   .   .   .
""", to_move=1, no_capture_turns=59)
    t = play(s, "t8-t7")
    assert t.outcome().termination == Termination.NO_MOVE and t.outcome().winner == 1
