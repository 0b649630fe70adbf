"""SqlStore on both backends: the same tests on an SQLite file and on a throwaway PostgreSQL
database (tests/pg.py); racing writers from two stores; migrations on a fresh database and on a
file made by the old sqlite3 store (tests/old_store.py)."""
import json
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.runtime.migration import MigrationContext

from ludotheque.records.ratings import Rating, after_game
from ludotheque.records.sqlstore import (LEGACY_REVISIONS, METADATA, MIGRATIONS, NewerSchema,
                                         PlyTaken, SqlStore, engine_url)
from ludotheque.records.store import StoredGame
from old_store import add_game, old_store


@pytest.fixture
def url(any_db):
    """A new empty database of each backend (conftest's ``any_db``), as a string."""
    return str(any_db)


@pytest.fixture
def store(url):
    s = SqlStore(url)
    yield s
    s.close()


def game(id="g1", actions=(), **kw):
    fields = dict(ruleset="oware", mode="invite", tokens=["t0", "invite:c1"], players=["Ama", "?"],
                  seed=12345, created=1700000000.25, updated=1700000001.5)
    fields.update(kw)
    return StoredGame(id=id, actions=list(actions), **fields)


def test_a_game_reads_back_as_it_was_stored(store):
    g = game(actions=[3, 9, 1], level="hard", ai_seat=1, ended={"result": "1-0", "reason": "resigned"},
             draw_offer=0, player_ids=["p0", None], rated=True, open_table=True, rematch={"by": 1},
             takeback={"by": 0, "ply": 3})
    store.create(g)
    assert store.get("g1") == g
    store.create(game(id="g2"))
    assert store.get("g2") == game(id="g2")     # no table: the defaults
    assert store.get("nope") is None


def test_append_stores_the_moves_after_the_last_and_clears_a_draw_offer(store):
    store.create(game(actions=[3], draw_offer=1))
    store.append("g1", 1, [4, 5])
    g = store.get("g1")
    assert g.actions == [3, 4, 5]
    assert g.draw_offer is None
    assert g.updated > 1700000001.5


def test_a_move_for_another_ply_than_the_stored_one_is_refused_and_writes_nothing(store):
    store.create(game(actions=[3, 4], draw_offer=1))
    for stale in (1, 3):             # the position moved on / a ply the store has not reached
        with pytest.raises(PlyTaken) as e:
            store.append("g1", stale, [7])
        assert (e.value.ply, e.value.stored) == (stale, 2)
    g = store.get("g1")
    assert (g.actions, g.draw_offer, g.updated) == ([3, 4], 1, 1700000001.5)


def test_truncate_keeps_the_first_plies_and_with_seen_refuses_a_changed_game(store):
    store.create(game(actions=[1, 2, 3, 4], draw_offer=0))
    store.truncate("g1", 2)
    assert store.get("g1").actions == [1, 2]
    assert store.get("g1").draw_offer is None
    with pytest.raises(PlyTaken):
        store.truncate("g1", 1, seen=3)    # the caller saw 3 plies; the store has 2
    assert store.get("g1").actions == [1, 2]
    store.truncate("g1", 1, seen=2)
    assert store.get("g1").actions == [1]


def test_ended_players_and_draw_offer_are_set(store):
    store.create(game())
    store.set_draw_offer("g1", 1)
    assert store.get("g1").draw_offer == 1
    store.set_players("g1", ["Ama", "Kofi"])
    assert store.get("g1").players == ["Ama", "Kofi"]
    store.set_ended("g1", {"result": "1/2-1/2", "reason": "agreed"})
    g = store.get("g1")
    assert (g.ended, g.draw_offer) == ({"result": "1/2-1/2", "reason": "agreed"}, None)
    store.set_ended("g1", None)
    assert store.get("g1").ended is None


def test_claiming_a_seat_writes_once_for_the_tokens_seen(store):
    store.create(game())
    seen = ["t0", "invite:c1"]
    assert store.claim_seat("g1", ["t0", "t1"], ["Ama", "Kofi"], [None, "kofi"], before=seen)
    assert not store.claim_seat("g1", ["t0", "t2"], ["Ama", "Yaw"], [None, "yaw"], before=seen)   # too late
    g = store.get("g1")
    assert (g.tokens, g.players, g.player_ids) == (["t0", "t1"], ["Ama", "Kofi"], [None, "kofi"])
    assert store.claim_seat("g1", ["t0", "t3"], ["Ama", "Esi"], [None, None])                     # unguarded
    assert store.get("g1").tokens == ["t0", "t3"]


# -- tables: players, seats, offers, ratings ----------------------------------------------------
def test_players_are_found_by_their_key_hash_and_renamed_with_their_seats(store):
    store.add_player("pA", "hash-a", "Ama")
    store.add_player("pK", "hash-k", "Kofi")
    with pytest.raises(sa.exc.IntegrityError):
        store.add_player("pX", "hash-a", "Again")          # one identity per key
    assert store.player_of_key("hash-a") == ("pA", "Ama")
    assert store.player_of_key("HASH-A") is None
    store.create(game(id="old", updated=1.0, player_ids=["pA", "pK"], players=["Ama", "Kofi"]))
    store.create(game(id="done", updated=2.0, player_ids=["pK", "pA"], ended={"result": "1-0", "reason": "x"}))
    store.create(game(id="new", updated=3.0, player_ids=[None, "pA"]))
    store.create(game(id="other", updated=4.0, player_ids=["pa", "pK"]))      # another id, in other case
    assert store.games_of_player("pA") == ["new", "done", "old"]
    assert store.games_of_player("pA", unfinished=True) == ["new", "old"]
    store.rename_player("pA", "Abena", {"old": ["Abena", "Kofi"], "new": ["?", "Abena"]})
    assert store.player_of_key("hash-a") == ("pA", "Abena")
    assert [store.get(g).players for g in ("old", "new")] == [["Abena", "Kofi"], ["?", "Abena"]]


def test_a_table_its_offers_and_the_open_tables_of_the_lobby(store):
    for i, (created, open_table) in enumerate([(1.0, True), (2.0, False), (3.0, True), (4.0, True)]):
        store.create(game(id=f"t{i}", created=created))
        store.set_table(f"t{i}", ["pA", None], rated=True, open_table=open_table)
    store.claim_seat("t2", ["t0", "t1"], ["Ama", "Kofi"], ["pA", "pK"])       # taken
    store.set_ended("t3", {"result": "*", "reason": "aborted"})
    assert store.open_tables() == ["t0"]
    g = store.get("t0")
    assert (g.player_ids, g.rated, g.open_table) == (["pA", None], True, True)
    store.set_offer("t0", "rematch", {"game": "t9"})
    store.set_offer("t0", "takeback", {"by": 1, "ply": 4})
    assert (store.get("t0").rematch, store.get("t0").takeback) == ({"game": "t9"}, {"by": 1, "ply": 4})
    store.set_offer("t0", "takeback", None)
    assert store.get("t0").takeback is None


def test_a_rated_game_is_settled_once_and_ratings_read_back(store):
    store.add_player("pA", "ha", "Ama")
    store.add_player("pK", "hk", "Kofi")
    store.create(game(id="r1"))
    store.create(game(id="r2"))
    assert store.rating("pA", "mancala") == Rating()
    assert store.settle("r1", "mancala", "pA", "pK", 1.0)
    first = after_game(Rating(), Rating(), 1.0)
    assert (store.rating("pA", "mancala"), store.rating("pK", "mancala")) == first
    assert not store.settle("r1", "mancala", "pA", "pK", 0.0)          # once per game
    assert store.rating("pA", "mancala") == first[0]
    assert store.settle("r2", "mancala", "pA", "pK", 0.5)              # from the ratings stored
    then = after_game(*first, 0.5)
    assert not store.settle("missing", "dara", "pA", "pK", 1.0)        # no such game
    assert store.ratings_of("pA") == {"mancala": then[0]}
    assert store.ratings_of("pK") == {"mancala": then[1]}
    assert store.ratings_of("nobody") == {}


def test_of_two_stores_settling_one_game_at_once_exactly_one_does(url):
    games = 30
    setup = SqlStore(url)
    setup.add_player("pA", "ha", "Ama")
    setup.add_player("pK", "hk", "Kofi")
    for k in range(games):
        setup.create(game(id=f"r{k}"))
    a, b = SqlStore(url), SqlStore(url)
    start = threading.Barrier(2)

    def settle(store, k):
        start.wait()
        return store.settle(f"r{k}", "mancala", "pA", "pK", 1.0)
    with ThreadPoolExecutor(2) as pool:
        for k in range(games):
            won = [f.result() for f in (pool.submit(settle, a, k), pool.submit(settle, b, k))]
            assert sorted(won) == [False, True]
            assert setup.rating("pA", "mancala").games == k + 1
    for s in (a, b, setup):
        s.close()


def test_two_games_of_one_player_rated_at_once_in_two_stores_both_count(url):
    # each store reads the ratings and writes them back: without the lock on the players'
    # rows one of two simultaneous updates would be lost
    rounds = 20
    setup = SqlStore(url)
    for pid in ("pA", "pK", "pM"):
        setup.add_player(pid, "h" + pid, pid)
    for k in range(rounds):
        setup.create(game(id=f"k{k}"))
        setup.create(game(id=f"m{k}"))
    a, b = SqlStore(url), SqlStore(url)
    start = threading.Barrier(2)

    def settle(store, game_id, opponent):
        start.wait()
        return store.settle(game_id, "mancala", "pA", opponent, 1.0)
    with ThreadPoolExecutor(2) as pool:
        for k in range(rounds):
            assert all(f.result() for f in (pool.submit(settle, a, f"k{k}", "pK"),
                                            pool.submit(settle, b, f"m{k}", "pM")))
            assert setup.rating("pA", "mancala").games == 2 * (k + 1)
    assert setup.rating("pK", "mancala").games + setup.rating("pM", "mancala").games == 2 * rounds
    for s in (a, b, setup):
        s.close()


def test_ids_come_most_recently_updated_first(store):
    for i, updated in enumerate([5.0, 9.0, 7.0]):
        store.create(game(id=f"g{i}", updated=updated))
    assert store.ids() == ["g1", "g2", "g0"]
    store.append("g0", 0, [1])
    assert store.ids()[0] == "g0"


def test_writes_to_a_game_no_store_has_are_refused(store):
    with pytest.raises(KeyError):
        store.append("nope", 0, [1])
    with pytest.raises(KeyError):
        store.truncate("nope", 0)


def test_two_stores_on_one_database_see_each_others_writes(url):
    a, b = SqlStore(url), SqlStore(url)
    a.create(game(actions=[1]))
    b.append("g1", 1, [2])
    with pytest.raises(PlyTaken):
        a.append("g1", 1, [9])         # a's player answered the position before b's move
    assert a.get("g1").actions == [1, 2]
    a.close()
    b.close()


def race(url, n, write_a, write_b, after_round=lambda k: None):
    """``n`` rounds of ``write_a(store_a, round)`` and ``write_b(store_b, round)`` started at
    the same moment on two threads, two stores (two connection pools); each round's outcomes."""
    a, b = SqlStore(url), SqlStore(url)
    start = threading.Barrier(2)

    def run(store, write, k):
        start.wait()
        try:
            write(store, k)
            return "ok"
        except PlyTaken:
            return "taken"
    out = []
    with ThreadPoolExecutor(2) as pool:
        for k in range(n):
            fa = pool.submit(run, a, write_a, k)
            fb = pool.submit(run, b, write_b, k)
            out.append((fa.result(), fb.result()))
            after_round(k)
    a.close()
    b.close()
    return out


def test_of_two_stores_appending_at_one_ply_exactly_one_wins_every_time(store, url):
    store.create(game())
    outcomes = race(url, 100, lambda s, k: s.append("g1", k, [0]), lambda s, k: s.append("g1", k, [1]))
    assert all(sorted(o) == ["ok", "taken"] for o in outcomes), outcomes
    assert store.get("g1").actions == [0 if o[0] == "ok" else 1 for o in outcomes]


def test_a_move_racing_a_takeback_is_taken_back_or_refused_never_stored_after_a_hole(store, url):
    store.create(game(actions=[0, 0, 0, 0]))

    def check_and_restore(k):
        with store.engine.connect() as conn:
            plies = list(conn.execute(sa.text("SELECT ply FROM moves ORDER BY ply")).scalars())
        assert plies == [0, 1], f"round {k}: plies {plies} stored after the takeback to 2"
        store.append("g1", 2, [0, 0])
    outcomes = race(url, 50, lambda s, k: s.truncate("g1", 2), lambda s, k: s.append("g1", 4, [1]),
                    after_round=check_and_restore)
    assert all(o[0] == "ok" for o in outcomes)


# -- migrations -------------------------------------------------------------------------------
def revision(s):
    with s.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def newest_revision():
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def test_a_fresh_database_gets_the_newest_schema(store):
    assert revision(store) == newest_revision()
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), METADATA)
    assert diff == []                  # the migrations build the tables SqlStore writes


def test_reopening_a_database_keeps_its_games(store, url):
    store.create(game(actions=[5, 6]))
    store.close()
    again = SqlStore(url)
    assert again.get("g1").actions == [5, 6]
    again.close()


def test_processes_opening_a_fresh_database_at_once_migrate_it_once(postgres_url):
    start = threading.Barrier(4)

    def open_store(_):
        start.wait()
        s = SqlStore(postgres_url)
        rev = revision(s)
        s.close()
        return rev
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(open_store, range(4))) == [newest_revision()] * 4


@pytest.mark.parametrize("version", range(len(LEGACY_REVISIONS)))
def test_a_file_of_the_old_store_opens_with_every_game(tmp_path, version):
    path = tmp_path / "games.sqlite"
    db = old_store(path, version)
    add_game(db, "a", actions=[1, 2, 3], draw_offer=1, created=5.0, updated=6.0)
    add_game(db, "b", mode="invite", tokens=["t", "invite:c"], ended={"result": "0-1", "reason": "resigned"},
             created=7.0)
    if version >= 2:                   # the tables' migration: players, ratings, seats
        db.execute("INSERT INTO players VALUES ('pA', 'hash-a', 'Ama', 1.0)")
        db.execute("INSERT INTO ratings VALUES ('pA', 'mancala', 1612.5, 80.0, 0.06, 12)")
        db.execute("UPDATE games SET player_ids = '[\"pA\", null]', rated = 1 WHERE id = 'b'")
    db.commit()
    db.close()
    new = SqlStore(path)
    assert revision(new) == newest_revision()
    assert new.get("a") == StoredGame(id="a", ruleset="oware", mode="local", tokens=["t", "t"],
                                      players=["Ama", "Kofi"], seed=1, created=5.0, updated=6.0,
                                      actions=[1, 2, 3], draw_offer=1)
    b = new.get("b")
    assert (b.tokens, b.ended, b.player_ids, b.rated) == \
        (["t", "invite:c"], {"result": "0-1", "reason": "resigned"}, ["pA" if version >= 2 else None, None],
         version >= 2)
    if version >= 2:
        assert new.player_of_key("hash-a") == ("pA", "Ama")
        assert new.ratings_of("pA") == {"mancala": Rating(1612.5, 80.0, 0.06, 12)}
    new.append("a", 3, [4])
    new.close()
    with sqlite3.connect(path) as raw:             # still a plain SQLite file
        assert raw.execute("SELECT action FROM moves WHERE game_id = 'a' ORDER BY ply").fetchall() == \
            [(1,), (2,), (3,), (4,)]


def test_a_clock_reads_back_and_a_running_one_is_listed_with_its_deadline(store):
    store.create(game(id="a"))
    store.create(game(id="b"))
    assert store.clock_of("a") is None
    store.save_clock("a", {"base": 300.0, "inc": 3.0, "days": None, "left": [290.5, 300.0],
                           "running": 0, "started": 1000.0})
    store.save_clock("b", {"base": 86400.0, "inc": 0.0, "days": 1, "left": [86400.0, 86400.0],
                           "running": None, "started": 1000.0})
    assert store.running_clocks() == [("a", 1290.5)]
    store.save_clock("a", {"base": 300.0, "inc": 3.0, "days": None, "left": [293.5, 280.0],
                           "running": 1, "started": 2000.0})       # saved again: replaced
    assert store.clock_of("a") == {"base": 300.0, "inc": 3.0, "days": None, "left": [293.5, 280.0],
                                   "running": 1, "started": 2000.0}
    assert store.running_clocks() == [("a", 2280.0)]


def test_a_clock_of_the_old_store_survives_the_move_to_the_new_one(tmp_path):
    path = tmp_path / "games.sqlite"
    db = old_store(path, version=1)
    add_game(db, "a")
    db.execute("INSERT INTO clocks VALUES ('a', 900.0, 10.0, NULL, 850.0, 900.0, 1, 5.0)")
    db.commit()
    db.close()
    clock = {"base": 900.0, "inc": 10.0, "days": None, "left": [850.0, 900.0], "running": 1, "started": 5.0}
    assert SqlStore(path).clock_of("a") == clock


def test_a_file_newer_than_the_code_is_refused_untouched(tmp_path):
    path = tmp_path / "games.sqlite"
    old_store(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(LEGACY_REVISIONS)}")
    with pytest.raises(NewerSchema, match="newer than this ludotheque"):
        SqlStore(path)
    with sqlite3.connect(path) as db:
        tables = {t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "alembic_version" not in tables


def test_a_database_migrated_by_a_newer_ludotheque_is_refused_untouched(store, url):
    store.create(game())
    with store.engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = 'from-the-future'"))
    store.close()
    with pytest.raises(NewerSchema, match="newer than this ludotheque"):
        SqlStore(url)
    again = sa.create_engine(engine_url(url))
    with again.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar_one() == "from-the-future"
        assert conn.execute(sa.text("SELECT id FROM games")).scalar_one() == "g1"
    again.dispose()


def test_store_urls(tmp_path):
    assert engine_url(tmp_path / "a" / "g.sqlite").database == str(tmp_path / "a" / "g.sqlite")
    assert (tmp_path / "a").is_dir()
    assert engine_url(f"sqlite:///{tmp_path}/g.sqlite").get_backend_name() == "sqlite"
    assert engine_url("postgresql://u@h:5433/d").drivername == "postgresql+psycopg"
    for bad in ("mysql://u@h/d", ":memory:", "sqlite://"):
        with pytest.raises(ValueError):
            engine_url(bad)


def test_json_fields_are_stored_as_text_like_the_old_store(store):
    store.create(game())
    with store.engine.connect() as conn:
        tokens = conn.execute(sa.text("SELECT tokens FROM games")).scalar_one()
    assert json.loads(tokens) == ["t0", "invite:c1"]
