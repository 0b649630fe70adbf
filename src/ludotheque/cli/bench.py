"""`ludotheque bench`: compiled random playouts per second, one core."""
from __future__ import annotations

import time
from typing import Any

from ..core import registry
from ..core.loops import compiled_loops


MAX_SECONDS = 3600.0        # a ruleset's benchmark: longer would look like a hang


def bench_ruleset(ruleset_id: str, seconds: float, seed: int = 1) -> dict[str, Any]:
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"a benchmark runs a positive number of seconds, at most {MAX_SECONDS:.0f}, "
                         f"not {seconds}")
    game = registry.load(ruleset_id)
    start = game.playout_start()
    loops = compiled_loops(game.kernels)
    s0 = start.data.copy()
    t0 = time.perf_counter()
    loops.random_playouts(s0, game.spec, 1, seed, 0)         # compile (or load the cache)
    compile_seconds = time.perf_counter() - t0
    games = actions = wins0 = wins1 = draws = 0
    batch = 16
    elapsed = 0.0
    while elapsed < seconds:
        t0 = time.perf_counter()
        st = loops.random_playouts(s0, game.spec, batch, seed + games, 0)
        took = time.perf_counter() - t0
        elapsed += took
        games += int(st[0])
        actions += int(st[1])
        wins0, wins1, draws = wins0 + int(st[2]), wins1 + int(st[3]), draws + int(st[4])
        batch = max(1, min(batch * 4, int(batch * 0.25 / max(took, 1e-9))))
    return {
        "ruleset": game.id,
        "playouts": games,
        "seconds": round(elapsed, 3),
        "playouts_per_second": round(games / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
        "mean_game_length": round(actions / games, 2),
        "first_player_wins": wins0,
        "second_player_wins": wins1,
        "draws": draws,
        "compile_seconds": round(compile_seconds, 2),
    }
