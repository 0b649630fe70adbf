"""Hints and game analysis: ranked actions with values, mistakes and blunders of a record.

Values are for the player to move, in [-1, 1]: a heuristic value (alpha-beta with the game's
evaluation, or UCT's mean playout result where the game has none), or exactly ±1 for a
proven win or loss (``proven``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..core.game import CHANCE, State
from . import alphabeta, mcts
from .levels import level_spec

MISTAKE = 0.15     # value lost by a move, for the player who made it
BLUNDER = 0.35


@dataclass(frozen=True)
class Hint:
    action: int
    move: str
    value: float       # for the player to move, in [-1, 1]
    proven: bool       # a forced win (+1) or loss (-1) found by search


def uses_alphabeta(state: State) -> bool:
    """Whether the strongest level of this ruleset searches with alpha-beta (else UCT)."""
    return level_spec(state.game.id, "expert").startswith("alphabeta")


def best_actions(state: State, budget: float = 1.0, seed: int = 0,
                 nodes: int | None = None) -> list[Hint]:
    """Every legal action of ``state`` ranked best first, with its value, after ``budget``
    seconds of search, or ``nodes`` nodes (playouts for UCT) if given: the same ranking
    however busy the machine (the expert level's search method, all root values exact)."""
    if state.is_terminal or state.current_player == CHANCE:
        raise ValueError("hints need a state where a player is to move")
    seconds = None if nodes is not None else budget
    if uses_alphabeta(state):
        res = alphabeta.search(state, seconds=seconds, nodes=nodes, exact=True,
                               table=alphabeta.Table(state.game.num_actions, 18))
        return [Hint(a, state.move_to_string(a), _clip(v), abs(v) > 1.0) for a, v in res.ranked]
    children = mcts.search(state, playouts=nodes, seconds=seconds, seed=seed).root_children()
    children.sort(key=lambda t: (-t[1], -t[2]))
    return [Hint(a, state.move_to_string(a), v, False) for a, _, v in children]


def _clip(v: float) -> float:
    return max(-1.0, min(1.0, v))


@dataclass(frozen=True)
class MoveReview:
    number: int          # 1-based action index in the record
    player: int
    move: str
    before: float        # best value for the mover before the move
    after: float         # value of the move played, for the mover
    best: str            # the best move found
    mark: str            # "", "?" (mistake) or "??" (blunder)


def analyse(states: list[State], actions: Iterable[int], budget: float = 1.0,
            on_move: Callable[[], None] | None = None,
            nodes: int | None = None) -> list[MoveReview]:
    """Reviews every player's action of a game (throws are skipped) with `best_actions`
    (``budget`` seconds or ``nodes`` a move), calling ``on_move()`` after each."""
    out = []
    for i, (s, a) in enumerate(zip(states, actions), start=1):
        p = s.current_player
        if p == CHANCE:
            continue
        hints = best_actions(s, budget, seed=i, nodes=nodes)
        values = {h.action: h.value for h in hints}
        before, after = hints[0].value, values[a]
        loss = before - after
        mark = "??" if loss >= BLUNDER else "?" if loss >= MISTAKE else ""
        out.append(MoveReview(i, p, s.move_to_string(a), before, after, hints[0].move, mark))
        if on_move:
            on_move()
    return out
