"""The change bus between server processes: a process that changed a game says so, and every
other process holding that game reloads it from the store and tells its own sockets.

    bus = make_bus(store_url)              # PgBus for postgresql://…, else LocalBus
    await bus.start()
    bus.subscribe(on_change, on_resync)    # on_change(game_id, payload), on the event loop
    await bus.publish(game_id, {"ply": 12, "kind": "move"})
    await bus.close()

A notification only names what changed (a few bytes: the store is the truth, and NOTIFY
carries at most 8000 bytes); a bus never hears its own notifications (its process has told
its sockets already). When the listening connection drops, the bus reconnects and calls
``on_resync``: notifications may have been lost meanwhile, so every game held should be
reloaded.
"""
from __future__ import annotations

import asyncio
import json
import logging
import uuid
from typing import Any, Callable, Protocol

log = logging.getLogger(__name__)

OnChange = Callable[[str, dict[str, Any]], None]
OnResync = Callable[[], None]
CHANNEL = "ludotheque_changes"
MAX_NOTIFY = 7999             # bytes of a NOTIFY payload: PostgreSQL refuses 8000 and more
HEARTBEAT = 20.0              # seconds without a notification before the listener checks its line
RECONNECT = (0.05, 5.0)       # seconds before reconnecting: the first wait, the longest


class Bus(Protocol):
    origin: str

    async def start(self) -> None: ...
    async def close(self) -> None: ...
    async def publish(self, game_id: str, payload: dict[str, Any]) -> None: ...
    def subscribe(self, on_change: OnChange, on_resync: OnResync | None = None) -> Callable[[], None]: ...


def encode(origin: str, game_id: str, payload: dict[str, Any]) -> str:
    text = json.dumps({"o": origin, "g": game_id, "p": payload}, separators=(",", ":"))
    if len(text.encode()) > MAX_NOTIFY:
        raise ValueError(f"a change notification is at most {MAX_NOTIFY} bytes: name the change, "
                         "the receivers read the rest from the store")
    return text


class _Subscribers:
    """The callbacks of one bus, called on its event loop; one that fails is logged, never
    the end of the bus."""

    def __init__(self) -> None:
        self.changes: list[OnChange] = []
        self.resyncs: list[OnResync] = []

    def add(self, on_change: OnChange, on_resync: OnResync | None) -> Callable[[], None]:
        self.changes.append(on_change)
        if on_resync is not None:
            self.resyncs.append(on_resync)

        def unsubscribe() -> None:
            self.changes.remove(on_change)
            if on_resync is not None:
                self.resyncs.remove(on_resync)
        return unsubscribe

    def change(self, game_id: str, payload: dict[str, Any]) -> None:
        for fn in list(self.changes):
            try:
                fn(game_id, payload)
            except Exception:
                log.exception("a change subscriber failed on game %s", game_id)

    def resync(self) -> None:
        for fn in list(self.resyncs):
            try:
                fn()
            except Exception:
                log.exception("a resync subscriber failed")


class LocalBus:
    """The bus of one process (SQLite): buses sharing a ``hub`` (a set, e.g. two apps on one
    file in a test) hear each other; alone, a bus hears nothing, as there is nobody else."""

    def __init__(self, hub: set[LocalBus] | None = None) -> None:
        self.origin = uuid.uuid4().hex[:12]
        self.hub = hub if hub is not None else set()
        self._subscribers = _Subscribers()
        self._loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.hub.add(self)

    async def close(self) -> None:
        self.hub.discard(self)

    async def publish(self, game_id: str, payload: dict[str, Any]) -> None:
        message = json.loads(encode(self.origin, game_id, payload))   # as bounded as on PostgreSQL
        for bus in list(self.hub):
            if bus is not self and bus._loop is not None:
                bus._loop.call_soon_threadsafe(bus._subscribers.change, game_id, message["p"])

    def subscribe(self, on_change: OnChange, on_resync: OnResync | None = None) -> Callable[[], None]:
        return self._subscribers.add(on_change, on_resync)


class PgBus:
    """PostgreSQL LISTEN/NOTIFY, on one channel for every game: one connection listens (and
    reconnects when it drops), another publishes."""

    def __init__(self, url: str) -> None:
        self.url = conninfo(url)
        self.origin = uuid.uuid4().hex[:12]
        self._subscribers = _Subscribers()
        self._listener: asyncio.Task[None] | None = None
        self._publisher: Any = None              # psycopg.AsyncConnection, opened on demand
        self._publish_lock = asyncio.Lock()
        self.listening = asyncio.Event()         # set while LISTEN is in place
        self.listener_pid: int | None = None     # the listening connection's server process

    async def start(self) -> None:
        """Returns once the bus listens; raises if the database cannot be reached at all."""
        first = await self._connect()            # a wrong URL fails here, not in a loop
        self._listener = asyncio.create_task(self._listen(first))
        await self.listening.wait()

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        if self._publisher is not None:
            await self._publisher.close()

    def subscribe(self, on_change: OnChange, on_resync: OnResync | None = None) -> Callable[[], None]:
        return self._subscribers.add(on_change, on_resync)

    async def publish(self, game_id: str, payload: dict[str, Any]) -> None:
        """Tells the other processes; a database that cannot be reached is logged (the change
        is stored: their players see it when their games reload), never raised."""
        import psycopg
        text = encode(self.origin, game_id, payload)
        async with self._publish_lock:
            for attempt in (1, 2):               # a dropped connection: once more on a new one
                try:
                    if self._publisher is None or self._publisher.closed:
                        self._publisher = await psycopg.AsyncConnection.connect(
                            self.url, autocommit=True, application_name="ludotheque-bus-publish")
                    await self._publisher.execute("SELECT pg_notify(%s, %s)", (CHANNEL, text))
                    return
                except psycopg.Error:
                    if self._publisher is not None:
                        await self._publisher.close()
                    self._publisher = None
                    if attempt == 2:
                        log.exception("could not publish a change of game %s", game_id)

    async def _connect(self) -> Any:
        import psycopg
        conn = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, application_name="ludotheque-bus-listen")
        await conn.execute(f"LISTEN {CHANNEL}")
        self.listener_pid = conn.info.backend_pid
        return conn

    async def _listen(self, conn: Any) -> None:
        import psycopg
        wait = RECONNECT[0]
        while True:
            try:
                if conn is None:
                    conn = await self._connect()
                    self._subscribers.resync()   # what was said while the line was down is lost
                self.listening.set()
                wait = RECONNECT[0]
                while True:
                    async for note in conn.notifies(timeout=HEARTBEAT):
                        self._receive(note.payload)
                    await conn.execute("SELECT 1")   # a line that died silently fails here
            except psycopg.Error as e:   # the server went away, or the line to it did
                self.listening.clear()
                log.warning("the change bus lost its connection (%s); reconnecting", str(e).strip()[:200])
                if conn is not None:
                    await conn.close()
                conn = None
                await asyncio.sleep(wait)
                wait = min(2 * wait, RECONNECT[1])
            except asyncio.CancelledError:
                if conn is not None:
                    await conn.close()
                raise

    def _receive(self, text: str) -> None:
        try:
            message = json.loads(text)
            origin, game_id, payload = message["o"], message["g"], message["p"]
        except (ValueError, KeyError, TypeError):
            log.warning("a change notification that is not the bus's: %.80r", text)
            return
        if origin != self.origin:
            self._subscribers.change(game_id, payload)


def conninfo(url: str) -> str:
    """A libpq URL from a store's URL (SQLAlchemy's ``postgresql+psycopg://`` included)."""
    import sqlalchemy as sa
    return sa.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def is_postgres(target: str) -> bool:
    return str(target).startswith(("postgresql://", "postgres://", "postgresql+"))


def make_bus(target: str) -> PgBus | LocalBus:
    """The bus for a store: PostgreSQL's for a postgresql:// URL, else one process's own."""
    return PgBus(str(target)) if is_postgres(str(target)) else LocalBus()
