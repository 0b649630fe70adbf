"""Search knowledge of the Yoté family: the evaluation function and forced-win puzzles.

A ply is one action (YO-E1): a capture and its bonus removal are two plies, a free travel
along routes is one more, each jump of a chain is one. A game ends at the action that takes
the last enemy camel (YO-D1).
"""
import random

import pytest

import ludotheque
from ludotheque.ai import alphabeta as AB
from ludotheque.games.yote import evaluation
from ludotheque.games.yote import kernels as K

from _search_util import check_puzzle

FAMILY = ["yote", "yote/choko", "yote+caravan", "yote+routes", "yote/choko+caravan+routes",
          "yote?chain=1&forced_capture=1&friendly_jump=1"]


def value(state, player=None):
    g = state.game
    p = state.current_player if player is None else player
    return evaluation.evaluate(state.data, g.spec, p)


def swap_colours(diagram):
    """The same diagram with light and dark camels exchanged (the file letters kept)."""
    swap = str.maketrans("LDld", "DLdl")
    return "\n".join(line.translate(swap) if line[:1].isdigit() else line
                     for line in diagram.splitlines())


# -- the evaluation ---------------------------------------------------------------------

BASE = """
5  . . . . . .
4  . D . . D .
3  . . . . . .
2  . L . . . L
1  . . . . . .
   a b c d e f
"""


@pytest.mark.parametrize("ruleset", ["yote", "yote/choko"])
def test_every_ruleset_of_the_family_has_the_evaluation(ruleset):
    for rid in (ruleset, ruleset + "+caravan", ruleset + "+routes", ruleset + "+caravan+routes"):
        game = ludotheque.load(rid)
        assert AB.game_evaluate(game) is evaluation.evaluate


def test_more_material_scores_higher():
    game = ludotheque.load("yote")
    level = game.from_diagram(BASE, hands=(3, 3))
    assert value(level, 0) == pytest.approx(-value(level, 1))
    up_board = game.from_diagram(BASE.replace("2  . L", "2  L L"), hands=(3, 3))
    up_hand = game.from_diagram(BASE, hands=(4, 3))
    down = game.from_diagram(BASE, hands=(1, 3))
    assert value(down, 0) < value(level, 0) < value(up_hand, 0)
    assert value(level, 0) < value(up_board, 0)
    # two camels ahead (one capture with its removal) is a clear edge, not a win
    two_up = game.from_diagram(BASE, hands=(3, 1))
    assert 0.15 < value(two_up, 0) < 0.5
    assert value(two_up, 1) == pytest.approx(-value(two_up, 0))


def test_choko_board_material():
    game = ludotheque.load("yote/choko")
    d = """
5  . . . . .
4  . D . D .
3  . . . . .
2  . L . L .
1  . . . . .
   a b c d e
"""
    assert value(game.from_diagram(d, hands=(5, 3)), 0) > value(game.from_diagram(d, hands=(3, 3)), 0) > 0


def test_a_capture_for_the_player_to_move_counts():
    """c3 can jump d3 (and d3 cannot jump c3): worth more to light when light is to move,
    and a threat to dark's camel when dark is."""
    game = ludotheque.load("yote")
    d = """
5  . . . . . .
4  . . . . D .
3  . L L D . .
2  . . . . . .
1  L . . . . D
   a b c d e f
"""
    quiet = d.replace("3  . L L D", "3  L L . D")
    light_to_move = game.from_diagram(d, 0, hands=(1, 1))
    dark_to_move = game.from_diagram(d, 1, hands=(1, 1))
    assert value(light_to_move, 0) > value(game.from_diagram(quiet, 0, hands=(1, 1)), 0)
    assert value(light_to_move, 0) > value(dark_to_move, 0)
    assert value(light_to_move, 0) > 0.0
    # dark to move must save d3: worse for dark than the quiet position
    assert value(dark_to_move, 1) < value(game.from_diagram(quiet, 1, hands=(1, 1)), 1)
    # the capture made, its removal still owed (YO-C4): the capturer's value rises, and the
    # removal itself changes little
    after_jump = light_to_move.apply_move("c3xe3")
    assert after_jump.data[K.PHASE] == K.REMOVE
    assert value(after_jump, 0) > value(light_to_move, 0)
    after_removal = after_jump.apply_move("-e4")
    assert value(after_jump, 0) > value(light_to_move, 0) + 0.2
    # the removal adds no material (it was counted as owed) but takes e4's steps away
    assert value(after_removal, 0) > value(after_jump, 0) - 0.05


def test_safe_steps_count():
    """A camel in the middle has four safe steps, in the corner two: mobility counts."""
    game = ludotheque.load("yote")
    corner = """
5  . . . . . D
4  . . . . . .
3  . . . . . .
2  . . . . . .
1  L . . . . .
   a b c d e f
"""
    centre = corner.replace("1  L . .", "1  . . .").replace("3  . . .", "3  . . L")
    assert value(game.from_diagram(centre, 0), 0) > value(game.from_diagram(corner, 0), 0)


def test_a_side_without_safe_action_must_expose_a_camel():
    """a1 can step to a2 (a3 jumps it into a1) or b1 (c1 jumps it): light, to move, has no
    safe action and will lose a camel (zugzwang). With the dark camel on a4 instead, a1-a2
    is safe; with a camel in hand, light deploys safely (e.g. on e5)."""
    game = ludotheque.load("yote")
    stuck = """
5  . . . . . .
4  . . . . . .
3  D . . . . .
2  . . . . . .
1  L . D . . .
   a b c d e f
"""
    free = stuck.replace("3  D . .", "3  . . .").replace("4  . . .", "4  D . .")
    v = value(game.from_diagram(stuck, 0), 0)
    assert v < value(game.from_diagram(free, 0), 0)
    assert v < value(game.from_diagram(stuck, 0, hands=(1, 0)), 0) - 0.5


def test_a_lead_weighs_more_with_fewer_camels():
    """Two camels ahead at 4-2 is worth more than at 10-8 (same board, the rest in hand):
    trades favour the side ahead."""
    game = ludotheque.load("yote")
    few = game.from_diagram(BASE, hands=(2, 0))
    many = game.from_diagram(BASE, hands=(8, 6))
    assert value(few, 0) > value(many, 0) > 0.0
    assert value(few, 1) < value(many, 1) < 0.0


def test_choko_obligation_takes_the_capture_away():
    """CH-B1: a Choko player who must deploy cannot make his capture this turn."""
    game = ludotheque.load("yote/choko")
    d = """
5  . . . . .
4  . . . D .
3  . L D . .
2  . . . . .
1  . . . . D
   a b c d e
"""
    free = game.from_diagram(d, 0, hands=(2, 2), holder=1)
    obliged = game.from_diagram(d, 0, hands=(2, 2), holder=1, must_deploy=True)
    assert value(free, 0) > value(obliged, 0)


@pytest.mark.parametrize("ruleset,diagram,kwargs", [
    ("yote", BASE, dict(hands=(2, 5))),
    ("yote", """
5  . . . . . .
4  . . . . D .
3  . . L D . .
2  . . . . . .
1  L . . . . D
   a b c d e f
""", dict(hands=(1, 3))),
    ("yote+caravan", """
5  . . . . . .
4  . . d . . .
3  . . L D . .
2  . . . . . .
1  . D . . . L
   a b c d e f
""", dict(hands=(0, 3))),
    ("yote/choko", """
5  . . D . .
4  . L . D .
3  D L . L .
2  . . D . .
1  . . L . .
   a b c d e
""", dict(hands=(8, 6))),
])
def test_the_evaluation_is_antisymmetric(ruleset, diagram, kwargs):
    """The two players' values are opposite, and swapping the colours (and the player to
    move, the hands, the Choko token) swaps the values."""
    game = ludotheque.load(ruleset)
    for to_move in (0, 1):
        st = game.from_diagram(diagram, to_move, **kwargs)
        v = value(st, 0)
        assert value(st, 1) == pytest.approx(-v)
        kw = dict(kwargs, hands=kwargs["hands"][::-1])
        if game.choko:
            kw["holder"] = 1
        mirrored = game.from_diagram(swap_colours(diagram), 1 - to_move, **kw)
        assert value(mirrored, 1) == pytest.approx(v)
        assert value(mirrored, 0) == pytest.approx(-v)


@pytest.mark.parametrize("ruleset", FAMILY)
def test_the_evaluation_stays_inside_the_open_interval(ruleset):
    game = ludotheque.load(ruleset)
    rng = random.Random(7)
    seen = 0
    for g in range(6):
        st = game.initial_state()
        while True:
            v0, v1 = value(st, 0), value(st, 1)
            assert -1.0 < v0 < 1.0 and v1 == pytest.approx(-v0)
            seen += 1
            if st.is_terminal:
                break
            st = st.apply(rng.choice(st.legal_actions()))
    assert seen > 100


# -- forced wins -----------------------------------------------------------------------

PUZZLES = [  # (ruleset, diagram, from_diagram keywords, light's only winning action, plies)
    # Fork: d4 attacks c4 and e4 at once and cannot be jumped (c4 and e4 guard each other's
    # landing cells); whichever camel dark saves, the other is taken and its removal ends it.
    ("yote", """
5  . . . L . .
4  . . D . D .
3  . . . . . .
2  . . . . . .
1  . L . . . L
   a b c d e f
""", {}, "d5-d4", 4),
    # Sacrifice: d2-d3 offers d3 to c3xe3; whichever light camel dark then removes, the
    # other one captures (c5xc3 or f3xd3) and removes the last dark camel (ply 5).
    ("yote", """
5  . . L . . .
4  . . D . . .
3  . . D . . L
2  . . . L . .
1  . . . . . .
   a b c d e f
""", {}, "d2-d3", 5),
    # Opening a line: f3-f4 unblocks f1xf3 (and f4xf2 if f2 moves up); after the capture and
    # its removal, the last dark camel is attacked wherever it steps.
    ("yote", """
5  . . . . . .
4  . . . . . .
3  . . L . . L
2  . D . . D D
1  L . . L . L
   a b c d e f
""", {}, "f3-f4", 6),
    # A hunt: three light camels corner two dark ones on the open board (8 plies).
    ("yote", """
5  . . L . . .
4  . D . . . L
3  L . . . . .
2  . . . . D .
1  . . . . . .
   a b c d e f
""", {}, "f4-e4", 8),
    # Royal Caravan: a1 cannot be removed (YR-3), only jumped. c2-c1 shuts it in (a2 and b1
    # are then both jumpable) while d3 keeps attacking d2 and d4.
    ("yote+caravan", """
5  . . . . . .
4  . . . D . .
3  L . . L . .
2  . . L D . .
1  d . . . . .
   a b c d e f
""", {}, "c2-c1", 6),
    # Chain (YO-F2, YO-F3): f5xd5xd3 takes two camels, and the two removals take the others.
    ("yote?chain=1", """
5  . . . . D L
4  . . . D . .
3  . . . . L D
2  . . . . . L
1  . . . . . D
   a b c d e f
""", {}, "f5xd5", 4),
    # Free travel (YT-C1): b4~a5 along the route a5-b4, then a5xa3 and a removal; after
    # dark's move, e2~f3 and a capture take the last camel.
    ("yote+routes", r"""
5  . . . L . .
    \
4  D L . . D D

3  . . . . . .
        \   /
2  . . . . L .
        /
1  . . . . . .
   a b c d e f
""", dict(tokens=(0, 0)), "b4~a5", 6),
    # Free travel to b3, then b3xb1 and a removal; the last camel c2 has nowhere safe to go.
    ("yote+routes", r"""
5  . D . L . .
          /
4  L . . . . .
    \ \
3  . . . L . .

2  . D D . . .

1  . . . . . .
   a b c d e f
""", dict(tokens=(0, 0)), "a4~b3", 5),
    # Choko initiative (CH-B1): light, the holder, deploys @b3 attacking c3; dark must deploy
    # instead of stepping away, and blocking on d3 puts that camel under d4xd2.
    ("yote/choko", """
5  . . . . .
4  . . L L .
3  . . D . .
2  . . L . .
1  . . . . .
   a b c d e
""", dict(hands=(1, 1), holder=0), "@b3", 4),
    # Choko board, both hands empty (the token is out of the game, CH-B5): e3-e2 attacks d2
    # (e2xc2); its escapes d2-d3 and d2-c2 walk into c3's jumps, d1-c1 into b1xd1.
    ("yote/choko", """
5  . D . . .
4  . . . . .
3  . . L . L
2  . . . D .
1  . L . D L
   a b c d e
""", dict(holder=None), "e3-e2", 6),
]


@pytest.mark.parametrize("ruleset,diagram,kwargs,move,plies", PUZZLES)
def test_alphabeta_finds_forced_yote_wins(ruleset, diagram, kwargs, move, plies):
    state = ludotheque.load(ruleset).from_diagram(diagram, **kwargs)
    check_puzzle(state, state.parse_move(move), plies)


def test_the_lead_fades_as_the_no_capture_limit_nears():
    """YO-E3: the same lead is worth less after 80 turns without capture (the side ahead must
    capture soon or draw); nothing fades when the limit is off."""
    for rid, fades in (("yote", True), ("yote?no_capture_draw=0", False)):
        game = ludotheque.load(rid)
        st = game.from_diagram(BASE, hands=(3, 1))
        late = st.data.copy()
        late[K.NOCAP] = 80
        v, v_late = value(st, 0), evaluation.evaluate(late, game.spec, 0)
        assert v_late > 0.0
        assert (v_late < v - 0.05) if fades else v_late == pytest.approx(v)
        assert evaluation.evaluate(late, game.spec, 1) == pytest.approx(-v_late)
