"""Bounded caches of the app: the games held in memory (`Manager.sessions`) are a cache of the
store, of at most ``capacity`` games; the least recently used go first, and reload from the
store on the next request. A game in use (an open socket, a computer's turn, a change under
way) is never dropped: it stays, beyond the bound if need be, until it is no longer in use.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import MutableMapping
from typing import Any, Callable, Generic, Iterator, TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: games kept in memory by default: a few MB each at most (their positions, their moves)
MAX_LIVE = 2000


class LRU(MutableMapping[K, V], Generic[K, V]):
    """A mapping of at most ``capacity`` entries besides the ``pinned`` ones: adding one past
    the bound drops the least recently used (read or written) entry that is not pinned.
    Thread-safe: the event loop reads while worker threads load games."""

    def __init__(self, capacity: int, pinned: Callable[[V], bool] = lambda v: False) -> None:
        if capacity < 1:
            raise ValueError("a cache holds at least one entry")
        self.capacity = capacity
        self.pinned = pinned
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def _shrink(self) -> None:
        # each pass drops the oldest entry or, if it is pinned, moves it to the end (it is in
        # use: recently used); a full turn of pinned entries stops it
        for _ in range(len(self._items)):
            if len(self._items) <= self.capacity:
                return
            key, value = next(iter(self._items.items()))
            if self.pinned(value):
                self._items.move_to_end(key)
            else:
                del self._items[key]

    def __getitem__(self, key: K) -> V:
        with self._lock:
            value = self._items[key]
            self._items.move_to_end(key)
            return value

    def get(self, key: K, default: V | None = None) -> V | None:  # type: ignore[override]
        with self._lock:
            if key not in self._items:
                return default
            self._items.move_to_end(key)
            return self._items[key]

    def __setitem__(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            self._shrink()

    def setdefault(self, key: K, default: V) -> V:
        """The entry if there is one (a thread loading the same game first), else ``default``."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
            self._items[key] = default
            self._shrink()
            return default

    def __delitem__(self, key: K) -> None:
        with self._lock:
            del self._items[key]

    def pop(self, key: K, *default: Any) -> Any:
        with self._lock:
            return self._items.pop(key, *default)

    def __contains__(self, key: object) -> bool:      # a look, not a use: the order stays
        with self._lock:
            return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        with self._lock:
            return iter(list(self._items))

    # snapshots, least recently used first: reading them is not a use
    def values(self) -> list[V]:                       # type: ignore[override]
        with self._lock:
            return list(self._items.values())

    def items(self) -> list[tuple[K, V]]:              # type: ignore[override]
        with self._lock:
            return list(self._items.items())


def in_use(session: Any) -> bool:
    """A live game that must stay in memory: sockets are open on it, the computer is playing
    its turn, or a change holds its lock."""
    return bool(session.sockets_seats) or session.ai_busy or session.lock.locked()


def live_games(capacity: int = MAX_LIVE) -> LRU[str, Any]:
    """The cache of a `Manager`'s sessions."""
    return LRU(capacity, in_use)
