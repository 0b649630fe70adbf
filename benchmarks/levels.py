"""Do the levels climb? The arena between consecutive levels on every ruleset.

For each ruleset and each pair easy-medium, medium-hard, hard-expert, plays ``--games`` games
(seats alternating, fixed seeds, the first ``--opening`` actions at random, shared by the two
games of a seat-swapped pair and different for each pair; 6 actions where 4 make too few
distinct openings: ``OPENINGS``) and prints the stronger level's score, its Elo gain with the
95% interval, and whether it reaches the target: 75%, or 60% where throws decide much (a
ruleset with chance nodes). Boards the solver plays perfectly at every level are left out
(Fanoron-Telo).

Each finished game is appended to ``--out`` (JSON lines) and a run with the same file plays
only the games it lacks, so the long benchmark can be stopped, resumed and spread over
sessions; results are keyed by the agents' specs, so retuning a level starts its pairs afresh.
``--report`` only reads the file and prints the table (Markdown with ``--markdown``).

Usage: python benchmarks/levels.py [--games 100] [--workers 2] [--opening 4]
       [--rulesets oware konane ...] [--pairs easy-medium medium-hard hard-expert]
       [--out benchmarks/results/levels.jsonl] [--report [--markdown]]
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import time
from typing import Any

import ludotheque
from ludotheque.ai import arena
from ludotheque.ai.levels import LEVEL_NAMES, level_table

OPENING = 4                          # random actions that open each game
SOLVED = {"fanorona/telo"}           # every level plays it perfectly (the solver)
# 4 random actions make only 23-24 distinct openings for 50 seeds there; 6 make 50
OPENINGS = {name: 6 for name in ("awithlaknannai", "awithlaknannai/serpents",
                                 "awithlaknannai/classic", "dara/dala")}
PAIRS = [f"{a}-{b}" for a, b in zip(LEVEL_NAMES, LEVEL_NAMES[1:])]


@functools.lru_cache(maxsize=None)
def has_chance(ruleset: str) -> bool:
    state = ludotheque.load(ruleset).initial_state()
    for _ in range(20):                              # a throw at the start or soon after
        if state.is_terminal:
            return False
        if state.is_chance_node:
            return True
        state = state.apply(state.legal_actions()[0])
    return False


def load(path: str) -> list[dict[str, Any]]:
    if not os.path.exists(path):
        return []
    with open(path) as fh:
        return [json.loads(line) for line in fh if line.strip()]


def pair_key(ruleset: str, strong: str, weak: str, opening: int) -> tuple[str, str, str, int]:
    return ruleset, strong, weak, opening


def row_key(r: dict[str, Any]) -> tuple[str, str, str, int]:
    return r["ruleset"], r["strong"], r["weak"], r["opening"]


@functools.lru_cache(maxsize=None)
def same_opening(ruleset: str, seed: int, opening: int) -> bool:
    """Whether the game of ``seed`` opens as it did before the arena gave each pair of a run
    its own opening: older rows count only then (the others are played again)."""
    game = ludotheque.load(ruleset)
    first = arena.block_start(seed, 1)
    return arena.opening_of(game, seed, opening, (), first)[1] == arena.opening_of(game, seed, opening)[1]


def valid(r: dict[str, Any]) -> bool:
    """Rows of chance games all count: their throws make different games of one opening."""
    return (bool(r.get("distinct")) or has_chance(r["ruleset"])
            or same_opening(r["ruleset"], r["seed"], r["opening"]))


def summary(rows: list[dict[str, Any]], ruleset: str, weak: str, strong: str,
            opening: int) -> dict[str, Any]:
    """The stronger level's results in the games of the file for this pair and its specs."""
    table = level_table(ruleset)
    key = pair_key(ruleset, table[strong], table[weak], OPENINGS.get(ruleset, opening))
    tally = arena.Tally()
    counted: set[tuple[str, str, int]] = set()    # a game replayed into the file counts once
    for r in rows:
        game = (r["first"], r["second"], r["seed"])
        if row_key(r) == key and valid(r) and game not in counted:
            counted.add(game)
            seat = 0 if r["first"] == table[strong] else 1
            tally.add(r["returns"][seat])
    target = 0.6 if has_chance(ruleset) else 0.75
    row = tally.row()
    return {"ruleset": ruleset, "stronger": strong, "weaker": weak, "stronger_spec": table[strong],
            "weaker_spec": table[weak], "target": target,
            "met": tally.games > 0 and row["score"] >= target, **row}


def play(ruleset: str, weak: str, strong: str, args: argparse.Namespace) -> None:
    table = level_table(ruleset)
    specs = [table[strong], table[weak]]
    opening = OPENINGS.get(ruleset, args.opening)
    done = [arena.Pairing(r["first"], r["second"], r["seed"]) for r in load(args.out)
            if row_key(r) == pair_key(ruleset, *specs, opening) and valid(r)]

    def saved(p: arena.Pairing, record: Any, returns: tuple[float, float]) -> None:
        row = {"ruleset": ruleset, "strong": specs[0], "weak": specs[1], "opening": opening,
               "distinct": True, "first": p.first, "second": p.second, "seed": p.seed,
               "returns": list(returns),
               "actions": len(record.actions), "seconds": round(sum(record.seconds), 1)}
        with open(args.out, "a") as fh:
            fh.write(json.dumps(row) + "\n")

    arena.run(ruleset, specs, args.games, args.workers, seed=1, max_actions=args.max_actions,
              on_game=saved, opening=opening, skip=done)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per pair of levels")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--opening", type=int, default=OPENING)
    ap.add_argument("--rulesets", nargs="*", default=None)
    ap.add_argument("--pairs", nargs="*", default=PAIRS, choices=PAIRS)
    ap.add_argument("--max-actions", type=int, default=3000)
    ap.add_argument("--out", default="benchmarks/results/levels.jsonl")
    ap.add_argument("--report", action="store_true", help="print the table of the file only")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    ids = args.rulesets or [ri.name for ri in ludotheque.rulesets() if ri.name not in SOLVED]
    pairs = [tuple(p.split("-")) for p in args.pairs]
    if not args.report:
        for weak, strong in pairs:                   # cheap pairs first, on every ruleset
            for rid in ids:
                t0 = time.perf_counter()
                play(rid, weak, strong, args)
                s = summary(load(args.out), rid, weak, strong, args.opening)
                print(f"{rid:18s} {strong} over {weak}: +{s['wins']} ={s['draws']} "
                      f"-{s['losses']} {100 * s['score']:.1f}% "
                      f"({time.perf_counter() - t0:.0f} s)", flush=True)
    rows = load(args.out)
    if args.markdown:
        print("| ruleset | stronger | weaker | games | +/=/- | score | Elo [95%] | target |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for rid in ids:
        for weak, strong in pairs:
            s = summary(rows, rid, weak, strong, args.opening)
            if not s["games"]:
                continue
            elo = "+inf" if s["elo"] is None and s["score"] >= 1 else (
                "-inf" if s["elo"] is None else f"{s['elo']:+.0f}")
            lo = "-inf" if s["elo_low"] is None else f"{s['elo_low']:+.0f}"
            hi = "+inf" if s["elo_high"] is None else f"{s['elo_high']:+.0f}"
            mark = "met" if s["met"] else "NOT met"
            if args.markdown:
                print(f"| {rid} | {strong} (`{s['stronger_spec']}`) | {weak} (`{s['weaker_spec']}`) "
                      f"| {s['games']} | {s['wins']}/{s['draws']}/{s['losses']} "
                      f"| {100 * s['score']:.1f}% | {elo} [{lo}, {hi}] "
                      f"| {100 * s['target']:.0f}% {mark} |")
            else:
                print(f"{rid:18s} {strong:6s} ({s['stronger_spec']}) vs {weak:6s} "
                      f"({s['weaker_spec']}): {s['games']:3d} games +{s['wins']} ={s['draws']} "
                      f"-{s['losses']} {100 * s['score']:5.1f}%  Elo {elo} [{lo}, {hi}]  "
                      f"target {100 * s['target']:.0f}% {mark}")


if __name__ == "__main__":
    main()
