"""The worked examples of rules/fanorona.md section 11 (Ex FA-1 ... Ex FM-3), turn by turn."""
from __future__ import annotations

from _fanorona_util import EX_FA_1, EX_FA_3, diagram, turn_set, turns

from ludotheque.core import load
from ludotheque.games.fanorona import kernels as K


def cells(state, *names):
    g = state.game
    return "".join(".GOgo"[state.data[K.BOARD + g.board.index(n)]] for n in names)


def test_ex_fa_1_both_approach_and_withdrawal():
    s = diagram("fanorona", EX_FA_1)
    t = turns(s)
    assert set(t) == {"d3-e3A", "d3-e3W"}
    assert cells(t["d3-e3A"], "b3", "c3", "f3", "g3") == "OO.."
    assert cells(t["d3-e3W"], "b3", "c3", "f3", "g3") == "..OO"


def test_ex_fa_2_line_stopped_by_gap():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  G . O O . O O . G
        2  . . . . . . . . .
        1  . . . . . . . . .""")
    t = turns(s)
    assert set(t) == {"a3-b3A", "i3-h3A"}
    assert cells(t["a3-b3A"], "c3", "d3", "f3", "g3") == "..OO"
    assert cells(t["i3-h3A"], "c3", "d3", "f3", "g3") == "OO.."




def test_ex_fa_3_chain():
    s = diagram("fanorona", EX_FA_3)
    t = turns(s)
    assert set(t) == {"b2-c2W", "b2-c2W-c3A", "b2-c2W-c3A-d3A", "b2-c3W", "b2-c3W-d3A",
                      "b2-c3W-c2W", "b2-c3W-c2W-d2A", "b2-c3W-c2W-d2A-c1W"}
    removed = {"b2-c2W": "a2", "b2-c2W-c3A": "a2 c4", "b2-c2W-c3A-d3A": "a2 c4 e3",
               "b2-c3W": "a1", "b2-c3W-d3A": "a1 e3", "b2-c3W-c2W": "a1 c4",
               "b2-c3W-c2W-d2A": "a1 c4 e2", "b2-c3W-c2W-d2A-c1W": "a1 c4 e2 e3"}
    orange = {"a1", "a2", "c4", "e3", "e2"}
    g = s.game
    for text, gone in removed.items():
        after = t[text]
        left = {n for n in orange if after.data[K.BOARD + g.board.index(n)] == 2}
        assert left == orange - set(gone.split()), text
    assert cells(t["b2-c3W-c2W-d2A-c1W"], "a2") == "O"


def test_ex_fa_4_paika_only_without_capture():
    a = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . G . .""")
    assert turn_set(a) == {"a1-b1", "a1-a2", "a1-b2", "g1-f1", "g1-h1", "g1-f2", "g1-g2", "g1-h2"}
    b = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . G . .""")
    assert turn_set(b) == {"a1-b2A"}


def test_ex_fa_5_no_legal_move_loses():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  O O . . . . . . .
        1  G O . . . . . . .""")
    assert s.is_terminal and s.outcome().winner == 1


def test_ex_fa_6_start_position():
    s = load("fanorona").initial_state()
    t = turns(s)
    assert set(t) == {"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"}
    assert cells(t["d2-e3A"], "f4", "g5") == ".."
    assert cells(t["d3-e3A"], "f3", "g3") == ".G"
    assert cells(t["d3-e3W"], "c3", "b3") == ".G"
    assert cells(t["e2-e3A"], "e4", "e5") == ".."
    assert cells(t["f2-e3A"], "d4", "c5") == ".."


def test_ex_fv_1_vela_nearest_lemur_only():
    s = load("fanorona/vela").initial_state()
    t = turns(s)
    assert set(t) == {"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"}
    assert cells(t["d2-e3A"], "f4", "g5") == ".O"
    assert cells(t["d3-e3A"], "f3") == "."
    assert cells(t["d3-e3W"], "c3") == "."
    assert cells(t["e2-e3A"], "e4", "e5") == ".O"
    assert cells(t["f2-e3A"], "d4", "c5") == ".O"
    for after in t.values():
        assert after.current_player == 1 and after.data[11] == 1


def test_ex_fv_2_orange_must_leave_a_capture():
    s = diagram("fanorona/vela", """
        5  . . . . . . . O O
        4  . . . . . . . O O
        3  . . O . . . . . O
        2  . . . . . . . . .
        1  G . . . . . . . .""", to_move=1, green_captures=16)
    assert turn_set(s) == {"i3-h3", "i3-i2", "i3-h2", "h4-g4", "h4-h3", "h4-g3", "h4-g5", "h5-g5"}


def test_ex_fv_3_no_step_leaves_a_capture():
    s = diagram("fanorona/vela", """
        5  O O O O O O . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""", to_move=1, green_captures=16)
    t = turns(s)
    assert set(t) == {"a5-a4", "a5-b4", "b5-b4", "c5-c4", "c5-b4", "c5-d4", "d5-d4", "e5-e4",
                      "e5-d4", "e5-f4", "f5-f4", "f5-g5"}
    for after in t.values():
        assert after.is_terminal and after.outcome().winner == 1


def test_ex_fv_4_seventeenth_capture_starts_phase_2():
    s = diagram("fanorona/vela", """
        5  O . . . O . . . O
        4  . . . . O . . . O
        3  . . . . O . . . .
        2  . . . . . . . . .
        1  G . . . G . . . .""", green_captures=16)
    t = turns(s)
    assert set(t) == {"e1-e2A"}
    after = t["e1-e2A"]
    assert cells(after, "e3", "e4", "e5") == ".OO"
    assert after.data[11] == 17
    assert turn_set(after) == {"e4-e3A"}
    assert cells(turns(after)["e4-e3A"], "e2") == "."


def test_ex_ft_1_telo_start():
    s = load("fanorona/telo").initial_state()
    t = turns(s)
    assert set(t) == {"a1-b2A", "b1-b2A", "c1-b2A", "c2-b2A"}
    assert cells(t["a1-b2A"], "c3") == "."
    assert cells(t["b1-b2A"], "b3") == "."
    assert cells(t["c1-b2A"], "a3") == "."
    assert cells(t["c2-b2A"], "a2") == "."
    assert turn_set(t["b1-b2A"]) == {"a3-b3", "c3-b3"}


def test_ex_ft_2_telo_chain():
    s = diagram("fanorona/telo", """
        3  . O .
        2  O . G
        1  . . G""")
    t = turns(s)
    assert set(t) == {"c2-b2A", "c2-b2A-b1W"}
    assert t["c2-b2A-b1W"].is_terminal and t["c2-b2A-b1W"].outcome().winner == 0


def test_ex_ft_3_telo_blocked():
    s = diagram("fanorona/telo", """
        3  O . .
        2  O O .
        1  G O .""")
    assert s.is_terminal and s.outcome().winner == 1


def test_ex_fd_1_dimy_start():
    t = turns(load("fanorona/dimy").initial_state())
    assert set(t) == {"b2-c3A", "c2-c3A", "d2-c3A", "d3-c3A", "d3-c3W"}
    assert cells(t["b2-c3A"], "d4", "e5") == ".."
    assert cells(t["c2-c3A"], "c4", "c5") == ".."
    assert cells(t["d2-c3A"], "b4", "a5") == ".."
    assert cells(t["d3-c3A"], "b3") == "."
    assert cells(t["d3-c3W"], "e3") == "."


def test_ex_fd_2_dimy_four_step_chain():
    s = diagram("fanorona/dimy", """
        5  O O O O O
        4  O O O O O
        3  G O G . .
        2  G G G G G
        1  G G G G G""", to_move=1)
    after_d3 = load("fanorona/dimy").initial_state().apply_move("d3-c3W")
    assert list(after_d3.data[K.BOARD:K.BOARD + 25]) == list(s.data[K.BOARD:K.BOARD + 25])
    t = turns(s)
    assert set(t) == {"d4-d3A", "d4-d3A-e3W", "d4-d3A-e3W-d2A", "d4-d3A-e3W-d2A-c3W",
                      "e4-e3A", "e4-e3A-d3A"}
    assert cells(t["d4-d3A-e3W-d2A-c3W"], "d2", "d1", "c3", "b3", "c1", "e1") == "..OO.."
    assert cells(t["e4-e3A"], "e2", "e1") == ".."
    assert cells(t["e4-e3A-d3A"], "c3") == "."


def test_ex_fd_3_weak_points_have_no_diagonal():
    s = diagram("fanorona/dimy", """
        5  . . . O .
        4  . O . . .
        3  . . . O .
        2  . G . . .
        1  . . . . .""")
    t = turns(s)
    assert set(t) == {"b2-b3A", "b2-b3A-c3A"}
    assert cells(t["b2-b3A-c3A"], "b4", "d3", "d5") == "..O"


def test_ex_ff_1_female_jump_protection_optional_capture():
    s = diagram("fanorona+female", """
        5  . . . . o . . . .
        4  . . . O . . . . .
        3  . . . . . . . . .
        2  . G . . . . . . .
        1  g . . . . . . . .""")
    t = turns(s)
    assert set(t) == {"a1-b1", "a1-a2", "a1-c3A", "b2-a2", "b2-c2", "b2-b1", "b2-c1", "b2-a3",
                      "b2-b3", "b2-c3A"}
    for text in ("a1-c3A", "b2-c3A"):
        assert cells(t[text], "d4", "e5") == ".o"
        assert t[text].is_terminal and t[text].outcome().winner == 0


def test_ex_ff_2_female_first_in_line():
    a = diagram("fanorona+female", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  G . O o O . . . .
        2  . . . . . . . . .
        1  . . . . . . . . .""")
    t = turns(a)
    assert set(t) == {"a3-b3A", "a3-a4", "a3-a2", "a3-b4", "a3-b2"}
    assert cells(t["a3-b3A"], "c3", "d3", "e3") == ".oO"
    b_text = """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . o O O . . . ."""
    t = turns(diagram("fanorona+female", b_text))
    assert set(t) == {"a1-b1A", "a1-a2", "a1-b2"}
    assert cells(t["a1-b1A"], "c1", "d1", "e1") == "..."
    t = turns(diagram("fanorona+female?female_first=alone", b_text))
    assert cells(t["a1-b1A"], "c1", "d1", "e1") == ".OO"


def test_ex_ff_3_female_jump_along_a_row():
    s = diagram("fanorona+female", """
        5  . . . . . . . . o
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  g G . O . . . . .""")
    t = turns(s)
    assert set(t) == {"a1-c1A", "a1-a2", "a1-b2", "b1-c1A", "b1-b2"}
    for text in ("a1-c1A", "b1-c1A"):
        assert t[text].is_terminal and t[text].outcome().winner == 0


FM_BOARD = """
    5  . . . . . . . . O
    4  . . . . . . . . .
    3  . . O . . . . . .
    2  . . . . . . . . .
    1  G . . . . . . . .
"""


def test_ex_fm_1_placement_after_capture():
    s = diagram("fanorona+tamarins", FM_BOARD, tamarins=(2, 2), pools=(1, 0))
    t = turns(s)
    assert set(t) == {"a1-b2A"} | {f"a1-b2A @{p}" for p in "a1 b1 c1 a2 c2 a3 b3 c3".split()}
    after = t["a1-b2A @c3"]
    assert cells(after, "c3", "b2") == "GG"
    assert list(after.data[16:20]) == [1, 2, 0, 1]


def test_ex_fm_2_no_pool_no_decision():
    s = diagram("fanorona+tamarins", FM_BOARD, tamarins=(2, 2), pools=(0, 0))
    assert turn_set(s) == {"a1-b2A"}


def test_ex_fm_3_placement_after_paika():
    s = diagram("fanorona+tamarins", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""", tamarins=(1, 2), pools=(1, 0))
    expected = {"a1-b1", "a1-b1 @a1", "a1-b1 @c1", "a1-b1 @b2",
                "a1-a2", "a1-a2 @a1", "a1-a2 @b2", "a1-a2 @a3",
                "a1-b2"} | {f"a1-b2 @{p}" for p in "a1 b1 c1 a2 c2 a3 b3 c3".split()}
    assert turn_set(s) == expected
