"""The board (rules/awithlaknannai.md §2) and the setups (AW-A, AW-G1, AW-H2, AW-H3, AW-S1)."""
import pytest
from _aw_util import START, X9, X11, X13, X14, load, turns

from ludotheque.games.awithlaknannai import kernels as K
from ludotheque.games.awithlaknannai.awithlaknannai import board_lines, make_board


@pytest.mark.parametrize("n, points, lines, edges, triples", [(8, 25, 21, 54, 66), (12, 37, 29, 82, 106)])
def test_board_counts_of_section_2_4(n, points, lines, edges, triples):
    board = make_board(n)
    assert board.num_points == points and len(board_lines(n)) == lines
    assert len(board.edges()) == edges and board.num_jumps == triples


@pytest.mark.parametrize("n", [8, 12])
def test_end_points_are_exactly_the_never_captured_points(n):
    """AW-C2 / §2.4: the points that are never the middle of a jump triple."""
    board = make_board(n)
    middles = {int(board.step[p, d]) for p in range(board.num_points) for d in range(8) if board.jump[p, d] >= 0}
    never = {board.names[p] for p in range(board.num_points) if p not in middles}
    assert never == {"m1", f"m{n + 1}", "t1", f"t{n}", "b1", f"b{n}"}


def test_degrees_and_neighbours_in_words():
    board = make_board(8)
    deg = {board.names[p]: len(board.neighbours(p)) for p in range(25)}
    assert {k for k, v in deg.items() if v == 3} == {"m1", "m9", "t1", "t8", "b1", "b8"}
    assert all(deg[f"{r}{k}"] == 4 for r in "tb" for k in range(2, 8))
    assert all(deg[f"m{k}"] == 6 for k in range(2, 9))
    nb = {board.names[q] for q in board.neighbours(board.index("m4"))}
    assert nb == {"m3", "m5", "t3", "t4", "b3", "b4"}


def test_aw_a1_base_setup():
    g = load("awithlaknannai")
    s = g.initial_state()
    assert g.diagram(s).split() == g.diagram(g.from_diagram(START)).split()
    assert s.data[K.ONB] == 12 and s.data[K.ONB + 1] == 12
    assert s.data[g.point_index("m5")] == 0


def test_aw_a2_yellow_is_player_0_and_moves_first():
    g = load("awithlaknannai")
    s = g.initial_state()
    assert s.current_player == 0 and g.player_names == ("Yellow", "Orange")
    assert all(s.data[g.point_index(f"b{k}")] == 1 for k in range(1, 9))


def test_aw_a3_each_side_owns_its_left_half_of_the_middle_row():
    g = load("awithlaknannai")
    s = g.initial_state()
    assert [int(s.data[g.point_index(f"m{k}")]) for k in range(1, 10)] == [1, 1, 1, 1, 0, 2, 2, 2, 2]


def test_aw_g1_lemery_setup():
    g = load("awithlaknannai/lemery")
    assert g.diagram(g.initial_state()).split() == g.diagram(g.from_diagram(X9)).split()
    assert load("awithlaknannai?lemery=1").diagram(load("awithlaknannai?lemery=1").initial_state()) == \
        g.diagram(g.initial_state())
    assert int(g.initial_state().data[K.ONB]) == 11


def test_aw_h1_h2_serpents_board_and_setup():
    g = load("awithlaknannai/serpents")
    assert g.npts == 37
    s = g.initial_state()
    assert g.diagram(s).split() == g.diagram(g.from_diagram(X11)).split()
    assert int(s.data[K.ONB]) == 18 == int(s.data[K.ONB + 1])


def test_aw_h3_serpents_with_lemery_setup():
    g = load("awithlaknannai/serpents?lemery=1")
    s = g.initial_state()
    assert g.diagram(s).split() == g.diagram(g.from_diagram(X13)).split()
    assert int(s.data[K.ONB]) == 17


@pytest.mark.parametrize("rid, yellow, orange", [
    ("awithlaknannai+shaman", "m4", "m6"), ("awithlaknannai/lemery+shaman", "m3", "m7"),
    ("awithlaknannai/serpents+shaman", "m6", "m8"), ("awithlaknannai/serpents+shaman?lemery=1", "m5", "m9")])
def test_aw_s1_shaman_start_points(rid, yellow, orange):
    g = load(rid)
    s = g.initial_state()
    shamans = {g.point_name(c): int(s.data[c]) for c in range(g.npts) if s.data[c] >= 3}
    assert shamans == {yellow: 3, orange: 4}


def test_aw_s1_shaman_setup_diagram():
    g = load("awithlaknannai+shaman")
    assert g.diagram(g.initial_state()).split() == g.diagram(g.from_diagram(X14)).split()
    assert turns(g.initial_state()) == ["b4-m5", "b5-m5", "m4-m5", "m4-m5<m3"]


def test_geometry_view_and_action_points_for_the_browser():
    g = load("awithlaknannai+shaman")
    geo = g.geometry()
    assert geo["kind"] == "lines" and len(geo["points"]) == 25 and len(geo["lines"]) == 54
    s = g.initial_state()
    v = g.view(s)
    assert len(v["pieces"]) == 24 and {p["kind"] for p in v["pieces"]} == {"snake", "shaman"}
    pull = s.parse_move("m4-m5<m3")
    assert g.action_points(s, pull) == ["m3", "m4", "m5"]
    t = s.apply_move("m4-m5")
    assert g.action_points(t, t.parse_move("m6xm4")) == ["m6", "m5", "m4"]
    assert g.observation(s).shape == g.observation(t).shape
