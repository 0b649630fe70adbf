"""Light states (issue 25): a state owns its array and shares its game's start and actions;
it keeps no earlier state alive, and copies copy the array without replaying the game."""
import copy
import gc
import pickle
import random
import threading
import tracemalloc
from array import array

import pytest

import ludotheque
from ludotheque import State
from ludotheque.core import game as game_module
from ludotheque.core.game import SEGMENT


def play(game, plies, seed):
    """The states of a random game, its start first (fewer if it ends sooner)."""
    rng = random.Random(seed)
    states = [game.initial_state()]
    while len(states) <= plies and not states[-1].is_terminal:
        states.append(states[-1].apply(states[-1].random_action(rng)))
    return states


def live_states():
    gc.collect()
    return sum(isinstance(o, State) for o in gc.get_objects())


def test_a_state_keeps_only_its_start_alive():
    game = ludotheque.load("oware/nam-nam")
    before = live_states()
    last = play(game, 300, 1)[-1]
    assert len(last.history()[1]) == 300
    assert live_states() - before == 2               # the last state and the start


def test_states_300_actions_deep_cost_at_most_twice_their_arrays():
    # benchmarks/state_copy.py measures 1,000 such states; the cost of each is the same
    game = ludotheque.load("oware/nam-nam")
    play(game, 5, 0)                                  # compiled before the measure
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept, seed = [], 0
        while len(kept) < 200:
            states = play(game, 300, seed)
            if len(states) == 301:                    # not a game that ended sooner
                kept.append(states[-1])
            seed += 1
        del states
        gc.collect()
        cost = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert cost <= 2 * sum(s.data.nbytes for s in kept)


def test_histories_stay_right_along_branches_and_long_games():
    game = ludotheque.load("oware/nam-nam")
    line = play(game, 2 * SEGMENT + 40, 3)
    actions = line[-1].history()[1]
    assert len(actions) == 2 * SEGMENT + 40
    for ply in (0, 5, SEGMENT - 1, SEGMENT, SEGMENT + 1, 2 * SEGMENT + 7):
        state = line[ply]
        assert state.history() == (line[0], actions[:ply])
        for a in state.legal_actions():               # other lines of play from the same state
            assert state.apply(a).history() == (line[0], actions[:ply] + [a])
            assert state.apply(a).apply(state.apply(a).legal_actions()[0]).history()[1][:ply + 1] \
                == actions[:ply] + [a]
    assert line[-1].history()[1] == actions          # the branches changed nothing
    assert game.deserialize(line[-1].serialize()) == line[-1]


def test_two_threads_playing_on_from_one_state_each_get_their_own_history(monkeypatch):
    # forces the interleaving: the first thread has seen the end of the shared actions and
    # not yet appended when the second one plays from the same state
    game = ludotheque.load("oware/nam-nam")
    start = play(game, 10, 4)[-1]
    a, b = start.legal_actions()[:2]
    first_checked, second_arrived = threading.Event(), threading.Event()
    appending = threading.Lock()

    class Played(array):
        def __len__(self):
            n = super().__len__()
            if threading.current_thread().name == "first":
                first_checked.set()
                second_arrived.wait()
            return n

    class Gate:
        """The lock around the append, which tells when the second thread reaches it."""
        def __enter__(self):
            if threading.current_thread().name == "second":
                second_arrived.set()
            return appending.__enter__()

        def __exit__(self, *exc):
            return appending.__exit__(*exc)

    node = start._actions
    node.played = Played("i", node.played)
    monkeypatch.setattr(game_module, "_APPENDING", Gate())
    after = {}

    def on(action):
        after[action] = start.apply(action)

    first = threading.Thread(target=on, args=(a,), name="first")
    second = threading.Thread(target=on, args=(b,), name="second")
    first.start()
    first_checked.wait()
    second.start()
    for t in (first, second):
        t.join()
    head = start.history()[1]
    assert after[a].history()[1] == head + [a] and after[b].history()[1] == head + [b]


@pytest.fixture
def no_replay(monkeypatch):
    """Any action applied from here on fails the test."""
    def refuse(self, action):
        raise AssertionError("the game was replayed")
    monkeypatch.setattr(State, "_apply_unchecked", refuse)


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s))],
                         ids=["copy", "deepcopy", "pickle"])
def test_copies_copy_the_array_and_replay_nothing(how, request):
    game = ludotheque.load("oware/nam-nam")
    states = play(game, 300, 2)
    request.getfixturevalue("no_replay")
    for state in (states[0], states[10], states[-1]):
        twin = how(state)
        assert twin == state and twin.data is not state.data and not twin.data.flags.writeable
        assert twin.history()[1] == state.history()[1] and twin.history()[0] == states[0]
        assert twin.legal_actions() == state.legal_actions()


def test_a_pickled_built_position_keeps_its_start():
    oware = ludotheque.load("oware")
    built = oware.from_diagram("North 0 0 3 0 1 1 store 13\nSouth 1 0 17 0 0 0 store 12")
    later = built.apply_move("C")
    twin = pickle.loads(pickle.dumps(later))
    assert twin == later and twin.history() == (built, [2])
    assert oware.deserialize(twin.serialize()) == later
