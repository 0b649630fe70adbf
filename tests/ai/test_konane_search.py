"""Kōnane's search evaluation (games/konane/evaluation.py) and forced-win puzzles for alpha-beta."""
import random

import pytest

import ludotheque
from ludotheque.ai import alphabeta as AB
from ludotheque.games.konane import evaluation
from ludotheque.games.konane.konane import SIZES

from _search_util import check_puzzle

RULESETS = ([f"konane?size={n}" for n in SIZES]
            + ["konane+hummingbird", "konane?size=6+hummingbird", "konane+knots", "konane?size=6+knots",
               "konane?size=4+hummingbird+knots", "konane?size=10+hummingbird+knots",
               "konane?size=14+hummingbird+knots"])


def value(ruleset, diagram, player=0, **kw):
    game = ludotheque.load(ruleset)
    state = game.from_diagram(diagram, **kw)
    assert not state.is_terminal
    return evaluation.evaluate(state.data, game.spec, player)


# -- the evaluation ------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_konane_ruleset_searches_with_the_evaluation(ruleset):
    game = ludotheque.load(ruleset)
    assert AB.game_evaluate(game) is evaluation.evaluate


@pytest.mark.parametrize("ruleset", RULESETS)
def test_evaluation_is_antisymmetric_and_inside_the_open_interval(ruleset):
    """Along random games (openings, chains, bonus decisions, knots, finished games)."""
    game = ludotheque.load(ruleset)
    rng = random.Random(7)
    for seed in range(2):
        state = game.initial_state(seed)
        while True:
            v0 = evaluation.evaluate(state.data, game.spec, 0)
            v1 = evaluation.evaluate(state.data, game.spec, 1)
            assert -1.0 < v0 < 1.0 and v0 == -v1
            if state.is_terminal:
                w = state.outcome().winner
                assert (v0 > 0.99 if w == 0 else v0 < -0.99 if w == 1 else v0 == 0.0)
                break
            state = state.apply(rng.choice(state.legal_actions()))


MORE_JUMPS = """
    6  . . . . . .
    5  H J . . . .
    4  . . . . . .
    3  . . H J . .
    2  . . . . . .
    1  H J . . . .
       a b c d e f
"""


@pytest.mark.parametrize("to_move", [0, 1])
def test_the_side_with_more_jumps_is_ahead_whoever_moves(to_move):
    # Hibiscus: a5xc5, c3xe3, a1xc1; Jasmine: d3xb3 only
    v = value("konane?size=6", MORE_JUMPS, 0, to_move=to_move)
    assert 0.0 < v < 1.0
    assert value("konane?size=6", MORE_JUMPS, 1, to_move=to_move) == -v


def test_each_jump_more_or_less_moves_the_value():
    fewer = MORE_JUMPS.replace("1  H J", "1  . J")                   # Hibiscus loses a1xc1
    more_for_jasmine = MORE_JUMPS.replace("4  . . . . . .", "4  . . . . H J")   # f4xd4
    v = value("konane?size=6", MORE_JUMPS)
    assert value("konane?size=6", fewer) < v
    assert value("konane?size=6", more_for_jasmine) < v


def test_jumps_by_several_pieces_beat_as_many_jumps_by_one():
    one_piece = """
        6  . . . . H J
        5  . . . . . .
        4  . . . . . .
        3  . J H J . .
        2  . . . . . .
        1  . . . . . .
    """                                         # c3xa3, c3xe3: two jumps of one flower
    two_pieces = """
        6  . . . . H J
        5  . . . . . .
        4  H J . . . .
        3  . . . . . .
        2  H J . . . .
        1  . . . . . .
    """                                         # a4xc4, a2xc2
    assert value("konane?size=6", two_pieces) > value("konane?size=6", one_piece)


def test_the_side_to_move_has_the_tempo():
    even = """
        4  . . . .
        3  . H J .
        2  . . . .
        1  . . . .
    """                                         # b3xd3 against c3xa3
    assert value("konane?size=4", even, 0, to_move=0) > 0
    assert value("konane?size=4", even, 0, to_move=1) < 0


def test_a_knot_in_hand_is_worth_a_move_and_more_once_available():
    pos = """
        6  . . . . . .
        5  . . . . . .
        4  . . . . . .
        3  . H J . . .
        2  . . . . . .
        1  J H J H J H
    """
    rs = "konane?size=6+knots"
    none = value(rs, pos, knots=(0, 0), captured=(3, 0))
    later = value(rs, pos, knots=(1, 0), captured=(0, 0))
    ready = value(rs, pos, knots=(1, 0), captured=(3, 0))
    assert none < later < ready
    assert value(rs, pos, knots=(1, 1), captured=(3, 3)) == pytest.approx(
        value(rs, pos, knots=(0, 0), captured=(3, 3)))


def test_hummingbird_pieces_count_near_the_six_piece_loss():
    few = """
        6  . . . . . .
        5  . . . . . .
        4  . . . . . .
        3  . H J . . .
        2  . . . . . .
        1  J H J H J H
    """                                         # 4 pieces each: both under KH-D1's margin
    more = few.replace("6  . . . . . .", "6  H . H . H .")      # Hibiscus 7 (inert) pieces
    rs = "konane?size=6+hummingbird"
    assert value(rs, more) > value(rs, few)
    base = value("konane?size=6", more)
    assert value("konane?size=6", few) == base             # the base game counts moves only


def test_search_scores_leaves_with_the_evaluation():
    game = ludotheque.load("konane")
    state = game.initial_state()
    for text in ("-d5", "-e5", "b5xd5"):
        state = state.apply_move(text)
    state = state.apply(state.legal_actions()[0])
    res = AB.search(state, seconds=None, depth=3)
    assert -1.0 < res.value < 1.0


# -- forced wins -------------------------------------------------------------------------------

PUZZLES = [  # (ruleset, diagram, player to move, captured, knots, winning action, plies)
    ("konane?size=4", """
        4  H J H J
        3  J . J H
        2  . . H .
        1  . H J .
           a b c d
    """, 0, (2, 2), None, "b1xd1", 7),
    ("konane?size=6", """
        6  H J . . . J
        5  J H . . . .
        4  H . H J . .
        3  . H . H . .
        2  . J . . H J
        1  J H J H J H
           a b c d e f
    """, 1, (7, 8), None, "d4xb4", 7),
    ("konane", """
        8  . . . . H J . .
        7  J . . . . . . .
        6  . . H . . . H .
        5  . H . H . . . H
        4  H . H J . . . .
        3  J . . H . H J .
        2  . . . . . . . J
        1  J H J . J . . H
           a b c d e f g h
    """, 1, (19, 22), None, "d4xd2", 9),
    ("konane", """
        8  H . H . H . . .
        7  . . . . . . J .
        6  . J . J . J . .
        5  . . . . J . . H
        4  H . H J . . . .
        3  . H J H . H . .
        2  . J . J . . . .
        1  J H . H . . . .
           a b c d e f g h
    """, 0, (20, 21), None, "c4xc2", 9),
    # the knot wins: placed on e5 it blocks Jasmine's last jumps into e5
    ("konane?size=6+knots", """
        6  H . H J . J
        5  J H . H . H
        4  . . . # H J
        3  J . J H J H
        2  H J H J H J
        1  J H J H J H
           a b c d e f
    """, 0, (3, 4), (1, 0), "@e5", 5),
    ("konane+knots", """
        8  H . H . . . H J
        7  J . . . . . . .
        6  H . . . # J H J
        5  J H . H . . . H
        4  H . . . # J H .
        3  J . . . J . . .
        2  H . . J . J . J
        1  J H J H . . J H
           a b c d e f g h
    """, 1, (17, 17), (0, 0), "c1xe1", 7),
    ("konane?size=6+hummingbird", """
        6  . . . . H .
        5  . H J . . H
        4  H J . . . J
        3  J . J . J H
        2  H J H J h .
        1  J H J H J H
           a b c d e f
    """, 0, (6, 6), None, "c2xc4", 6),
    ("konane+hummingbird", """
        8  H J H . H . H J
        7  J H . . . . J .
        6  H . . . . . H J
        5  J H . . . h J .
        4  H . . J . . . .
        3  J H . . J H . .
        2  H . H . . J . .
        1  J . . H . . . H
           a b c d e f g h
    """, 1, (15, 19), None, "g5xe5", 4),
]


@pytest.mark.parametrize("ruleset, diagram, to_move, captured, knots, best, plies", PUZZLES,
                         ids=[f"{p[0]}-{p[5]}" for p in PUZZLES])
def test_alphabeta_solves_konane_puzzles(ruleset, diagram, to_move, captured, knots, best, plies):
    game = ludotheque.load(ruleset)
    state = game.from_diagram(diagram, to_move=to_move, captured=captured, knots=knots)
    action = state.parse_move(best)
    wins = [a for a, v in AB.search(state, seconds=None, depth=plies, exact=True).ranked if v > 1.0]
    assert wins == [action]                     # the only winning move
    check_puzzle(state, action, plies)
