"""Batch self-play: shards that load back with the game's shapes, legal actions played,
outcomes for the player who acted, and runs that the seed reproduces byte for byte."""
import json

import numpy as np
import pytest

import ludotheque
from ludotheque.ai import selfplay
from ludotheque.ai.agents import MCTSAgent
from ludotheque.cli.main import main


def _load(path):
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


def test_mcts_shards_hold_observations_masks_visits_and_outcomes(tmp_path):
    game = ludotheque.load("fanorona/telo")
    paths = selfplay.run(game.id, "mcts:30p", 5, tmp_path, seed=4, games_per_shard=2)
    assert [p.name for p in paths] == ["shard-00000.npz", "shard-00001.npz", "shard-00002.npz"]
    shards = [_load(p) for p in paths]
    assert [sorted(set(s["game"].tolist())) for s in shards] == [[0, 1], [2, 3], [4]]
    for s in shards:
        n = len(s["action"])
        assert n > 0 and str(s["ruleset"]) == game.id and str(s["agent"]) == "mcts:30p"
        assert s["observation"].shape == (n, *game.observation_shape)
        assert s["observation"].dtype == np.float32
        assert s["mask"].shape == s["visits"].shape == (n, game.num_actions)
        assert s["mask"][np.arange(n), s["action"]].all()
        assert (s["visits"][~s["mask"]] == 0).all()              # visits only on legal actions
        assert (s["visits"].argmax(axis=1) == s["action"]).all()  # the most visited is played
        assert ((s["outcome"] >= -1) & (s["outcome"] <= 1)).all()
    meta = json.loads((tmp_path / "meta.json").read_text())
    assert meta["examples"] == sum(len(s["action"]) for s in shards) and meta["visits"] is True


def test_examples_replay_the_game_and_outcomes_are_the_final_returns(tmp_path):
    game = ludotheque.load("fanorona/telo")
    (path,) = selfplay.run(game.id, "greedy", 3, tmp_path, seed=9)
    s = _load(path)
    assert "visits" not in s
    for g in range(3):
        rows = s["game"] == g
        state = game.initial_state()
        for obs, mask, action, player in zip(s["observation"][rows], s["mask"][rows],
                                             s["action"][rows], s["player"][rows]):
            assert state.current_player == player
            assert np.array_equal(obs, state.observation_tensor(int(player)))
            assert np.array_equal(mask, state.legal_actions_mask())
            state = state.apply(int(action))
        assert state.is_terminal
        returns = state.returns()
        assert s["outcome"][rows].tolist() == [returns[p] for p in s["player"][rows]]


def test_chance_games_keep_only_the_players_decisions(tmp_path):
    game = ludotheque.load("puluc")
    (path,) = selfplay.run(game.id, "random", 2, tmp_path, seed=1, opening=3)
    s = _load(path)
    assert (s["player"] >= 0).all()
    assert s["mask"][np.arange(len(s["action"])), s["action"]].all()
    assert s["observation"].shape[1:] == game.observation_shape


def test_the_same_seed_writes_identical_shards_in_one_process_or_a_pool(tmp_path):
    runs = [selfplay.run("fanorona/telo", "mcts:20p", 4, tmp_path / name, seed=7,
                         games_per_shard=3, jobs=jobs)
            for name, jobs in (("a", 1), ("b", 1), ("c", 2))]
    first = [p.read_bytes() for p in runs[0]]
    assert all([p.read_bytes() for p in paths] == first for paths in runs[1:])
    other = selfplay.run("fanorona/telo", "mcts:20p", 4, tmp_path / "d", seed=8, games_per_shard=3)
    assert [p.read_bytes() for p in other] != first


def test_selfplay_command_writes_shards_and_prints_a_summary(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["selfplay", "fanorona/telo", "--agent", "random", "--games", "3",
                 "--out", str(out), "--jobs", "1", "--json"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert summary["games"] == 3 and summary["shards"] == ["shard-00000.npz"]
    assert captured.err == ""                      # --json: no progress bar
    assert len(_load(out / "shard-00000.npz")["action"]) == summary["examples"]


@pytest.mark.parametrize("args, message", [
    (["--agent", "mcts:zz"], "unknown agent"),
    (["--agent", "random", "--games", "0"], "at least 1"),
    (["--agent", "random", "--opening", "-1"], "at least 1"),
])
def test_selfplay_bad_arguments_are_clear_errors_that_write_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "run"
    assert main(["selfplay", "fanorona/telo", "--out", str(out), "--jobs", "1",
                 *(["--games", "2"] if "--games" not in args else []), *args]) == 2
    assert message in " ".join(capsys.readouterr().err.split())
    assert not out.exists()


def test_selfplay_refuses_a_folder_that_holds_shards(tmp_path, capsys):
    selfplay.run("fanorona/telo", "random", 1, tmp_path, seed=1)
    before = (tmp_path / "shard-00000.npz").read_bytes()
    assert main(["selfplay", "fanorona/telo", "--agent", "random", "--games", "2",
                 "--out", str(tmp_path), "--seed", "5"]) == 2
    captured = capsys.readouterr()
    assert "already holds shards" in " ".join(captured.err.split()) and captured.out == ""
    assert (tmp_path / "shard-00000.npz").read_bytes() == before


def test_a_puluc_shard_replays_with_its_throws_and_openings(tmp_path):
    game = ludotheque.load("puluc")
    (path,) = selfplay.run(game.id, "greedy", 3, tmp_path, seed=2, opening=4, jobs=1)
    s = _load(path)
    assert s["history_chance"].any()
    for g in range(3):
        history = s["history"][s["history_game"] == g]
        chance = s["history_chance"][s["history_game"] == g]
        rows = np.flatnonzero(s["game"] == g)
        positions = [game.initial_state()]
        for a, is_throw in zip(history, chance):
            assert positions[-1].is_chance_node == is_throw
            positions.append(positions[-1].apply(int(a)))
        for r in rows:                                 # each decision, at its ply
            state = positions[s["ply"][r]]
            assert state.current_player == s["player"][r] and history[s["ply"][r]] == s["action"][r]
            assert np.array_equal(s["observation"][r], state.observation_tensor(int(s["player"][r])))
        assert s["ply"][rows[0]] >= 4                  # after the opening
        assert positions[-1].is_terminal
        returns = positions[-1].returns()
        assert s["outcome"][rows].tolist() == [returns[p] for p in s["player"][rows]]


def test_kept_trees_make_visit_counts_exceed_the_playout_budget(tmp_path):
    (path,) = selfplay.run("oware", "mcts:50p", 1, tmp_path, seed=4, jobs=1)
    s = _load(path)
    searched = s["mask"].sum(axis=1) > 1
    sums = s["visits"][searched].sum(axis=1)
    assert sums.min() >= 49 and sums.max() > 50        # the kept subtree's visits count too


def test_new_visits_are_this_moves_playouts_beside_the_kept_subtree_s(tmp_path):
    (path,) = selfplay.run("oware", "mcts:50p", 1, tmp_path, seed=4, jobs=1)
    s = _load(path)
    searched = s["playouts"] > 0
    assert (searched == (s["mask"].sum(axis=1) > 1)).all()  # forced actions are not searched
    assert (s["playouts"][searched] == 50).all()
    new = s["new_visits"][searched].sum(axis=1)
    # every playout adds a visit to a root action, but the one that expands a new root
    assert set((s["playouts"][searched] - new).tolist()) <= {0.0, 1.0} and (new == 50).any()
    assert (s["new_visits"] <= s["visits"]).all() and (s["new_visits"] >= 0).all()
    assert (s["visits"] > s["new_visits"]).any()           # inherited visits, not new ones


def test_no_reuse_searches_a_fresh_tree_every_move(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["selfplay", "oware", "--agent", "mcts:50p", "--games", "1", "--out", str(out),
                 "--jobs", "1", "--seed", "4", "--no-reuse", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reuse"] is False
    s = _load(out / "shard-00000.npz")
    searched = s["playouts"] > 0
    assert (s["visits"] == s["new_visits"]).all()
    assert (s["visits"][searched].sum(axis=1) == 49).all()  # the first playout expands the root
    kept = _load(selfplay.run("oware", "mcts:50p", 1, tmp_path / "kept", seed=4)[0])
    assert kept["visits"].sum() > s["visits"].sum()


def test_the_value_is_the_search_s_for_the_player_to_move(tmp_path):
    (path,) = selfplay.run("fanorona/telo", "mcts:30p", 2, tmp_path, seed=4, jobs=1)
    s = _load(path)
    searched = s["playouts"] > 0
    assert np.isnan(s["value"][~searched]).all()
    assert ((s["value"][searched] >= -1) & (s["value"][searched] <= 1)).all()
    # Fanoron-Telo is a first-player win (the solver's value 1), lost after 'b1-b2A'
    start = ludotheque.load("fanorona/telo").initial_state()
    agent = MCTSAgent(playouts=3000, seconds=None, seed=1, reuse=False)
    assert agent.decide(start).value > 0.5
    assert agent.decide(start.apply(start.parse_move("b1-b2A"))).value > 0.5
    assert agent.decide(start.apply(start.parse_move("c2-b2A"))).value < -0.5
