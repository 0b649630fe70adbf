"""Batched games (`ludotheque.vector`) play the per-state API's games, on every ruleset."""
import gymnasium as gym
import numpy as np
import pytest

import ludotheque
from ludotheque.adapters.gymnasium_env import env_id
from ludotheque.adapters.gymnasium_vector import LudothequeVectorEnv
from ludotheque.ai import mcts
from ludotheque.core.kernels import seed_word
from ludotheque.core.errors import IllegalActionError
from ludotheque.core.game import TERMINAL
from ludotheque import vector
from ludotheque.vector import BatchedGames

RULESETS = [ri.name for ri in ludotheque.rulesets()]


def replay(state, played, chance_only):
    """``state`` after the actions the batched environment played itself, each checked legal
    (a throw of non-zero probability)."""
    for a in played[played >= 0]:
        if chance_only:
            assert dict(state.chance_outcomes()).get(int(a), 0) > 0, (a, state.chance_outcomes())
        else:
            assert int(a) in state.legal_actions()
        state = state.apply(int(a))
    return state


def check_game(batch, observations, b, state, learner=None):
    """Row ``b`` of ``batch`` and of ``observations`` describes ``state`` as the per-state API
    does."""
    side = learner if learner is not None else max(state.current_player, 0)
    np.testing.assert_array_equal(observations[b], state.observation_tensor(side))
    acting = not state.is_terminal and (learner is None or state.current_player == learner)
    mask = state.legal_actions_mask() if acting else np.zeros(state.game.num_actions, bool)
    np.testing.assert_array_equal(batch.masks[b], mask)
    assert batch.to_play[b] == state.current_player
    assert bool(batch.terminated[b]) == state.is_terminal
    assert tuple(batch.rewards[b]) == state.returns()


def play_both(ruleset, games, steps, seed, opponent=None, max_actions=None):
    """Steps ``games`` batched games with random actions, each beside its per-state copy;
    returns how many games ended. One step in three leaves the observations out, and they
    are asked for afterwards."""
    env = BatchedGames(ruleset, games, opponent=opponent, player=1, max_actions=max_actions)
    game = env.game
    learner = None if opponent is None else 1
    batch = env.reset(seed=seed)
    states = [replay(game.initial_state(), batch.env_actions[b], opponent is None)
              for b in range(games)]
    plies = (batch.env_actions >= 0).sum(axis=1)     # actions in each game, the env's included
    ended = np.zeros(games, bool)
    finished = 0
    for step in range(steps):
        observations = env.observations() if batch.observations is None else batch.observations
        for b in range(games):
            check_game(batch, observations, b, states[b], learner)
            cut = max_actions is not None and plies[b] >= max_actions and not states[b].is_terminal
            assert bool(batch.truncated[b]) == cut
        actions = env.random_actions()
        batch = env.step(actions, observe=step % 3 != 1)
        played = (batch.env_actions >= 0).sum(axis=1)
        for b in range(games):
            start = game.initial_state() if ended[b] else states[b].apply(int(actions[b]))
            states[b] = replay(start, batch.env_actions[b], opponent is None)
            plies[b] = played[b] if ended[b] else plies[b] + 1 + played[b]
        ended = batch.terminated | batch.truncated
        finished += int(ended.sum())
    return finished


@pytest.mark.parametrize("ruleset", RULESETS)
def test_batched_games_are_the_per_state_games(ruleset):
    # observations, masks, players, rewards and ends after each step, throws replayed; a
    # move cap makes every ruleset finish games (and restart them) within the test
    assert play_both(ruleset, games=3, steps=150, seed=7, max_actions=60) >= 3


@pytest.mark.parametrize("ruleset", ["oware", "puluc", "konane"])
def test_games_end_by_their_rules_as_in_the_per_state_api(ruleset):
    env = BatchedGames(ruleset, 4)
    env.reset(seed=3)
    for _ in range(3000):
        batch = env.step(env.random_actions())
        if batch.terminated.any():
            break
    assert batch.terminated.any()
    assert play_both(ruleset, games=2, steps=400, seed=11) >= 1


@pytest.mark.parametrize("ruleset, opponent", [
    ("puluc", "random"), ("puluc", "greedy"), ("puluc", "mcts:20p"),
    ("fanorona/telo", "random"), ("fanorona/telo", "greedy"), ("oware", "mcts:20p")])
def test_the_opponent_plays_inside_and_its_actions_are_reported(ruleset, opponent):
    assert play_both(ruleset, games=2, steps=60, seed=5, opponent=opponent, max_actions=40) >= 2


def learner_results(opponent, games, seed=0):
    """The returns of a random learner (South, player 1) in ``games`` Oware games against
    ``opponent``."""
    env = BatchedGames("oware", 16, opponent=opponent, player=1)
    env.reset(seed=seed)
    results = []
    while len(results) < games:
        batch = env.step(env.random_actions())
        results.extend(batch.rewards[batch.terminated, 1].tolist())
    return results[:games]


def test_the_mcts_opponent_beats_a_random_learner():
    # a random opponent wins about half the games, 30 playouts a move nearly all of them
    against_random = learner_results("random", 64)
    against_mcts = learner_results("mcts:30p", 64)
    assert -0.5 < np.mean(against_random) < 0.5
    assert against_mcts.count(-1.0) >= 58, against_mcts


@pytest.mark.parametrize("ruleset", ["oware", "puluc"])
def test_the_mcts_opponent_plays_the_mcts_players_move(ruleset):
    # the same search as `mcts.search` (the MCTS players'), from the same generator word
    env = BatchedGames(ruleset, 1, opponent="mcts:200p")
    game, loops = env.game, env._loops
    rng = np.random.default_rng(0)
    state, compared = game.initial_state(), 0
    while compared < 8:
        if state.is_terminal:
            state = game.initial_state()
        elif state.is_chance_node:
            outcomes = state.chance_outcomes()
            state = state.apply(outcomes[rng.choice(len(outcomes), p=[p for _, p in outcomes])][0])
        else:
            legal = state.legal_actions()
            if len(legal) > 1:
                seed = int(rng.integers(1 << 30))
                tree = mcts.search(state, playouts=200, seed=seed)
                expected = max(tree.root_children(), key=lambda child: child[1])[0]
                played = loops._mcts_move(np.array(state.data), game.spec, 200,
                                          np.array([seed_word(seed)], np.uint64),
                                          game.num_actions)
                assert played == expected
                compared += 1
            state = state.apply(int(rng.choice(legal)))


def copied(batch):
    return batch._make(x.copy() for x in batch)


@pytest.mark.parametrize("ruleset, opponent", [
    ("puluc/sauvetage", None), ("oware/omweso", None), ("puluc/sauvetage", "mcts:4p"),
    ("oware", "mcts:10p")])
def test_results_do_not_depend_on_the_number_of_threads(ruleset, opponent):
    runs = []
    for threads in (1, 2):
        env = BatchedGames(ruleset, 300, threads=threads, max_actions=80,   # threads from 256
                           opponent=opponent)
        batches = [copied(env.reset(seed=9))]
        for _ in range(100):
            batches.append(copied(env.step(env.random_actions())))
        runs.append(batches)
    for one, two in zip(*runs):
        for x, y in zip(one, two):
            np.testing.assert_array_equal(x, y)
    assert any(b.truncated.any() for b in runs[0])           # games restarted on the way
    if runs[0][0].env_actions.size:                              # and threw on the way
        assert any((b.env_actions[:, 0] >= 0).any() for b in runs[0])


@pytest.mark.parametrize("long_row", [1, vector.LONG_ROW])
def test_a_state_that_needs_a_longer_array_moves_to_a_long_row(monkeypatch, long_row):
    # Nam-Nam's repetition record outgrows the start array within some 40 random actions:
    # the game moves to its long row (made longer between calls when that is too short:
    # at once with long rows as long as the start's), and the games still match the
    # per-state API
    monkeypatch.setattr(vector, "LONG_ROW", long_row)
    moved, widths = [], []
    advance = BatchedGames._advance

    def watched(self, *args, **kwargs):
        batch = advance(self, *args, **kwargs)
        moved.append(int(self._moved.sum()))
        widths.append(self._long_rows.shape[1])
        return batch
    monkeypatch.setattr(BatchedGames, "_advance", watched)
    play_both("oware/nam-nam", games=2, steps=200, seed=1)
    assert max(moved) > 0
    assert (widths[-1] > widths[0]) == (long_row == 1)


def test_bad_input_gets_a_clear_error_and_changes_nothing():
    env = BatchedGames("oware", 3)
    with pytest.raises(ValueError, match="reset"):
        env.step([0, 0, 0])
    first = env.reset(seed=2)
    twin = BatchedGames("oware", 3)
    twin.reset(seed=2)
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        env.step([0, 0])
    with pytest.raises(ValueError, match="integer array"):
        env.step(np.zeros(3, np.float32))
    with pytest.raises(IllegalActionError, match="game 1: action 6 is not legal"):
        env.step([0, 6, 0])
    with pytest.raises(IllegalActionError, match="game 0: action -1"):
        env.step([-1, 0, 0])
    assert first.to_play.tolist() == [0, 0, 0]
    after, expected = env.step([2, 3, 4]), twin.step([2, 3, 4])
    for x, y in zip(after, expected):
        np.testing.assert_array_equal(x, y)
    for kwargs in ({"num_games": 0}, {"num_games": 2, "threads": 0},
                   {"num_games": 2, "opponent": "alphabeta"}, {"num_games": 2, "player": 2},
                   {"num_games": 2, "opponent": "mcts:0p"}, {"num_games": 2, "opponent": "mcts:p"},
                   {"num_games": 2, "opponent": "mcts:100"},          # seconds: no batched form
                   {"num_games": 2, "opponent": "mcts:-5p"},
                   {"num_games": 2, "opponent": "mcts:1000001p"},
                   {"num_games": 2, "opponent": 3},
                   {"num_games": 2, "max_actions": -1}):
        with pytest.raises(ValueError):
            BatchedGames("oware", **kwargs)


def test_a_finished_game_restarts_at_the_next_step():
    env = BatchedGames("konane", 2)
    batch = env.reset(seed=0)
    while not batch.terminated.any():
        batch = env.step(env.random_actions())
    ended = int(np.flatnonzero(batch.terminated)[0])
    assert batch.to_play[ended] == TERMINAL and not batch.masks[ended].any()
    assert sorted(batch.rewards[ended].tolist()) == [-1.0, 1.0]
    # its action is ignored: any integer will do
    actions = env.random_actions()
    actions[ended] = 12345
    batch = env.step(actions)
    start = env.game.initial_state()
    np.testing.assert_array_equal(batch.observations[ended], start.observation())
    assert not batch.terminated[ended] and batch.rewards[ended].tolist() == [0.0, 0.0]


def test_the_arrays_are_the_envs_buffers_and_shared_through_dlpack():
    # a step writes in place: what a step returned is the next step's output, and a view
    # taken through DLPack sees it
    env = BatchedGames("dara", 4)
    one = env.reset(seed=0)
    view = np.from_dlpack(one.observations)
    assert np.shares_memory(view, one.observations)
    two = env.step(env.random_actions())
    assert two.observations is one.observations and two.masks is one.masks
    twin = BatchedGames("dara", 4)
    twin.reset(seed=0)
    expected = twin.step(twin.random_actions())
    np.testing.assert_array_equal(view, expected.observations)


def test_observations_left_out_of_a_step_are_computed_when_asked():
    env, twin = BatchedGames("konane", 5), BatchedGames("konane", 5)
    env.reset(seed=1)
    twin.reset(seed=1)
    for _ in range(3):
        actions = env.random_actions()
        quiet, full = env.step(actions, observe=False), twin.step(actions)
        assert quiet.observations is None
        np.testing.assert_array_equal(quiet.masks, full.masks)
    np.testing.assert_array_equal(env.observations(), full.observations)


@pytest.mark.parametrize("opponent", ["greedy", "mcts:20p"])
def test_the_gymnasium_vector_env_plays_one_side_against_the_opponent(opponent):
    envs = gym.make_vec(env_id("oware"), num_envs=8, vectorization_mode="vector_entry_point",
                        opponent=opponent, player=1)
    kept = []
    assert isinstance(envs.unwrapped, LudothequeVectorEnv)
    obs, info = envs.reset(seed=4)
    assert envs.observation_space.contains(obs)
    # the opponent (South) has played its first move in every game
    assert (info["env_actions"][:, 0] >= 0).all()
    rewards = []
    for _ in range(400):
        # a game that just ended has no legal action: it restarts, whatever the action
        legal = obs["action_mask"].astype(bool)
        actions = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in legal])
        obs, reward, terminated, truncated, info = envs.step(actions)
        assert envs.observation_space.contains(obs) and reward.dtype == np.float64
        kept.append(obs["observation"])
        rewards.extend(reward[terminated].tolist())
    # a learner who always sows his first house loses to the opponent
    assert rewards and np.mean(rewards) < 0
    # the observations are copies, as Gymnasium's vector environments give them by default
    assert not np.array_equal(kept[0], kept[-1])
    envs.close()
