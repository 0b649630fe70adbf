"""Protocol, registry and generic compiled loops. Knows no game."""
from .errors import IllegalActionError, LudoError, NotationError, RecordError, RulesetError, StateError
from .game import CHANCE, TERMINAL, Game, Outcome, State, Termination
from .registry import Option, RulesetInfo, load, register, rulesets

__all__ = [
    "CHANCE", "TERMINAL", "Game", "State", "Outcome", "Termination", "Option", "RulesetInfo",
    "load", "register", "rulesets", "LudoError", "RulesetError", "NotationError",
    "IllegalActionError", "RecordError", "StateError",
]
