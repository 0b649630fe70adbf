"""Speed of the batched environments (`ludotheque.vector`), side by side in one run.

For each ruleset: env steps a second of `BatchedGames` (two-player form, random actions drawn
by `random_actions`, observations and masks written at every step) at B = 1, 64, 1024, 4096
games on 1 and on 2 threads; beside it the per-state API doing the same work a step (apply,
the chance that follows, observation, legal mask: what an environment returns) and the
compiled random playout's plies a second (`random_playouts`, one thread, nothing returned);
and, on oware, OpenSpiel's Python API on its own C++ oware (apply_action, observation_tensor,
legal_actions_mask). At the largest B on one thread, also the steps that leave the
observations out (``step(actions, observe=False)``: masks, rewards and ends only). Then, on
oware at B = 1024, the single-agent form against each of ``--opponents`` (a step: the
learner's random action and the opponent's reply). Each figure is the best of
``--repeat`` timings of at least ``--seconds`` each, by the wall clock and by CPU time,
after ``--seconds`` of the same work untimed (every side: the per-state API, the playout,
the batched games, OpenSpiel). A ruleset's sides take turns (`rates`): one window of each,
then the next round, so that the ratios compare windows of the same minutes.

The goals (issue 25): the batched games at least 100x the per-state API on every ruleset, and
at least 25% of the random playout's plies a second at B = 4096. Both sides of each ratio
count the same work. A step is a player's action and the chance that follows: in Puluc a
move and the next throw, for the batched games and the per-state API alike (until
2026-11-28 the per-state API counted a throw as a step of its own, which halved Puluc's
ratio). The playout counts a throw as a ply, so the batched games' plies a second are their
steps a second times ``plies_per_step`` (the plies a step plays, counted over 300 steps of
1,024 games: about 2 in Puluc, just under 1 elsewhere, where a restarting game plays none).
A batched step does at least a playout's ply of work (apply, legal actions) and writes more,
so ``playout_over_per_state`` (the playout's steps a second, its plies over
``plies_per_step``, over the per-state API's steps) bounds what the first ratio can reach on
one thread.

In the JSON, ``batched_steps["1t"]["4096"]`` is the figure on 1 thread at B = 4096, and says
so itself (``threads``, ``games``). With 2 threads the CPU-time rate is per CPU-second of both
threads, so the speed-up is read on the wall clock; batches under `THREADED_GAMES` games run
on one thread whatever ``threads``.

Usage: python benchmarks/vector.py [--seconds 0.2] [--repeat 5] [--rulesets oware,puluc]
       [--sizes 1 64 1024 4096] [--threads 1 2] [--opponents random,greedy,mcts:100p]
       [--out FILE]
       python benchmarks/vector.py --markdown FILE   (the table of a results file)
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
from ludotheque.vector import THREADED_GAMES, BatchedGames


Work = Callable[[], int]     # does some units of work (steps, plies) and says how many


def rates(works: dict[str, Work], seconds: float, repeat: int) -> dict[str, dict[str, float]]:
    """For each side, the best of ``repeat`` rates (units of its work a second), each timed
    over at least ``seconds``: by the wall clock, and by this process's CPU time (which a
    loaded machine disturbs less; with 2 threads it is the rate per CPU-second, not the wall
    rate). The sides take turns, one window each a round, so that a slow spell of the host
    (this one's speed moves by +-40% over minutes) falls on every side alike, not on the side
    timed then: timed one after the other, Oware's ratio over the per-state API read 74x in
    one run and 154x in the next. Every side is first run one untimed window: the code a game
    reaches only at its end is then compiled or loaded (unwarmed, Dara's per-state API read
    15k steps a second instead of 50-68k), and the batched games' rows are grown for the
    longest games so far (a long run grows them more and more rarely)."""
    best = {name: {"wall": 0.0, "cpu": 0.0} for name in works}
    for timed in (False,) + (True,) * repeat:
        for name, work in works.items():
            done, start, cpu = 0, time.perf_counter(), time.process_time()
            while True:
                done += work()
                elapsed = time.perf_counter() - start
                if elapsed >= seconds:
                    break
            if timed:
                best[name]["wall"] = max(best[name]["wall"], done / elapsed)
                best[name]["cpu"] = max(best[name]["cpu"],
                                        done / max(time.process_time() - cpu, 1e-9))
    return best


def rate(work: Work, seconds: float, repeat: int) -> dict[str, float]:
    """`rates` of one side."""
    return rates({"": work}, seconds, repeat)[""]


def per_state(ruleset: str) -> Work:
    """Steps of the per-state API doing an environment's step: the action, the chance that
    follows (Puluc's throw, drawn by `random_action` by its probability, as the adapters'
    `resolve_chance` and the batched games play it), then the observation and the legal mask.
    A throw is part of the step, not a step of its own."""
    game = ludotheque.load(ruleset)
    rng = random.Random(0)

    def settled(s: Any) -> Any:
        while s.is_chance_node:
            s = s.apply(s.random_action(rng))
        return s
    state = [settled(game.initial_state())]

    def steps() -> int:
        for _ in range(100):
            s = settled(state[0].apply(state[0].random_action(rng)))
            if s.is_terminal:
                s = settled(game.initial_state())
            s.observation()
            s.legal_actions_mask()
            state[0] = s
        return 100
    return steps


def playout_plies(ruleset: str) -> Work:
    """Plies of the compiled random playout (one thread, nothing returned)."""
    game = ludotheque.load(ruleset)
    loops = compiled_loops(game.kernels)
    start = game.initial_state().data
    loops.random_playouts(start, game.spec, 1, 0, 0)            # compiled before timing
    seed = [0]

    def plies() -> int:
        seed[0] += 1
        return int(loops.random_playouts(start, game.spec, 20, seed[0], 0)[1])
    return plies


OPPONENT_RULESET, OPPONENT_GAMES = "oware", 1024


def batched(ruleset: str, size: int, threads: int, observe: bool = True,
            opponent: str | None = None) -> Work:
    """Steps of ``size`` batched games, random actions (`random_actions`)."""
    env = BatchedGames(ruleset, size, threads=threads, opponent=opponent)
    env.reset(seed=0)

    def steps() -> int:
        env.step(env.random_actions(), observe=observe)
        return size
    return steps


def plies_per_step(ruleset: str, games: int = 1024, steps: int = 300) -> float:
    """The plies a batched step plays, on average over ``steps`` steps of ``games`` random
    games: the player's action (none in a game restarting) and the environment's (Puluc's
    throws). The playout counts every one of them as a ply."""
    env = BatchedGames(ruleset, games)
    batch = env.reset(seed=0)
    plies = int((batch.env_actions >= 0).sum())
    for _ in range(steps):
        restarting = int((batch.terminated | batch.truncated).sum())   # (their action ignored)
        batch = env.step(env.random_actions(), observe=False)
        plies += games - restarting + int((batch.env_actions >= 0).sum())
    return plies / (games * steps)


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


def millions(x: float) -> str:
    return f"{x / 1e6:.2f}M" if x >= 1e6 else f"{x / 1e3:.0f}k"


def markdown(report: dict[str, Any]) -> str:
    """The results as the tables of docs/BENCHMARKS.md: steps a CPU-second on one thread, and
    on 2 threads at the two largest B by the wall clock (with the speed-up over one thread's
    wall rate in the same run); **bold** where a goal is met."""
    rulesets = report["rulesets"]
    lines: list[str] = []
    if rulesets:
        lines += ruleset_table(rulesets) + [""]
    against = report.get(f"opponents_{OPPONENT_RULESET}")
    if against:
        lines += opponent_table(against) + [""]
    load = [" ".join(f"{x:.1f}" for x in report.get(k) or ()) or "?"
            for k in ("load_before", "load_after")]
    openspiel = report.get("openspiel_python_oware_steps")
    lines.append(f"Load average (1, 5, 15 min) {load[0]} at the start, {load[1]} at the end; "
                 "OpenSpiel's Python API on Oware: "
                 + (f"{millions(openspiel['cpu'])} steps a CPU-second "
                    f"({millions(openspiel['wall'])} wall)" if openspiel else "not installed"))
    return "\n".join(lines)


def ruleset_table(rulesets: dict[str, Any]) -> list[str]:
    first = next(iter(rulesets.values()))
    sizes = list(first["batched_steps"]["1t"])
    largest = sizes[-1]
    threaded = [b for b in sizes if int(b) >= THREADED_GAMES][-2:]
    more = sorted({t for r in rulesets.values() for t in r["batched_steps"]} - {"1t"})
    head = (["ruleset", "per-state API"] + [f"B={b}" for b in sizes]
            + [f"B={largest} masks only"]
            + [f"B={b}, {t[:-1]} threads (wall, speed-up; per CPU-s)"
               for t in more for b in threaded]
            + ["best / per-state (ceiling)", f"B={largest} / playout"])
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    met100 = met25 = 0
    for name, r in rulesets.items():
        one = r["batched_steps"]["1t"]
        best, ceiling = r["best_over_per_state_cpu"], r["playout_over_per_state_cpu"]
        share = r["largest_1t_over_playout_cpu"]
        met100 += best >= 100
        met25 += share >= 0.25
        cells = [f"`{name}`", millions(r["per_state_steps"]["cpu"])]
        cells += [millions(one[b]["cpu"]) for b in sizes]
        cells.append(millions(r[f"masks_only_1t_{largest}"]["cpu"]))
        for t in more:
            for b in threaded:
                figure = r["batched_steps"].get(t, {}).get(b)    # (not measured: blank)
                cells.append(speed_up(figure, one[b]) if figure else "")
        cells.append(f"{f'**{best:.0f}x**' if best >= 100 else f'{best:.0f}x'} ({ceiling:.0f}x)")
        percent = f"{100 * share:.0f}%"
        cells.append(f"{f'**{percent}**' if share >= 0.25 else percent} of "
                     f"{millions(r['playout_plies']['cpu'])}")
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", f"100x the per-state API on {met100} of {len(rulesets)} rulesets, 25% of the "
              f"playout at B = {largest} on {met25}."]
    return lines


def opponent_table(against: dict[str, Any]) -> list[str]:
    more = [t for t in next(iter(against.values())) if t != "1t"]
    head = ([f"{OPPONENT_RULESET}, B={OPPONENT_GAMES}, against", "1 thread"]
            + [f"{t[:-1]} threads (wall, speed-up; per CPU-s)" for t in more])
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for name, per in against.items():
        cells = [f"`{name}`", millions(per["1t"]["cpu"])]
        cells += [speed_up(per[t], per["1t"]) for t in more]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def speed_up(figure: dict[str, float], one_thread: dict[str, float]) -> str:
    """The wall rate, its speed-up over one thread's, and the rate a CPU-second (what the
    threads cost: on a busy machine the wall rate says little)."""
    return (f"{millions(figure['wall'])} ({figure['wall'] / one_thread['wall']:.2f}x); "
            f"{millions(figure['cpu'])}/CPU-s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=0.2)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rulesets", default=",".join(ri.name for ri in ludotheque.rulesets()))
    # "--threads 1 2" or "--threads 1,2"
    ap.add_argument("--sizes", nargs="+", default=["1,64,1024,4096"])
    ap.add_argument("--threads", nargs="+", default=["1,2"])
    ap.add_argument("--opponents", default="random,greedy,mcts:100p")
    ap.add_argument("--out")
    ap.add_argument("--markdown", metavar="FILE", help="print the table of a results file")
    args = ap.parse_args()
    if args.markdown:
        with open(args.markdown, encoding="utf-8") as f:
            print(markdown(json.load(f)))
        return
    sizes = [int(x) for x in ",".join(args.sizes).split(",")]
    threads = [int(x) for x in ",".join(args.threads).split(",")]
    report: dict[str, Any] = {"load_before": os.getloadavg(), "cpus": os.cpu_count(),
                              "seconds": args.seconds, "repeat": args.repeat, "rulesets": {}}
    report["openspiel_python_oware_steps"] = openspiel_oware(args.seconds, args.repeat)
    print(json.dumps({"openspiel_python_oware_steps": report["openspiel_python_oware_steps"]}),
          flush=True)
    for ruleset in filter(None, args.rulesets.split(",")):
        largest = max(sizes)
        works = {"per_state": per_state(ruleset), "playout": playout_plies(ruleset),
                 **{f"{t}t/{b}": batched(ruleset, b, t) for t in threads for b in sizes},
                 "masks_only": batched(ruleset, largest, 1, observe=False)}
        got = rates(works, args.seconds, args.repeat)
        del works                           # (the batched games' buffers)
        row: dict[str, Any] = {
            "per_state_steps": got["per_state"],
            "playout_plies": got["playout"],
            "batched_steps": {f"{t}t": {str(b): {"threads": t, "games": b, **got[f"{t}t/{b}"]}
                                        for b in sizes} for t in threads},
            f"masks_only_1t_{largest}": {"threads": 1, "games": largest, **got["masks_only"]},
            "plies_per_step": plies_per_step(ruleset),
        }
        one = row["batched_steps"].get("1t", {})
        per_step = row["plies_per_step"]
        for clock in ("wall", "cpu"):
            row[f"playout_over_per_state_{clock}"] = (row["playout_plies"][clock] / per_step
                                                      / row["per_state_steps"][clock])
            best = max(v[clock] for per in row["batched_steps"].values() for v in per.values())
            row[f"best_over_per_state_{clock}"] = best / row["per_state_steps"][clock]
            if str(largest) in one:
                row[f"largest_1t_over_playout_{clock}"] = (one[str(largest)][clock] * per_step
                                                           / row["playout_plies"][clock])
        report["rulesets"][ruleset] = row
        print(json.dumps({ruleset: row}), flush=True)
    if args.opponents:
        report[f"opponents_{OPPONENT_RULESET}"] = against = {
            name: {f"{t}t": {"threads": t, "games": OPPONENT_GAMES,
                             **rate(batched(OPPONENT_RULESET, OPPONENT_GAMES, t, opponent=name),
                                    args.seconds, args.repeat)} for t in threads}
            for name in args.opponents.split(",")}
        print(json.dumps({f"opponents_{OPPONENT_RULESET}": against}), flush=True)
    report["load_after"] = os.getloadavg()
    text = json.dumps(report, indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)
    print(markdown(report))


if __name__ == "__main__":
    main()
