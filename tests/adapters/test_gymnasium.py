"""The Gymnasium single-agent environment passes Gymnasium's checker on every ruleset."""
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ludotheque
from ludotheque.adapters.gymnasium_env import LudothequeEnv

RULESETS = [ri.name for ri in ludotheque.rulesets()]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_check_env_passes(ruleset):
    check_env(LudothequeEnv(ruleset, opponent="random", player=1, max_actions=200),
              skip_render_check=True)


def test_a_masked_random_learner_plays_whole_games_against_a_level():
    env = LudothequeEnv("oware", opponent="easy", player=0)
    rng = np.random.default_rng(0)
    results = []
    for episode in range(3):
        obs, _ = env.reset(seed=episode)
        done = False
        while not done:
            assert env.state.current_player == 0
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert terminated and reward == env.state.returns()[0] and not info
        results.append(reward)
    assert set(results) <= {-1.0, 0.0, 1.0}


def test_an_illegal_action_ends_the_episode_as_a_loss():
    env = LudothequeEnv("fanorona/telo", opponent="random")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})


def test_a_bad_opponent_spec_is_refused_at_construction():
    with pytest.raises(ValueError, match="unknown agent"):
        LudothequeEnv("oware", opponent="grandmaster")
