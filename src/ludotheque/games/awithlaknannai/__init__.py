"""The Awithlaknannai family: the LUDOS base game, `awithlaknannai/lemery`,
`awithlaknannai/serpents` (37 points), `awithlaknannai/classic`, extension +shaman."""
from . import awithlaknannai  # noqa: F401
