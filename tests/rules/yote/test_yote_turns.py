"""Turn text (rules/yote.md section 9) read back as whole turns: `b3xb5-c3`, `b3xd3-@`,
`b2xd2xd4-f1-@`, and with routes `=c3d4 b2~d4 d4xf4-a2`, `c1-c2 =c2d3 c2xe4-f1`; the `stop`
the text leaves out is added."""
import pytest

from ludotheque import IllegalActionError, NotationError
from ludotheque.games.yote import kernels as K

from _yote_util import X2, ch_x1, ch_x2, load, play, x1, x4, yr_x1, yt_x1, yt_x2, yt_x3

YOTE = load("yote")


def complete_turns(state):
    """Every complete turn from ``state``: its actions."""
    out = []

    def walk(st, actions):
        if st.current_player != state.current_player:
            out.append(actions)
            return
        for a in st.legal_actions():
            walk(st.apply(a), actions + [a])
    walk(state, [])
    return out


@pytest.mark.parametrize("state", [
    x1(), YOTE.from_diagram(X2, hands=(0, 3)), x4("yote?chain=1"), x4("yote?chain=1&forced_capture=1"),
    yr_x1(), ch_x1(), ch_x2(), yt_x1(), yt_x2(), yt_x3()], ids=lambda s: s.game.id)
def test_every_complete_turn_prints_a_text_that_parses_back_to_it(state):
    g = state.game
    turns = complete_turns(state)
    texts = [g.turn_to_string(state, actions) for actions in turns]
    assert sorted(texts) == sorted(g.turn_texts(state))
    assert len(set(texts)) == len(texts)                # no two turns print the same text
    for text, actions in zip(texts, turns):
        assert state.parse_turn(text) == actions, text


def test_a_capture_with_its_removal_from_the_hand():
    s = YOTE.from_diagram(X2, hands=(0, 3))
    acts = s.parse_turn("b3xd3-@")
    assert acts == [s.parse_move("b3xd3"), K.A_HAND]


def test_a_chain_written_shorter_than_it_can_go_was_stopped():
    s = x4("yote?chain=1")
    jump, stop, removal = s.parse_turn("b2xd2-f1")
    assert (s.move_to_string(jump), stop) == ("b2xd2", K.A_STOP)
    full = s.parse_turn("b2xd2xd4-f1-@")
    assert [play(s, "b2xd2").move_to_string(full[1])] == ["d2xd4"] and full[-1] == K.A_HAND
    forced = x4("yote?chain=1&forced_capture=1")
    with pytest.raises(IllegalActionError):
        forced.parse_turn("b2xd2-f1")                   # a forced chain cannot stop


def test_with_routes_a_turn_without_route_or_bonus_ends_with_stop():
    s = load("yote+routes").initial_state()
    deploy, stop = s.parse_turn("@d3")
    assert s.move_to_string(deploy) == "@d3" and stop == K.A_STOP
    assert s.apply(deploy).apply(stop).current_player == 1


def test_route_turns_in_their_order():
    s = yt_x3()
    acts = s.parse_turn("c1-c2 =c2d3 c2xe4-f1")
    after = s
    for a in acts:
        after = after.apply(a)
    assert after.current_player == 1 and s.game.turn_to_string(s, acts) == "c1-c2 =c2d3 c2xe4-f1"


def test_the_rest_of_a_turn_under_way():
    s = play(x4("yote?chain=1"), "b2xd2")
    jump = s.parse_turn("xd4-f1-@")[0]
    assert s.move_to_string(jump) == "d2xd4"
    assert s.parse_turn("stop-f1") == [K.A_STOP, s.apply(K.A_STOP).parse_move("-f1")]


def test_bad_turn_texts_raise_typed_errors():
    s = x1()
    for text in ("", "b3xb5 -c3", "b3xb5-c3 x", "q9-a1", "b3xb5-c3-", "xb5"):
        with pytest.raises((NotationError, IllegalActionError)):
            s.parse_turn(text)
    with pytest.raises(IllegalActionError):
        s.parse_turn("b3-a3 a3-a4")                     # two moves in one turn
    with pytest.raises(IllegalActionError):
        s.parse_turn("b3xb5-a1")                        # a1 holds no enemy camel
