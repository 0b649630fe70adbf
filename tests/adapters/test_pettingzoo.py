"""The PettingZoo AEC environment passes PettingZoo's own tests on every ruleset."""
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

import ludotheque
from ludotheque.adapters.pettingzoo_env import LudothequeAEC, env, raw_env
from ludotheque.core.errors import IllegalActionError

RULESETS = [ri.name for ri in ludotheque.rulesets()]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_api_and_seed_tests_pass(ruleset):
    api_test(env(ruleset, max_actions=150), num_cycles=150)
    seed_test(lambda: env(ruleset, max_actions=150), num_cycles=150)


def test_a_capture_chain_keeps_the_same_agent_until_the_turn_ends():
    e = env("fanorona/telo")
    e.reset(seed=0)
    seen_repeat = False
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(400):
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert agent == f"player_{e.unwrapped.game_state.current_player}"
        before = agent
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        seen_repeat |= not e.unwrapped.game_state.is_terminal and e.agent_selection == before
    assert seen_repeat, "no multi-action turn in 400 steps of Fanoron-Telo"


def test_chance_is_played_inside_step_and_reset():
    e = env("puluc")
    e.reset(seed=3)
    for _ in range(30):
        if not e.agents:
            break
        obs, _, term, trunc, _ = e.last()
        assert not e.unwrapped.game_state.is_chance_node
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))


def test_rewards_are_the_returns_and_an_illegal_action_changes_nothing():
    e = env("oware")
    e.reset(seed=0)
    e.step(0)                                        # South sows A, North sows a: A is empty
    e.step(0)
    state = e.unwrapped.game_state
    with pytest.raises(IllegalActionError):
        e.step(0)
    with pytest.raises(AssertionError, match="not in action space"):
        e.step(6)                                    # Oware's actions are the six houses 0-5
    assert e.unwrapped.game_state is state and e.agent_selection == "player_0"
    rng = np.random.default_rng(1)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(2000):
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    returns = e.unwrapped.game_state.returns()
    assert e.unwrapped.game_state.is_terminal and total == {"player_0": returns[0], "player_1": returns[1]}


def test_env_is_wrapped_as_pettingzoo_s_classic_games_and_raw_env_is_not():
    e = env("oware")
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    assert isinstance(e.env, wrappers.AssertOutOfBoundsWrapper)
    assert type(e.unwrapped) is LudothequeAEC and type(raw_env("oware")) is LudothequeAEC
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)                                    # nothing before reset
    with pytest.raises(AttributeError, match="before reset"):
        e.agent_selection


def test_state_is_pettingzoo_s_method_not_the_position():
    e = env("oware")
    e.reset(seed=0)
    assert e.unwrapped.game_state == ludotheque.load("oware").initial_state()
    with pytest.raises(NotImplementedError):         # AECEnv.state(), as classic games have it
        e.state()
