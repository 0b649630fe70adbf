"""Computer players. Every agent works on any ruleset through the protocol only.

Agent specs (``make_agent``), as the CLI, the arena and the web app write them:

- ``random``;
- ``greedy``: one action deep with the game's evaluation (ties broken at random);
- ``alphabeta`` (1 s a move), ``alphabeta:SECONDS``, ``alphabeta:dN`` (N actions deep),
  ``alphabeta:Nn`` (N nodes a move: as deep as that allows, the same on any machine);
- ``mcts`` (1 s a move), ``mcts:SECONDS``, ``mcts:Np`` (N playouts);
- ``easy``, ``medium``, ``hard``, ``expert``: the level's agent for the ruleset being played
  (table in `levels.py`).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TypeVar

from ..core.errors import IllegalActionError, quote
from ..core.game import State
from ..i18n import msg
from . import alphabeta, mcts


N = TypeVar("N", int, float)


class Agent:
    name = "agent"

    def choose(self, state: State) -> int:
        """An action to play in ``state``; IllegalActionError when the game is over."""
        raise NotImplementedError


def choices(state: State) -> list[int]:
    """The actions an agent chooses from: the legal ones, never none (a search of a finished
    game would have nothing to return)."""
    if state.is_terminal:
        raise IllegalActionError(msg("error.game_over_action"))
    return state.legal_actions()


@dataclass
class RandomAgent(Agent):
    seed: int = 0
    name: str = "random"
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, state: State) -> int:
        return self._rng.choice(choices(state))


@dataclass
class AlphaBetaAgent(Agent):
    """Iterative-deepening alpha-beta (expectimax at throws) with the game's evaluation; the
    transposition table is kept from move to move."""

    seconds: float | None = 1.0
    depth: int | None = None
    nodes: int | None = None
    seed: int = 0
    name: str = "alphabeta"
    table_bits: int = 20
    _table: alphabeta.Table | None = field(default=None, init=False, repr=False)
    _game: object = field(default=None, init=False, repr=False)

    def result(self, state: State) -> alphabeta.SearchResult:
        if self._table is None or self._game != state.game:
            self._table = alphabeta.Table(state.game.num_actions, self.table_bits)
            self._game = state.game
        return alphabeta.search(state, self.seconds, self.depth, self.nodes, self._table)

    def choose(self, state: State) -> int:
        legal = choices(state)
        if len(legal) == 1:
            return legal[0]
        return self.result(state).best


@dataclass
class GreedyAgent(Agent):
    """The best action one step ahead by the game's evaluation (a throw after the action is
    averaged); equal values are broken at random."""

    seed: int = 0
    name: str = "greedy"
    _rng: random.Random = field(init=False, repr=False)
    _table: alphabeta.Table | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, state: State) -> int:
        legal = choices(state)
        if len(legal) == 1:
            return legal[0]
        if self._table is None or self._table.hist.shape[1] < state.game.num_actions:
            self._table = alphabeta.Table(state.game.num_actions, 8)
        ranked = alphabeta.search(state, None, depth=1, exact=True, table=self._table).ranked
        top = ranked[0][1]
        return self._rng.choice([a for a, v in ranked if v >= top - 1e-9])


@dataclass(frozen=True)
class Decision:
    """A move of `MCTSAgent` and the search behind it."""

    action: int
    visits: dict[int, float]        # root visits, those of a kept subtree included
    new_visits: dict[int, float]    # the visits this move's playouts added
    playouts: int                   # this move's playouts (0: a forced action, no search)
    value: float                    # the root's mean return for the player to move (NaN: no search)


@dataclass
class MCTSAgent(Agent):
    """UCT with compiled random playouts; keeps its tree from one move to the next unless
    ``reuse`` is False."""

    playouts: int | None = None
    seconds: float | None = 1.0
    seed: int = 0
    name: str = "mcts"
    reuse: bool = True
    reused: int = field(default=0, init=False)      # searches that started from a kept tree
    _tree: mcts.Tree | None = field(default=None, init=False, repr=False)
    _played: int = field(default=-1, init=False, repr=False)

    def search(self, state: State) -> tuple[mcts.Tree, dict[int, float], int]:
        """This move's tree, the visits of the root's children it inherited from the kept
        tree, and this search's playouts."""
        t0 = time.perf_counter()
        tree = None
        if self.reuse and self._tree is not None:
            tree = self._tree.reuse(state, self._played)
            self.reused += tree is not None
        inherited = {a: v for a, v, _ in tree.root_children()} if tree is not None else {}
        before = int(tree.visits[0]) if tree is not None else 0
        self.seed += 1
        seconds = self.seconds
        if seconds is not None:            # looking for the kept tree counts against the budget
            seconds = max(0.1 * seconds, seconds - (time.perf_counter() - t0))
        tree = mcts.search(state, self.playouts, seconds, self.seed, tree=tree)
        return tree, inherited, int(tree.visits[0]) - before

    def choose(self, state: State) -> int:
        return self.decide(state).action

    def decide(self, state: State) -> Decision:
        """The most visited root action and the search behind it (the targets of
        self-play); a forced action is played without a search, with one visit."""
        legal = choices(state)
        if len(legal) == 1:
            return Decision(legal[0], {legal[0]: 1.0}, {legal[0]: 1.0}, 0, math.nan)
        tree, inherited, playouts = self.search(state)
        children = tree.root_children()
        a = max(children, key=lambda t: t[1])[0]
        self._tree, self._played = (tree, a) if self.reuse else (None, -1)
        visits = {action: v for action, v, _ in children}
        total = sum(visits.values())
        value = sum(v * mean for _, v, mean in children) / total if total else 0.0
        new = {action: v - inherited.get(action, 0.0) for action, v in visits.items()}
        return Decision(a, visits, new, playouts, value)


@dataclass
class LevelAgent(Agent):
    """A named level: the agent of `levels.LEVELS` for the ruleset of the first state seen."""

    level: str = "medium"
    seed: int = 0
    _agents: dict[str, Agent] = field(default_factory=dict, init=False, repr=False)

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.level

    def agent_for(self, game_id: str) -> Agent:
        from .levels import level_spec
        if game_id not in self._agents:
            self._agents[game_id] = make_agent(level_spec(game_id, self.level), self.seed)
        return self._agents[game_id]

    def choose(self, state: State) -> int:
        return self.agent_for(state.game.id).choose(state)


def make_agent(spec: str, seed: int = 0, default_seconds: float = 1.0) -> Agent:
    """An agent from its spec (see the module docstring); ``default_seconds`` is the time a
    move of ``mcts`` and ``alphabeta`` given without a budget."""
    from .levels import LEVEL_NAMES
    name, _, arg = spec.strip().partition(":")
    if name in LEVEL_NAMES and not arg:
        return LevelAgent(name, seed)
    if name == "random" and not arg:
        return RandomAgent(seed)
    if name == "greedy" and not arg:
        return GreedyAgent(seed)
    try:
        if name == "mcts":
            if not arg:
                return MCTSAgent(seconds=default_seconds, seed=seed)
            if arg.endswith("p"):
                return MCTSAgent(playouts=_budget(int(arg[:-1]), MAX_PLAYOUTS), seconds=None,
                                 seed=seed)
            return MCTSAgent(seconds=_budget(float(arg), MAX_SECONDS), seed=seed)
        if name == "alphabeta":
            if not arg:
                return AlphaBetaAgent(seconds=default_seconds, seed=seed)
            if arg.startswith("d"):
                return AlphaBetaAgent(seconds=None, depth=_budget(int(arg[1:]), MAX_DEPTH),
                                      seed=seed)
            if arg.endswith("n"):
                return AlphaBetaAgent(seconds=None, nodes=_budget(int(arg[:-1]), MAX_NODES),
                                      seed=seed)
            return AlphaBetaAgent(seconds=_budget(float(arg), MAX_SECONDS), seed=seed)
    except ValueError:
        pass
    raise ValueError(f"unknown agent {quote(spec)} (random, greedy, mcts, mcts:SECONDS, "
                     f"mcts:Np, alphabeta, alphabeta:SECONDS, alphabeta:dN, alphabeta:Nn, "
                     f"{', '.join(LEVEL_NAMES)}; at most {MAX_SECONDS:.0f} s, "
                     f"{MAX_PLAYOUTS:.0e} playouts, depth {MAX_DEPTH}, {MAX_NODES:.0e} nodes)")


# Upper bounds of a move's budget: beyond them a search would outlast any game (and a typo
# such as ``mcts:1e9`` would hang a terminal or an arena worker).
MAX_SECONDS = 3600.0
MAX_PLAYOUTS = 10**8
MAX_NODES = 10**10
MAX_DEPTH = 64


def _budget(x: N, limit: float) -> N:
    if not 0 < x <= limit:                # also refuses NaN
        raise ValueError("a budget is a positive number within its limit")
    return x
