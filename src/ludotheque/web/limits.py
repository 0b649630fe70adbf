"""Abuse limits of a public server: nobody can fill its database or its memory.

- Rates (token buckets) per client address, and per player identity when one is known: games
  created (and imported), invitations claimed and names given, websocket messages. Past them,
  a request is refused with 429 and a message of the catalogue saying when to try again.
- A bound on the unfinished games a client has created.
- Old unfinished games expire: a game nobody has touched for ``expire_after`` seconds and that
  is not over is deleted (`Expirer`, a periodic sweep).

The defaults leave room for a class behind one address (a school's router) and for a whole game
played as fast as a person can; ``LUDOTHEQUE_LIMIT_*`` environment variables change them
(`Limits.from_env`). Counts are per server process: N workers allow up to N times as much.
"""
from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import logging
import math
import os
import threading
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Mapping

from ..i18n import msg
from .live import LRU, in_use
from .sessions import Manager, Session, SessionError

log = logging.getLogger(__name__)

MAX_KEYS = 100_000            # clients remembered by each limit (the least recent forgotten)


@dataclass(frozen=True)
class Rate:
    """``count`` at once, then ``count`` more every ``seconds`` (a token bucket)."""
    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``"60/600"``: 60 at once, then 60 every 600 seconds."""
        count, _, seconds = text.partition("/")
        try:
            rate = cls(int(count), float(seconds))
        except ValueError:
            rate = cls(0, 0)
        if rate.count < 1 or not 0 < rate.seconds < math.inf:
            raise ValueError(f"a rate is COUNT/SECONDS, such as 60/600, not {text!r}")
        return rate


@dataclass(frozen=True)
class Limits:
    create: Rate = Rate(60, 600)       # games created or imported: 60, then one every 10 s
    invite: Rate = Rate(120, 600)      # invitations claimed and names given
    message: Rate = Rate(3000, 60)     # websocket messages: 3000, then 50 a second
    open_games: int = 100              # unfinished games a client has created
    expire_after: float = 30 * 86400   # seconds untouched before an unfinished game goes
    expire_every: float = 3600         # seconds between sweeps of old games
    # addresses never limited: the machine itself (its player, its tests and benchmarks; a
    # reverse proxy on it passes each client's own address, see client_of)
    exempt: tuple[str, ...] = ("127.0.0.0/8", "::1/128")

    ENV = {"create": "LUDOTHEQUE_LIMIT_CREATE", "invite": "LUDOTHEQUE_LIMIT_INVITE",
           "message": "LUDOTHEQUE_LIMIT_MESSAGE", "open_games": "LUDOTHEQUE_OPEN_GAMES",
           "expire_after": "LUDOTHEQUE_EXPIRE_DAYS", "exempt": "LUDOTHEQUE_LIMIT_EXEMPT"}

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """The defaults, changed by LUDOTHEQUE_LIMIT_CREATE / _INVITE / _MESSAGE (COUNT/SECONDS),
        LUDOTHEQUE_OPEN_GAMES (a number), LUDOTHEQUE_EXPIRE_DAYS (days) and
        LUDOTHEQUE_LIMIT_EXEMPT (networks, comma-separated, or "none"); ValueError naming the
        variable for a value that is not one."""
        env = os.environ if environ is None else environ
        changes: dict[str, Any] = {}
        for name, var in cls.ENV.items():
            text = env.get(var, "").strip()
            if not text:
                continue
            try:
                if name == "open_games":
                    changes[name] = int(text)
                    ok = changes[name] >= 1
                elif name == "expire_after":
                    changes[name] = float(text) * 86400
                    ok = 0 < changes[name] < math.inf
                elif name == "exempt":
                    nets = [] if text == "none" else [n.strip() for n in text.split(",")]
                    changes[name] = tuple(str(ipaddress.ip_network(n, strict=False)) for n in nets)
                    ok = True
                else:
                    changes[name], ok = Rate.parse(text), True
            except ValueError:
                ok = False
            if not ok:
                raise ValueError(f"{var}={text!r} is not a valid limit")
        return dataclasses.replace(cls(), **changes)


class Buckets:
    """One token bucket per client, for one rate."""

    def __init__(self, rate: Rate, now: Callable[[], float]) -> None:
        self.rate = rate
        self.now = now
        self._levels: LRU[str, tuple[float, float]] = LRU(MAX_KEYS)   # key -> (tokens, at)
        self._lock = threading.Lock()     # the event loop and worker threads take tokens

    def _level(self, key: str, t: float) -> float:
        tokens, at = self._levels.get(key) or (self.rate.count, t)   # a new client: full
        return min(self.rate.count, tokens + (t - at) * self.rate.count / self.rate.seconds)

    def take(self, keys: list[str]) -> float:
        """Takes a token from each key's bucket if every one has one: 0; else nothing is taken
        and the seconds until they would."""
        with self._lock:
            t = self.now()
            levels = [self._level(k, t) for k in keys]
            if all(level >= 1 for level in levels):
                for k, level in zip(keys, levels):
                    self._levels[k] = (level - 1, t)
                return 0.0
        return (1 - min(levels)) * self.rate.seconds / self.rate.count


class Limiter:
    """The limits of one server process."""

    MESSAGES = {"create": "srv.tooManyGames", "invite": "srv.tooManyRequests",
                "message": "srv.tooManyMessages"}

    def __init__(self, limits: Limits, manager: Manager, now: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.manager = manager
        self.exempt = [ipaddress.ip_network(n) for n in limits.exempt]
        self.buckets = {kind: Buckets(getattr(limits, kind), now) for kind in self.MESSAGES}
        self._created: LRU[str, list[str]] = LRU(MAX_KEYS)   # client -> ids of games it created

    def keys(self, conn: Any, identity: str | None) -> list[str]:
        """Who a request (or websocket) ``conn`` counts for: its client's address (the one a
        reverse proxy vouches for, see uvicorn's FORWARDED_ALLOW_IPS; for IPv6 its /64, one
        subscriber's) unless exempt, and the player's identity when one is known."""
        keys = [f"id:{identity}"] if identity else []
        host = conn.client.host if conn.client else ""
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return [f"addr:{host}"] + keys
        if ip.version == 6 and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        if any(ip in net for net in self.exempt):
            return keys
        if ip.version == 6:
            return [f"addr:{ipaddress.ip_network(f'{ip}/64', strict=False)}"] + keys
        return [f"addr:{ip}"] + keys

    def check(self, kind: str, conn: Any, identity: str | None = None) -> None:
        """Counts a request of ``kind`` ("create", "invite", "message"); SessionError 429 when
        its client (or the identity) is past its rate."""
        keys = self.keys(conn, identity)
        wait = self.buckets[kind].take(keys) if keys else 0
        if wait:
            raise SessionError(msg(self.MESSAGES[kind], seconds=max(1, math.ceil(wait))), 429)

    def check_create(self, conn: Any, identity: str | None = None) -> None:
        """Before a game is created: the rate, then the bound on unfinished games. May load
        the client's games: call it from a worker thread."""
        self.check("create", conn, identity)
        for key in self.keys(conn, identity):
            games = [g for g in self._created.get(key) or [] if self._unfinished(g)]
            self._created[key] = games
            if len(games) >= self.limits.open_games:
                raise SessionError(msg("srv.tooManyOpenGames", count=len(games)), 429)

    def created(self, game_id: str, conn: Any, identity: str | None = None) -> None:
        for key in self.keys(conn, identity):
            self._created[key] = (self._created.get(key) or []) + [game_id]

    def _unfinished(self, game_id: str) -> bool:
        try:
            return not self.manager.get(game_id).over
        except SessionError:       # expired, or gone
            return False


class Expirer:
    """Sweeps the store for games untouched for ``limits.expire_after`` that are not ended: a
    game not over by its rules either is deleted; one that is over (the store does not know
    it: only endings outside the rules are stored) gets its result stored, so that no sweep
    replays it again."""

    def __init__(self, manager: Manager, limits: Limits, clock: Callable[[], float] = time.time) -> None:
        self.manager = manager
        self.limits = limits
        self.clock = clock         # the store's clock: games are stamped with time.time()

    def sweep(self, batch: int = 100) -> int:
        """One sweep (in a worker thread); the games deleted."""
        store, cutoff = self.manager.store, self.clock() - self.limits.expire_after
        deleted, after = 0, (-math.inf, "")
        while page := store.unfinished_before(cutoff, after, batch):
            after = page[-1]
            for _, game_id in page:
                live = self.manager.loaded(game_id)
                if live is not None and in_use(live):
                    continue       # someone is looking at it right now
                stored = store.get(game_id) if live is None else live.g
                if stored is None:
                    continue       # deleted meanwhile
                try:
                    session = live or Session(stored, store, self.manager.now)
                except Exception:  # a game that no longer loads is left for a person to look at
                    log.warning("game %s does not load; not expired", game_id, exc_info=True)
                    continue
                if session.over:
                    store.set_ended(game_id, session.result())
                elif store.delete_unfinished(game_id, cutoff):
                    self.manager.sessions.pop(game_id, None)
                    deleted += 1
        return deleted

    async def run(self, engine: Callable[[Callable[[], int]], Awaitable[int]]) -> None:
        """Sweeps every ``limits.expire_every`` seconds, in the app's worker threads."""
        while True:
            try:
                deleted = await engine(self.sweep)
                if deleted:
                    log.info("expired %d unfinished games untouched for %.0f days", deleted,
                             self.limits.expire_after / 86400)
            except Exception:      # a failed sweep is tried again next time
                log.exception("the sweep of old games failed")
            await asyncio.sleep(self.limits.expire_every)
