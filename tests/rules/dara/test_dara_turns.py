"""Turn text (rules/dara.md section 9): `c3-c4-e5`, `@d1-f5`, `S@c3-d3` read as whole turns."""
import pytest

from ludotheque import IllegalActionError, NotationError
from ludotheque.games.dara import kernels as K

from _dara_util import DA_X2, DH_X3, DL_X2, DS_X1, DS_X2, ELEPHANTS, position, turns

EXAMPLES = [  # (diagram, ruleset, lost, to_move): spec examples with captures in their turns
    (DL_X2, "dara/dala", (1, 0), 0),                 # placements that capture: @d1-f5
    (DS_X1, "dara+hut", (3, 6), ELEPHANTS),          # hut placements that capture: S@c3-d3
    (DS_X2, "dara+heroes+hut", (7, 6), 0),           # moves that capture: a3-a2-d2
    (DH_X3, "dara/dala+heroes", (6, 6), 0),          # a hero jump that captures: d1-f1-b5
    (DA_X2, "dara", (4, 1), 0),
]


@pytest.mark.parametrize("diagram,ruleset,lost,to_move", EXAMPLES)
def test_every_turn_of_the_spec_examples_parses_to_its_actions(diagram, ruleset, lost, to_move):
    s = position(diagram, ruleset, to_move=to_move, lost=lost)
    for text in turns(s):
        actions = s.parse_turn(text)
        assert s.game.turn_to_string(s, actions) == text
        after = s
        for a in actions:
            after = after.apply(a)
        assert after.current_player != s.current_player or after.is_terminal, text


def test_a_move_with_its_removal_is_one_turn():
    s = position(DS_X2, "dara+heroes+hut", lost=(7, 6))
    move, removal = s.parse_turn("a3-a2-d2")
    assert s.move_to_string(move) == "a3-a2"
    after = s.apply(move)
    assert after.move_to_string(removal) == "-d2"
    assert after.apply(removal).current_player == ELEPHANTS


def test_a_placement_with_its_removal_is_one_turn():
    s = position(DL_X2, "dara/dala", lost=(1, 0))
    acts = s.parse_turn("@d1-f5")
    assert [s.move_to_string(acts[0]), s.apply(acts[0]).move_to_string(acts[1])] == ["@d1", "-f5"]
    hut = position(DS_X1, "dara+hut", to_move=ELEPHANTS, lost=(3, 6))
    assert len(hut.parse_turn("S@c3-d3")) == 2


def test_a_move_written_without_its_due_removal_leaves_the_removal_to_make():
    s = position(DS_X2, "dara+heroes+hut", lost=(7, 6))
    (move,) = s.parse_turn("a3-a2")
    after = s.apply(move)
    assert after.current_player == s.current_player and after.data[K.PEND]
    assert after.parse_turn("-d2") == [after.parse_move("-d2")]


def test_bad_turn_texts_raise_typed_errors():
    s = position(DS_X2, "dara+heroes+hut", lost=(7, 6))
    with pytest.raises(IllegalActionError, match="no removal is due"):
        s.parse_turn("a3-a4-d2")                      # a3-a4 forms no line
    with pytest.raises(IllegalActionError):
        s.parse_turn("a3-a2-a3")                      # a3 holds no enemy piece
    for text in ("", "a3-a2-d2 c2-c1", "a3a2", "@", "a3-a2-"):
        with pytest.raises(NotationError):
            s.parse_turn(text)
