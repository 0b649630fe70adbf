"""Game records (JSON and text) and the store of saved games (SQLite or PostgreSQL)."""
from .record import GameRecord

__all__ = ["GameRecord"]
