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
    return Progress(*columns, console=Console(stderr=True), disable=quiet, transient=not counted)
