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
``--report`` only reads the file and prints the table (Markdown with ``--markdown``), each
score with its 95% interval (Wilson's, `arena.score_interval`). ``--step 2`` plays the
rulesets in turn instead of one after the other: two more games (a seat-swapped pair) on the
ruleset with the fewest games of the pair, again and again.

The rule (tests/ai/test_agents.py checks the committed file against the level table): every
pair of consecutive levels has ``FULL_GAMES`` (100) games of its current specs on every
ruleset, scoring the target. Provisionally for the node-budget `expert` against `hard` (since
2026-11-27; about 25 CPU seconds a game, so 100 games on 19 rulesets are some 13 CPU hours,
more than a session of the shared 2-core machine gives), a ruleset with fewer games counts if
it has at least ``EXPERT_MIN_GAMES`` (8) of the current specs and its 95% interval reaches the
target (its games do not show `expert` below it), and the games of all those rulesets pooled
score the target. A small sample cannot show a ruleset's `expert` at 75%: it shows only that
it is not clearly below, which is why the pooled score is required as well and why
``--step 2`` resumes towards 100. Retuning a level starts its games afresh, so its pair fails
the rule until it is measured again.

Usage: python benchmarks/levels.py [--games 100] [--workers 2] [--opening 4]
       [--rulesets oware konane ...] [--pairs easy-medium medium-hard hard-expert]
       [--step 2] [--out benchmarks/results/levels.jsonl] [--report [--markdown]]
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
PAIRS_OF_LEVELS = list(zip(LEVEL_NAMES, LEVEL_NAMES[1:]))
PAIRS = [f"{a}-{b}" for a, b in PAIRS_OF_LEVELS]
FULL_GAMES = 100                     # games of a pair that measure it (the rule)
# the node-budget expert's provisional rule (docstring): what one niced arena process played
# on every ruleset in the 75 minutes of the session of 2026-11-27 that could give it
EXPERT_MIN_GAMES = 8


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
    _, low, high = arena.score_interval(tally.wins, tally.draws, tally.losses)
    return {"ruleset": ruleset, "stronger": strong, "weaker": weak, "stronger_spec": table[strong],
            "weaker_spec": table[weak], "target": target,
            "met": tally.games > 0 and row["score"] >= target, **row,
            "score_low": round(low, 4), "score_high": round(high, 4)}


def pooled(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """The stronger level's results over the games of several rulesets' summaries."""
    tally = arena.Tally(*(sum(s[k] for s in summaries) for k in ("wins", "draws", "losses")))
    _, low, high = arena.score_interval(tally.wins, tally.draws, tally.losses)
    return {**tally.row(), "score_low": round(low, 4), "score_high": round(high, 4)}


def unmeasured(rows: list[dict[str, Any]], ids: list[str]) -> list[str]:
    """The pairs of levels of these rulesets that the file does not show climbing, by the rule
    of the module's docstring (empty when every pair is measured)."""
    missing, provisional = [], []
    for rid in ids:
        for weak, strong in PAIRS_OF_LEVELS:
            s = summary(rows, rid, weak, strong, OPENING)
            if s["games"] >= FULL_GAMES and s["met"]:
                continue
            if (strong == "expert" and EXPERT_MIN_GAMES <= s["games"] < FULL_GAMES
                    and s["score_high"] >= s["target"]):
                provisional.append(s)
                continue
            missing.append(f"{rid} {strong} over {weak}: {s['games']} games, "
                           f"{100 * s['score']:.1f}% [{100 * s['score_low']:.1f}, "
                           f"{100 * s['score_high']:.1f}]")
    together = pooled(provisional)
    if provisional and together["score"] < max(s["target"] for s in provisional):
        missing.append(f"expert over hard on {len(provisional)} rulesets pooled: "
                       f"{together['games']} games, {100 * together['score']:.1f}%")
    return missing


def play(ruleset: str, weak: str, strong: str, args: argparse.Namespace, games: int) -> None:
    table = level_table(ruleset)
    specs = [table[strong], table[weak]]
    opening = OPENINGS.get(ruleset, args.opening)
    done = [arena.Pairing(r["first"], r["second"], r["seed"]) for r in load(args.out)
            if row_key(r) == pair_key(ruleset, specs[0], specs[1], opening) and valid(r)]

    def saved(p: arena.Pairing, record: Any, returns: tuple[float, float]) -> None:
        row = {"ruleset": ruleset, "strong": specs[0], "weak": specs[1], "opening": opening,
               "distinct": True, "first": p.first, "second": p.second, "seed": p.seed,
               "returns": list(returns),
               "actions": len(record.actions), "seconds": round(sum(record.seconds), 1)}
        with open(args.out, "a") as fh:
            fh.write(json.dumps(row) + "\n")

    arena.run(ruleset, specs, games, args.workers, seed=1, max_actions=args.max_actions,
              on_game=saved, opening=opening, skip=done)


def spread(ids: list[str], weak: str, strong: str, args: argparse.Namespace) -> None:
    """Round robin: ``--step`` more games at a time on the ruleset with the fewest games of the
    pair (the first in ``ids`` on a tie), until every ruleset has ``--games``."""
    while True:
        rows = load(args.out)
        games = {rid: summary(rows, rid, weak, strong, args.opening)["games"] for rid in ids}
        short = [rid for rid in ids if games[rid] < args.games]
        if not short:
            return
        rid = min(short, key=games.__getitem__)
        t0 = time.perf_counter()
        play(rid, weak, strong, args, min(games[rid] + args.step, args.games))
        report(rid, weak, strong, args, t0)


def report(rid: str, weak: str, strong: str, args: argparse.Namespace, t0: float) -> None:
    s = summary(load(args.out), rid, weak, strong, args.opening)
    print(f"{rid:18s} {strong} over {weak}: +{s['wins']} ={s['draws']} -{s['losses']} "
          f"{100 * s['score']:.1f}% ({time.perf_counter() - t0:.0f} s)", flush=True)


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
    ap.add_argument("--step", type=int, help="round robin over the rulesets, this many games "
                    "at a time on the one with the fewest (2: a seat-swapped pair)")
    args = ap.parse_args()
    ids = args.rulesets or [ri.name for ri in ludotheque.rulesets() if ri.name not in SOLVED]
    pairs = [(weak, strong) for weak, strong in PAIRS_OF_LEVELS if f"{weak}-{strong}" in args.pairs]
    if not args.report:
        for weak, strong in pairs:                   # cheap pairs first, on every ruleset
            if args.step:
                spread(ids, weak, strong, args)
                continue
            for rid in ids:
                t0 = time.perf_counter()
                play(rid, weak, strong, args, args.games)
                report(rid, weak, strong, args, t0)
    rows = load(args.out)
    if args.markdown:
        print("| ruleset | stronger | weaker | games | +/=/- | score [95%] | Elo [95%] | target |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    short = []                                   # expert pairs still short of FULL_GAMES
    for rid in ids:
        for weak, strong in pairs:
            s = summary(rows, rid, weak, strong, args.opening)
            if s["games"]:
                print_row(s, args.markdown)
            if strong == "expert" and 0 < s["games"] < FULL_GAMES:
                short.append(s)
    if short:
        together = pooled(short)
        print(f"expert over hard pooled over the {len(short)} rulesets with fewer than "
              f"{FULL_GAMES} games: {together['games']} games +{together['wins']} "
              f"={together['draws']} -{together['losses']} {percent(together)}")
    missing = unmeasured(rows, ids)
    print("every pair measured by the rule" if not missing else f"not measured: {missing}")


def percent(s: dict[str, Any]) -> str:
    """The score with its 95% interval."""
    return (f"{100 * s['score']:.1f}% [{100 * s['score_low']:.1f}, "
            f"{100 * s['score_high']:.1f}]")


def print_row(s: dict[str, Any], markdown: bool) -> None:
    elo = "+inf" if s["elo"] is None and s["score"] >= 1 else (
        "-inf" if s["elo"] is None else f"{s['elo']:+.0f}")
    lo = "-inf" if s["elo_low"] is None else f"{s['elo_low']:+.0f}"
    hi = "+inf" if s["elo_high"] is None else f"{s['elo_high']:+.0f}"
    if s["games"] >= FULL_GAMES:
        mark = "met" if s["met"] else "NOT met"
    else:                    # too few games to tell: is the target inside the interval?
        mark = "in the interval" if s["score_high"] >= s["target"] else "above the interval"
    if markdown:
        print(f"| {s['ruleset']} | {s['stronger']} (`{s['stronger_spec']}`) "
              f"| {s['weaker']} (`{s['weaker_spec']}`) "
              f"| {s['games']} | {s['wins']}/{s['draws']}/{s['losses']} "
              f"| {percent(s)} | {elo} [{lo}, {hi}] | {100 * s['target']:.0f}% {mark} |")
    else:
        print(f"{s['ruleset']:18s} {s['stronger']:6s} ({s['stronger_spec']}) vs "
              f"{s['weaker']:6s} ({s['weaker_spec']}): {s['games']:3d} games +{s['wins']} "
              f"={s['draws']} -{s['losses']} {percent(s)}  Elo {elo} [{lo}, {hi}]  "
              f"target {100 * s['target']:.0f}% {mark}")

if __name__ == "__main__":
    main()
