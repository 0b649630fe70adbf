"""Oware against OpenSpiel, side by side in one run: random playouts and MCTS iterations.

Both engines play the same rules (OpenSpiel's oware = `oware?grand_slam=forbid-capture&
repetition=2`, rules OW-O, checked ply by ply in tests/rules/oware/test_abapa_vs_openspiel.py)
on one core, timed in CPU seconds (time.process_time). The measures alternate in paired rounds
(ours, theirs, ours, theirs...); the median of the rounds is reported, with ours / theirs.

- rollouts: ludotheque's compiled random-playout loop (`compiled_loops(...).random_playouts`,
  the loop of `ludotheque bench`) against OpenSpiel's bot-free C++ rollout loop:
  `RandomRolloutEvaluator(n, seed)` run by an `MCTSBot` with one simulation, whose only work is
  the evaluator's n random games from the start position, entirely in C++ (the installed pyspiel
  binds no `evaluate` method, so the search is the way in). Per playout, and per ply: our plies
  are counted by the loop; OpenSpiel's rollouts report no length, so their plies are the
  rollouts times OpenSpiel's mean random-game length, measured on a sample of uniformly random
  games played in a Python loop over pyspiel states (the same distribution as the C++ loop's,
  counted ply by ply; the report gives both engines' mean lengths).
- bots: the same against `pyspiel.evaluate_bots` with two uniform random bots (C++ move loop
  with a bot call a move).
- mcts: UCT iterations per CPU second, one random rollout a leaf, exploration constant C_UCT,
  a fixed count of SIMULATIONS from the same positions (the start, and the positions after
  a few random plies, played identically in both engines): `ludotheque.ai.mcts.search` against
  `pyspiel.MCTSBot(game, RandomRolloutEvaluator(1, seed), ...).mcts_search`.

Usage: python benchmarks/peers.py [--rounds 3] [--seconds 2] [--simulations 10000] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any, Callable

import pyspiel

import ludotheque
from ludotheque.ai import mcts
from ludotheque.core.loops import compiled_loops

RULESET = "oware?grand_slam=forbid-capture&repetition=2"
C_UCT = 1.4
BATCH = 200              # OpenSpiel rollouts per search call, our playouts per loop call
LENGTH_SAMPLE = 4000     # random games measuring OpenSpiel's mean length
MCTS_PLIES = (0, 8, 20)  # the MCTS positions: the start, and after these random plies


def timed(seconds: float, batch: Callable[[], tuple[int, int]]) -> tuple[int, int, float]:
    """Runs `batch` (returning (items, plies)) until `seconds` of CPU time are spent."""
    items = plies = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        n, p = batch()
        items, plies = items + n, plies + p
    return items, plies, time.process_time() - t0


def our_playouts(seconds: float, seed: int) -> dict[str, float]:
    game = ludotheque.load(RULESET)
    loops = compiled_loops(game.kernels)
    s0 = game.playout_start().data.copy()
    loops.random_playouts(s0, game.spec, 2, seed, 0)          # compiled or loaded before timing
    counter = [seed]

    def batch() -> tuple[int, int]:
        counter[0] += BATCH
        st = loops.random_playouts(s0, game.spec, BATCH, counter[0], 0)
        return int(st[0]), int(st[1])
    games, plies, cpu = timed(seconds, batch)
    return {"per_second": games / cpu, "plies_per_second": plies / cpu,
            "mean_length": plies / games, "cpu": cpu}


def openspiel_mean_length(games: int, seed: int) -> float:
    game, rng, plies = pyspiel.load_game("oware"), random.Random(seed), 0
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            plies += 1
    return plies / games


def their_rollouts(seconds: float, seed: int, mean_length: float) -> dict[str, float]:
    game = pyspiel.load_game("oware")
    state = game.new_initial_state()
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(BATCH, seed), C_UCT, 1, 1000,
                          False, seed, False)

    def batch() -> tuple[int, int]:
        bot.mcts_search(state)                                # BATCH rollouts, one simulation
        return BATCH, 0
    games, _, cpu = timed(seconds, batch)
    return {"per_second": games / cpu, "plies_per_second": games * mean_length / cpu,
            "mean_length": mean_length, "cpu": cpu}


def their_bots(seconds: float, seed: int, mean_length: float) -> dict[str, float]:
    game = pyspiel.load_game("oware")
    bots = [pyspiel.make_uniform_random_bot(0, seed), pyspiel.make_uniform_random_bot(1, seed + 1)]

    def batch() -> tuple[int, int]:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        return 1, 0
    games, _, cpu = timed(seconds, batch)
    return {"per_second": games / cpu, "plies_per_second": games * mean_length / cpu,
            "mean_length": mean_length, "cpu": cpu}


def mcts_positions(seed: int) -> list[list[int]]:
    """The action sequences leading to the MCTS positions (legal in both engines)."""
    game, rng, lines = ludotheque.load(RULESET), random.Random(seed), []
    for plies in MCTS_PLIES:
        s, line = game.initial_state(), []
        for _ in range(plies):
            a = rng.choice(s.legal_actions())
            s, line = s.apply(a), line + [a]
        lines.append(line)
    return lines


def our_mcts(lines: list[list[int]], simulations: int, seed: int) -> dict[str, float]:
    game, cpu = ludotheque.load(RULESET), 0.0
    for line in lines:
        s = game.initial_state()
        for a in line:
            s = s.apply(a)
        mcts.search(s, playouts=64, seed=seed)                # compiled or loaded before timing
        t0 = time.process_time()
        mcts.search(s, playouts=simulations, seed=seed, c=C_UCT)
        cpu += time.process_time() - t0
    return {"per_second": simulations * len(lines) / cpu, "cpu": cpu}


def their_mcts(lines: list[list[int]], simulations: int, seed: int) -> dict[str, float]:
    game, cpu = pyspiel.load_game("oware"), 0.0
    for line in lines:
        s = game.new_initial_state()
        for a in line:
            s.apply_action(a)
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, seed), C_UCT, simulations,
                              4000, False, seed, False)
        t0 = time.process_time()
        bot.mcts_search(s)
        cpu += time.process_time() - t0
    return {"per_second": simulations * len(lines) / cpu, "cpu": cpu}


def paired(rounds: int, ours: Callable[[int], dict[str, float]],
           theirs: Callable[[int], dict[str, float]], keys: tuple[str, ...]) -> dict[str, Any]:
    got: dict[str, list[dict[str, float]]] = {"ours": [], "theirs": []}
    for r in range(rounds):
        got["ours"].append(ours(r + 1))
        got["theirs"].append(theirs(r + 1))
    row: dict[str, Any] = {}
    for side, results in got.items():
        row[side] = {k: round(statistics.median(x[k] for x in results), 2)
                     for k in results[0] if k != "cpu"}
        row[side]["cpu"] = round(sum(x["cpu"] for x in results), 2)
    for k in keys:
        row["ratio_" + k] = round(row["ours"][k] / row["theirs"][k], 2)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a playout measure")
    ap.add_argument("--simulations", type=int, default=10_000, help="MCTS iterations a position")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    length = openspiel_mean_length(LENGTH_SAMPLE, 7)
    lines = mcts_positions(11)
    rows = {
        "rollouts": paired(args.rounds, lambda r: our_playouts(args.seconds, r),
                           lambda r: their_rollouts(args.seconds, r, length),
                           ("per_second", "plies_per_second")),
        "bots": paired(args.rounds, lambda r: our_playouts(args.seconds, r),
                       lambda r: their_bots(args.seconds, r, length),
                       ("per_second", "plies_per_second")),
        "mcts": paired(args.rounds, lambda r: our_mcts(lines, args.simulations, r),
                       lambda r: their_mcts(lines, args.simulations, r), ("per_second",)),
    }
    if args.json:
        print(json.dumps({"ruleset": RULESET, "rounds": args.rounds, "openspiel_mean_length":
                          round(length, 2), "openspiel_length_sample": LENGTH_SAMPLE,
                          "rows": rows}, indent=1))
        return
    print(f"{RULESET}, {args.rounds} paired rounds, CPU seconds, medians "
          f"(OpenSpiel mean random-game length {length:.1f} plies over {LENGTH_SAMPLE} games)")
    names = {"rollouts": "random playouts vs OpenSpiel's C++ rollout loop (RandomRolloutEvaluator)",
             "bots": "random playouts vs OpenSpiel's evaluate_bots (uniform random bots)",
             "mcts": f"MCTS iterations vs OpenSpiel's MCTSBot ({args.simulations:,} a position)"}
    for name, row in rows.items():
        print(names[name])
        for k in (k[6:] for k in row if k.startswith("ratio_")):
            print(f"  {k:17s} ours {row['ours'][k]:>14,.0f}  theirs {row['theirs'][k]:>14,.0f}"
                  f"  ratio {row['ratio_' + k]:6.2f}x")


if __name__ == "__main__":
    main()
