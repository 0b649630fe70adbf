"""The Shaman extension (AW-S) and its worked examples AW-X14 .. AW-X19."""
import pytest
from _aw_util import X14, X15, X16, X17, X18, X19, load, names, play, turns

from ludotheque import IllegalActionError, NotationError, RulesetError
from ludotheque.games.awithlaknannai import kernels as K


def sh(extra=""):
    return load("awithlaknannai+shaman" + extra)


def test_aw_x14_shaman_start_pull_optional_capture():
    s = sh().from_diagram(X14)
    assert turns(s) == ["b4-m5", "b5-m5", "m4-m5", "m4-m5<m3"]
    assert turns(play(s, "m4-m5<m3")) == ["t2-m3", "t3-m3"]
    assert turns(play(s, "m4-m5")) == ["m6xm4", "m6xm4<m7", "t3-m4", "t4-m4"]


def test_aw_x15_capture_optional_push_capture_with_pull():
    s = sh().from_diagram(X15)
    assert turns(s) == sorted("m3-b2 m3-b3 m3-m2 m3-t2 m3-t3 m4-b3 m4-b4 m4-m3>m2 m4-t3 m4-t4 m4xm6 "
                              "m4xm6<m3".split())
    g = s.game
    push = play(s, "m4-m3>m2")
    assert push.data[g.point_index("m2")] == 1 and push.data[g.point_index("m3")] == 3
    pull = play(s, "m4xm6<m3")
    assert pull.data[g.point_index("m4")] == 1 and pull.data[g.point_index("m6")] == 3
    assert pull.data[g.point_index("m3")] == 0 and pull.data[g.point_index("m5")] == 0


def test_aw_x16_a_normal_snakes_capture_forces_a_capture():
    assert turns(sh().from_diagram(X16)) == ["b7xb5", "b7xb5xt4", "m4xm6", "m4xm6<m3"]


def test_aw_x17_pulls_along_any_line_push_along_the_middle_row():
    assert turns(sh().from_diagram(X17)) == sorted(
        "b4-b3 b4-b5 m4-b3 m4-m3 m4-m3<m5 m4-m5>m6 m4-t3 m4-t3<b4 m4-t4 m5-b5 m5-m6 m5-t4 m5-t5".split())


def test_aw_x18_push_blocked():
    assert turns(sh().from_diagram(X18)) == sorted(
        "m4-b3 m4-b4 m4-m3 m4-m3<m5 m4-t3 m4-t4 m5-b4 m5-b5 m5-t4 m5-t5".split())


def test_aw_x19_no_pull_or_push_through_an_end_segment():
    assert turns(sh().from_diagram(X19)) == sorted("m1-b1 m1-m2 t1-m2 t1-t2>t3 t2-m2 t2-m3 t2-t3".split())


def test_aw_s2_a_shaman_is_a_snake_it_can_be_captured_and_counts():
    s = sh().from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   .   Y   o   .   .   .   .
bot    .   .   .   .   .   .   .   .
""", to_move=1)
    t = s.apply_move("m5xm3")
    assert t.is_terminal and t.outcome().winner == 1            # the Shaman was Yellow's last snake
    chain = sh().from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   .   Y   o   .   o   .   .
bot    .   .   .   .   .   .   .   o
""")
    assert "m4xm6xm8" in turns(chain)                          # Shamans chain like snakes


def test_aw_s3_shaman_capture_never_compulsory_nor_forced_to_continue():
    s = sh("?forced_chain=1").from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   .   Y   o   .   o   .   .
bot    .   .   .   .   .   .   .   o
""")
    assert "m4-m3" in turns(s)                                 # capture optional
    t = s.apply_move("m4xm6")
    assert names(t) == ["stop", "xm8"]                         # forced_chain does not force it


def test_aw_s3_shaman_is_never_a_huff_candidate():
    s = sh("?huffing=1").from_diagram(X15)
    t = play(s, "m3-m2")
    assert t.current_player == 1 and t.data[K.NCAND] == 0 and "-" not in names(t)[0][:1]


def test_aw_s4_shaman_steps_and_pushes_illegal_under_obligation():
    s = sh().from_diagram(X16)
    with pytest.raises(IllegalActionError, match="capture is compulsory"):
        s.parse_move("m4-b3")
    h = sh("?huffing=1").from_diagram(X16)
    assert "m4-b3" in turns(h)


def test_aw_s5_pull_only_with_the_first_jump():
    s = sh().from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   y   Y   o   .   o   .   .
bot    .   .   .   .   .   .   .   .
""")
    assert "m4xm6<m3xm8" in turns(s) and "m4xm6xm8" in turns(s)
    t = s.apply_move("m4xm6<m3")
    assert names(t) == ["stop", "xm8"]                         # no pull on later jumps


def test_aw_s6_push_never_captures_and_needs_an_empty_point_beyond():
    s = sh().from_diagram(X18)
    with pytest.raises(IllegalActionError):
        s.parse_move("m4-m5>m6")
    t = sh().from_diagram(X17)
    after = play(t, "m4-m5>m6")
    assert after.data[K.ONB + 1] == t.data[K.ONB + 1]


def test_aw_s7_pull_and_push_only_along_straight_lines():
    s = sh().from_diagram(X19)
    with pytest.raises(IllegalActionError, match="push"):
        s.parse_move("t1-m1>b1")
    with pytest.raises(IllegalActionError):
        s.parse_move("t1-m2<m1")


def test_aw_s8_pull_and_push_are_non_capturing_moves():
    s = sh("?huffing=1").from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   .   y   Y   o   .   .   .   .
bot    .   .   .   .   .   o   y   .
""")
    t = play(s, "m4-m3>m2")
    assert names(t) == ["-b7"]                                # huffed: b7 could capture
    nb = sh("?no_backtrack=1").from_diagram(X17, previous=("m3-m4", None))
    assert "m4-m3<m5" not in turns(nb) and "m4-m3" not in turns(nb)


def test_aw_s9_whirlpools_are_not_implemented():
    with pytest.raises(RulesetError):
        load("awithlaknannai+whirlpools")
    with pytest.raises(RulesetError, match="no extension 'shaman'"):
        load("awithlaknannai/classic+shaman")


def test_shaman_symbols_need_the_extension():
    with pytest.raises(NotationError, match="shaman"):
        load("awithlaknannai").from_diagram(X14)
