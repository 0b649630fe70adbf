"""Speed of this checkout against an earlier commit, side by side in one run.

For every ruleset: random playouts per CPU second (the `bench` loop), alpha-beta nodes per CPU
second (a fixed node budget from the start position, so both sides search the same tree: the
node counts and moves are checked equal) and MCTS iterations per CPU second (a fixed number).
On request, random playouts through a loop of this script's own, the same source for both
commits, so the rules kernels alone: ``kernels`` passes the kernels views of the arrays without
reference counts (as today's loops do, `core.kernels.borrowed`), ``kernels_counted`` passes the
arrays as they are (as 7e103a9's loop did: an atomic count on every array of every call);
``batched``: the batched games' steps at B = 4096 (`ludotheque.vector`, as benchmarks/vector.py
times them; commits from 2026-11-27 on).

How the comparison is kept fair (docs/BENCHMARKS.md says what went wrong before):
- each ruleset gets a fresh process per commit (the earlier commit exported afresh with
  `git archive`, compiling with an empty numba cache), so neither side carries the heap or
  compiled code of the rulesets before it;
- each process compiles and runs each kind's work once untimed before the first window;
- a window is CPU seconds of that process (`time.process_time`), with the garbage collector
  off and the work's buffers allocated before it; the playout batches last about 10 ms each,
  so the Python loop around them weighs nothing;
- the rounds alternate the order: base, ours, ours, base, base, ours...; the median of each
  side's rounds is reported, with ours / base, and the load average before and after.

Usage: python benchmarks/speed_vs_commit.py [--base 7e103a9] [--rounds 4] [--seconds 1.0]
       [--kinds playouts kernels kernels_counted batched nodes iterations] [--rulesets oware dara ...] [--out FILE.json]
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

# The measuring process of one commit and ruleset: prepares, compiles and warms the work of
# each kind, says "ready", then answers each "kind" line with one timed window as a JSON line.
# It uses only what both commits have: compiled_loops(...).random_playouts, the five kernels of
# the contract, alphabeta.search with a node budget, mcts.search with a playout budget.
WORKER = r'''
import gc, json, sys, time
import numpy as np
import ludotheque
from ludotheque.core.loops import compiled_loops
from ludotheque.ai import alphabeta, mcts

ruleset, seconds, kinds = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
game = ludotheque.load(ruleset)
loops = compiled_loops(game.kernels)
p0 = game.playout_start().data.copy()
s0 = game.initial_state(0)
while s0.is_chance_node:
    s0 = s0.apply(s0.legal_actions()[0])
nodes_budget, iterations_budget = int(seconds * 400_000), int(seconds * 30_000)

def playouts():
    games = actions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        st = loops.random_playouts(p0, game.spec, batch, 1 + games, 0)
        games, actions = games + int(st[0]), actions + int(st[1])
    cpu = time.process_time() - t0
    return {"per_second": games / cpu, "actions_per_second": actions / cpu, "count": games}

from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic
from ludotheque.core.kernels import CHANCE, MAX_ACTIONS_BUFFER, TERMINAL

@intrinsic
def borrowed(typingctx, arrays):    # core.kernels.borrowed (an array or a tuple of them), which 7e103a9 has not
    members = tuple(arrays.types) if isinstance(arrays, types.BaseTuple) else ()
    if not (isinstance(arrays, types.Array) or (members and all(isinstance(t, types.Array) for t in members))):
        return None
    def view(context, builder, typ, value):
        ary = context.make_array(typ)(context, builder, value=value)
        ary.meminfo = ir.Constant(ary.meminfo.type, None)
        return ary._getvalue()
    def codegen(context, builder, signature, args):
        if not members:
            return view(context, builder, arrays, args[0])
        return context.make_tuple(builder, arrays, [view(context, builder, t, builder.extract_value(args[0], i))
                                                    for i, t in enumerate(members)])
    return arrays(arrays), codegen

legal, apply, to_move, returns, chance_probs = tuple(game.kernels)[:5]

@njit(inline="always")
def counted(array):                 # passed as it is: a reference counted at every call
    return array

def kernel_loop(view):
    @njit
    def kernel_playouts(s0, spec, games, seed):
        """Random playouts calling the kernels with ``view``s of the arrays; the plies."""
        x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(1)
        out, probs = np.empty(MAX_ACTIONS_BUFFER, np.int64), np.empty(MAX_ACTIONS_BUFFER, np.float64)
        ret = np.empty(2, np.float64)
        plies = 0
        for _ in range(games):
            s = s0.copy()
            v, sp, o, pr = view(s), view(spec), view(out), view(probs)
            while True:
                p = to_move(v, sp)
                if p == TERMINAL:
                    break
                n = legal(v, sp, o)
                x ^= x << np.uint64(13)
                x ^= x >> np.uint64(7)
                x ^= x << np.uint64(17)
                if p == CHANCE:
                    chance_probs(v, sp, pr)
                    r, acc, k = np.float64(x >> np.uint64(11)) / 9007199254740992.0, 0.0, n - 1
                    for i in range(n - 1):
                        acc += pr[i]
                        if r < acc:
                            k = i
                            break
                    a = o[k]
                else:
                    a = o[np.int64(((x >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))]
                need = apply(v, sp, a)
                if need:
                    bigger = np.zeros(need, s.dtype)
                    bigger[:s.shape[0]] = s
                    s = bigger
                    v = view(s)
                plies += 1
            returns(v, sp, ret)
            s[0] = s[0]         # s lives to here: a view without a count does not keep it alive
        return plies

    kernel_playouts(p0, game.spec, 2, 1)                             # compiles
    t0 = time.process_time()
    kernel_playouts(p0, game.spec, 64, 1)
    batch = max(1, int(64 * 0.01 / max(time.process_time() - t0, 1e-6)))     # ~10 ms batches

    def window():
        games = plies = 0
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            plies += kernel_playouts(p0, game.spec, batch, 1 + games)
            games += batch
        cpu = time.process_time() - t0
        return {"per_second": games / cpu, "actions_per_second": plies / cpu, "count": games}
    return window

def nodes():
    table = alphabeta.Table(game.num_actions, 20)
    t0 = time.process_time()
    r = alphabeta.search(s0, seconds=None, nodes=nodes_budget, table=table)
    cpu = time.process_time() - t0
    return {"per_second": r.nodes / cpu, "count": r.nodes, "best": int(r.best)}

def batched_steps():
    """Steps of `vector.BatchedGames` at B = 4096 (two-player form, random actions, observations
    and masks written), as benchmarks/vector.py times them."""
    env = BATCHED[0]
    steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        env.step(env.random_actions())
        steps += BATCHED_GAMES
    cpu = time.process_time() - t0
    return {"per_second": steps / cpu, "count": steps}

BATCHED_GAMES, BATCHED = 4096, []
if "batched" in kinds:
    from ludotheque.vector import BatchedGames
    BATCHED.append(BatchedGames(ruleset, BATCHED_GAMES))
    BATCHED[0].reset(seed=0)
    for _ in range(200):     # compiled, and the long games' rows grown, before timing
        BATCHED[0].step(BATCHED[0].random_actions())

def iterations():
    t0 = time.process_time()
    mcts.search(s0, playouts=iterations_budget, seed=1)
    return {"per_second": iterations_budget / (time.process_time() - t0),
            "count": iterations_budget}

loops.random_playouts(p0, game.spec, 2, 1, 0)                       # compiles
t0 = time.process_time()
n = int(loops.random_playouts(p0, game.spec, 64, 1, 0)[0])
batch = max(1, int(n * 0.01 / max(time.process_time() - t0, 1e-6)))   # ~10 ms batches
WINDOWS = {"playouts": playouts, "nodes": nodes, "iterations": iterations,
           "batched": batched_steps}
if "kernels" in kinds:
    WINDOWS["kernels"] = kernel_loop(borrowed)
if "kernels_counted" in kinds:
    WINDOWS["kernels_counted"] = kernel_loop(counted)
for kind in kinds:                                                  # compiles and warms
    WINDOWS[kind]()
gc.collect()
gc.disable()
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    print(json.dumps(WINDOWS[line.strip()]()), flush=True)
'''


class Side:
    """One commit's measuring process for one ruleset."""

    def __init__(self, name: str, src: Path, ruleset: str, args: argparse.Namespace,
                 env: dict[str, str]) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER, ruleset, str(args.seconds), *args.kinds],
            cwd=src.parent, env=dict(os.environ, PYTHONPATH=str(src), **env), text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, line: str | None = None) -> dict[str, float]:
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


def compare(base_src: Path, ruleset: str, args: argparse.Namespace) -> list[dict[str, object]]:
    """The rows of one ruleset, one per kind."""
    with tempfile.TemporaryDirectory() as numba_cache:
        # the earlier commit compiles its kernels afresh: with them from numba's cache its
        # Puluc playouts ran 1.09x slower
        sides = {"base": Side("base", base_src, ruleset, args, {"NUMBA_CACHE_DIR": numba_cache}),
                 "ours": Side("ours", ROOT / "src", ruleset, args, {})}
        got: dict[tuple[str, str], list[dict[str, float]]] = {}
        try:
            for side in sides.values():      # both compile and warm at once, before any window
                side.ask()
            for r in range(args.rounds):
                for kind in args.kinds:
                    for name in ("base", "ours") if r % 2 == 0 else ("ours", "base"):
                        got.setdefault((name, kind), []).append(sides[name].ask(kind))
        finally:
            for side in sides.values():
                side.close()
    rows = []
    for kind in args.kinds:
        base, ours = got["base", kind], got["ours", kind]
        med = [statistics.median(w["per_second"] for w in side) for side in (base, ours)]
        row: dict[str, object] = {"ruleset": ruleset, "kind": kind, "base": round(med[0], 1),
                                  "ours": round(med[1], 1), "ratio": round(med[1] / med[0], 3)}
        if kind == "nodes":            # the same search on both sides: same tree, same move
            row["same_search"] = all((a["count"], a["best"]) == (b["count"], b["best"])
                                     for a, b in zip(base, ours))
        rows.append(row)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="7e103a9")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--kinds", nargs="*", default=["playouts", "nodes", "iterations"])
    ap.add_argument("--rulesets", nargs="*")
    ap.add_argument("--out", help="write the results there as JSON")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    from ludotheque.core import registry
    ids = args.rulesets or [ri.name for ri in registry.rulesets()]
    load = [os.getloadavg()]
    rows = []
    with tempfile.TemporaryDirectory() as base_dir:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.base, "src"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", base_dir], input=archive, check=True)
        for rid in ids:
            for row in compare(Path(base_dir) / "src", rid, args):
                rows.append(row)
                print(f"{rid:28s} {row['kind']:15s} {row['base']:>14,.0f} "
                      f"{row['ours']:>14,.0f} {row['ratio']:6.3f}x", flush=True)
    load.append(os.getloadavg())
    if args.out:
        with open(args.out, "w") as fh:
            json.dump({"base": args.base, "rounds": args.rounds, "seconds": args.seconds,
                       "cpus": os.cpu_count(), "load_before": load[0], "load_after": load[1],
                       "rows": rows}, fh, indent=1)
            fh.write("\n")


if __name__ == "__main__":
    main()
