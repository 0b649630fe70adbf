"""What the adapters share: the observation dict and chance sampling."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..core.game import Game, State


def observation_dict(state: State, player: int, acting: bool) -> dict[str, np.ndarray]:
    """``player``'s observation, with the legal-action mask when he is the one to act (an
    all-zero mask otherwise, as PettingZoo expects for an agent that does not act)."""
    mask = state.legal_actions_mask().astype(np.int8) if acting else np.zeros(
        state.game.num_actions, np.int8)
    return {"observation": state.observation_tensor(player), "action_mask": mask}


def observation_space(game: Game) -> Any:
    from gymnasium import spaces
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, game.observation_shape, np.float32),
        "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
    })


def resolve_chance(state: State, rng: np.random.Generator) -> tuple[State, int]:
    """Plays chance nodes with their exact probabilities until a player (or the end) is to
    move; returns the state and how many chance actions were played."""
    played = 0
    while state.is_chance_node:
        actions, probs = zip(*state.chance_outcomes())
        state = state.apply(int(rng.choice(actions, p=np.asarray(probs) / sum(probs))))
        played += 1
    return state, played
