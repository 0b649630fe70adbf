"""The progress bar of the long commands (arena, selfplay, analyse, solve): on stderr, so that
stdout keeps only the results, and off with ``--json``."""
from __future__ import annotations

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn,
                           TimeElapsedColumn)


def progress_bar(quiet: bool, counted: bool = True) -> Progress:
    """A bar counting done/total items, or with ``counted=False`` a spinner and the time
    (for work whose size is not known in advance)."""
    columns = ((TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TimeElapsedColumn()) if counted else
               (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn()))
    console = Console(stderr=True)
    # a spinner says nothing in a log: only counted bars print (their last state) off a terminal
    return Progress(*columns, console=console, transient=not counted,
                    disable=quiet or (not counted and not console.is_terminal))
