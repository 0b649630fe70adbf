"""The Yoté family: Yoté (`yote`) and Choko (`yote/choko`), extensions +caravan, +routes."""
from . import yote  # noqa: F401
