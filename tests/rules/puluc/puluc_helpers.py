"""Shared helpers of the Puluc tests: positions from the spec's diagrams, moves as notation."""
import ludotheque
from ludotheque.games.puluc import kernels as K


def position(diagram: str, to_move: int = 0, ruleset: str = "puluc"):
    """The diagram's position at the throw of ``to_move``."""
    return ludotheque.load(ruleset).from_diagram(diagram, to_move)


def moves(state, throw: str | None = None) -> list[str]:
    """The legal actions (after ``throw`` if given), in notation, sorted."""
    if throw is not None:
        state = state.apply_move(throw)
    return sorted(state.move_to_string(a) for a in state.legal_actions())


def play(state, *texts: str):
    for t in texts:
        state = state.apply_move(t)
    return state


def unit(state, pos: int) -> str:
    """The unit at a field position, bottom to top, in diagram letters ('' = empty)."""
    return state.game._unit(state.data, pos)


def city(state, player: int) -> str:
    return state.game._city(state.data, player)


def removed(state) -> tuple[int, int]:
    return int(state.data[K.REM]), int(state.data[K.REM + 1])


def same(a: list[str], b: list[str]) -> bool:
    return sorted(a) == sorted(b)
