"""Leases: work that must be done once across server processes (a computer's turn, a sweep
of old games) is done by the process holding its lease, a row of the store's ``leases`` table.

    leases = Leases(store)                       # a SqlStore, on PostgreSQL or SQLite
    if leases.take("ai:" + game_id, 30):         # nobody else holds it: ours for 30 s
        ...                                      # renew(key, 30) while working, then
        leases.release("ai:" + game_id)
    for key in leases.take_expired("ai:", 30):   # leases whose holders died: ours now
        ...

A lease is held until it expires unless renewed: a process that dies holding one lets another
take it over after at most ``seconds``. Expiry is on the processes' clocks (server time, kept in
step by NTP), so a lease lasts much longer than their skew. A lease only spares the work twice:
what it guards must still be written safely (a move checks its ply, `PlyTaken`).
"""
from __future__ import annotations

import os
import socket
import time
import uuid
from typing import Callable

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from ..records.sqlstore import SqlStore, leases


def process_id() -> str:
    """A holder id that names this process (host and pid, for whoever reads the table) and
    no other, even after the pid is reused."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Leases:
    """The leases of one holder (this process). Thread-safe, as the store is."""

    def __init__(self, store: SqlStore, holder: str | None = None,
                 now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.holder = holder or process_id()
        self.now = now
        self._writer = store._writer
        self._insert = postgresql.insert if store.postgres else sqlite.insert

    def take(self, key: str, seconds: float) -> bool:
        """Holds ``key`` for ``seconds`` from now if nobody else holds it (it is free, expired,
        or already ours); whether it is ours."""
        now = self.now()
        with self._writer.begin() as conn:
            added = conn.execute(self._insert(leases).values(
                key=key, holder=self.holder, expires=now + seconds)
                .on_conflict_do_nothing().returning(leases.c.key)).first()
            if added is not None:
                return True
            # a taker racing us holds the row locked: it wins, we do not wait for it
            row = conn.execute(sa.select(leases.c.holder, leases.c.expires)
                               .where(leases.c.key == key)
                               .with_for_update(skip_locked=True)).one_or_none()
            if row is None or (row.holder != self.holder and row.expires > now):
                return False
            conn.execute(leases.update().where(leases.c.key == key)
                         .values(holder=self.holder, expires=now + seconds))
            return True

    def renew(self, key: str, seconds: float) -> bool:
        """Extends our lease to ``seconds`` from now; False if it is no longer ours (it expired
        and another process took it over): stop the work."""
        with self._writer.begin() as conn:
            done = conn.execute(leases.update()
                                .where(leases.c.key == key, leases.c.holder == self.holder)
                                .values(expires=self.now() + seconds))
        return bool(done.rowcount)

    def release(self, key: str) -> None:
        """The work is done: the lease goes (if still ours)."""
        with self._writer.begin() as conn:
            conn.execute(leases.delete().where(leases.c.key == key, leases.c.holder == self.holder))

    def take_expired(self, prefix: str, seconds: float, limit: int = 100) -> list[str]:
        """Takes over, for ``seconds``, the expired leases whose keys start with ``prefix``
        (their holders died or gave up); the keys now ours. Processes sweeping at once get
        different keys (the rows one locks, the others skip)."""
        now = self.now()
        with self._writer.begin() as conn:
            keys = list(conn.execute(
                sa.select(leases.c.key)
                .where(leases.c.key.startswith(prefix, autoescape=True), leases.c.expires <= now)
                .order_by(leases.c.expires).limit(limit)
                .with_for_update(skip_locked=True)).scalars())
            if keys:
                conn.execute(leases.update().where(leases.c.key.in_(keys))
                             .values(holder=self.holder, expires=now + seconds))
        return keys

    def holder_of(self, key: str) -> str | None:
        """Who holds ``key`` (expired or not), if anyone."""
        with self.store.engine.connect() as conn:
            return conn.execute(sa.select(leases.c.holder).where(leases.c.key == key)).scalar_one_or_none()
