"""The Dara family: `dara` (6x5) and `dara/dala` (6x6), with `+heroes` and `+hut`."""
from . import dara  # noqa: F401
