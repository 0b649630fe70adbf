"""Turn text (rules/komikan.md section 8) read back as whole turns: a `multi_jump` chain written
shorter than it can go, and a Lemery move whose return is declined, end with their `stop`."""
import pytest

import ludotheque
from ludotheque import IllegalActionError, NotationError
from ludotheque.games.komikan import kernels as K

from _komikan_util import ALPACAS, PUMA, position, turns
from test_komikan_examples import X7, X23, X25


def complete_turns(state):
    out = []

    def walk(st, actions):
        if st.current_player != state.current_player or actions and actions[-1] >= K.GRASS:
            out.append(actions)
            return
        for a in st.legal_actions():
            walk(st.apply(a), actions + [a])
    walk(state, [])
    return out


@pytest.mark.parametrize("ruleset,diagram,to_move,pile", [
    ("komikan?multi_jump=1", X25, PUMA, 2), ("komikan/lemery", X7, ALPACAS, 5),
    ("komikan+grass?multi_jump=1", X23, PUMA, 5)])
def test_every_turn_of_the_spec_examples_parses_back(ruleset, diagram, to_move, pile):
    s = position(diagram, ruleset, to_move=to_move, pile=pile)
    all_turns = complete_turns(s)
    texts = [s.game.turn_to_string(s, actions) for actions in all_turns]
    assert sorted(texts) == turns(s)                  # the spec's turn texts, each once
    for text, actions in zip(texts, all_turns):
        assert s.parse_turn(text) == actions, text


def test_a_chain_written_shorter_than_it_can_go_ends_with_stop():
    s = position(X25, "komikan?multi_jump=1", pile=2)
    capture, stop = s.parse_turn("c2xc4")
    assert s.move_to_string(capture) == "c2xc4" and stop == K.STOP
    assert s.apply(capture).apply(stop).current_player == ALPACAS
    assert s.parse_turn("c2xc4xe4xe6")[-1] != K.STOP          # the chain could not go on


def test_a_lemery_move_without_its_return_declines_it():
    s = position(X7, "komikan/lemery", to_move=ALPACAS, pile=5)
    move, stop = s.parse_turn("c2-c1")
    assert s.move_to_string(move) == "c2-c1" and stop == K.STOP
    move, ret = s.parse_turn("c2-c1,@b7")
    assert s.apply(move).move_to_string(ret) == "@b7"


def test_the_rest_of_a_chain_under_way():
    s = position(X25, "komikan?multi_jump=1", pile=2)
    mid = s.apply(s.parse_move("c2xc4"))
    acts = mid.parse_turn("xe4")
    assert [mid.move_to_string(acts[0]), acts[1]] == ["c4xe4", K.STOP]
    assert len(mid.parse_turn("xe4xe6")) == 2


def test_a_grass_placement_is_a_turn_of_its_own():
    s = ludotheque.load("komikan+grass").initial_state()
    s = s.apply(s.parse_move("G@c5"))
    assert s.current_player == PUMA
    with pytest.raises(IllegalActionError):
        s.game.parse_turn(s, "G@b4,c2-c3")


def test_bad_turn_texts_raise_typed_errors():
    s = position(X25, "komikan?multi_jump=1", pile=2)
    for text in ("", "c2xc4x", "c2xc4,,", "xx", "c2-c1,c1-c2"):
        with pytest.raises((NotationError, IllegalActionError)):
            s.parse_turn(text)
    with pytest.raises(IllegalActionError):
        s.parse_turn("c2xc4xc6xe6")                             # no jump c6xe6
    lem = position(X7, "komikan/lemery", to_move=ALPACAS, pile=5)
    with pytest.raises(IllegalActionError):
        lem.parse_turn("c2-c1,@b7,@c7")                         # one return
