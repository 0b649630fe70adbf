"""Computer players. Every agent works on any ruleset through the protocol only."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core.game import State
from . import mcts


class Agent:
    name = "agent"

    def choose(self, state: State) -> int:
        raise NotImplementedError


@dataclass
class RandomAgent(Agent):
    seed: int = 0
    name: str = "random"
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, state: State) -> int:
        return self._rng.choice(state.legal_actions())


@dataclass
class MCTSAgent(Agent):
    playouts: int | None = None
    seconds: float | None = 1.0
    seed: int = 0
    name: str = "mcts"

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.seed += 1
        return mcts.best_action(state, self.playouts, self.seconds, self.seed)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """``random``, ``mcts`` (1 s a move), ``mcts:SECONDS`` or ``mcts:Np`` (N playouts)."""
    name, _, arg = spec.partition(":")
    if name == "random":
        return RandomAgent(seed)
    if name == "mcts":
        if not arg:
            return MCTSAgent(seed=seed)
        if arg.endswith("p"):
            return MCTSAgent(playouts=int(arg[:-1]), seconds=None, seed=seed)
        return MCTSAgent(seconds=float(arg), seed=seed)
    raise ValueError(f"unknown agent {spec!r} (random, mcts, mcts:SECONDS, mcts:Np)")
