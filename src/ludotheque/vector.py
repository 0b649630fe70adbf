"""Batched environments: B games of one ruleset stepped in one compiled call, arrays in and out.

    >>> from ludotheque.vector import BatchedGames
    >>> games = BatchedGames("oware", 1024)
    >>> batch = games.reset(seed=0)          # batch.observations (1024, 15), batch.masks (1024, 6)
    >>> batch = games.step(games.random_actions())

`BatchedGames` is the two-player form, for self-play: each step is one action of the player
to move in every game; the observations are from his side. With ``opponent``, played inside
the compiled loop, it is the single-agent form, the learner playing ``player``. The opponents:
"random"; "greedy" (one action ahead by the game's evaluation, ties drawn at random); "mcts"
(100 playouts a move) or "mcts:Np" (N playouts), the MCTS players' UCT (`ai.mcts`, the same
compiled iterations) with a new tree each move, playing its most visited action.
`LudothequeVectorEnv` is that form as a Gymnasium `VectorEnv`
(in `ludotheque.adapters.gymnasium_vector`; ``gym.make_vec("ludotheque/oware-v0",
num_envs=64, vectorization_mode="vector_entry_point")``).

The encodings are the per-state adapters' (`State.observation_tensor`, the legal-action mask,
the returns): both call the same compiled kernels. Chance (Puluc's throws) and the opponent are
played inside the step, drawing from each game's own generator seeded from `reset`'s seed and
the game's index (the MCTS opponent's playouts too), so the results do not depend on
``threads`` (numba's threads, sharing the games); the actions the environment played itself
are reported (`Batch.env_actions`). A game that ends is reported
once (rewards, ``terminated`` or ``truncated``) and starts again at the next step, whose action
for it is ignored (Gymnasium's "next step" autoreset).

The arrays are the environment's own buffers, written in place by the compiled code: the
next step (or `reset`) overwrites them, so copy what you keep (``batch.observations.copy()``);
torch and JAX take them without a copy through DLPack (``torch.from_dlpack(batch.masks)``).
``step(actions, observe=False)`` leaves the observations out (``batch.observations`` is None;
`observations` computes them when they are wanted): a search or a learner that reads them
only now and then saves their cost. Errors: ValueError for a bad argument or an action array
of the wrong shape or type, `IllegalActionError` (a ValueError) for an illegal action, naming
the game; nothing changes then.
"""
from __future__ import annotations

import os
import secrets
from contextlib import contextmanager, nullcontext
from typing import Any, Iterator, NamedTuple

import numba
import numpy as np

from .ai.agents import GreedyAgent, MCTSAgent, RandomAgent, make_agent
from .ai.alphabeta import compiled_search, game_evaluate
from .core.batched import (
    LOG_FULL, OPPONENT_GREEDY, OPPONENT_MCTS, OPPONENT_NONE, OPPONENT_RANDOM, ROOM, STEPPED,
)
from .core.errors import IllegalActionError
from .core.jit import bind
from .core.kernels import LEGAL_SLACK, MAX_ACTIONS_BUFFER
from .core.loops import compiled_loops
from .core.registry import load

__all__ = ["Batch", "BatchedGames", "LudothequeVectorEnv"]

# numba's OpenMP threads spin while they wait, by default: on a busy machine a threaded step
# then cost milliseconds (37 ms for an empty parallel loop on 2 cores at load 13, against 5 µs
# with passive waiting). Set before OpenMP starts, on the first threaded step; the user's
# own setting wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

MCTS_PLAYOUTS = 100      # the playouts of a move of opponent "mcts"
MAX_PLAYOUTS = 10**6
MAX_GAMES = 1 << 20
THREADED_GAMES = 256      # batches smaller than this run on one thread whatever ``threads``
LONG_ROW = 8              # a long row's first length, in start states


class Batch(NamedTuple):
    """What a reset or a step returns, one row per game."""

    observations: np.ndarray | None  # (B, *observation_shape) float32, from the learner's
                               # side, or the side of the player to move (player 0 at the end);
                               # None after ``step(actions, observe=False)``
    masks: np.ndarray          # (B, num_actions) bool: his legal actions (none at the end, or
                               # while the learner's opponent is to act)
    rewards: np.ndarray        # (B, 2) float32: both players' returns in the step a game ends
    terminated: np.ndarray     # (B,) bool: the game ended by its rules in this step
    truncated: np.ndarray      # (B,) bool: the game was cut at ``max_actions`` in this step
    to_play: np.ndarray        # (B,) int8: the player to move, or TERMINAL (-2)
    env_actions: np.ndarray    # (B, k) int64: the actions the environment played in this step
                               # (throws, the opponent's actions) in order, then -1


def _positive(name: str, value: object, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 1 <= value <= top:
        raise ValueError(f"{name} is an integer from 1 to {top}, not {value!r}")
    return int(value)


class BatchedGames:
    """``num_games`` games of ``ruleset`` stepped together (see the module's docstring).
    ``max_actions`` cuts a game after that many actions, the environment's included."""

    def __init__(self, ruleset: str, num_games: int, *, opponent: str | None = None,
                 player: int = 0, threads: int = 1, max_actions: int | None = None) -> None:
        self.game = game = load(ruleset)
        self.num_games = _positive("num_games", num_games, MAX_GAMES)
        cores: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        self.threads = _positive("threads", threads, cores)
        self.max_actions = (0 if max_actions is None
                            else _positive("max_actions", max_actions, 2**62))
        self._opponent_code, self._playouts = _opponent(opponent)
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"player is 0 or 1, not {player!r}")
        self.opponent, self.player = opponent, player
        self._learner = -1 if opponent is None else player
        if game.observer is None:
            raise ValueError(f"{game.id} has no compiled observation")
        self._observe, observation_length = game.observer
        # the loops are compiled on first use (and cached on disk), not at import
        evaluate = game_evaluate(game) or compiled_loops(game.kernels).rollout_value
        search = compiled_search(game.kernels)
        self._loops = bind("ludotheque.core.batched", **game.kernels._asdict(),
                           observe=self._observe, evaluate=evaluate,
                           mcts_iterate=search.iterate)
        self._start = game.initial_state().data
        self._log_width = 2 if (game.has_chance or opponent is not None) else 0
        # threads only pay for themselves on large batches (waking them costs more than
        # stepping a few games): smaller ones run on this thread, with the same results
        self._threaded = self.threads > 1 and self.num_games >= THREADED_GAMES
        self._run = self._loops.advance_threads if self._threaded else self._loops.advance
        # the outputs, written in place at every step
        B = self.num_games
        self._obs = np.zeros((B, observation_length), np.float32)
        self._observations = self._obs.reshape((B, *game.observation_shape))
        self._masks = np.zeros((B, game.num_actions), np.bool_)
        self._rewards = np.zeros((B, 2), np.float32)
        self._terminated, self._truncated = np.zeros(B, np.bool_), np.zeros(B, np.bool_)
        self._to_play = np.zeros(B, np.int8)
        self._all = np.ones(B, np.bool_)
        self._states: np.ndarray | None = None

    # -- the two calls -----------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> Batch:
        """Every game from the start; ``seed`` (an integer, or None for a random one) seeds
        the games' generators."""
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise ValueError(f"a seed is an integer or None, not {seed!r}")
        B = self.num_games
        self._states = np.zeros((B, self._start.shape[0]), np.int32)
        # the rows of the states that outgrew the start's array (see core.batched): memory
        # that only the long games touch
        self._long_rows = np.zeros((B, LONG_ROW * self._start.shape[0]), np.int32)
        self._moved = np.zeros(B, np.bool_)
        self._rng = self._loops.stream_words(int(seed) & (2**63 - 1), B)
        self._policy_rng = self._loops.stream_words(~int(seed) & (2**63 - 1), B)
        self._plies = np.zeros(B, np.int64)
        self._done = np.zeros(B, np.bool_)
        # the kernels write a game's legal actions straight into its row (core.batched)
        self._legal = np.zeros((B, min(self.game.num_actions + LEGAL_SLACK, MAX_ACTIONS_BUFFER)),
                               np.int64)
        self._nlegal = np.zeros(B, np.int64)
        self._needs = np.zeros(B, np.int64)
        self._log = np.full((B, self._log_width), -1, np.int64)
        self._nlog = np.zeros(B, np.int64)
        self._masks[:] = False
        self._bind_buffers()
        return self._advance(np.zeros(B, np.int64), restart_all=True, observe=True)

    def _bind_buffers(self) -> None:
        """The compiled call's array arguments and the two batches a step returns, made once
        for the buffers as they are (again when a buffer is replaced by a larger one): a
        step then costs Python a few microseconds less, a tenth of a step of 64 games."""
        self._head = (self._states, self._long_rows, self._moved, self._start, self.game.spec)
        self._tail = (self._rng, self._plies, self._done, self._legal, self._nlegal,
                      self._needs, self._log, self._nlog, self._obs, self._masks,
                      self._rewards, self._terminated, self._truncated, self._to_play)
        outputs = (self._masks, self._rewards, self._terminated, self._truncated,
                   self._to_play, self._log)
        self._batches = (Batch(None, *outputs), Batch(self._observations, *outputs))

    def step(self, actions: Any, observe: bool = True) -> Batch:
        """One action in every game: ``actions`` is an integer array of shape (B,); a game
        that ended at the previous step starts again instead (its action is ignored).
        ``observe`` False leaves the observations out (see `observations`)."""
        if self._states is None:
            raise ValueError("reset() comes before step()")
        a = np.asarray(actions)
        if a.dtype != np.int64 or a.shape != (self.num_games,):
            if a.shape != (self.num_games,) or a.dtype.kind not in "iu":
                raise ValueError(f"actions are an integer array of shape ({self.num_games},), "
                                 f"not {a.dtype} of shape {a.shape}")
            a = a.astype(np.int64)
        return self._advance(a, restart_all=False, observe=bool(observe))

    def observations(self) -> np.ndarray:
        """The games' observations as they are now, as a step gives them (in the same
        buffer): for the steps made with ``observe`` False."""
        if self._states is None:
            raise ValueError("reset() comes before observations()")
        self._loops.observe_all(self._states, self._long_rows, self._moved, self.game.spec,
                                self._learner, self._to_play, self._obs)
        return self._observations

    # -- batched players ---------------------------------------------------------------------
    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action in each game (0 in a game that just ended), drawn
        by generators of their own (seeded by `reset`)."""
        if self._states is None:
            raise ValueError("reset() comes before random_actions()")
        loops = self._loops
        actions: np.ndarray = loops.random_actions(self._legal, self._nlegal, self._policy_rng)
        return actions

    # -- the compiled call -------------------------------------------------------------------
    def _advance(self, actions: np.ndarray, restart_all: bool, observe: bool) -> Batch:
        assert self._states is not None
        B, active, start = self.num_games, self._all, True
        with _threads(self.threads) if self._threaded else _ONE_THREAD:
            while True:
                code = self._run(*self._head, start, restart_all, active, actions,
                                 self._learner, self._opponent_code, self._playouts,
                                 self.max_actions, observe, *self._tail)
                if code == STEPPED:
                    break
                if code != ROOM:
                    legal = np.flatnonzero(self._masks[code]).tolist()
                    raise IllegalActionError(f"game {code}: action {int(actions[code])} is not "
                                             f"legal (legal: {legal})")
                # games stopped for room: make it, and go on with those games
                needs = self._needs
                if (needs == LOG_FULL).any():
                    self._log = np.hstack([self._log,
                                           np.full((B, max(self._log.shape[1], 2)), -1, np.int64)])
                    self._log_width = self._log.shape[1]
                width = self._long_rows.shape[1]
                if needs.max() > width:
                    # the long rows made longer, and the games that need it moved there
                    moved, short = self._moved, self._states.shape[1]
                    grown = np.zeros((B, max(int(needs.max()), width * 5 // 4)), np.int32)
                    grown[moved, :width] = self._long_rows[moved]
                    moving = (needs > short) & ~moved
                    grown[moving, :short] = self._states[moving]
                    moved |= moving
                    self._long_rows = grown
                active, start = needs != 0, False
                needs[:] = 0
                self._bind_buffers()
        return self._batches[observe]


def _opponent(spec: str | None) -> tuple[int, int]:
    """The opponent's code and playouts a move (0 but for MCTS) from its spec: None,
    "random", "greedy", "mcts" or "mcts:Np" (N playouts), read as `make_agent` reads them."""
    if spec is None:
        return OPPONENT_NONE, 0
    if spec == "mcts":                  # a fixed budget: a time budget has no batched form
        return OPPONENT_MCTS, MCTS_PLAYOUTS
    try:
        agent = make_agent(spec) if isinstance(spec, str) else None
    except ValueError:
        agent = None
    if isinstance(agent, RandomAgent):
        return OPPONENT_RANDOM, 0
    if isinstance(agent, GreedyAgent):
        return OPPONENT_GREEDY, 0
    if isinstance(agent, MCTSAgent) and agent.playouts and agent.playouts <= MAX_PLAYOUTS:
        return OPPONENT_MCTS, agent.playouts
    raise ValueError(f"opponent is None, 'random', 'greedy', 'mcts' or 'mcts:Np' (N playouts "
                     f"a move, 1 to {MAX_PLAYOUTS:,}), not {spec!r}")


_ONE_THREAD = nullcontext()


@contextmanager
def _threads(n: int) -> Iterator[None]:
    """numba's thread count set to ``n`` for the calls inside."""
    before = numba.get_num_threads()
    numba.set_num_threads(n)
    try:
        yield
    finally:
        numba.set_num_threads(before)


def __getattr__(name: str) -> Any:
    # the Gymnasium form needs gymnasium (an optional dependency): imported when asked for
    if name == "LudothequeVectorEnv":
        from .adapters.gymnasium_vector import LudothequeVectorEnv
        return LudothequeVectorEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
