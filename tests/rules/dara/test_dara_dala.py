"""Dala (`dara/dala`): one test per clause of rules/dara.md section 5 (DL-*) and its examples."""
import pytest

import ludotheque
from ludotheque import IllegalActionError, Termination
from ludotheque.games.dara import kernels as K

from _dara_util import DL_X2, DL_X3, ELEPHANTS, LIONS, actions, cell, lost, play, position, turns

DALA = "dara/dala"
START = ludotheque.load(DALA).initial_state()
OPEN = ("@c3", "@d4", "@d3", "@c4")           # the four centre placements


def test_dl_a1_six_by_six_cells_centre_c3_d3_c4_d4():
    g = ludotheque.load(DALA)
    names = [p["id"] for p in g.geometry()["points"]]
    assert len(names) == 36 and names[0] == "a1" and names[-1] == "f6"
    assert g.num_actions == 12 * 36
    assert actions(START) == ["@c3", "@c4", "@d3", "@d4"]
    assert START.to_text().splitlines()[0].startswith("6  . . . . . .")
    with pytest.raises(ludotheque.NotationError, match="no cell"):
        ludotheque.load("dara").initial_state().parse_move("@a6")   # no rank 6 in Dara


def test_dl_b1_centre_first_then_anywhere():
    s = play(START, "@c3")
    assert actions(s) == ["@c4", "@d3", "@d4"]
    with pytest.raises(IllegalActionError, match="centre"):
        s.parse_move("@a1")
    s = play(s, "@d4", "@d3")
    assert actions(s) == ["@c4"]
    s = play(s, "@c4")
    assert s.current_player == LIONS and len(actions(s)) == 32


def test_dl_b2_lines_of_four_allowed_and_never_capture():
    s = position(DL_X2, DALA, lost=(1, 0))
    after = play(s, "@c2")                                   # a2 b2 c2 d2
    assert after.current_player == ELEPHANTS and lost(after) == (1, 0)
    # in the movement phase too: a move onto a run of 4 is legal, and captures nothing
    m = position("""
6  . . . . . E
5  . . . . . .
4  . . . . . E
3  . . . . . .
2  . . . L . .
1  L L L . . E
   a b c d e f
""", DALA, lost=(8, 9))
    assert "d2-d1" in actions(m)
    after = play(m, "d2-d1")
    assert after.current_player == ELEPHANTS and lost(after) == (8, 9)


def test_dl_b3_placements_capture_at_once():
    s = position(DL_X2, DALA, lost=(1, 0))
    after = play(s, "@d1")                                   # d1 d2 d3
    assert after.current_player == LIONS and actions(after) == ["-a6", "-c3", "-d4", "-f4", "-f5", "-f6"]
    assert lost(play(after, "-f5")) == (1, 1)


def test_dl_b3_no_enemy_on_the_board_nothing_removed():
    s = position("""
6  . . . . . .
5  . . . . . .
4  . . L L . .
3  . . L L . .
2  . . . . . .
1  . . . . . .
   a b c d e f
""", DALA)
    after = play(s, "@e3")                                   # c3 d3 e3: no Elephant on the board
    assert after.current_player == ELEPHANTS and not after.data[K.PEND]


def test_dl_c1_a_move_that_breaks_a_run_of_four_captures():
    s = position(DL_X3, DALA, lost=(4, 4))
    capturing = {t[:5] for t in turns(s) if t.count("-") == 2}
    assert capturing == {"a1-a2", "d1-d2", "d1-e1", "e2-d2"}
    for quiet in ("b1-b2", "c1-c2", "e2-e1", "f1-e1"):      # 1 + 2, a run of 6, a run of 5
        assert play(s, quiet).current_player == ELEPHANTS


def test_dl_c1_b_a_run_of_five_split_one_and_three_captures():
    s = position("""
6  . . . . . E
5  . . . . . .
4  . . . . . E
3  . . . . . .
2  . . . . . .
1  L L L L L E
   a b c d e f
""", DALA, lost=(7, 9))
    assert play(s, "b1-b2").current_player == LIONS         # a1 | c1 d1 e1
    assert play(s, "c1-c2").current_player == ELEPHANTS     # a1 b1 | d1 e1


def test_dl_d1_capture_anywhere_even_inside_lines():
    s = play(position(DL_X3, DALA, lost=(4, 4)), "a1-a2")
    assert actions(s) == ["-a4", "-a6", "-b5", "-c3", "-c6", "-e4", "-e6", "-f5"]
    with pytest.raises(ludotheque.RulesetError, match="no option 'capture'"):
        ludotheque.load("dara/dala?capture=line")


def test_dl_d2_one_capture_for_two_lines():
    s = position("""
6  E E . . . E
5  . . . . . .
4  . . . . . E
3  . . L . . .
2  . . L . . .
1  L L . L . E
   a b c d e f
""", DALA, lost=(7, 7))
    s = play(s, "d1-c1")                                     # a1 b1 c1 and c1 c2 c3
    assert len(actions(s)) == 5
    assert play(s, "-f1").current_player == ELEPHANTS


def test_dl_e1_tenth_capture_while_placing_wins():
    s = position("""
6  . . . . . .
5  . . . . . .
4  . . L E . .
3  . . E L . .
2  . . . L . .
1  . . . . . .
   a b c d e f
""", DALA, lost=(0, 9))
    s = play(s, "@d1", "-c3")
    assert s.is_terminal and s.outcome().termination == Termination.GOAL
    assert s.outcome().winner == LIONS and lost(s) == (0, 10)


def test_dl_x1_centre_first_counts():
    assert len(actions(START)) == 4
    s = play(START, "@c3")
    assert actions(s) == ["@c4", "@d3", "@d4"]
    s = play(s, "@d4")
    assert actions(s) == ["@c4", "@d3"]
    s = play(s, "@d3")
    assert actions(s) == ["@c4"]
    assert len(actions(play(s, "@c4"))) == 32
    heroes = ludotheque.load("dara/dala+heroes").initial_state()
    assert actions(heroes) == sorted("@c3 @d3 @c4 @d4 H@c3 H@d3 H@c4 H@d4".split())


def test_dl_x2_capture_during_placement():
    s = position(DL_X2, DALA, lost=(1, 0))
    assert actions(s) == sorted(("@a1 @b1 @c1 @d1 @e1 @f1 @c2 @e2 @f2 @a3 @b3 @e3 @f3 @a4 @b4 @e4 "
                                 "@a5 @b5 @c5 @d5 @e5 @b6 @c6 @d6 @e6").split())
    t = turns(s)
    assert [x for x in t if x.startswith("@d1")] == sorted("@d1-a6 @d1-c3 @d1-d4 @d1-f4 @d1-f5 @d1-f6".split())
    assert len(t) == 30


def test_dl_x3_breaking_a_line_of_four():
    s = position(DL_X3, DALA, lost=(4, 4))
    assert actions(s) == sorted(("a1-a2 b1-b2 b3-a3 b3-b2 b3-b4 c1-c2 d1-d2 d1-e1 d3-d2 d3-d4 d3-e3 "
                                 "e2-d2 e2-e1 e2-e3 e2-f2 f1-e1 f1-f2").split())
    assert len(turns(s)) == 45
    assert cell(play(s, "e2-d2", "-c3"), "c3") == "."
