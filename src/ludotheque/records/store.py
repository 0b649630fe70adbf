"""The SQLite store of saved games (stdlib sqlite3, WAL mode).

One row per game (ruleset, seats, mode, how it ended outside the rules) and one row per
action. A move is written and committed before anyone is told it was played, so a server
that stops at any moment resumes every game exactly where its players last saw it.
"""
from __future__ import annotations

import json
import math
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .record import GameRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    ruleset  TEXT NOT NULL,
    mode     TEXT NOT NULL,            -- 'ai', 'local' or 'invite'
    level    TEXT NOT NULL DEFAULT '', -- computer level when mode = 'ai'
    ai_seat  INTEGER,                  -- the computer's seat when mode = 'ai'
    tokens   TEXT NOT NULL,            -- JSON [token seat 0, token seat 1]
    players  TEXT NOT NULL,            -- JSON [name, name]
    seed     INTEGER NOT NULL,         -- seeds throws and the computer player
    created  REAL NOT NULL,
    updated  REAL NOT NULL,
    ended    TEXT,                     -- JSON {"result", "reason"} for resignation / agreed draw
    draw_offer INTEGER                 -- seat that offers a draw, or NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id  TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL,
    action   INTEGER NOT NULL,
    seconds  REAL,
    PRIMARY KEY (game_id, ply)
);
"""

#: Schema changes after SCHEMA, in order: a store file at ``PRAGMA user_version`` k has had the
#: first k applied. Append only (never edit an entry that has shipped): older files are upgraded
#: on open.
MIGRATIONS: list[str] = [
    # clocks (ludotheque.web.clocks): a game's time control and each player's time left, as of
    # ``started`` (server time), when the clock of the seat ``running`` started
    """CREATE TABLE clocks (
        game_id  TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        base     REAL NOT NULL,            -- seconds each player starts with
        inc      REAL NOT NULL,            -- seconds added when a player's turn ends
        days     INTEGER,                  -- correspondence: days per move (else NULL)
        left0    REAL NOT NULL,            -- seconds left to each seat when its clock last stopped
        left1    REAL NOT NULL,
        running  INTEGER,                  -- the seat whose time runs, or NULL
        started  REAL NOT NULL             -- server time when that clock started
    )""",
]


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

    def record(self) -> GameRecord:
        date = time.strftime("%Y.%m.%d", time.gmtime(self.created))
        tags = {"Ended": self.ended["reason"]} if self.ended else {}
        return GameRecord(self.ruleset, list(self.actions), list(self.players), date,
                          event="ludotheque serve", tags=tags)


class GameStore:
    """Thread-safe: one connection, one lock (writes are tiny; WAL keeps readers cheap)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")   # durable across process crashes in WAL
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._migrate()
        self._checkpointer: sqlite3.Connection | None = None   # see `checkpoint`

    def _migrate(self) -> None:
        (done,) = self._db.execute("PRAGMA user_version").fetchone()
        for k, script in enumerate(MIGRATIONS[done:], start=done + 1):
            with self._db:
                self._db.execute("BEGIN")
                for statement in filter(str.strip, script.split(";")):
                    self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {k}")

    def close(self) -> None:
        with self._lock:
            self._db.close()
            if self._checkpointer is not None:
                self._checkpointer.close()

    # -- checkpoints: a server's writes never wait for the copy of the log ----------------
    def defer_checkpoints(self) -> None:
        """Stops copying the write-ahead log into the database inside commits (SQLite does it
        every 1000 pages, with an fsync, while the writer holds the lock: a move held up for
        milliseconds, and every move queued behind it). The caller then calls `checkpoint`
        every second or so."""
        with self._lock:
            self._db.execute("PRAGMA wal_autocheckpoint=0")

    def checkpoint(self) -> None:
        """Copies the log into the database from a connection of its own, in PASSIVE mode:
        writers go on meanwhile. Call it from one thread at a time."""
        if str(self.path) == ":memory:":
            return
        if self._checkpointer is None:
            self._checkpointer = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")

    # -- writes -------------------------------------------------------------------------
    def create(self, g: StoredGame) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (id, ruleset, mode, level, ai_seat, tokens, players, seed, created,"
                " updated, ended, draw_offer) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (g.id, g.ruleset, g.mode, g.level, g.ai_seat, json.dumps(g.tokens),
                 json.dumps(g.players), g.seed, g.created, g.updated,
                 json.dumps(g.ended) if g.ended else None, g.draw_offer))
            self._db.executemany("INSERT INTO moves (game_id, ply, action) VALUES (?,?,?)",
                                 [(g.id, i, a) for i, a in enumerate(g.actions)])

    def append(self, game_id: str, ply: int, actions: list[int]) -> None:
        """Stores ``actions`` as plies ``ply``, ``ply + 1``…; committed when this returns."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT INTO moves (game_id, ply, action) VALUES (?,?,?)",
                                 [(game_id, ply + i, a) for i, a in enumerate(actions)])
            self._db.execute("UPDATE games SET updated = ?, draw_offer = NULL WHERE id = ?",
                             (time.time(), game_id))

    def truncate(self, game_id: str, plies: int) -> None:
        """Keeps only the first ``plies`` actions (undo)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, plies))
            self._db.execute("UPDATE games SET updated = ?, draw_offer = NULL WHERE id = ?",
                             (time.time(), game_id))

    def set_ended(self, game_id: str, ended: dict[str, Any] | None) -> None:
        with self._lock, self._db:
            self._db.execute("UPDATE games SET ended = ?, draw_offer = NULL, updated = ? WHERE id = ?",
                             (json.dumps(ended) if ended else None, time.time(), game_id))

    def set_players(self, game_id: str, players: list[str]) -> None:
        with self._lock, self._db:
            self._db.execute("UPDATE games SET players = ? WHERE id = ?", (json.dumps(players), game_id))

    def set_draw_offer(self, game_id: str, seat: int | None) -> None:
        with self._lock, self._db:
            self._db.execute("UPDATE games SET draw_offer = ? WHERE id = ?", (seat, game_id))

    # -- reads --------------------------------------------------------------------------
    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, ruleset, mode, level, ai_seat, tokens, players, seed, created, updated,"
                " ended, draw_offer FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            actions = [a for (a,) in self._db.execute(
                "SELECT action FROM moves WHERE game_id = ? ORDER BY ply", (game_id,))]
        return StoredGame(id=row[0], ruleset=row[1], mode=row[2], level=row[3], ai_seat=row[4],
                          tokens=json.loads(row[5]), players=json.loads(row[6]), seed=row[7],
                          created=row[8], updated=row[9],
                          ended=json.loads(row[10]) if row[10] else None, draw_offer=row[11],
                          actions=actions)

    # -- clocks (ludotheque.web.clocks) ------------------------------------------------------
    def save_clock(self, game_id: str, c: dict[str, Any]) -> None:
        """Stores a game's clock: ``{"base", "inc", "days", "left": [s, s], "running", "started"}``."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO clocks (game_id, base, inc, days, left0, left1, running, started)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (game_id, c["base"], c["inc"], c["days"], c["left"][0], c["left"][1], c["running"], c["started"]))

    def clock_of(self, game_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT base, inc, days, left0, left1, running, started FROM clocks"
                                   " WHERE game_id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        return {"base": row[0], "inc": row[1], "days": row[2], "left": [row[3], row[4]],
                "running": row[5], "started": row[6]}

    def running_clocks(self) -> list[tuple[str, float]]:
        """(game id, server time when the running clock runs out) of every game whose clock runs."""
        with self._lock:
            return list(self._db.execute(
                "SELECT game_id, started + CASE running WHEN 0 THEN left0 ELSE left1 END FROM clocks"
                " WHERE running IS NOT NULL"))

    def ids(self) -> list[str]:
        with self._lock:
            return [i for (i,) in self._db.execute("SELECT id FROM games ORDER BY updated DESC")]

    # -- expiry of old unfinished games (web/limits.py) -------------------------------------
    def unfinished_before(self, cutoff: float, after: tuple[float, str] = (-math.inf, ""),
                          limit: int = 100) -> list[tuple[float, str]]:
        """(updated, id) of games with no ending stored and untouched since ``cutoff``, in that
        order, from just after ``after``: a page of the candidates for expiry."""
        with self._lock:
            return [(u, i) for (u, i) in self._db.execute(
                "SELECT updated, id FROM games WHERE ended IS NULL AND updated < ?"
                " AND (updated > ? OR (updated = ? AND id > ?)) ORDER BY updated, id LIMIT ?",
                (cutoff, after[0], after[0], after[1], limit))]

    def delete_unfinished(self, game_id: str, cutoff: float) -> bool:
        """Deletes the game and its moves if it still has no ending and is untouched since
        ``cutoff`` (a move made meanwhile keeps it); whether it was deleted."""
        with self._lock, self._db:
            done = self._db.execute("DELETE FROM games WHERE id = ? AND ended IS NULL AND updated < ?",
                                    (game_id, cutoff))
        return done.rowcount == 1
