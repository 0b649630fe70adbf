"""Where ludotheque keeps the user's data (records, the saved-games database)."""
from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir


def data_dir() -> Path:
    """``$LUDOTHEQUE_HOME`` if set, else the platform's user data directory."""
    return Path(os.environ.get("LUDOTHEQUE_HOME") or user_data_dir("ludotheque"))
