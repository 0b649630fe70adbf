"""The Gymnasium single-agent environment passes Gymnasium's checker on every ruleset."""
import os
import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ludotheque
from ludotheque.adapters.gymnasium_env import LudothequeEnv, env_id, register

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


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gym_make_builds_every_ruleset_under_its_registered_id(ruleset):
    env = gym.make(env_id(ruleset), opponent="random", player=1, max_actions=50)
    assert "/" not in env_id(ruleset).split("/", 1)[1] and env_id(ruleset).endswith("-v0")
    assert env.unwrapped.game == ludotheque.load(ruleset) and env.unwrapped.player == 1
    obs, _ = env.reset(seed=0)
    assert np.array_equal(obs["action_mask"], env.unwrapped.state.legal_actions_mask())


def test_ids_with_a_variant_options_or_extensions_map_to_valid_gymnasium_ids():
    assert env_id("oware") == "ludotheque/oware-v0"
    assert env_id("oware/nam-nam") == "ludotheque/oware_nam_nam-v0"
    name = register("konane?size=6+hummingbird")
    assert name == "ludotheque/konane_hummingbird_size_6-v0" == register("konane+hummingbird?size=6")
    assert gym.make(name).unwrapped.game.id == "konane+hummingbird?size=6"


def test_the_module_form_of_gym_make_imports_the_adapter():
    # in a new interpreter, where nothing imported the adapter before gym.make
    code = ("import gymnasium as gym\n"
            "e = gym.make('ludotheque.adapters.gymnasium_env:ludotheque/fanorona_telo-v0')\n"
            "print(e.unwrapped.game.id)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}).stdout
    assert out.strip() == "fanorona/telo"
