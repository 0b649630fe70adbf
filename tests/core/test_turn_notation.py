"""Whole-turn notation round trip (DESIGN.md "Notation", each rules file's turn text): along
random games of every ruleset, each alone and with each of its extensions (and the options that
change what a turn is made of), the text `turn_to_string` prints for every turn parses back with
`State.parse_turn` to exactly that turn's actions."""
import random

import pytest

import ludotheque
from ludotheque import IllegalActionError, NotationError
from ludotheque.core import State

#: rulesets whose options change how a turn is made up (chains, forced chains, huffs, declined
#: captures, returns)
WITH_OPTIONS = [
    "awithlaknannai?forced_chain=1", "awithlaknannai+shaman?huffing=1",
    "fanorona+female?optional_capture=decline", "fanorona/telo+female+tamarins",
    "komikan?multi_jump=1", "komikan+grass?multi_jump=1", "komikan/lemery?multi_jump=1",
    "komikan/adugo+alpha?multi_jump=1", "konane?size=6", "konane+hummingbird+knots?size=6",
    "yote?chain=1", "yote+routes?chain=1", "yote+caravan+routes?forced_capture=1&chain=1",
    "yote/choko+caravan+routes", "dara+heroes+hut", "dara/dala+heroes+hut",
]
GAMES = 10
MAX_PLIES = 400


def ruleset_ids() -> list[str]:
    ids = []
    for ri in ludotheque.rulesets():
        for ext in ("", *(f"+{e}" for e in ri.extensions)):
            ids.append(ri.name + ext)
    return ids + WITH_OPTIONS


def random_turns(game, rng: random.Random) -> list[tuple[State, list[int]]]:
    """The turns of one random game: (state at the turn's start, its actions)."""
    state = game.initial_state()
    turns: list[tuple[State, list[int]]] = []
    start, actions = state, []
    for _ in range(MAX_PLIES):
        if state.is_terminal:
            break
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            a = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            a = rng.choice(state.legal_actions())
        after = state.apply(a)
        actions.append(a)
        if game.ends_turn(state, after):
            turns.append((start, actions))
            start, actions = after, []
        state = after
    return turns


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_printed_turn_parses_back_to_its_actions(ruleset_id):
    game = ludotheque.load(ruleset_id)
    rng = random.Random(ruleset_id)
    failures = []
    for _ in range(GAMES):
        for start, actions in random_turns(game, rng):
            text = game.turn_to_string(start, actions)
            try:
                parsed = start.parse_turn(text)
            except Exception as e:          # noqa: BLE001 (collected and shown below)
                parsed = f"{type(e).__name__}: {e}"
            if parsed != actions:
                failures.append(f"{text!r}: {actions} -> {parsed}")
    assert not failures, f"{len(failures)} turns do not parse back, e.g. " + "\n".join(failures[:5])


# -- a complete turn that is also one action's text keeps the actions that close it ----------

FANORONA = """
5  O O O O . O O O O
4  O O O O . O O O O
3  O G O G G O G O G
2  G G G G . G G G G
1  G G G G G G G G G
"""
TELO = """
3  . O O
2  O O G
1  G G .
"""
KONANE = """
8  . . . . . . . .
7  . . . . . . . .
6  . . . . . . . .
5  . . . . . . . .
4  . . . . . . . .
3  . . J . . . . .
2  H J . J . J . .
1  . . . . . . . .
"""
AWITHLAKNANNAI = """
top    .   .   .   .   .   .   .   o
mid  .   .   o   o   .   .   y   o   .
bot    .   y   o   .   .   .   .   .
"""


def play_turn(state, text):
    actions = state.parse_turn(text)
    for a in actions:
        state = state.apply(a)
    return actions, state


def test_a_fanorona_capture_that_could_go_on_ends_with_stop():
    g = ludotheque.load("fanorona")
    s = g.from_diagram(FANORONA, to_move=1)
    actions, after = play_turn(s, "f4-e5W")
    assert actions == [s.parse_move("f4-e5W"), g.stop_action] and after.current_player == 0


def test_a_telo_turn_without_placement_passes_the_tamarin_decision():
    g = ludotheque.load("fanorona/telo+tamarins")
    s = g.from_diagram(TELO, tamarins=(2, 0), pools=(1, 0))
    actions, after = play_turn(s, "c2-c1W")
    assert actions[0] == s.parse_move("c2-c1W") and len(actions) == 2
    assert after.current_player == 1
    assert play_turn(s, "c2-c1W @c2")[1].current_player == 1


def test_a_konane_jump_that_could_go_on_ends_with_stop():
    g = ludotheque.load("konane")
    s = g.from_diagram(KONANE)
    assert s.parse_turn("a2xc2") == [s.parse_move("a2xc2"), g.STOP]
    assert len(s.parse_turn("a2xc2xe2")) == 3               # two jumps, then the chain stops


def test_an_awithlaknannai_jump_that_could_go_on_ends_with_stop():
    g = ludotheque.load("awithlaknannai")
    s = g.from_diagram(AWITHLAKNANNAI)
    actions, after = play_turn(s, "b2xb4")
    assert actions[0] == s.parse_move("b2xb4") and len(actions) == 2
    assert after.current_player == 1


def test_mid_turn_a_text_is_the_rest_of_the_turn():
    g = ludotheque.load("awithlaknannai")
    s = g.from_diagram(AWITHLAKNANNAI)
    mid = s.apply(s.parse_move("b2xb4"))
    jump = mid.parse_move("xt3")
    assert mid.parse_turn("xt3") == [jump, mid.apply(jump).parse_move("stop")]
    assert mid.parse_turn("stop") == [mid.parse_move("stop")]   # no turn text, one action


def test_a_default_turn_is_its_actions_separated_by_spaces():
    s = ludotheque.load("oware").initial_state()
    assert s.parse_turn("C") == [s.parse_move("C")]
    with pytest.raises(IllegalActionError):
        s.parse_turn("C d")                                 # the turn is over after C
    with pytest.raises(NotationError):
        s.parse_turn("   ")
    with pytest.raises(NotationError):
        s.parse_turn(3)
