"""Load test of the browser app: N concurrent websocket games on localhost playing random moves.

    python benchmarks/web_load.py [--games 100] [--moves 60] [--ruleset oware] [--think S] [--url URL]

Starts `ludotheque serve` in a subprocess on a free port with a fresh database (unless --url
names a running server), creates the games over HTTP (same-screen mode: one token plays both
seats), then every game plays random legal moves over its own websocket, all at once. The
latency of a move is the time from sending it to receiving the new position (which the server
sends only after the move is stored in SQLite). Prints p50/p95/p99.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ludotheque.cli.main", "serve", "--port", str(port), "--db", db],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url + "/api/rulesets", timeout=60).read()
            return proc, url
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"server died: {proc.stderr.read().decode()}")
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")


def create_game(url: str, ruleset: str) -> dict:
    req = urllib.request.Request(url + "/api/games", data=json.dumps({"ruleset": ruleset, "mode": "local"}).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req, timeout=120).read())


async def play(url: str, game: dict, moves: int, seed: int, latencies: list[float], think: float) -> int:
    rng = random.Random(seed)
    ws_url = url.replace("http", "ws", 1) + f"/ws/{game['id']}?token={game['token']}"
    played = 0
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        state = json.loads(await ws.recv())
        while played < moves and not state["result"] and state["legal"]:
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            action = rng.choice(state["legal"])["a"]
            t0 = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "action": action, "ply": state["ply"], "token": game["token"]}))
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] == "error":
                    raise RuntimeError(msg["message"])
                if msg["type"] == "state" and msg["ply"] > state["ply"]:
                    break
            latencies.append(time.perf_counter() - t0)
            state = msg
            played += 1
    return played


async def run(url: str, games: list[dict], moves: int, think: float) -> tuple[list[float], float]:
    latencies: list[float] = []
    t0 = time.perf_counter()
    await asyncio.gather(*(play(url, g, moves, i, latencies, think) for i, g in enumerate(games)))
    return latencies, time.perf_counter() - t0


def cpu_seconds(proc: subprocess.Popen | None) -> float:
    """User + system CPU time of a child process so far (Linux), else 0."""
    try:
        fields = open(f"/proc/{proc.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, AttributeError, IndexError, ValueError):
        return 0.0


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q / 100 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--moves", type=int, default=60, help="moves per game at most")
    ap.add_argument("--ruleset", default="oware")
    ap.add_argument("--url", default=None, help="a running server (default: start one)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a player waits before each move (0: as fast as possible)")
    args = ap.parse_args()
    proc = None
    tmp = tempfile.mkdtemp()
    url = args.url
    if url is None:
        proc, url = start_server(os.path.join(tmp, "load.sqlite"))
    server_cpu = None
    try:
        games = [create_game(url, args.ruleset) for _ in range(args.games)]
        cpu0 = cpu_seconds(proc)
        lat, wall = asyncio.run(run(url, games, args.moves, args.think))
        if proc:
            server_cpu = cpu_seconds(proc) - cpu0
    finally:
        if proc:
            proc.terminate()
            proc.wait(10)
    ms = [x * 1000 for x in lat]
    print(f"{args.games} concurrent games of {args.ruleset} (think {args.think} s), {len(ms)} moves in {wall:.1f} s "
          f"({len(ms) / wall:.0f} moves/s)")
    print(f"move round trip: p50 {pct(ms, 50):.1f} ms  p95 {pct(ms, 95):.1f} ms  p99 {pct(ms, 99):.1f} ms  "
          f"mean {statistics.mean(ms):.1f} ms  max {max(ms):.1f} ms")
    if server_cpu:
        print(f"server CPU: {server_cpu:.1f} s, {server_cpu / len(ms) * 1000:.2f} ms per move; "
              f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
