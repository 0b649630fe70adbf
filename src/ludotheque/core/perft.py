"""Perft: counts of action sequences from a state, with a per-first-action "divide"."""
from __future__ import annotations

from .game import State


def perft(state: State, depth: int) -> int:
    """Number of action sequences of length ``depth`` with no terminal state before the end."""
    if depth == 0:
        return 1
    if state.is_terminal:
        return 0
    if depth == 1:
        return len(state.legal_actions())
    return sum(perft(state._apply_unchecked(a), depth - 1) for a in state.legal_actions())


def divide(state: State, depth: int) -> dict[str, int]:
    """perft(depth - 1) below each first action, by its notation (printed on a mismatch)."""
    return {state.move_to_string(a): perft(state._apply_unchecked(a), depth - 1)
            for a in state.legal_actions()}
