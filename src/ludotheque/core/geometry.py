"""Line boards: points joined by LINES, ordered runs of collinear points (Fanorona,
Awithlaknannai, Komikan, Alquerque-style boards).

Everything a kernel needs is derived from the lines alone: two points are adjacent iff they
are consecutive on a line, and "the next point in direction d" is the next point on that
line. Directions are the 8 sign vectors of ``DIRS``, numbered so that ``d ^ 4`` is the
opposite of ``d``; a step between points (x, y) and (x', y') has the direction of
(sign(x' - x), sign(y' - y)), so boards with doubled coordinates work the same way.

The tables are plain int64 numpy arrays (``step[p, d]``, ``jump[p, d]``, -1 where there is
no point; ``dirs[p]``, the directions that leave p, so loops skip the missing ones) that a
game puts in its kernel ``spec``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

__all__ = ["DIRS", "LineBoard", "direction_of", "point_name", "grid_lines", "alquerque_board"]

#: the 8 directions; DIRS[d ^ 4] is the opposite of DIRS[d]
DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def direction_of(dx: int, dy: int) -> int:
    """The direction index of a displacement (its sign vector); ValueError for (0, 0)."""
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if sx == 0 and sy == 0:
        raise ValueError("a null displacement has no direction")
    return DIRS.index((sx, sy))


def point_name(x: int, y: int) -> str:
    """File letter + rank: (0, 0) -> 'a1', (4, 2) -> 'e3'."""
    return f"{chr(ord('a') + x)}{y + 1}"


@dataclass(frozen=True, eq=False)
class LineBoard:
    names: tuple[str, ...]               # point i is called names[i]
    xy: tuple[tuple[int, int], ...]      # its coordinates
    lines: tuple[tuple[int, ...], ...]   # each line as point indices, in order
    step: np.ndarray                     # (n, 8): next point along a line in direction d, or -1
    jump: np.ndarray                     # (n, 8): the point after step[p, d] on the same line, or -1
    dirs: np.ndarray                     # (n, 9): dirs[p, 0] directions leave p: dirs[p, 1..]

    @classmethod
    def from_lines(cls, lines: Iterable[Sequence[tuple[int, int]]],
                   names: dict[tuple[int, int], str] | None = None) -> "LineBoard":
        """A board from its lines of (x, y) points. Points are numbered in (y, x) order;
        names default to file+rank (``point_name``)."""
        point_lines = [[(int(p[0]), int(p[1])) for p in line] for line in lines]
        pts = sorted({p for line in point_lines for p in line}, key=lambda p: (p[1], p[0]))
        index = {p: i for i, p in enumerate(pts)}
        n = len(pts)
        step = np.full((n, 8), -1, np.int64)
        jump = np.full((n, 8), -1, np.int64)
        for line in point_lines:
            if len(line) < 2:
                raise ValueError(f"a line needs at least 2 points: {line}")
            ids = [index[p] for p in line]
            for a, b in zip(ids, ids[1:]):
                d = direction_of(pts[b][0] - pts[a][0], pts[b][1] - pts[a][1])
                for u, v, dd in ((a, b, d), (b, a, d ^ 4)):
                    if step[u, dd] not in (-1, v):
                        raise ValueError(f"two lines leave {pts[u]} in direction {DIRS[dd]}")
                    step[u, dd] = v
            for a, m, b in zip(ids, ids[1:], ids[2:]):
                d = direction_of(pts[m][0] - pts[a][0], pts[m][1] - pts[a][1])
                jump[a, d] = b
                jump[b, d ^ 4] = a
        dirs = np.zeros((n, 9), np.int64)
        for p in range(n):
            ds = [d for d in range(8) if step[p, d] >= 0]
            dirs[p, 0] = len(ds)
            dirs[p, 1:1 + len(ds)] = ds
        label = [names[p] if names else point_name(*p) for p in pts]
        return cls(tuple(label), tuple(pts), tuple(tuple(index[p] for p in line) for line in point_lines),
                   step, jump, dirs)

    # -- lookups ----------------------------------------------------------------------
    @property
    def num_points(self) -> int:
        return len(self.names)

    def index(self, name: str) -> int:
        """The point called ``name``; KeyError if there is none."""
        return self.names.index(name)

    def edges(self) -> list[tuple[int, int]]:
        """Adjacent pairs (a < b), once each."""
        return sorted({(min(a, b), max(a, b)) for line in self.lines for a, b in zip(line, line[1:])})

    def neighbours(self, p: int) -> list[int]:
        return [int(q) for q in self.step[p] if q >= 0]

    def distances(self) -> np.ndarray:
        """(n, n): the fewest steps along the lines from each point to each other (-1: none)."""
        n = self.num_points
        dist = np.full((n, n), -1, np.int64)
        for a in range(n):
            dist[a, a] = 0
            todo = [a]
            for p in todo:                               # breadth first
                for q in self.neighbours(p):
                    if dist[a, q] < 0:
                        dist[a, q] = dist[a, p] + 1
                        todo.append(q)
        return dist

    @property
    def num_jumps(self) -> int:
        """Directed jump triples (P, M, Q consecutive on a line, both directions)."""
        return int((self.jump >= 0).sum())


def grid_lines(width: int, height: int, diagonals: bool = True) -> list[list[tuple[int, int]]]:
    """Rows, columns and, if asked, the Alquerque diagonals of a width x height grid: every
    maximal run of at least 2 points stepping by (+1, +1) or (+1, -1) through points with
    x + y even."""
    lines = [[(x, y) for x in range(width)] for y in range(height)]
    lines += [[(x, y) for y in range(height)] for x in range(width)]
    if diagonals:
        for dy in (1, -1):
            for x0 in range(width):
                for y0 in range(height):
                    if (x0 + y0) % 2 or (0 <= x0 - 1 and 0 <= y0 - dy < height):
                        continue  # not strong, or not the start of a maximal run
                    run = []
                    x, y = x0, y0
                    while 0 <= x < width and 0 <= y < height:
                        run.append((x, y))
                        x, y = x + 1, y + dy
                    if len(run) >= 2:
                        lines.append(run)
    return lines


def alquerque_board(width: int, height: int) -> LineBoard:
    """A grid with Alquerque diagonals (Fanorona 9x5, 5x5, 3x3; Alquerque 5x5)."""
    return LineBoard.from_lines(grid_lines(width, height, True))
