"""Batch self-play: one agent plays both seats of many games, and every decision it makes is
kept as a training example in compressed ``.npz`` shards.

Game ``i`` of a run (0-based) plays with seed ``seed + i``: the agents of its two seats are
seeded from it (as in the arena), so are its throws and its random ``opening`` actions (drawn
as in `arena.opening_of`, different for each game while there are enough openings); the
opening's actions and the throws are not examples, but every game's actions, throws
included, are kept beside them, so that a shard replays. A run is reproducible with node- or
playout-budgeted agents (``mcts:Np``, ``alphabeta:dN``, ``alphabeta:Nn``, ``greedy``,
``random``): the same seed writes byte-identical shards, in this process, in a process pool
or on Ray.

Shard ``shard-00000.npz`` holds games ``0 .. games_per_shard - 1``, in game order; these
arrays have one row per decision:

- ``observation`` float32 ``(n, *game.observation_shape)``: `State.observation_tensor` of
  the player to act;
- ``mask`` bool ``(n, game.num_actions)``: the legal actions;
- ``action`` int32 ``(n,)``: the action played;
- ``visits`` float32 ``(n, game.num_actions)``, MCTS agents only: root visit counts (a forced
  action gets one visit, without a search). An agent that keeps its tree from move to move
  (``mcts``, the default) counts the visits the kept subtree had besides the new playouts:
  a searched row sums to the budget less one (the first playout expands the root) or more;
  with ``reuse=False`` (a fresh tree every move), to the budget less one;
- ``new_visits`` float32 ``(n, game.num_actions)``, MCTS agents only: the visits this move's
  playouts added (``visits`` less those of the kept subtree);
- ``playouts`` int32 ``(n,)``, MCTS agents only: this move's playouts (0 for a forced action);
- ``value`` float32 ``(n,)``, MCTS agents only: the search's mean return of the position for
  the player to move, in [-1, 1] (NaN for a forced action, not searched);
- ``player`` int8 ``(n,)``: the player who acted;
- ``outcome`` float32 ``(n,)``: that player's return at the end of the game, in [-1, 1]
  (0 for a draw and for a game cut at ``max_actions``);
- ``game`` int32 ``(n,)``: the game's number in the run;
- ``ply`` int32 ``(n,)``: the actions of the game before this decision (opening and throws
  included): the row's position is ``initial_state()`` after the game's first ``ply``
  ``history`` actions.

These have one row per action of every game, opening and throws included, in order:

- ``history`` int32 ``(m,)``: the action;
- ``history_chance`` bool ``(m,)``: whether it is a chance outcome (a throw of Puluc);
- ``history_game`` int32 ``(m,)``: its game's number.

And ``ruleset`` and ``agent``: 0-d strings.

``meta.json`` beside the shards describes the run.
"""
from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..core import registry
from ..core.game import CHANCE, Game, State
from .agents import Agent, LevelAgent, MCTSAgent, make_agent
from .arena import _draw_throw, opening_of
from .pool import run_calls

SHARD_PATTERN = "shard-*.npz"


@dataclass(frozen=True)
class GameExamples:
    """The examples of one game (rows as in a shard, without ``game``)."""

    number: int
    arrays: dict[str, np.ndarray]


def _searcher(agent: Agent, game: Game) -> Agent:
    return agent.agent_for(game.id) if isinstance(agent, LevelAgent) else agent


def records_visits(spec: str, ruleset: str) -> bool:
    """Whether the agent of ``spec`` searches with MCTS on ``ruleset`` (its examples then
    carry visit counts)."""
    return isinstance(_searcher(make_agent(spec), registry.load(ruleset)), MCTSAgent)


def play_game(ruleset: str, spec: str, number: int, run_seed: int, opening: int = 0,
              max_actions: int = 3000, seconds_per_move: float = 1.0,
              reuse: bool = True) -> GameExamples:
    """Game ``number`` of a run seeded ``run_seed``: its examples. ``reuse=False``: an MCTS
    agent searches a fresh tree every move."""
    game = registry.load(ruleset)
    seed = run_seed + number
    agents = [_searcher(make_agent(spec, seed, seconds_per_move), game),
              _searcher(make_agent(spec, seed + 7919, seconds_per_move), game)]
    for agent in agents:
        if isinstance(agent, MCTSAgent):
            agent.reuse = reuse
    state, actions, rng = opening_of(game, seed, opening, first_seed=run_seed if opening else None)
    with_visits = isinstance(agents[0], MCTSAgent)
    obs, masks, played, players, plies = [], [], [], [], []
    visits, new_visits, playouts, values = [], [], [], []
    for ply in range(len(actions), max_actions):
        if state.is_terminal:
            break
        p = state.current_player
        if p == CHANCE:
            state = state.apply(_draw_throw(state, rng))
            continue
        agent = agents[p]
        obs.append(state.observation_tensor(p))
        masks.append(state.legal_actions_mask())
        players.append(p)
        plies.append(ply)
        if isinstance(agent, MCTSAgent):
            decision = agent.decide(state)
            a = decision.action
            visits.append(_row(decision.visits, game.num_actions))
            new_visits.append(_row(decision.new_visits, game.num_actions))
            playouts.append(decision.playouts)
            values.append(decision.value)
        else:
            a = agent.choose(state)
        played.append(a)
        state = state.apply(a)
    returns = state.returns()
    start, history = state.history()
    n = len(played)
    arrays = {
        "observation": np.array(obs, np.float32).reshape(n, *game.observation_shape),
        "mask": np.array(masks, np.bool_).reshape(n, game.num_actions),
        "action": np.array(played, np.int32),
        "player": np.array(players, np.int8),
        "outcome": np.array([returns[p] for p in players], np.float32),
        "ply": np.array(plies, np.int32),
        "history": np.array(history, np.int32),
        "history_chance": np.array(_chance_flags(start, history), np.bool_),
    }
    if with_visits:
        arrays["visits"] = np.array(visits, np.float32).reshape(n, game.num_actions)
        arrays["new_visits"] = np.array(new_visits, np.float32).reshape(n, game.num_actions)
        arrays["playouts"] = np.array(playouts, np.int32)
        arrays["value"] = np.array(values, np.float32)
    return GameExamples(number, arrays)


def _row(counts: dict[int, float], num_actions: int) -> np.ndarray:
    row = np.zeros(num_actions, np.float32)
    row[list(counts)] = list(counts.values())
    return row


def _chance_flags(state: State, actions: list[int]) -> list[bool]:
    """Which of ``actions``, played from ``state``, are chance outcomes."""
    flags = []
    for a in actions:
        flags.append(state.is_chance_node)
        state = state.apply(a)
    return flags


def write_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """A compressed ``.npz`` that `numpy.load` reads, byte-identical for equal arrays
    (`numpy.savez_compressed` stamps each member with the time it was written)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, array in arrays.items():
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, np.asarray(array), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, buffer.getvalue())


def _shard(games: list[GameExamples], ruleset: str, spec: str) -> dict[str, np.ndarray]:
    keys = games[0].arrays.keys()
    out = {k: np.concatenate([g.arrays[k] for g in games]) for k in keys}
    out["game"] = np.concatenate([np.full(len(g.arrays["action"]), g.number, np.int32)
                                  for g in games])
    out["history_game"] = np.concatenate([np.full(len(g.arrays["history"]), g.number, np.int32)
                                          for g in games])
    out["ruleset"], out["agent"] = np.array(ruleset), np.array(spec)
    return out


def check_run(ruleset: str, agent: str, games: int, out: Path | str, jobs: int = 1,
              games_per_shard: int = 100, opening: int = 0, max_actions: int = 3000) -> Game:
    """The game of a run whose arguments are valid (RulesetError, ValueError otherwise)."""
    game = registry.load(ruleset)
    make_agent(agent)
    if games < 1 or jobs < 1 or games_per_shard < 1 or max_actions < 1 or not 0 <= opening < max_actions:
        raise ValueError("games, jobs, games per shard and max actions are at least 1, "
                         "the opening 0 or more and less than the max actions")
    if Path(out).is_dir() and any(Path(out).glob(SHARD_PATTERN)):
        raise ValueError(f"{out} already holds shards: write a new run into another folder")
    return game


def run(ruleset: str, agent: str, games: int, out: Path | str, seed: int = 1, jobs: int = 1,
        games_per_shard: int = 100, opening: int = 0, max_actions: int = 3000,
        seconds_per_move: float = 1.0, ray_address: str | None = None,
        on_game: Callable[[int], None] | None = None, reuse: bool = True) -> list[Path]:
    """Plays ``games`` games of ``agent`` against itself (in ``jobs`` processes, or as Ray
    tasks with ``ray_address``: see `pool`) and writes their shards into the folder ``out``,
    which must hold no shards yet; returns the shards' paths. ``on_game(number)`` is called
    as each game ends; ``reuse=False`` gives MCTS agents a fresh tree every move."""
    game = check_run(ruleset, agent, games, out, jobs, games_per_shard, opening, max_actions)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    calls = [(game.id, agent, i, seed, opening, max_actions, seconds_per_move, reuse)
             for i in range(games)]
    done: dict[int, GameExamples] = {}
    paths: list[Path] = []
    rows = 0
    for examples in run_calls(play_game, calls, jobs, ray_address):
        done[examples.number] = examples
        rows += len(examples.arrays["action"])
        if on_game:
            on_game(examples.number)
        # a shard is written as soon as all its games are in, in game order
        while True:
            first = len(paths) * games_per_shard
            numbers = range(first, min(first + games_per_shard, games))
            if not numbers or any(i not in done for i in numbers):
                break
            path = folder / f"shard-{len(paths):05d}.npz"
            write_npz(path, _shard([done.pop(i) for i in numbers], game.id, agent))
            paths.append(path)
    meta: dict[str, Any] = {
        "ruleset": game.id, "agent": agent, "games": games, "examples": rows, "seed": seed, "opening": opening,
        "max_actions": max_actions, "games_per_shard": games_per_shard,
        "observation_shape": list(game.observation_shape), "num_actions": game.num_actions,
        "visits": records_visits(agent, game.id), "reuse": reuse,
        "shards": [p.name for p in paths],
    }
    (folder / "meta.json").write_text(json.dumps(meta, indent=1), encoding="utf-8")
    return paths
