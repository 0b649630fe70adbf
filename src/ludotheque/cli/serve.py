"""`ludotheque serve`: the browser app on uvicorn, in one process or ``--workers N`` processes
on one port (PostgreSQL only: an SQLite file is written by one process).

Each worker builds its app from the environment (`app_from_env`), which `cmd_serve` fills in
from the command line: LUDOTHEQUE_DB, LUDOTHEQUE_MAX_LIVE, and the LUDOTHEQUE_LIMIT_* settings
of web/limits.py.
"""
from __future__ import annotations

import argparse
import os
import socket
from pathlib import Path
from typing import Any

from .errors import UsageError
from .i18n import default_lang, tr
from .paths import data_dir

ENV_DB = "LUDOTHEQUE_DB"
ENV_MAX_LIVE = "LUDOTHEQUE_MAX_LIVE"
MAX_PORT = 65535
SQLITE_HEADER = b"SQLite format 3\x00"     # the first 16 bytes of every SQLite database


def add_parser(subparsers: Any) -> None:
    s = subparsers.add_parser("serve", help="play in the browser (against the computer, on one screen, or by link)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--db", default=None, help="saved games: an SQLite file (default: "
                   "DATA_DIR/games.sqlite) or postgresql://USER@HOST:PORT/DATABASE")
    s.add_argument("--workers", type=int, default=1, help="server processes on the port "
                   "(more than 1 needs a PostgreSQL --db)")
    s.add_argument("--max-live", type=int, default=None, help="games each process keeps in "
                   "memory (default 2000; the others reload from the store when opened)")
    s.set_defaults(func=cmd_serve)


def app_from_env() -> Any:
    """The app of one server process, set up by the environment (uvicorn's factory)."""
    from ..web import create_app
    from ..web.limits import Limits
    from ..web.live import MAX_LIVE
    return create_app(os.environ[ENV_DB], max_live=int(os.environ.get(ENV_MAX_LIVE, MAX_LIVE)),
                      limits=Limits.from_env())


def check_address(host: str, port: int) -> None:
    """UsageError unless the server can listen on ``host:port``: uvicorn would hang on a port
    past 65535 and end with its own message on a bad host, after the app is made."""
    if not 1 <= port <= MAX_PORT:
        raise UsageError(f"--port is 1 to {MAX_PORT}, not {port}")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as uvicorn does
            probe.bind(address)
    except (OSError, UnicodeError) as e:      # gaierror is an OSError; UnicodeError: IDNA
        raise UsageError(f"cannot listen on {host} port {port}: {getattr(e, 'strerror', None) or e}") from None


def check_db(db: Path) -> None:
    """UsageError unless ``db`` is an SQLite database or a file SQLite can make there."""
    if db.exists() and not db.is_file():
        raise UsageError(f"--db {db} is a folder or a special file, not a database file")
    if db.is_file():
        with open(db, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
        if head and head != SQLITE_HEADER:          # an empty file becomes a database
            raise UsageError(f"--db {db} is not an SQLite database")


def check_store(db: str, lang: str) -> None:
    """Opens the store once, bringing its schema up to date: UsageError if it cannot be opened
    (a database server out of reach, a refused login, a newer schema), before any worker starts."""
    import sqlalchemy as sa

    from ..records.sqlstore import NewerSchema, SqlStore
    from .copy_store import without_password
    try:
        SqlStore(db).close()
    except (ValueError, sa.exc.DBAPIError, NewerSchema) as e:
        error = str(getattr(e, "orig", None) or e).strip()
        raise UsageError(tr(lang, "serve_bad_db", db=without_password(db), error=error)) from None


def cmd_serve(args: argparse.Namespace, console: Any) -> int:
    import uvicorn

    from ..web.app import SERVER_SETTINGS
    from ..web.bus import is_postgres
    from ..web.limits import Limits
    from .copy_store import without_password

    lang = default_lang()
    db = args.db or str(data_dir() / "games.sqlite")
    if args.workers < 1:
        raise UsageError(tr(lang, "serve_workers_count"))
    if args.max_live is not None and args.max_live < 1:
        raise UsageError(tr(lang, "serve_max_live"))
    if args.workers > 1 and not is_postgres(db):
        raise UsageError(tr(lang, "serve_workers_sqlite", workers=args.workers))
    try:
        Limits.from_env()           # a bad setting is named here, not in each worker
    except ValueError as e:
        raise UsageError(str(e)) from None
    if not is_postgres(db):
        check_db(Path(db))
    check_store(db, lang)
    check_address(args.host, args.port)
    os.environ[ENV_DB] = db         # the workers (and uvicorn's own process) read it
    if args.max_live is not None:
        os.environ[ENV_MAX_LIVE] = str(args.max_live)
    host = f"[{args.host}]" if ":" in args.host else args.host
    console.print(f"ludotheque: open http://{host}:{args.port}/  (saved games: {without_password(db)})",
                  markup=False, highlight=False)
    uvicorn.run("ludotheque.cli.serve:app_from_env", factory=True, host=args.host, port=args.port,
                workers=args.workers, **SERVER_SETTINGS)    # bounded frames and headers
    return 0
