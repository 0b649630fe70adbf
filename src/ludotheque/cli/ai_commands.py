"""`ludotheque analyse` (review a record) and `ludotheque arena` (agents' round robin)."""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from .errors import UsageError
from .progress import progress_bar
from .selfplay import add_ray_argument


def add_parsers(sub: Any) -> None:
    s = sub.add_parser("analyse", help="review a record: evaluation of every move, mistakes (?) and blunders (??)")
    s.add_argument("record", help="a record file (JSON or text)")
    s.add_argument("--seconds", type=float, default=1.0, help="search time per move (default 1)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_analyse)
    s = sub.add_parser("arena", help="round robin between computer players: results, Elo, records")
    s.add_argument("ruleset")
    s.add_argument("--agents", nargs="+", required=True,
                   help="agent specs: random, greedy, mcts[:S|:Np], alphabeta[:S|:dN], easy, medium, hard, expert")
    s.add_argument("--games", type=int, default=20, help="games per pair of agents (default 20)")
    s.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="processes of the local pool, or CPUs of a local Ray (default: one per core)")
    s.add_argument("--seconds-per-move", type=float, default=1.0,
                   help="time a move for mcts/alphabeta given without a budget (default 1)")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--opening", type=int, default=0, help="random actions that open each game "
                   "(the same for both games of a seat-swapped pair; default 0)")
    s.add_argument("--start", default="", help="moves in the game's notation, separated by "
                   "spaces, that open every game before the random ones (e.g. \"done done\")")
    s.add_argument("--max-actions", type=int, default=3000, help="games cut after this many actions count as draws")
    s.add_argument("--out", default=None, help="folder for the records and results.json "
                   "(default arena/<ruleset>-<date>)")
    add_ray_argument(s)
    s.add_argument("--json", action="store_true", help="print the results as JSON")
    s.set_defaults(func=cmd_arena)


def cmd_analyse(args: argparse.Namespace, console: Console) -> int:
    from ..ai.agents import MAX_SECONDS
    from ..ai.hints import analyse
    from ..core.game import CHANCE
    from ..records import GameRecord
    if not 0 < args.seconds <= MAX_SECONDS:
        raise UsageError(f"--seconds is a positive number of at most {MAX_SECONDS:.0f}, not {args.seconds}")
    record = GameRecord.read_file(args.record)
    states = record.states()
    moves = sum(s.current_player != CHANCE for s in states[:len(record.actions)])
    with progress_bar(args.json) as bar:
        task = bar.add_task(f"analysing {record.ruleset}", total=moves)
        reviews = analyse(states, record.actions, args.seconds, lambda: bar.advance(task))
    if args.json:
        print(json.dumps([r.__dict__ for r in reviews], indent=1))
        return 0
    names = states[0].game.player_names
    table = Table(title=f"{record.ruleset}: values for the player who moves (+1 win, -1 loss)")
    for col in ("#", "player", "move", "before", "after", "best", ""):
        table.add_column(col)
    for r in reviews:
        style = "red" if r.mark == "??" else "yellow" if r.mark == "?" else ""
        table.add_row(str(r.number), names[r.player], r.move + r.mark, f"{r.before:+.2f}",
                      f"{r.after:+.2f}", r.best if r.mark else "",
                      {"??": "blunder", "?": "mistake"}.get(r.mark, ""), style=style)
    console.print(table)
    for p in (0, 1):
        mine = [r for r in reviews if r.player == p]
        console.print(f"{names[p]}: {_count(sum(r.mark == '?' for r in mine), 'mistake')}, "
                      f"{_count(sum(r.mark == '??' for r in mine), 'blunder')} "
                      f"in {_count(len(mine), 'move')}")
    return 0


def cmd_arena(args: argparse.Namespace, console: Console) -> int:
    from ..ai import arena, pool
    start = tuple(args.start.split())
    try:                                  # every argument checked before the folder is made
        game = arena.check(args.ruleset, list(args.agents), args.games, args.workers,
                           args.seconds_per_move, args.max_actions, args.opening, start)
    except ValueError as e:               # RulesetError included
        raise UsageError(str(e)) from None
    if args.ray is not None and not pool.ray_available():
        raise UsageError("--ray needs Ray: pip install 'ludotheque[ray]'")
    slug = re.sub(r"[^a-z0-9]+", "-", game.id.lower()).strip("-")
    out = Path(args.out or f"arena/{slug}-{_dt.datetime.now().strftime('%Y%m%d-%H%M%S')}")
    out.mkdir(parents=True, exist_ok=True)
    # records are numbered in schedule order, whichever game finishes first
    number = {p: i for i, p in enumerate(arena.schedule(args.agents, args.games, args.seed), start=1)}
    count = [0]
    with progress_bar(args.json) as bar:
        task = bar.add_task(game.id, total=len(number))

        def saved(pairing: Any, record: Any, returns: Any) -> None:
            count[0] += 1
            name = f"{number[pairing]:04d}-{_slug(pairing.first)}-vs-{_slug(pairing.second)}.ogn"
            (out / name).write_text(record.to_text(), encoding="utf-8")
            bar.advance(task)

        try:
            result = arena.run(game.id, list(args.agents), args.games, args.workers,
                               args.seconds_per_move, args.seed, args.max_actions, saved,
                               args.opening, start=start, ray_address=args.ray)
        except arena.OpeningError as e:   # found only by playing: the games are too short
            raise UsageError(str(e)) from None
    data = result.to_dict()
    (out / "results.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    if args.json:
        print(json.dumps(data, indent=1))
        return 0
    console.print(_table(f"{game.id}: each agent against the field", data["agents"].items()))
    console.print(_table("pairs (results of the first agent)",
                         [(f"{p['agent']} vs {p['opponent']}", p) for p in data["pairs"]]))
    console.print(f"{count[0]} records and results.json in {out}")
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _slug(spec: str) -> str:
    return re.sub(r"[^a-z0-9.]+", "_", spec.lower())


def _fmt(x: float | None, sign: bool = True) -> str:
    if x is None:
        return "∞"
    x = round(x) + 0  # no "-0"
    return f"{x:+d}" if sign else f"{x:d}"


def _table(title: str, rows: Any) -> Table:
    t = Table(title=title)
    for col in ("agent", "games", "won", "drawn", "lost", "score", "Elo", "95% CI"):
        t.add_column(col, justify="left" if col == "agent" else "right", no_wrap=col == "agent")
    for name, r in rows:
        lo = "-∞" if r["elo_low"] is None else _fmt(r["elo_low"])
        hi = "+∞" if r["elo_high"] is None else _fmt(r["elo_high"])
        e = ("+∞" if r["score"] >= 1 else "-∞") if r["elo"] is None else _fmt(r["elo"])
        t.add_row(name, str(r["games"]), str(r["wins"]), str(r["draws"]), str(r["losses"]),
                  f"{100 * r['score']:.1f}%", e, f"[{lo}, {hi}]")
    return t
