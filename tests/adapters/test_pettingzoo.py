"""The PettingZoo AEC environment passes PettingZoo's own tests on every ruleset."""
import pickle

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


def test_raw_env_refuses_an_illegal_action_and_changes_nothing():
    e = raw_env("oware")
    e.reset(seed=0)
    e.step(0)                                        # South sows A, North sows a: A is empty
    e.step(0)
    state = e.game_state
    with pytest.raises(IllegalActionError):
        e.step(0)
    assert e.game_state is state and e.agent_selection == "player_0" and not any(e.terminations.values())


def test_env_ends_the_game_on_an_illegal_action_as_a_loss_as_classic_games_do():
    e = env("oware")
    e.reset(seed=0)
    e.step(0)
    e.step(0)
    with pytest.raises(AssertionError, match="not in action space"):
        e.step(6)                                    # Oware's actions are the six houses 0-5
    e.step(0)                                        # A is empty: illegal
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": -1, "player_1": 0}


def test_rewards_are_the_returns():
    e = env("oware")
    e.reset(seed=0)
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
    assert isinstance(e.env.env, wrappers.TerminateIllegalWrapper)
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


def test_metadata_names_the_game_and_render_modes_are_pettingzoo_s(capsys):
    e = env("oware/nam-nam", render_mode="human")
    assert e.metadata["name"] == "ludotheque_oware_nam_nam_v0" and not e.metadata["is_parallelizable"]
    assert env("fanorona/telo").metadata["name"] == "ludotheque_fanorona_telo_v0"
    e.reset(seed=0)
    assert e.render() is None and capsys.readouterr().out.strip() == e.unwrapped.game_state.to_text().strip()
    text = raw_env("oware", render_mode="ansi")
    text.reset(seed=0)
    assert text.render() == text.game_state.to_text()
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("oware", render_mode="rgb_array")


def test_raw_env_pickles_by_its_arguments_as_pettingzoo_s_envs_do():
    e = pickle.loads(pickle.dumps(raw_env("puluc", max_actions=40, render_mode="ansi")))
    assert (e.game.id, e.max_actions, e.render_mode) == ("puluc", 40, "ansi")
