"""The Oware family: Abapa (`oware`)."""
from . import abapa  # noqa: F401
from . import nam_nam, omweso  # noqa: F401
