"""Every ruleset registers as an OpenSpiel game that passes OpenSpiel's random simulation
test, and an OpenSpiel algorithm plays a ludotheque game to the solver's value."""
import os
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import ludotheque
from ludotheque.adapters.openspiel_game import DEFAULT_MAX_ACTIONS, register, register_all, short_name

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


def test_importing_the_adapter_registers_every_ruleset():
    # in a new interpreter: here the other tests have registered the rulesets already
    code = ("import pyspiel, ludotheque.adapters.openspiel_game\n"
            "print(pyspiel.load_game('ludotheque_oware_nam_nam').num_distinct_actions())\n"
            "print(' '.join(pyspiel.registered_names()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}).stdout
    actions, names = out.splitlines()
    assert int(actions) == ludotheque.load("oware/nam-nam").num_actions
    expected = {short_name(ludotheque.load(ri.name)) for ri in ludotheque.rulesets()}
    assert expected <= set(names.split()) and len(expected) == len(RULESETS)


@pytest.mark.parametrize("name, params, ruleset", [
    ("ludotheque_oware", {"grand_slam": "allow"}, "oware?grand_slam=allow"),
    ("ludotheque_oware", {"grand_slam": "lemery", "repetition": 2}, "oware?repetition=2"),
    ("ludotheque_fanorona_telo", {"extensions": "female", "female_first": "alone"},
     "fanorona/telo+female?female_first=alone"),
    ("ludotheque_konane", {"size": 6, "extensions": "knots+hummingbird"},
     "konane+hummingbird+knots?size=6"),
    ("ludotheque_puluc", {"zero": 6}, "puluc?zero=6"),
])
def test_ruleset_options_and_extensions_are_game_parameters(name, params, ruleset):
    game = pyspiel.load_game(name, params)
    expected = ludotheque.load(ruleset)
    assert game.ludo == expected and game.get_parameters()[next(iter(params))] == params[next(iter(params))]
    assert game.num_distinct_actions() == expected.num_actions
    state = game.new_initial_state()
    if not state.is_chance_node():
        assert np.array_equal(state.observation_tensor(0), expected.initial_state().observation_tensor(0))


def test_parameters_are_listed_with_the_registry_defaults():
    assert pyspiel.load_game("ludotheque_oware").get_parameters() == {
        "grand_slam": "lemery", "repetition": 3, "max_plies": 0, "max_actions": DEFAULT_MAX_ACTIONS}
    assert pyspiel.load_game("ludotheque_dara").get_parameters()["extensions"] == ""
    capped = pyspiel.load_game("ludotheque_oware(max_plies=40)")        # OpenSpiel's string form
    assert capped.max_game_length() == 40 and capped.ludo.id == "oware?max_plies=40"
    kept = pyspiel.load_game(register("oware?max_plies=50"))             # another id's defaults
    assert kept.get_parameters()["max_plies"] == 50 and kept.max_game_length() == 50


@pytest.mark.parametrize("name, params, message", [
    ("ludotheque_oware", {"grand_slam": "never"}, "grand_slam must be one of"),
    ("ludotheque_oware", {"repetition": 9}, "out of range"),
    ("ludotheque_konane", {"hummingbird_loss_at": 4}, r"needs the \+hummingbird extension"),
    ("ludotheque_dara", {"extensions": "dragons"}, "no extension 'dragons'"),
    ("ludotheque_oware", {"max_actions": 0}, "max_actions is at least 1"),
])
def test_bad_parameters_are_refused_with_the_registry_s_message(name, params, message):
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game(name, params)


def test_a_parameter_of_the_wrong_type_or_name_is_refused_by_openspiel():
    with pytest.raises(pyspiel.SpielError, match="Wrong type"):
        pyspiel.load_game("ludotheque_oware", {"repetition": "2"})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("ludotheque_oware", {"extensions": ""})     # Oware has none
