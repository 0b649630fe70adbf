"""`ludotheque serve`, run as a user would: it prints the URL and serves the app."""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

from ludotheque.cli.main import parser


def test_serve_is_a_subcommand_with_defaults():
    args = parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)


def test_serve_prints_the_url_and_keeps_games_in_the_database(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path / "games.sqlite"
    env = dict(os.environ, COLUMNS="200")
    proc = subprocess.Popen([sys.executable, "-m", "ludotheque.cli.main", "serve", "--port", str(port),
                             "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.time() + 120
        while True:
            try:
                page = urllib.request.urlopen(url + "/", timeout=30).read().decode()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read()
                assert time.time() < deadline, "the server did not start"
                time.sleep(0.2)
        assert "<main" in page
        req = urllib.request.Request(url + "/api/games", data=json.dumps({"ruleset": "oware", "mode": "local"}).encode(),
                                     headers={"Content-Type": "application/json"})
        game = json.loads(urllib.request.urlopen(req, timeout=60).read())
        assert game["id"]
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in out
    assert db.exists()


# -- a live server in its own process ---------------------------------------------------------
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db, port=None):
    """`ludotheque serve` in a subprocess; returns (process, url) once it answers."""
    port = port or free_port()
    with open(db.with_suffix(".log"), "a") as log:        # a pipe nobody reads would stall it
        proc = subprocess.Popen([sys.executable, "-m", "ludotheque.cli.main", "serve", "--port", str(port),
                                 "--db", str(db)], stdout=subprocess.PIPE, stderr=log, text=True,
                                env=dict(os.environ, COLUMNS="200"))
    assert "http://" in proc.stdout.readline()           # printed just before uvicorn binds
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 120
    while True:                                           # until the port accepts
        try:
            socket.create_connection(("127.0.0.1", port), timeout=30).close()
            return proc, url
        except OSError:
            assert proc.poll() is None, db.with_suffix(".log").read_text()
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.05)


def stop_server(proc):
    proc.terminate()
    try:
        proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()


class Client:
    """One websocket to a game; keeps the full move list from the server's deltas."""

    def __init__(self, url, game):
        self.url, self.game, self.moves, self.state = url, game, [], None

    async def __aenter__(self):
        import websockets
        ws_url = self.url.replace("http", "ws", 1) + f"/ws/{self.game['id']}?token={self.game['token']}"
        self.ws = await websockets.connect(ws_url, max_size=2**22)
        await self.next("state")
        return self

    async def __aexit__(self, *exc):
        await self.ws.close()

    async def next(self, kind):
        while True:
            m = json.loads(await self.ws.recv())
            if m["type"] == "state":
                if "moves_from" in m:
                    m["moves"] = self.moves[:m["moves_from"]] + m["moves"]
                self.moves, self.state = m["moves"], m
            if m["type"] == kind:
                return m

    async def send(self, **msg):
        await self.ws.send(json.dumps({**msg, "token": self.game["token"]}))


async def create(url, **body):
    import httpx
    async with httpx.AsyncClient(timeout=600) as http:
        r = await http.post(url + "/api/games", json=body)
        assert r.status_code == 200, r.text
        return r.json()


def test_pings_are_answered_while_the_computer_starts_and_thinks_on_dara(tmp_path):
    """Another game's pings keep answering while a Dara game is loaded and the computer
    (expert) searches its first move: the engine never runs on the server's event loop."""
    import asyncio
    proc, url = start_server(tmp_path / "games.sqlite")

    async def scenario():
        latencies = []
        other = await create(url, ruleset="oware", mode="local")
        async with Client(url, other) as pinger:
            done = asyncio.Event()

            async def ping():     # through the whole search, and at least 60 times
                while not done.is_set() or len(latencies) < 60:
                    t0 = time.perf_counter()
                    await pinger.send(type="ping")
                    await pinger.next("pong")
                    latencies.append(time.perf_counter() - t0)

            task = asyncio.create_task(ping())
            dara = await create(url, ruleset="dara", mode="ai", level="expert", seat=1)
            async with Client(url, dara) as player:
                while not player.moves:                   # the computer's first move
                    await player.next("state")
            done.set()
            await task
        return latencies

    try:
        latencies = sorted(asyncio.run(scenario()))
    finally:
        stop_server(proc)
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    assert len(latencies) > 50 and p99 < 0.2, (len(latencies), p99, latencies[-5:])


def test_every_acknowledged_move_survives_a_sigkill(tmp_path):
    import asyncio
    import random
    import signal
    db = tmp_path / "games.sqlite"
    proc, url = start_server(db)
    acknowledged = {}

    async def play(game, rng, stop):
        async with Client(url, game) as c:
            while not stop.is_set() and not c.state["result"]:
                if not c.state["legal"] or c.state["to_move"] not in c.state["you"]:
                    await c.next("state")
                    continue
                ply = c.state["ply"]
                await c.send(type="move", action=rng.choice(c.state["legal"])["a"], ply=ply)
                while c.state["ply"] == ply:
                    await c.next("state")
                acknowledged[game["id"]] = [m["n"] for m in c.moves]

    async def scenario():
        games = [await create(url, ruleset=r, mode=m, level="random")
                 for r, m in (("oware", "local"), ("puluc", "local"), ("dara", "local"), ("oware", "ai"))]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(play(g, random.Random(i), stop)) for i, g in enumerate(games)]
        while sum(len(v) for v in acknowledged.values()) < 60:
            await asyncio.wait(tasks, timeout=1, return_when=asyncio.FIRST_COMPLETED)
            assert not any(t.done() and t.exception() for t in tasks)
        proc.send_signal(signal.SIGKILL)                   # in the middle of the games
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return games

    try:
        games = asyncio.run(scenario())
    finally:
        proc.kill()
        proc.communicate()
    proc, url = start_server(db)
    try:
        for g in games:
            with urllib.request.urlopen(f"{url}/api/games/{g['id']}", timeout=120) as r:
                moves = [m["n"] for m in json.loads(r.read())["moves"]]
            seen = acknowledged.get(g["id"], [])
            assert moves[:len(seen)] == seen, g
    finally:
        stop_server(proc)


def test_oversized_requests_are_refused_while_they_are_read(tmp_path):
    import asyncio

    import websockets
    proc, url = start_server(tmp_path / "games.sqlite")
    port = int(url.rsplit(":", 1)[1])

    def post(headers, body_chunks):
        with socket.create_connection(("127.0.0.1", port), timeout=120) as s:
            s.sendall(("POST /api/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       + headers + "\r\n").encode())
            for chunk in body_chunks:
                s.sendall(chunk)
            return s.recv(4096).decode(errors="replace")

    async def big_frame():
        game = await create(url, ruleset="oware", mode="local")
        async with Client(url, game) as c:
            await c.ws.send("x" * 200_000)
            try:
                await c.next("state")
            except websockets.ConnectionClosed as e:
                return e.rcvd.code if e.rcvd else None
        return None

    try:
        # 100 MB announced, 64 kB sent: refused at once, the rest never read
        reply = post("Content-Length: 100000000\r\n", [b"{" * 65536])
        assert reply.startswith("HTTP/1.1 413"), reply
        # no length announced: refused once 2 MB have arrived, before the body ends
        chunk = b"40000\r\n" + b" " * 0x40000 + b"\r\n"
        reply = post("Transfer-Encoding: chunked\r\n", [chunk] * 12)
        assert reply.startswith("HTTP/1.1 413"), reply
        assert asyncio.run(big_frame()) == 1009          # "message too big", with a close frame
        with urllib.request.urlopen(url + "/api/rulesets", timeout=120) as r:
            assert r.status == 200                        # alive
    finally:
        stop_server(proc)
