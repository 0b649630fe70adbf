"""Oware Abapa: one test per clause of rules/oware.md part 1 (OW-*), positions from diagrams."""
import json

import numpy as np
import pytest

import ludotheque
from ludotheque import IllegalActionError, NotationError, StateError, Termination
from ludotheque.core.perft import divide, perft
from ludotheque.games.oware import kernels as K

SOUTH, NORTH = 0, 1


def position(diagram: str, to_move: int = SOUTH, ruleset: str = "oware"):
    return ludotheque.load(ruleset).from_diagram(diagram, to_move)


def rows(state):
    """(South A..F, North a..f, (South store, North store)) as the spec writes them."""
    s = state.data
    return [int(v) for v in s[0:6]], [int(v) for v in s[6:12]], (int(s[K.STORE]), int(s[K.STORE + 1]))


def moves(state):
    return sorted(state.move_to_string(a) for a in state.legal_actions())


START = ludotheque.load("oware").initial_state()


# -- OW-A board -------------------------------------------------------------------------------

def test_ow_a1_twelve_houses_counter_clockwise_south_owns_0_to_5():
    g = ludotheque.load("oware")
    assert len(g.geometry()["points"]) == 12
    assert [p["owner"] for p in g.view(START)["pieces"]] == [0] * 6 + [1] * 6
    assert moves(START) == list("ABCDEF")
    assert moves(START.apply_move("A")) == list("abcdef")


def test_ow_a2_names_north_from_his_left_f_is_followed_by_a():
    s = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  4    store 20
South   1  0  0  0  0  4    store 19
        A  B  C  D  E  F
""")
    after = s.apply_move("F")  # F(5) is followed by a(6): 4 seeds into a b c d
    assert rows(after)[1] == [5, 1, 1, 1, 0, 0]


def test_ow_a3_house_h_faces_house_11_minus_h():
    pts = {p["id"]: (p["x"], p["y"]) for p in ludotheque.load("oware").geometry()["points"]}
    for south, north in zip("ABCDEF", "fedcba"):
        assert pts[south][0] == pts[north][0] and pts[south][1] == 0 and pts[north][1] == 1


def test_ow_a4_sowing_cycle_f_to_a_to_f_to_a():
    s = position("""
        f  e  d  c  b  a
North   3  0  0  0  0  1    store 20
South   0  0  0  0  0  4    store 20
        A  B  C  D  E  F
""", NORTH)
    after = s.apply_move("f")  # f(11) is followed by A(0)
    assert rows(after)[0][:3] == [1, 1, 1]


def test_ow_a5_each_player_has_a_store():
    assert ludotheque.load("oware").view(START)["scores"] == [0, 0]


# -- OW-B setup -------------------------------------------------------------------------------

def test_ow_b1_four_seeds_in_every_house_stores_empty():
    assert rows(START) == ([4] * 6, [4] * 6, (0, 0))


def test_ow_b2_south_moves_first():
    assert START.current_player == SOUTH


# -- OW-C sowing -----------------------------------------------------------------------------

def test_ow_c1_one_move_sows_a_whole_nonempty_own_house():
    s = START.apply_move("C")
    assert rows(s)[0] == [4, 4, 0, 5, 5, 5] and s.current_player == NORTH
    s = position("""
        f  e  d  c  b  a
North   1  1  1  1  1  1    store 20
South   0  3  0  0  0  1    store 18
        A  B  C  D  E  F
""")
    assert moves(s) == ["B", "F"]  # empty houses cannot be played


def test_ow_c2_one_seed_per_house_into_both_rows():
    after = START.apply_move("E")
    south, north, _ = rows(after)
    assert south == [4, 4, 4, 4, 0, 5] and north == [5, 5, 5, 4, 4, 4]


def test_ow_c3_twelve_or_more_seeds_skip_the_origin():
    s = position("""
        f  e  d  c  b  a
North   1  1  1  1  1  1    store 12
South   0  0 12  1  1  1    store 15
        A  B  C  D  E  F
""")
    south, north, _ = rows(s.apply_move("C"))
    # 11 seeds go round once (C skipped), the 12th lands in D
    assert south == [1, 1, 0, 3, 2, 2] and north == [2] * 6
    for n in range(1, 40):  # the closed form of the spec
        houses = [0] * 12
        houses[2], houses[11] = n, 48 - n
        g = ludotheque.load("oware?grand_slam=allow")
        st = ludotheque.State(g, g.position_data(houses, (0, 0), 0))
        if 2 in [a for a in st.legal_actions()]:
            after = st.apply(2).data
            assert after[2] == 0
            last = (2 + 1 + (n - 1) % 11) % 12
            assert after[last] > 0 or after[K.STORE] > 0   # holds the last seed, or harvested


def test_ow_c4_no_pass_a_player_to_move_always_has_a_move():
    g = ludotheque.load("oware")
    rng = np.random.default_rng(4)
    for _ in range(200):
        s = g.initial_state()
        while not s.is_terminal:
            legal = s.legal_actions()
            assert legal
            s = s.apply(int(rng.choice(legal)))


# -- OW-D harvest ----------------------------------------------------------------------------

def test_ow_d1_last_seed_making_2_or_3_in_opponent_house_is_harvested():
    s = position("""
        f  e  d  c  b  a
North   4  4  4  4  4  1    store 0
South   4  4  4  4  4  5    store 2
        A  B  C  D  E  F
""")
    south, north, stores = rows(s.apply_move("E"))  # E: 4 seeds F a b c; c 4->5
    assert stores == (2, 0)
    s2 = position("""
        f  e  d  c  b  a
North   4  4  4  4  4  1    store 0
South   4  4  4  4  0  1    store 10
        A  B  C  D  E  F
""")
    south, north, stores = rows(s2.apply_move("F"))  # a: 1 -> 2, harvested
    assert north[0] == 0 and stores == (12, 0)


def test_ow_d2_chain_goes_backwards_while_2_or_3_and_stops_at_own_row():
    s = position("""
        f  e  d  c  b  a
North   4  4  1  2  1  2    store 0
South   4  4  4  4  3  2    store 13
        A  B  C  D  E  F
""")
    # F: 2 seeds into a (3) and b (2): harvest b, then a, then stop at F (own row)
    south, north, stores = rows(s.apply_move("F"))
    assert north[:2] == [0, 0] and stores == (18, 0)
    s = position("""
        f  e  d  c  b  a
North   4  4  1  0  2  1    store 0
South   4  4  4  4  3  4    store 13
        A  B  C  D  E  F
""")
    # F: a 2, b 3, c 1, d 2 -> last in d (2): d harvested, c holds 1: chain stops
    south, north, stores = rows(s.apply_move("F"))
    assert north == [2, 3, 1, 0, 4, 4] and stores == (15, 0)


def test_ow_d3_no_harvest_in_own_row_or_on_1_or_4_plus():
    s = position("""
        f  e  d  c  b  a
North   4  4  4  4  4  4    store 0
South   4  4  1  1  1  1    store 12
        A  B  C  D  E  F
""")
    assert rows(s.apply_move("C"))[2] == (12, 0)   # last seed in own row D
    s = position("""
        f  e  d  c  b  a
North   4  4  4  4  4  3    store 0
South   4  4  4  4  4  1    store 4
        A  B  C  D  E  F
""")
    assert rows(s.apply_move("F"))[2] == (4, 0)   # a 3 -> 4: no harvest


def test_ow_d4_lemery_at_most_five_houses_never_the_last_seeds():
    # six-house chain: five are taken, a keeps its seeds (OW-X3)
    s = position(X3)
    south, north, stores = rows(s.apply_move("F"))
    assert stores == (22, 22) and north == [2, 0, 0, 0, 0, 0]
    # OW-X4: stop before the house whose harvest would empty North
    south, north, stores = rows(position(X4).apply_move("F"))
    assert stores == (23, 21) and north == [2, 0, 0, 0, 0, 0]


def test_ow_d5_forbid_capture_grand_slam_takes_nothing():
    s = position(X3, ruleset="oware?grand_slam=forbid-capture")
    south, north, stores = rows(s.apply_move("F"))
    assert stores == (10, 22) and north == [2, 3, 2, 2, 3, 2]
    s = position(X4, ruleset="oware?grand_slam=forbid-capture")
    assert rows(s.apply_move("F"))[2] == (18, 21)


def test_ow_d6_allow_harvests_the_whole_chain():
    s = position(X4, ruleset="oware?grand_slam=allow").apply_move("F")
    assert rows(s)[2] == (25, 21) and s.outcome().winner == SOUTH


# -- OW-E feeding ----------------------------------------------------------------------------

def test_ow_e1_must_feed_an_empty_opponent_n_at_least_6_minus_r():
    assert moves(position(X5)) == ["C", "F"]


def test_ow_e2_no_feeding_move_takes_everything_and_ends():
    s = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  0    store 20
South   3  1  2  1  0  0    store 21
        A  B  C  D  E  F
""")
    assert s.is_terminal and rows(s)[2] == (28, 20)
    assert s.outcome().termination == Termination.NO_MOVE and s.outcome().winner == SOUTH


def test_ow_e3_opponent_not_empty_every_nonempty_house_is_legal():
    s = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  1    store 20
South   3  1  2  1  0  0    store 20
        A  B  C  D  E  F
""")
    assert moves(s) == ["A", "B", "C", "D"]


def test_ow_e4_allow_player_with_empty_row_is_skipped():
    s = position(X3, ruleset="oware?grand_slam=allow").apply_move("F")
    # North emptied: his turn is skipped; South cannot feed: automatic harvest, 26-22
    assert s.is_terminal and rows(s)[2] == (26, 22) and s.outcome().winner == SOUTH
    s = position("""
        f  e  d  c  b  a
North   1  2  1  1  2  1    store 10
South   2  0  0  0  0  6    store 22
        A  B  C  D  E  F
""", ruleset="oware?grand_slam=allow")
    after = s.apply_move("F")   # takes all 14 -> 22+... wins; different path:
    assert after.is_terminal



NORTH_EMPTY = "North 0 0 0 0 0 0 store 23\nSouth 3 1 0 0 0 1 store 20"


@pytest.mark.parametrize("ruleset", ["oware", "oware?grand_slam=forbid-capture"])
def test_ow_e4_without_allow_a_player_to_move_with_an_empty_row_is_never_reached(ruleset):
    # OW-E4: only `allow` can leave the player to move with no seed; under the other modes
    # South had to feed him (OW-E1) or the game ended (OW-E2): such a position is refused
    game = ludotheque.load(ruleset)
    with pytest.raises(StateError, match="North to move has no seed"):
        game.from_diagram(NORTH_EMPTY, NORTH)
    data = ludotheque.load("oware?grand_slam=allow").from_diagram(NORTH_EMPTY, SOUTH).data.tolist()
    data[K.TO_MOVE] = NORTH
    text = json.dumps({"format": "ludotheque-state", "version": 1, "ruleset": game.id,
                       "actions": [], "position": data})
    with pytest.raises(StateError, match="North to move has no seed"):
        game.deserialize(text)
    assert game.from_diagram(NORTH_EMPTY, SOUTH).legal_actions() == [5]   # South feeds


def test_ow_e4_with_allow_the_empty_row_s_turn_is_skipped_in_a_built_position():
    s = position(NORTH_EMPTY, NORTH, ruleset="oware?grand_slam=allow")
    assert s.current_player == SOUTH and moves(s) == ["F"]


# -- OW-F end --------------------------------------------------------------------------------

def test_ow_f1_twenty_five_wins_at_once():
    s = position("""
        f  e  d  c  b  a
North   0  0  0  4  4  1    store 7
South   4  0  0  4  0  1    store 23
        A  B  C  D  E  F
""").apply_move("F")
    assert s.is_terminal and s.outcome().termination == Termination.GOAL
    assert s.returns() == (1.0, -1.0)


def test_ow_f2_more_seeds_wins_24_24_draws():
    s = position(X6, NORTH).apply_move("f")
    assert s.is_terminal and rows(s)[2] == (24, 24)
    assert s.outcome().winner is None and s.returns() == (0.0, 0.0)


def test_ow_f3_empty_board_ends_the_game():
    # allow: South takes North's last seeds; North is skipped; South's row is empty too
    s = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  1    store 23
South   0  0  0  0  0  1    store 23
        A  B  C  D  E  F
""", ruleset="oware?grand_slam=allow").apply_move("F")
    assert s.is_terminal and rows(s)[2] == (25, 23)  # 25 is reached first (OW-F1)
    g = ludotheque.load("oware?grand_slam=allow")
    st = ludotheque.State(g, g.position_data([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0], (22, 24), 0))
    after = st.apply_move("F")   # a: 1 -> 2 harvested, board empty
    assert after.is_terminal and rows(after)[2] == (24, 24) and after.outcome().reason.startswith("the board is empty")


def test_ow_f4_seeds_conserved_and_stores_never_decrease():
    g = ludotheque.load("oware")
    rng = np.random.default_rng(44)
    for _ in range(100):
        s = g.initial_state()
        while not s.is_terminal:
            before = rows(s)[2]
            s = s.apply(int(rng.choice(s.legal_actions())))
            south, north, stores = rows(s)
            assert sum(south) + sum(north) + sum(stores) == 48
            assert stores[0] >= before[0] and stores[1] >= before[1]


# -- OW-G engine -----------------------------------------------------------------------------

def test_ow_g1_player_0_is_south_and_moves_first():
    assert START.current_player == 0 and ludotheque.load("oware").player_names[0] == "South"


def test_ow_g2_state_holds_houses_stores_player_moves_and_repetition_record():
    s = START.apply_move("C").apply_move("a")
    assert s.data[K.PLY] == 2 and s.data[K.HLEN] == 3   # start + two positions


def test_ow_g3_action_ids_are_row_offsets_0_to_5():
    g = ludotheque.load("oware")
    assert g.num_actions == 6
    s = START.apply_move("B")
    assert s.parse_move("c") == 2 and s.move_to_string(5) == "f"


def test_ow_g4_third_occurrence_ends_and_each_takes_his_row():
    # Two lone seeds chase each other round the board; every move is forced.
    chase = """
        f  e  d  c  b  a
North   1  0  0  0  0  0    store 22
South   0  0  0  0  0  1    store 24
        A  B  C  D  E  F
"""
    for rep, plies in ((3, 24), (2, 12)):
        s = position(chase, NORTH, ruleset=f"oware?repetition={rep}")
        played = 0
        while not s.is_terminal:
            assert len(s.legal_actions()) == 1
            s = s.apply(s.legal_actions()[0])
            played += 1
        # the initial position counts: its rep-th occurrence ends the game
        assert played == plies
        assert s.outcome().termination == Termination.REPETITION
        assert rows(s)[2] == (25, 23)    # each took the seed of his own row


def test_ow_g5_move_cap_adjudicates_like_repetition():
    s = ludotheque.load("oware?max_plies=3").initial_state()
    s = s.apply_move("A").apply_move("a").apply_move("B")
    assert s.is_terminal and s.outcome().termination == Termination.MOVE_LIMIT
    assert rows(s)[2] == (23, 25) or sum(rows(s)[2]) == 48


def test_ow_g6_returns_are_plus_minus_one_or_zero():
    g = ludotheque.load("oware")
    rng = np.random.default_rng(6)
    for _ in range(50):
        s = g.initial_state()
        while not s.is_terminal:
            assert s.returns() == (0.0, 0.0)
            s = s.apply(int(rng.choice(s.legal_actions())))
        r = s.returns()
        assert r in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))
        south, north = rows(s)[2]
        assert (south > north) == (r[0] == 1.0)


def test_ow_g7_terminal_states_and_automatic_harvest_applied_at_once():
    s = position(X6, NORTH).apply_move("f")
    assert s.is_terminal and s.legal_actions() == [] and s.current_player == ludotheque.TERMINAL
    with pytest.raises(IllegalActionError):
        s.apply(0)


# -- OW-R rulings ----------------------------------------------------------------------------

def test_ow_r1_default_grand_slam_is_lemery():
    assert ludotheque.load("oware").grand_slam == "lemery"
    assert ludotheque.load("oware?grand_slam=lemery").id == "oware"


def test_ow_r2_feeding_is_tested_at_the_start_of_the_feeders_turn():
    s = position(X5)
    assert not s.is_terminal and moves(s) == ["C", "F"]


def test_ow_r3_automatic_harvest_plays_no_move():
    s = position(X6, NORTH).apply_move("f")
    assert s.data[K.PLY] == 1


def test_ow_r4_origin_skipped_on_every_lap():
    s = position("""
        f  e  d  c  b  a
North   0  0  0  0  0  1    store 0
South   0 23  0  0  0  0    store 24
        A  B  C  D  E  F
""")
    after = s.apply_move("B")  # 23 = 2 laps of 11 + 1: B stays empty
    assert after.data[1] == 0 and rows(after)[0][2] == 3


def test_ow_r5_engine_starts_with_player_0():
    assert ludotheque.load("oware?grand_slam=allow").initial_state().current_player == 0


def test_ow_r6_allow_turn_skip_and_empty_board():
    s = position(X3, ruleset="oware?grand_slam=allow").apply_move("F")
    assert s.is_terminal and s.outcome().winner == SOUTH


def test_ow_r7_endless_games_end_by_repetition_or_cap():
    g = ludotheque.load("oware")
    from ludotheque.core.loops import compiled_loops
    stats = compiled_loops(g.kernels).random_playouts(START.data.copy(), g.spec, 2000, 7, 0)
    assert stats[0] == 2000 and stats[5] == 0  # every game ended on its own


def test_ow_r8_twenty_five_checked_after_every_move():
    s = position(X4, ruleset="oware?grand_slam=allow").apply_move("F")
    assert s.is_terminal and s.outcome().termination == Termination.GOAL


# -- OW-X worked examples --------------------------------------------------------------------

X1 = """
        f  e  d  c  b  a
North   0  0  3  0  1  1    store 13
South   1  0 17  0  0  0    store 12
        A  B  C  D  E  F
"""
X2 = """
        f  e  d  c  b  a
North   0  2  1  4  1  1    store 19
South   0  0  0  0  1  5    store 14
        A  B  C  D  E  F
"""
X3 = """
        f  e  d  c  b  a
North   1  2  1  1  2  1    store 22
South   2  0  0  0  0  6    store 10
        A  B  C  D  E  F
"""
X4 = """
        f  e  d  c  b  a
North   0  0  0  1  2  1    store 21
South   0  0  0  0  2  3    store 18
        A  B  C  D  E  F
"""
X5 = """
        f  e  d  c  b  a
North   0  0  0  0  0  0    store 20
South   3  1  4  2  0  1    store 17
        A  B  C  D  E  F
"""
X6 = """
        f  e  d  c  b  a
North   1  0  0  0  0  0    store 24
South   0  2  1  1  0  0    store 19
        A  B  C  D  E  F
"""


def test_ow_x1_seventeen_seeds_origin_skipped_harvest_after_a_lap():
    s = position(X1)
    assert moves(s) == ["A", "C"]
    assert rows(s.apply_move("A"))[0] == [0, 1, 17, 0, 0, 0]
    assert rows(s.apply_move("C")) == ([2, 1, 0, 2, 2, 2], [0, 0, 0, 4, 1, 1], (20, 13))


def test_ow_x2_harvest_chain_broken_by_a_five():
    s = position(X2)
    assert moves(s) == ["E", "F"]
    assert rows(s.apply_move("E"))[0] == [0, 0, 0, 0, 0, 6]
    assert rows(s.apply_move("F"))[1:] == ([2, 2, 5, 0, 0, 0], (19, 19))


def test_ow_x3_six_house_chain_under_each_option():
    for ruleset, north, stores, over in (
        ("oware", [2, 0, 0, 0, 0, 0], (22, 22), False),
        ("oware?grand_slam=forbid-capture", [2, 3, 2, 2, 3, 2], (10, 22), False),
        ("oware?grand_slam=allow", [0] * 6, (26, 22), True),
    ):
        s = position(X3, ruleset=ruleset)
        assert moves(s) == ["A", "F"]
        after = s.apply_move("F")
        assert rows(after)[1] == north and rows(after)[2] == stores and after.is_terminal == over
    assert rows(position(X3).apply_move("A"))[0] == [0, 1, 1, 0, 0, 6]


def test_ow_x4_harvest_stopped_before_emptying_the_opponent():
    s = position(X4)
    assert moves(s) == ["E", "F"]
    assert rows(s.apply_move("E"))[1:] == ([0, 2, 1, 0, 0, 0], (20, 21))
    assert rows(s.apply_move("F"))[1:] == ([2, 0, 0, 0, 0, 0], (23, 21))
    assert rows(position(X4, ruleset="oware?grand_slam=forbid-capture").apply_move("F"))[2] == (18, 21)
    won = position(X4, ruleset="oware?grand_slam=allow").apply_move("F")
    assert rows(won)[2] == (25, 21) and won.outcome().winner == SOUTH


def test_ow_x5_forced_feeding():
    s = position(X5)
    assert moves(s) == ["C", "F"]
    with pytest.raises(IllegalActionError, match="feed"):
        s.apply_move("A")
    assert rows(s.apply_move("C"))[:2] == ([3, 1, 0, 3, 1, 2], [1, 0, 0, 0, 0, 0])
    assert rows(s.apply_move("F"))[:2] == ([3, 1, 4, 2, 0, 0], [1, 0, 0, 0, 0, 0])


def test_ow_x6_automatic_harvest_ending_in_a_draw():
    s = position(X6, NORTH)
    assert moves(s) == ["f"]
    after = s.apply_move("f")
    assert after.is_terminal and rows(after)[2] == (24, 24) and after.outcome().winner is None


# -- OW-P perft ------------------------------------------------------------------------------

PERFT = [6, 36, 190, 1014, 5219, 27332]


@pytest.mark.parametrize("ruleset", ["oware", "oware?grand_slam=forbid-capture"])
def test_ow_p_perft_to_depth_6(ruleset):
    start = ludotheque.load(ruleset).initial_state()
    for depth, expected in enumerate(PERFT, start=1):
        got = perft(start, depth)
        assert got == expected, f"perft({depth}) = {got}, expected {expected}; divide: {divide(start, depth)}"


# -- notation errors -------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "G", "AB", "1", "x", "A1", None])
def test_malformed_moves_raise_notation_error_and_change_nothing(text):
    before = START.key()
    with pytest.raises(NotationError):
        START.parse_move(text)
    assert START.key() == before


def test_opponent_house_and_empty_house_are_illegal():
    with pytest.raises(IllegalActionError, match="North house"):
        START.apply_move("a")
    s = START.apply_move("C").apply_move("a")
    with pytest.raises(IllegalActionError, match="empty"):
        s.apply_move("C")
    with pytest.raises(IllegalActionError):
        START.apply(6)
    with pytest.raises(IllegalActionError):
        START.apply("C")  # type: ignore[arg-type]


def test_diagram_with_wrong_seed_total_is_rejected():
    with pytest.raises(NotationError, match="48"):
        position(X1.replace("17", "16"))
