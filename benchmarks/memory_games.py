"""Memory of the live games: 10^4 games created and opened once through the app's Manager,
with the games in memory bounded (web/live.py) and, for comparison, unbounded.

    python benchmarks/memory_games.py [--games 10000] [--moves 10] [--max-live 2000]
                                      [--db postgresql://USER@HOST:PORT/DB]

Each bound runs in a process of its own (a fresh heap): every game is created (Oware, two
people on one screen), opened once, and played ``--moves`` random moves, as a visitor who
tries a game and leaves would. Every ``--every`` games it records the process's resident
memory (RSS, from /proc), the Python heap traced by tracemalloc, and the games in memory.
The store (SqlStore) is a fresh SQLite file, or with ``--db`` a PostgreSQL database (each run
adds its games to it). Prints JSON: with the bound, memory grows until the cache is full, then
stays flat.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

MB = 1024 * 1024


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def one_run(games: int, moves: int, max_live: int | None, every: int, db: str | None) -> dict[str, Any]:
    from ludotheque.records.sqlstore import SqlStore
    from ludotheque.web.sessions import Manager
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        store = SqlStore(db or Path(tmp) / "games.sqlite")
        manager = Manager(store, max_live=max_live or 10**9)
        warm, _ = manager.create("oware", "local")     # the engine loaded (and compiled) first
        manager.sessions.pop(warm.g.id)
        gc.collect()
        tracemalloc.start()
        points = []
        start = time.perf_counter()
        for i in range(1, games + 1):
            session, tokens = manager.create("oware", "local")
            session = manager.get(session.g.id)         # opened once
            for _ in range(moves):
                if session.over:
                    break
                session.play(tokens[0], rng.choice(session.state.legal_actions()), len(session.moves))
            del session
            if i % every == 0:
                gc.collect()
                traced, _ = tracemalloc.get_traced_memory()
                points.append({"games": i, "rss_mb": round(rss() / MB, 1),
                               "traced_mb": round(traced / MB, 1), "live": len(manager.sessions),
                               "seconds": round(time.perf_counter() - start, 1)})
                print(json.dumps(points[-1]), file=sys.stderr, flush=True)   # progress, as it goes
        tracemalloc.stop()
        store.close()
    return {"max_live": max_live, "points": points}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--moves", type=int, default=10, help="random moves played in each game")
    ap.add_argument("--max-live", type=int, default=2000, help="the bound (games in memory)")
    ap.add_argument("--every", type=int, default=1000, help="games between measurements")
    ap.add_argument("--db", default=None, help="a postgresql:// URL (default: a temporary SQLite file)")
    ap.add_argument("--one", choices=["bounded", "unbounded"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        bound = args.max_live if args.one == "bounded" else None
        print(json.dumps(one_run(args.games, args.moves, bound, args.every, args.db)))
        return
    runs = []
    for kind in ("bounded", "unbounded"):
        out = subprocess.run([sys.executable, __file__, "--one", kind, "--games", str(args.games),
                              "--moves", str(args.moves), "--max-live", str(args.max_live),
                              "--every", str(args.every), *(["--db", args.db] if args.db else [])],
                             stdout=subprocess.PIPE, text=True, check=True)
        run = json.loads(out.stdout.splitlines()[-1])
        # from when the bounded cache is full to the end: flat with the bound
        full = next(p for p in run["points"] if p["games"] >= args.max_live)
        run["rss_growth_mb_once_full"] = round(run["points"][-1]["rss_mb"] - full["rss_mb"], 1)
        run["traced_growth_mb_once_full"] = round(run["points"][-1]["traced_mb"] - full["traced_mb"], 1)
        runs.append(run)
    print(json.dumps({"benchmark": "memory_games", "games": args.games, "moves": args.moves,
                      "store": "postgresql" if args.db else "sqlite",
                      "date": time.strftime("%Y-%m-%d"), "cpus": os.cpu_count(), "runs": runs},
                     indent=1))


if __name__ == "__main__":
    main()
