"""Helpers of the Fanorona tests: complete turns (rules/fanorona.md section 8 counts turns)."""
from __future__ import annotations

import numpy as np

from ludotheque.core import State, load
from ludotheque.core.kernels import grow
from ludotheque.games.fanorona import kernels as K

_BUF = np.empty(1024, np.int64)


def turns(state: State) -> dict[str, State]:
    """Every complete turn from ``state``, by its text, with the state after it."""
    g = state.game
    result: dict[str, State] = {}
    for actions, after in g.complete_turns(state):
        text = g.turn_to_string(state, actions)
        assert text not in result, f"two turns written {text}"
        result[text] = after
    return result


def turn_set(state: State) -> set[str]:
    return set(turns(state))


def _leaves(spec, s: np.ndarray) -> list[np.ndarray]:
    mover = K.to_move(s, spec)
    res, stack = [], [s]
    while stack:
        x = stack.pop()
        if K.to_move(x, spec) != mover:
            res.append(x)
            continue
        n = K.legal(x, spec, _BUF)
        for a in _BUF[:n].tolist():
            t = x.copy()
            need = K.apply(t, spec, a)
            stack.append(grow(t, need) if need else t)
    return res


def turn_perft(game, s: np.ndarray, depth: int) -> int:
    """Perft in complete turns: one leaf per distinct sequence of decisions of a turn."""
    if depth == 0:
        return 1
    if K.to_move(s, game.spec) < 0:
        return 0
    leaves = _leaves(game.spec, s)
    if depth == 1:
        return len(leaves)
    return sum(turn_perft(game, t, depth - 1) for t in leaves)


def game(rid: str = "fanorona"):
    return load(rid)


def diagram(rid: str, text: str, to_move: int = 0, **kw) -> State:
    return load(rid).from_diagram(text, to_move, **kw)


# the positions of the worked examples Ex FA-1 (a step both approach and withdrawal) and
# Ex FA-3 (a chain), shared by several test files
EX_FA_1 = """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . O O G . O O . .
        2  . . . . . . . . .
        1  . . . . . . . . ."""
EX_FA_3 = """
    5  . . . . . . . . .
    4  . . O . . . . . .
    3  . . . . O . . . .
    2  O G . . O . . . .
    1  O . . . . . . . .
"""


def at(state, name):
    return ".GOgo"[state.data[K.BOARD + state.game.board.index(name)]]


def actions(state):
    return {state.move_to_string(a) for a in state.legal_actions()}
