"""The schema of the sqlite3 store of earlier ludotheque versions (records/store.py's GameStore,
deleted since), as raw DDL: files it wrote must still open (SqlStore stamps and upgrades them).

    db = old_store(path, version=2)    # a file at PRAGMA user_version 2, with no games yet
    db.execute("INSERT INTO games ..."); db.commit(); db.close()
"""
import json
import sqlite3

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


def old_store(path, version=len(MIGRATIONS)):
    """An SQLite file as GameStore left it at ``PRAGMA user_version`` ``version``: an open
    connection (the caller adds rows, commits and closes)."""
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    for script in MIGRATIONS[:version]:
        db.executescript(script)
    db.execute(f"PRAGMA user_version = {version}")
    return db


def add_game(db, id, ruleset="oware", mode="local", tokens=("t", "t"), players=("Ama", "Kofi"),
             seed=1, created=1_700_000_000.0, updated=None, actions=(), ended=None, draw_offer=None):
    """A game (and its moves) in a file of the old store."""
    db.execute("INSERT INTO games (id, ruleset, mode, tokens, players, seed, created, updated, ended,"
               " draw_offer) VALUES (?,?,?,?,?,?,?,?,?,?)",
               (id, ruleset, mode, json.dumps(list(tokens)), json.dumps(list(players)), seed, created,
                created if updated is None else updated, json.dumps(ended) if ended else None, draw_offer))
    db.executemany("INSERT INTO moves (game_id, ply, action) VALUES (?,?,?)",
                   [(id, i, a) for i, a in enumerate(actions)])
