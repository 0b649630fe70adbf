"""Fuzzed ruleset ids, moves, actions and turns: only the documented errors escape (issue 15)."""
import random

import pytest
from hypothesis import example, given, settings, strategies as st

import ludotheque
from ludotheque import IllegalActionError, NotationError, RulesetError
from ludotheque.core import registry

RULESETS = [ri.name for ri in ludotheque.rulesets()]
ID_PARTS = st.sampled_from(["oware", "konane", "fanorona", "dara", "/", "+", "?", "&", "=",
                            "nam-nam", "hummingbird", "size", "6", "max_plies", "9" * 12, "-1",
                            "١", "_", " ", "\x00", "é", "repetition", "grand_slam", "allow"])


@settings(max_examples=500, deadline=None)
@given(parts=st.lists(ID_PARTS, max_size=12), noise=st.text(max_size=20))
@example(parts=["oware", "?", "max_plies", "=", "9" * 12], noise="")
@example(parts=["konane", "?", "size", "=", "6", "+", "hummingbird", "+", "hummingbird"], noise="")
@example(parts=["oware"] * 5 + ["hummingbird"] * 3, noise="")   # found: the id list is long
def test_fuzzed_ruleset_ids_load_or_raise_ruleset_error(parts, noise):
    for text in ("".join(parts), "".join(parts) + noise, noise):
        try:
            game = ludotheque.load(text)
        except RulesetError as e:
            assert text[:90] not in str(e) or len(text) <= 80   # at most ~80 characters quoted
        else:
            assert ludotheque.load(game.id) == game    # the canonical id loads the same game


def reachable_states(ruleset, n=4, seed=1):
    game, rng = ludotheque.load(ruleset), random.Random(seed)
    states = []
    for _ in range(n):
        state = game.initial_state()
        for _ in range(rng.randrange(0, 60)):
            if state.is_terminal:
                break
            state = state.apply(state.random_action(rng))
        if not state.is_terminal:
            states.append(state)
    return states or [game.initial_state()]


MOVE_TEXT = st.text(alphabet=st.sampled_from(list("abcdefghijA1234567890-x@+,WdoneApass*. \t\n{}\\\"é٣")),
                    max_size=40) | st.text(max_size=40)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fuzzed_moves_and_turns_raise_only_notation_or_illegal_action_errors(ruleset):
    states = reachable_states(ruleset)

    @settings(max_examples=150, deadline=None)
    @given(i=st.integers(0, len(states) - 1), text=MOVE_TEXT)
    def check(i, text):
        state = states[i]
        for parse in (state.parse_move, state.parse_turn,
                      lambda t: state.game.parse_action(state, t)):
            try:
                actions = parse(text)
            except (NotationError, IllegalActionError) as e:
                assert len(str(e)) < 2000
                continue
            s = state
            for a in actions if isinstance(actions, list) else [actions]:
                s = s.apply(a)               # what parses is legal

    check()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_moves_made_of_legal_notation_pieces_parse_or_raise_cleanly(ruleset):
    # the hardest inputs for a parser are near misses built from its own words
    rng = random.Random(5)
    for state in reachable_states(ruleset, 6, 2):
        words = [state.move_to_string(a) for a in state.legal_actions()]
        for _ in range(100):
            text = rng.choice(["", " ", "-", "x", ","]).join(rng.choices(words, k=rng.randrange(1, 4)))
            text = text[: rng.randrange(0, len(text) + 1)] + rng.choice(["", "x", "-", "W", "A", "9"])
            for parse in (state.parse_move, state.parse_turn):
                try:
                    parse(text)
                except (NotationError, IllegalActionError):
                    pass


def test_the_registry_parses_options_of_every_ruleset_strictly():
    for ri in ludotheque.rulesets():
        for o in ri.options:
            if isinstance(o.default, int):
                for bad in ("", "-", "1.0", "0x1", "1e3", "٣", "1 ", "9" * 10):
                    with pytest.raises(RulesetError):
                        o.parse(bad)
    assert registry.parse_ruleset_id("oware?max_plies=000000010")[2]["max_plies"] == 10
