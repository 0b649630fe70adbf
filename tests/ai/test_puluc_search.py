"""Alpha-beta (expectimax at the throws) finds forced wins in Puluc positions.

A ply is one action: a throw (chance), a move, the second part of a Guardian split or a temple
bonus move. Diagrams are taken at the throw of the side to move (as ``from_diagram`` builds
them). Two kinds of puzzle:
- every throw wins: whatever the kernels show, the side to move has a winning move, and the
  search finds it for each throw (the reference search checks the whole chance node);
- one throw, one move: the search must pick the move that wins (a temple bonus makes the
  winning turn two plies).
"""
import pytest

import ludotheque
from ludotheque import CHANCE
from ludotheque.ai import alphabeta as AB

from _search_util import check_puzzle, forced_win

YELLOW, BLUE = 0, 1

EVERY_THROW = [  # (ruleset, side to throw, diagram, {throw: the only winning move}, plies)
    # blue's last warrior at 5: a yellow unit stands at each distance 1..5 (the city for 5)
    ("puluc", YELLOW, """
pos:  0    1  2  3   4  5  6  7  8  9  10
      Y×1  Y  Y  BY  Y  B  .  .  .  .  (empty)
""", {"(1)": "4x5", "(2)": "3x5", "(3)": "2x5", "(4)": "1x5", "(5)": "0x5"}, 2),
    # Ludens: blue to throw; yellow's last piece at 5 is hit by a single or by an entry
    ("puluc/ludens", BLUE, """
pos:  0        1  2  3  4  5  6  7  8  9  10
      (empty)  .  .  .  .  Y  B  B  B  B  B×1
""", {"(1)": "6x5", "(2)": "7x5", "(3)": "8x5", "(4)": "9x5", "(5)": "10x5"}, 2),
]

# Sauvetage, blue to throw: blue's last free warrior (7) is caged by yellow stacks holding
# blue prisoners, which a single may not land on (PS-D1): every blue throw passes, then every
# yellow throw lets the stack at that distance capture it.
CAGE = """
pos:  0    1  2   3   4   5   6   7  8  9  10 11 12 13 14
      Y×2  .  BY  BY  BY  BY  BY  B  .  .  .  .  .  .  (empty)
"""
CAGE_WINS = {"(1)": "6x7", "(2)": "5x7", "(3)": "4x7", "(4)": "3x7", "(5)": "2x7"}

ONE_THROW = [  # (ruleset, diagram, throw, the only winning move, plies): yellow throws
    # rules/puluc.md PT-X3: 4-7 ends on the solar temple; the bonus 7x8 takes blue's last warrior
    ("puluc+temples", """
pos:  0    1  2  3  4  5  6  7  8  9   10
      Y×3  .  .  .  Y  .  .  .  B  BY  (empty)      removed: B×3
""", "(3)", "4-7", 2),
    # the Guardian's G2-7 reaches the temple; the bonus 0x1 enters onto blue's Guardian
    ("puluc+guardians+temples", """
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×1  g  G  Y  .  .  .  .  .  .  (empty)
""", "(5)", "G2-7", 2),
    # 2x7 captures on the temple (blue keeps 6); the bonus G5x6 takes it
    ("puluc+guardians+temples", """
pos:  0        1  2  3  4  5  6  7  8  9  10
      (empty)  .  Y  Y  .  G  B  B  .  .  (empty)
""", "(5)", "2x7", 2),
]


@pytest.mark.parametrize("ruleset,thrower,diagram,wins,plies", EVERY_THROW,
                         ids=[p[0] for p in EVERY_THROW])
def test_every_throw_wins(ruleset, thrower, diagram, wins, plies):
    root = ludotheque.load(ruleset).from_diagram(diagram, thrower)
    assert root.current_player == CHANCE
    assert forced_win(root, thrower, plies)
    for throw, move in wins.items():
        state = root.apply(root.parse_move(throw))
        check_puzzle(state, state.parse_move(move), plies - 1)
    assert len(root.chance_outcomes()) == len(wins)


def test_a_caged_warrior_falls_whatever_the_throws():
    root = ludotheque.load("puluc/sauvetage").from_diagram(CAGE, BLUE)
    assert forced_win(root, YELLOW, 3)                       # blue's throw, yellow's, the capture
    for blue_throw, _ in root.chance_outcomes():
        after = root.apply(blue_throw)
        assert after.current_player == CHANCE                # blue cannot move: the turn passes
        for throw, move in CAGE_WINS.items():
            state = after.apply(after.parse_move(throw))
            assert state.current_player == YELLOW
            check_puzzle(state, state.parse_move(move), 1)


@pytest.mark.parametrize("ruleset,diagram,throw,move,plies", ONE_THROW,
                         ids=[f"{p[0]}:{p[3]}" for p in ONE_THROW])
def test_alphabeta_finds_forced_puluc_wins(ruleset, diagram, throw, move, plies):
    state = ludotheque.load(ruleset).from_diagram(diagram, YELLOW)
    state = state.apply(state.parse_move(throw))
    check_puzzle(state, state.parse_move(move), plies)


@pytest.mark.parametrize("ruleset", ["puluc", "puluc/sauvetage", "puluc/ludens"])
def test_puluc_evaluation_is_bounded_antisymmetric_and_likes_material(ruleset):
    g = ludotheque.load(ruleset)
    ev = AB.game_evaluate(g)                                # what the search reads
    n = g.n
    head = "pos:  " + "  ".join(str(i) for i in range(n + 1)) + "\n      "
    field = ["."] * (n - 1)
    field[n // 2 - 1] = "Y"
    even = g.from_diagram(head + "Y×2  " + "  ".join(field) + "  B×3")
    field[n // 2] = "B"
    behind = g.from_diagram(head + "Y×2  " + "  ".join(field) + "  B×3")   # one more blue
    for s in (even, behind):
        for p in (YELLOW, BLUE):
            assert -1 < ev(s.data, g.spec, p) < 1
            assert ev(s.data, g.spec, p) == pytest.approx(-ev(s.data, g.spec, 1 - p))
    assert ev(behind.data, g.spec, BLUE) > ev(even.data, g.spec, BLUE)
    assert ev(behind.data, g.spec, YELLOW) < ev(even.data, g.spec, YELLOW)


def _line(g, units, ycity="Y×4", bcity="B×4"):
    """A diagram of ``g`` with ``units`` = {position: unit} on the field."""
    n = g.n
    cells = [ycity] + [units.get(i, ".") for i in range(1, n)] + [bcity]
    return "pos:  " + "  ".join(str(i) for i in range(n + 1)) + "\n      " + "  ".join(cells)


@pytest.mark.parametrize("ruleset", ["puluc", "puluc/sauvetage", "puluc/ludens",
                                     "puluc+guardians+temples"])
def test_puluc_evaluation_sees_the_throw_odds(ruleset):
    """Blue to throw; yellow's warrior at 2 is two steps in front of blue's (hit by a 2, 6/16)
    or four steps (hit by a 4, 1/16): the close one is worse for yellow. Once blue has thrown,
    the known value decides: a 2 (capture) is worse for yellow than a 1 (none)."""
    g = ludotheque.load(ruleset)
    ev = AB.game_evaluate(g)
    close = g.from_diagram(_line(g, {2: "Y", 4: "B"}), BLUE)
    far = g.from_diagram(_line(g, {2: "Y", 6: "B"}), BLUE)
    assert ev(close.data, g.spec, YELLOW) < ev(far.data, g.spec, YELLOW)
    two, one = (close.apply(close.parse_move(t)) for t in ("(2)", "(1)"))
    assert two.current_player == one.current_player == BLUE
    assert ev(two.data, g.spec, YELLOW) < ev(one.data, g.spec, YELLOW) < 0.2
    for s in (close, far, two, one):
        assert ev(s.data, g.spec, YELLOW) == pytest.approx(-ev(s.data, g.spec, BLUE))


@pytest.mark.parametrize("ruleset", ["puluc", "puluc/ludens"])
def test_puluc_evaluation_values_a_warrior_in_the_city_as_safe(ruleset):
    """Blue to throw: a yellow warrior in the city cannot be hit; one on blue's entry squares
    (blue enters at 10 - v) can."""
    g = ludotheque.load(ruleset)
    ev = AB.game_evaluate(g)
    home = g.from_diagram(_line(g, {}, "Y×5", "B×5"), BLUE)
    exposed = g.from_diagram(_line(g, {8: "Y"}, "Y×4", "B×5"), BLUE)
    assert ev(exposed.data, g.spec, YELLOW) < ev(home.data, g.spec, YELLOW)
