"""ludotheque: traditional board games of Africa and the Americas.

    >>> import ludotheque
    >>> game = ludotheque.load("oware")
    >>> state = game.initial_state().apply_move("C")
"""
from .core import (
    CHANCE, TERMINAL, Game, IllegalActionError, LudoError, NotationError, Outcome, RecordError,
    RulesetError, State, StateError, Termination, load, rulesets,
)

__version__ = "0.1.0"
__all__ = [
    "CHANCE", "TERMINAL", "Game", "State", "Outcome", "Termination", "load", "rulesets",
    "LudoError", "RulesetError", "NotationError", "IllegalActionError", "RecordError", "StateError",
]
