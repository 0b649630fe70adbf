"""`ludotheque copy-store SQLITE_FILE postgresql://…`: every saved game of an SQLite store into
PostgreSQL (or any store), to move a server from one machine's file to a database server."""
from __future__ import annotations

import argparse
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

from .errors import UsageError
from .i18n import default_lang, tr


def add_parser(sub: Any) -> None:
    s = sub.add_parser("copy-store", help="copy every saved game of an SQLite file into a "
                                          "PostgreSQL database (the file is left unchanged)")
    s.add_argument("source", help="the SQLite file (`ludotheque serve`'s DATA_DIR/games.sqlite)")
    s.add_argument("dest", help="postgresql://USER@HOST:PORT/DATABASE (or another SQLite file)")
    s.set_defaults(func=cmd_copy_store)


def cmd_copy_store(args: argparse.Namespace, console: Any) -> int:
    import sqlalchemy as sa

    from ..records.sqlstore import GamesExist, NewerSchema, SqlStore, copy_games
    lang = default_lang()
    with tempfile.TemporaryDirectory() as tmp:
        # a snapshot is read and brought to the newest schema: the source is only read, even
        # while a server writes to it
        snapshot = Path(tmp) / "games.sqlite"
        try:
            uri = Path(args.source).resolve().as_uri() + "?mode=ro"
            with closing(sqlite3.connect(uri, uri=True)) as src, \
                    closing(sqlite3.connect(snapshot)) as copy:
                src.backup(copy)
            source = SqlStore(snapshot)
        except (sqlite3.Error, sa.exc.DBAPIError, NewerSchema) as e:
            raise UsageError(tr(lang, "copy_bad_source", source=args.source, error=str(e))) from None
        shown = without_password(args.dest)
        try:
            dest = SqlStore(args.dest)
        except (ValueError, sa.exc.DBAPIError, NewerSchema) as e:
            error = str(getattr(e, "orig", None) or e).strip()
            source.close()
            raise UsageError(tr(lang, "copy_bad_dest", dest=shown, error=error)) from None
        try:
            games, moves = copy_games(source, dest)
        except GamesExist:
            raise UsageError(tr(lang, "copy_exists", dest=shown, source=args.source)) from None
        finally:
            source.close()
            dest.close()
    console.print(tr(lang, "copy_done", games=games, moves=moves, source=args.source, dest=shown),
                  markup=False, highlight=False)
    return 0


def without_password(target: str) -> str:
    """A store's URL as typed, its password hidden (a plain path as it is)."""
    import sqlalchemy as sa
    try:
        return sa.make_url(target).render_as_string(hide_password=True)
    except sa.exc.ArgumentError:
        return target
