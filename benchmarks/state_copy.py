"""What a kept state costs and what a copy of one costs, late in a game and early.

- Memory: ``--states`` random games of each ruleset played ``--plies`` actions (a game that
  ends sooner is replaced by the next seed); only each game's last state is kept. The traced
  memory (tracemalloc) those states keep alive, against the bytes of their own arrays.
- Copies: `copy.copy`, `copy.deepcopy`, a pickle round trip and OpenSpiel's `State.clone()` of
  one Nam-Nam state at move 10 and at move 300 (best of ``--repeat`` rounds, microseconds).
- OpenSpiel's `random_sim_test` of ``--sims`` Nam-Nam games (wall seconds).

Usage: python benchmarks/state_copy.py [--states 1000] [--plies 300] [--repeat 7] [--sims 5]
       [--rulesets dara oware/nam-nam] [--no-openspiel]
Prints one JSON object.
"""
from __future__ import annotations

import argparse
import copy
import gc
import json
import pickle
import random
import time
import tracemalloc
from typing import Any, Callable

import ludotheque
from ludotheque.core.game import State

CLONE_RULESET = "oware/nam-nam"


def state_after(game: ludotheque.Game, plies: int, seed: int) -> State | None:
    """The state after ``plies`` random actions from the start, None if the game ends sooner."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        if state.is_terminal:
            return None
        state = state.apply(state.random_action(rng))
    return state


def kept_states(game: ludotheque.Game, count: int, plies: int) -> list[State]:
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = state_after(game, plies, seed)
        seed += 1
        if state is not None:
            out.append(state)
    return out


def memory(ruleset: str, count: int, plies: int) -> dict[str, Any]:
    game = ludotheque.load(ruleset)
    state_after(game, plies, 0)           # compiled and cached before the measure
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = kept_states(game, count, plies)
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    arrays = sum(s.data.nbytes for s in states)
    return {"ruleset": ruleset, "states": count, "plies": plies, "kept_bytes": kept,
            "array_bytes": arrays, "bytes_per_state": round(kept / count),
            "ratio": round(kept / arrays, 3)}


def best_us(fn: Callable[[], object], repeat: int, number: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return round(best * 1e6, 2)


def clones(repeat: int, openspiel: bool) -> dict[str, Any]:
    game = ludotheque.load(CLONE_RULESET)
    out: dict[str, Any] = {"ruleset": CLONE_RULESET}
    if openspiel:
        import pyspiel
        from ludotheque.adapters.openspiel_game import register
        os_game = pyspiel.load_game(register(CLONE_RULESET))
    for move in (10, 300):
        state = state_after(game, move, 0)
        assert state is not None
        row = {"copy": best_us(lambda: copy.copy(state), repeat, 1000),
               "deepcopy": best_us(lambda: copy.deepcopy(state), repeat, 1000),
               "pickle": best_us(lambda: pickle.loads(pickle.dumps(state)), repeat, 1000)}
        if openspiel:
            os_state = os_game.new_initial_state()
            for a in state.history()[1]:
                os_state.apply_action(a)
            row["openspiel_clone"] = best_us(os_state.clone, repeat, 1000)
        out[f"move_{move}_us"] = row
    out["ratio_300_over_10"] = {k: round(out["move_300_us"][k] / out["move_10_us"][k], 2)
                                for k in out["move_10_us"]}
    return out


def random_sim(sims: int) -> dict[str, Any]:
    import pyspiel
    from ludotheque.adapters.openspiel_game import register
    game = pyspiel.load_game(register(CLONE_RULESET))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)   # compiled
    t0 = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)
    return {"ruleset": CLONE_RULESET, "games": sims, "seconds": round(time.perf_counter() - t0, 2)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--states", type=int, default=1000)
    p.add_argument("--plies", type=int, default=300)
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument("--sims", type=int, default=5)
    p.add_argument("--rulesets", nargs="+", default=["dara", "oware/nam-nam"])
    p.add_argument("--no-openspiel", action="store_true")
    args = p.parse_args()
    result = {"memory": [memory(r, args.states, args.plies) for r in args.rulesets],
              "clone": clones(args.repeat, not args.no_openspiel)}
    if not args.no_openspiel:
        result["random_sim_test"] = random_sim(args.sims)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
