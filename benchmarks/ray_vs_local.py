"""Arena games per second on this machine: in one process, in the local process pool, and as
Ray tasks on a local Ray with as many CPUs as the pool has workers.

The same round robin (same seeds, same games: the results are checked equal) is played each
way. Wall times include starting the pool's processes; for Ray, the time of ``ray.init`` is
given apart, games/s are given with and without it, and once more for a second run on the
same Ray, whose worker processes have already imported ludotheque and loaded its compiled
code (and likewise for one process). A pool's processes are new at every run. Run ``ludotheque warmup RULESET``
first so that no one compiles during the timing.

Usage: python benchmarks/ray_vs_local.py [--ruleset oware] [--agents greedy alphabeta:300n]
       [--games 24] [--workers 2]
Prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import time
from typing import Any

import ray

from ludotheque.ai import arena


def timed(ruleset: str, agents: list[str], games: int, workers: int,
          ray_address: str | None = None) -> tuple[float, dict[str, Any]]:
    t0 = time.perf_counter()
    result = arena.run(ruleset, agents, games, workers, seed=1, opening=4, ray_address=ray_address)
    return time.perf_counter() - t0, result.to_dict()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ruleset", default="oware")
    ap.add_argument("--agents", nargs="+", default=["greedy", "alphabeta:300n"])
    ap.add_argument("--games", type=int, default=24, help="games per pair of agents")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    n = args.games * len(args.agents) * (len(args.agents) - 1) // 2
    one, expected = timed(args.ruleset, args.agents, args.games, 1)
    one_warm, _ = timed(args.ruleset, args.agents, args.games, 1)    # compiled code loaded
    pool, pool_result = timed(args.ruleset, args.agents, args.games, args.workers)
    t0 = time.perf_counter()
    ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
    start = time.perf_counter() - t0
    try:
        on_ray, ray_result = timed(args.ruleset, args.agents, args.games, args.workers, "local")
        again, _ = timed(args.ruleset, args.agents, args.games, args.workers, "local")
    finally:
        ray.shutdown()
    print(json.dumps({
        "ruleset": args.ruleset, "agents": args.agents, "games": n, "workers": args.workers,
        "cpus": os.cpu_count(), "python": platform.python_version(), "ray": ray.__version__,
        "same_results": pool_result == expected and ray_result == expected,
        "games_per_second": {
            "one_process": round(n / one, 2),
            "one_process_warm": round(n / one_warm, 2),
            "local_pool": round(n / pool, 2),
            "ray": round(n / on_ray, 2),
            "ray_with_start": round(n / (on_ray + start), 2),
            "ray_warm_workers": round(n / again, 2),
        },
        "ray_start_seconds": round(start, 2),
    }))


if __name__ == "__main__":
    main()
