"""The protocol, checked on every registered ruleset: legal actions, immutable states,
notation and record round-trips, errors that change nothing, random playouts."""
import random

import numpy as np
import pytest

import ludotheque
from ludotheque import IllegalActionError, NotationError
from ludotheque.core.kernels import LEGAL_SLACK, MAX_ACTIONS_BUFFER
from ludotheque.core.loops import compiled_loops
from ludotheque.records import GameRecord

RULESETS = [ri.name for ri in ludotheque.rulesets()]


def random_game(game, rng, max_actions=400):
    state, actions = game.initial_state(), []
    while not state.is_terminal and len(actions) < max_actions:
        a = state.random_action(rng)
        actions.append(a)
        state = state.apply(a)
    return actions


@pytest.mark.parametrize("ruleset", RULESETS)
def test_notation_round_trips_for_every_legal_action(ruleset):
    game = ludotheque.load(ruleset)
    rng = random.Random(3)
    for _ in range(20):
        state = game.initial_state()
        for a in random_game(game, rng, 200):
            for b in state.legal_actions():
                text = state.move_to_string(b)
                assert state.parse_move(text) == b, f"{text!r} does not parse back to {b}"
            state = state.apply(a)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_records_round_trip_in_json_and_text(ruleset):
    game = ludotheque.load(ruleset)
    rng = random.Random(5)
    for _ in range(5):
        rec = GameRecord(ruleset, random_game(game, rng, 300), ["a", "b"])
        for copy in (GameRecord.from_json(rec.to_json()), GameRecord.from_text(rec.to_text())):
            assert copy.actions == rec.actions and copy.players == rec.players
            assert copy.result() == rec.result()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_states_are_immutable_values(ruleset):
    game = ludotheque.load(ruleset)
    s = game.initial_state()
    key = s.key()
    s.apply(s.legal_actions()[0])
    assert s.key() == key and s == game.initial_state() and hash(s) == hash(game.initial_state())
    with pytest.raises(ValueError):
        s.data[0] = 99


@pytest.mark.parametrize("ruleset", RULESETS)
def test_illegal_actions_and_bad_notation_change_nothing(ruleset):
    game = ludotheque.load(ruleset)
    s = game.initial_state()
    key = s.key()
    illegal = [a for a in range(game.num_actions) if a not in s.legal_actions()]
    for a in illegal[:5] + [-1, game.num_actions, 10**6]:
        with pytest.raises(IllegalActionError):
            s.apply(a)
    for text in ("", "   ", "zz9-zz9", "@@@"):
        with pytest.raises((NotationError, IllegalActionError)):
            s.parse_move(text)
    assert s.key() == key


@pytest.mark.parametrize("ruleset", RULESETS)
def test_legal_kernel_writes_within_its_actions_and_slack(ruleset):
    """The batched games hand `legal` a game's own row of num_actions + LEGAL_SLACK entries:
    a write past it would change the next game's legal actions."""
    game, rng = ludotheque.load(ruleset), random.Random(3)
    state, seen = game.initial_state(), 0
    while seen < 600:
        if state.is_terminal:
            state = game.initial_state()
        out = np.full(MAX_ACTIONS_BUFFER, -7, np.int64)
        n = game.kernels.legal(state.data.copy(), game.spec, out)
        written = np.flatnonzero(out != -7)
        assert n <= game.num_actions and len(set(out[:n].tolist())) == n
        assert written.size == 0 or written[-1] < n + LEGAL_SLACK, (ruleset, n, written[-1])
        state, seen = state.apply(state.random_action(rng)), seen + 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_observer_writes_its_whole_tensor_and_nothing_past_it(ruleset):
    """Some observers write a plane as one vector store of 32 floats (`core.bits.put_bits`),
    past the plane, for what follows to write over: nothing may land past the tensor's array
    (a batched game's row is followed by the next game's), and every float of it is written."""
    game, rng = ludotheque.load(ruleset), random.Random(5)
    observe, length = game.observer
    state = game.initial_state()
    for _ in range(300):
        if state.is_terminal:
            state = game.initial_state()
        for player in (0, 1):
            memory = np.full(length + 64, -7.0, np.float32)   # the tensor, then what follows
            observe(state.data.copy(), game.spec, player, memory[:length])
            assert (memory[length:] == -7.0).all(), (ruleset, player)
            assert (memory[:length] == state.observation_tensor(player).ravel()).all()
        state = state.apply(state.random_action(rng))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_compiled_playouts_finish_and_count_results(ruleset):
    game = ludotheque.load(ruleset)
    start = game.playout_start()
    st = compiled_loops(game.kernels).random_playouts(start.data.copy(), game.spec, 200, 1, 0)
    assert st[0] == 200 and st[5] == 0 and st[2] + st[3] + st[4] == 200


@pytest.mark.parametrize("ruleset", RULESETS)
def test_terminal_states_have_an_outcome_and_text(ruleset):
    game = ludotheque.load(ruleset)
    rng = random.Random(9)
    for _ in range(5):
        state = game.initial_state()
        for a in random_game(game, rng, 100_000):
            state = state.apply(a)
        out = state.outcome()
        assert out is not None and out.reason
        r = state.returns()
        assert sum(r) == 0 and ((out.winner is None) == (r == (0.0, 0.0)))
        assert out.reason in state.to_text()
        obs = state.observation()
        assert isinstance(obs, np.ndarray) and obs.shape == game.initial_state().observation().shape


def test_random_action_draws_throws_by_their_probability_and_refuses_at_the_end():
    import collections
    game = ludotheque.load("puluc")
    throw = game.initial_state()
    assert throw.is_chance_node
    rng = random.Random(3)
    counts = collections.Counter(throw.random_action(rng) for _ in range(16_000))
    for action, p in throw.chance_outcomes():
        assert abs(counts[action] / 16_000 - p) < 0.02
    state = ludotheque.load("oware?max_plies=2").initial_state()
    while not state.is_terminal:
        assert state.random_action(rng) in state.legal_actions()
        state = state.apply(state.random_action(rng))
    with pytest.raises(IllegalActionError):
        state.random_action(rng)
