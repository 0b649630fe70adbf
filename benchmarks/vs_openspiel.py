"""Strength: ludotheque's `expert` Oware player against OpenSpiel's C++ MCTS, same time a move.

Rules: `oware?grand_slam=forbid-capture&repetition=2`, identical to OpenSpiel's `oware`
(the differential test tests/rules/oware/test_abapa_vs_openspiel.py checks it), with the same
action ids. OpenSpiel plays `pyspiel.MCTSBot(uct_c=2, random rollouts)`: we call
`mcts_search(state)` and play the most visited child. Its simulation count is calibrated so
that it spends the same wall time a move as our expert (measured first on a few positions).
Seats alternate; game k uses seed k for both sides.

Games run in ``--workers`` processes (one core each: give the benchmark a quiet machine, or
the time-limited side, ours, loses nodes to the other load). With ``--out FILE`` each finished
game is appended to FILE as a JSON line, and a run given the same file plays only the games
it lacks (a long benchmark can be stopped and resumed); the summary counts every game in it.

Usage: python benchmarks/vs_openspiel.py [--games 200] [--level expert] [--calibration-moves 8]
       [--simulations N] [--workers 1] [--out FILE] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import pyspiel

import ludotheque
from ludotheque.ai.agents import make_agent

RULESET = "oware?grand_slam=forbid-capture&repetition=2"
MAX_PLIES = 999          # OpenSpiel refuses move 1000; a game reaching it is scored on the seeds


def openspiel_bot(game: pyspiel.Game, simulations: int, seed: int) -> pyspiel.MCTSBot:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, False, seed, False)


def openspiel_move(bot: pyspiel.MCTSBot, state: pyspiel.State) -> int:
    root = bot.mcts_search(state)
    return max(root.children, key=lambda c: c.explore_count).action


def positions(count: int, seed: int) -> list[list[int]]:
    """Action sequences reaching a few opening and middle-game positions."""
    rng = random.Random(seed)
    game = ludotheque.load(RULESET)
    out = []
    for _ in range(count):
        s, line = game.initial_state(), []
        for _ in range(rng.randrange(0, 30)):
            if s.is_terminal:
                break
            a = rng.choice(s.legal_actions())
            s, line = s.apply(a), line + [a]
        if not s.is_terminal:
            out.append(line)
    return out


def calibrate(level: str, moves: int) -> dict[str, float]:
    """Our mean seconds a move, OpenSpiel's simulations a second, on the same positions."""
    ours_game, theirs_game = ludotheque.load(RULESET), pyspiel.load_game("oware")
    agent = make_agent(level, 0)
    agent.choose(ours_game.initial_state())          # compile outside the measure
    lines = positions(moves, 12345)
    t_ours = 0.0
    for line in lines:
        s = ours_game.initial_state()
        for a in line:
            s = s.apply(a)
        t0 = time.perf_counter()
        agent.choose(s)
        t_ours += time.perf_counter() - t0
    sims, t_theirs = 2000, 0.0
    for i, line in enumerate(lines):
        st = theirs_game.new_initial_state()
        for a in line:
            st.apply_action(a)
        bot = openspiel_bot(theirs_game, sims, i)
        t0 = time.perf_counter()
        bot.mcts_search(st)
        t_theirs += time.perf_counter() - t0
    per_move = t_ours / len(lines)
    rate = sims * len(lines) / t_theirs
    return {"our_seconds_per_move": per_move, "openspiel_simulations_per_second": rate,
            "simulations": max(1, int(rate * per_move))}


def play(level: str, simulations: int, seed: int, ours_first: bool) -> tuple[float, int]:
    """Our return (+1 win, 0 draw, -1 loss) and the game length."""
    ours_game, theirs_game = ludotheque.load(RULESET), pyspiel.load_game("oware")
    agent = make_agent(level, seed)
    bot = openspiel_bot(theirs_game, simulations, seed)
    our_seat = 0 if ours_first else 1
    s, st = ours_game.initial_state(), theirs_game.new_initial_state()
    plies = 0
    while not s.is_terminal and plies < MAX_PLIES:
        a = agent.choose(s) if s.current_player == our_seat else openspiel_move(bot, st)
        s = s.apply(a)
        st.apply_action(a)
        plies += 1
    if s.is_terminal:
        return s.returns()[our_seat], plies
    d = int(s.data[12 + our_seat]) - int(s.data[13 - our_seat])
    return (d > 0) - (d < 0), plies


def load_games(path: str | None, level: str, simulations: int) -> dict[int, dict]:
    """Games already played with these settings, by game number."""
    done: dict[int, dict] = {}
    if path and os.path.exists(path):
        with open(path) as fh:
            for line in fh:
                g = json.loads(line)
                if g["level"] == level and g["simulations"] == simulations:
                    done[g["game"]] = g
    return done


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", default="expert", help="our agent spec (default: expert)")
    ap.add_argument("--calibration-moves", type=int, default=8)
    ap.add_argument("--simulations", type=int, default=None, help="skip the calibration")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default=None, help="JSON-lines file of finished games (resumable)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cal = calibrate(args.level, args.calibration_moves) if args.simulations is None else {}
    sims = args.simulations or int(cal["simulations"])
    if not args.json:
        if cal:
            print(f"ours: {cal['our_seconds_per_move']:.2f} s a move; OpenSpiel MCTS: "
                  f"{cal['openspiel_simulations_per_second']:,.0f} simulations/s")
        print(f"OpenSpiel MCTSBot gets {sims:,} simulations a move")
    done = load_games(args.out, args.level, sims)
    todo = [k for k in range(args.games) if k not in done]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        futures = {pool.submit(play, args.level, sims, k // 2, k % 2 == 0): k for k in todo}
        for f in as_completed(futures):
            k = futures[f]
            r, plies = f.result()
            done[k] = {"game": k, "level": args.level, "simulations": sims,
                       "ours": "South" if k % 2 == 0 else "North", "result": r, "plies": plies}
            if args.out:
                with open(args.out, "a") as fh:
                    fh.write(json.dumps(done[k]) + "\n")
            if not args.json:
                score = sum(1 + g["result"] for g in done.values()) / 2
                print(f"game {k + 1:3d}: ours as {done[k]['ours']} "
                      f"{'win' if r > 0 else 'draw' if r == 0 else 'loss'} in {plies} plies; "
                      f"score {score:.1f}/{len(done)}", flush=True)
    games = [done[k] for k in sorted(done) if k < args.games]
    wins = sum(g["result"] > 0 for g in games)
    draws = sum(g["result"] == 0 for g in games)
    losses = sum(g["result"] < 0 for g in games)
    from ludotheque.ai.arena import elo
    d, lo, hi = elo(wins, draws, losses)
    result = {"ruleset": RULESET, "level": args.level, "openspiel_simulations": sims, **cal,
              "games": len(games), "mean_plies": round(sum(g["plies"] for g in games) / max(len(games), 1), 1),
              "wins": wins, "draws": draws, "losses": losses,
              "score": (wins + draws / 2) / max(len(games), 1), "elo": d, "elo_95": [lo, hi],
              "seconds": round(time.perf_counter() - t0, 1)}
    if args.json:
        print(json.dumps(result, indent=1, default=str))
    else:
        print(f"ludotheque {args.level} vs OpenSpiel MCTS ({sims} simulations): "
              f"+{wins} ={draws} -{losses}, score {100 * result['score']:.1f}%, "
              f"Elo {d:+.0f} [{lo:+.0f}, {hi:+.0f}]")


if __name__ == "__main__":
    main()
