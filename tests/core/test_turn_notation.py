"""Whole-turn notation round trip (DESIGN.md "Notation", each rules file's turn text): along
random games of every ruleset, each alone and with each of its extensions (and the options that
change what a turn is made of), the text `turn_to_string` prints for every turn parses back with
`State.parse_turn` to exactly that turn's actions."""
import random

import pytest

import ludotheque
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
GAMES = 3
MAX_PLIES = 300


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
