"""Do the levels climb? The arena between consecutive levels on every deterministic ruleset.

For each ruleset without throws (chance games are left out: luck blurs the comparison) and
each pair easy-medium, medium-hard, hard-expert, plays ``--games`` games (seats alternating,
fixed seeds) and prints the stronger level's score and Elo gain with its 95% interval.

Usage: python benchmarks/levels.py [--games 100] [--workers 2] [--rulesets oware konane ...]
       [--json]
"""
from __future__ import annotations

import argparse
import json
import time

import ludotheque
from ludotheque.ai import arena
from ludotheque.ai.levels import LEVEL_NAMES, level_table


def has_chance(ruleset: str) -> bool:
    state = ludotheque.load(ruleset).initial_state()
    for _ in range(20):                              # a throw at the start or soon after
        if state.is_terminal:
            return False
        if state.is_chance_node:
            return True
        state = state.apply(state.legal_actions()[0])
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per pair of levels")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rulesets", nargs="*", default=None)
    ap.add_argument("--max-actions", type=int, default=3000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    ids = args.rulesets or [ri.name for ri in ludotheque.rulesets()]
    rows = []
    for rid in ids:
        if has_chance(rid):
            continue
        table = level_table(rid)
        for weak, strong in zip(LEVEL_NAMES, LEVEL_NAMES[1:]):
            t0 = time.perf_counter()
            res = arena.run(rid, [strong, weak], args.games, args.workers, seed=1,
                            max_actions=args.max_actions)
            row = {"ruleset": rid, "stronger": f"{strong} ({table[strong]})",
                   "weaker": f"{weak} ({table[weak]})", **res.pairs[(strong, weak)].row(),
                   "seconds": round(time.perf_counter() - t0, 1)}
            rows.append(row)
            if not args.json:
                lo = "-inf" if row["elo_low"] is None else f"{round(row['elo_low']) + 0:+d}"
                hi = "+inf" if row["elo_high"] is None else f"{round(row['elo_high']) + 0:+d}"
                e = ("+inf" if row["score"] >= 1 else "-inf") if row["elo"] is None else f"{round(row['elo']) + 0:+d}"
                print(f"{rid:20s} {row['stronger']:26s} vs {row['weaker']:26s} "
                      f"+{row['wins']} ={row['draws']} -{row['losses']}  "
                      f"{100 * row['score']:5.1f}%  Elo {e} [{lo}, {hi}]  {row['seconds']} s",
                      flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
