"""Kōnane: one test per clause of rules/konane.md (KO, KH, KN) and its worked examples."""
import numpy as np
import pytest

from ludotheque.core import IllegalActionError, NotationError, RulesetError, Termination, load
from ludotheque.core.loops import compiled_loops
from ludotheque.games.konane import kernels as K

G8, G6, G4 = load("konane"), load("konane?size=6"), load("konane?size=4")
HB8, HB4 = load("konane+hummingbird"), load("konane+hummingbird?size=4")
KN4, KN6 = load("konane+knots?size=4"), load("konane+knots?size=6")


def turns(state):
    """The complete turns from a turn start, as the spec writes them."""
    return sorted(t for t, _, _ in state.game.turns(state))


def play(state, *turn_texts):
    for text in turn_texts:
        for a in state.game.parse_turn(state, text):
            state = state.apply(a)
    return state


def names(state):
    return sorted(state.move_to_string(a) for a in state.legal_actions())


def cells_of(state, code):
    g = state.game
    board = state.data[K.BOARD:K.BOARD + g.n2]
    return sorted((g.cell_name(c) for c in np.flatnonzero(board == code)), key=lambda s: (s[1:], s[0]))


EX_KO_2 = """
8  . . . . . . . .
7  . . . . . . . .
6  . . . . . . . .
5  . . . . . . . .
4  . . . . . . . .
3  . . J . . . . .
2  H J . J . J . .
1  . . . . . . . .
   a b c d e f g h
"""

INERT = "8  H J H J H J H J\n{}\n1  J H J H J H J H\n   a b c d e f g h"


def inert(*middle):
    """An 8x8 diagram whose full ranks 1 and 8 only keep both sides above 6 pieces."""
    return INERT.format("\n".join(middle))


# -- KO: setup -----------------------------------------------------------------------------

def test_ko_a1_two_players_half_the_cells_each():
    for n, each in zip((4, 6, 8, 10, 12, 14), (8, 18, 32, 50, 72, 98)):
        s = load(f"konane?size={n}").initial_state()
        assert len(cells_of(s, K.FLOWER0)) == len(cells_of(s, K.FLOWER1)) == each
    assert G8.player_names == ("Hibiscus", "Jasmine")


def test_ko_a2_checkerboard_hibiscus_on_odd_cells():
    s = G8.initial_state()
    assert " ".join(cells_of(s, K.FLOWER0)) == (
        "b1 d1 f1 h1 a2 c2 e2 g2 b3 d3 f3 h3 a4 c4 e4 g4 b5 d5 f5 h5 a6 c6 e6 g6 b7 d7 f7 h7 a8 c8 e8 g8")
    assert " ".join(cells_of(s, K.FLOWER1)) == (
        "a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3 b4 d4 f4 h4 a5 c5 e5 g5 b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8")


def test_ko_r1_colouring_and_diagram():
    s = G8.initial_state()
    rows = s.to_text().splitlines()
    assert rows[0].split()[1:] == "H J H J H J H J".split()      # rank 8 starts with Hibiscus on a8
    assert rows[7].split()[1:] == "J H J H J H J H".split()      # a1 Jasmine, h1 Hibiscus
    assert G8.from_diagram(s.to_text()) == s


def test_ko_a3_hibiscus_plays_first():
    for g in (G4, G6, G8, HB8, KN6):
        assert g.initial_state().current_player == 0


# -- KO: opening -------------------------------------------------------------------------------

def test_ko_b1_opening_cells_every_size():
    expected = {4: "d1 a4 c2 b3", 6: "f1 a6 d3 c4", 8: "h1 a8 e4 d5", 10: "j1 a10 f5 e6",
                12: "l1 a12 g6 f7", 14: "n1 a14 h7 g8"}
    for n, cells in expected.items():
        s = load(f"konane?size={n}").initial_state()
        assert names(s) == sorted("-" + c for c in cells.split())


def test_ex_ko_1_opening_on_8x8():
    s = G8.initial_state()
    assert turns(s) == sorted(["-h1", "-a8", "-e4", "-d5"])
    replies = {"-h1": ["-g1", "-h2"], "-a8": ["-b8", "-a7"], "-e4": ["-f4", "-d4", "-e5", "-e3"],
               "-d5": ["-e5", "-c5", "-d6", "-d4"]}
    for first, second in replies.items():
        assert turns(play(s, first)) == sorted(second)
    assert turns(play(s, "-d5", "-e5")) == sorted(["b5xd5", "d3xd5", "d7xd5"])


def test_ko_b2_jasmine_removes_next_to_the_hole():
    s = G6.initial_state()
    assert turns(play(s, "-c4")) == sorted(["-b4", "-d4", "-c3", "-c5"])
    assert turns(play(s, "-f1")) == sorted(["-e1", "-f2"])
    with pytest.raises(IllegalActionError):
        play(s, "-c4", "-a1")                                     # not next to the hole
    with pytest.raises(IllegalActionError):
        play(s, "-c4", "-d3")                                     # Hibiscus's flower


def test_ex_ko_4_opening_choices_other_sizes():
    assert turns(G6.initial_state()) == sorted(["-f1", "-a6", "-d3", "-c4"])
    assert turns(G4.initial_state()) == sorted(["-d1", "-a4", "-c2", "-b3"])
    assert turns(load("konane?size=10").initial_state()) == sorted(["-j1", "-a10", "-f5", "-e6"])
    s = G4.initial_state()
    for corner in ("-d1", "-a4"):
        assert all(len(turns(play(s, corner, r))) == 1 for r in turns(play(s, corner)))
    after = {r: len(turns(play(s, "-c2", r))) for r in turns(play(s, "-c2"))}
    assert after == {"-b2": 1, "-c3": 1, "-d2": 2, "-c1": 2}
    assert sum(len(turns(play(s, "-b3", r))) for r in turns(play(s, "-b3"))) == 6


def test_ko_b3_removals_are_turns_not_captures():
    s = play(KN6.initial_state(), "-c4", "-c5")
    assert s.current_player == 0 and s.data[K.TURNS] == 2
    assert (s.data[K.CAPT], s.data[K.CAPT + 1]) == (0, 0)
    assert (s.data[K.PIECES], s.data[K.PIECES + 1]) == (17, 17)
    assert all("x" in t for t in turns(s))                     # the captures begin


def test_ko_r2_opening_ruling_both_removals_are_turns():
    s = G8.initial_state()
    s1 = play(s, "-e4")
    assert s1.current_player == 1 and s1.data[K.TURNS] == 1
    assert play(s1, "-e5").current_player == 0


# -- KO: captures ---------------------------------------------------------------------------------

def test_ko_c1_jump_moves_the_piece_and_removes_the_enemy():
    s = play(G8.initial_state(), "-d5", "-e5")
    t = play(s, "d3xd5")
    assert t.current_player == 1
    rows = {r.split()[0]: r.split()[1:] for r in t.to_text().splitlines()[:8]}
    assert rows["5"][3] == "H" and rows["4"][3] == "." and rows["3"][3] == "."


def test_ex_ko_2_chain_in_one_direction():
    s = G8.from_diagram(EX_KO_2)
    assert turns(s) == sorted(["a2xc2", "a2xc2xe2", "a2xc2xe2xg2"])
    end = play(s, "a2xc2xe2xg2")
    assert end.is_terminal and end.outcome().winner == 0


def test_ko_c2_chain_never_turns():
    s = G8.from_diagram(EX_KO_2).apply_move("a2xc2")
    assert names(s) == sorted(["c2xe2", "stop"])
    with pytest.raises(IllegalActionError):
        s.apply_move("c2xc4")                                  # over c3: a change of direction


def test_ko_c3_continuing_is_optional():
    s = G8.from_diagram(EX_KO_2).apply_move("a2xc2")
    stopped = s.apply_move("stop")
    assert stopped.current_player == 1
    assert cells_of(stopped, K.FLOWER0) == ["c2"]
    assert G8.parse_turn(G8.from_diagram(EX_KO_2), "a2xc2") == [
        G8.from_diagram(EX_KO_2).parse_move("a2xc2"), G8.STOP]


def test_ko_r3_chain_optional_same_direction():
    s = G8.from_diagram(EX_KO_2)
    after = play(s, "a2xc2xe2")
    assert after.current_player == 1 and cells_of(after, K.FLOWER0) == ["e2"]


def test_ko_c4_only_captures_no_maximum_rule():
    s = G4.from_diagram("""
4  . . . .
3  H H J .
2  . . . .
1  H . J J
   a b c d
""")
    # a3 cannot jump its own b3; a1 cannot jump the empty b1; c1-d1 is two pieces in a row;
    # no plain moves, no diagonal: only b3 over c3 to d3.
    assert turns(s) == ["b3xd3"]
    long = G8.from_diagram(EX_KO_2)
    assert "a2xc2" in turns(long)                               # a shorter chain is allowed too


# -- KO: end --------------------------------------------------------------------------------------

EX_KO_3 = """
4  . . . .
3  . . . .
2  . . . .
1  J H J .
   a b c d
"""


def test_ex_ko_3_side_to_move_loses():
    s = G4.from_diagram(EX_KO_3, to_move=1)
    assert s.is_terminal and s.legal_actions() == []
    assert s.outcome().winner == 0 and s.outcome().termination == Termination.NO_MOVE
    assert turns(G4.from_diagram(EX_KO_3, to_move=0)) == ["b1xd1"]


def test_ko_d1_no_capture_loses():
    s = G4.from_diagram(EX_KO_3, to_move=1)
    assert s.returns() == (1.0, -1.0)
    assert "Jasmine cannot capture: Hibiscus wins" in s.to_text()


def test_ko_r4_the_other_player_wins():
    end = play(G8.from_diagram(EX_KO_2), "a2xc2xe2xg2")
    assert end.outcome().winner == 0 and end.outcome().result() == "1-0"


def test_ko_d2_no_draws_every_game_ends():
    for g in (G4, G6, G8):
        stats = compiled_loops(g.kernels).random_playouts(g.initial_data(), g.spec, 300, 11, 0)
        assert stats[0] == 300 and stats[2] + stats[3] == 300 and stats[4] == stats[5] == 0


# -- KO: engine model and options ------------------------------------------------------------------

def test_ko_e1_actions_jump_again_or_stop_only_while_the_chain_can_go_on():
    s = G8.from_diagram(EX_KO_2)
    mid = s.apply_move("a2xc2")
    assert mid.current_player == 0
    assert G8.cell_name(int(mid.data[K.CHAIN])) == "c2" and mid.data[K.CDIR] == 0
    assert names(mid) == sorted(["c2xe2", "stop"])
    last = mid.apply_move("c2xe2").apply_move("e2xg2")       # no further jump: no stop action
    assert last.is_terminal
    s2 = play(G8.initial_state(), "-d5", "-e5")
    assert s2.apply_move("b5xd5").current_player == 1       # nothing to continue: the turn ends


def test_ko_e2_size_option():
    assert load("konane").size == 8 and load("konane?size=8") is load("konane")
    for n in (4, 6, 8, 10, 12, 14):
        assert load(f"konane?size={n}").num_actions == 8 * n * n + 2
    for bad in ("konane?size=5", "konane?size=16", "konane?size=2", "konane?size=x", "konane+bogus",
                "konane?hummingbird_loss_at=5", "konane?hummingbird_step=single"):
        with pytest.raises(RulesetError):
            load(bad)


def test_ko_r5_every_even_size_plays():
    g = load("konane?size=12")
    s = g.initial_state()
    assert names(s) == sorted(["-l1", "-a12", "-g6", "-f7"])
    stats = compiled_loops(g.kernels).random_playouts(g.initial_data(), g.spec, 50, 3, 0)
    assert stats[2] + stats[3] == 50


# -- KH: the Hummingbird ------------------------------------------------------------------------------

def test_kh_a1_hummingbird_cells_and_counts():
    cells = {4: ("b3", "c3"), 6: ("c4", "d4"), 8: ("d5", "e5"), 10: ("e6", "f6"), 12: ("f7", "g7"),
             14: ("g8", "h8")}
    for n, (h, j) in cells.items():
        s = load(f"konane+hummingbird?size={n}").initial_state()
        assert cells_of(s, K.BIRD0) == [h] and cells_of(s, K.BIRD1) == [j]
        assert s.data[K.PIECES] == s.data[K.PIECES + 1] == n * n // 2


def test_kh_r1_hummingbirds_on_the_upper_centre_row():
    s = HB8.initial_state()
    assert s.to_text().splitlines()[3].split()[1:] == "J H J h j H J H".split()


EX_KH_1 = """
8  H J H J H J H J
7  J H J H J H J H
6  H J H J H J H J
5  J H J h j H J H
4  H J H J H J H J
3  J H J H J H J H
2  H J H J H J H J
1  J H J H J H J H
   a b c d e f g h
"""


def test_ex_kh_1_setup_and_opening():
    s = HB8.from_diagram(EX_KH_1)
    assert s == HB8.initial_state()
    assert turns(s) == sorted(["-h1", "-a8"])
    assert turns(play(s, "-h1")) == sorted(["-g1", "-h2"])
    assert turns(play(s, "-a8")) == sorted(["-b8", "-a7"])


def test_kh_b1_corner_removal_only():
    s = HB8.initial_state()
    for centre in ("-e4", "-d5"):
        with pytest.raises(IllegalActionError):
            s.apply_move(centre)


EX_KH_2 = inert(
    "7  . . . . . . . .", "6  . . . . . . . .", "5  . H J . . . J .", "4  . . . . . h . .",
    "3  . . . . . . . .", "2  . . . . . . . .")


def test_ex_kh_2_bonus_after_a_flower_capture():
    s = HB8.from_diagram(EX_KH_2)
    assert turns(s) == sorted(["b5xd5"] + [f"b5xd5 f4-{c}" for c in ("e3", "f3", "g3", "e4", "g4", "e5", "f5")]
                              + ["b5xd5 f4xh6"])


def test_kh_c2_bonus_step_or_single_jump_in_eight_directions():
    s = HB8.from_diagram(EX_KH_2).apply_move("b5xd5")
    assert s.current_player == 0 and s.data[K.BONUS] == 1
    jumped = s.apply_move("f4xh6")
    assert jumped.data[K.TURNS] == s.data[K.TURNS] + 1          # one jump, no continuation
    assert jumped.outcome().winner == 0                          # and Jasmine has no capture left
    assert cells_of(jumped, K.BIRD0) == ["h6"] and "g5" not in cells_of(jumped, K.FLOWER1)
    assert jumped.data[K.CAPT + 1] == 2


def test_kh_r2_bonus_is_one_move():
    s = HB8.from_diagram(inert(
        "7  . . . . . . . .", "6  . . . . . . . .", "5  . H J . . . J .", "4  . . . . . h . .",
        "3  . . . . J . . .", "2  . . . . . . . .")).apply_move("b5xd5")
    after = s.apply_move("f4xd2")                               # diagonal jump over e3
    assert after.data[K.TURNS] == s.data[K.TURNS] + 1 and cells_of(after, K.BIRD0) == ["d2"]
    assert after.data[K.CAPT + 1] == 2


def test_kh_e1_bonus_actions_are_targets_plus_pass():
    s = HB8.from_diagram(EX_KH_2).apply_move("b5xd5")
    assert names(s) == sorted([f"f4-{c}" for c in ("e3", "f3", "g3", "e4", "g4", "e5", "f5")] + ["f4xh6", "pass"])
    passed = s.apply_move("pass")
    assert passed.data[K.TURNS] == s.data[K.TURNS] + 1 and cells_of(passed, K.BIRD0) == ["f4"]
    bonus = {a for a in s.legal_actions() if a != HB8.PASS}
    assert all(5 * 64 + 1 <= a <= 6 * 64 for a in bonus)


EX_KH_3 = inert(
    "7  . . . . . . . .", "6  . . . . . . . .", "5  . . . h J . J .", "4  . . . . . . . .",
    "3  . . . . . . . .", "2  . . . . . . . .")
STEPS_KH_3 = [f"d5-{c}" for c in ("c4", "d4", "e4", "c5", "c6", "d6", "e6")]


def test_ex_kh_3_only_the_hummingbird_can_capture():
    s = HB8.from_diagram(EX_KH_3)
    assert turns(s) == sorted(["d5xf5", "d5xf5xh5"] + STEPS_KH_3)
    single = load("konane+hummingbird?hummingbird_step=single")
    assert turns(single.from_diagram(EX_KH_3)) == turns(s)


def test_kh_c1_hummingbird_captures_and_is_captured_like_a_flower():
    s = HB8.from_diagram(EX_KH_3)
    after = play(s, "d5xf5xh5")
    assert cells_of(after, K.BIRD0) == ["h5"] and after.data[K.CAPT + 1] == 2
    prey = HB8.from_diagram(inert(
        "7  . . . . . . . .", "6  . . . . . . . .", "5  . . . h J . . .", "4  . . . . . . . .",
        "3  . . . . . . . .", "2  . . . . . . . ."), to_move=1)
    taken = play(prey, "e5xc5")
    assert cells_of(taken, K.BIRD0) == [] and taken.data[K.BIRD] == -1


def test_kh_c3_no_bonus_after_a_hummingbird_capture():
    s = HB8.from_diagram(EX_KH_3)
    assert all(" " not in t for t in turns(s))
    stopped = s.apply_move("d5xf5").apply_move("stop")
    assert stopped.data[K.BONUS] == 0 and stopped.data[K.TURNS] == s.data[K.TURNS] + 1


def test_kh_c4_step_only_when_every_capture_is_the_hummingbirds():
    s = HB8.from_diagram(EX_KH_3)
    stepped = s.apply_move("d5-c5")
    assert stepped.data[K.TURNS] == s.data[K.TURNS] + 1 and cells_of(stepped, K.BIRD0) == ["c5"]
    assert stepped.data[K.CAPT + 1] == 0
    flower_too = HB8.from_diagram(inert(
        "7  . . . . . . . .", "6  . . . . . . . .", "5  . . . h J . J .", "4  . . . . . . . .",
        "3  . . . . . . . .", "2  . . . . . H J ."))
    assert not any("-" in t and " " not in t for t in turns(flower_too))
    with pytest.raises(IllegalActionError):
        flower_too.apply_move("d5-c5")


def test_kh_r3_step_single_option():
    two = inert(
        "7  . . . . . . . .", "6  . . . J . . . .", "5  . . . h J . J .", "4  . . . . . . . .",
        "3  . . . . . . . .", "2  . . . . . . . .")
    single = load("konane+hummingbird?hummingbird_step=single")
    assert any("-" in t for t in turns(HB8.from_diagram(two)))
    assert sorted(turns(single.from_diagram(two))) == sorted(["d5xd7", "d5xf5", "d5xf5xh5"])


EX_KH_4 = inert(
    "7  . . . . . . . .", "6  . . . . . . . .", "5  . . . h . . . .", "4  . . . . . . . .",
    "3  . . . . . . . .", "2  . . . . . . . .")


def test_ex_kh_4_and_kh_c5_no_capture_no_step():
    s = HB8.from_diagram(EX_KH_4)
    assert s.is_terminal and s.outcome().winner == 1


def test_kh_d1_six_pieces_lose_at_once_even_mid_chain():
    # Jasmine has 8 pieces: the chain's second jump leaves her 6, the game ends there although
    # the chain could go on over g2 and the Hummingbird could have a bonus.
    g = load("konane+hummingbird?size=10")
    s = g.from_diagram(D1_DIAGRAM)
    mid = s.apply_move("a2xc2")
    assert not mid.is_terminal and mid.data[K.PIECES + 1] == 7
    end = mid.apply_move("c2xe2")
    assert end.is_terminal and end.outcome().winner == 0 and end.outcome().termination == Termination.GOAL
    looser = load("konane+hummingbird?size=10&hummingbird_loss_at=5")
    goes_on = looser.from_diagram(D1_DIAGRAM).apply_move("a2xc2").apply_move("c2xe2")
    assert not goes_on.is_terminal and names(goes_on) == ["e2xg2", "stop"]


D1_DIAGRAM = """
10  . . . . . . . . . .
 9  . . . . . . . . . .
 8  . . . . . . . . . .
 7  . . . . . . . . . .
 6  . . . . . . . . . .
 5  . . . . . . . . . .
 4  . . . . . . . . . .
 3  . h . . . . . J J J
 2  H J . J . J . J . .
 1  . . . . . . . . . J
    a b c d e f g h i j
"""


def test_kh_r4_loss_threshold_option_and_bonus_jump():
    g = load("konane+hummingbird?hummingbird_loss_at=8")
    s = g.from_diagram(EX_KH_2).apply_move("b5xd5")              # Jasmine 10 -> 9
    assert not s.is_terminal and s.data[K.PIECES + 1] == 9
    end = s.apply_move("f4xh6")                                  # the bonus jump leaves 8: lost
    assert end.outcome().termination == Termination.GOAL and end.outcome().winner == 0


def test_ex_kh_5_and_kh_d2_first_capture_wins_on_4x4():
    s = HB4.from_diagram("""
4  H J H J
3  J h j H
2  H J H J
1  J H J H
""")
    assert s == HB4.initial_state()
    wins = []
    for first, replies in (("-d1", ("-c1", "-d2")), ("-a4", ("-b4", "-a3"))):
        for r in replies:
            st = play(s, first, r)
            (t,) = turns(st)
            end = play(st, t)
            assert end.is_terminal and end.outcome().winner == 0 and end.data[K.PIECES + 1] == 6
            wins.append(t)
    assert sorted(wins) == sorted(["d3xd1", "b1xd1", "a2xa4", "c4xa4"])


DRAW = inert(
    "7  . . . . . . . .", "6  . . . . . J J .", "5  . . J J . j . .", "4  . . h . . H H .",
    "3  . . H H . . . .", "2  . . . . . . . .")


def test_kh_d3_third_repetition_is_a_draw():
    s = HB8.from_diagram(DRAW)
    cycle = ["c4-d4", "f5-g5", "d4-c4", "g5-f5"]
    for _ in range(2):
        for m in cycle:
            assert not s.is_terminal
            s = s.apply_move(m)
    assert s.is_terminal and s.outcome().winner is None
    assert s.outcome().termination == Termination.REPETITION and s.returns() == (0.0, 0.0)


def test_kh_r5_capture_resets_the_repetition_record():
    s = HB8.from_diagram(DRAW)
    for m in ["c4-d4", "f5-g5", "d4-c4", "g5-f5", "c4-d4"]:
        s = s.apply_move(m)
    s = s.apply_move("f5xf3")                                    # a capture: the past cannot repeat
    assert s.data[K.HLEN] == 1 and not s.is_terminal


# -- KN: knots ---------------------------------------------------------------------------------------

EX_KN_1 = """
4  . J . .
3  J . J .
2  . . . .
1  J H J H
   a b c d
"""
EX_KN_2 = """
4  . . . #
3  J . J .
2  . . . .
1  J H J H
   a b c d
"""
EX_KN_3 = """
6  . . . . . .
5  . . . . . .
4  . . . . . .
3  . . J H . .
2  . . . # . .
1  . H J . J #
   a b c d e f
"""


def test_ex_kn_1_and_kn_c1_knot_not_yet_available():
    s = KN4.from_diagram(EX_KN_1, to_move=1, captured=(0, 2))
    assert s.is_terminal and s.outcome().winner == 0


def test_kn_b1_knot_after_three_captured_pieces():
    assert not KN4.from_diagram(EX_KN_1, to_move=1, captured=(0, 3)).is_terminal
    s = play(KN6.initial_state(), "-c4", "-c5")
    for _ in range(6):                                            # play captures until 3 are taken
        if s.data[K.CAPT + 1] >= 3 or s.is_terminal:
            break
        s = play(s, turns(s)[0])
    avail = s.current_player == 1 and s.data[K.CAPT + 1] >= 3
    assert avail == any(t.startswith("@") for t in turns(s))


def test_ex_kn_2_and_kn_b2_placing_a_knot():
    s = KN4.from_diagram(EX_KN_2, to_move=1, captured=(0, 3), knots=(0, 1))
    assert turns(s) == sorted(f"@{c}" for c in "a2 b2 c2 d2 b3 d3 a4 b4 c4".split())
    for t in turns(s):
        after = play(s, t)
        assert after.is_terminal and after.outcome().winner == 1


def test_kn_b2_placement_is_legal_with_a_capture_and_ends_the_turn():
    s = KN4.from_diagram(EX_KN_2, to_move=1, captured=(0, 3), knots=(0, 1))
    with_capture = KN4.from_diagram("""
4  . . . #
3  J H . .
2  . . . .
1  J H J H
""", to_move=1, captured=(0, 3), knots=(0, 1))
    t = turns(with_capture)
    assert "a3xc3" in t and "@c2" in t
    assert play(s, "@c2").data[K.HAND + 1] == 0


def test_ex_kn_3_and_kn_b3_knots_block_jumps_and_chains():
    s = KN6.from_diagram(EX_KN_3, knots=(0, 0))
    assert turns(s) == sorted(["b1xd1", "d3xb3"])


def test_kn_b3_knots_block_the_hummingbird_too():
    g = load("konane+hummingbird+knots")
    s = g.from_diagram(inert(
        "7  . . . . . . . .", "6  . . . . . . . #", "5  . H J . . # J .", "4  . . . . # h # .",
        "3  . . . . # # # .", "2  . . . . . . . ."), knots=(0, 0))
    after = s.apply_move("b5xd5")                    # knots: no step on them, no jump onto h6
    assert names(after) == sorted(["f4-e5", "pass"])


def test_kn_r2_knot_is_neither_empty_nor_enemy():
    s = KN6.from_diagram(EX_KN_3, knots=(0, 0))
    with pytest.raises(IllegalActionError):
        s.apply_move("d3xd1")                                   # over the knot on d2


def test_kn_a1_one_knot_each_placed_once():
    s = KN4.from_diagram(EX_KN_2, to_move=1, captured=(3, 3), knots=(0, 1))
    placed = play(s, "@b2")
    assert "#" in placed.to_text() and placed.data[K.HAND] == placed.data[K.HAND + 1] == 0
    assert placed.is_terminal                                   # Hibiscus's knot is already used


def test_kn_b4_knots_are_not_pieces():
    g = load("konane+hummingbird+knots")
    s = g.from_diagram(EX_KH_2, captured=(3, 0), knots=(1, 1))
    before = int(s.data[K.PIECES])
    after = s.apply_move("@a4")
    assert after.data[K.PIECES] == before and after.current_player == 1


def test_kn_r1_hummingbird_counts_as_captured():
    g = load("konane+hummingbird+knots")
    s = g.from_diagram(inert(
        "7  . . . . . . . .", "6  . . . . . . . .", "5  . . . h J . . .", "4  . . . . . . . .",
        "3  . . . . . . . .", "2  . . . . . . . ."), to_move=1, captured=(2, 0))
    after = play(s, "e5xc5")
    assert after.data[K.CAPT] == 3 and any(t.startswith("@") for t in turns(after))


def test_kn_e1_knot_action_notation():
    s = KN4.from_diagram(EX_KN_2, to_move=1, captured=(0, 3), knots=(0, 1))
    a = s.parse_move("@c2")
    assert a == 7 * 16 + 2 + 1 * 4 + 2 and s.move_to_string(a) == "@c2"
    with pytest.raises(IllegalActionError):
        s.parse_move("@d4")                                    # not empty


# -- bad input ----------------------------------------------------------------------------------------

def test_bad_input_raises_typed_errors_and_changes_nothing():
    s = play(G8.initial_state(), "-d5", "-e5")
    before = s.data.copy()
    for text in ("", "zz", "d3xd5xd7", "b5xd5 f4-e5", "-z9", "d3xd9x", "@"):
        with pytest.raises(NotationError):
            s.parse_move(text)
    for text in ("-a1", "stop", "pass", "@c3", "d3xf3", "d3xf5", "c3-c4", "a1xa3"):
        with pytest.raises(IllegalActionError):
            s.apply_move(text)
    with pytest.raises(NotationError):
        s.parse_move("i1xi3")                                  # off the 8x8 board
    with pytest.raises(IllegalActionError):
        s.apply(10**6)
    assert np.array_equal(s.data, before)
    with pytest.raises(NotationError):
        G8.from_diagram(EX_KN_1)                               # a 4x4 diagram on 8x8
    with pytest.raises(NotationError):
        G4.from_diagram(EX_KN_2)                               # a knot without +knots


def test_render_and_view():
    s = HB8.from_diagram(EX_KH_2).apply_move("b5xd5")
    text = s.to_text()
    assert "Hibiscus to move: Hummingbird bonus move or pass" in text and text.splitlines()[-3].strip().startswith("a b")
    v = HB8.view(s)
    assert {"at": "f4", "owner": 0, "kind": "hummingbird", "count": 1} in v["pieces"]
    assert HB8.action_points(s, s.parse_move("f4xh6")) == ["f4", "g5", "h6"]
    assert G8.observation(G8.initial_state()).shape == (6 * 64 + 11,)
    assert len(G8.geometry()["points"]) == 64


def test_rules_texts_name_every_action_token():
    from ludotheque.core.rules_text import rules_text
    for lang in ("en", "fr"):
        text = rules_text("konane+hummingbird+knots?size=6", lang)
        for token in ("`-h1`", "`a2xc2xe2xg2`", "`c2xe2`", "`stop`", "`pass`", "`f4-e5`", "`d5-c5`", "`@c3`"):
            assert token in text, (lang, token)


def test_parse_turn_whole_turns():
    s = HB8.from_diagram(EX_KH_2)
    acts = HB8.parse_turn(s, "b5xd5 f4xh6")
    assert [HB8.action_to_string(st, a) for st, a in zip([s, s.apply(acts[0])], acts)] == ["b5xd5", "f4xh6"]
    chain = G8.from_diagram(EX_KO_2)
    acts = G8.parse_turn(chain, "a2xc2xe2")
    assert len(acts) == 3 and acts[-1] == G8.STOP
    with pytest.raises(NotationError):
        G8.parse_turn(chain, "a2xc2 b1 c1")
