"""How the command line reports a bad argument: one line on stderr and a non-zero exit."""
from __future__ import annotations

import sys


class UsageError(Exception):
    """A command-line argument that is out of range or names nothing usable."""


def fail(message: str, code: int = 2) -> int:
    """Prints ``message`` as one line on stderr (no markup, no traceback); returns ``code``."""
    line = " ".join(message.split())
    print(f"ludotheque: error: {line[:500]}", file=sys.stderr)
    return code
