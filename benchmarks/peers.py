"""Random Oware playouts per second: ludotheque's compiled loop against OpenSpiel's C++ loop.

Both play uniformly random games of the same rules (OpenSpiel's oware =
`oware?grand_slam=forbid-capture&repetition=2`, see rules OW-O) on one core:
- ludotheque: `compiled_loops(...).random_playouts` (the loop of `ludotheque bench`);
- OpenSpiel: `pyspiel.evaluate_bots` with two uniform random bots (the move loop is C++).

Usage: python benchmarks/peers.py [--seconds 10] [--json]
"""
from __future__ import annotations

import argparse
import json
import time

import pyspiel

from ludotheque.cli.bench import bench_ruleset

RULESET = "oware?grand_slam=forbid-capture&repetition=2"


def openspiel_playouts(seconds: float) -> dict[str, float]:
    game = pyspiel.load_game("oware")
    bots = [pyspiel.make_uniform_random_bot(0, 1), pyspiel.make_uniform_random_bot(1, 2)]
    games = errors = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(100):
            try:
                pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
            except pyspiel.SpielError:   # a game reaching OpenSpiel's 1000-move limit
                errors += 1
            games += 1
    elapsed = time.perf_counter() - t0
    return {"playouts": games, "seconds": round(elapsed, 3),
            "playouts_per_second": round(games / elapsed, 1), "games_over_1000_moves": errors}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    ours = bench_ruleset(RULESET, args.seconds)
    theirs = openspiel_playouts(args.seconds)
    ratio = ours["playouts_per_second"] / theirs["playouts_per_second"]
    result = {"ruleset": RULESET, "ludotheque": ours, "openspiel": theirs, "ratio": round(ratio, 2)}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"ludotheque {ours['playouts_per_second']:>10,.0f} random Oware playouts/s (compiled loop, one core)")
        print(f"OpenSpiel  {theirs['playouts_per_second']:>10,.0f} random Oware playouts/s (evaluate_bots, C++ loop)")
        print(f"ratio      {ratio:>10.2f}x")


if __name__ == "__main__":
    main()
