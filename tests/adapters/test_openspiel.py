"""Every ruleset registers as an OpenSpiel game that passes OpenSpiel's random simulation
test, and an OpenSpiel algorithm plays a ludotheque game to the solver's value."""
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import ludotheque
from ludotheque.adapters.openspiel_game import DEFAULT_MAX_ACTIONS, register, register_all

RULESETS = [ri.name for ri in ludotheque.rulesets()]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_sim_test_passes(ruleset):
    name = register(ruleset)
    params = {"max_actions": 200} if ludotheque.load(ruleset).max_game_length() is None else {}
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_every_ruleset_registers_once_under_a_loadable_name():
    names = register_all()
    assert len(set(names)) == len(RULESETS) and register("oware") in names
    assert all(name in pyspiel.registered_names() for name in names)


def test_game_description_matches_the_protocol():
    puluc = pyspiel.load_game(register("puluc"))
    assert puluc.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert puluc.max_chance_outcomes() == 5 and puluc.max_game_length() == DEFAULT_MAX_ACTIONS
    state = puluc.new_initial_state()
    assert state.is_chance_node() and abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
    capped = pyspiel.load_game(register("oware?max_plies=50"))
    assert capped.max_game_length() == 50 and capped.num_distinct_actions() == 6
    s = capped.new_initial_state()
    s.apply_action(2)
    assert np.array_equal(s.observation_tensor(1), ludotheque.load("oware?max_plies=50")
                          .initial_state().apply(2).observation_tensor(1))


def test_the_cap_ends_an_uncapped_ruleset_as_a_draw():
    game = pyspiel.load_game(register("oware"), {"max_actions": 10})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.move_number() == 10 and state.returns() == [0.0, 0.0]


def test_openspiel_mcts_finds_a_winning_first_move_of_fanoron_telo():
    solved = ludotheque.load("fanorona/telo").solve()
    assert solved["value"] == 1
    winning = {move for move, value in solved["moves"].items() if value == 1}
    game = pyspiel.load_game(register("fanorona/telo"))
    state = game.new_initial_state()
    for seed in range(3):
        rng = np.random.RandomState(seed)
        bot = mcts.MCTSBot(game, 1.4, 1500, mcts.RandomRolloutEvaluator(1, rng),
                           random_state=rng, solve=True)
        assert state.action_to_string(bot.step(state)) in winning


def test_clone_copies_the_position_without_replaying_the_game(monkeypatch):
    game = pyspiel.load_game(register("oware/nam-nam"))
    state = game.new_initial_state()
    rng = random.Random(0)                              # a game that lasts 300 actions
    for _ in range(300):
        state.apply_action(state.ludo.random_action(rng))

    def refuse(self, action):
        raise AssertionError("the game was replayed")
    monkeypatch.setattr(ludotheque.State, "_apply_unchecked", refuse)
    twin = state.clone()
    assert twin.history() == state.history() and str(twin) == str(state)
    assert twin.ludo == state.ludo and twin.ludo.data is not state.ludo.data
    assert twin.legal_actions() == state.legal_actions() and twin.move_number() == 300
    monkeypatch.undo()
    twin.apply_action(twin.legal_actions()[0])          # the clone plays on, the original stays
    assert state.move_number() == 300 and twin.move_number() == 301
