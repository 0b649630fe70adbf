"""The foundation's MCTS player plays whole Nam-Nam and Omweso games (issue: the mancala family)."""
import random

import pytest

import ludotheque
from ludotheque.ai import MCTSAgent, RandomAgent


@pytest.mark.parametrize("ruleset", ["oware/nam-nam", "oware/omweso"])
def test_mcts_plays_full_games_to_the_end(ruleset):
    game = ludotheque.load(ruleset)
    for seat in (0, 1):
        agents = [RandomAgent(seat), RandomAgent(seat + 7)]
        agents[seat] = MCTSAgent(playouts=40, seconds=None, seed=seat)
        state = game.initial_state()
        while not state.is_terminal:
            a = agents[state.current_player].choose(state)
            assert a in state.legal_actions()
            state = state.apply(a)
        assert state.outcome() is not None and sum(state.returns()) == 0
