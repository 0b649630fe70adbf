"""Warm-up: compile (or load from the disk cache) everything a game needs before a person waits.

`warm(ruleset_id)` runs each compiled path a player can wait for once: the rules kernels
through the protocol, the notation, alpha-beta with the game's evaluation (greedy, the search
levels and the hints), and MCTS with its tree reuse where a level plays by it. What only
research and benchmarks run (random playouts alone, MCTS elsewhere) compiles on first use, into
the same cache. `warm_all` does it for every ruleset, one process per family of kernels on
``jobs`` cores (default: all of them). A cache file that cannot be read is deleted first (numba
would raise on it), and again if a ruleset's warm-up fails, before one more try: a corrupt
cache is rebuilt, never a crash. A cache of other sources is never read (see `jit`).
"""
from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import random
from typing import Callable, Iterable

from ..core import jit, registry
from ..core.game import Game
from . import alphabeta, mcts
from .levels import level_table

PLIES = 40      # actions of the random game played through the protocol


def ruleset_ids() -> list[str]:
    """Every ruleset, and every ruleset with each of its extensions (an extension may bring
    other compiled code: an evaluation of its own)."""
    ids = []
    for ri in registry.rulesets():
        ids.append(ri.name)
        ids.extend(f"{ri.name}+{e}" for e in ri.extensions)
    return ids


def warm(ruleset_id: str) -> None:
    """Compiles (or loads) every compiled function one ruleset uses."""
    prepare(registry.load(ruleset_id))


def prepare(game: Game) -> None:
    """Compiles (or loads from the cache) the compiled functions a player of ``game`` waits
    for: a short random game through the protocol, an alpha-beta search, and an MCTS search
    with its tree reuse if a level of the game plays by it."""
    uses_mcts = any(spec.startswith("mcts") for spec in level_table(game.id).values())
    rng = random.Random(0)
    state = game.initial_state(0)
    searched = False
    for _ in range(PLIES):
        if state.is_terminal:
            break
        state.observation()
        state.key()
        actions = state.legal_actions()
        if state.is_chance_node:
            state.chance_outcomes()
        elif not searched:
            alphabeta.search(state, seconds=None, depth=1)
            if uses_mcts:
                tree = mcts.search(state, playouts=32, seed=0)
                played = actions[0]
                tree.reuse(state.apply(played), played)
            searched = True
        a = rng.choice(actions)
        state.move_to_string(a)
        state = state.apply(a)
    state.outcome()
    if state.is_terminal:
        state.returns()


def _family(ruleset_id: str) -> str:
    """The module of a ruleset's kernels: rulesets that share it compile the same code."""
    return str(registry.load(ruleset_id).kernels.legal.py_func.__module__)


def _warm_group(ids: list[str]) -> list[str]:
    for rid in ids:
        try:
            warm(rid)
        except Exception:           # a file spoilt since the check: drop it, try once more
            jit.drop_unreadable()
            warm(rid)
    return ids


def warm_all(ids: Iterable[str] | None = None, jobs: int = os.cpu_count() or 1,
             progress: Callable[[str], None] | None = None) -> int:
    """Warms ``ids`` (default: `ruleset_ids`) on ``jobs`` processes, calling ``progress`` with
    each ruleset done. Returns the number of unreadable cache files deleted first."""
    dropped = jit.drop_unreadable()
    jit.touch()
    jit.prune()
    groups: dict[str, list[str]] = {}
    for rid in (ruleset_ids() if ids is None else list(ids)):
        groups.setdefault(_family(rid), []).append(rid)
    if jobs <= 1 or len(groups) == 1:
        for group in groups.values():
            for rid in _warm_group(group):
                if progress:
                    progress(rid)
        return dropped
    ctx = multiprocessing.get_context("spawn")      # no fork of a process that has threads
    with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        # the biggest families first, so that the last task to finish is a short one
        order = sorted(groups.values(), key=len, reverse=True)
        futures = [pool.submit(_warm_group, group) for group in order]
        for fut in cf.as_completed(futures):
            for rid in fut.result():
                if progress:
                    progress(rid)
    return dropped
