"""`ludotheque serve --workers N --db URL`: what is refused before any server starts (several
processes on one SQLite file, a database out of reach, bad settings), the schema brought up to
date once before the workers start, and the settings each worker process gets through the
environment."""
import warnings

import pytest
import sqlalchemy as sa
import uvicorn

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ludotheque.cli import serve
from ludotheque.cli.main import main, parser

PG = "postgresql://ludo:secret@db.example:5432/games"


@pytest.fixture
def run(capsys, monkeypatch):
    """``ludotheque ARGS…`` in English with uvicorn stubbed out: (exit code, stdout, stderr,
    the uvicorn.run calls)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    for var in (serve.ENV_DB, serve.ENV_MAX_LIVE, "LUDOTHEQUE_LIMIT_CREATE"):
        monkeypatch.delenv(var, raising=False)      # restored after the test
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: calls.append((a, kw)))

    def run(*args):
        code = main(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err, calls
    return run


def test_workers_and_a_database_url_are_arguments():
    args = parser().parse_args(["serve", "--workers", "4", "--db", PG, "--max-live", "50"])
    assert (args.workers, args.db, args.max_live) == (4, PG, 50)
    assert parser().parse_args(["serve"]).workers == 1


def test_several_workers_on_an_sqlite_file_are_refused(run, tmp_path):
    for db in ([], ["--db", str(tmp_path / "games.sqlite")]):
        code, out, err, calls = run("serve", "--workers", "2", *db)
        assert code == 2 and not calls
        assert "--workers 2" in err and "PostgreSQL" in err and "SQLite" in err


def test_a_count_of_workers_or_games_below_one_is_refused(run):
    assert run("serve", "--workers", "0")[:1] == (2,)
    code, out, err, calls = run("serve", "--max-live", "0")
    assert code == 2 and "--max-live" in err and not calls


def test_a_database_out_of_reach_is_refused_clearly_before_any_worker_starts(run):
    code, out, err, calls = run("serve", "--workers", "2", "--db", "postgresql://ludo:secret@127.0.0.1:1/games")
    assert code == 2 and not calls
    assert err.startswith("ludotheque: error: cannot open the store postgresql://ludo:***@127.0.0.1:1/games")
    assert "secret" not in err and "Traceback" not in err


def test_refusals_are_in_french_for_a_french_locale(run, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, err, calls = run("serve", "--workers", "3")
    assert code == 2 and "plusieurs processus serveurs" in err


def test_a_bad_limit_setting_is_named_before_anything_starts(run, monkeypatch):
    monkeypatch.setenv("LUDOTHEQUE_LIMIT_CREATE", "lots")
    code, out, err, calls = run("serve")
    assert code == 2 and "LUDOTHEQUE_LIMIT_CREATE" in err and not calls


def test_workers_on_postgresql_run_as_uvicorn_workers_of_one_app_factory(run, postgres_url):
    url = postgres_url.replace("postgres@", "postgres:secret@")     # trust login: any password
    code, out, err, calls = run("serve", "--workers", "3", "--db", url, "--port", "8123")
    assert code == 0, err
    [(args, kw)] = calls
    assert args == ("ludotheque.cli.serve:app_from_env",)
    assert (kw["factory"], kw["workers"], kw["port"], kw["ws_max_size"]) == (True, 3, 8123, 16384)
    assert serve.os.environ[serve.ENV_DB] == url
    assert "secret" not in out and "http://127.0.0.1:8123/" in out
    engine = sa.create_engine(postgres_url.replace("postgresql:", "postgresql+psycopg:"))
    with engine.connect() as conn:                   # migrated once, before any worker
        assert {"games", "moves", "players", "alembic_version"} <= set(sa.inspect(conn).get_table_names())
    engine.dispose()
    with TestClient(serve.app_from_env()) as client:     # what each worker builds
        g = client.post("/api/games", json={"ruleset": "oware", "mode": "local"}).json()
        assert client.get(f"/api/games/{g['id']}").json()["ply"] == 0


def test_one_worker_on_sqlite_serves_the_app_its_environment_describes(run, tmp_path, monkeypatch):
    db = tmp_path / "games.sqlite"
    code, out, err, calls = run("serve", "--db", str(db), "--max-live", "7")
    assert code == 0, err
    assert calls[0][1]["workers"] == 1
    monkeypatch.setenv("LUDOTHEQUE_LIMIT_CREATE", "1/3600")
    with TestClient(serve.app_from_env()) as client:     # what uvicorn's factory builds
        assert client.app.state.manager.sessions.capacity == 7
        body = {"ruleset": "oware", "mode": "local"}
        assert client.post("/api/games", json=body).status_code == 200
        assert client.post("/api/games", json=body).status_code == 429
    assert db.exists()
