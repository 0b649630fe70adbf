"""Yoté: one test per clause of rules/yote.md section 4 (YO) and its worked examples."""
import pytest
from _yote_util import X1, X2, X3A, X3B, names, play, x1, x4

from ludotheque.core import IllegalActionError, NotationError, Termination, load
from ludotheque.games.yote import kernels as K

YOTE = load("yote")
D1 = """
5  . . . . . .
4  . . . . . .
3  . . D . . .
2  . . L . . .
1  . . . . . .
   a b c d e f
"""
LONE = """
5  . . . . . D
4  . . . . . .
3  . . . . . .
2  . . . . . .
1  L . . . . .
   a b c d e f
"""


def totals(state):
    s = state.data
    return [int(s[K.ONB + p] + s[K.HAND + p] + s[K.CHAND + p]) for p in range(2)]


def test_yo_s1_setup_empty_board_twelve_in_hand_light_first():
    s = YOTE.initial_state()
    assert s.current_player == 0 and YOTE.player_names == ("Light", "Dark")
    assert list(s.data[:30]) == [0] * 30
    assert (s.data[K.HAND], s.data[K.HAND + 1]) == (12, 12)
    assert names(s) == sorted(f"@{f}{r}" for f in "abcdef" for r in "12345")


def test_yo_s1_board_counts_from_the_lines():
    spec = YOTE.spec
    orth = [(int(spec[K.ORTH + 8 * c + 2 * d]), int(spec[K.ORTH + 8 * c + 2 * d + 1]))
            for c in range(30) for d in range(4)]
    diag = [int(spec[K.DIAG + 16 * c + 4 * k + 2]) for c in range(30) for k in range(4)]
    assert sum(a >= 0 for a, _ in orth) == 2 * 49          # 49 edges
    assert sum(b >= 0 for _, b in orth) == 76              # directed jump triples
    assert spec[K.P_NSLOTS] == 40 and sum(r >= 0 for r in diag) == 48


def test_yo_s2_position_holds_hands_and_player_to_move():
    a = YOTE.from_diagram(X2, hands=(0, 3))
    assert a.key() != YOTE.from_diagram(X2, hands=(0, 2)).key()
    assert a.key() != YOTE.from_diagram(X2, hands=(0, 3), to_move=1).key()
    assert names(play(a, "c2xc4")) == ["-@"]
    assert play(YOTE.from_diagram(X2, hands=(0, 0)), "c2xc4").is_terminal   # nothing left


def test_yo_a1_players_alternate_and_never_pass():
    s = YOTE.initial_state()
    assert "stop" not in names(s)
    with pytest.raises(IllegalActionError):
        s.apply_move("stop")
    s = play(s, "@c3")
    assert s.current_player == 1
    assert play(s, "@d3").current_player == 0


def test_yo_a2_one_main_action_then_its_removal():
    s = play(x1(), "b3xb5")
    assert s.current_player == 0 and names(s) == ["-c3", "-d4", "-e1"]
    assert play(s, "-c3").current_player == 1
    assert play(x1(), "b3-a3").current_player == 1


def test_yo_b1_deploy_on_any_empty_cell_on_any_turn():
    s = YOTE.from_diagram(X1, hands=(2, 2))
    deploys = [m for m in names(s) if m.startswith("@")]
    assert len(deploys) == 30 - 8 and "@a1" in deploys and "@c3" not in deploys
    assert "b3-a3" in names(s)                              # deploying all first is not required
    assert not [m for m in names(x1()) if m.startswith("@")]  # empty hand
    after = play(s, "@a1")
    assert after.data[K.HAND] == 1 and after.data[0] == 1


def test_yo_b2_move_one_cell_orthogonally_to_an_empty_cell():
    s = YOTE.from_diagram(LONE)
    assert names(s) == ["a1-a2", "a1-b1"]
    with pytest.raises(IllegalActionError):
        s.apply_move("a1-b2")
    assert "c2-c3" not in names(x1()) and "c2-d2" in names(x1())


def test_yo_c1_capture_jumps_over_an_adjacent_enemy_onto_the_empty_cell_beyond():
    s = x1()
    assert {"b3xb5", "c2xc4", "d3xd5", "f1xd1"} <= set(names(s))
    with pytest.raises(IllegalActionError):
        s.apply_move("b3xd3")                                 # d3 is light
    for bad in ("c2xc4xc5", "e1xg1"):                         # not one action / off the board
        with pytest.raises(NotationError):
            s.apply_move(bad)
    after = play(s, "b3xb5")
    assert after.data[3 * 6 + 1] == 0 and after.data[4 * 6 + 1] == 1 and after.data[K.ONB + 1] == 3


def test_yo_c2_captures_are_optional():
    assert {"b3-a3", "f1-f2"} <= set(names(x1()))


def test_yo_c3_one_jump_per_turn():
    s = play(x4(), "b2xd2")            # d2 could capture d3 next, but the turn goes on to the removal
    assert names(s) == ["-d3", "-f1"]
    assert play(s, "-f1").current_player == 1


def test_yo_c4_bonus_removal_from_the_board_else_the_hand_compulsory():
    s = play(x1(), "c2xc4")
    assert names(s) == ["-b4", "-d4", "-e1"]                 # any enemy camel, no stop
    s = play(YOTE.from_diagram(X2, hands=(0, 3)), "b3xd3")
    assert names(s) == ["-@"]
    assert play(s, "-@").data[K.HAND + 1] == 2


def test_yo_c5_removal_decided_on_the_position_after_the_jump():
    s = YOTE.from_diagram(X2, hands=(0, 3))                   # dark's c3 is on the board before
    assert s.data[K.ONB + 1] == 1
    assert names(play(s, "c2xc4")) == ["-@"]


def test_yo_c6_captured_and_removed_camels_leave_the_game():
    s = x1()
    assert totals(s) == [4, 6]
    s = play(s, "b3xb5", "-c3")
    assert totals(s) == [4, 4] and s.data[K.HAND + 1] == 2
    s = play(s, "@c3", "b5-a5")
    assert totals(s) == [4, 4]


def test_yo_d1_the_game_ends_when_the_last_camel_is_taken():
    s = play(YOTE.from_diagram(D1), "c2xc4")
    assert s.is_terminal and s.returns() == (1.0, -1.0)
    assert s.outcome().termination == Termination.GOAL
    s = YOTE.from_diagram(D1.replace("5  . . . . . .", "5  . . . . D ."))
    s = play(s, "c2xc4")
    assert not s.is_terminal and names(s) == ["-e5"]
    s = play(s, "-e5")
    assert s.is_terminal and s.outcome().winner == 0


def test_yo_d2_cannot_act_more_camels_wins():
    out = YOTE.from_diagram(X3A).outcome()
    assert out.termination == Termination.NO_MOVE and out.winner == 1


def test_yo_x3_the_mover_cannot_act():
    a = YOTE.from_diagram(X3A)
    assert a.is_terminal and a.legal_actions() == [] and a.outcome().winner == 1
    b = YOTE.from_diagram(X3B)
    assert b.is_terminal and b.outcome().winner is None and b.returns() == (0.0, 0.0)
    assert not YOTE.from_diagram(X3A, hands=(1, 0)).is_terminal     # a deploy is an action


def test_yo_d3_deadlock_decided_by_repetition():
    s = YOTE.from_diagram(LONE)
    cycle = ("a1-a2", "f5-f4", "a2-a1", "f4-f5")
    s = play(s, *cycle)
    assert not s.is_terminal                                  # second occurrence
    s = play(s, *cycle[:3])
    assert not s.is_terminal
    s = play(s, cycle[3])                                     # third occurrence
    assert s.outcome().termination == Termination.REPETITION and s.outcome().winner is None


def test_yo_e2_low_material_repetition_and_fifty_turns():
    s = YOTE.from_diagram(LONE, no_capture_turns=49)
    s = play(s, "a1-a2")
    assert s.outcome().termination == Termination.DRAW_RULE
    g0 = load("yote?no_capture_draw=0")
    assert play(g0.from_diagram(LONE, no_capture_turns=49), "a1-a2").is_terminal
    many = g0.from_diagram(LONE, hands=(3, 0), no_capture_turns=49)  # light has 4: not low material
    assert not play(many, "a1-a2").is_terminal
    s = play(YOTE.from_diagram(LONE), "a1-a2", "f5-f4", "a2-a1", "f4-f5")
    assert s.data[K.HLEN] == 5                                # one entry per turn start


def test_yo_d4_end_checks_in_order():
    s = YOTE.from_diagram(X3A, no_capture_turns=500)          # YO-D2 before YO-E3
    assert s.outcome().termination == Termination.NO_MOVE
    s = YOTE.from_diagram(LONE, no_capture_turns=120)         # YO-E2 before YO-E3
    assert s.outcome().termination == Termination.DRAW_RULE


def test_yo_e1_every_decision_is_one_action():
    g = load("yote?chain=1")
    s = play(x4("yote?chain=1"), "b2xd2")
    assert names(s) == ["d2xd4", "stop"] and s.current_player == 0
    s = play(s, "d2xd4")
    assert names(s) == ["-f1"]                                # a single choice is still an action
    s = play(s, "-f1")
    assert names(s) == ["-@"] and s.current_player == 0       # hand removal offered alone
    assert play(s, "-@").current_player == 1
    assert g.num_actions == K.NUM_ACTIONS


def test_yo_e3_no_capture_limit():
    g = load("yote?no_capture_draw=4")
    s = play(g.initial_state(), "@a1", "@b1", "@c1")
    assert not s.is_terminal
    s = play(s, "@d1")
    assert s.outcome().termination == Termination.MOVE_LIMIT and s.outcome().winner is None
    assert not load("yote?no_capture_draw=0").from_diagram(X1, hands=(0, 2), no_capture_turns=10**6).is_terminal
    g2 = load("yote?no_capture_draw=2")
    s = play(g2.from_diagram(X1, hands=(0, 2), no_capture_turns=1), "b3xb5", "-c3")
    assert s.data[K.NOCAP] == 0                               # a capture resets the count
    s = play(s, "@a1")
    assert not s.is_terminal and s.data[K.NOCAP] == 1


def test_yo_f1_forced_capture():
    assert names(x4("yote?forced_capture=1")) == ["b2xd2"]
    assert len(names(x4())) == 5
    with pytest.raises(IllegalActionError):
        x4("yote?forced_capture=1").apply_move("a1-a2")


def test_yo_f2_chain_continues_with_the_same_camel_or_stops():
    s = play(x4("yote?chain=1"), "b2xd2")
    assert names(s) == ["d2xd4", "stop"]
    assert names(play(s, "stop")) == ["-d3", "-f1"]


def test_yo_f3_one_removal_per_capture_after_the_chain():
    s = play(x4("yote?chain=1"), "b2xd2", "d2xd4")
    assert s.data[K.PENDING] == 2 and names(s) == ["-f1"]
    s = play(s, "-f1")
    assert names(s) == ["-@"]                                  # board empty: from the hand
    s = play(s, "-@")
    assert s.current_player == 1 and s.data[K.HAND + 1] == 1


def test_yo_f4_forced_chain_cannot_stop():
    g = "yote?chain=1&forced_capture=1"
    s = play(x4(g), "b2xd2")
    assert names(s) == ["d2xd4"]
    assert x4(g).game.turn_texts(x4(g)) == ["b2xd2xd4-f1-@"]


def test_yo_f5_friendly_jump_is_a_move():
    s = x4("yote?friendly_jump=1")
    assert {"a1-c1", "b1-b3"} <= set(names(s))
    after = play(s, "a1-c1")
    assert after.data[1] == 1 and after.data[2] == 1 and after.data[0] == 0   # b1 stays
    assert after.current_player == 1 and after.data[K.ONB + 1] == 3
    assert names(x4("yote?friendly_jump=1&forced_capture=1")) == ["b2xd2"]
    c = play(x4("yote?friendly_jump=1&chain=1"), "b2xd2")
    assert names(c) == ["d2xd4", "stop"]                      # no friendly jump continues a chain


def test_yo_x1_capture_with_bonus_removal_from_the_board():
    s = x1()
    assert names(s) == sorted("b3-a3 b3-b2 c2-b2 c2-c1 c2-d2 d3-d2 d3-e3 f1-f2 b3xb5 c2xc4 d3xd5 f1xd1".split())
    assert sorted(YOTE.turn_texts(s)) == sorted(
        "b3-a3 b3-b2 c2-b2 c2-c1 c2-d2 d3-d2 d3-e3 f1-f2 b3xb5-c3 b3xb5-d4 b3xb5-e1 c2xc4-b4 "
        "c2xc4-d4 c2xc4-e1 d3xd5-b4 d3xd5-c3 d3xd5-e1 f1xd1-b4 f1xd1-c3 f1xd1-d4".split())


def test_yo_x2_bonus_removal_from_the_hand():
    s = YOTE.from_diagram(X2, hands=(0, 3))
    assert names(s) == sorted("b3-a3 b3-b2 b3-b4 c2-b2 c2-c1 c2-d2 f1-e1 f1-f2 b3xd3 c2xc4".split())
    assert sorted(YOTE.turn_texts(s)) == sorted(
        "b3-a3 b3-b2 b3-b4 c2-b2 c2-c1 c2-d2 f1-e1 f1-f2 b3xd3-@ c2xc4-@".split())


@pytest.mark.parametrize("rid, actions, turns", [
    ("yote", "a1-a2 b1-c1 b2-a2 b2-b3 b2xd2", "a1-a2 b1-c1 b2-a2 b2-b3 b2xd2-d3 b2xd2-f1"),
    ("yote?forced_capture=1", "b2xd2", "b2xd2-d3 b2xd2-f1"),
    ("yote?chain=1", "a1-a2 b1-c1 b2-a2 b2-b3 b2xd2",
     "a1-a2 b1-c1 b2-a2 b2-b3 b2xd2xd4-f1-@ b2xd2-d3 b2xd2-f1"),
    ("yote?chain=1&forced_capture=1", "b2xd2", "b2xd2xd4-f1-@"),
    ("yote?friendly_jump=1", "a1-a2 a1-c1 b1-b3 b1-c1 b2-a2 b2-b3 b2xd2",
     "a1-a2 a1-c1 b1-b3 b1-c1 b2-a2 b2-b3 b2xd2-d3 b2xd2-f1"),
    ("yote?forced_capture=1&friendly_jump=1", "b2xd2", "b2xd2-d3 b2xd2-f1"),
])
def test_yo_x4_the_advanced_options(rid, actions, turns):
    s = x4(rid)
    assert names(s) == sorted(actions.split())
    assert sorted(s.game.turn_texts(s)) == sorted(turns.split())
