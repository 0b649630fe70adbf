"""Search knowledge of the Oware family's variants: the Nam-Nam and Omweso evaluations (terms
documented in nam_nam.py and omweso.py), and forced wins alpha-beta must find."""
import random

import pytest
from _search_util import check_puzzle

import ludotheque
from ludotheque.ai import alphabeta as AB
from ludotheque.games.oware import evaluation_variants as EV

SOUTH, NORTH = 0, 1
NAM_NAM = ludotheque.load("oware/nam-nam")
OMWESO = ludotheque.load("oware/omweso")


def value(state, player=SOUTH):
    game = state.game
    return type(game).evaluate(state.data, game.spec, player)


def random_states(game, start, games=12, seed=0):
    """Every state of a few random games (play positions only for Omweso)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = start
        while not s.is_terminal and len(out) < 4000:
            out.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def test_both_variants_register_their_evaluation():
    assert AB.game_evaluate(NAM_NAM) is EV.nam_nam_evaluate
    assert AB.game_evaluate(OMWESO) is EV.omweso_evaluate


@pytest.mark.parametrize("game,start", [(NAM_NAM, NAM_NAM.initial_state()),
                                        (OMWESO, OMWESO.play_start())])
def test_evaluations_are_antisymmetric_and_inside_minus_one_one(game, start):
    assert value(start, SOUTH) == pytest.approx(0.0, abs=0.2)
    for s in random_states(game, start):
        v = value(s, SOUTH)
        assert -1.0 < v < 1.0
        assert value(s, NORTH) == -v
        if s.is_terminal and s.returns()[0] != 0:
            assert (v > 0) == (s.returns()[0] > 0)


# -- Nam-Nam --------------------------------------------------------------------------------

def test_nam_nam_fours_won_score_higher():
    board = """
        f  e  d  c  b  a
North   2  2  2  2  2  2    store {north}
South   2  2  2  2  2  2    store {south}
        A  B  C  D  E  F
"""
    even = NAM_NAM.from_diagram(board.format(south=12, north=12))
    ahead = NAM_NAM.from_diagram(board.format(south=16, north=8))
    assert value(ahead) > value(even) and value(ahead, NORTH) < value(even, NORTH)


def test_nam_nam_houses_won_score_higher():
    """A new round where South filled seven houses (one of North's row, `a*`) against six."""
    seven = NAM_NAM.from_diagram("""
Round 2
        f  e  d  c  b  a
North   4  4  4  4  4  4*   store 0
South   4  4  4  4  4  4    store 0
        A  B  C  D  E  F
""", to_move=NORTH)
    even = NAM_NAM.from_diagram("""
Round 2
        f  e  d  c  b  a
North   4  4  4  4  4  4    store 0
South   4  4  4  4  4  4    store 0
        A  B  C  D  E  F
""", to_move=NORTH)
    assert value(seven) > value(even) + 0.15


@pytest.mark.parametrize("to_move", [SOUTH, NORTH])
def test_nam_nam_a_house_the_opponent_can_take_lowers_the_value(to_move):
    """South's A holds 3: North's single seed in f makes it 4 with its last seed (NN-D2) and
    North takes it; from e it stops in f."""
    board = """
        f  e  d  c  b  a
North   {f}  {e}  0  0  0  0    store 20
South   3  2  2  0  0  0    store 20
        A  B  C  D  E  F
"""
    exposed = NAM_NAM.from_diagram(board.format(f=1, e=0), to_move)
    safe = NAM_NAM.from_diagram(board.format(f=0, e=1), to_move)
    assert value(exposed) < value(safe)


# Forced wins: the game ends when a round ends with one player holding all 48 seeds (NN-G1).
# (diagram, player to move, winning move, plies)
NAM_NAM_PUZZLES = [
    # South plays c, a North-row house he owns
    ("""
Round 15
        f  e  d  c  b  a
North   1* 2* 1* 3* 1  0    store 0
South   0  1  1  3  0  3    store 32
        A  B  C  D  E  F
""", SOUTH, "c", 3),
    ("""
Round 6
        f  e  d  c  b  a
North   1  0 10  3  1  3    store 12
South   1  0  3* 2* 2* 10*  store 0
        A  B  C  D  E  F
""", NORTH, "f", 3),
    # South wins round 11, then round 12 (a new round on the way)
    ("""
Round 11
        f  e  d  c  b  a
North   0* 0* 1* 1  0  2    store 8
South   0  0  0  1  3  0    store 32
        A  B  C  D  E  F
""", SOUTH, "D", 5),
    ("""
Round 15
        f  e  d  c  b  a
North   9* 9* 1* 0* 2  2    store 0
South   3  0  0  9  1  0    store 12
        A  B  C  D  E  F
""", SOUTH, "d", 5),
    ("""
Round 13
        f  e  d  c  b  a
North   2* 1* 1* 1* 0  2    store 8
South   2  2  0  0  0  1    store 28
        A  B  C  D  E  F
""", SOUTH, "F", 7),
    ("""
Round 6
        f  e  d  c  b  a
North   2  8  1  8  1  8    store 4
South   3  0  9* 1* 0* 3*   store 0
        A  B  C  D  E  F
""", NORTH, "D", 7),
]


@pytest.mark.parametrize("diagram,to_move,move,plies", NAM_NAM_PUZZLES)
def test_alphabeta_finds_forced_nam_nam_wins(diagram, to_move, move, plies):
    state = NAM_NAM.from_diagram(diagram, to_move)
    check_puzzle(state, state.parse_move(move), plies)


# -- Omweso ---------------------------------------------------------------------------------

def test_omweso_seeds_on_ones_side_score_higher():
    board = """
      a  b  c  d  e  f  g  h
  4   0  0  0  0  0  0  0  0
  3   {a3}  4  4  4  4  4  4  4
  2   4  4  4  4  4  4  4  4
  1   {a1}  0  0  0  0  0  0  0
"""
    even = OMWESO.from_diagram(board.format(a3=4, a1=0), captures=(1, 1))
    ahead = OMWESO.from_diagram(board.format(a3=0, a1=4), captures=(1, 1))
    assert value(ahead) > value(even) + 0.2 and value(ahead, NORTH) < value(even, NORTH)


OMWESO_COLUMN_B = """
      a  b  c  d  e  f  g  h
  4   3  4  4  4  4  4  4  4
  3   0  1  0  0  0  0  0  0
  2   0  1  0  4  4  0  0  0
  1   {a1}  {b1}  2  4  4  4  4  4
"""


@pytest.mark.parametrize("to_move", [SOUTH, NORTH])
def test_omweso_a_column_the_opponent_can_capture_lowers_the_value(to_move):
    """North's a4 (3 seeds) ends in b3: with b2 and b1 both holding seeds, that captures them;
    with b1 empty it does not (the seed is in a1 instead)."""
    exposed = OMWESO.from_diagram(OMWESO_COLUMN_B.format(a1=0, b1=1), to_move, (1, 1))
    safe = OMWESO.from_diagram(OMWESO_COLUMN_B.format(a1=1, b1=0), to_move, (1, 1))
    assert value(exposed) < value(safe)
    if to_move == NORTH:                                  # the capture is on
        assert value(exposed) < value(safe) - 0.1


def test_omweso_akakyala_standing_counts():
    """South captured before and North never has: South's next capture wins (OM-F2)."""
    board = OMWESO_COLUMN_B.format(a1=1, b1=0)
    even = value(OMWESO.from_diagram(board, SOUTH, (1, 1)))
    south_first = value(OMWESO.from_diagram(board, SOUTH, (1, 0)))
    north_first = value(OMWESO.from_diagram(board, SOUTH, (0, 1)))
    assert south_first > even > north_first
    # North to move can capture now (a4 -> b3): his Akakyala is all but won
    exposed = OMWESO_COLUMN_B.format(a1=0, b1=1)
    assert value(OMWESO.from_diagram(exposed, NORTH, (0, 1))) < -0.7


# (diagram, player to move, capturing turns made (South, North), winning move, plies)
OMWESO_PUZZLES = [
    # North is left without a pit of two seeds (OM-F1)
    ("""
      a  b  c  d  e  f  g  h
  4   1  0  0  0  3  0  2  0
  3   7  1  1  1  2  3  8  8
  2   0  1  2  0  2  0  1  1
  1   0  3  7  2  4  2  0  2
""", SOUTH, (1, 2), "b1", 3),
    # a reverse capture from a2, then columns a and h in one turn: Emitwebiri (OM-F3)
    ("""
      a  b  c  d  e  f  g  h
  4   1  0  3  1  2  0  1  4
  3   1  0  5  6  0  1  7  1
  2   2  0  5  0  0  4  4  4
  1   3  1  1  3  1  0  2  1
""", SOUTH, (1, 1), "a2r", 3),
    ("""
      a  b  c  d  e  f  g  h
  4   0  0  0  1  2  3  0  3
  3   4  4  4  0  4  0  1  1
  2   1  1  6  6  6  1  5  0
  1   3  0  3  3  0  1  1  0
""", SOUTH, (1, 0), "d1", 5),
    # nobody has captured: the reverse capture b2r and a second capture win (Akakyala, OM-F2)
    ("""
      a  b  c  d  e  f  g  h
  4   0  0  0  0  1  1  1  1
  3   4  4  4  4  4  4  4  0
  2   5  5  0  4  4  4  4  4
  1   1  1  0  0  0  0  0  0
""", SOUTH, (0, 0), "b2r", 5),
    ("""
      a  b  c  d  e  f  g  h
  4   0  0  1  2  0  2  0  2
  3   4  4  4  0  5  1  6  1
  2   2  3  3  0  0  0  1  5
  1   5  1  5  0  3  1  3  0
""", NORTH, (0, 0), "c3", 5),
]


@pytest.mark.parametrize("diagram,to_move,captures,move,plies", OMWESO_PUZZLES)
def test_alphabeta_finds_forced_omweso_wins(diagram, to_move, captures, move, plies):
    state = OMWESO.from_diagram(diagram, to_move, captures)
    check_puzzle(state, state.parse_move(move), plies)
