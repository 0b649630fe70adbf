"""Choko: one test per clause of rules/yote.md section 5 (CH) and its worked examples."""
import pytest
from _yote_util import CH_X1, ch_x1, ch_x2, names, play

from ludotheque.core import IllegalActionError, RulesetError, load
from ludotheque.games.yote import kernels as K

CHOKO = load("yote/choko")


def deploys(state):
    return [m for m in names(state) if m.startswith("@")]


def token(state):
    """(holder or None, the player to move is obliged)."""
    h = int(state.data[K.HOLDER])
    return (None if h == K.NONE_HOLDER else h), bool(state.data[K.MUSTDEP])


def test_ch_a1_five_by_five_board():
    spec = CHOKO.spec
    assert CHOKO.width == CHOKO.height == 5 and spec[K.P_N] == 25
    orth = [(int(spec[K.ORTH + 8 * c + 2 * d]), int(spec[K.ORTH + 8 * c + 2 * d + 1]))
            for c in range(25) for d in range(4)]
    diag = [int(spec[K.DIAG + 16 * c + 4 * k + 2]) for c in range(25) for k in range(4)]
    assert sum(a >= 0 for a, _ in orth) == 2 * 40 and sum(b >= 0 for _, b in orth) == 60
    assert spec[K.P_NSLOTS] == 32 and sum(r >= 0 for r in diag) == 36
    assert len(names(CHOKO.initial_state())) == 25 and "@e5" in names(CHOKO.initial_state())


def test_ch_a2_twelve_each_light_first_with_the_token():
    s = CHOKO.initial_state()
    assert (s.data[K.HAND], s.data[K.HAND + 1]) == (12, 12)
    assert s.current_player == 0 and token(s) == (0, False)


def test_ch_a3_no_chain_captures():
    with pytest.raises(RulesetError):
        load("yote/choko?chain=1")
    assert load("yote/choko?chain=0").id == "yote/choko"
    assert load("yote/choko?forced_capture=1&friendly_jump=1").spec[K.P_CHAIN] == 0


def test_ch_b1_holder_deploys_other_must_deploy():
    s = play(CHOKO.initial_state(), "@c3")
    assert token(s) == (0, True) and names(s) == deploys(s) and len(deploys(s)) == 24


def test_ch_b2_taking_the_token_by_deploying_when_free():
    s = play(ch_x1(), "b4-a4")                 # the holder moved: dark is free
    assert token(s) == (0, False) and len(names(s)) == 30
    taken = play(s, "@e5")
    assert token(taken) == (1, True) and names(taken) == deploys(taken)
    kept = play(s, "d4-e4")                    # a move leaves the token where it is
    assert token(kept) == (0, False) and len(names(kept)) == 30


def test_ch_b3_obliged_deploy_never_takes_the_token():
    s = play(ch_x1(), "b4-a4", "@e5", "@e1")
    assert token(s) == (1, False) and len(names(s)) == 30


def test_ch_b4_waiver_without_camels_in_hand():
    s = play(ch_x2(), "@e5")
    assert token(s) == (1, False)              # obliged, but nothing in hand
    assert names(s) == sorted("a1-a2 a1-b1 a5-a4 a5-b5 c3-c2 c3-d3 c4-b4 c3xa3 c4xe4".split())


def test_ch_b5_token_leaves_when_both_hands_are_empty():
    s = play(ch_x2(), "@e5", "a5-b5", "@a2")
    assert token(s) == (None, False)
    s = play(s, "a1-b1", "e5-e4")
    assert token(s) == (None, False)


def test_ch_b6_obligation_beats_forced_capture():
    g = load("yote/choko?forced_capture=1")
    s = g.from_diagram(CH_X1.replace("5  . . D . .", "5  . . D . D"), hands=(8, 7), holder=1,
                       must_deploy=True)
    assert "d3xd5" not in names(s) and names(s) == deploys(s) and len(names(s)) == 16
    with pytest.raises(IllegalActionError):
        s.apply_move("d3xd5")


def test_ch_e1_token_table():
    s = ch_x1()
    assert token(s) == (0, False)                                   # initial: light holds, free
    assert token(play(s, "@a1")) == (0, True)                       # holder deploys: other obliged
    assert token(play(s, "b4-a4")) == (0, False)                    # holder moves: other free
    assert token(play(s, "c1xc3", "-a3")) == (0, False)             # a capture is not a deploy
    free = play(s, "b4-a4")
    assert token(play(free, "@e5")) == (1, True)                    # free non-holder deploys: takes it
    assert token(play(free, "a3xa5", "-c1")) == (0, False)          # free non-holder captures: unchanged
    obliged = play(free, "@e5")
    assert token(play(obliged, "@e1")) == (1, False)                # obliged deploy: unchanged
    empty = CHOKO.from_diagram(CH_X1.replace("5  . . D . .", "5  . . . . ."), hands=(1, 0), holder=1)
    assert token(play(empty, "@a1")) == (None, False)               # both hands empty: token gone
    # the token is part of the position (YO-E2)
    assert ch_x1().key() != CHOKO.from_diagram(CH_X1, hands=(8, 8), holder=1).key()


def test_ch_x1_the_initiative_changes_hands():
    s = ch_x1()
    assert names(s) == sorted(
        "@a1 @a2 @a4 @a5 @b1 @b2 @b5 @c3 @c4 @d1 @d2 @d5 @e1 @e2 @e3 @e4 @e5 b3-b2 b3-c3 b4-a4 "
        "b4-b5 b4-c4 c1-b1 c1-d1 d3-c3 d3-d2 d3-e3 c1xc3 d3xd5".split())
    s = play(s, "b4-a4")
    assert names(s) == sorted(
        "@a1 @a2 @a5 @b1 @b2 @b4 @b5 @c3 @c4 @d1 @d2 @d5 @e1 @e2 @e3 @e4 @e5 a3-a2 c2-b2 c2-c3 "
        "c2-d2 c5-b5 c5-c4 c5-d5 d4-c4 d4-d5 d4-e4 a3xa5 a3xc3 d4xd2".split())
    s = play(s, "@e5")
    assert names(s) == sorted("@a1 @a2 @a5 @b1 @b2 @b4 @b5 @c3 @c4 @d1 @d2 @d5 @e1 @e2 @e3 @e4".split())
    s = play(s, "@e1")
    assert names(s) == sorted(
        "@a1 @a2 @a5 @b1 @b2 @b4 @b5 @c3 @c4 @d1 @d2 @d5 @e2 @e3 @e4 a3-a2 c2-b2 c2-c3 c2-d2 "
        "c5-b5 c5-c4 c5-d5 d4-c4 d4-d5 d4-e4 e5-d5 e5-e4 a3xa5 a3xc3 d4xd2".split())
    again = play(s, "@a1")
    assert len(names(again)) == 14 and names(again) == deploys(again)
    moved = play(s, "e5-e4")
    assert len(names(moved)) == 30 and token(play(moved, "@a1")) == (0, True)
    assert len(names(play(ch_x1(), "b4-a4", "d4-e4"))) == 30


def test_ch_x2_waiver_and_the_token_leaving():
    s = ch_x2()
    assert len(names(s)) == 32
    s = play(s, "@e5")
    assert len(names(s)) == 9
    s = play(s, "a5-b5", "@a2")
    assert token(s) == (None, False)
    assert names(s) == sorted("a1-b1 b5-a5 b5-b4 c3-c2 c3-d3 c4-b4 a1xa3 b5xd5 c3xa3 c4xe4".split())
