"""Several server processes on one database, for the tests of many tables (issue 24): each
`ludotheque serve` process on a port of its own (so a test picks which process a client talks
to), or `serve --workers N` behind one port; and the clients a test drives them with.

    with Servers(postgres_url, tmp_path) as servers:
        a, b = servers.start(2)                         # two processes, ready to serve
        host = b.post("/api/games", {...})
        with a.socket(game_id, token) as ws:
            state = ws.state(lambda s: s["ply"] == 3)
        b.kill()                                        # kill -9

Waits are for events (a port that answers, a message that comes), bounded only to end a hung
test: never a pace.
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import httpx
from websockets.sync.client import ClientConnection, connect

WAIT = 180          # seconds: bounds a hung server or a lost message, on a loaded machine
STALLED = Path(__file__).with_name("_stalled_serve.py")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(check: Callable[[], Any]) -> Any:
    """Polls ``check`` (a look at the database, say) until it returns something true; that."""
    deadline = time.monotonic() + WAIT
    while not (found := check()):
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.02)          # the next look, not a wait for an outcome
    return found


class Server:
    """One `ludotheque serve` (one process, or uvicorn's master of ``--workers`` processes)."""

    def __init__(self, db: str, log: Path, workers: int = 1, stalled: bool = False) -> None:
        self.db, self.log, self.workers, self.stalled = db, log, workers, stalled
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def launch(self) -> "Server":
        """Starts the process(es); `ready` waits for them."""
        program = [str(STALLED)] if self.stalled else ["-m", "ludotheque.cli.main"]
        with open(self.log, "ab") as log:        # a pipe nobody reads would stall the server
            self.proc = subprocess.Popen(
                [sys.executable, *program, "serve", "--port", str(self.port), "--db", self.db,
                 "--workers", str(self.workers)],
                stdout=log, stderr=log, env=dict(os.environ, COLUMNS="200"),
                start_new_session=True)     # its own process group: uvicorn's workers with it
        return self

    def ready(self) -> "Server":
        """Returns once the port serves the API."""
        assert self.proc is not None
        deadline = time.monotonic() + WAIT
        while True:
            try:
                if httpx.get(self.url + "/api/messages", timeout=WAIT).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            assert self.proc.poll() is None, f"the server ended:\n{self.log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"the server did not start:\n{self.log.read_text()[-3000:]}"
            time.sleep(0.05)      # polling the port: the next try, not a wait for an outcome

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def kill(self) -> None:
        """kill -9 (of every worker): the processes end at once, in the middle of whatever
        they were doing."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(WAIT)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(WAIT)

    # -- clients --------------------------------------------------------------------------
    def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        r = httpx.post(self.url + path, json=body, timeout=WAIT)
        assert r.status_code == status, r.text
        return r.json()

    def get(self, path: str) -> dict[str, Any]:
        r = httpx.get(self.url + path, timeout=WAIT)
        assert r.status_code == 200, r.text
        return r.json()

    @contextlib.contextmanager
    def socket(self, game_id: str, token: str = "") -> Iterator["Socket"]:
        url = f"ws://127.0.0.1:{self.port}/ws/{game_id}?token={token}"
        with connect(url, max_size=2**22, open_timeout=WAIT) as ws:
            yield Socket(ws, token)


class Socket:
    """A game's websocket as a page holds it: ``last`` is the latest full position known
    (deltas folded in, as the page does)."""

    def __init__(self, ws: ClientConnection, token: str) -> None:
        self.ws, self.token = ws, token
        self.last = self.receive()
        self.you = self.last["you"]

    def receive(self) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(WAIT))
        if msg.get("type") == "state" and "moves_from" in msg:    # a delta: the new moves only
            assert msg["moves_from"] <= len(self.last["moves"]), "a delta skipped moves"
            msg["moves"] = self.last["moves"][:msg["moves_from"]] + msg["moves"]
        if msg.get("type") == "state":
            self.last = msg
        return msg

    def state(self, until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first position (this one included) that satisfies ``until``."""
        while not until(self.last):
            msg = self.receive()
            assert msg.get("type") in ("state", "pong"), msg
        return self.last

    def send(self, kind: str, **fields: Any) -> None:
        self.ws.send(json.dumps({"type": kind, "token": self.token, **fields}))

    def command(self, kind: str, **fields: Any) -> dict[str, Any] | None:
        """Sends a command and returns its error reply, if any: a ping follows it, and the
        server answers a socket's messages in order."""
        self.send(kind, **fields)
        self.send("ping")
        error = None
        while (msg := self.receive())["type"] != "pong":
            if msg["type"] == "error":
                error = msg
        return error

    def move(self, action: int | None = None) -> dict[str, Any] | None:
        """Plays ``action`` (default: the first legal) at the latest position; the error, if any."""
        st = self.last
        return self.command("move", action=st["legal"][0]["a"] if action is None else action, ply=st["ply"])


class Servers:
    """The server processes of one test, on one database, all stopped at the end."""

    def __init__(self, db: str, folder: Path) -> None:
        self.db, self.folder = db, folder
        self.all: list[Server] = []

    def start(self, n: int = 1, workers: int = 1, stalled: bool = False) -> list[Server]:
        """``n`` new servers, started together, serving: each one process, or ``workers``
        behind one port (``stalled``: their computer players think forever, see
        _stalled_serve.py)."""
        new = [Server(self.db, self.folder / f"server{len(self.all) + k}.log", workers, stalled).launch()
               for k in range(n)]
        self.all += new
        return [server.ready() for server in new]

    def __enter__(self) -> "Servers":
        return self

    def __exit__(self, *exc: object) -> None:
        for server in self.all:
            server.stop()
