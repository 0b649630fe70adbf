"""Protocol, registry and generic compiled loops. Knows no game."""
from .jit import compile_for_types, use_cache_dir

# before the first compiled function is defined (kernels.py, imported by game.py below): a
# function's cache folder is chosen when it is defined
use_cache_dir()
compile_for_types()
from .errors import (  # noqa: E402
    IllegalActionError, LudoError, NotationError, RecordError, RulesetError, StateError,
)
from .game import CHANCE, TERMINAL, Game, Outcome, State, Termination  # noqa: E402
from .registry import Option, RulesetInfo, load, register, rulesets  # noqa: E402

__all__ = [
    "CHANCE", "TERMINAL", "Game", "State", "Outcome", "Termination", "Option", "RulesetInfo",
    "load", "register", "rulesets", "LudoError", "RulesetError", "NotationError",
    "IllegalActionError", "RecordError", "StateError",
]
