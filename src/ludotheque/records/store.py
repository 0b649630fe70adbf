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

from .ratings import Rating
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
    # tables: player identities (only a hash of each browser's key), the seats they hold, open
    # tables, rematch and takeback offers, and Glicko-2 ratings per ruleset family
    """
    CREATE TABLE players (
        id       TEXT PRIMARY KEY,
        key_hash TEXT NOT NULL UNIQUE,  -- sha256 of the key the browser keeps
        name     TEXT NOT NULL,
        created  REAL NOT NULL
    );
    CREATE TABLE ratings (
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        family    TEXT NOT NULL,
        rating    REAL NOT NULL,
        rd        REAL NOT NULL,
        vol       REAL NOT NULL,
        games     INTEGER NOT NULL,
        PRIMARY KEY (player_id, family)
    );
    ALTER TABLE games ADD COLUMN player_ids TEXT NOT NULL DEFAULT '[null, null]';
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN open_table INTEGER NOT NULL DEFAULT 0;  -- listed in the lobby
    ALTER TABLE games ADD COLUMN rematch TEXT;      -- JSON {"by": seat} or {"game": id}
    ALTER TABLE games ADD COLUMN takeback TEXT;     -- JSON {"by": seat, "ply": ply asked at}
    ALTER TABLE games ADD COLUMN rating_done INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_open ON games (open_table, ended)
    """,
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
            self._db.execute("UPDATE games SET player_ids = ?, rated = ?, open_table = ? WHERE id = ?",
                             (json.dumps(g.player_ids), int(g.rated), int(g.open_table), g.id))

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
        g = StoredGame(id=row[0], ruleset=row[1], mode=row[2], level=row[3], ai_seat=row[4],
                       tokens=json.loads(row[5]), players=json.loads(row[6]), seed=row[7],
                       created=row[8], updated=row[9],
                       ended=json.loads(row[10]) if row[10] else None, draw_offer=row[11],
                       actions=actions)
        self._read_table(g)
        return g

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
    # -- tables: players, the seats they hold, offers and ratings ------------------------------
    def _read_table(self, g: StoredGame) -> None:
        with self._lock:
            row = self._db.execute("SELECT player_ids, rated, open_table, rematch, takeback FROM games"
                                   " WHERE id = ?", (g.id,)).fetchone()
        g.player_ids, g.rated, g.open_table = json.loads(row[0]), bool(row[1]), bool(row[2])
        g.rematch = json.loads(row[3]) if row[3] else None
        g.takeback = json.loads(row[4]) if row[4] else None

    def add_player(self, player_id: str, key_hash: str, name: str) -> None:
        with self._lock, self._db:
            self._db.execute("INSERT INTO players (id, key_hash, name, created) VALUES (?,?,?,?)",
                             (player_id, key_hash, name, time.time()))

    def player_of_key(self, key_hash: str) -> tuple[str, str] | None:
        """(id, name) of the player whose key has this hash."""
        with self._lock:
            row = self._db.execute("SELECT id, name FROM players WHERE key_hash = ?", (key_hash,)).fetchone()
        return (row[0], row[1]) if row else None

    def rename_player(self, player_id: str, name: str, games: dict[str, list[str]]) -> None:
        """The player's new name, and the names of the seats of ``games`` (id -> players), at once."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE players SET name = ? WHERE id = ?", (name, player_id))
            self._db.executemany("UPDATE games SET players = ? WHERE id = ?",
                                 [(json.dumps(p), gid) for gid, p in games.items()])

    def games_of_player(self, player_id: str, unfinished: bool = False) -> list[str]:
        """The ids of the games where the player holds a seat, latest first (``unfinished``: only
        those not ended by a resignation, an agreement, a claim or an abort)."""
        with self._lock:
            return [i for (i,) in self._db.execute(
                "SELECT id FROM games WHERE instr(player_ids, ?) > 0" + (" AND ended IS NULL" if unfinished else "")
                + " ORDER BY updated DESC LIMIT 500", (json.dumps(player_id),))]

    def set_offer(self, game_id: str, column: str, offer: dict[str, Any] | None) -> None:
        """A rematch or takeback offer (``column``), or none."""
        assert column in ("rematch", "takeback")
        with self._lock, self._db:
            self._db.execute(f"UPDATE games SET {column} = ? WHERE id = ?",
                             (json.dumps(offer) if offer else None, game_id))

    def open_tables(self, limit: int = 50) -> list[str]:
        """Open tables still waiting for an opponent, newest first."""
        with self._lock:
            return [i for (i,) in self._db.execute(
                "SELECT id FROM games WHERE open_table = 1 AND ended IS NULL AND instr(tokens, ?) > 0"
                " ORDER BY created DESC LIMIT ?", ('"invite:', limit))]   # a seat not taken yet

    def rating(self, player_id: str, family: str) -> Rating:
        with self._lock:
            row = self._db.execute("SELECT rating, rd, vol, games FROM ratings WHERE player_id = ? AND family = ?",
                                   (player_id, family)).fetchone()
        return Rating(*row) if row else Rating()

    def ratings_of(self, player_id: str) -> dict[str, Rating]:
        with self._lock:
            return {f: Rating(r, rd, v, n) for f, r, rd, v, n in self._db.execute(
                "SELECT family, rating, rd, vol, games FROM ratings WHERE player_id = ?", (player_id,))}

    def settle(self, game_id: str, family: str, new: dict[str, Rating]) -> bool:
        """Stores the players' ratings after a rated game, once: False (and nothing changed)
        if this game's ratings were already stored."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            if not self._db.execute("UPDATE games SET rating_done = 1 WHERE id = ? AND rating_done = 0",
                                    (game_id,)).rowcount:
                return False
            self._db.executemany(
                "INSERT OR REPLACE INTO ratings (player_id, family, rating, rd, vol, games) VALUES (?,?,?,?,?,?)",
                [(pid, family, r.rating, r.rd, r.vol, r.games) for pid, r in new.items()])
            return True
