"""`ludotheque selfplay`: an agent against itself, its decisions written as training examples
(`ai.selfplay`)."""
from __future__ import annotations

import argparse
import json
import os
from typing import Any

from rich.console import Console

from .errors import UsageError

from .progress import progress_bar


def add_ray_argument(s: argparse.ArgumentParser) -> None:
    s.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                   help="run the games as Ray tasks: on a Ray started for the run on this "
                        "machine, or on the cluster at ADDRESS (e.g. auto, ray://host:10001); "
                        "needs pip install 'ludotheque[ray]'")


def add_parser(sub: Any) -> None:
    s = sub.add_parser("selfplay", help="an agent against itself: observations, legal-action "
                       "masks, actions (MCTS visit counts) and outcomes in .npz shards")
    s.add_argument("ruleset")
    s.add_argument("--agent", required=True,
                   help="agent spec: random, greedy, mcts[:S|:Np], alphabeta[:S|:dN|:Nn], easy, "
                        "medium, hard, expert (budgets in playouts or nodes are reproducible)")
    s.add_argument("--games", type=int, required=True)
    s.add_argument("--out", required=True, help="folder for the shards and meta.json (new)")
    s.add_argument("--seed", type=int, default=1, help="game i plays with seed SEED + i (default 1)")
    s.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="processes of the local pool, or CPUs of a local Ray (default: one per core)")
    s.add_argument("--games-per-shard", type=int, default=100)
    s.add_argument("--opening", type=int, default=0,
                   help="random actions that open each game, not kept as examples (default 0)")
    s.add_argument("--max-actions", type=int, default=3000,
                   help="games cut after this many actions count as draws")
    s.add_argument("--seconds-per-move", type=float, default=1.0,
                   help="time a move for mcts/alphabeta given without a budget (default 1)")
    s.add_argument("--no-reuse", dest="reuse", action="store_false",
                   help="MCTS searches a fresh tree every move instead of keeping the subtree "
                        "of the moves played (visits then sum to the budget less one)")
    add_ray_argument(s)
    s.add_argument("--json", action="store_true", help="print a JSON summary, no progress bar")
    s.set_defaults(func=cmd_selfplay)


def cmd_selfplay(args: argparse.Namespace, console: Console) -> int:
    from ..ai import pool, selfplay
    from ..ai.arena import OpeningError
    try:
        game = selfplay.check_run(args.ruleset, args.agent, args.games, args.out, args.jobs,
                                  args.games_per_shard, args.opening, args.max_actions)
    except ValueError as e:               # RulesetError included
        raise UsageError(str(e)) from None
    if args.ray is not None and not pool.ray_available():
        raise UsageError("--ray needs Ray: pip install 'ludotheque[ray]'")
    with progress_bar(args.json) as bar:
        task = bar.add_task(f"{game.id} {args.agent}", total=args.games)
        try:
            paths = selfplay.run(game.id, args.agent, args.games, args.out, args.seed, args.jobs,
                                 args.games_per_shard, args.opening, args.max_actions,
                                 args.seconds_per_move, args.ray, lambda _: bar.advance(task),
                                 args.reuse)
        except OpeningError as e:         # found only by playing: the games are too short
            raise UsageError(str(e)) from None
    summary = json.loads((paths[0].parent / "meta.json").read_text(encoding="utf-8"))
    if args.json:
        print(json.dumps(summary))
    else:
        shards = f"{len(paths)} shard{'' if len(paths) == 1 else 's'}"
        console.print(f"{args.games} games, {summary['examples']} examples in {shards} in {args.out}")
    return 0
