"""The node budget of `expert`: alpha-beta nodes per CPU second on every ruleset, and the CPU
seconds an `expert` move takes.

For each ruleset, one game of the searcher against itself from a random opening (the arena's,
seed 1), up to ``--moves`` moves, each move timed in CPU seconds of this process
(`time.process_time`: the search runs in this thread, so other processes on the machine do
not count). With ``--probe N`` the searcher is ``alphabeta:Nn`` and the script prints the node
budget that takes ``--target`` CPU seconds a move (nodes per CPU second x target, two
significant digits: the table of `src/ludotheque/ai/levels.py`); without it, the searcher is
the `expert` level, to check the table.

Usage: python benchmarks/level_nodes.py [--probe 60000] [--target 0.5] [--moves 30]
       [--rulesets oware dara ...] [--out benchmarks/results/level_nodes.json]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time

import ludotheque
from ludotheque.ai import arena
from ludotheque.ai.agents import AlphaBetaAgent, LevelAgent, make_agent
from ludotheque.ai.levels import level_spec


def measure(ruleset: str, spec: str, moves: int) -> dict[str, object]:
    game = ludotheque.load(ruleset)
    agent = make_agent(spec, 1)
    searcher = agent.agent_for(game.id) if isinstance(agent, LevelAgent) else agent
    state, _, rng = arena.opening_of(game, 1, 4)
    cpu: list[float] = []
    nodes = 0
    while not state.is_terminal and len(cpu) < moves:
        if state.is_chance_node:
            outcomes, probs = zip(*state.chance_outcomes())
            state = state.apply(rng.choices(outcomes, probs)[0])
            continue
        t0 = time.process_time()
        if isinstance(searcher, AlphaBetaAgent) and len(state.legal_actions()) > 1:
            result = searcher.result(state)
            a, nodes = result.best, nodes + result.nodes
        else:
            a = searcher.choose(state)
        cpu.append(time.process_time() - t0)
        state = state.apply(a)
    return {"ruleset": ruleset, "spec": level_spec(ruleset, "expert") if spec == "expert" else spec,
            "moves": len(cpu), "cpu_mean": round(statistics.fmean(cpu), 3),
            "cpu_median": round(statistics.median(cpu), 3), "cpu_max": round(max(cpu), 3),
            "nodes_per_cpu_second": round(nodes / sum(cpu))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--probe", type=int, help="nodes a move of the probing searcher")
    ap.add_argument("--target", type=float, default=0.5, help="CPU seconds a move")
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--rulesets", nargs="*")
    ap.add_argument("--out")
    args = ap.parse_args()
    ids = args.rulesets or [ri.name for ri in ludotheque.rulesets()]
    spec = f"alphabeta:{args.probe}n" if args.probe else "expert"
    load, rows = [os.getloadavg()], []
    for rid in ids:
        measure(rid, spec, 1)                          # compiles and loads outside the timing
        row = measure(rid, spec, args.moves)
        if args.probe:
            row["budget"] = int(float(f"{row['nodes_per_cpu_second'] * args.target:.2g}"))
        rows.append(row)
        print(json.dumps(row), flush=True)
    load.append(os.getloadavg())
    if args.out:
        with open(args.out, "w") as fh:
            json.dump({"spec": spec, "target": args.target, "cpus": os.cpu_count(),
                       "load_before": load[0], "load_after": load[1], "rows": rows}, fh, indent=1)
            fh.write("\n")


if __name__ == "__main__":
    main()
