"""The protocol completions for learning and search libraries, on every registered ruleset:
sorted legal actions and their mask, observation tensors in [0, 1] of the game's shape from
each player's side, game type and bounds, pickling by id."""
import pickle
import random

import numpy as np
import pytest

import ludotheque

RULESETS = [ri.name for ri in ludotheque.rulesets()]


def random_states(game, rng, games=6, max_actions=300):
    for _ in range(games):
        state = game.initial_state()
        yield state
        for _ in range(max_actions):
            if state.is_terminal:
                break
            state = state.apply(state.random_action(rng))
            yield state


@pytest.mark.parametrize("ruleset", RULESETS)
def test_actions_sorted_masked_and_observations_bounded_from_both_sides(ruleset):
    game = ludotheque.load(ruleset)
    shape = game.observation_shape
    rng = random.Random(11)
    for state in random_states(game, rng):
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        mask = state.legal_actions_mask()
        assert mask.shape == (game.num_actions,) and mask.dtype == np.bool_
        assert list(np.flatnonzero(mask)) == legal
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == legal
            assert len(outcomes) <= game.max_chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        for player in (0, 1):
            obs = state.observation_tensor(player)
            assert obs.dtype == np.float32 and obs.shape == shape
            assert obs.min() >= 0 and obs.max() <= 1, (player, state.to_text())
        if state.is_terminal:
            assert set(state.returns()) <= {game.min_utility(), 0.0, game.max_utility()}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_two_sides_see_the_position_differently(ruleset):
    """A perspective that ignores the player would give both sides the same tensor."""
    game = ludotheque.load(ruleset)
    state = game.initial_state()
    assert not np.array_equal(state.observation_tensor(0), state.observation_tensor(1))


def test_symmetric_games_swap_own_and_enemy_planes():
    game = ludotheque.load("oware")
    state = game.initial_state().apply_move("C")
    south, north = state.observation_tensor(0), state.observation_tensor(1)
    assert np.array_equal(south[:6], north[6:12]) and np.array_equal(south[6:12], north[:6])
    assert (south[14], north[14]) == (0.0, 1.0)          # North is to move


def test_game_type_and_bounds():
    puluc = ludotheque.load("puluc")
    assert puluc.game_type().chance and puluc.max_chance_outcomes() == 5
    oware = ludotheque.load("oware")
    kind = oware.game_type()
    assert not kind.chance and kind.zero_sum and kind.sequential and kind.perfect_information
    assert (oware.min_utility(), oware.max_utility()) == (-1.0, 1.0)
    assert oware.max_chance_outcomes() == 0
    assert oware.max_game_length() is None
    assert ludotheque.load("oware?max_plies=40").max_game_length() == 40


def test_a_move_cap_bounds_the_game_length():
    game = ludotheque.load("oware/nam-nam?max_plies=30")
    rng = random.Random(2)
    for _ in range(5):
        state, n = game.initial_state(), 0
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            n += 1
        assert n <= game.max_game_length()


def test_initial_state_is_deterministic_whatever_the_seed():
    game = ludotheque.load("fanorona")
    assert game.initial_state(1) == game.initial_state(2) == game.initial_state()
    with pytest.raises(TypeError):
        game.initial_state("one")


@pytest.mark.parametrize("ruleset", ["oware", "fanorona", "komikan/chivi-kora", "puluc+temples",
                                     "yote/choko+routes"])
def test_games_and_states_pickle_small_and_by_id(ruleset):
    game = ludotheque.load(ruleset)
    assert pickle.loads(pickle.dumps(game)) is game
    state = game.initial_state()
    state = state.apply(state.legal_actions()[0])
    blob = pickle.dumps(state)
    assert len(blob) < state.data.nbytes + 300        # the array, the ruleset id, the action
    copy = pickle.loads(blob)
    assert copy == state and copy.game is game and copy.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError):
        copy.data[0] = 1                                 # still an immutable value
