"""Game records (JSON and text) and the SQLite store of saved games."""
from .record import GameRecord

__all__ = ["GameRecord"]
