"""The store of saved games on SQLAlchemy Core, for SQLite (the embedded default: one process)
and PostgreSQL (any number of server processes, on any number of machines).

One row per game (ruleset, seats, mode, how it ended outside the rules, its table: players,
offers, rated) and one row per action; players, ratings, clocks. A move is written and committed
before anyone is told it was played, so a server that stops at any moment resumes every game
exactly where its players last saw it. Several processes may write one game: every write to a
game first locks its row (PostgreSQL) or the file (SQLite), so a move is stored only at the ply
its writer saw (`PlyTaken` otherwise, with nothing written), and a read sees one moment of the game.

The schema is Alembic's (records/migrations/), brought to the newest revision on open. A file
made by the sqlite3 store of earlier versions is stamped with the revision matching its
``PRAGMA user_version`` (`LEGACY_REVISIONS`), then upgraded: its games stay as they were.
"""
from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.dialects import postgresql, sqlite

from .ratings import Rating, after_game
from .store import StoredGame

METADATA = sa.MetaData()
#: the tables as the newest migration leaves them (tests check the two agree)
games = sa.Table(
    "games", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("ruleset", sa.Text, nullable=False),
    sa.Column("mode", sa.Text, nullable=False),
    sa.Column("level", sa.Text, nullable=False, server_default=""),
    sa.Column("ai_seat", sa.Integer),
    sa.Column("tokens", sa.Text, nullable=False),
    sa.Column("players", sa.Text, nullable=False),
    sa.Column("seed", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("ended", sa.Text),
    sa.Column("draw_offer", sa.Integer),
    # tables (web/sessions.py): the seats' players, open tables, offers, whether it was rated
    sa.Column("player_ids", sa.Text, nullable=False, server_default="[null, null]"),
    sa.Column("rated", sa.Integer, nullable=False, server_default="0"),
    sa.Column("open_table", sa.Integer, nullable=False, server_default="0"),
    sa.Column("rematch", sa.Text),
    sa.Column("takeback", sa.Text),
    sa.Column("rating_done", sa.Integer, nullable=False, server_default="0"),
    sa.Index("games_open", "open_table", "ended"),
)
#: player identities and their Glicko-2 ratings per ruleset family (web/sessions.py)
players = sa.Table(
    "players", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("key_hash", sa.Text, nullable=False, unique=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
ratings = sa.Table(
    "ratings", METADATA,
    sa.Column("player_id", sa.Text, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    sa.Column("family", sa.Text, nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("vol", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.PrimaryKeyConstraint("player_id", "family"),
)
moves = sa.Table(
    "moves", METADATA,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("seconds", sa.Float),
    sa.PrimaryKeyConstraint("game_id", "ply"),
)
#: a game's clock (web/clocks.py)
clocks = sa.Table(
    "clocks", METADATA,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("base", sa.Float, nullable=False),
    sa.Column("inc", sa.Float, nullable=False),
    sa.Column("days", sa.Integer),
    sa.Column("left0", sa.Float, nullable=False),
    sa.Column("left1", sa.Float, nullable=False),
    sa.Column("running", sa.Integer),
    sa.Column("started", sa.Float, nullable=False),
)
#: work leased to one process (web/lease.py)
leases = sa.Table(
    "leases", METADATA,
    sa.Column("key", sa.Text, primary_key=True),
    sa.Column("holder", sa.Text, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)

# a move's and a game's load statements, built once: building a statement costs more than
# SQLite takes to run it
_TOUCH = (games.update().where(games.c.id == sa.bindparam("game"))
          .values(updated=sa.bindparam("now"), draw_offer=None))
#: the plies a game has (they are numbered from 0 without a gap): from the key's index
_PLIES = sa.select(sa.func.coalesce(sa.func.max(moves.c.ply) + 1, 0)).where(moves.c.game_id == sa.bindparam("game"))
_ADD_MOVES = moves.insert()
_GAME = sa.select(games).where(games.c.id == sa.bindparam("game"))
_ACTIONS = sa.select(moves.c.action).where(moves.c.game_id == sa.bindparam("game")).order_by(moves.c.ply)

MIGRATIONS = Path(__file__).with_name("migrations")
#: the revision a file of the old sqlite3 store at ``PRAGMA user_version`` k is at (its list of
#: migrations ported to Alembic revisions, in order): index k.
LEGACY_REVISIONS = ["0001", "0002", "0003"]
#: the key of the PostgreSQL advisory lock held while migrating: processes started together
#: migrate one after the other
MIGRATION_LOCK = 0x6C75646F


class PlyTaken(Exception):
    """The stored game does not have the plies the writer saw: another process or store moved
    or took back first. Nothing was written; reload the game from the store."""

    def __init__(self, game_id: str, ply: int, stored: int | None) -> None:
        super().__init__(f"game {game_id}: the move was for ply {ply}, the store has "
                         f"{'other' if stored is None else stored} plies")
        self.game_id, self.ply, self.stored = game_id, ply, stored


class NewerSchema(Exception):
    """The store was written by a newer ludotheque; nothing was changed."""


def engine_url(target: str | Path) -> sa.URL:
    """The SQLAlchemy URL of a store: ``postgresql://…`` (psycopg 3), ``sqlite:///PATH``, or a
    plain path to an SQLite file (its folder is made)."""
    text = str(target)
    url = sa.make_url(text) if "://" in text else sa.URL.create("sqlite", database=text)
    if url.get_backend_name() in ("postgresql", "postgres"):
        return url.set(drivername="postgresql+psycopg")
    if url.get_backend_name() != "sqlite":
        raise ValueError(f"a store is an SQLite file or a postgresql:// URL, not {url.drivername}://")
    if url.database in (None, "", ":memory:"):     # each connection would have its own database
        raise ValueError("an SQLite store is a file")
    Path(url.database).parent.mkdir(parents=True, exist_ok=True)
    return url


def _sqlite_engine(url: sa.URL) -> sa.Engine:
    engine = sa.create_engine(url, connect_args={"timeout": 60})   # seconds waiting for a writer

    @sa.event.listens_for(engine, "connect")
    def connect(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None                    # the BEGIN below, not the driver's
        dbapi.execute("PRAGMA journal_mode=WAL")
        dbapi.execute("PRAGMA synchronous=NORMAL")      # durable across process crashes in WAL
        dbapi.execute("PRAGMA foreign_keys=ON")

    @sa.event.listens_for(engine, "begin")
    def begin(conn: sa.Connection) -> None:
        # a writer takes the file's write lock first: what it then reads is what it changes
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("writes")
                             else "BEGIN")
    return engine


class SqlStore:
    """Thread-safe (a pool of connections); several stores, in several processes, may share one
    database."""

    def __init__(self, target: str | Path) -> None:
        url = engine_url(target)
        self.postgres = url.get_backend_name() == "postgresql"
        self.engine = (sa.create_engine(url, pool_pre_ping=True) if self.postgres
                       else _sqlite_engine(url))
        self._writer = self.engine.execution_options(writes=True)
        # a read of several statements sees one moment (SQLite's BEGIN already does)
        self._reader = (self.engine.execution_options(isolation_level="REPEATABLE READ")
                        if self.postgres else self.engine)
        self._migrate()

    def _migrate(self) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self._writer.begin() as conn:
            if self.postgres:
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(MIGRATION_LOCK)))
            config.attributes["connection"] = conn
            tables = sa.inspect(conn).get_table_names()
            if not self.postgres and "games" in tables and "alembic_version" not in tables:
                version = conn.exec_driver_sql("PRAGMA user_version").scalar_one()
                if version >= len(LEGACY_REVISIONS):
                    raise NewerSchema(f"the store is at schema version {version}, newer than "
                                      "this ludotheque knows: upgrade ludotheque")
                command.stamp(config, LEGACY_REVISIONS[version])
            current = MigrationContext.configure(conn).get_current_revision()
            known = {r.revision for r in ScriptDirectory.from_config(config).walk_revisions()}
            if current is not None and current not in known:
                raise NewerSchema(f"the store is at schema revision {current}, newer than this "
                                  "ludotheque knows: upgrade ludotheque")
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    def _upsert(self, conn: sa.Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
        """Inserts ``rows``, each replacing the row with its primary key if there is one."""
        insert = (postgresql.insert if self.postgres else sqlite.insert)(table)
        keys = [c.name for c in table.primary_key]
        conn.execute(insert.on_conflict_do_update(
            index_elements=keys, set_={c: insert.excluded[c] for c in rows[0] if c not in keys}), rows)

    def _holds(self, column: sa.Column[Any], text: str) -> sa.ColumnElement[bool]:
        """Whether the text ``column`` contains ``text`` (case-sensitive, unlike LIKE on SQLite)."""
        return (sa.func.strpos if self.postgres else sa.func.instr)(column, text) > 0

    # -- writes -------------------------------------------------------------------------
    def create(self, g: StoredGame) -> None:
        with self._writer.begin() as conn:
            conn.execute(games.insert().values(
                id=g.id, ruleset=g.ruleset, mode=g.mode, level=g.level, ai_seat=g.ai_seat,
                tokens=json.dumps(g.tokens), players=json.dumps(g.players), seed=g.seed,
                created=g.created, updated=g.updated, ended=_json(g.ended), draw_offer=g.draw_offer,
                player_ids=json.dumps(g.player_ids), rated=int(g.rated), open_table=int(g.open_table),
                rematch=_json(g.rematch), takeback=_json(g.takeback)))
            if g.actions:
                conn.execute(moves.insert(), [{"game_id": g.id, "ply": i, "action": a}
                                              for i, a in enumerate(g.actions)])

    def _lock(self, conn: sa.Connection, game_id: str) -> int | None:
        """Locks the game for this transaction (its row on PostgreSQL; SQLite's writer holds
        the file), touches it and clears a draw offer; the plies it has, or None if it has
        ended (a flag fell, someone resigned: no move may follow, whatever its ply)."""
        row = conn.execute(_TOUCH.returning(games.c.ended), {"game": game_id, "now": time.time()}).first()
        if row is None:
            raise KeyError(game_id)
        if row.ended is not None:
            return None
        return int(conn.execute(_PLIES, {"game": game_id}).scalar_one())

    def append(self, game_id: str, ply: int, actions: list[int]) -> None:
        """Stores ``actions`` as plies ``ply``, ``ply + 1``…; committed when this returns.
        `PlyTaken` (nothing written) unless the game has exactly ``ply`` plies stored: of
        writers racing at one ply, exactly one wins."""
        try:
            with self._writer.begin() as conn:
                stored = self._lock(conn, game_id)
                if stored != ply:
                    raise PlyTaken(game_id, ply, stored)
                if actions:
                    conn.execute(_ADD_MOVES, [{"game_id": game_id, "ply": ply + i, "action": a}
                                              for i, a in enumerate(actions)])
        except sa.exc.IntegrityError as e:   # the (game_id, ply) key: never reached past the lock
            raise PlyTaken(game_id, ply, None) from e

    def truncate(self, game_id: str, plies: int, seen: int | None = None) -> None:
        """Keeps only the first ``plies`` actions (undo). With ``seen`` (the plies the caller
        saw), `PlyTaken` and nothing changed if the store has another number."""
        with self._writer.begin() as conn:
            stored = self._lock(conn, game_id)
            if seen is not None and stored != seen:
                raise PlyTaken(game_id, seen, stored)
            conn.execute(moves.delete().where(moves.c.game_id == game_id, moves.c.ply >= plies))

    def set_ended(self, game_id: str, ended: dict[str, Any] | None, seen: int | None = None) -> None:
        """Stores the game's ending; with ``seen`` (the plies the caller's game has) only if the
        store has as many and no ending yet: a resignation, an agreed draw or a claim made on a
        position another process has moved on from, or ended (a flag), is refused (PlyTaken)."""
        with self._writer.begin() as conn:
            if seen is not None:
                stored = self._lock(conn, game_id)
                if stored != seen:
                    raise PlyTaken(game_id, seen, stored)
            conn.execute(games.update().where(games.c.id == game_id).values(
                ended=_json(ended), draw_offer=None, updated=time.time()))

    def end_at(self, game_id: str, ply: int, ended: dict[str, Any], clock: dict[str, Any]) -> bool:
        """Ends the game and stores its clock, only if it has ``ply`` plies stored and no ending
        yet: a flag that several processes see fall falls once. Whether it was written."""
        with self._writer.begin() as conn:
            row = conn.execute(sa.select(games.c.ended).where(games.c.id == game_id)
                               .with_for_update()).one_or_none()
            plies = conn.execute(_PLIES, {"game": game_id}).scalar_one()
            if row is None or row.ended is not None or plies != ply:
                return False
            conn.execute(games.update().where(games.c.id == game_id).values(
                ended=json.dumps(ended), draw_offer=None, updated=time.time()))
            conn.execute(clocks.update().where(clocks.c.game_id == game_id).values(   # a running clock has its row
                left0=clock["left"][0], left1=clock["left"][1], running=clock["running"], started=clock["started"]))
        return True

    def set_players(self, game_id: str, players: list[str]) -> None:
        with self._writer.begin() as conn:
            conn.execute(games.update().where(games.c.id == game_id)
                         .values(players=json.dumps(players)))

    def set_draw_offer(self, game_id: str, seat: int | None) -> None:
        with self._writer.begin() as conn:
            conn.execute(games.update().where(games.c.id == game_id).values(draw_offer=seat))

    def claim_seat(self, game_id: str, tokens: list[str], players: list[str],
                   player_ids: list[str | None], before: list[str] | None = None) -> bool:
        """Claiming an invitation seat: its fresh token, the guest's name and player id, in one
        write. With ``before`` (the tokens the caller saw), only if the store still has them:
        of two guests claiming one seat, one gets it. Whether it was written."""
        where = [games.c.id == game_id]
        if before is not None:
            where.append(games.c.tokens == json.dumps(before))
        with self._writer.begin() as conn:
            done = conn.execute(games.update().where(*where).values(
                tokens=json.dumps(tokens), players=json.dumps(players), player_ids=json.dumps(player_ids)))
        return bool(done.rowcount)

    def set_table(self, game_id: str, player_ids: list[str | None], rated: bool, open_table: bool) -> None:
        """A new game's table: its players' identities, whether it is rated, listed in the lobby."""
        with self._writer.begin() as conn:
            conn.execute(games.update().where(games.c.id == game_id).values(
                player_ids=json.dumps(player_ids), rated=int(rated), open_table=int(open_table)))

    def set_offer(self, game_id: str, column: str, offer: dict[str, Any] | None) -> None:
        """A rematch or takeback offer (``column``), or none."""
        assert column in ("rematch", "takeback")
        with self._writer.begin() as conn:
            conn.execute(games.update().where(games.c.id == game_id).values({column: _json(offer)}))

    # -- players and ratings --------------------------------------------------------------
    def add_player(self, player_id: str, key_hash: str, name: str) -> None:
        with self._writer.begin() as conn:
            conn.execute(players.insert().values(id=player_id, key_hash=key_hash, name=name,
                                                 created=time.time()))

    def player_of_key(self, key_hash: str) -> tuple[str, str] | None:
        """(id, name) of the player whose key has this hash."""
        with self._reader.begin() as conn:
            row = conn.execute(sa.select(players.c.id, players.c.name)
                               .where(players.c.key_hash == key_hash)).first()
        return (row.id, row.name) if row else None

    def rename_player(self, player_id: str, name: str, renamed: dict[str, list[str]]) -> None:
        """The player's new name, and the names of the seats of games (id -> players), at once."""
        with self._writer.begin() as conn:
            conn.execute(players.update().where(players.c.id == player_id).values(name=name))
            for game_id, names in renamed.items():
                conn.execute(games.update().where(games.c.id == game_id)
                             .values(players=json.dumps(names)))

    def games_of_player(self, player_id: str, unfinished: bool = False) -> list[str]:
        """The ids of the games where the player holds a seat, latest first (``unfinished``: only
        those not ended by a resignation, an agreement, a claim or an abort)."""
        query = sa.select(games.c.id).where(self._holds(games.c.player_ids, json.dumps(player_id)))
        if unfinished:
            query = query.where(games.c.ended.is_(None))
        with self._reader.begin() as conn:
            return list(conn.execute(query.order_by(games.c.updated.desc()).limit(500)).scalars())

    def open_tables(self, limit: int = 50) -> list[str]:
        """Open tables still waiting for an opponent, newest first."""
        with self._reader.begin() as conn:
            return list(conn.execute(
                sa.select(games.c.id).where(games.c.open_table == 1, games.c.ended.is_(None),
                                            self._holds(games.c.tokens, '"invite:'))   # a seat not taken yet
                .order_by(games.c.created.desc()).limit(limit)).scalars())

    def rating(self, player_id: str, family: str) -> Rating:
        with self._reader.begin() as conn:
            return self._rating(conn, player_id, family)

    @staticmethod
    def _rating(conn: sa.Connection, player_id: str, family: str) -> Rating:
        row = conn.execute(sa.select(ratings.c.rating, ratings.c.rd, ratings.c.vol, ratings.c.games)
                           .where(ratings.c.player_id == player_id, ratings.c.family == family)).first()
        return Rating(*row) if row else Rating()

    def ratings_of(self, player_id: str) -> dict[str, Rating]:
        with self._reader.begin() as conn:
            rows = conn.execute(sa.select(ratings).where(ratings.c.player_id == player_id))
            return {r.family: Rating(r.rating, r.rd, r.vol, r.games) for r in rows}

    def settle(self, game_id: str, family: str, a: str, b: str, score_a: float) -> bool:
        """Rates a game that ``a`` scored ``score_a`` against ``b``, once: False (and nothing
        changed) if this game was already rated (by this process or another). The ratings are
        read and written in one transaction, the two players' rows locked (in a fixed order),
        so two of their games ending at once in two processes both count."""
        with self._writer.begin() as conn:
            done = conn.execute(games.update().where(games.c.id == game_id, games.c.rating_done == 0)
                                .values(rating_done=1))
            if not done.rowcount:
                return False
            conn.execute(sa.select(players.c.id).where(players.c.id.in_([a, b]))
                         .order_by(players.c.id).with_for_update())
            old = {pid: self._rating(conn, pid, family) for pid in (a, b)}
            new = dict(zip((a, b), after_game(old[a], old[b], score_a)))
            self._upsert(conn, ratings, [{"player_id": pid, "family": family, "rating": r.rating,
                                          "rd": r.rd, "vol": r.vol, "games": r.games}
                                         for pid, r in new.items()])
            return True

    # -- reads --------------------------------------------------------------------------
    def get(self, game_id: str) -> StoredGame | None:
        with self._reader.begin() as conn:
            row = conn.execute(_GAME, {"game": game_id}).one_or_none()
            if row is None:
                return None
            actions = list(conn.execute(_ACTIONS, {"game": game_id}).scalars())
        return StoredGame(id=row.id, ruleset=row.ruleset, mode=row.mode, level=row.level,
                          ai_seat=row.ai_seat, tokens=json.loads(row.tokens),
                          players=json.loads(row.players), seed=row.seed, created=row.created,
                          updated=row.updated, ended=_unjson(row.ended), draw_offer=row.draw_offer,
                          actions=actions, player_ids=json.loads(row.player_ids),
                          rated=bool(row.rated), open_table=bool(row.open_table),
                          rematch=_unjson(row.rematch), takeback=_unjson(row.takeback))

    def ids(self) -> list[str]:
        with self._reader.begin() as conn:
            return list(conn.execute(sa.select(games.c.id).order_by(games.c.updated.desc())).scalars())

    # -- clocks (web/clocks.py) -------------------------------------------------------------
    def save_clock(self, game_id: str, c: dict[str, Any]) -> None:
        """Stores a game's clock: ``{"base", "inc", "days", "left": [s, s], "running", "started"}``."""
        with self._writer.begin() as conn:
            self._upsert(conn, clocks, [{"game_id": game_id, "base": c["base"], "inc": c["inc"],
                                         "days": c["days"], "left0": c["left"][0], "left1": c["left"][1],
                                         "running": c["running"], "started": c["started"]}])

    def clock_of(self, game_id: str) -> dict[str, Any] | None:
        with self._reader.begin() as conn:
            r = conn.execute(sa.select(clocks).where(clocks.c.game_id == game_id)).first()
        if r is None:
            return None
        return {"base": r.base, "inc": r.inc, "days": r.days, "left": [r.left0, r.left1],
                "running": r.running, "started": r.started}

    def running_clocks(self) -> list[tuple[str, float]]:
        """(game id, server time when the running clock runs out) of every game whose clock runs."""
        left = sa.case((clocks.c.running == 0, clocks.c.left0), else_=clocks.c.left1)
        with self._reader.begin() as conn:
            return [(i, d) for i, d in conn.execute(
                sa.select(clocks.c.game_id, clocks.c.started + left).where(clocks.c.running.is_not(None)))]

    # -- SQLite's checkpoints: a server's writes never wait for the copy of the log ----------
    def defer_checkpoints(self) -> None:
        """Stops SQLite copying the write-ahead log into the database inside commits (it does
        every 1000 pages, with an fsync, while the writer holds the lock: a move held up for
        milliseconds, and every move queued behind it). The caller then calls `checkpoint`
        every second or so. Nothing to do on PostgreSQL (the server keeps its own log)."""
        if self.postgres:
            return
        sa.event.listen(self.engine, "connect",
                        lambda dbapi, _record: dbapi.execute("PRAGMA wal_autocheckpoint=0"))
        self.engine.dispose()             # connections opened before reopen with it

    def checkpoint(self) -> None:
        """Copies SQLite's log into the database in PASSIVE mode: writers go on meanwhile."""
        if self.postgres:
            return
        raw = self.engine.raw_connection()
        try:
            raw.cursor().execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            raw.close()

    # -- expiry of old unfinished games (web/limits.py) -------------------------------------
    def unfinished_before(self, cutoff: float, after: tuple[float, str] = (-math.inf, ""),
                          limit: int = 100) -> list[tuple[float, str]]:
        """(updated, id) of games with no ending stored and untouched since ``cutoff``, in that
        order, from just after ``after``: a page of the candidates for expiry."""
        with self._reader.begin() as conn:
            rows = conn.execute(
                sa.select(games.c.updated, games.c.id)
                .where(games.c.ended.is_(None), games.c.updated < cutoff,
                       sa.tuple_(games.c.updated, games.c.id) > sa.tuple_(*after))
                .order_by(games.c.updated, games.c.id).limit(limit))
            return [(u, i) for u, i in rows]

    def delete_unfinished(self, game_id: str, cutoff: float) -> bool:
        """Deletes the game and its moves if it still has no ending and is untouched since
        ``cutoff`` (a move made meanwhile keeps it); whether it was deleted."""
        with self._writer.begin() as conn:
            done = conn.execute(games.delete().where(games.c.id == game_id, games.c.ended.is_(None),
                                                     games.c.updated < cutoff))
        return done.rowcount == 1


def _json(value: Any) -> str | None:
    return json.dumps(value) if value else None


def _unjson(text: str | None) -> Any:
    return json.loads(text) if text else None


class GamesExist(Exception):
    """A game being copied is already in the destination; nothing was copied."""


def copy_games(source: SqlStore, dest: SqlStore) -> tuple[int, int]:
    """Every row of every table of ``source`` but its leases into ``dest``, in one transaction of ``dest``
    (both are at the newest revision, so their tables agree); (games, moves) copied.
    `GamesExist` if ``dest`` has a game of ``source``."""
    counts = {}
    with source._reader.begin() as src, dest._writer.begin() as dst:
        ids = list(src.execute(sa.select(games.c.id)).scalars())
        for k in range(0, len(ids), 1000):
            clash = dst.execute(sa.select(games.c.id).where(games.c.id.in_(ids[k:k + 1000]))).first()
            if clash:
                raise GamesExist(clash.id)
        for table in METADATA.sorted_tables:           # games before the moves that name them
            if table is leases:      # held by the source's processes, which do not write here
                continue
            counts[table.name] = 0
            rows = src.execution_options(yield_per=1000).execute(sa.select(table))
            for part in rows.partitions():
                dst.execute(table.insert(), [r._asdict() for r in part])
                counts[table.name] += len(part)
    return counts["games"], counts["moves"]
