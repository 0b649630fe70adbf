"""The random-playout loops of a game, compiled with its kernels bound in (see `jit.bind`)."""
from __future__ import annotations

from types import ModuleType

from .jit import bind
from .kernels import Kernels


def compiled_loops(kernels: Kernels) -> ModuleType:
    """The module of `playouts.py` bound to ``kernels``: ``playout``, ``random_playouts``,
    ``rollout_value``."""
    return bind("ludotheque.core.playouts", **kernels._asdict())
