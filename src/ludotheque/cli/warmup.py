"""`ludotheque warmup`: compile every game once (the set-up step of `make run` and `make test`),
so that no person waits for the compiler on a first move or a web request."""
from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .errors import UsageError


def add_parser(sub: Any) -> None:
    s = sub.add_parser("warmup", help="compile every game ahead of play (the first run after "
                                      "install takes a minute or two; later runs a few seconds)")
    s.add_argument("rulesets", nargs="*", help="only these rulesets (default: all, with each "
                                               "extension)")
    s.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="processes compiling side by side (default: one a core)")
    s.add_argument("--json", action="store_true", help="print a JSON summary instead of a bar")
    s.set_defaults(func=cmd_warmup)


def cmd_warmup(args: argparse.Namespace, console: Console) -> int:
    from ..ai.warmup import ruleset_ids, warm_all
    from ..core import jit, registry
    ids = args.rulesets or ruleset_ids()
    for rid in ids:
        registry.load(rid)                       # a bad id fails before anything starts
    if args.jobs < 1:
        raise UsageError(f"--jobs is at least 1, not {args.jobs}")
    t0 = time.perf_counter()
    if args.json:
        dropped = warm_all(ids, args.jobs)
    else:
        columns = (TextColumn("warming up"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.description}"), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=False) as bar:
            task = bar.add_task("", total=len(ids))
            dropped = warm_all(ids, args.jobs,
                               lambda rid: bar.update(task, advance=1, description=rid))
    summary = {"rulesets": len(ids), "seconds": round(time.perf_counter() - t0, 1),
               "unreadable_cache_files_dropped": dropped, "cache": str(jit.JIT_DIR)}
    if args.json:
        print(json.dumps(summary))
    else:
        console.print(f"{len(ids)} rulesets ready in {summary['seconds']} s (cache: {jit.JIT_DIR})")
    return 0
