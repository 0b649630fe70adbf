"""SQLite's write-ahead log, copied into the database off the writers' path."""
import os

from ludotheque.records.sqlstore import SqlStore
from ludotheque.records.store import StoredGame


def test_deferred_checkpoints_leave_the_log_to_checkpoint_which_copies_it_while_writers_go_on(tmp_path):
    db = tmp_path / "games.sqlite"
    store = SqlStore(db)
    try:
        store.defer_checkpoints()
        store.create(StoredGame(id="g", ruleset="oware", mode="local", tokens=["t", "t"], players=["A", "B"], seed=1))
        for ply in range(3000):               # far more than the 1000 pages SQLite would copy at
            store.append("g", ply, [ply % 6])
        wal = os.path.getsize(str(db) + "-wal")
        assert wal > 1000 * 4096               # nothing was copied inside the commits
        store.checkpoint()
        store.append("g", 3000, [0])           # a writer after a full copy starts the log again
        assert os.path.getsize(str(db) + "-wal") == wal           # the file is reused, not grown
        assert store.get("g").actions[-2:] == [2999 % 6, 0]
    finally:
        store.close()
