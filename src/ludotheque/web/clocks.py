"""Clocks: time controls kept by the server.

The server's time is the truth. A game's clock holds each player's time left as of the moment
the running clock started (``started``, server time), so any process computes the time left
now from the store alone, and a restarted server finds every clock where it was. The page only
shows these figures, counting down between messages.

- Fischer clocks (``"5+3"``: 5 minutes, 3 seconds added when a player's turn ends).
- Correspondence (``{"days": 3}``): each turn a player has that many days.

A clock runs for a person to move once both seats are taken; the computer's time and pending
throws are not counted. A player whose time runs out loses, or draws when the other side
cannot win any more (`ludotheque.core.game.Game.can_win`). `FlagTimer` wakes at the earliest
deadline, so a flag falls with no message from anyone.
"""
from __future__ import annotations

import asyncio
import heapq
import math
import re
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from ..core.errors import LudoError
from ..i18n import msg

MIN_BASE = 30            # seconds: a time control has from half a minute...
MAX_BASE = 3 * 3600      # ...to three hours
MAX_INC = 180            # seconds added a turn at most
MAX_DAYS = 14            # correspondence: 1 to 14 days a move
DAY = 86400
_MINUTES = re.compile(r"(\d{1,3}(?:\.\d{1,2})?)\+(\d{1,3})")


class ClockError(LudoError):
    """A clock setting out of range, or not a clock setting."""


def _refused() -> ClockError:
    return ClockError(msg("srv.clockRange", min=MIN_BASE, max=MAX_BASE // 60, inc=MAX_INC, days=MAX_DAYS))


@dataclass
class Clock:
    base: float              # seconds each player starts with (a period, in correspondence)
    inc: float               # seconds added to a player when his turn ends
    days: int | None         # correspondence: days per move, else None
    left: list[float]        # seconds left to each seat when its clock last stopped
    running: int | None      # the seat whose time runs, or None
    started: float           # server time when the running clock started

    @classmethod
    def setting(cls, value: Any, now: float) -> "Clock | None":
        """The clock a new game asks for: None (or "none") for no clock, ``"M+S"`` (minutes
        plus seconds a turn), ``{"base": s, "inc": s}`` or ``{"days": N}``. ClockError for
        anything else or out of range; nothing runs until `switch`."""
        if value is None or value == "none":
            return None
        base: Any
        inc: Any = 0
        days: Any = None
        if isinstance(value, str) and (m := _MINUTES.fullmatch(value)):
            base, inc = float(m[1]) * 60, int(m[2])
        elif isinstance(value, dict) and set(value) == {"days"}:
            days = value["days"]
            if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_DAYS:
                raise _refused()
            base = days * DAY
        elif isinstance(value, dict) and set(value) in ({"base"}, {"base", "inc"}):
            base, inc = value["base"], value.get("inc", 0)
        else:
            raise _refused()
        if any(isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x) for x in (base, inc)):
            raise _refused()
        if days is None and not (MIN_BASE <= base <= MAX_BASE and 0 <= inc <= MAX_INC):
            raise _refused()
        return cls(float(base), float(inc), days, [float(base), float(base)], None, now)

    def left_at(self, now: float) -> list[float]:
        """Each seat's seconds left at server time ``now`` (negative once a flag has fallen)."""
        out = list(self.left)
        if self.running is not None:
            out[self.running] -= now - self.started
        return out

    def deadline(self) -> float | None:
        """Server time when the running clock runs out (None when no clock runs)."""
        return None if self.running is None else self.started + self.left[self.running]

    def fallen(self, now: float) -> bool:
        """Whether the running clock has run out (the timer's own test: no rounding apart)."""
        deadline = self.deadline()
        return deadline is not None and now >= deadline

    def switch(self, seat: int | None, now: float, turn_ended: bool) -> None:
        """Stops the running clock (charging its time; the increment when its player's turn
        ended by a move) and starts ``seat``'s (a fresh period in correspondence)."""
        if self.running is not None:
            self.left[self.running] -= now - self.started
            if turn_ended:
                self.left[self.running] += self.inc
        if seat is not None and self.days:
            self.left[seat] = self.days * DAY
        self.running, self.started = seat, now

    def row(self) -> dict[str, Any]:
        """What the store keeps (`ludotheque.records.sqlstore.SqlStore.save_clock`)."""
        return {"base": self.base, "inc": self.inc, "days": self.days, "left": list(self.left),
                "running": self.running, "started": self.started}

    def fields(self, now: float) -> dict[str, Any]:
        """The snapshot's fields: ``clock`` (time left now, never below 0), ``days``, ``deadline``."""
        return {"clock": {"base": self.base, "inc": self.inc, "left": [max(0.0, x) for x in self.left_at(now)],
                          "running": self.running, "now": now},
                "days": self.days, "deadline": self.deadline()}


NO_CLOCK: dict[str, Any] = {"clock": None, "days": None, "deadline": None}


class FlagTimer:
    """Awaits ``on_due(game_id)`` when a game's deadline (server time, from ``now``) has come.
    One task for every game (`run`): a heap of deadlines, woken early when a nearer one is
    armed. `check` does the same once, at once: a test that moved an injected clock awaits it."""

    def __init__(self, now: Callable[[], float], on_due: Callable[[str], Awaitable[None]]) -> None:
        self.now, self.on_due = now, on_due
        self.deadlines: dict[str, float] = {}     # game id -> its armed deadline
        self._heap: list[tuple[float, str]] = []  # may hold replaced deadlines: skipped when popped
        self._wake: asyncio.Event | None = None    # made in `run`, on the server's event loop

    def arm(self, game_id: str, deadline: float | None) -> None:
        """Watches ``game_id``'s new deadline (None: no clock runs any more)."""
        if deadline is None:
            self.deadlines.pop(game_id, None)
            return
        if self.deadlines.get(game_id) == deadline:
            return
        self.deadlines[game_id] = deadline
        if len(self._heap) > 2 * len(self.deadlines) + 64:    # drop the replaced entries
            self._heap = [(d, g) for g, d in self.deadlines.items()]
            heapq.heapify(self._heap)
        else:
            heapq.heappush(self._heap, (deadline, game_id))
        if self._heap[0] == (deadline, game_id):               # the nearest: sleep less
            self.wake()

    def wake(self) -> None:
        if self._wake is not None:
            self._wake.set()

    async def check(self) -> None:
        """Hands every game whose deadline has come to ``on_due``, and waits for them."""
        now, due = self.now(), []
        while self._heap and self._heap[0][0] <= now:
            deadline, game_id = heapq.heappop(self._heap)
            if self.deadlines.get(game_id) == deadline:
                del self.deadlines[game_id]
                due.append(self.on_due(game_id))
        await asyncio.gather(*due)

    async def run(self) -> None:
        self._wake = asyncio.Event()
        while True:
            self._wake.clear()
            await self.check()
            timeout = self._heap[0][0] - self.now() if self._heap else None
            try:
                await asyncio.wait_for(self._wake.wait(), timeout)
            except TimeoutError:
                pass
