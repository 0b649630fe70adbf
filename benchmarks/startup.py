"""What a person waits for from process start: import, first legal move, first `expert` move.

For every ruleset, in fresh processes: once with an empty compile cache (the first run after
install, each ruleset in a cache of its own) and once with a warm one (after `ludotheque
warmup`). Also the cold warm-up of every family (`ludotheque warmup` into an empty cache, on
all cores: wall and CPU seconds, with the load average). Times are wall seconds from the start of the process (interpreter start-up
included); the expert column is the time to the first move of the `expert` level, whose own
time budget is given beside it.

The server: `ludotheque serve` from process start until it answers, cold and warm; and the
round trip of websocket pings in one game (p50/p99/max) while another client starts a Dara
game against `expert` and waits for its first move: with an empty cache (Dara compiles in the
server's worker threads) and with a warm one.

Usage: python benchmarks/startup.py [--rulesets oware dara ...] [--no-cold] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

FIRST_GAME = r'''
import json, sys, time
t0 = time.perf_counter()
import ludotheque
from ludotheque.ai import make_agent
from ludotheque.ai.levels import level_spec
t_import = time.perf_counter()
game = ludotheque.load(sys.argv[1])
state = game.initial_state(0)
state.legal_actions()
t_legal = time.perf_counter()
while state.is_chance_node:
    state = state.apply(state.legal_actions()[0])
make_agent("expert").choose(state)
t_expert = time.perf_counter()
print(json.dumps({"import": t_import - t0, "legal": t_legal - t0, "expert": t_expert - t0,
                  "expert_agent": level_spec(sys.argv[1], "expert")}))
'''


def first_game(ruleset: str, cache: Path, src: Path | None = None) -> dict[str, float | str]:
    """``src``: another checkout's sources (an earlier commit), whose numba cache is put in
    ``cache`` through NUMBA_CACHE_DIR."""
    env = dict(os.environ, LUDOTHEQUE_CACHE=str(cache))
    env.pop("NUMBA_CACHE_DIR", None)
    if src is not None:
        env.update(PYTHONPATH=str(src), NUMBA_CACHE_DIR=str(cache))
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", FIRST_GAME, ruleset], env=env,
                         capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    row = json.loads(out.stdout)
    startup = wall - (row["expert"])          # interpreter start-up before the script ran
    return {k: (round(v + startup, 2) if isinstance(v, float) else v) for k, v in row.items()}


def warmup(cache: Path) -> dict[str, float]:
    """`ludotheque warmup` on every core: wall seconds, and CPU seconds of all its processes
    (the measure on a shared machine), with the load average before and after."""
    env = dict(os.environ, LUDOTHEQUE_CACHE=str(cache))
    env.pop("NUMBA_CACHE_DIR", None)
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "ludotheque.cli.main", "warmup", "--json"], env=env,
                   capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {"seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
            "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server(cache: Path, db: Path) -> dict[str, float]:
    """Start-up time of `ludotheque serve` and ping latency while a Dara game starts."""
    import asyncio

    import httpx
    import websockets
    env = dict(os.environ, LUDOTHEQUE_CACHE=str(cache), COLUMNS="200")
    env.pop("NUMBA_CACHE_DIR", None)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    t0 = time.perf_counter()
    with open(db.with_suffix(".log"), "a") as log:
        proc = subprocess.Popen([sys.executable, "-m", "ludotheque.cli.main", "serve", "--port",
                                 str(port), "--db", str(db)], stdout=log, stderr=log, env=env)
    try:
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=60):
                    break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(db.with_suffix(".log").read_text()) from None
                time.sleep(0.02)
        answered = time.perf_counter() - t0

        async def scenario() -> tuple[list[float], float]:
            async with httpx.AsyncClient(timeout=600) as http:
                other = (await http.post(url + "/api/games",
                                         json={"ruleset": "oware", "mode": "local"})).json()
                ws_url = url.replace("http", "ws", 1)
                latencies: list[float] = []
                async with websockets.connect(f"{ws_url}/ws/{other['id']}?token="
                                              f"{other['token']}", max_size=2**22) as pinger:
                    await pinger.recv()
                    done = asyncio.Event()

                    async def ping() -> None:
                        while not done.is_set():
                            t = time.perf_counter()
                            await pinger.send(json.dumps({"type": "ping", "token": other["token"]}))
                            while json.loads(await pinger.recv())["type"] != "pong":
                                pass
                            latencies.append(time.perf_counter() - t)

                    task = asyncio.create_task(ping())
                    t_dara = time.perf_counter()
                    dara = (await http.post(url + "/api/games", json={
                        "ruleset": "dara", "mode": "ai", "level": "expert", "seat": 1})).json()
                    async with websockets.connect(f"{ws_url}/ws/{dara['id']}?token="
                                                  f"{dara['token']}", max_size=2**22) as player:
                        while True:
                            m = json.loads(await player.recv())
                            if m["type"] == "state" and m.get("ply", 0) > 0:
                                break
                    first_move = time.perf_counter() - t_dara
                    during_import = len(latencies)
                    t_import = time.perf_counter()
                    imported = await http.post(url + "/api/import", json={"text": big_record})
                    import_seconds = time.perf_counter() - t_import
                    if imported.status_code != 200:
                        raise RuntimeError(f"the 1 MB record was refused: {imported.text}")
                    import_pings = latencies[during_import:]
                    done.set()
                    await task
            return latencies, first_move, import_pings, import_seconds

        big_record = one_megabyte_record()
        latencies, first_move, import_pings, import_seconds = asyncio.run(scenario())
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    def pick(values: list[float], q: float) -> float:
        values = sorted(values)
        return round(1000 * values[int(q * (len(values) - 1))], 1) if values else float("nan")
    return {"answers_after_s": round(answered, 2), "dara_first_move_s": round(first_move, 2),
            "pings": len(latencies), "ping_p50_ms": pick(latencies, 0.5),
            "ping_p99_ms": pick(latencies, 0.99), "ping_max_ms": pick(latencies, 1.0),
            "import_1mb_s": round(import_seconds, 2), "import_pings": len(import_pings),
            "import_ping_p99_ms": pick(import_pings, 0.99),
            "import_ping_max_ms": pick(import_pings, 1.0)}


def one_megabyte_record() -> str:
    """A text record of about 1 MB (the web import's limit): a random game of Nam-Nam, the
    longest random games (about 600 actions), each move followed by a long comment."""
    import random

    from ludotheque.core import registry
    from ludotheque.records import GameRecord
    game, rng = registry.load("oware/nam-nam"), random.Random(1)
    state, actions = game.initial_state(), []
    while not state.is_terminal and len(actions) < 2000:
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    head, _, moves = GameRecord(game.id, actions, ["a", "b"]).to_text().partition("\n\n")
    tokens = moves.split()
    pad = "{" + "a commented move " * ((990_000 // len(tokens)) // 17) + "}"
    return head + "\n\n" + " ".join(f"{tok} {pad}" for tok in tokens)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rulesets", nargs="*")
    ap.add_argument("--no-cold", action="store_true", help="skip the empty-cache runs")
    ap.add_argument("--no-server", action="store_true", help="skip the server runs")
    ap.add_argument("--base", help="also time the cold first moves of this earlier commit "
                                   "(checked out in a temporary git worktree)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from ludotheque.core import registry
    ids = args.rulesets or [ri.name for ri in registry.rulesets()]
    result: dict[str, object] = {"cpus": os.cpu_count(), "base": args.base}
    base_src = None
    if args.base:
        root = Path(__file__).resolve().parents[1]
        base_dir = Path(tempfile.gettempdir()) / f"ludotheque-base-{args.base}"
        if not base_dir.exists():
            subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach",
                            str(base_dir), args.base], check=True, capture_output=True)
        base_src = base_dir / "src"
    with tempfile.TemporaryDirectory() as tmp:
        shared = Path(tmp) / "warm"
        if not args.no_server:
            result["server_cold"] = server(Path(tmp) / "server-cold", Path(tmp) / "cold.sqlite")
            if not args.json:
                print("server, empty cache:", result["server_cold"], flush=True)
        result["warmup_cold"] = warmup(shared)
        result["warmup_warm"] = warmup(shared)
        if not args.no_server:
            result["server_warm"] = server(shared, Path(tmp) / "warm.sqlite")
            if not args.json:
                print("server, warm cache:", result["server_warm"], flush=True)
        rows = []
        for rid in ids:
            row: dict[str, object] = {"ruleset": rid, "warm": first_game(rid, shared)}
            if not args.no_cold:
                row["cold"] = first_game(rid, Path(tmp) / f"cold-{len(rows)}")
            if args.base:
                row["base_cold"] = first_game(rid, Path(tmp) / f"base-{len(rows)}", base_src)
            rows.append(row)
            if not args.json:
                w = row["warm"]
                assert isinstance(w, dict)
                cold = row.get("cold", {})
                assert isinstance(cold, dict)
                print(f"{rid:26s} warm: import {w['import']:5.2f}  legal {w['legal']:5.2f}  "
                      f"expert {w['expert']:5.2f} ({w['expert_agent']})   cold: legal "
                      f"{cold.get('legal', float('nan')):6.1f}  expert "
                      f"{cold.get('expert', float('nan')):6.1f}", flush=True)
        result["rulesets"] = rows
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        cold, warm = result["warmup_cold"], result["warmup_warm"]
        print(f"warm-up of every ruleset: {cold} into an empty cache, {warm} when warm")


if __name__ == "__main__":
    main()
