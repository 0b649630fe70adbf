"""Puluc rulesets, extensions, options and rules texts."""
import pytest
from hypothesis import given, settings, strategies as st

import ludotheque
from ludotheque import IllegalActionError, NotationError, RulesetError
from ludotheque.core.rules_text import rules_text
from ludotheque.games.puluc import kernels as K


@pytest.mark.parametrize("rid,n,actions", [("puluc", 10, 18), ("puluc/sauvetage", 14, 22),
                                           ("puluc/ludens", 10, 18)])
def test_pu_g3_rulesets_and_action_spaces(rid, n, actions):
    g = ludotheque.load(rid)
    assert g.spec[K.NN] == n and g.num_actions == actions


def test_extensions_combine_on_lodus_boards_not_on_ludens():
    for rid in ("puluc+guardians+temples", "puluc/sauvetage+temples+guardians?zero=0"):
        g = ludotheque.load(rid)
        assert g.spec[K.GUARDIANS] and g.spec[K.TEMPLES]
    assert ludotheque.load("puluc/sauvetage+temples+guardians").id == "puluc/sauvetage+guardians+temples"
    for bad in ("puluc/ludens+guardians", "puluc/ludens+temples", "puluc+heroes", "puluc?max_turns=-1",
                "puluc/ludens?zero=0"):
        with pytest.raises(RulesetError):
            ludotheque.load(bad)


@pytest.mark.parametrize("rid", ["puluc", "puluc/sauvetage", "puluc/ludens"])
def test_rules_texts_in_english_and_french(rid):
    en, fr = rules_text(rid, "en"), rules_text(rid, "fr")
    assert "Our choice" in en and "Notre choix" in fr
    assert "## Notation" in en and "## Notation" in fr


def test_evaluate_is_bounded_symmetric_and_likes_prisoners():
    g = ludotheque.load("puluc")
    ev = type(g).evaluate
    start = g.initial_state()
    assert ev(start.data, g.spec, 0) == 0.0
    holding = g.from_diagram("""
pos:  0    1  2  3  4  5   6  7  8  9  10
      Y×4  .  .  .  .  BY  .  .  .  B  B×3
""")
    near = g.from_diagram("""
pos:  0    1  2  3  4  5  6  7  8  9   10
      Y×4  .  .  .  .  .  .  .  .  BY  B×4
""")
    a, b = ev(holding.data, g.spec, 0), ev(near.data, g.spec, 0)
    assert 0 < a < b < 1 and ev(holding.data, g.spec, 1) == -a

_FUZZ_STATES = []


def _fuzz_states():
    if not _FUZZ_STATES:
        g = ludotheque.load("puluc/sauvetage+guardians+temples")
        s = g.initial_state()
        _FUZZ_STATES.extend([s, s.apply_move("(3)"), s.apply_move("(3)").apply_move("G0-1/1")])
    return _FUZZ_STATES


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789-x/()Gskip ", max_size=9), st.integers(0, 2))
def test_parse_never_fails_untyped_and_round_trips(text, which):
    state = _fuzz_states()[which]
    try:
        a = state.parse_move(text)
    except (NotationError, IllegalActionError):
        return
    assert a in state.legal_actions() and state.parse_move(state.move_to_string(a)) == a
