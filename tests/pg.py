"""A throwaway PostgreSQL cluster for the tests: initdb + pg_ctl in a temporary folder, on a
free port of 127.0.0.1, its unix socket in that folder; stopped and removed by `stop`. Never a
system-wide cluster.

    with Cluster() as pg:
        url = pg.create_database()     # postgresql://postgres@127.0.0.1:PORT/t_...

As root (CI runs as root, and initdb refuses it) the cluster runs as ``nobody``.
`python tests/pg.py` starts one and prints its URL until Ctrl-C (for trying the server by hand).
"""
from __future__ import annotations

import atexit
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any


def bin_dir() -> Path:
    """The newest installed PostgreSQL's programs (Debian keeps them off PATH), else PATH's."""
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                  key=lambda p: int(Path(p).parent.parent.name))
    if dirs:
        return Path(dirs[-1]).parent
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    raise RuntimeError("the tests need PostgreSQL's server programs (initdb, pg_ctl); install "
                       "them with:  sudo apt-get install -y postgresql")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One PostgreSQL server of its own; `url` is its ``postgres`` database (trust login as
    the superuser ``postgres``)."""

    def __init__(self) -> None:
        self.bin = bin_dir()
        # under /tmp: a unix socket's path is short (107 bytes at most), and nobody can reach it
        self.dir = Path(tempfile.mkdtemp(prefix="ludo-pg-", dir="/tmp"))
        self.data = self.dir / "data"
        self.port = 0
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:          # initdb will not run as root: the cluster is nobody's
            nobody = pwd.getpwnam("nobody")
            os.chown(self.dir, nobody.pw_uid, nobody.pw_gid)
            self._as = {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        out = subprocess.run([str(self.bin / args[0]), *args[1:]], cwd=self.dir, **self._as,
                             stdin=subprocess.DEVNULL, capture_output=True, text=True)
        if out.returncode:
            log = self.dir / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{args[0]} failed ({out.returncode}):\n{out.stdout}{out.stderr}{tail}")

    def start(self) -> "Cluster":
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        atexit.register(self.stop)    # a test run that ends without the fixture's finaliser
        return self

    def _start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "--no-locale", "-E", "UTF8", "--no-sync")
        for attempt in range(5):      # another process may take the free port first
            self.port = free_port()
            # later lines win: a retry on another port overrides the one before
            settings = (f"port = {self.port}\nlisten_addresses = '127.0.0.1'\n"
                        f"unix_socket_directories = '{self.dir}'\n"
                        "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
                        "shared_buffers = 16MB\nmax_connections = 200\n")
            with open(self.data / "postgresql.conf", "a") as f:
                f.write(settings)
            try:
                self._run("pg_ctl", "start", "-w", "-t", "120", "-D", str(self.data),
                          "-l", str(self.dir / "log"))
                break
            except RuntimeError:
                if attempt == 4:
                    raise

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "stop", "-w", "-m", "immediate", "-D", str(self.data))
        shutil.rmtree(self.dir, ignore_errors=True)
        atexit.unregister(self.stop)

    def __enter__(self) -> "Cluster":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def create_database(self) -> str:
        """A new empty database; its URL."""
        name = "t_" + secrets.token_hex(6)
        self.sql(f"CREATE DATABASE {name}")
        return self.url.rsplit("/", 1)[0] + "/" + name

    def drop_database(self, url: str) -> None:
        self.sql(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")

    def sql(self, statement: str) -> None:
        import psycopg
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(statement)


if __name__ == "__main__":
    import threading
    with Cluster() as pg:
        print(pg.url, flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
