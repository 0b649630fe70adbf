"""The PettingZoo AEC environment passes PettingZoo's own tests on every ruleset."""
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import ludotheque
from ludotheque.adapters.pettingzoo_env import env
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
        assert agent == f"player_{e.state.current_player}"
        before = agent
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        seen_repeat |= not e.state.is_terminal and e.agent_selection == before
    assert seen_repeat, "no multi-action turn in 400 steps of Fanoron-Telo"


def test_chance_is_played_inside_step_and_reset():
    e = env("puluc")
    e.reset(seed=3)
    for _ in range(30):
        if not e.agents:
            break
        obs, _, term, trunc, _ = e.last()
        assert not e.state.is_chance_node
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))


def test_rewards_are_the_returns_and_an_illegal_action_changes_nothing():
    e = env("oware")
    e.reset(seed=0)
    state = e.state
    with pytest.raises(IllegalActionError):
        e.step(6)                                    # Oware's actions are the six houses 0-5
    assert e.state is state
    rng = np.random.default_rng(1)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(2000):
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    returns = e.state.returns()
    assert e.state.is_terminal and total == {"player_0": returns[0], "player_1": returns[1]}
