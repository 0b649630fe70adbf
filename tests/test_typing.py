"""The protocol, records and CLI are typed: mypy --strict finds nothing."""
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "ludotheque"


def test_core_records_and_cli_pass_mypy_strict():
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--ignore-missing-imports", "--no-incremental",
         str(SRC / "core"), str(SRC / "records"), str(SRC / "cli")],
        capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout
