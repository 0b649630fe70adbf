"""The Kōnane family: `konane` (sizes 4..14) with `+hummingbird` and `+knots`."""
from . import konane  # noqa: F401
