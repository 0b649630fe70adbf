"""core.geometry: line boards built from LINES (counts of rules/fanorona.md 1.4)."""
from __future__ import annotations

import pytest

from ludotheque.core.geometry import DIRS, LineBoard, alquerque_board, direction_of, grid_lines, point_name


@pytest.mark.parametrize("w,h,points,strong,lines,edges,jumps", [
    (9, 5, 45, 23, 24, 108, 168), (5, 5, 25, 13, 16, 56, 80), (3, 3, 9, 5, 8, 16, 16)])
def test_alquerque_counts(w, h, points, strong, lines, edges, jumps):
    b = alquerque_board(w, h)
    assert b.num_points == points and len(b.lines) == lines
    assert len(b.edges()) == edges and b.num_jumps == jumps
    assert sum((x + y) % 2 == 0 for x, y in b.xy) == strong


def test_tsivy_edges_by_kind_and_degrees():
    b = alquerque_board(9, 5)
    kinds = {"row": 0, "col": 0, "diag": 0}
    for u, v in b.edges():
        (x1, y1), (x2, y2) = b.xy[u], b.xy[v]
        kinds["row" if y1 == y2 else "col" if x1 == x2 else "diag"] += 1
    assert kinds == {"row": 40, "col": 36, "diag": 32}
    deg = {n: len(b.neighbours(b.index(n))) for n in ("e3", "d3", "a1", "b1", "c1")}
    assert deg == {"e3": 8, "d3": 4, "a1": 3, "b1": 3, "c1": 5}
    assert sorted(b.names[q] for q in b.neighbours(b.index("a1"))) == ["a2", "b1", "b2"]


def test_tsivy_diagonals_match_the_spec():
    b = alquerque_board(9, 5)
    diags = {" ".join(b.names[i] for i in line) for line in b.lines if len({b.xy[i][1] for i in line}) > 1
             and len({b.xy[i][0] for i in line}) > 1}
    assert diags == {"a1 b2 c3 d4 e5", "c1 d2 e3 f4 g5", "e1 f2 g3 h4 i5", "g1 h2 i3", "a3 b4 c5",
                     "a5 b4 c3 d2 e1", "c5 d4 e3 f2 g1", "e5 f4 g3 h2 i1", "g5 h4 i3", "a3 b2 c1"}


def test_direction_tables():
    b = alquerque_board(9, 5)
    e3, d3 = b.index("e3"), b.index("d3")
    for d, (dx, dy) in enumerate(DIRS):
        assert DIRS[d ^ 4] == (-dx, -dy)
        q = b.step[e3, d]
        assert b.xy[q] == (4 + dx, 2 + dy)
        assert b.step[q, d ^ 4] == e3
    assert [b.step[d3, d] >= 0 for d in range(8)] == [True, False] * 4   # weak: no diagonal
    assert b.names[b.jump[b.index("a1"), 1]] == "c3" and b.jump[b.index("h1"), 0] == -1
    assert direction_of(2, -2) == 7 and point_name(4, 2) == "e3"
    with pytest.raises(ValueError):
        direction_of(0, 0)


def test_custom_lines_and_names():
    # a board with doubled x coordinates and its own names (as Awithlaknannai needs)
    lines = [[(0, 0), (2, 0), (4, 0)], [(1, 1), (3, 1)], [(0, 0), (1, 1)], [(2, 0), (1, 1)]]
    names = {(0, 0): "b1", (2, 0): "b2", (4, 0): "b3", (1, 1): "t1", (3, 1): "t2"}
    b = LineBoard.from_lines(lines, names)
    assert b.num_points == 5 and len(b.edges()) == 5 and b.num_jumps == 2
    assert b.names[b.step[b.index("b1"), 0]] == "b2" and b.names[b.step[b.index("b1"), 1]] == "t1"
    with pytest.raises(ValueError):
        LineBoard.from_lines([[(0, 0), (1, 0)], [(0, 0), (2, 0)]])   # two lines leave (0,0) east
    assert len(grid_lines(3, 3, diagonals=False)) == 6
