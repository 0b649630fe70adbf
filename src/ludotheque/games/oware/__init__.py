"""The Oware family: Abapa (`oware`)."""
from . import abapa  # noqa: F401
