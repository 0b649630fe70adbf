"""Lemery (AW-G) and Serpents Combattants (AW-H), worked examples AW-X9 .. AW-X13."""
import pytest
from _aw_util import X9, X10, X11, X12, X13, load, play, turns

from ludotheque import RulesetError
from ludotheque.core import Termination
from ludotheque.games.awithlaknannai import kernels as K


def test_aw_x9_lemery_start_and_replies():
    s = load("awithlaknannai/lemery").from_diagram(X9)
    assert turns(s) == ["b3-m4", "b4-m4", "b4-m5", "b5-m5", "b5-m6", "b6-m6", "m3-m4"]
    replies = {"b3-m4": ["t2xb3", "t4xb3"], "b4-m4": ["t3xb4"], "b4-m5": ["t5xb4"], "b5-m5": ["t4xb5"],
               "b5-m6": ["m7xm5", "t6xb5"], "b6-m6": ["m7xm5", "t5xb6"],
               "m3-m4": ["m7-m6", "t2-m3", "t3-m3", "t4-m5", "t5-m5", "t5-m6", "t6-m6"]}
    for move, expected in replies.items():
        assert turns(play(s, move)) == expected


def test_aw_x10_lemery_two_snake_rule():
    s = load("awithlaknannai/lemery").from_diagram(X10)
    assert turns(s) == ["b2xb4", "b2xt3"]
    t = s.apply_move("b2xb4")
    assert t.is_terminal and t.outcome().winner == 0 and t.outcome().termination == Termination.GOAL
    assert turns(load("awithlaknannai").from_diagram(X10)) == [
        "b2xb4", "b2xb4xt3", "b2xb4xt3xb2", "b2xt3", "b2xt3xb4", "b2xt3xb4xb2"]


def test_aw_g2_two_snakes_lose_at_once_even_mid_chain():
    s = load("awithlaknannai/lemery").from_diagram(X10).apply_move("b2xt3")
    assert s.is_terminal and s.data[K.ONB + 1] == 2


def test_aw_g2_a_diagram_with_two_snakes_is_already_lost():
    s = load("awithlaknannai/lemery").from_diagram("""
top    .   .   .   .   .   .   .   o
mid  .   .   .   .   .   .   .   .   o
bot    y   y   y   .   .   .   .   .
""")
    assert s.is_terminal and s.outcome().winner == 0


def test_aw_g3_lemery_combines_with_options_and_extensions():
    g = load("awithlaknannai/lemery+shaman?huffing=1&forced_chain=1&no_backtrack=1")
    assert g.lemery and g.shaman and g.spec[K.P_HUFF] == 1
    assert load("awithlaknannai?lemery=1").lemery
    assert load("awithlaknannai/serpents+shaman?lemery=1").lemery
    with pytest.raises(RulesetError, match="no option 'lemery'"):
        load("awithlaknannai/lemery?lemery=1")


def test_aw_x11_serpents_start_and_replies():
    s = load("awithlaknannai/serpents").from_diagram(X11)
    assert turns(s) == ["b6-m7", "b7-m7", "m6-m7"]
    assert turns(play(s, "m6-m7")) == ["m8xm6"]
    assert turns(play(s, "b6-m7")) == ["t5xb6", "t7xb6"]
    assert turns(play(s, "b7-m7")) == ["t6xb7"]


def test_aw_x12_serpents_far_end():
    s = load("awithlaknannai/serpents").from_diagram(X12)
    assert turns(s) == ["m11-b10", "m11-b11", "m11-m10", "m11-t10", "m12-b11", "t11-t10"]


def test_aw_x13_serpents_with_lemery():
    s = load("awithlaknannai/serpents?lemery=1").from_diagram(X13)
    assert turns(s) == ["b5-m6", "b6-m6", "b6-m7", "b7-m7", "b7-m8", "b8-m8", "m5-m6"]


def test_aw_h4_serpents_keep_every_base_rule():
    """Compulsory capture, chains, stop, end points and the engine draws on 37 points."""
    g = load("awithlaknannai/serpents?forced_chain=1&no_capture_draw=5")
    s = g.from_diagram("""
top    .   .   .   .   .   .   .   .   .   .   .   .
mid  .   .   .   .   .   .   .   .   .   o   o   .   .
bot    .   .   .   .   .   .   .   .   y   .   .   .
""")
    assert turns(s) == ["b9xt10xb11"]       # compulsory, along R10, then forced on over m11
    t = g.from_diagram("""
top    .   .   .   .   .   .   .   .   .   .   .   .
mid  .   .   .   .   .   .   .   y   o   .   o   .   .
bot    .   .   .   .   .   .   .   .   .   .   .   o
""")
    assert turns(t) == ["m8xm10xm12"]
    quiet = g.from_diagram(X12, no_capture_turns=4)
    assert play(quiet, "t11-t10").outcome().termination == Termination.MOVE_LIMIT
