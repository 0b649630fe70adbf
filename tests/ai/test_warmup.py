"""The disk cache of compiled code: after a warm-up, a new process compiles nothing; a corrupt
cache is rebuilt, never a crash."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ludotheque

RULESET = "oware"

# Collects the names of the functions numba compiles in a process (cache loads are not
# compilations) into `compiled`.
COUNTING = """
import json, sys
from numba.core import event
compiled = []
class Count(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Count())
"""

# Counts compilations while a new process does what a player's first game does: the warm-up
# path, a move of each level, a hint.
COUNT_COMPILES = COUNTING + """
import ludotheque
from ludotheque.ai import LEVEL_NAMES, make_agent, prepare
from ludotheque.ai.hints import best_actions
game = ludotheque.load(sys.argv[1])
prepare(game)
state = game.initial_state()
for level in LEVEL_NAMES:
    while state.is_chance_node:
        state = state.apply(state.legal_actions()[0])
    state = state.apply(make_agent(level, 0).choose(state))
while state.is_chance_node:
    state = state.apply(state.legal_actions()[0])
best_actions(state, 0.2)
print(json.dumps(compiled))
"""


def _run(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LUDOTHEQUE_CACHE=str(cache))
    env.pop("NUMBA_CACHE_DIR", None)
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                          timeout=1800)


@pytest.mark.parametrize("ruleset", [RULESET, "puluc"])     # Puluc's levels play by MCTS
def test_a_second_process_with_a_warm_cache_compiles_nothing(tmp_path, ruleset):
    first = _run(tmp_path, "-c", COUNT_COMPILES, ruleset)
    assert first.returncode == 0, first.stderr
    assert "node" in json.loads(first.stdout)         # the empty cache was filled
    second = _run(tmp_path, "-c", COUNT_COMPILES, ruleset)
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout) == []


def test_the_warmup_writes_compiled_code_only_into_the_cache_folder(tmp_path):
    # numba's default is a __pycache__ beside each source file, out of reach of the versioned
    # folder's pruning (and an installed package's folder may not be writable). The package is
    # copied so that its __pycache__ folders hold only what this process wrote.
    src = tmp_path / "src"
    shutil.copytree(Path(ludotheque.__file__).parent, src / "ludotheque",
                    ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    env = dict(os.environ, LUDOTHEQUE_CACHE=str(cache), PYTHONPATH=str(src))
    env.pop("NUMBA_CACHE_DIR", None)
    script = ("import sys, ludotheque; from ludotheque.ai.warmup import warm; "
              "print(ludotheque.__file__); warm(sys.argv[1])")
    done = subprocess.run([sys.executable, "-c", script, RULESET], env=env, capture_output=True,
                          text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(src)        # the copy ran, not the checkout
    compiled = sorted(tmp_path.rglob("*.nb[ic]"))
    assert compiled
    assert [f for f in compiled if not f.is_relative_to(cache)] == []


# Two families' alpha-beta searches in one process: the node search's compilations, and the
# functions whose code the compiled node search has linked into its own.
NODE_SEARCHES = COUNTING + """
import ludotheque
from ludotheque.ai import alphabeta, alphabeta_kernels
for ruleset in sys.argv[1:]:
    alphabeta.search(ludotheque.load(ruleset).initial_state(0), seconds=None, depth=2)
(node,) = alphabeta_kernels.node.overloads.values()
linked = sorted(lib.name for lib in node.library._linking_libraries)
print(json.dumps({"node_compiled": compiled.count("node"), "linked": linked}))
"""


def test_the_games_share_one_node_search_that_calls_their_compiled_kernels(tmp_path):
    # the warm-up's largest cost was alpha-beta's node search compiling the whole game again,
    # then one node search a family
    done = _run(tmp_path, "-c", NODE_SEARCHES, RULESET, "konane")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["node_compiled"] == 1
    assert "state_hash" in out["linked"]              # the search's own helpers are linked
    assert not set(out["linked"]) & {"legal", "apply", "to_move", "returns", "evaluate"}


def test_a_corrupt_cache_is_rebuilt_by_the_warmup(tmp_path):
    warm = [ "-m", "ludotheque.cli.main", "warmup", RULESET, "--json", "--jobs", "1"]
    assert _run(tmp_path, *warm).returncode == 0
    files = sorted(tmp_path.rglob("*.nb[ic]"))
    assert files
    for f in files:                                   # a disk that lost the ends of files
        f.write_bytes(f.read_bytes()[: len(f.read_bytes()) // 3])
    again = _run(tmp_path, *warm)
    assert again.returncode == 0, again.stderr
    summary = json.loads(again.stdout)
    assert summary["unreadable_cache_files_dropped"] == len(files)
    after = _run(tmp_path, "-c", COUNT_COMPILES, RULESET)
    assert after.returncode == 0, after.stderr
    assert json.loads(after.stdout) == []             # and the rebuilt cache serves again
    last = _run(tmp_path, *warm)                      # a sound cache is left as it is
    assert last.returncode == 0 and json.loads(last.stdout)["unreadable_cache_files_dropped"] == 0


def test_the_cache_of_other_sources_is_deleted_after_a_week_unused(tmp_path):
    old, recent = tmp_path / "jit-0000000000000000", tmp_path / "jit-1111111111111111"
    for d in (old, recent):
        (d / "numba").mkdir(parents=True)
        (d / "numba" / "x.nbi").write_bytes(b"old")
    week = 8 * 86400
    os.utime(old, (old.stat().st_atime - week, old.stat().st_mtime - week))
    out = _run(tmp_path, "-c", "from ludotheque.core import jit; print(len(jit.prune()))")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1" and not old.exists() and recent.exists()
