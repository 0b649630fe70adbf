"""Trade Routes (`+routes`): one test per clause of rules/yote.md section 7 (YT) and its examples."""
import pytest
from _yote_util import CH_X1, YT_X3, names, play, yt_x1, yt_x2, yt_x3

from ludotheque.core import IllegalActionError, NotationError, Termination, load
from ludotheque.games.yote import kernels as K

ROUTES = load("yote+routes")
# light a1, hand 0: it can capture, but after a travel to b2 it could not act
TRAP = """
5  . . . . . .
4  . D . . . .
3  . D . . . .
2  D . D D . .
    /
1  L D . . . .
   a b c d e f
"""
# light a1 is blocked; only a route to b2 (then a travel) gives it a main action
BLOCKED = """
5  . . . . . .
4  . . . . . .
3  D . . . . .
2  D . . . . .
1  L D D . . .
   a b c d e f
"""


def routes(state):
    return sorted(state.game.route_name(sl) for sl in range(state.game.nslots) if state.data[K.ROUTES + sl])


def test_yt_a1_two_route_tokens_each():
    s = ROUTES.initial_state()
    assert (s.data[K.TOK], s.data[K.TOK + 1]) == (2, 2)
    assert len([m for m in names(s) if m.startswith("=")]) == 40
    s = play(s, "=a1b2", "@c3", "=c4d5", "@e5")                 # route in step 1 each
    s = play(s, "=a4b5", "@f1")
    assert s.data[K.TOK] == 0 and s.data[K.TOK + 1] == 1
    s = play(s, "@f5", "stop")
    assert s.current_player == 0 and not [m for m in names(s) if m.startswith("=")]
    assert play(s, "@a3").current_player == 1                 # no token: no step-4 route


def test_yt_a2_routes_join_diagonal_neighbours_whatever_they_hold():
    s = yt_x3()
    assert {"=c1d2", "=c2d3", "=b2c3"} <= set(names(s))       # c1 light, d3 dark
    with pytest.raises(NotationError):
        s.apply_move("=a1a2")                                 # not diagonal neighbours


def test_yt_a3_no_duplicate_no_crossing_shared_ends_allowed():
    s = yt_x3()
    for bad in ("=a1b2", "=a2b1", "=d4e3", "=e3f2"):
        with pytest.raises(IllegalActionError):
            s.apply_move(bad)
    assert "=c2d3" in names(s)                                # shares d3 with d3-e4
    s = play(ROUTES.initial_state(), "=a1b2", "@c3")
    with pytest.raises(IllegalActionError):
        s.apply_move("=a2b1")                                 # crosses a1-b2
    with pytest.raises(NotationError):
        ROUTES.from_diagram(YT_X3.replace("    /\n1", "    X\n1"))


def test_yt_a4_routes_belong_to_nobody():
    s = play(ROUTES.initial_state(), "=b2c3", "@a1", "@b2", "stop", "@f5", "stop")
    assert "b2~c3" in names(s) and s.current_player == 1      # dark travels on light's route


def test_yt_b1_turn_order_route_travel_main_route_bonus():
    s = play(yt_x3(), "c1-c2")
    assert s.current_player == 0 and "stop" in names(s)       # step 4
    s = play(s, "=c2d3")
    assert names(s) == ["c2xe4", "stop"]                      # step 5
    assert "c1-c2 =c2d3 c2xe4-f1" in ROUTES.turn_texts(yt_x3())
    s = play(ROUTES.initial_state(), "=a1b2")
    assert "=c3d4" not in names(s) and "@a1" in names(s)      # after a step-1 route: travel or main


def test_yt_b2_one_route_per_turn():
    s = play(yt_x3(), "=a2b3", "c1-c2")
    assert s.current_player == 1                              # no step-4 route after a step-1 route
    s = play(ROUTES.initial_state(), "=a1b2", "@c3")
    assert s.current_player == 1 and s.data[K.TOK] == 1


def test_yt_c1_free_travel_then_any_main_action():
    s = play(yt_x1(), "b2~c3")
    assert s.current_player == 0 and not [m for m in names(s) if "~" in m]
    assert {"c3-b3", "f2-e2", "c3xc1"} <= set(names(s))


def test_yt_c2_a_travel_is_one_action_whatever_its_path():
    s = yt_x1()
    assert {"b2~c3", "b2~d4", "b2~e3", "f2~e1"} <= set(names(s))
    after = play(s, "b2~e3")
    assert after.data[2 * 6 + 4] == 1 and after.data[1 * 6 + 1] == 0 and after.data[2 * 6 + 2] == 0


def test_yt_c3_optional_steps_never_skip_the_main_action():
    s = ROUTES.from_diagram(TRAP, hands=(0, 3), tokens=(0, 0))
    assert names(s) == ["a1xa3", "a1xc1"]                     # a1~b2 would leave no main action
    with pytest.raises(IllegalActionError):
        s.apply_move("a1~b2")
    assert "a1~b2" in names(ROUTES.from_diagram(TRAP, hands=(1, 3), tokens=(0, 0)))   # deploy remains
    b = ROUTES.from_diagram(BLOCKED, tokens=(1, 0))
    assert names(b) == ["=a1b2"]                              # the only route that leads to a main action
    assert names(play(b, "=a1b2")) == ["a1~b2"]
    assert names(play(b, "=a1b2", "a1~b2")) == ["b2-b3", "b2-c2"]


def test_yt_d1_capture_along_two_aligned_routes():
    s = yt_x2()
    assert "b2xd4" in names(s)
    s = play(s, "b2xd4")
    assert names(s) == ["-e1"] and s.data[2 * 6 + 2] == 0 and s.data[3 * 6 + 3] == 1
    one = ROUTES.from_diagram(YT_X3.replace("1  . . L . . D", "1  . . . . . D").replace(
        "2  . . . . . .", "2  . . L . . ."), hands=(0, 2), tokens=(1, 0))
    assert "c2xe4" not in names(one)                          # one route is not enough
    assert "c2xe4" in names(play(one, "=c2d3"))


def test_yt_e1_bonus_move_by_the_camel_that_acted():
    s = play(yt_x3(), "c1-c2", "=c2d3")
    assert names(s) == ["c2xe4", "stop"]
    s = play(s, "c2xe4")
    assert names(s) == ["-f1"]
    s = play(s, "-f1")
    assert s.current_player == 1                              # no chain after a bonus capture
    step = play(yt_x3(), "c1-c2", "=b1c2")
    assert names(step) == ["c2~b1", "stop"]                   # a route step
    s = play(yt_x3("yote+routes?forced_capture=1"), "c1-c2", "=c2d3")
    assert names(s) == ["c2xe4", "stop"]                      # never forced


def test_yt_e2_no_bonus_action_ends_the_turn_at_the_route():
    s = play(yt_x3(), "c1-c2", "=a4b5")
    assert s.current_player == 1 and s.data[K.TOK] == 0


def test_yt_f1_cannot_act_with_routes():
    b = ROUTES.from_diagram(BLOCKED, tokens=(1, 0))
    assert not b.is_terminal                                  # a route then a travel open a move
    none = ROUTES.from_diagram(BLOCKED, tokens=(0, 2))
    assert none.is_terminal and none.outcome().termination == Termination.NO_MOVE
    assert none.outcome().winner == 1


def test_yt_f2_forced_capture_judged_after_travel():
    g = "yote+routes?forced_capture=1"
    s = yt_x2(g)
    assert names(s) == sorted("f1~e2 b2xd4 f1xd1".split())
    assert names(play(s, "f1~e2")) == ["b2xd4"]
    assert sorted(s.game.turn_texts(s)) == sorted(["f1~e2 b2xd4-e1", "b2xd4-e1", "f1xd1-c3"])


def test_yt_f3_choko_obligation_only_on_the_main_action():
    g = load("yote/choko+routes")
    s = g.from_diagram(CH_X1.replace("5  . . D . .", "5  . . D . D"), hands=(8, 7), holder=1,
                       must_deploy=True)
    n = names(s)
    assert "=a1b2" in n and "b3-b2" not in n and "d3xd5" not in n and "@a1" in n
    s = play(s, "=a1b2", "@e1")
    assert s.current_player == 1 and int(s.data[K.HOLDER]) == 1 and not s.data[K.MUSTDEP]
    s = play(s, "=c3d4", "e5-e4")                             # the holder's route is not a deploy
    assert s.current_player == 0 and not s.data[K.MUSTDEP]


def test_yt_g1_engine_sequence_of_a_turn():
    s = play(yt_x1(), "b2-b3")
    assert s.current_player == 1                              # no token: no step-4 decision
    s = play(ROUTES.initial_state(), "@a1")
    assert len(names(s)) == 41 and "stop" in names(s)         # 40 routes or stop
    s = play(s, "=a1b2")
    assert names(s) == ["a1~b2", "stop"]
    assert play(s, "a1~b2").current_player == 1


def test_yt_g2_routes_and_tokens_are_part_of_the_position():
    a = yt_x3()
    assert a.key() != ROUTES.from_diagram(YT_X3, hands=(0, 2), tokens=(0, 0)).key()
    assert routes(a) == ["a1b2", "d3e4", "e2f3"]
    assert a.key() != play(ROUTES.from_diagram(YT_X3, hands=(0, 2), tokens=(2, 0)), "=a4b5").key()


def test_yt_x1_free_travel():
    s = yt_x1()
    assert names(s) == sorted("b2~c3 b2~d4 b2~e3 f2~e1 b2-b3 f2-e2 f2-f1 f2-f3 b2xd2".split())
    expected = """b2~c3 c3-b3 | b2~c3 c3-c4 | b2~c3 c3-d3 | b2~c3 f2-e2 | b2~c3 f2-f1 | b2~c3 f2-f3 |
b2~c3 c3xc1-a2 | b2~c3 c3xc1-b1 | b2~c3 c3xc1-e4 | b2~d4 d4-c4 | b2~d4 d4-d3 | b2~d4 d4-d5 |
b2~d4 f2-e2 | b2~d4 f2-f1 | b2~d4 f2-f3 | b2~d4 d4xf4-a2 | b2~d4 d4xf4-b1 | b2~d4 d4xf4-c2 |
b2~e3 e3-d3 | b2~e3 e3-e2 | b2~e3 e3-f3 | b2~e3 f2-e2 | b2~e3 f2-f1 | b2~e3 f2-f3 |
b2~e3 e3xe5-a2 | b2~e3 e3xe5-b1 | b2~e3 e3xe5-c2 | f2~e1 b2-b3 | f2~e1 e1-d1 | f2~e1 e1-e2 |
f2~e1 e1-f1 | f2~e1 b2xd2-a2 | f2~e1 b2xd2-b1 | f2~e1 b2xd2-e4 | b2-b3 | f2-e2 | f2-f1 |
f2-f3 | b2xd2-a2 | b2xd2-b1 | b2xd2-e4"""
    turns = sorted(t.strip() for t in expected.replace("\n", " ").split("|"))
    assert len(turns) == 41 and sorted(ROUTES.turn_texts(s)) == turns


def test_yt_x2_capture_along_routes_and_forced_capture_after_travel():
    s = yt_x2()
    assert names(s) == sorted("f1~e2 b2-a2 b2-b1 b2-b3 b2-c2 f1-f2 b2xd4 f1xd1".split())
    expected = ("f1~e2 b2-a2 | f1~e2 b2-b1 | f1~e2 b2-b3 | f1~e2 b2-c2 | f1~e2 e2-d2 | f1~e2 e2-e3 | "
                "f1~e2 e2-f2 | f1~e2 b2xd4-e1 | b2-a2 | b2-b1 | b2-b3 | b2-c2 | f1-f2 | b2xd4-e1 | f1xd1-c3")
    assert sorted(ROUTES.turn_texts(s)) == sorted(t.strip() for t in expected.split("|"))


def test_yt_x3_route_at_the_end_of_the_turn_and_bonus_capture():
    s = yt_x3()
    slots = ("=a2b3 =a3b2 =a3b4 =a4b3 =a4b5 =a5b4 =b1c2 =b2c1 =b2c3 =b3c2 =b3c4 =b4c3 =b4c5 =b5c4 "
             "=c1d2 =c2d1 =c2d3 =c3d2 =c3d4 =c4d3 =c4d5 =c5d4 =d1e2 =d2e1 =d2e3 =d3e2 =d4e5 =d5e4 "
             "=e1f2 =e2f1 =e3f4 =e4f3 =e4f5 =e5f4").split()
    assert names(s) == sorted(slots + ["c1-b1", "c1-c2", "c1-d1"])
    s = play(s, "c1-c2")
    assert names(s) == sorted(slots + ["stop"])
    s = play(s, "=c2d3")
    assert names(s) == ["c2xe4", "stop"]
    s = play(s, "c2xe4")
    assert names(s) == ["-f1"]
    s = play(s, "-f1")
    assert s.current_player == 1 and s.data[K.ONB + 1] == 0 and s.data[K.HAND + 1] == 2
    assert len(set(ROUTES.turn_texts(yt_x3()))) == 224
