"""Fanoron-Tsivy, one test per clause of rules/fanorona.md section 3 (FA-*) and its rulings."""
from __future__ import annotations

import pytest
from _fanorona_util import EX_FA_1, EX_FA_3, actions, at, diagram, turn_set, turns

from ludotheque.core import IllegalActionError, NotationError, RulesetError, Termination, load
from ludotheque.games.fanorona import kernels as K

START = """
    5  O O O O O O O O O
    4  O O O O O O O O O
    3  O G O G . O G O G
    2  G G G G G G G G G
    1  G G G G G G G G G
"""



def test_fa_a1_twenty_two_lemurs_each():
    s = load("fanorona").initial_state()
    cells = list(s.data[K.BOARD:K.BOARD + 45])
    assert cells.count(1) == 22 and cells.count(2) == 22 and cells.count(0) == 1


def test_fa_a2_start_position():
    s = load("fanorona").initial_state()
    assert list(s.data[K.BOARD:K.BOARD + 45]) == list(diagram("fanorona", START).data[K.BOARD:K.BOARD + 45])
    assert at(s, "e3") == "." and all(at(s, p) == "G" for p in "a1 i2 b3 d3 g3 i3".split())
    assert all(at(s, p) == "O" for p in "a3 c3 f3 h3 a4 i5".split())


def test_fa_a3_green_moves_first():
    assert load("fanorona").initial_state().current_player == 0


def test_fa_r1_start_middle_row():
    s = load("fanorona").initial_state()
    assert "".join(at(s, f"{f}3") for f in "abcdefghi") == "OGOG.OGOG"


def test_fa_b1_players_alternate_no_pass():
    s = load("fanorona").initial_state()
    assert "stop" not in actions(s) and "pass" not in actions(s)
    for text, after in turns(s).items():
        assert after.current_player == 1, text


def test_fa_b2_steps_follow_the_lines():
    s = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  . G G . . . . . .""")
    # b1 is weak (orthogonal only), c1 strong (5 neighbours); the destination must be empty
    assert turn_set(s) == {"b1-a1", "b1-b2", "c1-d1", "c1-c2", "c1-b2", "c1-d2"}


def test_fa_b3_lemurs_never_jump():
    s = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G G . . . . . . .""")
    assert "a1-c1" not in turn_set(s)
    assert all(K.decode(a)[2] == 0 for a in s.legal_actions())


def test_fa_b4_paika_is_a_whole_turn():
    s = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""")
    after = s.apply_move("a1-b2")
    assert after.current_player == 1


def test_fa_c1_approach():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . O . . . .
        2  . . . . . . . . .
        1  . . G . . . . . O""")
    # c1 -> d2 points at e3 (next point after d2 in direction (1,1))
    assert turn_set(s) == {"c1-d2A"}
    assert at(turns(s)["c1-d2A"], "e3") == "."


def test_fa_c2_withdrawal():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  . . O G . . . . O""")
    assert turn_set(s) == {"d1-e1W"}
    assert at(turns(s)["d1-e1W"], "c1") == "."


def test_fa_c3_line_stops_at_gap_own_piece_or_edge():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . O O G O O O .""")
    t = turns(s)
    assert set(t) == {"a1-b1A"}
    assert "".join(at(t["a1-b1A"], f"{f}1") for f in "abcdefghi") == ".G..GOOO."
    edge = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  . . . . . G . O O""")
    t = turns(edge)
    assert set(t) == {"f1-g1A"}
    assert t["f1-g1A"].is_terminal                    # h1 i1 to the end of the line


def test_fa_c4_captured_points_are_empty_at_once():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . O . . .
        3  . . . O . O . . .
        2  . . . . . . . . .
        1  . . . G . . . . O""")
    t = turns(s)
    # d3 is taken by the first step and the third step lands on it
    assert "d1-d2A-e3A-d3W" in t
    mid = s.apply_move("d1-d2A")
    assert at(mid, "d3") == "." and mid.current_player == 0


def test_fa_c5_both_kinds_are_separate_choices():
    s = diagram("fanorona", EX_FA_1)
    assert actions(s) == {"d3-e3A", "d3-e3W"}
    a = s.apply_move("d3-e3A")
    assert (at(a, "c3"), at(a, "f3")) == ("O", ".")


def test_fa_r5_only_the_chosen_line_is_captured():
    s = diagram("fanorona", EX_FA_1)
    w = s.apply_move("d3-e3W")
    assert (at(w, "b3"), at(w, "c3"), at(w, "f3"), at(w, "g3")) == (".", ".", "O", "O")


def test_fa_c6_a_capturing_step_cannot_be_a_paika():
    s = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""")
    assert actions(s) == {"a1-b2A"}
    assert s.parse_move("a1-b2") == s.parse_move("a1-b2A")   # the letter may be left out
    paika = K.encode(0, 1, 0, K.PAIKA)
    assert paika not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(paika)


def test_fa_c7_capture_is_compulsory():
    s = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . G . .""")
    assert turn_set(s) == {"a1-b2A"}
    with pytest.raises(IllegalActionError, match="compulsory"):
        s.parse_move("g1-g2")


def test_fa_c8_paika_when_nothing_captures():
    s = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . G . .""")
    assert turn_set(s) == {"a1-b1", "a1-a2", "a1-b2", "g1-f1", "g1-h1", "g1-f2", "g1-g2", "g1-h2"}


def test_fa_d1_continuing_is_optional():
    s = diagram("fanorona", EX_FA_3).apply_move("b2-c3W")
    assert actions(s) == {"c3-d3A", "c3-c2W", "stop"}
    stopped = s.apply_move("stop")
    assert stopped.current_player == 1


def test_fa_d2_only_captures_by_the_same_lemur():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . O . . . . . .
        3  . . . . O . . . .
        2  O G . . O . . . .
        1  O . . . . . . G .""").apply_move("b2-c3W")
    assert actions(s) == {"c3-d3A", "c3-c2W", "stop"}
    with pytest.raises(IllegalActionError, match="only the lemur on c3"):
        s.parse_move("h1-h2")
    with pytest.raises(IllegalActionError):
        s.parse_move("c3-b3")                               # no paika inside a chain


def test_fa_d3_not_the_direction_just_played():
    s = diagram("fanorona/telo", """
        3  . O .
        2  O . G
        1  . . G""").apply_move("c2-b2A")
    assert "b2-a2W" not in actions(s) and "b2-a2A" not in actions(s)
    assert actions(s) == {"b2-b1W", "stop"}


def test_fa_r2_only_the_last_direction_is_forbidden():
    # east, north, then east again (Ex FA-3, turn 3)
    assert "b2-c2W-c3A-d3A" in turn_set(diagram("fanorona", EX_FA_3))


def test_fa_d4_no_revisit():
    s = diagram("fanorona", EX_FA_3).apply_move("b2-c2W").apply_move("c2-c3A")
    # c3 -> b2 would approach a1 but b2 is the starting point
    assert actions(s) == {"c3-d3A", "stop"}
    assert s.game.view(s)["chain"] == {"at": "c3", "visited": ["b2", "c2", "c3"]}


def test_fa_d5_turn_ends_without_continuation():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  G . O O . O O . G
        2  . . . . . . . . .
        1  . . . . . . . . .""")
    after = s.apply_move("a3-b3A")
    assert after.current_player == 1                        # no stop action needed


def test_fa_d6_each_continuation_chooses_its_kind():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . O . . . . . .
        3  . O . . O . . . .
        2  . . G . . . . . .
        1  . . . . . . . . .""")
    assert turn_set(s) == {"c2-c3A", "c2-c3A-d3A", "c2-c3A-d3W"}
    t = turns(s)
    assert (at(t["c2-c3A-d3A"], "e3"), at(t["c2-c3A-d3A"], "b3")) == (".", "O")
    assert (at(t["c2-c3A-d3W"], "e3"), at(t["c2-c3A-d3W"], "b3")) == ("O", ".")


def test_fa_e1_no_lemur_left_loses_at_once():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . O O . . . . .""")
    after = s.apply_move("a1-b1A")
    assert after.is_terminal
    out = after.outcome()
    assert out.winner == 0 and out.termination is Termination.GOAL and after.returns() == (1.0, -1.0)


def test_fa_e2_no_legal_move_loses():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  O O . . . . . . .
        1  G O . . . . . . .""")
    assert s.is_terminal and s.outcome().winner == 1 and s.outcome().termination is Termination.NO_MOVE


def test_fa_e3_no_draw_action_in_the_engine():
    s = load("fanorona").initial_state()
    with pytest.raises(NotationError):
        s.parse_move("draw")
    assert len(s.legal_actions()) == 5


SHUFFLE = """
    5  . . . . . . . . O
    4  . . . . . . . . .
    3  . . . . . . . . .
    2  . . . . . . . . .
    1  G . . . . . . . .
"""


def test_fa_e4_threefold_repetition():
    s = diagram("fanorona", SHUFFLE)
    for i in range(2):
        for m in ("a1-b1", "i5-h5", "b1-a1", "h5-i5"):
            assert not s.is_terminal
            s = s.apply_move(m)
    # the start position is now on the board for the third time (turn starts only)
    out = s.outcome()
    assert out is not None and out.winner is None and out.termination is Termination.REPETITION


def test_fa_e4_capture_restarts_the_record():
    s = diagram("fanorona", """
        5  . . . . . . . . O
        4  G . . . . . . . .
        3  . . . . O . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""")
    for m in ("a1-b1", "i5-h5", "b1-a1", "e3-d3", "a1-b1", "d3-c3"):
        s = s.apply_move(m)
    assert int(s.data[K.HLEN]) == 7                         # every turn start so far
    s = s.apply_move("b1-c1")
    assert int(s.data[K.HLEN]) == 8 and actions(s) == {"c3-c2A"}
    s = s.apply_move("c3-c2A")
    assert at(s, "c1") == "." and not s.is_terminal and int(s.data[K.HLEN]) == 1  # positions before a capture cannot recur


def test_fa_e5_no_capture_draw():
    s = diagram("fanorona?no_capture_draw=4", SHUFFLE)
    for m in ("a1-b1", "i5-h5", "b1-c1"):
        s = s.apply_move(m)
    assert not s.is_terminal
    s = s.apply_move("h5-g5")
    assert s.outcome().termination is Termination.DRAW_RULE and s.outcome().winner is None
    s = diagram("fanorona?no_capture_draw=0", SHUFFLE)
    for m in ("a1-b1", "i5-h5", "b1-c1", "h5-g5", "c1-d1", "g5-f5"):
        s = s.apply_move(m)
    assert not s.is_terminal
    assert load("fanorona").spec[0][K.P_NOCAP] == 100


def test_fa_e5_a_capture_resets_the_counter():
    s = diagram("fanorona?no_capture_draw=3", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""")
    s = s.apply_move("a1-b1").apply_move("i5-h4")
    assert int(s.data[K.NOCAP]) == 2


def test_fa_r6_software_draw_rules():
    g = load("fanorona")
    assert g.spec[0][K.P_NOCAP] == 100
    test_fa_e4_threefold_repetition()


def test_fa_e6_loss_before_draw():
    s = diagram("fanorona?no_capture_draw=1", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  G G . . . . . . .
        2  G . . . . . . . .
        1  O G G . . . . . .""")
    assert turn_set(s).issuperset({"b3-b2"})
    assert not any(a % 3 for a in s.legal_actions())         # nothing captures: paika
    after = s.apply_move("b3-b2")
    out = after.outcome()
    assert out.termination is Termination.NO_MOVE and out.winner == 0


def test_fa_f1_a_turn_is_a_sequence_of_actions():
    s = diagram("fanorona", EX_FA_3)
    mid = s.apply_move("b2-c3W")
    assert mid.current_player == 0
    assert mid.legal_actions()[-1] == s.game.stop_action
    end = mid.apply_move("c2W").apply_move("d2A").apply_move("c1W")
    assert end.current_player == 1                          # no stop when nothing continues


def test_fa_f2_state_holds_the_chain():
    s = diagram("fanorona", EX_FA_3).apply_move("b2-c3W")
    g = s.game
    assert s.data[K.SUB] == K.CHAIN and g.board.names[s.data[K.CPOS]] == "c3"
    assert s.data[K.LDIR] == 1                              # (1, 1)
    assert g.view(s)["chain"]["visited"] == ["b2", "c3"]


def test_fa_f3_first_move_single_capture():
    s = diagram("fanorona?first_move_single_capture=1", EX_FA_3)
    assert turn_set(s) == {"b2-c2W", "b2-c3W"}
    dimy = load("fanorona/dimy?first_move_single_capture=1").initial_state().apply_move("d3-c3W")
    assert "d4-d3A-e3W-d2A-c3W" in turn_set(dimy)           # only the first turn is cut


def test_fa_r4_no_first_move_restriction_by_default():
    assert len(turn_set(diagram("fanorona", EX_FA_3))) == 8


def test_fa_f4_two_players_only():
    assert load("fanorona").num_players == 2
    with pytest.raises(RulesetError):
        load("fanorona?players=4")


def test_fa_r7_no_multiplayer_variant():
    test_fa_f4_two_players_only()


def test_fa_r3_stop_is_an_explicit_action():
    s = diagram("fanorona", EX_FA_3).apply_move("b2-c2W")
    assert s.game.stop_action in s.legal_actions()
    assert s.move_to_string(s.game.stop_action) == "stop"
