"""A saved game as the store (`ludotheque.records.sqlstore.SqlStore`) keeps it."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .record import GameRecord


@dataclass
class StoredGame:
    id: str
    ruleset: str
    mode: str
    tokens: list[str]
    players: list[str]
    seed: int
    level: str = ""
    ai_seat: int | None = None
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    ended: dict[str, Any] | None = None
    draw_offer: int | None = None
    actions: list[int] = field(default_factory=list)
    # tables
    player_ids: list[str | None] = field(default_factory=lambda: [None, None])
    rated: bool = False
    open_table: bool = False
    rematch: dict[str, Any] | None = None
    takeback: dict[str, Any] | None = None

    def record(self) -> GameRecord:
        date = time.strftime("%Y.%m.%d", time.gmtime(self.created))
        tags = {"Ended": self.ended["reason"]} if self.ended else {}
        return GameRecord(self.ruleset, list(self.actions), list(self.players), date,
                          event="ludotheque serve", tags=tags)
