"""Search knowledge of the Awithlaknannai family: the evaluation function (rules/awithlaknannai.md;
diagrams in the spec's form, §2.5: rows ``top``, ``mid``, ``bot``, Yellow ``y`` at the bottom).

The side ahead in snakes should make progress instead of shuffling into a draw (AW-E1, AW-E2):
close in on the enemy, trade down, and capture before the no-capture rule strikes.
"""

import pytest

import ludotheque
from ludotheque.ai import alphabeta as AB
from ludotheque.games.awithlaknannai import evaluation
from ludotheque.games.awithlaknannai import kernels as K


def value(state, player=0):
    return evaluation.evaluate(state.data, state.game.spec, player)


def swap_colours(diagram):
    """The same diagram with Yellow and Orange exchanged (row labels kept)."""
    swap = str.maketrans("yoYO", "oyOY")
    return "\n".join(line[:3] + line[3:].translate(swap) for line in diagram.splitlines())


@pytest.mark.parametrize("ruleset", ["awithlaknannai", "awithlaknannai/lemery", "awithlaknannai/serpents",
                                     "awithlaknannai/classic", "awithlaknannai+shaman"])
def test_every_ruleset_of_the_family_has_the_evaluation(ruleset):
    assert AB.game_evaluate(ludotheque.load(ruleset)) is evaluation.evaluate


@pytest.mark.parametrize("ruleset", ["awithlaknannai", "awithlaknannai/serpents"])
def test_the_evaluation_measures_distance_in_steps_along_the_lines(ruleset):
    game = ludotheque.load(ruleset)
    board, n = game.board, game.n
    dist = board.distances()
    for a in range(game.npts):
        row = game.spec[K.DIST + K.NMAX * a:K.DIST + K.NMAX * a + game.npts]
        assert list(row) == list(dist[a])
    name = board.index
    assert dist[name("b1"), name("b2")] == 1 and dist[name("b1"), name("m1")] == 1
    assert dist[name("b1"), name("t1")] == 2                  # through m1 or m2
    assert dist[name("b1"), name(f"t{n}")] == n               # corner to far corner


NEAR = """
top    .   .   .   .   .   .   .   .   .   .   .   .
mid  .   .   .   .   .   .   .   y   y   .   .   o   .
bot    .   .   .   .   .   .   .   .   y   .   .   .
"""
FAR = """
top    .   .   .   .   .   .   .   .   .   .   .   .
mid  .   y   y   .   .   .   .   .   .   .   .   o   .
bot    .   y   .   .   .   .   .   .   .   .   .   .
"""


def test_the_side_ahead_closes_in_and_the_side_behind_keeps_away():
    """Serpents, 3 snakes against 1 and no capture in sight: the lead is worth more with the
    three snakes three or four steps from the lone one than ten steps away (from there, a
    sacrifice that forces the capture, AW-C3, and the retake are within a search's reach)."""
    game = ludotheque.load("awithlaknannai/serpents")
    near, far = game.from_diagram(NEAR), game.from_diagram(FAR)
    assert not any("x" in t for t in game.turn_texts(near) + game.turn_texts(far))
    assert value(near) > value(far) + 0.03 > 0.03
    # Orange's view is the mirror image: behind, it prefers the snakes far away
    assert value(near, 1) == pytest.approx(-value(near, 0))
    assert value(far, 1) > value(near, 1)
    # the same with the colours swapped: Orange ahead wants to be near
    near_o = game.from_diagram(swap_colours(NEAR))
    far_o = game.from_diagram(swap_colours(FAR))
    assert value(near_o, 1) > value(far_o, 1) > 0


FOUR_TWO = """
top    .   y   .   y   .   .   .   .
mid  .   .   .   y   .   .   o   .   .
bot    .   .   y   .   .   .   o   .
"""
FIVE_THREE = """
top    .   y   .   y   .   .   .   o
mid  .   .   .   y   .   .   o   .   .
bot    y   .   y   .   .   .   o   .
"""
FIVE_TWO = """
top    .   y   .   y   .   .   .   .
mid  .   .   .   y   .   .   o   .   .
bot    y   .   y   .   .   .   o   .
"""


def test_the_side_ahead_likes_to_trade():
    """Two snakes ahead, 5 against 3: trading one for one (4 against 2: the snakes on the end
    points b1 and t8, 3 free neighbours each, leave) is progress for Yellow, winning a snake
    (5 against 2) is better still; Orange sees it the other way round."""
    game = ludotheque.load("awithlaknannai")
    five_three, four_two, five_two = (game.from_diagram(d) for d in (FIVE_THREE, FOUR_TWO, FIVE_TWO))
    assert value(five_two) > value(four_two) > value(five_three) > 0
    assert value(five_three, 1) > value(four_two, 1)


def test_level_material_has_no_progress_terms():
    """At equal material nothing pushes either side: a mirror-image position is level."""
    game = ludotheque.load("awithlaknannai")
    level = game.from_diagram("""
top    .   .   .   .   .   .   .   .
mid  .   y   .   y   .   o   .   o   .
bot    .   .   .   .   .   .   .   .
""")
    assert value(level) == pytest.approx(0.0)


def test_the_lead_fades_as_the_no_capture_draw_comes():
    """AW-E2: with 60 turns and no removal the game is drawn, so over its last 20 turns a
    lead is worth less and less (a capture, which resets the count, is worth more); with
    `majority_on_deadlock` (AW-F8) that draw is a win for the side ahead, and nothing fades."""
    game = ludotheque.load("awithlaknannai")
    fresh, late, last = (game.from_diagram(FIVE_THREE, no_capture_turns=k) for k in (0, 45, 59))
    assert value(fresh) == pytest.approx(value(game.from_diagram(FIVE_THREE, no_capture_turns=40)))
    assert value(fresh) > value(late) > value(last) > 0
    assert value(last) < 0.1 * value(fresh)
    majority = ludotheque.load("awithlaknannai?majority_on_deadlock=1")
    assert value(majority.from_diagram(FIVE_THREE, no_capture_turns=59)) == pytest.approx(
        value(majority.from_diagram(FIVE_THREE)))
