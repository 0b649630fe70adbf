"""A PettingZoo AEC environment for any ruleset.

    >>> from ludotheque.adapters.pettingzoo_env import env
    >>> e = env("fanorona/telo")
    >>> e.reset(seed=1)

`env` wraps the environment as PettingZoo's classic games are (`TerminateIllegalWrapper`: an
illegal action ends the game, -1 for the agent who played it, 0 for the other;
`AssertOutOfBoundsWrapper`: an action outside the action space is an AssertionError;
`OrderEnforcingWrapper`: no step or observation before `reset`); `raw_env` is the
environment's class, unwrapped (an illegal action raises `IllegalActionError` and changes
nothing), picklable as PettingZoo's are (`EzPickle`). ``metadata["name"]`` is
``ludotheque_`` and the ruleset id as in OpenSpiel, with ``_v0``; ``render_mode`` "ansi"
makes `render` return the position as text, "human" prints it. The position is
``e.unwrapped.game_state`` (a `State`); ``state()`` is PettingZoo's global-state method, which
these games, like PettingZoo's classic ones, do not provide.

Agents ``player_0`` and ``player_1``. An observation is ``{"observation": float32 tensor in
[0, 1] from that agent's side, "action_mask": int8 vector over the game's actions}``. A turn
made of several actions (a capture chain, a removal after a line) is several steps of the same
agent: `agent_selection` stays on it. Chance nodes (Puluc's throws) are played inside `step`
and `reset` with the environment's seeded generator. Rewards are the game's returns (+1 / -1 /
0) at the end; ``max_actions`` truncates a game after that many actions (chance included).
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np
import gymnasium
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core.errors import IllegalActionError
from ..core.registry import load
from ._common import observation_dict, observation_space, resolve_chance

AGENTS = ["player_0", "player_1"]


class LudothequeAEC(AECEnv, EzPickle):  # type: ignore[misc]
    metadata = {"render_modes": ["human", "ansi"], "name": "ludotheque_v0",
                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, ruleset: str, max_actions: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        EzPickle.__init__(self, ruleset, max_actions, render_mode)
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode is None, 'human' or 'ansi', not {render_mode!r}")
        self.game = load(ruleset)
        # one class for every ruleset: each environment names its game
        self.metadata = {**self.metadata, "name": f"ludotheque_{_name(self.game.id)}_v0"}
        self.max_actions = max_actions if max_actions is not None else self.game.max_game_length()
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {a: observation_space(self.game) for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(self.game.num_actions) for a in AGENTS}
        self.np_random, _ = seeding.np_random(None)
        self.game_state = self.game.initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.game_state, self.num_actions_played = resolve_chance(self.game.initial_state(seed),
                                                             self.np_random)
        self._after_action()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = AGENTS.index(agent)
        return observation_dict(self.game_state, player, player == self.game_state.current_player)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} is to act: None is not an action")
        self._cumulative_rewards[agent] = 0.0
        self.game_state = self.game_state.apply(int(action))    # IllegalActionError: no change
        self.game_state, chance = resolve_chance(self.game_state, self.np_random)
        self.num_actions_played += 1 + chance
        self._after_action()
        self._accumulate_rewards()

    def _after_action(self) -> None:
        state = self.game_state
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_terminal:
            returns = state.returns()
            self.rewards = {a: float(returns[AGENTS.index(a)]) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = self.agents[0]
        else:
            if self.max_actions is not None and self.num_actions_played >= self.max_actions:
                self.truncations = {a: True for a in self.agents}
            self.agent_selection = AGENTS[state.current_player]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = self.game_state.to_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _name(ruleset_id: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", ruleset_id).strip("_")


#: the environment unwrapped, as PettingZoo's classic games name their class
raw_env = LudothequeAEC


def env(ruleset: str, max_actions: int | None = None, render_mode: str | None = None) -> AECEnv:
    """`raw_env` in PettingZoo's wrappers for classic games: an illegal action loses, actions
    within the action space, calls in order."""
    wrapped = wrappers.TerminateIllegalWrapper(raw_env(ruleset, max_actions, render_mode),
                                               illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))
