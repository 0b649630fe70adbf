"""Royal Caravan (`+caravan`): one test per clause of rules/yote.md section 6 (YR) and its examples."""
from _yote_util import YR_X2, YR_X3, names, play, yr_x1

from ludotheque.core import Termination, load
from ludotheque.games.yote import kernels as K

CARAVAN = load("yote+caravan")
ALONE = """
5  . . . . . d
4  . . . . . .
3  . . . . . .
2  . . . . . .
1  l D . . . .
   a b c d e f
"""


def test_yr_1_eleven_camels_and_the_caravan_in_hand():
    s = CARAVAN.initial_state()
    assert (s.data[K.HAND], s.data[K.CHAND], s.data[K.HAND + 1], s.data[K.CHAND + 1]) == (11, 1, 11, 1)
    assert len(names(s)) == 60 and "R@c3" in names(s) and "@c3" in names(s)
    s = play(s, "R@c3")
    assert s.data[2 * 6 + 2] == 3 and s.data[K.CHAND] == 0 and s.data[K.HAND] == 11
    assert not [m for m in names(play(s, "@a1")) if m.startswith("R@")]


def test_yr_2_the_caravan_acts_and_counts_like_a_camel():
    s = CARAVAN.from_diagram(ALONE, hands=(0, 0))
    assert names(s) == ["a1-a2", "a1xc1"]                    # the caravan moves and captures
    s = play(s, "a1xc1")                                     # no removable camel: no removal
    assert s.current_player == 1 and not s.is_terminal       # the lone caravan keeps dark in (YO-D1)
    assert names(s) == ["f5-e5", "f5-f4"]
    # counted when the mover cannot act (YO-D2)
    lone = CARAVAN.from_diagram("""
5  . . . . . .
4  . . . . . .
3  D D . . . .
2  D D . . . .
1  l L D D . .
   a b c d e f""")
    assert lone.is_terminal and lone.outcome().termination == Termination.NO_MOVE
    assert lone.outcome().winner == 1 and lone.outcome().reason.endswith("(2-6 camels)")
    # with Choko, a caravan in hand obliges the deploy (CH-B1)
    ch = load("yote/choko+caravan").from_diagram("""
5  . . . . .
4  . . . . .
3  . . D . .
2  . . L . .
1  . . . . .
   a b c d e""", caravans=(1, 0), holder=1, must_deploy=True)
    assert names(ch) == sorted(f"R@{c}" for c in [f"{f}{r}" for f in "abcde" for r in "12345"]
                               if c not in ("c3", "c2"))


def test_yr_3_no_bonus_removal_of_the_caravan():
    s = play(yr_x1(), "c3xe3")
    assert names(s) == ["-b1"]                               # not the caravan c4
    s = CARAVAN.from_diagram(YR_X2, hands=(0, 0), caravans=(0, 0))
    s = play(s, "c3xe3")
    assert s.current_player == 1                             # nothing removable: no removal


def test_yr_4_capturing_the_caravan_earns_no_removal():
    s = play(yr_x1(), "c3xc5")
    assert s.current_player == 1 and s.data[K.CARON + 1] == 0 and s.data[K.ONB + 1] == 2


def test_yr_5_caravan_alone_on_the_board_removal_from_the_hand():
    s = play(CARAVAN.from_diagram(YR_X2, hands=(0, 2)), "c3xe3")
    assert names(s) == ["-@"]
    assert play(s, "-@").data[K.HAND + 1] == 1


def test_yr_x1_caravan_captured_only_by_a_jump():
    s = yr_x1()
    assert names(s) == sorted("c3-b3 c3-c2 f1-e1 f1-f2 c3xc5 c3xe3".split())
    assert sorted(CARAVAN.turn_texts(s)) == sorted("c3-b3 c3-c2 f1-e1 f1-f2 c3xc5 c3xe3-b1".split())


def test_yr_x2_lone_caravan_removal_from_the_hand():
    s = CARAVAN.from_diagram(YR_X2, hands=(0, 2))
    assert names(s) == sorted("c3-c2 c3-c4 f1-e1 f1-f2 c3xa3 c3xe3".split())
    assert sorted(CARAVAN.turn_texts(s)) == sorted("c3-c2 c3-c4 f1-e1 f1-f2 c3xa3 c3xe3-@".split())
    empty = CARAVAN.from_diagram(YR_X2, hands=(0, 0))
    assert sorted(CARAVAN.turn_texts(empty)) == sorted("c3-c2 c3-c4 f1-e1 f1-f2 c3xa3 c3xe3".split())


def test_yr_x3_chain_through_a_caravan():
    g = load("yote+caravan?chain=1")
    s = g.from_diagram(YR_X3, hands=(0, 1))
    assert names(s) == sorted("c1-b1 c1-d1 c1xc3".split())
    assert names(play(s, "c1xc3")) == ["c3xe3", "stop"]
    assert sorted(g.turn_texts(s)) == sorted("c1-b1 c1-d1 c1xc3xe3-e1 c1xc3".split())
