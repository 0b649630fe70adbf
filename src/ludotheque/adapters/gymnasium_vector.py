"""A Gymnasium `VectorEnv`: ``num_envs`` games of one ruleset in one compiled call, the learner
playing ``player`` against a batched ``opponent`` ("random", "greedy", "mcts" or "mcts:Np").

    >>> import gymnasium as gym
    >>> import ludotheque.adapters.gymnasium_env
    >>> envs = gym.make_vec("ludotheque/oware-v0", num_envs=1024,
    ...                     vectorization_mode="vector_entry_point")
    >>> obs, info = envs.reset(seed=0)
    >>> obs, rewards, terminated, truncated, info = envs.step(actions)

The spaces and encodings are those of `LudothequeEnv` batched: observations
``{"observation": (B, *shape) float32, "action_mask": (B, num_actions) int8}``, rewards the
learner's return when a game ends. Unlike `LudothequeEnv`, an illegal action raises
`IllegalActionError` (and changes nothing) rather than losing the game. A finished game starts
again at the next step (``metadata["autoreset_mode"]``: next step); ``info["env_actions"]``
holds the actions the environment played in each game in this step (throws and the opponent's
actions, then -1). The arrays returned are copies, as Gymnasium's own vector environments
give by default (``copy=True``); with ``copy=False`` they are the environment's buffers, which
the next step overwrites. See `ludotheque.vector.BatchedGames` for the rest.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..vector import Batch, BatchedGames
from ._common import observation_space


class LudothequeVectorEnv(VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, ruleset: str, num_envs: int, opponent: str = "random", player: int = 0,
                 max_actions: int | None = None, threads: int = 1, copy: bool = True) -> None:
        if opponent is None:
            raise ValueError("a vector environment plays against an opponent: 'random', "
                             "'greedy', 'mcts' or 'mcts:Np'")
        self.games = BatchedGames(ruleset, num_envs, opponent=opponent, player=player,
                                  threads=threads, max_actions=max_actions)
        self.game = self.games.game
        self.copy = copy
        self.num_envs = self.games.num_games
        self.render_mode = None
        self.single_observation_space = observation_space(self.game)
        self.single_action_space = spaces.Discrete(self.game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        batch = self.games.reset(seed)
        return self._observations(batch), {"env_actions": self._own(batch.env_actions)}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        batch = self.games.step(actions)
        rewards = batch.rewards[:, self.games.player].astype(np.float64)
        return (self._observations(batch), rewards, self._own(batch.terminated),
                self._own(batch.truncated), {"env_actions": self._own(batch.env_actions)})

    def _own(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _observations(self, batch: Batch) -> dict[str, np.ndarray]:
        assert batch.observations is not None
        # the bool mask seen as int8, the adapters' mask type
        return {"observation": self._own(batch.observations),
                "action_mask": self._own(batch.masks.view(np.int8))}
