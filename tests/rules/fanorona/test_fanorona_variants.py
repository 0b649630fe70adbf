"""Vela (FV), Telo (FT), Dimy (FD), +female (FF), +tamarins (FM): one test per clause."""
from __future__ import annotations

import pytest
from _fanorona_util import EX_FA_3, actions, at, diagram, turn_set

from ludotheque.core import RulesetError, Termination, load
from ludotheque.games.fanorona import kernels as K




def pieces(state, code):
    n = state.game.n
    return list(state.data[K.BOARD:K.BOARD + n]).count(code)


# -- Vela ------------------------------------------------------------------------------------

def test_fv_a1_vela_starts_like_fanorona():
    v, f = load("fanorona/vela").initial_state(), load("fanorona").initial_state()
    assert list(v.data[K.BOARD:K.BOARD + 45]) == list(f.data[K.BOARD:K.BOARD + 45])
    assert v.current_player == 0


def test_fv_a2_phase_counter():
    s = load("fanorona/vela").initial_state()
    assert s.data[K.GCAPS] == 0
    s = s.apply_move("e2-e3A")
    assert s.data[K.GCAPS] == 1 and pieces(s, 2) == 21


def test_fv_b1_one_lemur_per_capture():
    s = load("fanorona/vela").initial_state().apply_move("e2-e3A")
    assert (at(s, "e4"), at(s, "e5")) == (".", "O")


def test_fv_r1_nearest_lemur_of_the_line():
    s = diagram("fanorona/vela", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  O O O G . . . . .""")
    after = s.apply_move("d1-e1W")                          # in Fanorona: c1 b1 a1
    assert "".join(at(after, p) for p in ("a1", "b1", "c1")) == "OO."


def test_fv_b2_no_chain_in_phase_1():
    s = diagram("fanorona/vela", EX_FA_3)
    assert turn_set(s) == {"b2-c2W", "b2-c3W"}


def test_fv_b3_green_without_capture_loses():
    s = diagram("fanorona/vela", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""")
    out = s.outcome()
    assert s.is_terminal and out.winner == 1 and out.termination is Termination.NO_MOVE


def test_fv_b4_orange_never_captures():
    s = diagram("fanorona/vela", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""", to_move=1)
    assert "c3-b2" in actions(s)                            # an approach in Fanorona
    after = s.apply_move("c3-b2")
    assert at(after, "a1") == "G"
    assert after.outcome().winner == 1                      # and green cannot capture (FV-B3)


def test_fv_b5_orange_must_leave_a_capture():
    s = diagram("fanorona/vela", """
        5  . . . . . . . O O
        4  . . . . . . . O O
        3  . . O . . . . . O
        2  . . . . . . . . .
        1  G . . . . . . . .""", to_move=1, green_captures=16)
    assert not any(m.startswith("c3-") for m in actions(s))
    assert len(actions(s)) == 8


def test_fv_b6_phase_2_is_fanorona():
    s = diagram("fanorona/vela", EX_FA_3, green_captures=17)
    assert len(turn_set(s)) == 8
    paika = diagram("fanorona/vela", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""", green_captures=17)
    assert turn_set(paika) == {"a1-b1", "a1-a2", "a1-b2"}


def test_fv_r3_phase_2_after_the_seventeenth_capture():
    s = diagram("fanorona/vela", """
        5  O . . . O . . . O
        4  . . . . O . . . O
        3  . . . . O . . . .
        2  . . . . . . . . .
        1  G . . . G . . . .""", green_captures=16).apply_move("e1-e2A")
    assert s.data[K.GCAPS] == 17 and pieces(s, 2) == 5
    assert actions(s) == {"e4-e3A"}                         # orange captures again
    with pytest.raises(RulesetError):
        load("fanorona/vela?size=5")


def test_fv_c1_orange_without_step_loses():
    s = diagram("fanorona/vela", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  G G . . . . . . .
        1  O G . . . . . . .""", to_move=1)
    assert s.is_terminal and s.outcome().winner == 0


def test_fv_c2_match_mode_needs_the_winner():
    s = diagram("fanorona/vela", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""")
    after = s.apply_move("a1-b2A")
    out = after.outcome()
    assert out is not None and out.winner == 0 and out.result() == "1-0"


def test_fv_r2_option_paika_only():
    text = """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . ."""
    anything = diagram("fanorona/vela", text, to_move=1)
    paika = diagram("fanorona/vela?vela_orange=paika_only", text, to_move=1)
    assert "c3-b2" in actions(anything) and "c3-b2" not in actions(paika)
    assert actions(paika) < actions(anything)


def test_fv_r4_vela_has_no_extensions():
    for rid in ("fanorona/vela+female", "fanorona/vela+tamarins"):
        with pytest.raises(RulesetError):
            load(rid)


# -- Telo and Dimy ---------------------------------------------------------------------------

def test_ft_a1_telo_board():
    b = load("fanorona/telo").board
    assert b.num_points == 9 and len(b.lines) == 8 and len(b.edges()) == 16


def test_ft_a2_telo_start():
    s = load("fanorona/telo").initial_state()
    assert s == diagram("fanorona/telo", """
        3  O O O
        2  O . G
        1  G G G""")
    assert pieces(s, 1) == pieces(s, 2) == 4


def test_ft_a3_telo_plays_like_fanorona():
    s = load("fanorona/telo").initial_state()
    assert s.current_player == 0
    after = s.apply_move("b1-b2A")
    assert turn_set(after) == {"a3-b3", "c3-b3"}            # compulsory capture, paika, lines


def test_ft_r1_telo_is_the_capture_game():
    s = load("fanorona/telo").initial_state()
    assert all(a % 3 != 0 for a in s.legal_actions())


def test_fd_a1_dimy_board():
    b = load("fanorona/dimy").board
    assert b.num_points == 25 and len(b.lines) == 16 and len(b.edges()) == 56


def test_fd_a2_dimy_start():
    s = load("fanorona/dimy").initial_state()
    assert s == diagram("fanorona/dimy", """
        5  O O O O O
        4  O O O O O
        3  G O . G O
        2  G G G G G
        1  G G G G G""")
    assert pieces(s, 1) == pieces(s, 2) == 12


def test_fd_a3_dimy_plays_like_fanorona():
    s = load("fanorona/dimy").initial_state()
    assert s.current_player == 0 and len(turn_set(s)) == 5


def test_fd_r1_dimy_start_from_ludii():
    s = load("fanorona/dimy").initial_state()
    assert "".join(at(s, f"{f}3") for f in "abcde") == "GO.GO"


# -- Female Lemur ----------------------------------------------------------------------------

@pytest.mark.parametrize("rid,corner,count", [("fanorona", "i5", 22), ("fanorona/dimy", "e5", 12),
                                              ("fanorona/telo", "c3", 4)])
def test_ff_a1_female_on_the_left_corner(rid, corner, count):
    s = load(rid + "+female").initial_state()
    assert at(s, "a1") == "g" and at(s, corner) == "o"
    assert pieces(s, 1) + pieces(s, 3) == count and pieces(s, 2) + pieces(s, 4) == count


def test_ff_r1_left_corners():
    test_ff_a1_female_on_the_left_corner("fanorona", "i5", 22)


def test_ff_b1_female_moves_like_a_lemur():
    s = diagram("fanorona+female", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  g . . . . . . . G""")
    assert {"a1-b2A", "a1-b1", "a1-a2"} == {t for t in turn_set(s) if t.startswith("a1")}


def test_ff_b2_jump_over_own_pieces_only():
    s = diagram("fanorona+female", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  O . . . . . . . .
        1  g G O . . . . . .""")
    t = turn_set(s)
    assert "a1-c1" not in t and "a1-a3" not in t            # c1 occupied; a2 is an enemy
    s2 = diagram("fanorona+female", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  g G . . . . . . .""")
    assert "a1-c1" in turn_set(s2) and "a1-c3" not in turn_set(s2)   # b2 empty
    after = s2.apply_move("a1-c1")
    assert (at(after, "a1"), at(after, "b1"), at(after, "c1")) == (".", "G", "g")


def test_ff_b3_jump_captures():
    s = diagram("fanorona+female", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  O g G . . . . . .""")
    assert "b1-d1W" in turn_set(s)
    assert at(s.apply_move("b1-d1W"), "a1") == "."


def test_ff_r4_jumps_in_chains():
    test_ff_b4_chains_mix_steps_and_jumps()


def test_ff_b4_chains_mix_steps_and_jumps():
    s = diagram("fanorona+female", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  g G . O o . . . .""")
    mid = s.apply_move("a1-c1A")
    assert at(mid, "d1") == "." and at(mid, "e1") == "o"    # the Female behind stops the line
    # c1 -> d1 would approach the Female on e1, but east was the jump's direction
    assert actions(mid) == {"c1-c2A", "stop"}
    assert "a1-c1A-c2A" in turn_set(s)


def test_ff_c1_protection():
    s = diagram("fanorona+female", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  G . O o O . . . .
        2  . . . . . . . . .
        1  . . . . . . . . .""")
    after = s.apply_move("a3-b3A")
    assert "".join(at(after, p) for p in ("c3", "d3", "e3")) == ".oO"


def test_ff_r2_female_first_options():
    text = """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . o O O . . . ."""
    line = diagram("fanorona+female", text).apply_move("a1-b1A")
    alone = diagram("fanorona+female?female_first=alone", text).apply_move("a1-b1A")
    assert "".join(at(line, p) for p in ("c1", "d1", "e1")) == "..."
    assert "".join(at(alone, p) for p in ("c1", "d1", "e1")) == ".OO"
    assert line.data[K.FEM + 1] == 0


def test_ff_c2_no_compulsory_capture_for_both():
    text = """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . o"""
    for to_move in (0, 1):
        s = diagram("fanorona+female", text, to_move=to_move)
        kinds = {a % 3 for a in s.legal_actions()}
        assert kinds == {0, 1}


def test_ff_c3_a_capturing_move_captures():
    text = """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . o O O . . . ."""
    assert "a1-b1" not in turn_set(diagram("fanorona+female", text))
    s = diagram("fanorona+female?optional_capture=decline", text)
    assert {"a1-b1", "a1-b1A"} <= turn_set(s)
    assert at(s.apply_move("a1-b1"), "c1") == "o"


def test_ff_r3_decline_option_perft():
    from _fanorona_util import turn_perft
    g = load("fanorona+female?optional_capture=decline")
    assert [turn_perft(g, g.initial_state().data.copy(), d) for d in (1, 2, 3)] == [9, 82, 1783]


def test_ff_d1_only_the_female_left_loses():
    s = diagram("fanorona+female", """
        5  . . . . . . . . o
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  g G . O . . . . .""")
    after = s.apply_move("b1-c1A")
    assert after.is_terminal and after.outcome().winner == 0
    assert after.outcome().termination is Termination.GOAL
    assert diagram("fanorona+female", """
        5  . . . . . . . . o
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  g G . . . . . . .""").outcome().winner == 0


def test_ff_d2_no_female_in_vela():
    with pytest.raises(RulesetError):
        load("fanorona/vela+female")
    with pytest.raises(RulesetError):
        load("fanorona?female_first=alone")                 # a Female option needs +female


# -- Tamarins --------------------------------------------------------------------------------

FM_BOARD = """
    5  . . . . . . . . O
    4  . . . . . . . . .
    3  . . O . . . . . .
    2  . . . . . . . . .
    1  G . . . . . . . .
"""


def test_fm_a1_two_tamarins_and_empty_pools():
    s = load("fanorona+tamarins").initial_state()
    assert list(s.data[K.TAM:K.TAM + 2]) == [2, 2] and list(s.data[K.POOL:K.POOL + 2]) == [0, 0]
    after = s.apply_move("e2-e3A")                          # e4 e5 go to orange's pool
    assert list(after.data[K.POOL:K.POOL + 2]) == [0, 2]
    f = diagram("fanorona+female+tamarins", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . o . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""").apply_move("a1-b2A")
    assert list(f.data[K.POOL:K.POOL + 2]) == [0, 0]        # a captured Female is no lemur


def test_fm_b1_when_the_decision_is_offered():
    assert turn_set(diagram("fanorona+tamarins", FM_BOARD, pools=(0, 0))) == {"a1-b2A"}
    assert turn_set(diagram("fanorona+tamarins", FM_BOARD, tamarins=(0, 2), pools=(1, 0))) == {"a1-b2A"}
    assert len(turn_set(diagram("fanorona+tamarins", FM_BOARD, pools=(1, 0)))) == 9
    # the game is over: no decision
    end = diagram("fanorona+tamarins", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""", pools=(3, 0))
    assert turn_set(end) == {"a1-b2A"}


def test_fm_b2_place_or_pass():
    s = diagram("fanorona+tamarins", FM_BOARD, pools=(1, 0)).apply_move("a1-b2A")
    assert s.current_player == 0 and actions(s) == {"pass"} | {f"@{p}" for p in "a1 b1 c1 a2 c2 a3 b3 c3".split()}
    placed = s.apply_move("@a2")
    assert at(placed, "a2") == "G" and list(placed.data[K.TAM:K.TAM + 2]) == [1, 2]
    assert placed.data[K.POOL] == 0 and placed.current_player == 1
    passed = s.apply_move("pass")
    assert list(passed.data[K.TAM:K.TAM + 2]) == [2, 2] and passed.current_player == 1


def test_fm_b3_one_placement_after_any_turn_no_counter_reset():
    s = diagram("fanorona+tamarins?no_capture_draw=5", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""", pools=(2, 0))
    s = s.apply_move("a1-b1")
    assert "pass" in actions(s)                             # after a paika
    s = s.apply_move("@a1")
    assert s.current_player == 1 and s.data[K.NOCAP] == 1


def test_fm_b4_placed_lemur_plays_next_turn():
    s = diagram("fanorona+tamarins", FM_BOARD, pools=(1, 0)).apply_move("a1-b2A").apply_move("@a1")
    s = s.apply_move("i5-h5").apply_move("pass")
    assert "a1-b1" in actions(s) and "a1-a2" in actions(s)


def test_fm_b5_no_tamarins_in_vela_but_with_the_female():
    with pytest.raises(RulesetError):
        load("fanorona/vela+tamarins")
    g = load("fanorona/telo+female+tamarins")
    assert g.id == "fanorona/telo+female+tamarins"
    s = g.initial_state()
    assert at(s, "a1") == "g" and list(s.data[K.TAM:K.TAM + 2]) == [2, 2]


def test_fm_r1_placement_next_to_any_own_piece():
    s = diagram("fanorona+tamarins", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . G .""", pools=(1, 0)).apply_move("a1-b1")
    assert {"@g1", "@i1", "@h2"} <= actions(s)               # next to h1, which did not move
