"""`ludotheque serve`: the browser app on uvicorn."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .paths import data_dir


def add_parser(subparsers: Any) -> None:
    s = subparsers.add_parser("serve", help="play in the browser (against the computer, on one screen, or by link)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--db", default=None, help="saved-games database (default: DATA_DIR/games.sqlite)")
    s.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace, console: Any) -> int:
    import uvicorn

    from ..web import create_app, server_config

    db = Path(args.db) if args.db else data_dir() / "games.sqlite"
    app = create_app(db)
    host = f"[{args.host}]" if ":" in args.host else args.host
    console.print(f"ludotheque: open http://{host}:{args.port}/  (saved games: {db})")
    uvicorn.Server(server_config(app, args.host, args.port)).run()   # bounded frames and headers
    return 0
