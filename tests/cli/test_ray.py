"""Games as Ray tasks give the results of the local pool for the same seeds (on a local 2-CPU
Ray; every Ray started here is shut down)."""
import json
import socket

import pytest
import ray

from ludotheque.ai import arena, selfplay
from ludotheque.cli.main import main

AGENTS = ["random", "greedy", "alphabeta:d2"]


@pytest.fixture(scope="module")
def local_ray():
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.fixture
def ray_waits(monkeypatch):
    """How many finished tasks the run waited for on Ray (proof that games ran there)."""
    calls = []
    wait = ray.wait
    monkeypatch.setattr(ray, "wait", lambda *a, **k: calls.append(1) or wait(*a, **k))
    return calls


def _records(folder):
    return {p.name: p.read_text() for p in folder.glob("*.ogn")}


def test_arena_command_starts_a_local_ray_stops_it_and_matches_the_local_pool(tmp_path, capsys,
                                                                              ray_waits):
    ray.shutdown()                    # the command starts its own Ray (no-op if none is up)
    common = ["arena", "fanorona/telo", "--agents", *AGENTS, "--games", "2", "--seed", "3",
              "--workers", "2", "--json"]
    assert main([*common, "--out", str(tmp_path / "pool")]) == 0
    pool = json.loads(capsys.readouterr().out)
    assert main([*common, "--ray", "--out", str(tmp_path / "ray")]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert not ray.is_initialized() and len(ray_waits) == 6
    assert on_ray == pool and pool["agents"]["greedy"]["games"] == 4
    records = _records(tmp_path / "pool")
    assert len(records) == 6 and _records(tmp_path / "ray") == records


def test_arena_on_ray_plays_the_games_of_one_process(local_ray, ray_waits):
    games = {}
    for where in ("local", "ray"):
        played = games.setdefault(where, {})
        result = arena.run("fanorona/telo", AGENTS, 2, workers=1, seed=11, opening=2,
                           on_game=lambda p, record, returns: played.update({p: record.actions}),
                           ray_address="local" if where == "ray" else None)
        games[where + " result"] = result.to_dict()
    assert ray.is_initialized() and len(ray_waits) == 6   # the Ray that was up, left running
    assert games["ray"] == games["local"] and len(games["local"]) == 6
    assert games["ray result"] == games["local result"]


def test_selfplay_on_ray_writes_the_shards_of_one_process(local_ray, ray_waits, tmp_path):
    local = selfplay.run("fanorona/telo", "mcts:20p", 4, tmp_path / "local", seed=2,
                         games_per_shard=3)
    on_ray = selfplay.run("fanorona/telo", "mcts:20p", 4, tmp_path / "ray", seed=2,
                          games_per_shard=3, ray_address="local")
    assert [p.read_bytes() for p in on_ray] == [p.read_bytes() for p in local]
    assert len(local) == 2 and len(ray_waits) == 4


def test_an_address_where_no_ray_answers_is_a_clear_error(tmp_path, capsys):
    ray.shutdown()                    # else the Ray up in this process would be used
    with socket.socket() as s:                # a port that nothing listens on any more
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["selfplay", "fanorona/telo", "--agent", "random", "--games", "2",
                 "--out", str(tmp_path / "run"), "--ray", f"127.0.0.1:{port}"]) == 2
    assert "no Ray cluster answers" in " ".join(capsys.readouterr().err.split())
    assert not list((tmp_path / "run").glob("*.npz"))
