"""Omweso: one test per clause of rules/oware.md part 3 (OM-*), positions from diagrams."""
import numpy as np
import pytest

import ludotheque
from ludotheque import IllegalActionError, NotationError, RulesetError, Termination
from ludotheque.core.perft import divide, perft
from ludotheque.games.oware import omweso_kernels as K
from ludotheque.games.oware.omweso import pit_name

SOUTH, NORTH = 0, 1
GAME = ludotheque.load("oware/omweso")
SETUP = GAME.initial_state()
PLAY = GAME.play_start()          # the default position after `done`, `done`


def position(diagram, to_move=SOUTH, captures=(2, 2), ruleset="oware/omweso"):
    """Both players captured in earlier turns unless stated (as in OM-X1..X4, X6)."""
    return ludotheque.load(ruleset).from_diagram(diagram, to_move, captures)


def ranks(state):
    """Ranks 4, 3, 2, 1 as the spec writes them, files a..h."""
    text = state.to_text().splitlines()
    return [[int(v) for v in line.split()[1:9]] for line in (text[1], text[2], text[4], text[5])]


def moves(state):
    return [state.move_to_string(a) for a in state.legal_actions()]


def play(state, line):
    for m in line.split():
        state = state.apply_move(m)
    return state


X1 = """
      a  b  c  d  e  f  g  h
  4   5  5  5  5  5  5  5  5
  3   2  2  2  2  2  2  2  0
  2   1  0  0  0  0  0  0  2
  1   1  1  1  1  0  3  0  0
"""
X2 = """
      a  b  c  d  e  f  g  h
  4   6  6  6  2  6  6  2  6
  3   3  3  3  2  3  0  1  0
  2   0  0  0  1  0  0  1  0
  1   1  1  1  1  0  0  3  0
"""
X2_AFTER = [[6, 6, 6, 0, 6, 6, 0, 6], [3, 3, 3, 0, 3, 0, 0, 0], [0, 0, 1, 3, 2, 2, 2, 1], [1, 1, 1, 1, 0, 0, 0, 1]]
X3 = """
      a  b  c  d  e  f  g  h
  4   5  5  5  2  5  5  2  5
  3   5  5  5  1  5  0  2  0
  2   0  2  0  1  0  0  1  0
  1   1  1  1  0  0  0  0  0
"""
X3_B2 = [[5, 5, 5, 2, 5, 5, 2, 5], [5, 5, 5, 1, 5, 0, 2, 0], [1, 0, 0, 1, 0, 0, 1, 0], [0, 2, 0, 1, 1, 0, 0, 0]]
X3_CW = [[5, 5, 5, 0, 5, 5, 0, 5], [5, 5, 5, 0, 5, 0, 0, 0], [1, 1, 1, 2, 1, 1, 2, 0], [2, 0, 2, 1, 0, 0, 0, 0]]
X3_CCW = [[5, 5, 5, 0, 5, 5, 2, 5], [5, 5, 5, 0, 5, 0, 2, 0], [1, 1, 1, 2, 0, 0, 1, 0], [0, 2, 0, 1, 1, 0, 0, 0]]
X4 = """
      a  b  c  d  e  f  g  h
  4   2  5  5  5  5  5  5  4
  3   2  3  3  2  2  2  2  3
  2   1  0  0  0  0  0  0  1
  1   1  1  1  1  1  0  2  0
"""
X4_AFTER = [[0, 5, 5, 0, 5, 5, 5, 0], [0, 3, 3, 0, 2, 2, 2, 0], [0, 2, 2, 3, 3, 3, 3, 2], [2, 2, 0, 2, 0, 1, 1, 1]]
X6 = """
      a  b  c  d  e  f  g  h
  4   7  2  1  2  7  1 11  0
  3  15  2  1  2  1  0  2  1
  2   1  0  2  0  0  0  0  2
  1   0  2  0  0  0  0  1  1
"""
X6_RESULTS = {
    "g4": "8 3 2 3 8 2 1 1 / 16 3 2 3 0 1 0 2 / 1 0 2 0 0 0 0 2 / 0 2 0 0 0 0 1 1",
    "e4": "1 1 4 0 6 2 8 6 / 3 6 8 0 5 2 6 0 / 1 0 2 0 0 0 0 0 / 0 2 0 0 0 0 1 0",
    "d4": "14 0 4 2 3 4 0 3 / 2 4 8 4 1 2 5 2 / 1 0 2 0 0 0 0 0 / 0 2 0 0 0 0 1 0",
    "b4": "9 1 2 3 8 2 12 1 / 1 3 2 3 2 1 3 2 / 1 0 2 0 0 0 0 2 / 0 2 0 0 0 0 1 1",
    "a4": "4 6 2 0 11 2 3 4 / 2 7 1 6 5 2 3 0 / 1 0 2 0 0 0 0 0 / 0 2 0 0 0 0 1 0",
    "a3": "1 2 3 10 2 3 2 3 / 0 5 12 5 1 2 5 2 / 1 0 2 0 0 0 0 0 / 0 2 0 0 0 0 1 0",
    "b3": "12 7 0 1 12 3 1 1 / 0 2 1 0 2 4 5 7 / 1 0 2 0 0 0 0 0 / 0 2 0 0 0 0 1 0",
    "d3": "7 2 1 2 7 1 11 0 / 15 2 1 0 2 1 2 1 / 1 0 2 0 0 0 0 2 / 0 2 0 0 0 0 1 1",
    "g3": "7 2 1 2 7 1 11 1 / 15 2 1 2 1 0 0 2 / 1 0 2 0 0 0 0 2 / 0 2 0 0 0 0 1 1",
}
# Each side a "staircase" n, n-1, ..., 1 from its first pit: sowing the top pit shifts the
# staircase one pit on, so every 16 moves of each side the whole position comes back.
STAIRS = """
      a  b  c  d  e  f  g  h
  4   0  1  2  3  4  5  6  7
  3   0  0  0  0  0  0  0  0
  2   0  0  0  0  0  0  0  0
  1   8  7  6  5  4  3  2  1
"""
# North's 16 pits hold one seed each: after South's move he cannot move.
NORTH_STUCK = """
      a  b  c  d  e  f  g  h
  4   1  1  1  1  1  1  1  1
  3   1  1  1  1  1  1  1  1
  2   6  6  6  6  6  6  6  4
  1   2  0  0  0  0  0  0  0
"""
BIG_LAP = """
      a  b  c  d  e  f  g  h
  4   6  6  6  6  6  6  6  6
  3   0  0  0  0  0  0  0  0
  2   0  0  0  0  0  0  0  0
  1  16  0  0  0  0  0  0  0
"""


def parse_ranks(text):
    return [[int(v) for v in r.split()] for r in text.split("/")]


def top_pit_move(state):
    """The pit holding the most seeds (the top of a staircase)."""
    p = state.current_player
    k = int(np.argmax(state.data[16 * p:16 * p + 16]))
    return pit_name(p, k)


# -- OM-A board ------------------------------------------------------------------------------

def test_om_a1_four_rows_of_eight_named_a1_to_h4():
    pts = GAME.geometry()["points"]
    assert len(pts) == 32
    named = {p["id"]: (p["x"], p["y"]) for p in pts}
    assert named["a1"] == (0.0, 0.0) and named["h4"] == (7.0, 3.0) and named["c2"] == (2.0, 1.0)


def test_om_a2_south_owns_ranks_1_2_north_ranks_3_4():
    owners = {p["at"]: p["owner"] for p in GAME.view(PLAY)["pieces"]}
    assert all(owners[f"{f}{r}"] == (0 if r <= 2 else 1) for f in "abcdefgh" for r in range(1, 5))
    with pytest.raises(IllegalActionError, match="North pit"):
        PLAY.parse_move("c3")


def test_om_a3_each_side_sows_its_own_cycle():
    # South: h1 -> h2 (outer to inner), a2 -> a1 (inner to outer)
    s = position("""
      a  b  c  d  e  f  g  h
  4   0  0  0 30 30  0  0  0
  3   0  0  0  0  0  0  0  0
  2   2  0  0  0  0  0  0  0
  1   0  0  0  0  0  0  0  2
""", SOUTH, (0, 0))
    assert ranks(s.apply_move("h1"))[2:] == [[2, 0, 0, 0, 0, 0, 1, 1], [0] * 8]
    assert ranks(s.apply_move("a2"))[2:] == [[0] * 8, [1, 1, 0, 0, 0, 0, 0, 2]]
    # North: a4 -> a3 (outer to inner), h3 -> h4 (inner to outer)
    s = position("""
      a  b  c  d  e  f  g  h
  4   2  0  0  0  0  0  0  0
  3   0  0  0  0  0  0  0  2
  2   0  0  0  0  0  0  0  0
  1  30  0  0  0  0  0  0 30
""", NORTH, (0, 0))
    assert ranks(s.apply_move("a4"))[:2] == [[0] * 8, [1, 1, 0, 0, 0, 0, 0, 2]]
    assert ranks(s.apply_move("h3"))[:2] == [[2, 0, 0, 0, 0, 0, 1, 1], [0] * 8]


def test_om_a4_an_inner_pit_faces_both_opponent_pits_of_its_file():
    assert ranks(position(X2).apply_move("g1")) == X2_AFTER       # South's g2 takes g3 + g4
    # North's c3 takes c2 + c1: a3 (2) sows b3 c3; c3 held 1 -> capture 5, sown from d3 to h3
    s = position("""
      a  b  c  d  e  f  g  h
  4   0  0  0  0  0  0  0  0
  3   2  0  1  0  0  0  0  0
  2   0  0  3  0  0  0  0 27
  1   0  0  2  0  0  0  0 29
""", NORTH)
    assert ranks(s.apply_move("a3")) == [[0] * 8, [0, 1, 2, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 27],
                                         [0, 0, 0, 0, 0, 0, 0, 29]]


def test_om_a5_left_pits_are_a1_b1_b2_a2_and_h4_g4_g3_h3():
    with pytest.raises(IllegalActionError, match=r"left pit \(a1 b1 b2 a2\)"):
        position(X1).parse_move("h2r")
    s = position(X1, NORTH)
    with pytest.raises(IllegalActionError, match=r"left pit \(h4 g4 g3 h3\)"):
        s.parse_move("a4r")


# -- OM-B setup ------------------------------------------------------------------------------

def test_om_b1_four_seeds_in_every_inner_pit():
    assert ranks(SETUP) == [[0] * 8, [4] * 8, [4] * 8, [0] * 8]
    assert SETUP.data[K.PHASE] == K.SETUP_SOUTH and SETUP.current_player == SOUTH


def test_om_b2_each_player_rearranges_his_32_seeds_freely():
    s = SETUP
    for f in "bcdefgh":               # South gathers everything in a2, one seed at a time
        for _ in range(4):
            s = s.apply_move(f"{f}2-a2")
    assert ranks(s)[2] == [32, 0, 0, 0, 0, 0, 0, 0] and s.current_player == SOUTH
    s = s.apply_move("done")
    assert s.current_player == NORTH and s.data[K.PHASE] == K.SETUP_NORTH
    s = play(s, "a3-a4 a3-h4 done")
    assert ranks(s)[:2] == [[1, 0, 0, 0, 0, 0, 0, 1], [2, 4, 4, 4, 4, 4, 4, 4]]


def test_om_b3_one_seed_actions_then_done_at_most_32_moves():
    s = SETUP
    assert len(s.legal_actions()) == 8 * 15 + 1 and moves(s)[-1] == "done"
    s = s.apply_move("a2-a1")
    assert ranks(s)[2:] == [[3, 4, 4, 4, 4, 4, 4, 4], [1, 0, 0, 0, 0, 0, 0, 0]] and s.current_player == SOUTH
    s = s.apply_move("done")
    assert s.current_player == NORTH and s.data[K.PHASE] == K.SETUP_NORTH
    # North: the 32nd seed move ends his rearrangement without `done`
    n = 0
    s = SETUP.apply_move("done")
    while s.current_player == NORTH:
        s = s.apply(s.legal_actions()[0])
        n += 1
    assert n == 32 and s.data[K.PHASE] == K.PLAY and s.current_player == SOUTH


def test_om_b4_after_both_rearrangements_south_sows_first():
    assert PLAY.current_player == SOUTH and PLAY.data[K.PHASE] == K.PLAY
    assert moves(PLAY) == ["h2", "g2", "f2", "e2", "d2", "c2", "b2", "a2"]


# -- OM-C sowing and relay -------------------------------------------------------------------

def test_om_c1_only_pits_with_two_or_more_seeds_are_played():
    s = position(X1)
    assert moves(s) == ["f1", "h2"]
    with pytest.raises(IllegalActionError, match="fewer than 2"):
        s.apply_move("a1")


def test_om_c2_sowing_counter_clockwise_in_own_pits_only():
    after = position(X1).apply_move("h2")
    assert ranks(after)[:2] == ranks(position(X1))[:2]
    assert ranks(after)[2] == [1, 0, 0, 0, 0, 1, 1, 0]


def test_om_c3_no_pit_skipped_unless_skip_origin():
    assert ranks(position(BIG_LAP).apply_move("a1"))[2:] == [[1] * 8, [1] * 8]
    skipped = position(BIG_LAP, ruleset="oware/omweso?skip_origin=1").apply_move("a1")
    assert ranks(skipped)[2:] == [[0, 2, 0, 2, 0, 2, 0, 2], [1, 1, 2, 0, 2, 0, 2, 0]]


def test_om_c4_capture_test_first_then_relay_or_end():
    after = position(X1).apply_move("f1")       # h2 occupied but h3 empty: relay
    assert ranks(after)[2:] == [[1, 0, 0, 0, 1, 1, 1, 0], [1, 1, 1, 1, 0, 0, 1, 1]]


def test_om_c5_relay_sows_the_whole_pit_onwards():
    after = position(X3).apply_move("b2")       # a1 relays 2, c1 relays 2
    assert ranks(after) == X3_B2


def test_om_c6_last_seed_in_an_empty_pit_ends_the_turn():
    after = position(X1).apply_move("h2")
    assert after.current_player == NORTH and ranks(after)[2][5] == 1


# -- OM-D capture ----------------------------------------------------------------------------

def test_om_d1_capture_needs_inner_pit_occupied_and_both_opponent_pits():
    # X1 f1: h2 occupied, h3 empty -> no capture; X2 g1: g2 occupied, g3 and g4 full -> capture
    assert ranks(position(X1).apply_move("f1"))[:2] == ranks(position(X1))[:2]
    assert ranks(position(X2).apply_move("g1"))[0][6] == 0
    # a last seed in an occupied outer pit relays even with both opponent pits of the file full
    s = position("""
      a  b  c  d  e  f  g  h
  4   3  3  3  3  3  3  3  3
  3   3  3  3  3  3  3  3  3
  2   0  0  0  0  0  0  0 13
  1   2  0  1  0  0  0  0  0
""", SOUTH)
    after = s.apply_move("a1")   # b1, c1 (1 -> 2, outer): relay 2 from c1: d1, e1 empty
    assert ranks(after)[:2] == [[3] * 8, [3] * 8] and ranks(after)[3] == [0, 1, 0, 1, 1, 0, 0, 0]


def test_om_d2_captured_seeds_are_sown_in_own_pits_landing_pit_keeps_its_seeds():
    after = position(X2).apply_move("g1")
    assert ranks(after) == X2_AFTER and ranks(after)[2][6] == 2   # g2 kept its 2


def test_om_d3_capture_lap_starts_after_the_landing_pit_or_at_the_same_start():
    # 7A: after the first lap the capture starts at f2 (after g2); 7B: again at f2
    assert ranks(position(X2).apply_move("g1")) == X2_AFTER


def test_om_d4_a_capture_lap_may_capture_again_relay_or_end():
    assert ranks(position(X2).apply_move("g1")) == X2_AFTER       # captures again, then ends
    assert ranks(position(X4).apply_move("g1")) == X4_AFTER       # ... then relays


def test_om_d5_a_capturing_last_seed_never_relays():
    after = position(X2).apply_move("g1")
    assert ranks(after)[2][6] == 2            # g2 was not picked up


def test_om_d6_captures_keep_all_64_seeds_on_the_board():
    for diagram, m in ((X2, "g1"), (X4, "g1"), (X3, "b2r cw"), (X6, "a3")):
        after = play(position(diagram, NORTH if diagram is X6 else SOUTH), m)
        assert sum(map(sum, ranks(after))) == 64


# -- OM-E reverse capture --------------------------------------------------------------------

def test_om_e1_reverse_from_a_left_pit_only_if_its_first_lap_captures():
    assert moves(position(X3)) == ["b2", "b2r"]
    assert moves(PLAY).count("a2r") == 0      # a2 clockwise ends in e2: e4 empty, no capture
    with pytest.raises(IllegalActionError, match="does not capture"):
        PLAY.parse_move("a2r")


def test_om_e2_clockwise_continuation_or_counter_clockwise_from_the_turns_pit():
    s = position(X3).apply_move("b2r")
    assert s.current_player == SOUTH and moves(s) == ["cw", "ccw"]
    assert ranks(s.apply_move("cw")) == X3_CW
    assert ranks(s.apply_move("ccw")) == X3_CCW


def test_om_e3_choice_only_when_both_directions_are_possible():
    after = play(position(X3), "b2r cw")      # a second clockwise lap would not capture
    assert after.current_player == NORTH and after.data[K.PHASE] == K.PLAY


def test_om_e4_after_turning_counter_clockwise_the_turn_is_normal():
    after = play(position(X3), "b2r ccw")     # b2 a2 a1, then relays from a1 and c1
    assert ranks(after) == X3_CCW


def test_om_e5_a_left_pit_may_always_be_sown_normally():
    assert ranks(position(X3).apply_move("b2")) == X3_B2


# -- OM-F end of game ------------------------------------------------------------------------

def test_om_f1_no_pit_with_two_seeds_loses():
    after = position(NORTH_STUCK).apply_move("a1")
    out = after.outcome()
    assert after.is_terminal and out.termination == Termination.NO_MOVE and out.winner == SOUTH
    assert after.returns() == (1.0, -1.0)


def test_om_f2_akakyala_second_capturing_turn_before_the_opponents_first():
    after = position(X2, captures=(1, 0)).apply_move("g1")
    assert after.is_terminal and after.outcome().winner == SOUTH and "Akakyala" in after.outcome().reason
    first = position(X2, captures=(0, 0)).apply_move("g1")            # first capturing turn
    assert not first.is_terminal and first.data[K.CAPTURES] == 1
    both = position(X2, captures=(1, 1)).apply_move("g1")             # North has captured
    assert not both.is_terminal


def test_om_f3_emitwebiri_captures_in_files_a_and_h_in_one_turn():
    after = position(X4).apply_move("g1")
    assert after.is_terminal and "Emitwebiri" in after.outcome().reason
    assert after.outcome().winner == SOUTH and after.outcome().termination == Termination.GOAL


def test_om_f4_the_winning_turns_sowing_is_completed():
    assert ranks(position(X4).apply_move("g1")) == X4_AFTER
    assert ranks(position(X2, captures=(1, 0)).apply_move("g1")) == X2_AFTER


def test_om_f5_the_rules_endings_always_have_a_winner():
    for after in (position(NORTH_STUCK).apply_move("a1"), position(X4).apply_move("g1"),
                  position(X2, captures=(1, 0)).apply_move("g1")):
        assert after.outcome().winner is not None
    from ludotheque.core.loops import compiled_loops
    stats = compiled_loops(GAME.kernels).random_playouts(SETUP.data.copy(), GAME.spec, 2000, 5, 0)
    assert stats[0] == 2000 and stats[4] == 0 and stats[5] == 0


# -- OM-G engine -----------------------------------------------------------------------------

def test_om_g1_state_holds_pending_turn_data_during_a_direction_decision():
    s = position(X3, captures=(2, 1)).apply_move("b2r")
    d = s.data
    assert d[K.PHASE] == K.DECISION and d[K.HAND] == 3 and pit_name(0, int(d[K.CW_START])) == "e2"
    assert pit_name(0, int(d[K.TURN_START])) == "b2" and d[K.COLUMNS] == 1 << 3 and d[K.LAPS] == 1
    assert (d[K.CAPTURES], d[K.CAPTURES + 1]) == (2, 1) and d[K.SPECIAL] == 0


def test_om_g2_action_ids():
    assert GAME.num_actions == 291
    s = position(X3)
    assert s.parse_move("b2") == 257 + 14 and s.parse_move("b2r") == 273 + 14
    d = s.apply_move("b2r")
    assert d.parse_move("cw") == 289 and d.parse_move("ccw") == 290
    assert SETUP.parse_move("h2-h1") == 16 * 8 + 7 and SETUP.parse_move("g2-a1") == 16 * 9
    assert SETUP.parse_move("done") == 256


def test_om_g3_a_never_ending_turn_stops_after_lap_10000():
    after = position(X6, NORTH).apply_move("a3")
    assert ranks(after) == parse_ranks(X6_RESULTS["a3"]) and after.current_player == SOUTH
    assert ref_play(ref_from_state(position(X6, NORTH)), K.SOW + 8)["laps"] == 10_000


def test_om_g4_move_cap_counts_sowing_moves_and_adjudicates_on_seeds():
    g = ludotheque.load("oware/omweso?max_plies=3")
    s = g.from_diagram(STAIRS, SOUTH, (2, 2))
    for _ in range(3):
        assert not s.is_terminal
        s = s.apply_move(top_pit_move(s))
    out = s.outcome()
    assert out.termination == Termination.MOVE_LIMIT and out.winner == SOUTH    # 36 seeds to 28
    s = ludotheque.load("oware/omweso?max_plies=1").initial_state()
    s = play(s, "a2-a1 done done")           # rearrangement actions are not counted
    assert not s.is_terminal and s.apply(s.legal_actions()[0]).is_terminal


def test_om_g5_third_occurrence_of_a_play_position_ends_the_game():
    s = position(STAIRS)
    plies = 0
    while not s.is_terminal:
        s = s.apply_move(top_pit_move(s))
        plies += 1
        if plies == 32:
            assert ranks(s) == ranks(position(STAIRS))        # back after 16 moves each
    assert plies == 64 and s.outcome().termination == Termination.REPETITION
    assert s.outcome().winner == SOUTH


def test_om_g6_returns_plus_minus_one_or_zero():
    assert position(X4).apply_move("g1").returns() == (1.0, -1.0)
    drawn = ludotheque.load("oware/omweso?max_plies=1").from_diagram("""
      a  b  c  d  e  f  g  h
  4   0  0  0  0  0  0  0  0
  3   0  0  0  0  0  0  0 32
  2  30  0  0  0  0  0  0  0
  1   2  0  0  0  0  0  0  0
""", SOUTH, (2, 2)).apply_move("a1")      # b1 c1: no capture, 32-32
    assert drawn.is_terminal and drawn.returns() == (0.0, 0.0) and drawn.outcome().winner is None


# -- OM-R rulings ----------------------------------------------------------------------------

def test_om_r1_captures_are_made_from_the_inner_row():
    test_om_d1_capture_needs_inner_pit_occupied_and_both_opponent_pits()


def test_om_r2_default_setup_fills_the_inner_rows():
    test_om_b1_four_seeds_in_every_inner_pit()


def test_om_r3_rearrangement_is_one_seed_at_a_time_and_bounded():
    test_om_b3_one_seed_actions_then_done_at_most_32_moves()


def test_om_r4_sixteen_seeds_reach_their_own_pit_again():
    test_om_c3_no_pit_skipped_unless_skip_origin()


def test_om_r5_capture_lap_start_pits():
    test_om_d3_capture_lap_starts_after_the_landing_pit_or_at_the_same_start()


def test_om_r6_reverse_needs_a_direct_capture():
    s = position(X3)
    assert "b2r" in moves(s) and "a2r" not in moves(s)


def test_om_r7_reverse_resume_origin_or_after_origin():
    assert ranks(play(position(X3), "b2r ccw")) == X3_CCW
    after = play(position(X3, ruleset="oware/omweso?reverse_resume=after-origin"), "b2r ccw")
    # a2 a1 b1, relay 2 from b1: c1 d1
    assert ranks(after)[2:] == [[1, 0, 1, 2, 0, 0, 1, 0], [2, 0, 2, 1, 0, 0, 0, 0]]


def test_om_r8_clockwise_continuation_uses_the_same_start():
    assert ranks(play(position(X3), "b2r cw")) == X3_CW


def test_om_r9_lap_limit():
    test_om_g3_a_never_ending_turn_stops_after_lap_10000()


def test_om_r10_special_win_completes_the_sowing():
    test_om_f4_the_winning_turns_sowing_is_completed()


def test_om_r11_endless_games_end_by_repetition_or_cap():
    test_om_g5_third_occurrence_of_a_play_position_ends_the_game()


# -- OM-X worked examples --------------------------------------------------------------------

def test_om_x1_relay_and_a_non_capture():
    s = position(X1)
    assert moves(s) == ["f1", "h2"]
    assert ranks(s.apply_move("f1"))[2:] == [[1, 0, 0, 0, 1, 1, 1, 0], [1, 1, 1, 1, 0, 0, 1, 1]]
    assert ranks(s.apply_move("h2"))[2] == [1, 0, 0, 0, 0, 1, 1, 0]


def test_om_x2_capture_resown_from_the_same_start_and_akakyala():
    s = position(X2)
    assert moves(s) == ["g1"]
    after = s.apply_move("g1")
    assert ranks(after) == X2_AFTER and not after.is_terminal
    won = position(X2, captures=(1, 0)).apply_move("g1")
    assert ranks(won) == X2_AFTER and won.is_terminal and won.outcome().winner == SOUTH


def test_om_x3_reverse_capture_and_direction_decision():
    s = position(X3)
    assert moves(s) == ["b2", "b2r"]
    assert ranks(s.apply_move("b2")) == X3_B2
    d = s.apply_move("b2r")
    assert moves(d) == ["cw", "ccw"]
    assert ranks(d.apply_move("cw")) == X3_CW and ranks(d.apply_move("ccw")) == X3_CCW


def test_om_x4_emitwebiri():
    s = position(X4)
    assert moves(s) == ["g1"]
    after = s.apply_move("g1")
    assert ranks(after) == X4_AFTER and after.outcome().winner == SOUTH and "Emitwebiri" in after.outcome().reason


def test_om_x5_a_rearrangement():
    s = SETUP
    ids = [s.parse_move(m) for m in ("h2-h1",)]
    assert ids == [16 * 8 + 7]
    s = play(SETUP, "h2-h1 h2-h1")
    assert s.parse_move("g2-a1") == 16 * 9 + 0
    s = play(s, "g2-a1 done")
    assert ranks(s)[2:] == [[4, 4, 4, 4, 4, 4, 3, 2], [1, 0, 0, 0, 0, 0, 0, 2]]
    assert s.current_player == NORTH
    s = s.apply_move("done")
    assert s.current_player == SOUTH and s.data[K.PHASE] == K.PLAY


def test_om_x6_never_ending_relay():
    s = position(X6, NORTH)
    assert sorted(moves(s)) == sorted("g4 e4 d4 b4 a4 a3 b3 d3 g3".split())
    laps = {"g4": 3, "e4": 29, "d4": 21, "b4": 2, "a4": 11, "a3": 10_000, "b3": 18, "d3": 1, "g3": 1}
    for m, want in X6_RESULTS.items():
        assert ranks(s.apply_move(m)) == parse_ranks(want), m
        assert ref_play(ref_from_state(s), s.parse_move(m))["laps"] == laps[m], m


# -- perft: from the position after both players play `done` (the spec gives none) ------------

OM_PERFT = [8, 71, 503, 3575, 26113]


def test_om_perft_to_depth_5_from_the_play_phase_counts_actions():
    """Counted from `play_start()` (South `done`, North `done`); a reverse move and its
    direction decision are two actions."""
    for depth, expected in enumerate(OM_PERFT, start=1):
        got = perft(PLAY, depth)
        assert got == expected, f"perft({depth}) = {got}, expected {expected}; divide: {divide(PLAY, depth)}"


def test_om_perft_matches_the_plain_python_reference():
    def ref_perft(pos, depth):
        if depth == 0:
            return 1
        if pos["end"]:
            return 0
        return sum(ref_perft(ref_play(pos, a), depth - 1) for a in ref_legal(pos))
    assert [ref_perft(ref_from_state(PLAY), d) for d in range(1, 5)] == OM_PERFT[:4]


# -- a plain Python reference of the rules, seed by seed, for differential tests ---------------

def ref_from_state(state):
    d = state.data
    return {"b": [int(v) for v in d[:32]], "p": int(d[K.TO_MOVE]), "phase": int(d[K.PHASE]),
            "rearranged": [int(d[K.REARRANGED]), int(d[K.REARRANGED + 1])],
            "caps": [int(d[K.CAPTURES]), int(d[K.CAPTURES + 1])], "end": "", "winner": None,
            "seen": {}, "ply": 0, "pending": None, "laps": 0, "skip": int(state.game.spec[0]),
            "resume": int(state.game.spec[1])}


def ref_lap(pos, o, n, d):
    """Sows n seeds one by one after pit o in direction d; returns the last pit."""
    b, p, k = pos["b"], pos["p"], o
    for _ in range(n):
        k = (k + d) % 16
        if pos["skip"] and k == o and n >= 16:
            k = (k + d) % 16
        b[16 * p + k] += 1
    pos["laps"] += 1
    return k


def ref_capture(pos, k):
    """OM-D1/D2 and the special wins: the seeds taken at inner pit k, or 0."""
    b, p = pos["b"], pos["p"]
    if k < 8:
        return 0
    x = 15 - k if p == 0 else k - 8                  # the file of inner pit k
    if p == 0:
        targets = [16 + x + 8, 16 + 7 - x]           # South's x2 faces North's x3, x4
    else:
        targets = [15 - x, x]                        # North's x3 faces South's x2, x1
    if b[16 * p + k] < 2 or not all(b[t] for t in targets):
        return 0
    taken = sum(b[t] for t in targets)
    for t in targets:
        b[t] = 0
    pos["cols"].add(x)
    if not pos["special"]:
        if pos["caps"][p] >= 1 and pos["caps"][1 - p] == 0:
            pos["special"] = "akakyala"
        elif {0, 7} <= pos["cols"]:
            pos["special"] = "emitwebiri"
    return taken


def ref_would_capture(pos, o, n, d):
    trial = dict(pos, b=list(pos["b"]), cols=set(), special="", caps=list(pos["caps"]))
    k = ref_lap(trial, o, n, d)
    return ref_capture(trial, k) > 0


def ref_legal(pos):
    if pos["end"]:
        return []
    b, p = pos["b"], pos["p"]
    if pos["phase"] in (K.SETUP_SOUTH, K.SETUP_NORTH):
        return [16 * i + j for i in range(16) if b[16 * p + i] for j in range(16) if j != i] + [K.DONE]
    if pos["pending"]:
        return [K.CLOCKWISE, K.COUNTER_CLOCKWISE]
    normal = [K.SOW + k for k in range(16) if b[16 * p + k] >= 2]
    reverse = [K.REVERSE + k for k in (0, 1, 14, 15) if b[16 * p + k] >= 2 and ref_would_capture(
        dict(pos, b=[0 if i == 16 * p + k else v for i, v in enumerate(b)]), k, b[16 * p + k], -1)]
    return normal + reverse


def ref_ccw(pos, o, hand, capture_lap, start):
    b, p = pos["b"], pos["p"]
    while True:
        k = ref_lap(pos, o, hand, 1)
        if pos["laps"] == 10_000:
            break
        taken = ref_capture(pos, k)
        if taken:
            if not capture_lap:
                start = (k + 1) % 16
            o, hand, capture_lap = (start - 1) % 16, taken, True
        elif b[16 * p + k] >= 2:
            o, hand, b[16 * p + k], capture_lap = k, b[16 * p + k], 0, False
        else:
            break
    ref_end_turn(pos)


def ref_after_cw_capture(pos, taken, cw_start):
    if ref_would_capture(pos, (cw_start + 1) % 16, taken, -1):
        pos["pending"] = (taken, cw_start)
        return
    start = (pos["turn_start"] + pos["resume"]) % 16
    ref_ccw(pos, (start - 1) % 16, taken, True, start)


def ref_end_turn(pos):
    p = pos["p"]
    if pos["cols"]:
        pos["caps"][p] = min(2, pos["caps"][p] + 1)
    pos["pending"], pos["ply"], pos["p"] = None, pos["ply"] + 1, 1 - p
    if pos["special"]:
        pos["end"], pos["winner"] = pos["special"], p
        return
    ref_settle(pos)


def ref_settle(pos):
    p, b = pos["p"], pos["b"]
    if not any(v >= 2 for v in b[16 * p:16 * p + 16]):
        pos["end"], pos["winner"] = "no move", 1 - p
        return
    key = (tuple(b), p, tuple(pos["caps"]))
    pos["seen"][key] = pos["seen"].get(key, 0) + 1
    if pos["seen"][key] == 3:
        south = sum(b[:16])
        pos["end"], pos["winner"] = "repetition", (0 if south > 32 else 1 if south < 32 else None)


def ref_play(pos, a):
    pos = dict(pos, b=list(pos["b"]), rearranged=list(pos["rearranged"]), caps=list(pos["caps"]),
               seen=dict(pos["seen"]))
    b, p = pos["b"], pos["p"]
    if a < K.DONE:
        b[16 * p + a // 16] -= 1
        b[16 * p + a % 16] += 1
        pos["rearranged"][p] += 1
        if pos["rearranged"][p] < 32:
            return pos
        a = K.DONE
    if a == K.DONE:
        if pos["phase"] == K.SETUP_SOUTH:
            pos["phase"], pos["p"] = K.SETUP_NORTH, 1
        else:
            pos["phase"], pos["p"], pos["seen"] = K.PLAY, 0, {}
            ref_settle(pos)
        return pos
    if a < K.CLOCKWISE:
        pos["cols"], pos["special"], pos["laps"] = set(), "", 0
        k = (a - K.SOW) % 16
        hand, b[16 * p + k] = b[16 * p + k], 0
        pos["turn_start"] = k
        if a < K.REVERSE:
            ref_ccw(pos, k, hand, False, 0)
        else:
            last = ref_lap(pos, k, hand, -1)
            ref_after_cw_capture(pos, ref_capture(pos, last), (last - 1) % 16)
        return pos
    pos["cols"] = set(pos["cols"])
    hand, cw_start = pos["pending"]
    pos["pending"] = None
    if a == K.CLOCKWISE:
        last = ref_lap(pos, (cw_start + 1) % 16, hand, -1)
        if pos["laps"] == 10_000:
            ref_end_turn(pos)
        else:
            ref_after_cw_capture(pos, ref_capture(pos, last), cw_start)
    else:
        start = (pos["turn_start"] + pos["resume"]) % 16
        ref_ccw(pos, (start - 1) % 16, hand, True, start)
    return pos


@pytest.mark.parametrize("ruleset", ["oware/omweso", "oware/omweso?skip_origin=1&reverse_resume=after-origin"])
def test_kernels_agree_with_the_reference_along_random_games(ruleset):
    g = ludotheque.load(ruleset)
    rng = np.random.default_rng(13)
    decisions = 0
    for game in range(150):
        s = g.initial_state() if game % 2 else play(g.initial_state(), "done done")
        ref = ref_from_state(s)
        if s.data[K.PHASE] == K.PLAY:
            ref_settle(ref)
        while not s.is_terminal:
            assert s.legal_actions() == ref_legal(ref)
            a = int(rng.choice(s.legal_actions()))
            decisions += a == K.CLOCKWISE
            s, ref = s.apply(a), ref_play(ref, a)
            assert [int(v) for v in s.data[:32]] == ref["b"]
            assert s.is_terminal == bool(ref["end"])
            assert [int(v) for v in s.data[K.CAPTURES:K.CAPTURES + 2]] == ref["caps"]
            if s.is_terminal:
                assert s.outcome().winner == ref["winner"]
            else:
                assert s.current_player == ref["p"]
    assert decisions > 0


# -- notation, errors, options ---------------------------------------------------------------

def test_notation_round_trips_for_every_legal_action_along_random_games():
    rng = np.random.default_rng(9)
    for game in range(60):
        s = SETUP if game % 3 == 0 else PLAY
        while not s.is_terminal:
            for a in s.legal_actions():
                assert s.parse_move(s.move_to_string(a)) == a
            s = s.apply(int(rng.choice(s.legal_actions())))


@pytest.mark.parametrize("text", ["", "i1", "a5", "a", "a2x", "a2-", "a2-b", "cww", "a2 r", "1a", None])
def test_malformed_moves_raise_notation_error_and_change_nothing(text):
    before = PLAY.key()
    with pytest.raises(NotationError):
        PLAY.parse_move(text)
    assert PLAY.key() == before


def test_illegal_moves_raise_typed_errors_and_change_nothing():
    before = PLAY.key()
    for text, match in (("c2-d1", "rearrangement is over"), ("done", "rearrangement is over"),
                        ("cw", "no direction"), ("a1", "fewer than 2"), ("e3", "North pit")):
        with pytest.raises(IllegalActionError, match=match):
            PLAY.apply_move(text)
    assert PLAY.key() == before
    with pytest.raises(IllegalActionError, match="rearrange first"):
        SETUP.apply_move("c2")
    with pytest.raises(IllegalActionError, match="empty"):
        SETUP.apply_move("c1-d1")
    with pytest.raises(IllegalActionError, match="another pit"):
        SETUP.apply_move("c2-c2")
    d = position(X3).apply_move("b2r")
    with pytest.raises(IllegalActionError, match="cw or ccw"):
        d.apply_move("b2")
    with pytest.raises(IllegalActionError):
        PLAY.apply(291)


def test_bad_options_and_diagrams_are_rejected():
    for bad in ("oware/omweso?skip_origin=2", "oware/omweso?reverse_resume=next",
                "oware/omweso?max_plies=-3", "oware/omweso?repetition=2"):
        with pytest.raises(RulesetError):
            ludotheque.load(bad)
    with pytest.raises(NotationError, match="64"):
        position(X1.replace("  1   1  1", "  1   2  1"))
    with pytest.raises(NotationError, match="ranks"):
        position("\n".join(X1.splitlines()[:-1]))


def test_render_labels_both_rows_of_each_side_and_reads_back():
    text = PLAY.to_text()
    for label in ("North outer", "North inner", "South inner", "South outer"):
        assert label in text
    s = position(X3)
    assert GAME.from_diagram(s.to_text(), SOUTH, (2, 2)).key() == s.key()
    assert "cw or ccw" in s.apply_move("b2r").to_text()
