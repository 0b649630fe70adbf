"""Puluc, LUDOS base game: one test per clause of rules/puluc.md part 1 (PU-*), positions from
the spec's diagrams."""
import numpy as np
import pytest

import ludotheque
from ludotheque import CHANCE, TERMINAL, IllegalActionError, NotationError, RulesetError, Termination
from ludotheque.core.game import play_line
from ludotheque.games.puluc import kernels as K
from puluc_helpers import city, moves, play, position, removed, unit

GAME = ludotheque.load("puluc")
START = GAME.initial_state()

X1 = """
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×4  .  .  Y  .  B  .  .  .  B  B×3
"""
X2 = """
pos:  0    1  2  3  4  5   6  7  8  9  10
      Y×4  .  .  .  .  BY  .  .  .  B  B×3
"""
X3 = """
pos:  0    1  2   3  4  5  6  7  8    9  10
      Y×3  .  BY  .  .  .  B  .  BBY  .  (empty)      removed: B×1
"""


# -- PU-A board -------------------------------------------------------------------------------

def test_pu_a1_eleven_positions_two_cities_nine_field_spaces():
    geo = GAME.geometry()
    assert [p["id"] for p in geo["points"]] == [str(i) for i in range(11)]
    assert geo["cities"] == ["0", "10"]
    assert GAME.num_actions == 18


def test_pu_a2_vertical_track_named_by_numbers():
    geo = GAME.geometry()
    assert all(p["x"] == 0.0 and p["y"] == float(p["id"]) for p in geo["points"])
    lines = GAME.render(START).splitlines()
    assert lines[0].startswith(" 10") and lines[10].startswith("  0")   # top rank first


def test_pu_a3_one_line_yellow_up_blue_down():
    assert GAME.geometry()["lines"] == [[str(i), str(i + 1)] for i in range(10)]
    s = play(START, "(3)", "0-3")
    assert moves(s, "(3)") == ["10-7"]
    s = play(s, "(3)", "10-7", "(2)")
    assert moves(s) == ["0-2", "3-5"]


# -- PU-B pieces and setup ---------------------------------------------------------------------

def test_pu_b1_five_warriors_each_in_their_city():
    assert city(START, 0) == "Y×5" and city(START, 1) == "B×5"
    assert all(unit(START, p) == "" for p in range(1, 10)) and removed(START) == (0, 0)


def test_pu_b2_four_two_sided_kernels_five_outcomes():
    assert [a for a, _ in START.chance_outcomes()] == [0, 1, 2, 3, 4]


def test_pu_b3_yellow_throws_first():
    assert START.current_player == CHANCE and START.data[K.TO_MOVE] == 0
    assert START.apply_move("(2)").current_player == 0


# -- PU-C throw --------------------------------------------------------------------------------

@pytest.mark.parametrize("zero", [5, 6, 0])
def test_pu_c1_value_is_marked_faces_and_zero_option(zero):
    g = ludotheque.load(f"puluc?zero={zero}")
    s = g.initial_state()
    assert [s.move_to_string(a) for a in range(5)] == [f"({zero})", "(1)", "(2)", "(3)", "(4)"]
    assert s.parse_move(f"({zero})") == 0
    for a in range(1, 5):
        assert s.apply(a).data[K.VALUE] == a
    if zero:
        assert s.apply(0).data[K.VALUE] == zero and moves(s, f"({zero})") == [f"0-{zero}"]


def test_pu_c1_bad_zero_option_is_rejected():
    with pytest.raises(RulesetError):
        ludotheque.load("puluc?zero=4")


def test_pu_c2_binomial_probabilities():
    assert START.chance_outcomes() == [(0, 1 / 16), (1, 4 / 16), (2, 6 / 16), (3, 4 / 16), (4, 1 / 16)]


def test_pu_c3_zero_value_passes_the_turn():
    s = ludotheque.load("puluc?zero=0").from_diagram(X1)
    after = s.apply_move("(0)")
    assert after.current_player == CHANCE and after.data[K.TO_MOVE] == 1
    assert after.data[K.TURNS] == 1 and unit(after, 3) == "Y"


# -- PU-D movement -----------------------------------------------------------------------------

def test_pu_d1_one_unit_exactly_the_value_enter_or_move():
    s = position(X1)
    assert moves(s, "(2)") == ["0-2", "3x5"]          # (a) enter to 2, (b) move 3 by 2
    after = play(s, "(2)", "0-2")
    assert city(after, 0) == "Y×3" and unit(after, 2) == "Y" and unit(after, 3) == "Y"
    blue = position(X1, to_move=1)
    assert moves(blue, "(1)") == ["5-4", "9-8"]          # blue enters at 10 - v = 9: his own


def test_pu_d2_direction_is_the_top_colour():
    s = play(position(X1), "(2)", "3x5")                # BY: yellow on top, toward 10
    assert moves(s, "(4)") == ["10-6", "9x5"]
    s = play(s, "(4)", "9x5", "(1)", "0-1")              # BYB: blue on top, toward 0
    assert moves(s, "(1)") == ["10-9", "5-4"]


def test_pu_d3_units_jump_over_units():
    assert "3-8" in moves(position(X1), "(5)")          # over the blue warrior at 5


def test_pu_d4_no_move_onto_own_unit():
    assert moves(position(X1), "(3)") == ["3-6"]        # 0-3 would end on the warrior at 3
    assert moves(position(X3), "(2)") == ["2-4", "8-10"]  # 0-2 ends on the yellow stack


def test_pu_d5_reaching_or_passing_the_enemy_city_is_legal():
    s = position(X3)
    assert "8-10" in moves(s, "(4)") and "8-10" in moves(s, "(2)")
    blue = position("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×5  B  .  .  .  .  .  .  .  .  B×4
""", to_move=1)
    assert moves(blue, "(5)") == ["1-0", "10-5"]


def test_pu_d6_must_move_when_a_move_exists():
    s = position(X1).apply_move("(3)")
    assert s.legal_actions() == [3]                     # no pass action offered
    with pytest.raises(IllegalActionError):
        s.parse_move("skip")


def test_pu_d7_nonzero_throw_always_has_a_move():
    """His most advanced unit can always move; with nothing on the field, his entry is free."""
    s = position("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×1  Y  Y  Y  Y  .  .  .  .  B  B×4
""")
    for throw in ("(1)", "(2)", "(3)", "(4)", "(5)"):
        assert moves(s, throw), throw
    # exhaustively: every reachable decision of random games had a move (compiled checker,
    # test_puluc_invariants: no pass on a non-zero throw in `puluc`)


# -- PU-E capture, stacks, rescue, arrival ---------------------------------------------------

def test_pu_e1_capture_puts_mover_on_top_entering_captures_too():
    s = play(position(X1), "(2)", "3x5")
    assert unit(s, 5) == "BY" and unit(s, 3) == ""
    s = play(position(X1), "(5)", "0x5")
    assert unit(s, 5) == "BY" and city(s, 0) == "Y×3"


def test_pu_e2_colour_rule_free_and_captive():
    s = play(position(X1), "(2)", "3x5")
    assert K.controlled_count(s.data, GAME.spec, 0) == 5       # the yellow top is free
    assert K.controlled_count(s.data, GAME.spec, 1) == 4       # the blue warrior is captive


def test_pu_e3_rescue_frees_prisoners_and_reverses_direction():
    s = play(position(X2, to_move=1), "(4)", "9x5")
    assert unit(s, 5) == "BYB" and K.controlled_count(s.data, GAME.spec, 1) == 5
    s = play(s, "(1)", "0-1")
    assert "5-0" in moves(s, "(5)")
    s = play(s, "(5)", "5-0")
    assert city(s, 1) == "B×5" and removed(s) == (1, 0)


def test_pu_e4_stack_captures_again():
    s = play(position(X1), "(2)", "3x5", "(1)", "9-8", "(3)")
    assert "5x8" in moves(s)
    s = s.apply_move("5x8")
    assert unit(s, 8) == "BBY" and unit(s, 5) == ""


def test_pu_e5_arrival_sacrifices_captives_and_sends_captors_home():
    s = play(position(X3), "(4)", "8-10")
    assert removed(s) == (0, 3) and city(s, 0) == "Y×4" and unit(s, 8) == ""
    assert not s.is_terminal and unit(s, 6) == "B"


def test_pu_e6_city_warriors_are_never_captured():
    s = position("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×4  .  .  .  .  .  .  .  Y  B  B×4
""")
    assert moves(s, "(2)") == ["0-2", "8-10"]
    after = play(s, "(2)", "8-10")
    assert city(after, 1) == "B×4" and city(after, 0) == "Y×5"


def test_pu_e7_one_unit_per_position_and_conservation():
    s = play(position(X3), "(4)", "8-10")
    for state in (position(X3), s):
        d = state.data
        field = [unit(state, p) for p in range(1, 10)]
        for p, ch in ((0, "Y"), (1, "B")):
            total = d[K.CITY + p] + d[K.CITYG + p] + sum(u.count(ch) for u in field) + d[K.REM + p]
            assert total == 5


# -- PU-F end ----------------------------------------------------------------------------------

def test_pu_f1_player_controlling_nothing_loses():
    s = play(position(X3), "(4)", "2x6")
    assert s.is_terminal and s.returns() == (1.0, -1.0)
    out = s.outcome()
    assert out.winner == 0 and out.termination == Termination.GOAL


def test_pu_f2_no_draw_in_random_games():
    from ludotheque.core.loops import compiled_loops
    stats = compiled_loops(GAME.kernels).random_playouts(START.data.copy(), GAME.spec, 300, 5, 0)
    assert stats[0] == 300 and stats[4] == 0 and stats[5] == 0 and stats[2] + stats[3] == 300


# -- PU-G engine -------------------------------------------------------------------------------

def test_pu_g1_throw_then_decision_then_opponents_throw():
    s = START
    assert s.current_player == CHANCE
    s = s.apply_move("(1)")
    assert s.current_player == 0
    s = s.apply_move("0-1")
    assert s.current_player == CHANCE and s.data[K.TO_MOVE] == 1


def test_pu_g2_chance_ids_are_marked_faces():
    for a, v in enumerate([5, 1, 2, 3, 4]):
        assert START.apply(a).data[K.VALUE] == v


def test_pu_g3_action_ids():
    s = position(X1).apply_move("(2)")
    assert sorted(s.legal_actions()) == [0, 3]          # 0 = enter from yellow's city, 3 = unit at 3
    b = position(X2, to_move=1).apply_move("(4)")
    assert sorted(b.legal_actions()) == [9, 10]         # 10 = enter from blue's city
    with pytest.raises(IllegalActionError):
        s.apply(11)                                     # Guardian ids: absent extension


def test_pu_g4_no_move_passes_without_a_player_action():
    s = ludotheque.load("puluc?zero=0").initial_state()
    after = s.apply_move("(0)")
    assert after.current_player == CHANCE and after.data[K.TO_MOVE] == 1


def test_pu_g5_state_holds_units_bottom_to_top_phase_value_turns():
    s = play(position(X2, to_move=1), "(4)", "9x5")
    d = s.data
    assert d[K.H + 5] == 3 and [(d[K.C + 5] >> i) & 1 for i in range(3)] == [1, 0, 1]
    assert d[K.PHASE] == K.THROW and d[K.TO_MOVE] == 0 and d[K.TURNS] == 1
    t = s.apply_move("(3)")
    assert t.data[K.PHASE] == K.MOVE and t.data[K.VALUE] == 3
    assert s.key() == play(position(X2, to_move=1), "(4)", "9x5").key()


def test_pu_g6_turn_cap_goes_to_the_side_controlling_more():
    g = ludotheque.load("puluc?max_turns=1")
    s = play(g.from_diagram(X1), "(2)", "3x5")          # yellow 5, blue 4
    assert s.is_terminal and s.outcome().winner == 0
    assert s.outcome().termination == Termination.MOVE_LIMIT
    even = play(g.from_diagram(X1), "(3)", "3-6")
    assert even.outcome().winner is None and even.returns() == (0.0, 0.0)
    s = ludotheque.load("puluc?max_turns=3").initial_state()
    s = play(s, "(1)", "0-1", "(1)", "10-9", "(1)")
    assert not s.is_terminal
    assert s.apply_move("1-2").is_terminal                # the 3rd turn


def test_pu_g7_returns_plus_minus_one():
    s = play(position(X3), "(4)", "2x6")
    assert s.returns() == (1.0, -1.0)
    blue = position("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      (empty)  Y  .  .  .  .  B  .  .  .  B×4      removed: Y×4
""", to_move=1)
    s = play(blue, "(5)", "6x1")
    assert s.returns() == (-1.0, 1.0) and s.current_player == TERMINAL


# -- PU-R rulings -------------------------------------------------------------------------------

def test_pu_r1_nine_field_spaces():
    assert moves(START, "(4)") == ["0-4"] and len(GAME.geometry()["points"]) == 11


def test_pu_r2_zero_defaults_to_five():
    assert GAME.spec[K.ZERO] == 5 and START.move_to_string(0) == "(5)"


def test_pu_r3_player_zero_starts():
    assert START.data[K.TO_MOVE] == 0


def test_pu_r4_no_voluntary_pass():
    s = START.apply_move("(2)")
    assert s.legal_actions() == [0]


def test_pu_r5_stacks_and_entering_warriors_capture():
    assert "0x5" in moves(position(X1), "(5)")
    s = play(position(X1), "(2)", "3x5", "(1)", "9-8", "(3)")
    assert "5x8" in moves(s)


def test_pu_r6_arrival_sorts_by_colour():
    s = play(position(X3), "(2)", "8-10")
    assert removed(s) == (0, 3) and city(s, 0) == "Y×4"


def test_pu_r7_warriors_back_home_stay_there_this_turn():
    """With a temple bonus: the Guardian's part arrives (a freed yellow warrior and the Guardian
    go home), the partner reaches the solar temple; the bonus may not re-enter them."""
    g = ludotheque.load("puluc+guardians+temples?zero=6")
    s = g.from_diagram("""
pos:  0        1  2  3  4  5  6    7  8  9  10
      (empty)  .  .  .  .  Y  YBG  .  .  B  B×3
""")
    s = play(s, "(6)", "G6-10/4")
    assert city(s, 0) == "Y×1+G" and moves(s) == ["5-7"]
    s = s.apply_move("5-7")
    assert moves(s) == ["7-8", "skip"]


def test_pu_r8_turn_cap_is_optional():
    assert GAME.spec[K.MAX_TURNS] == 0
    assert ludotheque.load("puluc?max_turns=50").spec[K.MAX_TURNS] == 50


# -- PU-X worked examples ----------------------------------------------------------------------

def test_pu_x1_entering_blocked_entry_capture():
    s = position(X1)
    assert moves(s, "(2)") == ["0-2", "3x5"]
    assert unit(play(s, "(2)", "3x5"), 5) == "BY"
    assert moves(s, "(3)") == ["3-6"]
    assert moves(s, "(5)") == ["0x5", "3-8"]
    assert moves(ludotheque.load("puluc?zero=6").from_diagram(X1), "(6)") == ["0-6", "3x9"]
    passed = ludotheque.load("puluc?zero=0").from_diagram(X1).apply_move("(0)")
    assert passed.current_player == CHANCE and passed.data[K.TO_MOVE] == 1


def test_pu_x2_rescue():
    s = position(X2, to_move=1)
    assert moves(s, "(4)") == ["10-6", "9x5"]
    after = play(s, "(4)", "9x5")
    assert unit(after, 5) == "BYB"
    assert moves(s, "(1)") == ["9-8"]
    later = play(after, "(1)", "0-1", "(5)", "5-0")
    assert removed(later) == (1, 0) and city(later, 1) == "B×5"


def test_pu_x3_arrival_and_winning_capture():
    s = position(X3)
    assert moves(s, "(4)") == ["0-4", "2x6", "8-10"]
    win = play(s, "(4)", "2x6")
    assert win.is_terminal and win.outcome().winner == 0
    home = play(s, "(4)", "8-10")
    assert removed(home) == (0, 3) and city(home, 0) == "Y×4" and not home.is_terminal
    assert moves(s, "(2)") == ["2-4", "8-10"]


# -- PU-N notation and errors ------------------------------------------------------------------

def test_pu_n_record_line_replays():
    s = play_line(START, "(3) 0-3 (2) 10-8 (5) 3x8 (1) 10-9".split())
    assert unit(s, 8) == "BY" and unit(s, 9) == "B" and s.current_player == CHANCE


def test_pu_n_bad_text_is_a_notation_error_and_changes_nothing():
    s = position(X1).apply_move("(2)")
    before = s.data.copy()
    for bad in ("", "3:5", "a1-a2", "0-", "(7", "G", "3x5x7"):
        with pytest.raises(NotationError):
            s.parse_move(bad)
    for illegal in ("0-3", "4-6", "9-7", "3-5", "(2)", "skip", "G0-2"):
        with pytest.raises(IllegalActionError):
            s.apply_move(illegal)
    with pytest.raises(IllegalActionError):
        START.apply_move("0-3")                      # throw first
    assert np.array_equal(s.data, before)


def test_pu_n_diagram_errors():
    with pytest.raises(NotationError):
        GAME.from_diagram("pos: 0 1\n Y×5 B×5")
    with pytest.raises(NotationError):
        GAME.from_diagram(X1.replace("Y×4", "Y×5"))     # 6 yellow warriors
    with pytest.raises(NotationError):
        GAME.from_diagram(X3.replace("B×1", "B×2"))     # removed does not add up
    with pytest.raises(NotationError):
        GAME.from_diagram(X1.replace("Y×4", "B×4"))     # blue warriors in yellow's city


def test_pu_render_shows_track_stacks_and_last_throw():
    s = play(position(X2, to_move=1), "(4)", "9x5")
    text = s.to_text()
    assert "BYB" in text and "top to bottom B Y(captive) B" in text and "blue's" in text
    assert "last throw: (4) by Blue" in text and "Yellow to throw" in text
    assert "[yellow city] Y×4" in text and "[blue city] B×3" in text
