"""Load test of the browser app: concurrent clocked games between two simulated people each.

    python benchmarks/web_load.py [--games 200] [--seconds 30] [--warmup 5] [--think 1.0]
                                  [--clock 5+3] [--ruleset oware] [--url URL] [--out results.jsonl]
                                  [--db postgresql://USER@HOST:PORT/DB --workers 1,2,4]

Starts `ludotheque serve` in a subprocess on a free port with a fresh SQLite database (unless
--url names a running server). With --db, in the same run, after that SQLite server: `serve
--db URL --workers N` for each N of --workers in turn (N processes behind one port, so the two
players of a game are often on different processes, and a move reaches the other player
through PostgreSQL's NOTIFY). Each of the --games tables is a game by invitation with a clock: the
host creates it, the guest claims the other seat, and each opens a websocket of their own. Each
person answers the other's move: on their turn, after a think time drawn uniformly in
[0, 2 x --think] seconds, they send a random legal move. A move's round trip is the time from
sending it to the mover receiving the new position (sent only once the move is stored in
SQLite and the clocks have been switched). A finished game is followed by a new one at the
same table. Every table is seated before anyone plays; the first --warmup seconds of play
are not measured (the server loads its kernels on the first moves). Then for --seconds the
moves are timed, and the script prints one JSON report: moves, moves per second, p50/p99/max
round trip, how long the other player waited for it (``seen_by_other_ms``: from the mover's
send; ``other_after_mover_ms``: after the mover had it, the cost of reaching another process),
the CPU seconds of the server's processes, of the PostgreSQL server's (its postmaster and
children, when it runs on this machine) and of the client, the load average and CPU pressure (what other
programs cost) and the machine's cores: one JSON report per configuration, in a list.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, workers: int = 1) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ludotheque.cli.main", "serve", "--port", str(port), "--db", db,
                             "--workers", str(workers)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 300
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url + "/api/rulesets", timeout=120).read()
            return proc, url
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"server died: {proc.stderr.read().decode()}")
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")


def processes() -> dict[int, tuple[str, int, float]]:
    """Every process of this machine: pid -> (name, parent pid, user + system CPU seconds so far)."""
    out = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                text = open(f"/proc/{entry}/stat").read()
            except OSError:      # ended meanwhile
                continue
            name = text[text.index("(") + 1:text.rindex(")")]
            fields = text.rsplit(")", 1)[1].split()
            out[int(entry)] = (name, int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    return out


def cpu_seconds(pid: int) -> float:
    """CPU seconds so far of a process and its descendants (uvicorn's workers)."""
    procs = processes()
    tree, grew = {pid}, True
    while grew:
        more = {p for p, (_, parent, _) in procs.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    return sum(procs[p][2] for p in tree if p in procs)


def postmaster(url: str) -> int | None:
    """The pid of the PostgreSQL server of ``url`` if it runs on this machine and we may read
    its data folder, else None."""
    import psycopg
    try:
        with psycopg.connect(url) as conn:
            folder = conn.execute("SHOW data_directory").fetchone()[0]
        with open(os.path.join(folder, "postmaster.pid")) as f:
            return int(f.readline())
    except (psycopg.Error, OSError, ValueError):
        return None


def cpu_pressure() -> float | None:
    """Linux's CPU pressure: the share of the last 10 s when some runnable task waited for a
    core (what the other programs on the machine cost this benchmark), else None."""
    try:
        some = open("/proc/pressure/cpu").readline().split()
        return float(some[1].split("=")[1])
    except (OSError, IndexError, ValueError):
        return None


def client_cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q / 100 * len(xs)))] if xs else float("nan")


class Load:
    def __init__(self, url: str, args: argparse.Namespace) -> None:
        self.url, self.args = url, args
        self.ws_url = url.replace("http", "ws", 1)
        self.latencies: list[float] = []
        self.seen_by_other: list[float] = []       # from the mover's send to the other player's receipt
        self.other_after_mover: list[float] = []   # from the mover's receipt to the other's
        self.sent: dict[tuple[str, int], float] = {}       # (game, ply) -> when its move was sent
        self.acked: dict[tuple[str, int], float] = {}      # (game, ply) -> when its mover had it
        self.seen_at: dict[tuple[str, int], float] = {}    # (game, ply) -> when the other player had it
        self.games = 0
        self.errors: list[str] = []
        self.measure_from = self.stop_at = 0.0
        self.server_pid: int | None = None
        self.db_pid: int | None = None        # PostgreSQL's postmaster, on this machine

    async def new_table(self, http: httpx.AsyncClient) -> tuple[str, list[str]]:
        """A game by invitation with a clock, its guest come: (id, [token seat 0, token seat 1])."""
        r = await http.post("/api/games", json={"ruleset": self.args.ruleset, "mode": "invite",
                                                "clock": self.args.clock, "name": "Host"})
        r.raise_for_status()
        g = r.json()
        r = await http.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "name": "Guest"})
        r.raise_for_status()
        return g["id"], [g["token"], r.json()["token"]]

    async def person(self, game_id: str, token: str, seed: int) -> None:
        """Plays one seat until the game ends or the time is up."""
        rng = random.Random(seed)
        async with websockets.connect(f"{self.ws_url}/ws/{game_id}?token={token}", max_size=2**22) as ws:
            st = json.loads(await ws.recv())
            seat = st["you"][0]
            while not st["result"] and time.monotonic() < self.stop_at:
                if st["to_move"] != seat:
                    ply = st["ply"]
                    st = await self.next_state(ws, st)
                    if st["ply"] > ply:
                        self.other_seen(game_id, ply, time.perf_counter())
                    continue
                if self.args.think:
                    await asyncio.sleep(rng.uniform(0, 2 * self.args.think))
                action = rng.choice(st["legal"])["a"]
                t0 = time.perf_counter()
                ply, measured = st["ply"], time.monotonic() >= self.measure_from
                if measured:
                    self.sent[game_id, ply] = t0
                await ws.send(json.dumps({"type": "move", "action": action, "ply": ply, "token": token}))
                while st["ply"] <= ply:
                    st = await self.next_state(ws, st)
                if measured:
                    self.latencies.append(time.perf_counter() - t0)
                    self.acked[game_id, ply] = time.perf_counter()
                    self.other_seen(game_id, ply, None)

    def other_seen(self, game_id: str, ply: int, at: float | None) -> None:
        """The other player has the move played at ``ply`` (at ``at``), or its mover has it
        (None): once both have, the figures are taken."""
        key = (game_id, ply)
        if at is not None:
            self.seen_at[key] = at
        if key in self.seen_at and key in self.acked:
            t0, seen = self.sent.pop(key), self.seen_at.pop(key)
            self.seen_by_other.append(seen - t0)
            self.other_after_mover.append(seen - self.acked.pop(key))

    async def next_state(self, ws: websockets.ClientConnection, st: dict) -> dict:
        """The next position (a delta: only "moves" are partial, which this player ignores)."""
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "error":
                raise RuntimeError(msg["message"])
            if msg["type"] == "state":
                return msg

    async def table(self, http: httpx.AsyncClient, k: int, first: tuple[str, list[str]], start: asyncio.Event) -> None:
        await start.wait()
        game_id, tokens = first
        while time.monotonic() < self.stop_at:
            try:
                self.games += 1
                await asyncio.gather(*(self.person(game_id, tokens[s], 2 * k + s + self.games * 1000) for s in (0, 1)))
                game_id, tokens = await self.new_table(http)
            except Exception as e:   # counted and reported; the table goes on with a new game
                self.errors.append(f"{type(e).__name__}: {e}"[:200])
                await asyncio.sleep(0.5)
                game_id, tokens = await self.new_table(http)

    async def run(self) -> tuple[float, float, float]:
        """Plays; returns the server's and this client's CPU seconds, and the wall seconds, of
        the measured part."""
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(base_url=self.url, timeout=300, limits=limits) as http:
            firsts = await asyncio.gather(*(self.new_table(http) for _ in range(self.args.games)))
            start = asyncio.Event()
            tables = [asyncio.create_task(self.table(http, k, firsts[k], start)) for k in range(self.args.games)]
            self.measure_from = time.monotonic() + self.args.warmup
            self.stop_at = self.measure_from + self.args.seconds
            start.set()
            await asyncio.sleep(self.args.warmup)
            cpu0, db0, me0, t0 = self.server_cpu(), self.db_cpu(), client_cpu(), time.monotonic()
            await asyncio.gather(*tables)
            return (self.server_cpu() - cpu0, self.db_cpu() - db0, client_cpu() - me0,
                    time.monotonic() - t0)

    def server_cpu(self) -> float:
        return cpu_seconds(self.server_pid) if self.server_pid else float("nan")

    def db_cpu(self) -> float:
        return cpu_seconds(self.db_pid) if self.db_pid else float("nan")


def percentiles(seconds: list[float]) -> dict[str, float | None]:
    ms = [x * 1000 for x in seconds]
    return {"p50": round(pct(ms, 50), 2), "p90": round(pct(ms, 90), 2), "p99": round(pct(ms, 99), 2),
            "max": round(max(ms), 2) if ms else None}


def measure(args: argparse.Namespace, db: str | None, workers: int) -> dict:
    """One configuration: a server started on ``db`` with ``workers`` (or the running --url)."""
    proc = None
    url = args.url
    if url is None:
        proc, url = start_server(db, workers)
    load = Load(url, args)
    load.server_pid = proc.pid if proc else None
    postgres = db is not None and db.startswith("postgresql")
    load.db_pid = postmaster(db) if postgres else None
    try:
        load_before, pressure_before = os.getloadavg(), cpu_pressure()
        cpu, db_cpu, mine, wall = asyncio.run(load.run())
        load_after, pressure_after = os.getloadavg(), cpu_pressure()
    finally:
        if proc:
            proc.terminate()
            proc.wait(60)
    moves = len(load.latencies)
    return {
        "date": time.strftime("%Y-%m-%d %H:%M:%S"), "machine": platform.machine(), "nproc": os.cpu_count(),
        "python": platform.python_version(), "store": "postgresql" if postgres else "sqlite",
        "workers": workers, "ruleset": args.ruleset, "clock": args.clock,
        "tables": args.games, "websockets": 2 * args.games, "games_started": load.games,
        "think_mean_s": args.think, "warmup_s": args.warmup, "seconds": round(wall, 1), "moves": moves,
        "moves_per_s": round(moves / wall, 1),
        "round_trip_ms": percentiles(load.latencies),
        "seen_by_other_ms": percentiles(load.seen_by_other),
        "other_after_mover_ms": percentiles(load.other_after_mover),
        "server_cpu_s": round(cpu, 2) if proc else None,
        "server_cpu_ms_per_move": round(cpu / moves * 1000, 3) if proc and moves else None,
        "postgres_cpu_s": round(db_cpu, 2) if load.db_pid else None,
        "client_cpu_s": round(mine, 2),
        "loadavg_before": [round(x, 2) for x in load_before], "loadavg_after": [round(x, 2) for x in load_after],
        "cpu_pressure_avg10_before": pressure_before, "cpu_pressure_avg10_after": pressure_after,
        "errors": len(load.errors), "first_errors": load.errors[:5],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="tables playing at once")
    ap.add_argument("--seconds", type=float, default=30.0, help="how long the moves are timed")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds of play before the timing starts")
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean seconds a person thinks before a move (0: answer at once)")
    ap.add_argument("--clock", default="5+3", help="time control of every game")
    ap.add_argument("--ruleset", default="oware")
    ap.add_argument("--url", default=None, help="a running server (default: start one)")
    ap.add_argument("--db", default=None, help="also a PostgreSQL store: postgresql://USER@HOST:PORT/DB")
    ap.add_argument("--workers", default="1", help="with --db: server processes, e.g. 1,2,4 (one run each)")
    ap.add_argument("--out", default=None, help="also append the reports to this file (one JSON line each)")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp()
    runs = [(os.path.join(tmp, "load.sqlite"), 1)]
    if args.db and not args.url:
        runs += [(args.db, int(n)) for n in args.workers.split(",")]
    reports = []
    for db, workers in runs:
        reports.append(measure(args, db, workers))
        print(json.dumps(reports[-1]), file=sys.stderr, flush=True)    # progress
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(reports[-1]) + "\n")
    print(json.dumps(reports, indent=2))


if __name__ == "__main__":
    main()
