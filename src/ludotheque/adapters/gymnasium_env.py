"""A Gymnasium single-agent environment: one ruleset, played against a ludotheque agent.

    >>> from ludotheque.adapters.gymnasium_env import LudothequeEnv
    >>> e = LudothequeEnv("oware", opponent="random", player=0)
    >>> obs, info = e.reset(seed=0)

The learner plays ``player`` (0 or 1); ``opponent`` is an agent spec of
`ludotheque.ai.make_agent` ("random", "greedy", a level name such as "easy", "mcts:0.2"...),
seeded from `reset`'s seed. Observations are ``{"observation", "action_mask"}`` as in the
PettingZoo environment; a step is one of the learner's actions, after which the opponent's
actions and chance nodes are played until the learner is to act again or the game ends. The
reward is the learner's return at the end (+1 / -1 / 0). An illegal action ends the episode
as a loss (reward -1, ``info["illegal_action"]``), as pgx does, so masked and unmasked
learners can both use the environment. ``max_actions`` truncates long games.

Importing the module registers every ruleset with Gymnasium as ``ludotheque/NAME-v0``, NAME
being the ruleset id with every other character than a-z and 0-9 as ``_`` (as the OpenSpiel
names): ``gym.make("ludotheque/oware-v0")``, ``gym.make("ludotheque/oware_nam_nam-v0",
opponent="easy", player=1)``; ``gym.make("ludotheque.adapters.gymnasium_env:ludotheque/oware-v0")``
imports it first; ``gym.make_vec(ID, num_envs=B, vectorization_mode="vector_entry_point")``
makes the batched `LudothequeVectorEnv` (`ludotheque.adapters.gymnasium_vector`). `register`
registers any other ruleset id (options, extensions) and returns its Gymnasium id.
"""
from __future__ import annotations

import re
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..ai.agents import make_agent
from ..core.registry import load, rulesets
from ._common import observation_dict, observation_space, resolve_chance


class LudothequeEnv(gym.Env):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, ruleset: str, opponent: str = "random", player: int = 0,
                 max_actions: int | None = None, render_mode: str | None = None) -> None:
        if player not in (0, 1):
            raise ValueError(f"player is 0 or 1, not {player!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        make_agent(opponent)                              # a bad spec fails here, not at reset
        self.game = load(ruleset)
        self.opponent_spec = opponent
        self.player = player
        self.max_actions = max_actions if max_actions is not None else self.game.max_game_length()
        self.render_mode = render_mode
        self.observation_space = observation_space(self.game)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.state = self.game.initial_state()

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.opponent = make_agent(self.opponent_spec, seed=int(self.np_random.integers(2**31)))
        self.state = self.game.initial_state(seed)
        self.actions_played = 0
        self._play_others()
        return self._observation(), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if int(action) not in self.state.legal_actions():
            return self._observation(), self.game.min_utility(), True, False, {"illegal_action": True}
        self.state = self.state.apply(int(action))
        self.actions_played += 1
        self._play_others()
        terminated = self.state.is_terminal
        reward = self.state.returns()[self.player] if terminated else 0.0
        truncated = (not terminated and self.max_actions is not None
                     and self.actions_played >= self.max_actions)
        return self._observation(), reward, terminated, truncated, {}

    def _play_others(self) -> None:
        """Chance and the opponent act until the learner is to act or the game is over."""
        while not self.state.is_terminal and self.state.current_player != self.player:
            if self.max_actions is not None and self.actions_played >= self.max_actions:
                return
            self.state, chance = resolve_chance(self.state, self.np_random)
            self.actions_played += chance
            if not self.state.is_terminal and self.state.current_player != self.player:
                self.state = self.state.apply(self.opponent.choose(self.state))
                self.actions_played += 1

    def _observation(self) -> dict[str, np.ndarray]:
        acting = self.state.current_player == self.player
        return observation_dict(self.state, self.player, acting)

    def render(self) -> str | None:
        return self.state.to_text() if self.render_mode == "ansi" else None


def env_id(ruleset: str) -> str:
    """The Gymnasium id of ``ruleset``: ``ludotheque/``, its canonical id with every other
    character than a-z and 0-9 as ``_``, ``-v0``."""
    return "ludotheque/" + re.sub(r"[^a-z0-9]+", "_", load(ruleset).id).strip("_") + "-v0"


def register(ruleset: str) -> str:
    """Registers ``ruleset`` with Gymnasium (once) and returns its id; ``gym.make`` then
    takes the other arguments of `LudothequeEnv` as keywords."""
    game = load(ruleset)
    name = env_id(game.id)
    spec = gym.registry.get(name)
    if spec is None:
        gym.register(name, entry_point=f"{__name__}:LudothequeEnv", kwargs={"ruleset": game.id},
                     vector_entry_point="ludotheque.adapters.gymnasium_vector:LudothequeVectorEnv")
    elif spec.kwargs.get("ruleset") != game.id:     # two ids that differ only in punctuation
        raise ValueError(f"{name} is already the Gymnasium id of {spec.kwargs.get('ruleset')}")
    return name


def register_all() -> list[str]:
    """Registers every ruleset of the registry (default options and extensions)."""
    return [register(ri.name) for ri in rulesets()]


register_all()
