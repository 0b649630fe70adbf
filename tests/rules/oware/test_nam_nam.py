"""Nam-Nam: one test per clause of rules/oware.md part 2 (NN-*), positions from diagrams."""
import numpy as np
import pytest

import ludotheque
from ludotheque import IllegalActionError, NotationError, RulesetError, Termination
from ludotheque.core.perft import divide, perft
from ludotheque.games.oware import nam_nam_kernels as K

SOUTH, NORTH = 0, 1
GAME = ludotheque.load("oware/nam-nam")
START = GAME.initial_state()


def position(diagram: str, to_move: int = SOUTH, round_number: int | None = None, ruleset: str = "oware/nam-nam"):
    return ludotheque.load(ruleset).from_diagram(diagram, to_move, round_number)


def rows(state):
    """(South A..F, North a..f, (South store, North store)) as the spec writes them."""
    s = state.data
    return [int(v) for v in s[0:6]], [int(v) for v in s[6:12]], (int(s[K.STORE]), int(s[K.STORE + 1]))


def owners(state):
    """Owner letters of A..F then a..f, e.g. 'SSSSSN NNNNNN'."""
    own = GAME.owners(state)
    return "".join("SN"[o] for o in own[:6]) + " " + "".join("SN"[o] for o in own[6:])


def moves(state):
    return sorted(state.move_to_string(a) for a in state.legal_actions())


def round_end(state):
    """(how the previous round ended, its final stores)."""
    s = state.data
    return int(s[K.LAST_ROUND_END]), (int(s[K.PREV_STORE]), int(s[K.PREV_STORE + 1]))


X1_AFTER_A = """
        f  e  d  c  b  a
North   6  6  1  0  6  6    store 0
South   2  7  1  6  1  6    store 0
        A  B  C  D  E  F
"""
X2 = """
        f  e  d  c  b  a
North   3  2  2  2  0  3    store 12
South   2  3  0  3  2  2    store 12
        A  B  C  D  E  F
"""
X3 = """
        f  e  d  c  b  a
North   0  0  0  0  0  3    store 20
South   0  3  0  3  2  1    store 16
        A  B  C  D  E  F
"""
X5 = """
        f  e  d  c  b  a
North   1  0  1  2  0  1    store 20
South   0  1  3  1  0  2    store 16
        A  B  C  D  E  F
"""
# Round 2 after NN-X3 `D`: South owns f (marked *), North starts.
ROUND2_SOUTH_OWNS_F = """
Round 2
        f  e  d  c  b  a
North   4* 4  4  4  4  4    store 0
South   4  4  4  4  4  4    store 0
        A  B  C  D  E  F
"""
# Found in random play: from here `E a F a f d D c F a F a` repeats a position a third time.
REPEATS = """
Round 4
        f  e  d  c  b  a
North   2* 0* 0  1  0  0    store 20
South   0  2  0  1  2  0    store 20
        A  B  C  D  E  F
"""
REPEAT_LINE = "E a F a f d D c F a F a".split()


def blocked(south, north, south_store, north_store, round_number=1):
    """South to move owns no seeds (NN-E2): the round ends at once."""
    return position(f"""
        f  e  d  c  b  a
North   {'  '.join(map(str, north))}    store {north_store}
South   {'  '.join(map(str, south))}    store {south_store}
        A  B  C  D  E  F
""", SOUTH, round_number)


# -- NN-A board and state ------------------------------------------------------------------

def test_nn_a1_abapa_board_and_absolute_names():
    g = GAME.geometry()
    assert [p["id"] for p in g["points"]] == list("ABCDEFabcdef")
    pts = {p["id"]: (p["x"], p["y"]) for p in g["points"]}
    assert pts["A"] == (0.0, 0.0) and pts["a"] == (5.0, 1.0) and pts["f"] == (0.0, 1.0)
    s = position(ROUND2_SOUTH_OWNS_F, NORTH)
    assert moves(s) == list("abcde")
    south = s.apply_move("a")
    assert "f" in moves(south) and south.parse_move("f") == 11   # South plays f by its name


def test_nn_a2_owners_are_state_and_fixed_within_a_round():
    s = position(ROUND2_SOUTH_OWNS_F, NORTH)
    assert owners(s) == "SSSSSS NNNNNS"
    assert [p["owner"] for p in GAME.view(s)["pieces"]] == [0] * 6 + [1] * 5 + [0]
    rng = np.random.default_rng(2)
    while s.data[K.ROUND] == 2:
        assert owners(s) == "SSSSSS NNNNNS"
        s = s.apply(int(rng.choice(s.legal_actions())))


def test_nn_a3_board_plus_stores_is_48():
    rng = np.random.default_rng(3)
    s = START
    for _ in range(300):
        if s.is_terminal:
            break
        south, north, stores = rows(s)
        assert sum(south) + sum(north) + sum(stores) == 48
        s = s.apply(int(rng.choice(s.legal_actions())))


def test_nn_a4_state_holds_round_and_player_to_move():
    s = position(ROUND2_SOUTH_OWNS_F, NORTH)
    assert s.data[K.ROUND] == 2 and s.current_player == NORTH
    assert s.to_text().splitlines()[0] == "Round 2" and s.to_text().endswith("North to move")


# -- NN-B setup ------------------------------------------------------------------------------

def test_nn_b1_round_one_four_everywhere_own_rows_empty_stores():
    assert rows(START) == ([4] * 6, [4] * 6, (0, 0))
    assert owners(START) == "SSSSSS NNNNNN" and START.data[K.ROUND] == 1


def test_nn_b2_south_starts_round_one():
    assert START.current_player == SOUTH and moves(START) == list("ABCDEF")


# -- NN-C moves and relay --------------------------------------------------------------------

def test_nn_c1_any_owned_nonempty_house_in_either_row_no_feeding():
    s = position(ROUND2_SOUTH_OWNS_F, NORTH).apply_move("a")
    assert "f" in moves(s) and set(moves(s)) <= set("ABCDEFf")
    # North's own row is empty: no feeding rule, every South house with seeds may be played
    s = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  0    store 24
South   1  0  2  0  1  0    store 20
        A  B  C  D  E  F
""", SOUTH)
    assert moves(s) == ["A", "C", "E"]


def test_nn_c2_sowing_goes_round_both_rows_from_the_next_house():
    after = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  0    store 24
South   0  0  0  2  1  1    store 20
        A  B  C  D  E  F
""").apply_move("F")            # 1 seed from F into a (North's), empty: turn ends
    assert rows(after)[:2] == ([0, 0, 0, 2, 1, 0], [1, 0, 0, 0, 0, 0])
    assert rows(START.apply_move("A"))[:2] == rows(position(X1_AFTER_A))[:2]


def test_nn_c3_a_lap_of_twelve_skips_its_start_house():
    s = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  0    store 16
South   2  0 12  2  0  0    store 16
        A  B  C  D  E  F
""")
    # 11 seeds D..B, C skipped, the 12th makes D 3 -> 4 with the last seed: South takes it
    after = s.apply_move("C")
    assert rows(after) == ([3, 1, 0, 0, 1, 1], [1] * 6, (20, 16))


def test_nn_c4_relay_from_an_occupied_house():
    after = position(X2).apply_move("B")   # E 2 -> 3 with the last seed: relay 3 from E
    assert rows(after) == ([2, 0, 1, 0, 0, 3], [0, 1, 2, 2, 2, 3], (16, 16))


def test_nn_c5_last_seed_in_an_empty_house_ends_the_turn():
    after = position(X5).apply_move("D")
    assert rows(after)[:2] == ([0, 1, 3, 0, 1, 2], [1, 0, 2, 1, 0, 1]) and after.current_player == NORTH


def test_nn_c6_a_last_seed_four_or_a_round_end_ends_the_turn():
    after = position(X2).apply_move("D")
    assert rows(after) == ([2, 3, 0, 0, 3, 3], [0, 0, 2, 2, 2, 3], (16, 12))
    assert after.current_player == NORTH
    after = position(X3).apply_move("B")   # round over in the middle of a relay
    assert after.data[K.ROUND] == 2


# -- NN-D fours ------------------------------------------------------------------------------

def test_nn_d1_a_four_made_mid_sowing_goes_to_the_house_owner():
    after = position(X2).apply_move("F")   # a (North's) 3 -> 4 with a seed in hand
    assert rows(after) == ([2, 3, 0, 3, 2, 0], [0, 1, 2, 2, 2, 3], (12, 16))
    after = position(X2).apply_move("A")   # B (South's) 3 -> 4: South
    assert rows(after) == ([0, 0, 1, 3, 2, 2], [3, 0, 2, 2, 2, 3], (16, 12))


def test_nn_d2_a_last_seed_four_goes_to_the_mover_whoever_owns_it():
    after = position(X2).apply_move("E")   # a (North's) 3 -> 4 with South's last seed
    assert rows(after) == ([2, 3, 0, 3, 0, 3], [0, 0, 2, 2, 2, 3], (16, 12))


def test_nn_d3_only_three_to_four_is_a_four():
    # NN-X1: E goes 4 -> 5 and relays; picking up A (4) is not a four
    after = START.apply_move("A")
    assert rows(after)[2] == (0, 0)
    # a house holding 4 at the start of a round is not taken when sown into
    assert rows(START.apply_move("F"))[2] == (0, 0)


# -- NN-E end of a round ---------------------------------------------------------------------

def test_nn_e1_penultimate_four_taker_takes_the_last_four_with_seeds_in_hand():
    after = position(X3).apply_move("B")
    # North's four at a leaves C 1, F 2 and one seed in South's hand: North takes them
    assert round_end(after) == (K.R_LAST_FOUR, (20, 28))


def test_nn_e2_a_player_with_no_seeds_ends_the_round():
    after = position(X3).apply_move("D")
    assert round_end(after) == (K.R_BLOCKED, (28, 20))
    s = blocked([0] * 6, [0, 0, 0, 0, 4, 4], 24, 16)     # South blocked: North takes his 8
    assert round_end(s) == (K.R_BLOCKED, (24, 24))


def test_nn_e3_at_a_round_end_all_48_seeds_are_in_the_stores():
    for m in "BDEF":
        kind, stores = round_end(position(X3).apply_move(m))
        assert sum(stores) == 48
    assert sum(round_end(position(X5).apply_move("C"))[1]) == 48


# -- NN-F next round -------------------------------------------------------------------------

def test_nn_f1_a_new_round_unless_a_store_is_empty():
    s = blocked([0] * 6, [4, 4, 0, 0, 0, 0], 16, 24)     # 16-32: round 2
    assert s.data[K.ROUND] == 2 and not s.is_terminal
    s = blocked([0] * 6, [4, 4, 0, 0, 0, 0], 0, 40)      # 0-48: game over
    assert s.is_terminal and s.data[K.ROUND] == 1


def test_nn_f2_each_fills_his_own_row_from_his_left():
    s = blocked([0] * 6, [0, 0, 0, 0, 4, 4], 8, 32)      # 8-40 (NN-X4)
    assert owners(s)[:2] == "SS" and owners(s)[7:] == "NNNNNN"
    assert rows(s)[:2] == ([4] * 6, [4] * 6)


def test_nn_f3_the_richer_fills_the_opponents_unfilled_houses_from_his_left():
    s = blocked([0] * 6, [0, 0, 0, 0, 4, 4], 8, 32)      # 8-40: North also fills C, D, E, F
    assert owners(s) == "SSNNNN NNNNNN"
    s = position(X3).apply_move("D")                    # 28-20: South fills f
    assert owners(s) == "SSSSSS NNNNNS"


def test_nn_f4_fillers_own_their_houses_all_seeds_on_the_board_stores_empty():
    s = position(X3).apply_move("B")                    # 20-28: North fills F
    assert owners(s) == "SSSSSN NNNNNN"
    assert rows(s) == ([4] * 6, [4] * 6, (0, 0))


def test_nn_f5_24_24_starts_like_round_one():
    s = blocked([0] * 6, [0, 0, 0, 0, 4, 4], 24, 16)
    assert round_end(s)[1] == (24, 24)
    assert owners(s) == "SSSSSS NNNNNN" and rows(s) == ([4] * 6, [4] * 6, (0, 0))


def test_nn_f6_round_transitions_are_automatic_and_count_rounds():
    s = position(X3).apply_move("D")
    assert s.data[K.ROUND] == 2 and s.data[K.PLY] == 1   # one action, no extra move
    s = blocked([0] * 6, [0, 0, 0, 0, 4, 4], 24, 16, round_number=5)
    assert s.data[K.ROUND] == 6


def test_nn_f7_round_k_is_started_by_player_k_minus_1_mod_2():
    assert position(X3).apply_move("D").current_player == NORTH           # round 2
    s = blocked([0] * 6, [0, 0, 0, 0, 4, 4], 24, 16, round_number=2)
    assert s.data[K.ROUND] == 3 and s.current_player == SOUTH


# -- NN-G end of game ------------------------------------------------------------------------

def test_nn_g1_holding_all_48_seeds_wins():
    s = blocked([0] * 6, [0, 0, 0, 0, 4, 4], 0, 40)
    out = s.outcome()
    assert out.termination == Termination.GOAL and out.winner == NORTH and s.returns() == (-1.0, 1.0)
    assert rows(s)[2] == (0, 48)


def test_nn_g2_no_draws_without_the_move_cap():
    from ludotheque.core.loops import compiled_loops
    stats = compiled_loops(GAME.kernels).random_playouts(START.data.copy(), GAME.spec, 2000, 12, 0)
    assert stats[0] == 2000 and stats[4] == 0 and stats[5] == 0


# -- NN-H engine -----------------------------------------------------------------------------

def test_nn_h1_action_ids_are_absolute_houses_and_a_turn_is_one_action():
    assert GAME.num_actions == 12
    s = position(ROUND2_SOUTH_OWNS_F, NORTH).apply_move("a")
    assert s.parse_move("f") == 11 and s.move_to_string(11) == "f"
    assert START.apply(0).data[K.PLY] == 1    # NN-X1: 5 laps, one action


def test_nn_h2_state_holds_counts_owners_stores_player_round_moves_and_record():
    s = START.apply_move("A")             # NN-X1: no four, the record holds two positions
    d = s.data
    assert list(d[0:12]) == [2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6]
    assert list(d[K.OWNER:K.OWNER + 12]) == [0] * 6 + [1] * 6 and (d[K.STORE], d[K.STORE + 1]) == (0, 0)
    assert d[K.TO_MOVE] == NORTH and d[K.ROUND] == 1 and d[K.PLY] == 1 and d[K.HLEN] == 2


def test_nn_h3_never_ending_sowing_stops_at_the_repeated_relay_point():
    s = position(X5)
    data = s.data.copy()
    assert K.sow_turn(data, 2) == K.R_ENDLESS_SOWING
    assert list(data[0:6]) == [0, 1, 0, 2, 1, 3] and list(data[6:12]) == [1, 0, 2, 1, 0, 1]
    assert ref_turn(*ref_position(s), 2)[2] == ("endless", 61)
    after = s.apply_move("C")
    assert round_end(after) == (K.R_ENDLESS_SOWING, (20, 28)) and after.data[K.ROUND] == 2


def test_nn_h4_third_occurrence_of_a_position_ends_the_round():
    s = position(REPEATS)
    for m in REPEAT_LINE[:-1]:
        s = s.apply_move(m)
        assert s.data[K.ROUND] == 4
    after = s.apply_move(REPEAT_LINE[-1])
    assert after.data[K.ROUND] == 5
    kind, stores = round_end(after)
    assert kind == K.R_REPETITION and sum(stores) == 48 and stores[0] % 4 == 0


def test_nn_h5_richer_rounds_up_poorer_rounds_down():
    after = position(X5).apply_move("C")   # houses: South 7, North 5 -> 23-25 -> 20-28
    assert round_end(after)[1] == (20, 28)
    assert owners(after) == "SSSSSN NNNNNN" and after.current_player == NORTH


def test_nn_h6_move_cap_each_takes_his_houses_larger_store_wins():
    s = ludotheque.load("oware/nam-nam?max_plies=1").from_diagram(X2).apply_move("D")
    assert s.is_terminal and rows(s)[2] == (16 + 11, 12 + 9)
    out = s.outcome()
    assert out.termination == Termination.MOVE_LIMIT and out.winner == SOUTH
    g = ludotheque.load("oware/nam-nam?max_plies=1")
    drawn = g.from_diagram("""
        f  e  d  c  b  a
North   0  0  0  0  1  1    store 20
South   0  0  0  0  1  1    store 24
        A  B  C  D  E  F
""").apply_move("E")                      # E -> F (2): relay a, b (2): relay c, d: North owns 4
    assert drawn.is_terminal and rows(drawn)[2] == (24, 24)
    assert drawn.outcome().winner is None and drawn.returns() == (0.0, 0.0)


def test_nn_h7_returns_plus_minus_one_or_zero():
    rng = np.random.default_rng(7)
    for _ in range(5):
        s = START
        while not s.is_terminal:
            assert s.returns() == (0.0, 0.0)
            s = s.apply(int(rng.choice(s.legal_actions())))
        assert s.returns() in ((1.0, -1.0), (-1.0, 1.0))
        assert sorted(rows(s)[2]) == [0, 48]


# -- NN-R rulings ----------------------------------------------------------------------------

def test_nn_r1_no_feeding_and_a_blocked_player_ends_the_round():
    test_nn_c1_any_owned_nonempty_house_in_either_row_no_feeding()
    assert round_end(position(X3).apply_move("E")) == (K.R_BLOCKED, (28, 20))


def test_nn_r2_the_taker_of_the_penultimate_four_takes_the_last_four():
    assert round_end(position(X3).apply_move("B"))[1] == (20, 28)


def test_nn_r3_seeds_in_hand_count_as_in_play():
    after = position(X3).apply_move("B")   # one seed was still in South's hand: it goes to North
    assert round_end(after)[1][1] == 28


def test_nn_r4_a_last_seed_four_is_the_last_seed_of_the_turn():
    after = position(X2).apply_move("E")
    assert after.current_player == NORTH and rows(after)[1][0] == 0


def test_nn_r5_a_mid_sowing_four_goes_to_the_current_owner():
    s = position("""
Round 2
        f  e  d  c  b  a
North   3* 2  0  0  0  0    store 16
South   1  0  2  0  2  2    store 20
        A  B  C  D  E  F
""", NORTH)
    # e: f 3 -> 4 with a seed in hand: South owns f this round and takes it; then A 1 -> 2
    # relays, C relays, F relays, c was empty
    after = s.apply_move("e")
    assert rows(after) == ([0, 1, 0, 1, 3, 0], [1, 1, 1, 0, 0, 0], (24, 16))


def test_nn_r6_richer_fills_from_the_opponents_left():
    test_nn_f3_the_richer_fills_the_opponents_unfilled_houses_from_his_left()


def test_nn_r7_rounds_alternate_south_first():
    test_nn_f7_round_k_is_started_by_player_k_minus_1_mod_2()


def test_nn_r8_engine_endings_endless_sowing_repetition_rounding_cap():
    assert round_end(position(X5).apply_move("C"))[0] == K.R_ENDLESS_SOWING
    stats_cap = ludotheque.load("oware/nam-nam?max_plies=30")
    from ludotheque.core.loops import compiled_loops
    stats = compiled_loops(stats_cap.kernels).random_playouts(START.data.copy(), stats_cap.spec, 200, 8, 0)
    assert stats[5] == 0 and stats[1] <= 200 * 30


# -- NN-X worked examples --------------------------------------------------------------------

def test_nn_x1_the_opening():
    assert moves(START) == list("ABCDEF")
    after = START.apply_move("A")
    assert rows(after) == rows(position(X1_AFTER_A)) and after.current_player == NORTH
    assert ref_turn(*ref_position(START), 0)[2] == ("", 5)     # A, E, d, C, c
    a_counts = list(after.data[0:12])
    for h in range(6):                       # the other moves: the same picture turned round
        counts = list(START.apply(h).data[0:12])
        assert all(counts[(k + h) % 12] == a_counts[k] for k in range(12))


def test_nn_x2_owner_fours_relays_and_last_seed_fours():
    s = position(X2)
    assert moves(s) == list("ABDEF")
    expected = {
        "A": ([0, 0, 1, 3, 2, 2], [3, 0, 2, 2, 2, 3], (16, 12)),
        "B": ([2, 0, 1, 0, 0, 3], [0, 1, 2, 2, 2, 3], (16, 16)),
        "D": ([2, 3, 0, 0, 3, 3], [0, 0, 2, 2, 2, 3], (16, 12)),
        "E": ([2, 3, 0, 3, 0, 3], [0, 0, 2, 2, 2, 3], (16, 12)),
        "F": ([2, 3, 0, 3, 2, 0], [0, 1, 2, 2, 2, 3], (12, 16)),
    }
    for m, want in expected.items():
        assert rows(s.apply_move(m)) == want, m


def test_nn_x3_last_eight_seeds_in_hand_blocked_player_new_round():
    s = position(X3)
    assert moves(s) == list("BDEF")
    after = s.apply_move("B")
    assert round_end(after) == (K.R_LAST_FOUR, (20, 28))
    assert owners(after) == "SSSSSN NNNNNN" and after.current_player == NORTH
    for m in "DEF":
        after = s.apply_move(m)
        assert round_end(after) == (K.R_BLOCKED, (28, 20))
        assert owners(after) == "SSSSSS NNNNNS" and after.current_player == NORTH
        assert moves(after) == list("abcde")


def test_nn_x4_setting_up_a_round():
    assert owners(blocked([0] * 6, [0, 0, 0, 0, 4, 4], 28, 12)) == "SSSSSS NNNNNS"  # 28-20
    assert owners(position(X3).apply_move("D")) == "SSSSSS NNNNNS"                  # 28-20
    assert owners(blocked([0] * 6, [0, 0, 0, 0, 4, 4], 8, 32)) == "SSNNNN NNNNNN"   # 8-40
    s = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  0    store 0
South   0  0  0  4  4  0    store 40
        A  B  C  D  E  F
""", NORTH)                                                                          # 48-0
    assert s.is_terminal and s.outcome().winner == SOUTH and rows(s)[2] == (48, 0)


def test_nn_x5_never_ending_sowing():
    s = position(X5)
    assert moves(s) == list("BCDF")
    assert rows(s.apply_move("B")) == ([0, 0, 0, 1, 0, 2], [1, 0, 2, 1, 0, 1], (20, 20))
    assert rows(s.apply_move("D"))[:2] == ([0, 1, 3, 0, 1, 2], [1, 0, 2, 1, 0, 1])
    assert rows(s.apply_move("F"))[:2] == ([0, 1, 3, 1, 0, 0], [2, 1, 2, 1, 0, 1])
    after = s.apply_move("C")
    assert round_end(after) == (K.R_ENDLESS_SOWING, (20, 28))
    assert owners(after) == "SSSSSN NNNNNN" and after.current_player == NORTH and after.data[K.ROUND] == 2


# -- perft (the spec gives none for Nam-Nam: pinned here, cross-checked with the reference) --

NN_PERFT = [6, 32, 140, 639, 2939]


def test_nn_perft_to_depth_5_counts_actions():
    for depth, expected in enumerate(NN_PERFT, start=1):
        got = perft(START, depth)
        assert got == expected, f"perft({depth}) = {got}, expected {expected}; divide: {divide(START, depth)}"


def test_nn_perft_matches_the_plain_python_reference():
    def ref_perft(pos, depth):
        if depth == 0:
            return 1
        if pos["over"]:
            return 0
        return sum(ref_perft(ref_apply(pos, h), depth - 1) for h in ref_legal(pos))
    assert [ref_perft(ref_start(), d) for d in range(1, 5)] == NN_PERFT[:4]


# -- a plain Python reference of the rules, seed by seed, for differential tests ---------------

def ref_position(state):
    d = state.data
    return [int(v) for v in d[0:12]], [int(v) for v in d[K.OWNER:K.OWNER + 12]], \
        [int(d[K.STORE]), int(d[K.STORE + 1])], int(d[K.TO_MOVE])


def ref_turn(houses, own, stores, mover, h):
    """One turn, literally as NN-C/NN-D/NN-E1/NN-H3 say. Returns (houses, stores, (end, laps))."""
    b, st = list(houses), list(stores)
    hand, b[h] = b[h], 0
    start, pos, lap_size, laps, points = h, h, hand, 1, []
    while True:
        while hand:
            pos = (pos + 1) % 12
            if pos == start and lap_size >= 12:
                pos = (pos + 1) % 12
            b[pos] += 1
            hand -= 1
            if b[pos] == 4:
                taker = mover if hand == 0 else own[pos]
                st[taker] += 4
                b[pos] = 0
                if sum(b) + hand == 4:
                    st[taker] += 4
                    return [0] * 12, st, ("last four", laps)
                if hand == 0:
                    return b, st, ("", laps)
        if b[pos] == 1:
            return b, st, ("", laps)
        point = (tuple(b), pos)
        if point in points:
            return b, st, ("endless", laps)
        points.append(point)
        hand, b[pos], start, lap_size, laps = b[pos], 0, pos, b[pos], laps + 1


def ref_start(rnd=1, houses=None, own=None, stores=(0, 0), mover=0):
    pos = {"b": houses or [4] * 12, "own": own or [0] * 6 + [1] * 6, "st": list(stores),
           "mover": mover, "round": rnd, "seen": {}, "over": False, "ply": 0}
    ref_settle(pos, "")
    return pos


def ref_new_round(pos):
    st = pos["st"]
    if 0 in st:
        pos["over"] = True
        return
    fill = {0: [h for h in range(6)][: st[0] // 4], 1: [h for h in range(6, 12)][: st[1] // 4]}
    rich = 0 if st[0] > st[1] else 1
    rest = [h for h in range(6 * (1 - rich), 6 * (1 - rich) + 6) if h not in fill[1 - rich]]
    fill[rich] += rest[: st[rich] // 4 - len(fill[rich])]
    pos["own"] = [0 if h in fill[0] else 1 for h in range(12)]
    pos["b"], pos["st"] = [4] * 12, [0, 0]
    pos["round"] += 1
    pos["mover"] = (pos["round"] - 1) % 2
    pos["seen"] = {}
    ref_settle(pos, "")


def ref_take_owned(pos, rounding):
    for h in range(12):
        pos["st"][pos["own"][h]] += pos["b"][h]
    pos["b"] = [0] * 12
    if rounding and pos["st"][0] % 4:
        rich = 0 if pos["st"][0] > pos["st"][1] else 1
        r = pos["st"][rich] % 4
        pos["st"][rich] += 4 - r
        pos["st"][1 - rich] -= 4 - r


def ref_settle(pos, end):
    if end == "endless":
        ref_take_owned(pos, True)
    if not end and not any(pos["b"][h] for h in range(12) if pos["own"][h] == pos["mover"]):
        ref_take_owned(pos, False)
        end = "blocked"
    if not end:
        key = (tuple(pos["b"]), tuple(pos["st"]), pos["mover"])
        pos["seen"][key] = pos["seen"].get(key, 0) + 1
        if pos["seen"][key] == 3:
            ref_take_owned(pos, True)
            end = "repetition"
    if end:
        pos["prev"] = (end, tuple(pos["st"]))
        ref_new_round(pos)


def ref_legal(pos):
    return [h for h in range(12) if pos["own"][h] == pos["mover"] and pos["b"][h] > 0]


def ref_apply(pos, h):
    new = dict(pos, seen=dict(pos["seen"]), st=list(pos["st"]), own=list(pos["own"]))
    new["b"], new["st"], (end, _) = ref_turn(pos["b"], pos["own"], pos["st"], pos["mover"], h)
    new["mover"] = 1 - pos["mover"]
    new["ply"] += 1
    ref_settle(new, end)
    return new


def test_kernels_agree_with_the_reference_along_random_games():
    rng = np.random.default_rng(11)
    rounds = 0
    for _ in range(40):
        s, ref = START, ref_start()
        while not s.is_terminal:
            assert sorted(s.legal_actions()) == ref_legal(ref)
            h = int(rng.choice(s.legal_actions()))
            s, ref = s.apply(h), ref_apply(ref, h)
            b, own, st, mover = ref_position(s)
            assert (b, own, st) == (ref["b"], ref["own"], ref["st"]) and s.data[K.ROUND] == ref["round"]
            assert s.is_terminal == ref["over"] and (s.is_terminal or mover == ref["mover"])
        rounds += int(s.data[K.ROUND])
    assert rounds > 80


# -- notation, errors, options ---------------------------------------------------------------

def test_notation_round_trips_for_every_legal_action_along_random_games():
    rng = np.random.default_rng(5)
    for _ in range(20):
        s = START
        while not s.is_terminal:
            for a in s.legal_actions():
                assert s.parse_move(s.move_to_string(a)) == a
            s = s.apply(int(rng.choice(s.legal_actions())))
    assert START.parse_move("{round 1} C") == 2


@pytest.mark.parametrize("text", ["", "G", "AB", "1", "x", "A1", "{round 2}", None])
def test_malformed_moves_raise_notation_error_and_change_nothing(text):
    before = START.key()
    with pytest.raises(NotationError):
        START.parse_move(text)
    assert START.key() == before


def test_illegal_moves_raise_and_change_nothing():
    before = START.key()
    with pytest.raises(IllegalActionError, match="belongs to North"):
        START.apply_move("a")
    s = START.apply_move("A")
    with pytest.raises(IllegalActionError, match="empty"):
        s.apply_move("c")
    with pytest.raises(IllegalActionError):
        START.apply(12)
    assert START.key() == before


def test_bad_options_and_diagrams_are_rejected():
    for bad in ("oware/nam-nam?max_plies=-1", "oware/nam-nam?grand_slam=allow", "oware/nam-nam+x"):
        with pytest.raises(RulesetError):
            ludotheque.load(bad)
    with pytest.raises(NotationError, match="48"):
        position(X2.replace("store 12", "store 8", 1))
    with pytest.raises(NotationError, match="fours"):
        position(X2.replace("store 12", "store 10", 1).replace("2  3  0", "2  5  0", 1))


def test_render_shows_round_and_owners_and_reads_back():
    s = position(ROUND2_SOUTH_OWNS_F, NORTH)
    text = s.to_text()
    assert " 4*" in text and "owner   S  N  N  N  N  N" in text and "owner   S  S  S  S  S  S" in text
    assert GAME.from_diagram(text, NORTH).key() == s.key()
