"""The Fanorona family: Fanoron-Tsivy (`fanorona`), Vela, Telo, Dimy; +female, +tamarins."""
from . import fanorona  # noqa: F401
