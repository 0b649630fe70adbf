"""`ludotheque serve`: the browser app on uvicorn."""
from __future__ import annotations

import argparse
import socket
from pathlib import Path
from typing import Any

from .errors import UsageError
from .paths import data_dir

MAX_PORT = 65535
SQLITE_HEADER = b"SQLite format 3\x00"     # the first 16 bytes of every SQLite database


def add_parser(subparsers: Any) -> None:
    s = subparsers.add_parser("serve", help="play in the browser (against the computer, on one screen, or by link)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--db", default=None, help="saved-games database (default: DATA_DIR/games.sqlite)")
    s.set_defaults(func=cmd_serve)


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


def cmd_serve(args: argparse.Namespace, console: Any) -> int:
    import uvicorn

    from ..web import create_app, server_config

    db = Path(args.db) if args.db else data_dir() / "games.sqlite"
    check_db(db)
    check_address(args.host, args.port)
    app = create_app(db)
    host = f"[{args.host}]" if ":" in args.host else args.host
    console.print(f"ludotheque: open http://{host}:{args.port}/  (saved games: {db})")
    uvicorn.Server(server_config(app, args.host, args.port)).run()   # bounded frames and headers
    return 0
