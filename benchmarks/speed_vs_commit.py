"""Speed of this checkout against an earlier commit, side by side in one run.

For every ruleset: random playouts per CPU second (the `bench` loop), alpha-beta nodes per CPU
second (a fixed node budget from the start position, so both sides search the same tree: the
node counts are checked equal) and MCTS iterations per CPU second. The earlier commit is
checked out in a temporary git worktree; each side runs in its own long-lived process (its
compiled code warmed first, outside the timing), and the rounds alternate: base, ours, base,
ours... The median of the rounds is reported, with ours / base.

Usage: python benchmarks/speed_vs_commit.py [--base 7e103a9] [--rounds 3] [--seconds 1.0]
       [--rulesets oware dara ...] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The measuring process: reads "ruleset kind seconds" lines, answers one JSON line each. It
# uses only what both sides have: compiled_loops(...).random_playouts, alphabeta.search with a
# node budget, mcts.search with a playout budget.
WORKER = r'''
import json, sys, time
import ludotheque
from ludotheque.core.loops import compiled_loops
from ludotheque.ai import alphabeta, mcts

def start(game):
    s = game.initial_state(0)
    while s.is_chance_node:
        s = s.apply(s.legal_actions()[0])
    return s

def playouts(game, seconds):
    loops = compiled_loops(game.kernels)
    s0 = game.playout_start().data.copy()
    loops.random_playouts(s0, game.spec, 2, 1, 0)
    games = actions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        st = loops.random_playouts(s0, game.spec, 8, 1 + games, 0)
        games += int(st[0]); actions += int(st[1])
    cpu = time.process_time() - t0
    return {"per_second": games / cpu, "actions_per_second": actions / cpu, "count": games}

def nodes(game, seconds):
    s = start(game)
    alphabeta.search(s, seconds=None, nodes=2000)
    budget = int(seconds * 400_000)
    t0 = time.process_time()
    r = alphabeta.search(s, seconds=None, nodes=budget, table=alphabeta.Table(game.num_actions, 20))
    cpu = time.process_time() - t0
    return {"per_second": r.nodes / cpu, "count": r.nodes, "best": int(r.best)}

def iterations(game, seconds):
    s = start(game)
    mcts.search(s, playouts=64, seed=1)
    n = int(seconds * 30_000)
    t0 = time.process_time()
    mcts.search(s, playouts=n, seed=1)
    cpu = time.process_time() - t0
    return {"per_second": n / cpu, "count": n}

KINDS = {"playouts": playouts, "nodes": nodes, "iterations": iterations}
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    rid, kind, seconds = line.split()
    game = ludotheque.load(rid)
    print(json.dumps(KINDS[kind](game, float(seconds))), flush=True)
'''


class Side:
    def __init__(self, name: str, src: Path, env: dict[str, str]) -> None:
        self.name = name
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], cwd=src.parent,
                                     env=dict(env, PYTHONPATH=str(src)), text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.ask_line()

    def ask_line(self, line: str | None = None) -> dict[str, float]:
        assert self.proc.stdin and self.proc.stdout
        if line is not None:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        out = self.proc.stdout.readline()
        if not out:
            raise RuntimeError(f"the {self.name} process died")
        return json.loads(out)  # type: ignore[no-any-return]

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="7e103a9")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--kinds", nargs="*", default=["playouts", "nodes", "iterations"])
    ap.add_argument("--rulesets", nargs="*")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    from ludotheque.core import registry
    ids = args.rulesets or [ri.name for ri in registry.rulesets()]
    base_dir = Path(tempfile.gettempdir()) / f"ludotheque-base-{args.base}"
    if not base_dir.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base_dir),
                        args.base], check=True, capture_output=True)
    env = dict(os.environ)
    sides = [Side("base", base_dir / "src", env), Side("ours", ROOT / "src", env)]
    rows = []
    try:
        for rid in ids:
            for kind in args.kinds:
                for side in sides:                      # compile / load outside the rounds
                    side.ask_line(f"{rid} {kind} 0.05")
                got: dict[str, list[dict[str, float]]] = {"base": [], "ours": []}
                for _ in range(args.rounds):
                    for side in sides:
                        got[side.name].append(side.ask_line(f"{rid} {kind} {args.seconds}"))
                med = {k: statistics.median(r["per_second"] for r in v) for k, v in got.items()}
                row = {"ruleset": rid, "kind": kind, "base": round(med["base"], 1),
                       "ours": round(med["ours"], 1), "ratio": round(med["ours"] / med["base"], 3)}
                if kind == "nodes":        # the same search on both sides: same tree, same move
                    row["same_search"] = all(
                        (a["count"], a["best"]) == (b["count"], b["best"])
                        for a, b in zip(got["base"], got["ours"]))
                rows.append(row)
                if not args.json:
                    print(f"{rid:28s} {kind:10s} {row['base']:>14,.0f} {row['ours']:>14,.0f} "
                          f"{row['ratio']:6.3f}x", flush=True)
    finally:
        for side in sides:
            side.close()
    if args.json:
        print(json.dumps({"base": args.base, "rounds": args.rounds, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
