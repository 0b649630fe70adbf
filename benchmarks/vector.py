"""Speed of the batched environments (`ludotheque.vector`), side by side in one run.

For each ruleset: env steps a second of `BatchedGames` (two-player form, random actions drawn
by `random_actions`, observations and masks written at every step) at B = 1, 64, 1024, 4096
games on 1 and on 2 threads; beside it the per-state API doing the same work a step (apply,
observation, legal mask: what an environment returns) and the compiled random playout's
plies a second (`random_playouts`, one thread, nothing returned); and, on oware, OpenSpiel's
Python API on its own C++ oware (apply_action, observation_tensor, legal_actions_mask).
Each figure is the best of ``--repeat`` timings of at least ``--seconds`` each, by the wall
clock and by CPU time.

The goals (issue 25): the batched games at least 100x the per-state API on every ruleset, and
at least 25% of the random playout's plies a second at B = 4096.

Usage: python benchmarks/vector.py [--seconds 0.5] [--repeat 2] [--rulesets oware,puluc]
       [--sizes 1,64,1024,4096] [--threads 1,2] [--out FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import time
from typing import Any, Callable

import ludotheque
from ludotheque.core.loops import compiled_loops
from ludotheque.vector import BatchedGames


def rate(work: Callable[[], int], seconds: float, repeat: int) -> dict[str, float]:
    """The best of ``repeat`` rates (units of ``work`` a second), each timed over at least
    ``seconds``: by the wall clock, and by this process's CPU time (which a loaded machine
    disturbs less; with 2 threads it is the rate per CPU-second, not the wall rate)."""
    best = {"wall": 0.0, "cpu": 0.0}
    for _ in range(repeat):
        done, start, cpu = 0, time.perf_counter(), time.process_time()
        while True:
            done += work()
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        best["wall"] = max(best["wall"], done / elapsed)
        best["cpu"] = max(best["cpu"], done / max(time.process_time() - cpu, 1e-9))
    return best


def per_state(ruleset: str, seconds: float, repeat: int) -> dict[str, float]:
    game = ludotheque.load(ruleset)
    rng = random.Random(0)
    state = [game.initial_state()]

    def steps() -> int:
        for _ in range(100):
            s = state[0].apply(state[0].random_action(rng))
            if s.is_terminal:
                s = game.initial_state()
            s.observation()
            s.legal_actions_mask()
            state[0] = s
        return 100
    return rate(steps, seconds, repeat)


def playout_plies(ruleset: str, seconds: float, repeat: int) -> dict[str, float]:
    game = ludotheque.load(ruleset)
    loops = compiled_loops(game.kernels)
    start = game.initial_state().data
    loops.random_playouts(start, game.spec, 1, 0, 0)            # compiled before timing
    seed = [0]

    def plies() -> int:
        seed[0] += 1
        return int(loops.random_playouts(start, game.spec, 20, seed[0], 0)[1])
    return rate(plies, seconds, repeat)


def batched(ruleset: str, size: int, threads: int, seconds: float, repeat: int) -> dict[str, float]:
    env = BatchedGames(ruleset, size, threads=threads)
    env.reset(seed=0)
    env.step(env.random_actions())                                # compiled before timing

    def steps() -> int:
        env.step(env.random_actions())
        return size
    return rate(steps, seconds, repeat)


def openspiel_oware(seconds: float, repeat: int) -> dict[str, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oware")
    rng = random.Random(0)
    state = [game.new_initial_state()]

    def steps() -> int:
        for _ in range(100):
            s = state[0]
            s.apply_action(rng.choice(s.legal_actions()))
            if s.is_terminal():
                s = game.new_initial_state()
            s.observation_tensor()
            s.legal_actions_mask()
            state[0] = s
        return 100
    return rate(steps, seconds, repeat)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--rulesets", default=",".join(ri.name for ri in ludotheque.rulesets()))
    ap.add_argument("--sizes", default="1,64,1024,4096")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--out")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    threads = [int(x) for x in args.threads.split(",")]
    report: dict[str, Any] = {"load_before": os.getloadavg(), "cpus": os.cpu_count(),
                              "seconds": args.seconds, "repeat": args.repeat, "rulesets": {}}
    report["openspiel_python_oware_steps"] = openspiel_oware(args.seconds, args.repeat)
    print(json.dumps({"openspiel_python_oware_steps": report["openspiel_python_oware_steps"]}),
          flush=True)
    for ruleset in args.rulesets.split(","):
        row: dict[str, Any] = {
            "per_state_steps": per_state(ruleset, args.seconds, args.repeat),
            "playout_plies": playout_plies(ruleset, args.seconds, args.repeat),
            "batched_steps": {f"{t}t": {str(b): batched(ruleset, b, t, args.seconds, args.repeat)
                                        for b in sizes} for t in threads},
        }
        one = row["batched_steps"].get("1t", {})
        for clock in ("wall", "cpu"):
            best = max(v[clock] for per in row["batched_steps"].values() for v in per.values())
            row[f"best_over_per_state_{clock}"] = best / row["per_state_steps"][clock]
            if str(max(sizes)) in one:
                row[f"largest_1t_over_playout_{clock}"] = (one[str(max(sizes))][clock]
                                                           / row["playout_plies"][clock])
        report["rulesets"][ruleset] = row
        print(json.dumps({ruleset: row}), flush=True)
    report["load_after"] = os.getloadavg()
    text = json.dumps(report, indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
