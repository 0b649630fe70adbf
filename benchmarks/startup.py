"""What a person waits for from process start: import, first legal move, first `expert` move.

For every ruleset, in fresh processes: once with an empty compile cache (the first run after
install, each ruleset in a cache of its own) and once with a warm one (after `ludotheque
warmup`). Also the cold warm-up of every family (`ludotheque warmup` into an empty cache, on
all cores). Times are wall seconds from the start of the process (interpreter start-up
included); the expert column is the time to the first move of the `expert` level, whose own
time budget is given beside it.

Usage: python benchmarks/startup.py [--rulesets oware dara ...] [--no-cold] [--json]
(The server's latency while a cold family starts is measured by benchmarks/web_load.py.)
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
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


def first_game(ruleset: str, cache: Path) -> dict[str, float | str]:
    env = dict(os.environ, LUDOTHEQUE_CACHE=str(cache))
    env.pop("NUMBA_CACHE_DIR", None)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", FIRST_GAME, ruleset], env=env,
                         capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    row = json.loads(out.stdout)
    startup = wall - (row["expert"])          # interpreter start-up before the script ran
    return {k: (round(v + startup, 2) if isinstance(v, float) else v) for k, v in row.items()}


def warmup(cache: Path) -> dict[str, float]:
    env = dict(os.environ, LUDOTHEQUE_CACHE=str(cache))
    env.pop("NUMBA_CACHE_DIR", None)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "ludotheque.cli.main", "warmup", "--json"], env=env,
                   capture_output=True, text=True, check=True)
    return {"seconds": round(time.perf_counter() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rulesets", nargs="*")
    ap.add_argument("--no-cold", action="store_true", help="skip the empty-cache runs")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from ludotheque.core import registry
    ids = args.rulesets or [ri.name for ri in registry.rulesets()]
    result: dict[str, object] = {"cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory() as tmp:
        shared = Path(tmp) / "warm"
        result["warmup_cold"] = warmup(shared)
        result["warmup_warm"] = warmup(shared)
        rows = []
        for rid in ids:
            row: dict[str, object] = {"ruleset": rid, "warm": first_game(rid, shared)}
            if not args.no_cold:
                row["cold"] = first_game(rid, Path(tmp) / f"cold-{len(rows)}")
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
        print(f"warm-up of every ruleset: {result['warmup_cold']['seconds']} s into an empty "  # type: ignore[index]
              f"cache, {result['warmup_warm']['seconds']} s when warm")  # type: ignore[index]


if __name__ == "__main__":
    main()
