"""Kōnane's batched step (its `fast_step`) against the per-state API on the variants and sizes
the vector tests' parity run (plain 8x8 Kōnane) does not reach: Hummingbirds, knots, and the
14x14 board, whose actions outnumber the 1,024 of a game's legal-action row."""
import numpy as np
import pytest

from ludotheque.vector import BatchedGames


@pytest.mark.parametrize("ruleset", [
    "konane+hummingbird+knots?size=6",
    "konane+hummingbird+knots?size=14&hummingbird_step=single&hummingbird_loss_at=20",
    "konane+knots?size=4",
])
def test_batched_variants_are_the_per_state_games(ruleset):
    env = BatchedGames(ruleset, 3)
    game = env.game
    batch = env.reset(seed=5)
    states = [game.initial_state() for _ in range(3)]
    finished = 0
    for step in range(250):
        for b, state in enumerate(states):
            side = max(state.current_player, 0)
            np.testing.assert_array_equal(batch.observations[b], state.observation_tensor(side))
            mask = (np.zeros(game.num_actions, bool) if state.is_terminal
                    else state.legal_actions_mask())
            np.testing.assert_array_equal(batch.masks[b], mask)
            assert batch.to_play[b] == state.current_player
            assert tuple(batch.rewards[b]) == state.returns()
        ended = batch.terminated.copy()
        finished += int(ended.sum())
        actions = env.random_actions()
        batch = env.step(actions)
        states = [game.initial_state() if ended[b] else state.apply(int(actions[b]))
                  for b, state in enumerate(states)]
    assert finished >= 3
